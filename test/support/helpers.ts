/** Shared test helpers: temporary workspaces, vaults, and the built CLI. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after } from 'node:test';
import { fixedClock } from '../../src/core/shared/clock';
import { compressBeforeWrite } from '../../src/core/compress/compress';
import { initVault } from '../../src/core/init/scaffold';
import { type Vault, openVault } from '../../src/core/vault/layout';
import { type WriteRequest, writeMemory } from '../../src/core/memory/write';
import { childProcess } from '../../src/core/shared/nodeLazy';

/**
 * Every entry records its author (docs/memory.md#authors): tests write as one fixed person on one
 * fixed machine, whatever the machine's git identity, so lines read the same everywhere.
 */
export const TEST_AUTHOR = { name: 'Tess Tester', machine: 'testbox' };
export const BY = `[by ${TEST_AUTHOR.name} on ${TEST_AUTHOR.machine}] `;
process.env.CORESOUL_AUTHOR ??= TEST_AUTHOR.name;
process.env.CORESOUL_MACHINE ??= TEST_AUTHOR.machine;

export const REPO = path.resolve(__dirname, '../..');
export const CLI = path.join(REPO, 'dist/cli.js');

const made: string[] = [];
after(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** A fresh empty folder, removed when the test file ends. */
export function tempDir(prefix = 'coresoul-'): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(d);
  return d;
}

/** A workspace with an initialised vault (no git unless asked), its clock set to `now`. */
export async function tempVault(now = '2026-03-10T09:00:00', opts: { git?: boolean } = {}): Promise<Vault> {
  const root = tempDir();
  await initVault(root, { clock: fixedClock(now), git: opts.git ?? false });
  return openVault(root);
}

/** Writes one memory at `at` through the core, with the real compression hook. */
export function writeAt(v: Vault, at: string, req: WriteRequest | string) {
  return writeMemory(v, typeof req === 'string' ? { text: req } : req, {
    clock: fixedClock(at),
    compress: compressBeforeWrite,
  });
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/**
 * Runs the built `dist/cli.js` (npm test builds it first), without the warm search server
 * unless `env` asks for it (searchServer.test.ts), so that tests leave no process behind.
 * Started as the product starts processes (shared/nodeLazy.ts): a vault lock this process keeps
 * after writing through the core is let go first, as the CLI may need it.
 */
export function cli(args: string[], opts: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}): CliRun {
  const r = childProcess().spawnSync(process.execPath, [CLI, ...args], {
    cwd: opts.cwd,
    input: opts.input,
    encoding: 'utf8',
    env: { ...process.env, CORESOUL_NOW: '', CORESOUL_SEARCH_SERVER: '0', ...opts.env },
  });
  let json: unknown;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = undefined;
  }
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, json };
}

export const read = (...p: string[]) => fs.readFileSync(path.join(...p), 'utf8');

/**
 * Every file under `dir` (relative paths → content), to prove that a failed call changed
 * nothing. Leaves out `.git` and the vault lock (`.lock`, kept until the run of writes that took
 * it ends) with its per-process anchor (`.lock.<pid>`): local state.
 */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== '.git') walk(p);
      } else if (!/^\.lock(\.\d+)?$/.test(e.name)) out[path.relative(dir, p)] = fs.readFileSync(p, 'latin1');
    }
  };
  walk(dir);
  return out;
}

/**
 * The vault's git history as one file, for pack and restore (docs/pack.md).
 *
 * `git bundle create` is not byte-stable: its pack reuses whatever deltas the repository's
 * own packs hold (they change with `git gc`) and searches new ones on several threads. So
 * the bundle is assembled here in the documented v2/v3 bundle format from a pack made with one
 * thread, fixed delta and compression settings and no reuse: the same commits give the same
 * bytes. `git bundle verify`, `git clone` and `git fetch` read it like any other bundle.
 */
import * as fs from 'node:fs';
import { refusedError, vaultError } from '../shared/errors';
import { initHistory, vaultGitEnv } from '../vault/history';
import type { Vault } from '../vault/layout';
import { childProcess } from '../shared/nodeLazy';

export interface BundleInfo {
  /** The ref HEAD pointed at, or a commit id when HEAD was detached. */
  head: string;
  /** Commits reachable from HEAD. */
  commits: number;
}

const PACK_SETTINGS = ['pack.compression=9', 'core.compression=9', 'pack.threads=1', 'pack.window=10', 'pack.depth=50', 'pack.windowMemory=0', 'core.bigFileThreshold=512m'];

/** The refs and HEAD of the vault repository at one moment; `head` is undefined before the first commit. */
export interface HistoryTips {
  refs: { id: string; name: string }[];
  head?: { id: string; ref?: string };
  objectFormat: string;
}

/**
 * Reads the tips synchronously, so that pack can take them under the vault lock together with
 * the files: a commit made while the bundle is written is not half in the archive.
 */
export function historyTips(v: Vault): HistoryTips {
  const sync = (args: string[]) => {
    const r = childProcess().spawnSync('git', args, { cwd: v.soulDir, env: vaultGitEnv(), encoding: 'utf8' });
    if (r.error) throw vaultError(`cannot run git (${r.error.message.split('\n')[0]}); install git, or pack with --no-history`);
    return r.status === 0 ? r.stdout.trim() : undefined;
  };
  const refs = (sync(['for-each-ref', '--format=%(objectname) %(refname)']) ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ id: line.slice(0, line.indexOf(' ')), name: line.slice(line.indexOf(' ') + 1) }))
    .sort((a, b) => cmp(a.name, b.name));
  const id = sync(['rev-parse', '-q', '--verify', 'HEAD^{commit}']);
  const ref = sync(['symbolic-ref', '-q', 'HEAD']);
  return { refs, ...(id && { head: { id, ...(ref && { ref }) } }), objectFormat: sync(['rev-parse', '--show-object-format']) ?? 'sha1' };
}

/** Writes the history up to `tips` to `file`; undefined (nothing written) when it has no commits yet. */
export async function writeHistoryBundle(v: Vault, tips: HistoryTips, file: string): Promise<BundleInfo | undefined> {
  const { refs, head, objectFormat } = tips;
  if (!head) return undefined;
  const header = [
    objectFormat === 'sha1' ? '# v2 git bundle' : `# v3 git bundle\n@object-format=${objectFormat}`,
    ...refs.map((r) => `${r.id} ${r.name}`),
    `${head.id} HEAD`,
    '',
    '',
  ].join('\n');
  fs.writeFileSync(file, header);
  const fd = fs.openSync(file, 'a');
  try {
    await run(v.soulDir, [...PACK_SETTINGS.flatMap((s) => ['-c', s]), 'pack-objects', '--stdout', '--revs', '--no-reuse-delta', '--no-reuse-object', '--delta-base-offset', '-q'], {
      stdin: `${[...new Set([...refs.map((r) => r.id), head.id])].join('\n')}\n`,
      stdout: fd,
    });
  } finally {
    fs.closeSync(fd);
  }
  const commits = Number((await run(v.soulDir, ['rev-list', '--count', head.id])).trim());
  return { head: head.ref ?? head.id, commits };
}

/**
 * Gives a restored vault (its files already in place) the history of `bundle`: a new
 * `.CoreSoul/.git` with every ref of the bundle, HEAD where it was, and an index that matches
 * HEAD, so `git status` shows exactly what was uncommitted when the vault was packed.
 */
export async function restoreHistoryBundle(v: Vault, bundle: string, head: string): Promise<number> {
  await initHistory(v);
  try {
    await fetchBundle(v, bundle, 'refs/*:refs/*');
    if (head.startsWith('refs/')) await run(v.soulDir, ['symbolic-ref', 'HEAD', head]);
    else await run(v.soulDir, ['update-ref', '--no-deref', 'HEAD', head]);
    await run(v.soulDir, ['reset', '-q']);
    return Number((await run(v.soulDir, ['rev-list', '--count', 'HEAD'])).trim());
  } catch (err) {
    // git itself runs (init worked): the bundle or the head it names is at fault.
    throw refusedError(`unsafe archive: its history cannot be restored (${(err as Error).message})`);
  }
}

/** Keeps an archive's history in a vault that has its own: its refs go under `refs/restored/`. */
export async function fetchBundleAside(v: Vault, bundle: string): Promise<void> {
  await fetchBundle(v, bundle, 'refs/*:refs/restored/*');
}

async function fetchBundle(v: Vault, bundle: string, refspec: string): Promise<void> {
  // fsck: the bundle comes from an archive, so its objects are checked like any fetched ones.
  await run(v.soulDir, ['-c', 'transfer.fsckObjects=true', 'fetch', '-q', '--no-tags', '--update-head-ok', bundle, refspec]);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Runs git in `cwd` with binary-safe output (a pack goes straight to a file descriptor). */
function run(cwd: string, args: string[], opts: { stdin?: string; stdout?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = childProcess().spawn('git', args, { cwd, env: vaultGitEnv(), stdio: [opts.stdin === undefined ? 'ignore' : 'pipe', opts.stdout ?? 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr!.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => reject(vaultError(`cannot run git (${e.message.split('\n')[0]}); install git, or pack with --no-history`)));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else {
        const name = args.find((a, i) => !a.startsWith('-') && args[i - 1] !== '-c');
        reject(vaultError(`git ${name} failed in ${cwd}: ${Buffer.concat(err).toString('utf8').trim().split('\n')[0] || `exit ${code}`}`));
      }
    });
    if (opts.stdin !== undefined) {
      child.stdin!.on('error', () => {}); // git's exit status tells what went wrong
      child.stdin!.end(opts.stdin);
    }
  });
}

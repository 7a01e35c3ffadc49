/**
 * `coresoul sync` against plain `git pull && git push` of the same repositories, in the same run
 * (docs/sync.md#what-it-costs). Two machines share a bare repository; both wrote the same day
 * (entries and entity notes), the first has pushed; the second's sync is timed: fetch, merge,
 * push. The reference does the same with git alone and git's own `union` merge driver for every
 * file (the nearest git has to a merge that keeps both sides). Two vaults: one day of entries on
 * a new vault, and a year-old vault (a year of days, compressed week by week into L2 and L3, one
 * commit a day). Each timed run starts from a fresh copy of the prepared repositories.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { addDays, fixedClock } from '../src/core/shared/clock';
import { compressBeforeWrite } from '../src/core/compress/compress';
import { commitVault } from '../src/core/vault/history';
import { type Vault, openVault } from '../src/core/vault/layout';
import { writeMemory } from '../src/core/memory/write';
import { benchDir, cliEnv, cliEnvNote, ms, percentile, timeProcess } from './util';

const CLI = path.resolve(__dirname, '../dist/cli.js');
const ROUNDS = 5;
const ENTRIES_PER_SIDE = 200;
const YEAR_ENTRIES_PER_DAY = 12;

const run = (args: string[], cwd?: string) => execFileSync(process.execPath, [CLI, ...args], { cwd, env: cliEnv, stdio: 'pipe' });
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: cliEnv, stdio: 'pipe' }).toString();

const write = (v: Vault, at: string, text: string) => writeMemory(v, { text }, { clock: fixedClock(at), compress: compressBeforeWrite });
const at = (day: string, seconds: number) => `${day}T${new Date(Date.UTC(2026, 0, 1, 8, 0, seconds)).toISOString().slice(11, 19)}`;

/** A bare remote and two workspaces sharing it; `history` fills the first before the second joins. */
async function prepare(name: string, history: (v: Vault) => Promise<string>): Promise<{ dir: string; day: string }> {
  const dir = benchDir(`sync-${name}`);
  git(dir, 'init', '-q', '--bare', 'remote.git');
  for (const m of ['a', 'b']) fs.mkdirSync(path.join(dir, m));
  run(['init', '--root', 'a', '--now', '2025-03-03T08:00:00'], dir);
  const day = await history(openVault(path.join(dir, 'a')));
  run(['sync', '--remote', 'remote.git', '--root', 'a'], dir);
  run(['sync', '--remote', 'remote.git', '--root', 'b'], dir);
  // Both write the same day; a publishes first.
  const [a, b] = ['a', 'b'].map((m) => openVault(path.join(dir, m)));
  for (let i = 0; i < ENTRIES_PER_SIDE; i++) {
    write(a, at(day, i * 20), `A ${i}: worked on [[Atlas]] with [[Alice]]`);
    write(b, at(day, i * 20 + 7), `B ${i}: reviewed [[Atlas]] with [[Bob]]`);
  }
  await commitVault(a, 'memory: a day on a');
  await commitVault(b, 'memory: a day on b');
  run(['sync', '--root', 'a'], dir);
  return { dir, day };
}

/** A year of days before `2026-03-02`, compressed as the weekly writes go, one commit a day. */
async function aYear(v: Vault): Promise<string> {
  let day = '2025-03-03';
  for (let d = 0; d < 364; d++, day = addDays(day, 1)) {
    for (let i = 0; i < YEAR_ENTRIES_PER_DAY; i++) write(v, at(day, i * 300), `day ${d} entry ${i} about [[Topic${(d + i) % 60}]] and [[Person${i % 12}]]`);
    await commitVault(v, `memory: ${day}`);
  }
  return day;
}

/** Times one sync (or the git reference) on a fresh copy of the prepared repositories. */
function timed(prepared: string, how: 'coresoul' | 'git'): number {
  const copy = benchDir('sync-run');
  fs.cpSync(prepared, copy, { recursive: true });
  const b = path.join(copy, 'b');
  const remote = path.join(copy, 'remote.git');
  git(path.join(b, '.CoreSoul'), 'remote', 'set-url', 'origin', remote);
  if (how === 'git') {
    fs.writeFileSync(path.join(b, '.CoreSoul/.git/info/attributes'), '* merge=union\n');
  }
  const ms =
    how === 'coresoul'
      ? timeProcess(process.execPath, [CLI, 'sync', '--root', b])
      : timeProcess('sh', ['-c', 'git pull -q --no-rebase --no-edit origin HEAD && git push -q origin HEAD'], { cwd: path.join(b, '.CoreSoul') });
  const head = git(path.join(b, '.CoreSoul'), 'rev-parse', 'HEAD');
  if (git(remote, 'rev-parse', 'HEAD') !== head) throw new Error(`${how}: the remote did not get the merge`);
  fs.rmSync(copy, { recursive: true, force: true });
  return ms;
}

export default async function () {
  const cases = [
    { name: 'one day of entries', prepared: await prepare('day', async () => '2025-03-04') },
    { name: 'a year-old vault', prepared: await prepare('year', aYear) },
  ];
  for (const c of cases) {
    const files = git(path.join(c.prepared.dir, 'a', '.CoreSoul'), 'ls-files').split('\n').length - 1;
    const commits = git(path.join(c.prepared.dir, 'a', '.CoreSoul'), 'rev-list', '--count', 'HEAD').trim();
    const sync: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      sync.push(timed(c.prepared.dir, 'coresoul'));
      plain.push(timed(c.prepared.dir, 'git'));
    }
    const [s, p] = [percentile(sync, 50), percentile(plain, 50)];
    console.log(
      `${c.name} (${files} files, ${commits} commits; ${ENTRIES_PER_SIDE} entries on each side of one day): coresoul sync p50 ${ms(s)}; ` +
        `git pull && git push (union driver) p50 ${ms(p)}; ratio ${(s / p).toFixed(2)}×, medians of ${ROUNDS}`,
    );
    fs.rmSync(c.prepared.dir, { recursive: true, force: true });
  }
  if (cliEnvNote) console.log(cliEnvNote);
}

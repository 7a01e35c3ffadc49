/**
 * T1.1 and the write path: 1000 writes tagged with one entity, against a raw appendFileSync
 * loop doing the same appends (day file + entity file) in the same run; and a whole CLI
 * `write` / `status` call against a bare `node -e 0` start.
 *
 * Fair on a shared machine: the write path runs as shipped (see `shipped`); unmeasured rounds
 * first let the JIT settle (the write path keeps getting faster for about 6000 calls); within a
 * round the two loops take turns every CHUNK iterations, so a burst of load from elsewhere lands
 * on both; figures are medians of ROUNDS. Each round starts from a new vault, so its first write
 * also adds the day and the entity to memory_map (an fsync'ed rewrite), as a day's first does.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { fixedClock } from '../src/core/shared/clock';
import type { compress } from '../src/core/compress/compress';
import type { initVault } from '../src/core/init/scaffold';
import type { openVault } from '../src/core/vault/layout';
import type { writeMemory } from '../src/core/memory/write';
import { benchDir, cliEnvNote, ms, percentile, shipped, timeProcess } from './util';

const N = 1000;
const ROUNDS = 9;
const WARM_UP_ROUNDS = 6;
const CHUNK = 50;
const CLI = path.resolve(__dirname, '../dist/cli.js');

const core = shipped<{
  fixedClock: typeof fixedClock;
  compress: typeof compress;
  initVault: typeof initVault;
  openVault: typeof openVault;
  writeMemory: typeof writeMemory;
}>(
  'write-path',
  `export { fixedClock } from './src/core/shared/clock';
   export { compress } from './src/core/compress/compress';
   export { initVault } from './src/core/init/scaffold';
   export { openVault } from './src/core/vault/layout';
   export { writeMemory } from './src/core/memory/write';`,
);

const since = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;

interface Round {
  write: number;
  raw: number;
  first: number;
  root: string;
  tags: number;
}

/** One round: N writes through the core and, taking turns with them, the same appends done raw. */
async function round(): Promise<Round> {
  const clock = core.fixedClock('2026-03-10T09:00:00');
  const root = benchDir('write');
  await core.initVault(root, { clock, git: false });
  const v = core.openVault(root);
  const deps = { clock, compress: (vault: typeof v, now: Date) => core.compress(vault, { now }) };
  const rawDir = benchDir('raw');
  let [write, raw, first] = [0, 0, 0];
  for (let start = 0; start < N; start += CHUNK) {
    const end = Math.min(N, start + CHUNK);
    let t = process.hrtime.bigint();
    for (let i = start; i < end; i++) {
      fs.appendFileSync(path.join(rawDir, 'day.md'), `- 09:00:00 entry ${i} about [[Kubernetes]]\n`);
      fs.appendFileSync(path.join(rawDir, 'entity.md'), `- [[2026-03-10]] 09:00:00 entry ${i} about [[Kubernetes]]\n`);
    }
    raw += since(t);
    t = process.hrtime.bigint();
    for (let i = start; i < end; i++) {
      core.writeMemory(v, { text: `entry ${i} about [[Kubernetes]]` }, deps);
      if (i === 0) first = since(t);
    }
    write += since(t);
  }
  const entity = fs.readFileSync(path.join(v.entitiesDir, 'objects', 'Kubernetes.md'), 'utf8');
  return { write, raw, first, root, tags: entity.split('\n').filter((l) => l.startsWith('- [[2026-03-10]]')).length };
}

export default async function () {
  for (let i = 0; i < WARM_UP_ROUNDS; i++) await round();
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round());
  const median = (pick: (r: Round) => number) => percentile(rounds.map(pick), 50);
  const [write, raw, ratio, first] = [median((r) => r.write), median((r) => r.raw), median((r) => r.write / r.raw), median((r) => r.first)];
  console.log(
    `${N} writes with one entity: ${ms(write)} (target ≤ 500 ms); raw appendFileSync loop: ${ms(raw)}; ratio ${ratio.toFixed(2)}× (target ≤ 3×), ` +
      `medians of ${ROUNDS} rounds; the first write of a round (new day and entity in memory_map): ${ms(first)}`,
  );
  const last = rounds[rounds.length - 1];
  console.log(`T1.1: ${last.tags} date tags appended for ${N} writes, 0 model calls`);

  // Whole CLI calls on the vault just written, against Node's own start-up.
  const runs = 10;
  const bare = percentile(Array.from({ length: runs }, () => timeProcess(process.execPath, ['-e', '0'])), 50);
  const cliWrite = percentile(
    Array.from({ length: runs }, (_, i) => timeProcess(process.execPath, [CLI, 'write', `cli entry ${i} [[Kubernetes]]`, '--root', last.root, '--now', '2026-03-10T10:00:00'])),
    50,
  );
  const status = percentile(Array.from({ length: runs }, () => timeProcess(process.execPath, [CLI, 'status', '--root', last.root])), 50);
  console.log(`CLI write p50 ${ms(cliWrite)}, status p50 ${ms(status)} (target ≤ 150 ms); bare node start ${ms(bare)}; write/bare ${(cliWrite / bare).toFixed(2)}×`);
  if (cliEnvNote) console.log(cliEnvNote);
}

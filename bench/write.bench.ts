/**
 * T1.1 and the write path: 1000 writes tagged with one entity, against a raw appendFileSync
 * loop doing the same appends (day file + entity file) in the same run; and a whole CLI
 * `write` / `status` call against a bare `node -e 0` start.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixedClock } from '../src/core/clock';
import { compress } from '../src/core/compress';
import { initVault } from '../src/core/scaffold';
import { openVault } from '../src/core/vault';
import { writeMemory } from '../src/core/write';
import { benchDir, ms, percentile, timeProcess } from './util';

const N = 1000;
const CLI = path.resolve(__dirname, '../dist/cli.js');

/** Appends what one write appends, with nothing else: the reference. */
function rawLoop(dir: string, n: number): number {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    fs.appendFileSync(path.join(dir, 'day.md'), `- 09:00:00 entry ${i} about [[Kubernetes]]\n`);
    fs.appendFileSync(path.join(dir, 'entity.md'), `- [[2026-03-10]] 09:00:00 entry ${i} about [[Kubernetes]]\n`);
  }
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function writeLoop(n: number): Promise<{ ms: number; root: string; tags: number }> {
  const clock = fixedClock('2026-03-10T09:00:00');
  const root = benchDir('write');
  await initVault(root, { clock, git: false });
  const v = openVault(root);
  const deps = { clock, compress: (vault: typeof v, now: Date) => compress(vault, { now }) };
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) writeMemory(v, { text: `entry ${i} about [[Kubernetes]]` }, deps);
  const elapsed = Number(process.hrtime.bigint() - t) / 1e6;
  const entity = fs.readFileSync(path.join(v.entitiesDir, 'objects', 'Kubernetes.md'), 'utf8');
  return { ms: elapsed, root, tags: entity.split('\n').filter((l) => l.startsWith('- [[2026-03-10]]')).length };
}

export default async function () {
  // Warm both paths up first, then alternate rounds and keep the medians.
  rawLoop(benchDir('raw'), 200);
  await writeLoop(200);
  const raws: number[] = [];
  const cores: number[] = [];
  let last = { ms: 0, root: '', tags: 0 };
  for (let round = 0; round < 5; round++) {
    raws.push(rawLoop(benchDir('raw'), N));
    last = await writeLoop(N);
    cores.push(last.ms);
  }
  const raw = percentile(raws, 50);
  const core = percentile(cores, 50);
  const root = last.root;
  console.log(`${N} writes with one entity: ${ms(core)} (target ≤ 500 ms); raw appendFileSync loop: ${ms(raw)}; ratio ${(core / raw).toFixed(2)}× (target ≤ 3×), medians of 5 rounds`);
  console.log(`T1.1: ${last.tags} date tags appended for ${N} writes, 0 model calls`);

  // Whole CLI calls on the vault just written, against Node's own start-up.
  const runs = 10;
  const bare = percentile(Array.from({ length: runs }, () => timeProcess(process.execPath, ['-e', '0'])), 50);
  const write = percentile(
    Array.from({ length: runs }, (_, i) => timeProcess(process.execPath, [CLI, 'write', `cli entry ${i} [[Kubernetes]]`, '--root', root, '--now', '2026-03-10T10:00:00'])),
    50,
  );
  const status = percentile(Array.from({ length: runs }, () => timeProcess(process.execPath, [CLI, 'status', '--root', root])), 50);
  console.log(`CLI write p50 ${ms(write)}, status p50 ${ms(status)} (target ≤ 150 ms); bare node start ${ms(bare)}; write/bare ${(write / bare).toFixed(2)}×`);
}

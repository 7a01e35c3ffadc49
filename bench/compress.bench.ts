/**
 * Weekly compression of a vault left alone for a year: 364 L1 days of ≈ 50 entries each
 * (generated once into .bench-cache/), compressed in one run by the deterministic summariser
 * (target ≤ 5 s). Reference, measured in the same run on a copy of the same vault: reading every
 * day file and atomically writing it back, the file work compression cannot avoid.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { addDays, fixedClock, parseNow } from '../src/core/shared/clock';
import { compress } from '../src/core/compress/compress';
import { atomicWrite } from '../src/core/shared/fs';
import { emptyMemoryMap, writeMemoryMap } from '../src/core/vault/memoryMap';
import { initVault } from '../src/core/init/scaffold';
import { type Vault, dayFile, openVault } from '../src/core/vault/layout';
import { benchDir, ms } from './util';

const FIRST_DAY = '2025-03-10';
const DAYS = 364;
const ENTRIES_PER_DAY = 50;
const NOW = '2026-03-10T09:00:00'; // the Tuesday after the last generated Sunday
const CACHE = path.resolve(__dirname, '../.bench-cache/compress-year-v3');
const RUNS = 3;

export default async function () {
  const template = await yearOfL1();
  const dayFiles = fs.readdirSync(path.join(template, '.CoreSoul/memory/chronological'));
  const bytesBefore = folderBytes(path.join(template, '.CoreSoul/memory/chronological'));

  const reference: number[] = [];
  const times: number[] = [];
  let report: ReturnType<typeof compress> | undefined;
  let bytesAfter = 0;
  for (let i = 0; i < RUNS; i++) {
    const ref = copyOf(template, 'compress-ref');
    const t0 = process.hrtime.bigint();
    for (const f of dayFiles) {
      const file = path.join(ref.chronoDir, f);
      atomicWrite(file, fs.readFileSync(file, 'utf8'));
    }
    reference.push(Number(process.hrtime.bigint() - t0) / 1e6);

    const v = copyOf(template, 'compress');
    const t1 = process.hrtime.bigint();
    report = compress(v, { now: parseNow(NOW) });
    times.push(Number(process.hrtime.bigint() - t1) / 1e6);
    bytesAfter = folderBytes(v.chronoDir);
    fs.rmSync(ref.root, { recursive: true, force: true });
    fs.rmSync(v.root, { recursive: true, force: true });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [t, r] = [median(times), median(reference)];
  console.log(
    `one year of L1 (${DAYS} days × ${ENTRIES_PER_DAY} entries, ${(bytesBefore / 1e6).toFixed(1)} MB) → ` +
      `${report!.l1ToL2.length} days to L2, ${report!.l2ToL3.length} to L3, ${report!.linksChecked} links checked, ${report!.linksLost} lost, ` +
      `${(bytesAfter / 1e6).toFixed(1)} MB after (${((100 * bytesAfter) / bytesBefore).toFixed(0)}%)`,
  );
  console.log(`compress p50 of ${RUNS}: ${ms(t)} (target ≤ 5000 ms); reference read + atomic write of every day file: ${ms(r)}; ratio ${(t / r).toFixed(2)}×`);
}

/** The generated vault (cached): L1 day files listed in memory_map, never compressed. */
async function yearOfL1(): Promise<string> {
  if (fs.existsSync(path.join(CACHE, '.CoreSoul/memory/memory_map.md'))) return CACHE;
  fs.rmSync(CACHE, { recursive: true, force: true });
  fs.mkdirSync(CACHE, { recursive: true });
  await initVault(CACHE, { clock: fixedClock(`${FIRST_DAY}T08:00:00`), git: false });
  const v = openVault(CACHE);
  let seed = 42; // mulberry32: the same vault on every machine
  const rand = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
  const entities = ['Kubernetes', 'Postgres', 'Alice', 'Bob', 'Billing Service', 'CI', 'Redis', 'Roadmap', '日本語メモ', 'Parser'];
  const words = 'the build cache deploy review test query index latency migration rollback schema token budget release'.split(' ');
  const days: Record<string, { level: 'L1'; file: string }> = {};
  for (let d = 0; d < DAYS; d++) {
    const day = addDays(FIRST_DAY, d);
    const seconds = Array.from({ length: ENTRIES_PER_DAY }, () => 8 * 3600 + rand(12 * 3600)).sort((a, b) => a - b);
    const lines = seconds.map((s) => {
      const time = [s / 3600, (s / 60) % 60, s % 60].map((n) => String(Math.floor(n)).padStart(2, '0')).join(':');
      const kind = rand(10) === 0 ? ['#decision ', '#error ', '#correction '][rand(3)] : '';
      const text = Array.from({ length: 8 + rand(20) }, () => words[rand(words.length)]).join(' ');
      const link = rand(3) === 0 ? ` with [[${entities[rand(entities.length)]}]]` : '';
      const figure = rand(4) === 0 ? ` in ${rand(900)} ms` : '';
      return `- ${time} ${kind}${text}${link}${figure}\n`;
    });
    fs.writeFileSync(dayFile(v, day), `# ${day}\n\n${lines.join('')}`);
    days[day] = { level: 'L1', file: `chronological/${day}.md` };
  }
  writeMemoryMap(v, { ...emptyMemoryMap(FIRST_DAY), days });
  return CACHE;
}

function copyOf(template: string, name: string): Vault {
  const dir = benchDir(name);
  fs.cpSync(template, dir, { recursive: true });
  return openVault(dir);
}

function folderBytes(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) n += fs.statSync(path.join(e.parentPath, e.name)).size;
  }
  return n;
}

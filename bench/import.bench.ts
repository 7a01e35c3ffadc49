/**
 * `npm run bench import` (docs/import.md): moving in a 10,000-observation MCP memory file and a
 * year of OpenClaw daily logs (365 files), each into a new vault with its git history, as
 * `coresoul import` does (read, plan, redact, write, one commit) — against just reading the same
 * files (fs.readFile + JSON.parse of every line, or readdir + readFile + a line split) in the
 * same run. Then the same import again, where everything is merged and nothing written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { fixedClock } from '../src/core/shared/clock';
import type { initVault } from '../src/core/init/scaffold';
import type { openVault } from '../src/core/vault/layout';
import type { importMemories } from '../src/core/interop/importMemories';
import { benchDir, ms, shipped } from './util';

const OBSERVATIONS = 10_000;
const PER_ENTITY = 20;
const DAYS = 365;
const LINES_PER_DAY = 12;
const NOW = '2026-03-10T09:00:00';

const core = shipped<{ fixedClock: typeof fixedClock; initVault: typeof initVault; openVault: typeof openVault; importMemories: typeof importMemories }>(
  'import-path',
  `export { fixedClock } from './src/core/shared/clock';
   export { initVault } from './src/core/init/scaffold';
   export { openVault } from './src/core/vault/layout';
   export { importMemories } from './src/core/interop/importMemories';`,
);

const since = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const TYPES = ['person', 'project', 'tool', 'city', 'meeting'];

function mcpMemoryFile(dir: string): string {
  const lines: string[] = [];
  const entities = OBSERVATIONS / PER_ENTITY;
  for (let e = 0; e < entities; e++) {
    const observations = Array.from({ length: PER_ENTITY }, (_, k) => `Observation ${k} about entity ${e}: worked on release ${e % 17}.${k} with the team`);
    lines.push(JSON.stringify({ type: 'entity', name: `Entity ${e}`, entityType: TYPES[e % TYPES.length], observations }));
  }
  for (let e = 1; e < entities; e += 5) lines.push(JSON.stringify({ type: 'relation', from: `Entity ${e}`, to: `Entity ${e - 1}`, relationType: 'works_with' }));
  const file = path.join(dir, 'memory.jsonl');
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function openClawWorkspace(dir: string): string {
  const ws = path.join(dir, 'workspace');
  fs.mkdirSync(path.join(ws, 'memory'), { recursive: true });
  fs.writeFileSync(path.join(ws, 'USER.md'), '# USER.md\n\n- **Name**: Dana\n- I prefer short answers with code first.\n');
  const start = Date.UTC(2025, 2, 1);
  for (let d = 0; d < DAYS; d++) {
    const day = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    const lines = Array.from({ length: LINES_PER_DAY }, (_, k) => `- ${String(8 + k).padStart(2, '0')}:${String((d * 7 + k) % 60).padStart(2, '0')} Worked on [[Project ${d % 9}]] step ${k} of day ${d}`);
    fs.writeFileSync(path.join(ws, 'memory', `${day}.md`), `# ${day}\n\n${lines.join('\n')}\n`);
  }
  return ws;
}

function readMcp(file: string): number {
  let n = 0;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) if (line.trim()) n += (JSON.parse(line) as { observations?: string[] }).observations?.length ?? 1;
  return n;
}

function readLogs(ws: string): number {
  let n = 0;
  for (const f of fs.readdirSync(path.join(ws, 'memory'))) n += fs.readFileSync(path.join(ws, 'memory', f), 'utf8').split('\n').filter((l) => l.startsWith('- ')).length;
  return n;
}

async function case_(name: string, source: string, read: () => number): Promise<void> {
  const t0 = process.hrtime.bigint();
  const items = read();
  const reading = since(t0);
  const root = benchDir('import');
  const clock = core.fixedClock(NOW);
  await core.initVault(root, { clock, git: true });
  const v = core.openVault(root);
  const t1 = process.hrtime.bigint();
  const first = await core.importMemories(v, source, { clock });
  const importing = since(t1);
  const t2 = process.hrtime.bigint();
  const again = await core.importMemories(v, source, { clock });
  const reimporting = since(t2);
  const f = first.formats[0];
  console.log(`${name}: ${items} items in the source files`);
  console.log(`  reading the files (reference)     ${ms(reading)}`);
  console.log(`  import into a new vault           ${ms(importing)}  (${(importing / reading).toFixed(0)}× reading; ${(importing / f.imported).toFixed(3)} ms per entry; ${f.imported} imported, ${f.merged} merged, ${f.skipped.length} skipped, committed ${first.committed})`);
  console.log(`  the same import again             ${ms(reimporting)}  (${(reimporting / reading).toFixed(0)}× reading; ${again.formats[0].imported} imported, ${again.formats[0].merged} merged)`);
  fs.rmSync(root, { recursive: true, force: true });
}

export default async function bench(): Promise<void> {
  const dir = benchDir('import-src');
  const file = mcpMemoryFile(dir);
  const ws = openClawWorkspace(dir);
  await case_(`MCP memory (${OBSERVATIONS} observations)`, file, () => readMcp(file));
  await case_(`OpenClaw (${DAYS} daily logs)`, ws, () => readLogs(ws));
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * The Vault tree on a large vault (3 years of days, 20,000 entities; cached in .bench-cache/):
 * what activation does (probe the vault), the first render (root with counts), opening the
 * largest list, and the update after one new entity, each against the raw `readdirSync` of the
 * same folders measured in the same run. Activation must not grow with the vault.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { addDays, fixedClock } from '../src/core/shared/clock';
import { type DayEntry, emptyMemoryMap, writeMemoryMap } from '../src/core/vault/memoryMap';
import { initVault } from '../src/core/init/scaffold';
import { ENTITY_KINDS, openVault } from '../src/core/vault/layout';
import { VaultTreeModel } from '../src/extension/shared/vaultTree.model';
import { ms, timeMedian } from './util';

const DAYS = 3 * 365;
const ENTITIES = 20_000;
const TODAY = '2026-03-11';
const CACHE = path.resolve(__dirname, '../.bench-cache/vault-tree');

async function bigVault(): Promise<string> {
  const root = path.join(CACHE, `days${DAYS}-entities${ENTITIES}`);
  if (fs.existsSync(path.join(root, '.done'))) return root;
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  await initVault(root, { clock: fixedClock(`${TODAY}T08:00:00`), git: false });
  const v = openVault(root);
  const days: Record<string, DayEntry> = {};
  const months = new Map<string, string[]>();
  for (let i = 0; i < DAYS; i++) {
    const day = addDays(TODAY, -i);
    if (i < 40) {
      days[day] = { level: i < 3 ? 'L1' : 'L2', file: `chronological/${day}.md` };
      fs.writeFileSync(path.join(v.chronoDir, `${day}.md`), `# ${day}\n\n- 09:00:00 work on [[Item ${i}]]\n`);
    } else {
      const month = day.slice(0, 7);
      days[day] = { level: 'L3', file: `chronological/${month}.md` };
      months.set(month, [...(months.get(month) ?? []), `## ${day}\n- summary of [[Item ${i}]]\n`]);
    }
  }
  for (const [month, sections] of months) fs.writeFileSync(path.join(v.chronoDir, `${month}.md`), `# ${month}\n\n${sections.join('\n')}`);
  for (let i = 0; i < ENTITIES; i++) {
    const kind = ENTITY_KINDS[i % 4];
    fs.writeFileSync(path.join(v.entitiesDir, kind, `Item ${i}.md`), `# Item ${i}\n\n- [[${TODAY}]] 09:00:00 seen\n`);
  }
  writeMemoryMap(v, { ...emptyMemoryMap(TODAY), days });
  fs.writeFileSync(path.join(root, '.done'), '');
  return root;
}

export default async function () {
  const root = await bigVault();
  const v = openVault(root);
  const clock = fixedClock(`${TODAY}T12:00:00`);
  const runs = 9;

  const rawListing = timeMedian(runs, () => {
    fs.readdirSync(v.chronoDir);
    for (const kind of ENTITY_KINDS) fs.readdirSync(path.join(v.entitiesDir, kind));
  });
  const probe = timeMedian(runs, () => openVault(root));
  const firstRender = timeMedian(runs, () => {
    const model = new VaultTreeModel(v, clock);
    for (const node of model.children()) model.count(node);
  });
  const largestList = timeMedian(runs, () => {
    const model = new VaultTreeModel(v, clock);
    model.children(model.children(model.children()[4])[0]);
  });
  const model = new VaultTreeModel(v, clock);
  const people = model.children(model.children()[4])[0];
  model.children(people);
  const update = timeMedian(runs, () => {
    model.invalidate(['people']);
    model.count(people);
    model.children(people);
  });

  console.log(`vault: ${DAYS} days (memory_map rows), ${ENTITIES} entities; raw readdir of chronological + 4 entity folders: ${ms(rawListing)}`);
  console.log(`activation work (probe the vault): ${ms(probe)} — independent of the vault's size`);
  console.log(`first render (root items with counts): ${ms(firstRender)}; ${(firstRender / rawListing).toFixed(2)}× the raw listing (it also parses memory_map.md)`);
  console.log(`open the largest kind (${ENTITIES / 4} entities, first page): ${ms(largestList)}`);
  console.log(`update after an entity event (re-read one kind folder): ${ms(update)}; ${(update / rawListing).toFixed(2)}× the full raw listing`);
}

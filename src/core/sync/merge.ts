/**
 * Three-way merges of the vault's memory files (docs/sync.md#how-memory-merges), as pure
 * functions of the three texts git hands a merge driver: base (%O, undefined when the file is
 * new on both sides), ours (%A) and theirs (%B). Day files and entity notes are append-only, so
 * they merge as a union of their entries ordered by time; memory_map.md merges by meaning.
 * Every result is the same whichever side merges: items are put in one canonical order.
 * A merge that cannot be done without losing something returns `{ ok: false, why }`, and the
 * driver leaves both sides to the person.
 */
import { hourlyDay, isHourlySummary, verifiedLinks } from '../compress/hourlySummary';
import { extractiveSummary } from '../compress/summarise';
import { CoreSoulError } from '../shared/errors';
import { dayRel, monthRel } from '../vault/layout';
import { entryLines, readDayEntries } from '../vault/dayEntries';
import { daySections } from '../vault/days';
import { entityFrontMatter } from '../vault/entityFrontMatter';
import { type DayEntry, type Level, type MemoryMap, parseMemoryMap, serializeMemoryMap } from '../vault/memoryMap';
import type { EntityKind } from '../vault/layout';

/** `raw`: for a day compressed again, the union of its raw versions that the summary was made from. */
export type Merged = { ok: true; text: string; raw?: string } | { ok: false; why: string };

/** One entry of an append-only file: `key` orders it (its time), `text` is it, byte for byte. */
export interface Item {
  key: string;
  text: string;
}

const byKeyThenText = (a: Item, b: Item) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.text < b.text ? -1 : a.text > b.text ? 1 : 0);

function counted(items: Item[]): Map<string, { item: Item; n: number }> {
  const m = new Map<string, { item: Item; n: number }>();
  for (const item of items) {
    const id = `${item.key}\0${item.text}`;
    const seen = m.get(id);
    if (seen) seen.n++;
    else m.set(id, { item, n: 1 });
  }
  return m;
}

/**
 * The three-way union of append-only items: an item either side added is kept, once when both
 * added the same one; an item one side removed since the base (an undo) stays removed.
 * Ordered by key, then text.
 */
export function unionItems(base: Item[], ours: Item[], theirs: Item[]): Item[] {
  const [b, o, t] = [counted(base), counted(ours), counted(theirs)];
  const out: Item[] = [];
  for (const [id, { item }] of new Map([...o, ...t])) {
    const [nb, no, nt] = [b.get(id)?.n ?? 0, o.get(id)?.n ?? 0, t.get(id)?.n ?? 0];
    const n = nb === 0 ? Math.max(no, nt) : Math.max(0, no + nt - nb);
    for (let i = 0; i < n; i++) out.push(item);
  }
  return out.sort(byKeyThenText);
}

/** Every item of any of the versions, each as many times as the version that holds it most often. */
function unionOfAll(versions: Item[][]): Item[] {
  const most = new Map<string, { item: Item; n: number }>();
  for (const v of versions) {
    for (const [id, c] of counted(v)) if ((most.get(id)?.n ?? 0) < c.n) most.set(id, c);
  }
  return [...most.values()].flatMap(({ item, n }) => Array<Item>(n).fill(item)).sort(byKeyThenText);
}

/** Three-way choice for a part that is not a list (a header): whichever side changed it, or the same change. */
function pickChanged(base: string | undefined, ours: string, theirs: string): string | undefined {
  if (ours === theirs || theirs === base) return ours;
  if (ours === base) return theirs;
  return undefined;
}

// ---- day files ------------------------------------------------------------------------------

/** An L1 day's entries as items; lines without a timestamp sort after the last entry of the hour they followed. */
function dayItems(day: string, text: string | undefined): Item[] {
  if (!text) return [];
  const parsed = readDayEntries(day, text);
  return [
    ...parsed.entries.map((e) => ({ key: e.time, text: entryLines(e) })),
    ...parsed.kept.map((b) => ({ key: b.after ? `${b.after}:60` : '', text: b.lines.join('\n') })),
  ];
}

const dayText = (day: string, items: Item[]) => `# ${day}\n\n${items.map((i) => `${i.text}\n`).join('')}`;

/**
 * A day file (`chronological/YYYY-MM-DD.md`). Both sides L1: the union of their entries. When
 * either side has compressed the day (L2), the day is compressed again from the union of every
 * raw version of it: the L1 sides and `history`, the raw versions the vault's history holds (a
 * compression commits the raw day first; read only when a side is compressed). Nothing is lost: every link of either summary must be
 * in the new one.
 */
export function mergeDayFile(day: string, base: string | undefined, ours: string, theirs: string, history: readonly string[]): Merged {
  const summaries = [ours, theirs].filter(isHourlySummary);
  if (!summaries.length) {
    const b = base && !isHourlySummary(base) ? base : undefined;
    return { ok: true, text: dayText(day, unionItems(dayItems(day, b), dayItems(day, ours), dayItems(day, theirs))) };
  }
  const raws = [base, ours, theirs, ...history].filter((t): t is string => !!t && !isHourlySummary(t));
  if (!raws.length) return { ok: false, why: `no raw version of ${day} found in the history to compress again` };
  const raw = dayText(day, unionOfAll(raws.map((t) => dayItems(day, t))));
  try {
    const { text } = hourlyDay(readDayEntries(day, raw), extractiveSummary, raw);
    for (const s of summaries) verifiedLinks(s, text, day);
    return { ok: true, text, raw };
  } catch (err) {
    return { ok: false, why: (err as Error).message };
  }
}

/**
 * A monthly file (`chronological/YYYY-MM.md`): its `## YYYY-MM-DD` sections merge by day; a day
 * folded on one side is taken, a day folded differently on both is left to the person.
 */
export function mergeMonthFile(base: string | undefined, ours: string, theirs: string): Merged {
  const split = (text: string | undefined) => {
    const lines = (text ?? '').replace(/\r\n?/g, '\n').split('\n');
    const sections = daySections(lines);
    const head = lines.slice(0, sections[0]?.start ?? lines.length);
    while (head.length && !head[head.length - 1].trim()) head.pop();
    return { head: head.join('\n'), days: new Map(sections.map((s) => [s.day, lines.slice(s.start, s.end).join('\n')])) };
  };
  const [b, o, t] = [base === undefined ? undefined : split(base), split(ours), split(theirs)];
  const head = pickChanged(b?.head, o.head, t.head);
  if (head === undefined) return { ok: false, why: 'the text before the first day was changed on both sides' };
  const parts = [head];
  for (const day of [...new Set([...o.days.keys(), ...t.days.keys()])].sort()) {
    const [sb, so, st] = [b?.days.get(day), o.days.get(day), t.days.get(day)];
    const section = so === undefined ? st : st === undefined ? so : pickChanged(sb, so, st);
    if (section === undefined) return { ok: false, why: `## ${day} was folded differently on both sides` };
    parts.push('', section);
  }
  return { ok: true, text: `${parts.join('\n')}\n` };
}

// ---- entity notes -----------------------------------------------------------------------------

const TAG_RE = /^- \[\[(\d{4}-\d{2}-\d{2})\]\](?: (\d{2}:\d{2}:\d{2}))?/;

/** An entity note: everything before its first date tag, and each tag line with the lines written under it. */
function entityParts(text: string): { head: string; items: Item[] } {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const first = lines.findIndex((l) => TAG_RE.test(l));
  const head = lines.slice(0, first === -1 ? lines.length : first);
  const items: Item[] = [];
  if (first !== -1) {
    for (let i = first; i < lines.length; ) {
      const m = TAG_RE.exec(lines[i])!;
      let end = i + 1;
      while (end < lines.length && !TAG_RE.test(lines[end])) end++;
      const block = lines.slice(i, end);
      while (block.length > 1 && !block[block.length - 1].trim()) block.pop();
      items.push({ key: `${m[1]} ${m[2] ?? ''}`, text: block.join('\n') });
      i = end;
    }
  }
  return { head: head.join('\n'), items };
}

/**
 * An entity note (`entities/<kind>/<Name>.md`): the union of its date-tag lines, ordered by day
 * and time. The front matter and title come from the side that changed them; a note created on
 * both machines keeps the earlier `created`. Both sides editing the header by hand is left to the person.
 */
export function mergeEntityNote(base: string | undefined, ours: string, theirs: string): Merged {
  const [b, o, t] = [base === undefined ? undefined : entityParts(base), entityParts(ours), entityParts(theirs)];
  let head = pickChanged(b?.head, o.head, t.head);
  if (head === undefined && b === undefined) {
    // Created on both sides: the one created first, then the smaller text, so either side picks the same.
    const created = (h: string) => entityFrontMatter(`${h}\n`)?.data.created ?? '9999';
    head = [o.head, t.head].sort((x, y) => (created(x) < created(y) ? -1 : created(x) > created(y) ? 1 : x < y ? -1 : 1))[0];
  }
  if (head === undefined) return { ok: false, why: 'the front matter or title was edited on both sides' };
  const items = unionItems(b?.items ?? [], o.items, t.items);
  return { ok: true, text: `${[head, ...items.map((i) => i.text)].join('\n')}\n` };
}

// ---- memory_map.md ------------------------------------------------------------------------------

const LEVEL_RANK: Record<Level, number> = { L1: 1, L2: 2, L3: 3 };

/**
 * memory_map.md by meaning, never as text: every day either side knows, at the further level
 * (a day compressed on one side is compressed in the merge), and the later
 * `last_compression_date`. `entityCounts` are the derived counts to write.
 */
export function mergeMemoryMaps(base: string | undefined, ours: string, theirs: string, entityCounts: Record<EntityKind, number>): Merged {
  let maps: (MemoryMap | undefined)[];
  try {
    maps = [base, ours, theirs].map((t) => (t === undefined ? undefined : parseMemoryMap(t)));
  } catch (err) {
    if (err instanceof CoreSoulError) return { ok: false, why: err.message };
    throw err;
  }
  const [b, o, t] = maps as [MemoryMap | undefined, MemoryMap, MemoryMap];
  const days: Record<string, DayEntry> = {};
  for (const day of new Set([...Object.keys(o.days), ...Object.keys(t.days)])) {
    const level = [o.days[day], t.days[day]].filter(Boolean).map((d) => d.level).sort((x, y) => LEVEL_RANK[y] - LEVEL_RANK[x])[0];
    days[day] = { level, file: level === 'L3' ? monthRel(day) : dayRel(day) };
  }
  const json = (x: unknown) => JSON.stringify(x);
  const extra = json(o.extra) === json(b?.extra) ? t.extra : o.extra;
  const lastCompressionDate = o.lastCompressionDate > t.lastCompressionDate ? o.lastCompressionDate : t.lastCompressionDate;
  return { ok: true, text: serializeMemoryMap({ lastCompressionDate, days, extra }, entityCounts) };
}

/**
 * memory_map.md: the vault's state. Front matter holds `last_compression_date` and counts
 * (derived, rewritten with the map); the body is a table saying where every day lives.
 */
import * as fs from 'node:fs';
import { parseYaml, stringifyYaml } from '../shared/yaml';
import * as z from 'zod/mini';
import { isDay } from '../shared/clock';
import { fsError, vaultError } from '../shared/errors';
import { atomicWrite } from '../shared/fs';
import { ENTITY_KINDS, type EntityKind, type Vault, rel } from './layout';

export type Level = 'L1' | 'L2' | 'L3';

export interface DayEntry {
  level: Level;
  /** Relative to the memory folder: `chronological/YYYY-MM-DD.md` or `chronological/YYYY-MM.md`. */
  file: string;
}

/** Read-only: the parsed map is shared through a cache; make changed copies with `{...map}`. */
export interface MemoryMap {
  readonly lastCompressionDate: string;
  readonly days: Readonly<Record<string, DayEntry>>;
  /** Front-matter keys this version does not know, kept as they were. */
  readonly extra: Readonly<Record<string, unknown>>;
}

const day = z.string().check(z.refine(isDay, 'expected a date YYYY-MM-DD'));
const FrontMatter = z.looseObject({
  version: z.literal(1),
  last_compression_date: day,
  counts: z.optional(z.unknown()),
});

/**
 * The front matter as YAML writes it for a map without extra keys. Written and recognised
 * without the YAML library, which costs a millisecond or two in a fresh process (every CLI call,
 * the first write of a day); any other front matter goes through YAML.
 */
function ownFrontMatter(date: string, count: (key: string) => string): string {
  return [
    'version: 1',
    `last_compression_date: ${date}`,
    'counts:',
    ...['days', 'L1', 'L2', 'L3', 'months'].map((key) => `  ${key}: ${count(key)}`),
    '  entities:',
    ...ENTITY_KINDS.map((kind) => `    ${kind}: ${count(kind)}`),
  ].join('\n');
}
const OWN_FRONT_MATTER = new RegExp(`^${ownFrontMatter('(\\d{4}-\\d{2}-\\d{2})', () => '\\d+')}$`);

const ROW_RE = /^\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$/;
const DAY_FILE_RE = /^chronological\/(\d{4}-\d{2}-\d{2}|\d{4}-\d{2})\.md$/;

export function parseMemoryMap(text: string, where = 'memory_map.md'): MemoryMap {
  const damaged = (why: string) => vaultError(`damaged vault: ${where}: ${why}`);
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const fm = /^---\n([\s\S]*?)\n---\n?/.exec(src);
  if (!fm) throw damaged('missing front matter (--- … ---)');
  const own = OWN_FRONT_MATTER.exec(fm[1]);
  let raw: unknown = own && { version: 1, last_compression_date: own[1] };
  try {
    raw ??= parseYaml(fm[1]);
  } catch (err) {
    throw damaged(`front matter is not valid YAML (${(err as Error).message.split('\n')[0]})`);
  }
  const parsed = FrontMatter.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw damaged(`front matter ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const { version: _v, last_compression_date, counts: _c, ...extra } = parsed.data;

  const days: Record<string, DayEntry> = {};
  const bodyStartLine = fm[0].split('\n').length - (fm[0].endsWith('\n') ? 1 : 0);
  src
    .slice(fm[0].length)
    .split('\n')
    .forEach((line, i) => {
      const m = ROW_RE.exec(line.trim());
      if (!m) return;
      const [date, level, file] = [m[1].trim(), m[2].trim(), m[3].trim()];
      if (date === 'day' || /^-+$/.test(date.replace(/:/g, ''))) return; // header, separator
      const at = `line ${bodyStartLine + i + 1}`;
      if (!isDay(date)) throw damaged(`${at}: "${date}" is not a date`);
      if (level !== 'L1' && level !== 'L2' && level !== 'L3') throw damaged(`${at}: level "${level}" is not L1, L2 or L3`);
      const fileMatch = DAY_FILE_RE.exec(file);
      const expected = level === 'L3' ? date.slice(0, 7) : date;
      if (!fileMatch || fileMatch[1] !== expected) throw damaged(`${at}: file "${file}" does not match ${level} day ${date}`);
      if (days[date]) throw damaged(`${at}: day ${date} is listed twice`);
      days[date] = { level, file };
    });
  return { lastCompressionDate: last_compression_date, days, extra };
}

export function serializeMemoryMap(map: MemoryMap, entityCounts: Record<EntityKind, number>): string {
  const sorted = Object.keys(map.days).sort();
  const { days, months } = levelCounts(map);
  const counts = { days: sorted.length, ...days, months };
  const numbers: Record<string, number> = { ...counts, ...entityCounts };
  const front = Object.keys(map.extra).length
    ? stringifyYaml({ version: 1, last_compression_date: map.lastCompressionDate, counts: { ...counts, entities: entityCounts }, ...map.extra }).trimEnd()
    : ownFrontMatter(map.lastCompressionDate, (key) => String(numbers[key]));
  const rows = sorted.map((d) => `| ${d} | ${map.days[d].level} | ${map.days[d].file} |`);
  return [
    '---',
    front,
    '---',
    '# Memory map',
    '',
    'Where every day of memory lives (L1 detailed, L2 hourly summaries, L3 monthly files).',
    'Core Soul keeps this file up to date; `counts` are recomputed on every update.',
    '',
    '| day | level | file |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Days per level, and how many monthly (L3) files hold them. */
export function levelCounts(map: MemoryMap): { days: Record<Level, number>; months: number } {
  const days = { L1: 0, L2: 0, L3: 0 };
  const months = new Set<string>();
  for (const [d, e] of Object.entries(map.days)) {
    days[e.level]++;
    if (e.level === 'L3') months.add(d.slice(0, 7));
  }
  return { days, months: months.size };
}

export function emptyMemoryMap(today: string): MemoryMap {
  return { lastCompressionDate: today, days: {}, extra: {} };
}

// Parsed maps are cached by file identity, so a writer in a long-lived process (the extension,
// a benchmark) does not re-read the map on every line it appends.
const cache = new Map<string, { key: string; map: MemoryMap }>();
const statKey = (st: fs.Stats) => `${st.ino}:${st.size}:${st.mtimeMs}`;

export function readMemoryMap(v: Vault): MemoryMap {
  let st: fs.Stats;
  try {
    st = fs.statSync(v.mapFile);
  } catch (err) {
    throw fsError(err, 'read', rel(v, v.mapFile));
  }
  const hit = cache.get(v.mapFile);
  if (hit && hit.key === statKey(st)) return hit.map;
  const map = parseMemoryMap(fs.readFileSync(v.mapFile, 'utf8'), rel(v, v.mapFile));
  cache.set(v.mapFile, { key: statKey(st), map });
  return map;
}

/**
 * The map as this process last saw it, without checking the file. Good enough to decide that
 * nothing needs doing (the map only ever moves forward); re-read with `readMemoryMap` before
 * acting on it.
 */
export function lastSeenMemoryMap(v: Vault): MemoryMap {
  return cache.get(v.mapFile)?.map ?? readMemoryMap(v);
}

export function writeMemoryMap(v: Vault, map: MemoryMap): void {
  atomicWrite(v.mapFile, serializeMemoryMap(map, countEntities(v)));
  cache.set(v.mapFile, { key: statKey(fs.statSync(v.mapFile)), map });
}

/** Brings memory_map.md's derived counts (days by level, entity notes on disk) up to date: rewritten only when they differ from what it says. */
export function refreshMemoryMap(v: Vault): void {
  if (refreshedMemoryMap(v, fs.readFileSync(v.mapFile, 'utf8')) !== undefined) writeMemoryMap(v, readMemoryMap(v));
}

/**
 * memory_map.md's `text` with its derived counts brought up to date, or undefined when they
 * already are; `counts`: the entity notes by kind, where they are not the work tree's.
 */
export function refreshedMemoryMap(v: Vault, text: string, counts = countEntities(v)): string | undefined {
  const fresh = serializeMemoryMap(parseMemoryMap(text, rel(v, v.mapFile)), counts);
  return fresh === text ? undefined : fresh;
}

export function countEntities(v: Vault): Record<EntityKind, number> {
  const counts = {} as Record<EntityKind, number>;
  for (const kind of ENTITY_KINDS) {
    const dir = `${v.entitiesDir}/${kind}`;
    counts[kind] = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.md')).length : 0;
  }
  return counts;
}

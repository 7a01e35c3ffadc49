/**
 * Stages 2 and 3 of a search (docs/search.md#candidates): the chunks that may hold the query and
 * the concepts each holds, visited most promising first, read with their context.
 *
 * The answer depends on the vault's text alone, never on how much of the index is built or how
 * long anything took (same inputs, same bytes: cold, warm, in process or through the server).
 * So the index only skips chunks that cannot match (its Bloom filters have no false negatives);
 * which concepts a chunk holds is read from its bytes, how rare a concept is is counted on those
 * chunks, and the order is a total one: more of the query first (rarer concepts weigh more), then
 * the favoured days, then the newer day, then file and line.
 *
 * The entity lock (SPEC §4.3): an entity named in the query is held by every chunk on a day its
 * note tags, so the lines of its days that carry the query's other words come first, however old
 * or compressed the day, and a line that names it is a candidate like one holding a word. When
 * the entities are tagged on every day (a speaker of every session would narrow nothing) they make
 * no chunk a candidate by themselves when the query has other words; only when the words find
 * nothing do the entities' lines become the candidates. A query of dates alone reads those days.
 *
 * Work is bounded by MAX_MATCHED_LINES lines that hold a narrowing concept, taken in that order:
 * what is left out holds less of the query than everything read, whatever its date.
 */
import { NO_DATES } from './dates';
import type { Vault } from '../vault/layout';
import { readMemoryMap } from '../vault/memoryMap';
import type { Chunk } from './index/chunks';
import { type VaultFile, searchableLine } from './index/files';
import type { IndexView } from './index/refresh';
import type { LineReader } from './lineReader';
import type { Query } from './query';
import { type Block, DATE_BOOST, ENTITY_DAY_BOOST } from './rank';
import { Scoring } from './score';
import { bytesMayHave, foldsToAscii, lineHas } from './words';

const CONTEXT_LINES = 5;
/** Lines that hold a narrowing concept read at most: bounds the work of a search on a large vault. */
export const MAX_MATCHED_LINES = 3000;

export interface Candidates {
  blocks: Block[];
  /** The vault's lines, estimated from its size: the N of idf. */
  totalLines: number;
  /** Days the query's entities are tagged with, each with its entity; empty when that is every day. */
  entityDays: ReadonlyMap<string, string>;
  /** Per such day, the query's concepts (bits) its entities lock there. */
  lock: ReadonlyMap<string, number>;
  /** The query's concepts (bits) that no text of the vault holds. */
  absent: number;
}

/** A chunk to read, with the concepts its bytes hold. */
interface Visit {
  file: VaultFile;
  chunk: Chunk;
  mask: number;
  bound: number;
  day: string;
  /** The concepts that make its lines candidates. */
  narrow: number;
}

/** N of idf, the vault's lines, estimated from its size: the same with the index or without it. */
const BYTES_PER_LINE = 64;
const DAY_OR_MONTH = /^(?:chronological|raw|personal\/chronological)\/(\d{4}-\d{2}(?:-\d{2})?)\.md$/;

/**
 * The candidates of a query, found through `lookup` (its words as the index holds them,
 * `lookupQuery`); `byEntities`: its entities make chunks candidates too (the lock on their days),
 * for when its words alone found nothing; `archived`: the archived memories (memory/archive/) are candidates too.
 */
export function findCandidates(v: Vault, q: Query, lookup: Query, view: IndexView, reader: LineReader, dateDays: (day: string) => boolean, namedDays: (day: string) => boolean, byEntities = false, archived = false): Candidates {
  const s = new Scoring(lookup);
  const { days: entityDays, bits: lockBits } = taggedDays(v, q, reader);
  // A query of dates alone reads those days and nothing else.
  const datesOnly = !q.concepts.length;
  const naming = namedDays !== NO_DATES;
  const namedDay = (day: string) => naming && namedDays(day);
  const named = (day: string) => !datesOnly || namedDay(day);
  // The concepts that make a chunk a candidate: the words, and the entities when they lock some days (not every day); else the entities; none for dates alone.
  let narrow = 0;
  let entities = 0;
  lookup.concepts.forEach((c, k) => {
    if (c.entity) entities |= 1 << k;
    if (byEntities || !c.entity || entityDays.size) narrow |= 1 << k;
  });
  if (!narrow) narrow = lookup.concepts.length ? entities : 0;
  // On a day the query names, its entities narrow (their lock holds there): "what did Nate do in April 2022".
  const narrowOn = (day: string) => (narrow && namedDay(day) ? narrow | entities : narrow);
  const all = lookup.concepts.length >= 32 ? -1 : (1 << lookup.concepts.length) - 1;

  const found: Visit[] = [];
  let totalLines = 0;
  for (const file of view.files) {
    if (file.kind === 'entity' && datesOnly) continue; // dates alone ask about days, not notes
    if (file.kind === 'archive' && !archived) continue; // archived memories answer only when asked (search --archived)
    totalLines += file.size / BYTES_PER_LINE;
    const indexed = view.indexed.has(file.rel);
    if (!indexed) {
      // Not indexed yet: the file's bytes say whether anything in it may match before it is cut.
      const day = DAY_OR_MONTH.exec(file.rel)?.[1] ?? '';
      if (datesOnly && !(day.length === 7 ? q.months.includes(day) || q.days.some((d) => d.startsWith(day)) : namedDay(day))) continue;
      const whole = reader.peek(file);
      if (!whole.length) continue;
      if (narrow && !(conceptsIn(whole, lookup, undefined, all) & (narrow | (q.days.length || q.months.length ? entities : 0)))) continue;
      reader.keep(file, whole);
    }
    let check: Chunk[] = [];
    // The filter: skips chunks that cannot match (for every chunk alike, through what the filters said before).
    if (indexed && narrow && !naming) check = s.chunksHolding(reader.chunks(file), narrow);
    else {
      for (const chunk of reader.chunks(file)) {
        if (!named(chunk.day)) continue;
        const wanted = narrowOn(chunk.day);
        if (!wanted) found.push({ file, chunk, mask: 0, bound: 0, day: chunk.day, narrow: 0 });
        // A day the query names by its date holds the date, a concept of its own: all its lines are candidates.
        else if (file.kind !== 'entity' && namedDays(chunk.day)) check.push(chunk);
        else if (!indexed || s.mayHold(chunk, wanted)) check.push(chunk);
      }
    }
    // The file's chunks to check, read together: what they hold is read from their bytes.
    const bytes = check.length ? reader.bytesOf(file, check) : [];
    check.forEach((chunk, k) => {
      const wanted = narrowOn(chunk.day);
      const buf = bytes[k];
      const mask = buf ? chunkConcepts(reader, file, chunk, buf, lookup, all) | (lockBits.get(chunk.day) ?? 0) : 0;
      if (mask & wanted) found.push({ file, chunk, mask, bound: 0, day: chunk.day, narrow: wanted });
      else if (file.kind !== 'entity' && namedDays(chunk.day)) found.push({ file, chunk, mask, bound: 0, day: chunk.day, narrow: 0 });
    });
  }
  // How rare each concept is, counted on the candidate chunks (the vault's, estimated from its size).
  const chunksInVault = Math.max(1, totalLines / 64);
  const df = lookup.concepts.map(() => 0);
  for (const x of found) for (let k = 0; k < df.length; k++) if (x.mask & (1 << k)) df[k]++;
  const idf = df.map((d) => Math.log(1 + (Math.max(chunksInVault, d) - d + 0.5) / (d + 0.5)));
  const bonus = (day: string) => (dateDays(day) ? DATE_BOOST : 1) * (entityDays.has(day) ? ENTITY_DAY_BOOST : 1);
  for (const x of found) {
    let w = lookup.concepts.length ? 0 : 1;
    for (let k = 0; k < idf.length; k++) if (x.mask & (1 << k)) w += idf[k];
    x.bound = w * bonus(x.day);
  }
  found.sort((a, b) => b.bound - a.bound || (a.day < b.day ? 1 : a.day > b.day ? -1 : 0) || (a.file.rel < b.file.rel ? -1 : a.file.rel > b.file.rel ? 1 : 0) || a.chunk.start - b.chunk.start);

  const blocks: Block[] = [];
  const needlesOf = (bits: number) => lookup.concepts.flatMap((c, k) => (bits & (1 << k) ? c.needles : []));
  // The lines a ranked line may be: those that hold a needle of any concept (rank.ts).
  const anyNeedle = needlesOf(all);
  let matched = 0;
  for (const { file, chunk, narrow: bits } of found) {
    if (matched >= MAX_MATCHED_LINES) break;
    const from = Math.max(chunk.sectionStart, chunk.start - CONTEXT_LINES);
    const to = Math.min(chunk.sectionEnd, chunk.end + CONTEXT_LINES);
    const needles = needlesOf(bits);
    let here = 0;
    let lines: (string | undefined)[];
    if (needles.length) {
      // Only the lines whose bytes hold a needle are decoded, with the lines around them that a snippet shows.
      const held = reader.linesWith(file, chunk, anyNeedle);
      lines = held.lines;
      for (const i of held.at) {
        const lower = lines[i]!.toLowerCase();
        if (needles.some((n) => lineHas(lower, n))) here++;
      }
      // Its bytes held a word, its lines do not (a word inside another): nothing to read here, with the index or without.
      if (!here) continue;
      for (const i of held.at) {
        let first = Math.max(chunk.sectionStart, i - CONTEXT_LINES);
        lines = reader.around(file, first, Math.min(chunk.sectionEnd, i + CONTEXT_LINES + 1));
        // Back to the entry a continuation line belongs to (its author: budget.ts authorOf).
        while (first > chunk.sectionStart && isContinued(lines[first])) lines = reader.around(file, --first, first + 1);
      }
    } else {
      lines = reader.range(file, from, to);
      here = chunk.end - chunk.start;
    }
    matched += here;
    const via = entityDays.get(chunk.day);
    blocks.push({ file, day: chunk.day, sectionStart: chunk.sectionStart, sectionEnd: chunk.sectionEnd, start: chunk.start, end: chunk.end, lines, narrow: bits, ...(via && { via }) });
  }
  let absent = 0;
  df.forEach((d, k) => {
    if (!d && narrow & (1 << k)) absent |= 1 << k;
  });
  return { blocks, totalLines, entityDays, lock: lockBits, absent };
}

/** A continuation line of an entry (indented), or a blank line within one. */
const isContinued = (line: string | undefined) => line !== undefined && (line.startsWith('  ') || !line.trim());

export const isSearchable = (file: VaultFile, line: string) => searchableLine(file.kind, line);

/**
 * The days the query's entities are tagged with, each with the first of them tagged there, and
 * per day the concepts (bits) of the entities tagged there (the lock); none when they are tagged
 * on every day the memory map knows (a speaker of every session: the lock would narrow nothing).
 */
function taggedDays(v: Vault, q: Query, reader: LineReader): { days: Map<string, string>; bits: Map<string, number> } {
  const days = new Map<string, string>();
  const bits = new Map<string, number>();
  q.concepts.forEach((c, k) => {
    const file = c.entity && reader.byRel.get(c.entity.rel);
    if (!file) return;
    for (const day of reader.tags(file)) {
      if (!days.has(day)) days.set(day, c.entity!.name);
      bits.set(day, (bits.get(day) ?? 0) | (1 << k));
    }
  });
  if (!days.size) return { days, bits };
  let known: string[];
  try {
    known = Object.keys(readMemoryMap(v).days);
  } catch {
    return { days, bits }; // a damaged map is reported where it matters; the tags still favour their days
  }
  // An empty map (a vault filled by hand or by another tool) knows no days: the tags still lock.
  return known.length && known.every((d) => days.has(d)) ? { days: new Map(), bits: new Map() } : { days, bits };
}

/** The concepts of the query (among `within`) that a chunk's bytes may hold, as `conceptsIn` tells, through what the reader kept of them. */
function chunkConcepts(reader: LineReader, file: VaultFile, chunk: Chunk, buf: Buffer, q: Query, within: number): number {
  let mask = 0;
  q.concepts.forEach((c, i) => {
    if (!(within & (1 << i))) return;
    if (c.needles.some((n) => reader.linesHolding(file, chunk, buf, n)?.length !== 0)) mask |= 1 << i;
  });
  return mask;
}

/** The concepts of the query (among `within`) that may be in some bytes, before they are decoded (see bytesMayHave). */
function conceptsIn(buf: Buffer, q: Query, foldsKnown: boolean | undefined, within: number): number {
  if (!buf.length) return 0;
  let folds = foldsKnown;
  const foldsHere = () => (folds ??= foldsToAscii(buf));
  let mask = 0;
  q.concepts.forEach((c, i) => {
    if (within & (1 << i) && c.needles.some((n) => bytesMayHave(buf, n, foldsHere))) mask |= 1 << i;
  });
  return mask;
}

/**
 * Stages 2 and 3 of a search (docs/search.md#candidates): the chunks that may hold the query,
 * found through the index's Bloom filters (files not indexed yet by a look at their bytes),
 * visited most promising first — the rarer the words a chunk may hold, the better, and better
 * still on a day the query names or its entities are tagged with — and read with their context,
 * until MAX_READ_LINES lines have been read. On a small vault that is every candidate; on a
 * large one the rest could only rank lower or tie.
 *
 * An entity of the query (a speaker of every session, a project named everywhere) makes no
 * chunk a candidate when the query has other words: the lock on its days would narrow nothing.
 * Its `[[day]]` tags favour those days instead (unless it is tagged on every day); only when the
 * words find nothing do the entities' lines become the candidates. A query of an entity alone
 * finds the lines that name it. Dates the query names (`2025-12-01`, `May 2023`) favour those
 * days like any other time it names (a person may be a month or a year off); a query of dates
 * alone reads those days.
 */
import type { Vault } from '../vault/layout';
import { readMemoryMap } from '../vault/memoryMap';
import type { Chunk } from './index/chunks';
import { type VaultFile, searchableLine } from './index/files';
import type { IndexView } from './index/refresh';
import type { LineReader } from './lineReader';
import type { Query } from './query';
import { type Block, DATE_BOOST, ENTITY_DAY_BOOST } from './rank';
import { Scoring } from './score';
import { bytesMayHave, foldsToAscii } from './words';

const CONTEXT_LINES = 5;
/** Lines read at most, context included: bounds the time of a search on a large vault… */
const MAX_READ_LINES = 12_000;
/** …and lines whose bytes are looked at (a phrase's words may be in many chunks, the phrase in few). */
const MAX_LOOKED_AT_LINES = 4 * MAX_READ_LINES;

export interface Candidates {
  blocks: Block[];
  /** The vault's lines, estimated from its size: the N of idf. */
  totalLines: number;
  /** Days the query's entities are tagged with, each with its entity; empty when that is every day. */
  entityDays: ReadonlyMap<string, string>;
}

/** A chunk to read, or a whole file not indexed yet (no chunk), with how promising it is. */
interface Visit {
  file: VaultFile;
  chunk?: Chunk;
  mask: number;
  bound: number;
  day: string;
}

/** N of idf, the vault's lines, estimated from its size: the same with the index or without it. */
const BYTES_PER_LINE = 64;
const DAY_OR_MONTH = /^(?:chronological|raw)\/(\d{4}-\d{2}(?:-\d{2})?)\.md$/;

/**
 * The candidates of a query, found through `lookup` (its words as the index holds them,
 * `lookupQuery`); `byEntities`: its entities make chunks candidates too (the lock on their days),
 * for when its words alone found nothing.
 */
export function findCandidates(v: Vault, q: Query, lookup: Query, view: IndexView, reader: LineReader, dateDays: (day: string) => boolean, byEntities = false): Candidates {
  const s = new Scoring(lookup, view);
  const entityDays = taggedDays(v, q, reader);
  // A query of dates alone reads those days and nothing else.
  const datesOnly = !q.concepts.length;
  const namedDay = (day: string) => q.days.includes(day) || q.months.includes(day.slice(0, 7));
  const named = (day: string) => !datesOnly || namedDay(day);
  const namedFile = (day: string) => (day.length === 7 ? !datesOnly || q.months.includes(day) || q.days.some((d) => d.startsWith(day)) : named(day));
  // The concepts that make a chunk a candidate: the words, else the entities; none for dates alone.
  let narrow = 0;
  let entities = 0;
  lookup.concepts.forEach((c, k) => {
    if (c.entity) entities |= 1 << k;
    if (byEntities || !c.entity) narrow |= 1 << k;
  });
  if (!narrow) narrow = lookup.concepts.length ? -1 : 0;
  // On a day the query names, its entities narrow (their lock holds there): "what did Nate do in April 2022".
  const narrowOn = (day: string) => (narrow !== -1 && namedDay(day) ? narrow | entities : narrow);
  // The ranker's own favours, so the chunks it would rank higher are read first.
  const bonus = (day: string) => (dateDays(day) ? DATE_BOOST : 1) * (entityDays.has(day) ? ENTITY_DAY_BOOST : 1);

  const visits: Visit[] = [];
  let totalLines = 0;
  for (const file of view.files) {
    if (file.kind === 'entity' && !named('')) continue; // dates alone ask about days, not notes
    totalLines += file.size / BYTES_PER_LINE;
    if (!view.indexed.has(file.rel)) {
      // Not indexed yet: anything may be in it. Looked at when its turn comes, newest first.
      const day = DAY_OR_MONTH.exec(file.rel)?.[1] ?? '';
      if (namedFile(day)) visits.push({ file, mask: narrowOn(day), bound: (narrow ? s.weigh(narrowOn(day)) : 1) * bonus(day), day });
      continue;
    }
    for (const chunk of reader.chunks(file)) {
      if (!named(chunk.day)) continue;
      const mask = narrow ? s.mayHold(chunk, narrowOn(chunk.day)) : 0;
      if (mask || !narrow) visits.push({ file, chunk, mask, bound: (narrow ? s.weigh(mask) : 1) * bonus(chunk.day), day: chunk.day });
    }
  }
  visits.sort((a, b) => b.bound - a.bound || (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));

  const blocks: Block[] = [];
  let read = 0;
  let lookedAt = 0;
  const readChunk = (file: VaultFile, chunk: Chunk) => {
    const from = Math.max(chunk.sectionStart, chunk.start - CONTEXT_LINES);
    const to = Math.min(chunk.sectionEnd, chunk.end + CONTEXT_LINES);
    const lines = reader.range(file, from, to);
    read += to - from;
    const via = entityDays.get(chunk.day);
    blocks.push({ file, day: chunk.day, sectionStart: chunk.sectionStart, sectionEnd: chunk.sectionEnd, start: chunk.start, end: chunk.end, lines, ...(via && { via }) });
  };
  for (const { file, chunk, mask } of visits) {
    if (read >= MAX_READ_LINES || lookedAt >= MAX_LOOKED_AT_LINES) break;
    if (!chunk) {
      const buf = reader.peek(file);
      if (!buf.length || (narrow && !(conceptsIn(buf, lookup) & mask))) continue;
      reader.keep(file, buf);
      for (const c of reader.chunks(file)) if (named(c.day)) readChunk(file, c);
      continue;
    }
    // The filter may be wrong (it knows a phrase's words, not the phrase): the bytes are cheaper than lines.
    const bytes = mask ? reader.chunkBytes(file, chunk) : undefined;
    lookedAt += chunk.end - chunk.start;
    if (bytes && !(conceptsIn(bytes, lookup) & mask)) continue;
    readChunk(file, chunk);
  }
  return { blocks, totalLines, entityDays };
}

export const isSearchable = (file: VaultFile, line: string) => searchableLine(file.kind, line);

/**
 * The days the query's entities are tagged with, each with the first of them tagged there,
 * unless that is every day the memory map knows.
 */
function taggedDays(v: Vault, q: Query, reader: LineReader): Map<string, string> {
  const days = new Map<string, string>();
  for (const c of q.concepts) {
    const file = c.entity && reader.byRel.get(c.entity.rel);
    if (file) for (const day of reader.tags(file)) if (!days.has(day)) days.set(day, c.entity!.name);
  }
  if (!days.size) return days;
  let known: string[];
  try {
    known = Object.keys(readMemoryMap(v).days);
  } catch {
    return days; // a damaged map is reported where it matters; the tags still favour their days
  }
  return known.every((d) => days.has(d)) ? new Map() : days;
}

/** The concepts of the query that may be in some bytes, before they are decoded (see bytesMayHave). */
function conceptsIn(buf: Buffer, q: Query): number {
  if (!buf.length) return 0;
  let folds: boolean | undefined;
  const foldsHere = () => (folds ??= foldsToAscii(buf));
  let mask = 0;
  q.concepts.forEach((c, i) => {
    if (c.needles.some((n) => bytesMayHave(buf, n, foldsHere))) mask |= 1 << i;
  });
  return mask;
}

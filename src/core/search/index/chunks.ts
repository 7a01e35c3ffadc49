/**
 * Chunks: the unit the index filters. A file is cut into chunks of at most 64 lines that never
 * cross a day section (a daily file is one section, a monthly file one per `## YYYY-MM-DD`, an
 * entity note its body), so a search reads only the chunks that may match.
 */
import { daySections, sectionsAt } from '../../vault/days';
import { DAY_FILE, type VaultFile, entityHead, searchableLine } from './files';

export const CHUNK_LINES = 64;

/** A Bloom filter: `len` words at `off` in `words` (one array holds every filter of a loaded index). */
export interface Filter {
  words: Uint32Array;
  off: number;
  len: number;
}

export interface Chunk {
  /** 0-based line range of the chunk, and of the day section (or note body) that holds it. */
  start: number;
  end: number;
  sectionStart: number;
  sectionEnd: number;
  /** `YYYY-MM-DD`, or '' for entity notes. */
  day: string;
  /** Byte range of the chunk's lines in the file, so a search reads only the chunks it checks. */
  byteStart: number;
  byteEnd: number;
  /** Absent for files searched without the index: then any query may match. */
  filter?: Filter;
}

/** A day section (or a note's body) as 0-based [start, end) line range. */
interface Section {
  day: string;
  start: number;
  end: number;
}

/** The day sections of a file: a daily file is one, a monthly file has one per `## YYYY-MM-DD`. */
function sections(file: Pick<VaultFile, 'rel' | 'kind'>, lines: string[]): Section[] {
  if (file.kind === 'month' || file.kind === 'archive') return daySections(lines);
  if (file.kind === 'entity') return [{ day: '', start: entityHead(lines).bodyStart, end: lines.length }];
  return wholeFile(file, lines.length);
}

const wholeFile = (file: Pick<VaultFile, 'rel'>, count: number): Section[] => [{ day: DAY_FILE.exec(file.rel)?.[1] ?? '', start: 0, end: count }];

/**
 * Cuts a file's lines into chunks (without filters) from line `from` on. Chunks start every
 * 64 lines from their section's start, so cutting again from an old chunk start after an
 * append gives the same chunks. `offsets` (from `lineOffsets`) adds byte ranges.
 */
export function chunkLines(file: Pick<VaultFile, 'rel' | 'kind'>, lines: string[], from = 0, offsets?: number[]): { chunks: Chunk[]; tail: number; ends: Map<number, number> } {
  // A note's chunk of date tags alone holds nothing searched.
  const holds = file.kind === 'entity' ? (start: number, end: number) => lines.slice(start, end).some((l) => l.trim() && searchableLine('entity', l)) : undefined;
  return cut(sections(file, lines), from, offsets, holds);
}

/**
 * The chunks `chunkLines` cuts a whole file that is no entity note into, from its bytes and
 * their `lineOffsets`: only the lines that may start a day section are decoded (search reads a
 * file not indexed yet this way, and decodes the lines of the chunks it then visits).
 */
export function chunkBytes(file: Pick<VaultFile, 'rel' | 'kind'>, buf: Buffer, offsets: number[]): Chunk[] {
  if (file.kind === 'entity') throw new Error('chunkBytes: an entity note is cut by chunkLines');
  const count = offsets.length - 1; // the lines splitLines makes of the decoded text
  if (file.kind !== 'month' && file.kind !== 'archive') return cut(wholeFile(file, count), 0, offsets).chunks;
  const headings: number[] = [];
  for (let i = 0; i < count; i++) if (buf[offsets[i]] === 0x23) headings.push(i); // '#'
  return cut(sectionsAt(count, (i) => lineOf(buf, offsets, i), headings), 0, offsets).chunks;
}

/**
 * Line `i` of `buf` without its \n. A \r before it (splitLines drops it) is left on: a section's
 * heading is matched up to trailing space and its blank lines are trimmed, so neither sees it.
 */
function lineOf(buf: Buffer, offsets: number[], i: number): string {
  return buf.toString('utf8', offsets[i], i + 1 < offsets.length - 1 ? offsets[i + 1] - 1 : offsets[i + 1]);
}

function cut(all: Section[], from: number, offsets: number[] | undefined, holds?: (start: number, end: number) => boolean): { chunks: Chunk[]; tail: number; ends: Map<number, number> } {
  const chunks: Chunk[] = [];
  let tail = 0;
  for (const s of all) {
    if (s.end <= s.start) continue;
    tail = s.start + Math.floor((s.end - 1 - s.start) / CHUNK_LINES) * CHUNK_LINES;
    if (s.end <= from) continue;
    const first = from > s.start ? s.start + Math.floor((from - s.start) / CHUNK_LINES) * CHUNK_LINES : s.start;
    for (let start = first; start < s.end; start += CHUNK_LINES) {
      const end = Math.min(s.end, start + CHUNK_LINES);
      if (holds && !holds(start, end)) continue;
      const byteStart = offsets ? offsets[start] : 0;
      const byteEnd = offsets ? Math.min(offsets[end], offsets[offsets.length - 1]) : 0;
      chunks.push({ start, end, sectionStart: s.start, sectionEnd: s.end, day: s.day, byteStart, byteEnd });
    }
  }
  return { chunks, tail, ends: new Map(all.map((s) => [s.start, s.end])) };
}

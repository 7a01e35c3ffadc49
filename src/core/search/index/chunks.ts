/**
 * Chunks: the unit the index filters. A file is cut into chunks of at most 64 lines that never
 * cross a day section (a daily file is one section, a monthly file one per `## YYYY-MM-DD`, an
 * entity note its body), so a search reads only the chunks that may match.
 */
import { daySections } from '../../vault/days';
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

/** The day sections of a file: a daily file is one, a monthly file has one per `## YYYY-MM-DD`. */
function sections(file: Pick<VaultFile, 'rel' | 'kind'>, lines: string[]): { day: string; start: number; end: number }[] {
  if (file.kind === 'month' || file.kind === 'archive') return daySections(lines);
  if (file.kind === 'entity') return [{ day: '', start: entityHead(lines).bodyStart, end: lines.length }];
  return [{ day: DAY_FILE.exec(file.rel)?.[1] ?? '', start: 0, end: lines.length }];
}

/**
 * Cuts a file's lines into chunks (without filters) from line `from` on. Chunks start every
 * 64 lines from their section's start, so cutting again from an old chunk start after an
 * append gives the same chunks. `offsets` (from `lineOffsets`) adds byte ranges.
 */
export function chunkLines(file: Pick<VaultFile, 'rel' | 'kind'>, lines: string[], from = 0, offsets?: number[]): { chunks: Chunk[]; tail: number; ends: Map<number, number> } {
  const chunks: Chunk[] = [];
  let tail = 0;
  const all = sections(file, lines);
  for (const s of all) {
    if (s.end <= s.start) continue;
    tail = s.start + Math.floor((s.end - 1 - s.start) / CHUNK_LINES) * CHUNK_LINES;
    if (s.end <= from) continue;
    const first = from > s.start ? s.start + Math.floor((from - s.start) / CHUNK_LINES) * CHUNK_LINES : s.start;
    for (let start = first; start < s.end; start += CHUNK_LINES) {
      const end = Math.min(s.end, start + CHUNK_LINES);
      if (file.kind === 'entity' && !lines.slice(start, end).some((l) => l.trim() && searchableLine('entity', l))) continue;
      const byteStart = offsets ? offsets[start] : 0;
      const byteEnd = offsets ? Math.min(offsets[end], offsets[offsets.length - 1]) : 0;
      chunks.push({ start, end, sectionStart: s.start, sectionEnd: s.end, day: s.day, byteStart, byteEnd });
    }
  }
  return { chunks, tail, ends: new Map(all.map((s) => [s.start, s.end])) };
}

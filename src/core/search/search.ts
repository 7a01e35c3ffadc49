/**
 * MemorySearch (SPEC §4.3): the few lines that answer a query, never whole files.
 *
 * 1. Entities named in the query (file name or alias) lock the search: their `[[YYYY-MM-DD]]`
 *    tags give the days, each resolved by days.ts to its daily file or L3 section.
 *    Without an entity (or when its days hold no match) every chunk of the vault is a candidate.
 * 2. Candidates — the day sections (or note bodies) of those files — are visited best-first: by
 *    the weight of the query concepts their chunks' index filters allow (rare concepts weigh
 *    more, see searchScore.ts), then newest day first. Matching lines are verified on the text,
 *    with 5 lines of context either side, clipped to the day. The visit stops once `limit`
 *    snippets are known to beat everything left, so a query that hits every day reads only the
 *    newest few. (A section is the unit because windows merge across chunks, never across days.)
 * 3. Overlapping windows are merged, ranked (weight of the concepts present, then newer day
 *    first) and cut to the token budget, counted with a named tokenizer.
 */
import * as fs from 'node:fs';
import { dayLocation } from '../vault/days';
import { inputError } from '../shared/errors';
import { type Concept, type EntityName, type Query, parseQuery } from './query';
import { type Chunk, type IndexView, type VaultFile, chunkLines, dayLinks, entityHead, refreshIndex, searchableLine, splitLines } from './index/refresh';
import { BestFirst } from './bestFirst';
import { DEFAULT_INDEX_BUDGET_MS, DEFAULT_LIMIT, DEFAULT_MAX_TOKENS, type SearchHit, type SearchOptions, type SearchResult, renderHit, renderHits } from './result';
import { Scoring } from './score';
import { TOKENIZER, countTokens } from '../shared/tokens';
import type { Vault } from '../vault/layout';
import { bytesMayHave, foldsToAscii, lineHas } from './words';

export { DEFAULT_LIMIT, DEFAULT_MAX_TOKENS, type SearchHit, type SearchOptions, type SearchResult, renderHit, renderHits } from './result';

export const CONTEXT_LINES = 5;
const MIN_CUT_CHARS = 24;

interface Candidate {
  file: VaultFile;
  /**
   * The chunks of one day section (or note body) that may hold a concept, with the concepts
   * each may hold. Absent for a file not indexed yet: it is read and cut into chunks only if
   * the visit reaches it.
   */
  chunks?: { chunk: Chunk; mask: number }[];
  /** The section's day; for a file not read yet, a day no section of it is later than. */
  day: string;
  /** Only the chunks of this day (a day an entity is tagged with), for a file not read yet. */
  onlyDay?: string;
  /** The bound of a file not indexed has been narrowed by a look at its bytes. */
  checked?: boolean;
  /** Concepts the candidate may hold (a bit mask), and their weight: no snippet in it weighs more. */
  mask: number;
  bound: number;
  via?: string;
}

interface Window {
  file: VaultFile;
  day: string;
  sectionStart: number;
  start: number;
  end: number;
  mask: number;
  weight: number;
  /** The line with the heaviest concepts: the centre when the window must shrink. */
  best: number;
  bestWeight: number;
  via?: string;
}

const NOTE_LINE = /^(?!- \[\[\d{4}-\d{2}-\d{2}(?:[#|][^\]\n]*)?\]\])[^\S\n]*\S/m;

/** Whether an entity note (as Latin-1 text) has a body line that is not a date tag. */
function hasNoteLines(text: string): boolean {
  const lines = text.split('\n', 64);
  const { bodyStart } = entityHead(lines.map((l) => l.replace(/\r$/, '')));
  if (bodyStart >= lines.length) return NOTE_LINE.test(text); // a very long head: test all of it
  let offset = 0;
  for (let i = 0; i < bodyStart; i++) offset += lines[i].length + 1;
  return NOTE_LINE.test(text.slice(offset));
}

/** A whole file read into the buffer `room(size)` gives; the bytes read, as a view of it. */
function readInto(file: string, room: (size: number) => Buffer): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buf = room(size);
    let n = 0;
    for (let got = -1; got && n < size; n += got) got = fs.readSync(fd, buf, n, size - n, n);
    return buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** Searches the vault. Synchronous: it reads files and counts tokens, nothing else. */
export function searchMemory(v: Vault, query: string, opts: SearchOptions = {}): SearchResult {
  const maxTokens = checkCount('--max-tokens', opts.maxTokens ?? DEFAULT_MAX_TOKENS, 1_000_000);
  const limit = checkCount('--limit', opts.limit ?? DEFAULT_LIMIT, 1000);
  const view = refreshIndex(v, { budgetMs: opts.indexBudgetMs ?? DEFAULT_INDEX_BUDGET_MS });
  const reader = new LineReader(view);
  try {
    const q = parseQuery(query, entityNames(view, reader));
    const s = new Scoring(q, view);

    let windows: Window[] = [];
    const locked = q.concepts.filter((c) => c.entity);
    if (locked.length) windows = collect(s, entityCandidates(v, s, locked, reader), limit, reader);
    if (!windows.length) windows = collect(s, allCandidates(s, view, reader), limit, reader);

    const ranked = rank(merge(s, windows));
    const hits = fit(ranked, s, maxTokens, limit, reader);
    const warnings = [...view.warnings, ...reader.warnings];
    return { query: q.text, tokens: countTokens(renderHits(hits)), tokenizer: TOKENIZER, results: hits, matched: ranked.length, warnings };
  } finally {
    reader.close();
  }
}

function checkCount(name: string, n: number, max: number): number {
  if (!Number.isInteger(n) || n < 1 || n > max) throw inputError(`${name}: expected a whole number from 1 to ${max}, got ${n}`);
  return n;
}

/**
 * Reads lines for one search: indexed files a chunk at a time (by byte range), others whole.
 * A file that turns out to be binary is skipped with a warning.
 */
class LineReader {
  private readonly files = new Map<string, { lines: (string | undefined)[]; whole: boolean }>();
  private readonly cut = new Map<string, Chunk[]>(); // chunks of files not indexed
  private readonly raws = new Map<string, Buffer>();
  private scratch = Buffer.alloc(0);
  private readonly fds = new Map<string, number>();
  /** Files whose size is no longer what the index knows. */
  private readonly changed = new Set<string>();
  readonly byRel: Map<string, VaultFile>;
  readonly warnings: string[] = [];

  constructor(readonly view: IndexView) {
    this.byRel = new Map(view.files.map((f) => [f.rel, f]));
  }

  /** A whole file, read once; empty (with a warning) when it cannot be read or is not text. */
  raw(f: VaultFile): Buffer {
    let buf = this.raws.get(f.rel);
    if (!buf) this.raws.set(f.rel, (buf = this.checked(f, () => fs.readFileSync(f.abs))));
    return buf;
  }

  /**
   * A whole file for a quick look, in a buffer that the next peek reuses (a search without the
   * index may look at every file: no garbage, no copy); `keep` turns it into the file's `raw`.
   */
  peek(f: VaultFile): Buffer {
    return this.raws.get(f.rel) ?? this.checked(f, () => readInto(f.abs, (size) => (this.scratch.length >= size ? this.scratch : (this.scratch = Buffer.allocUnsafe(size)))));
  }

  keep(f: VaultFile, peeked: Buffer): void {
    if (!this.raws.has(f.rel)) this.raws.set(f.rel, Buffer.from(peeked));
  }

  /** Every line of a file. */
  all(f: VaultFile): string[] {
    let entry = this.files.get(f.rel);
    if (!entry?.whole) {
      entry = { lines: splitLines(this.raw(f).toString('utf8')), whole: true };
      this.files.set(f.rel, entry);
    }
    return entry.lines as string[];
  }

  /** The lines of a file, of which at least [from, to) are loaded. */
  range(f: VaultFile, from: number, to: number): (string | undefined)[] {
    const entry = this.files.get(f.rel);
    if (entry?.whole) return entry.lines;
    const chunks = this.view.indexed.get(f.rel)?.chunks;
    if (!chunks || f.kind === 'entity') return this.all(f);
    const lines = entry?.lines ?? [];
    let missing = false;
    for (let i = from; i < to && !missing; i++) missing = lines[i] === undefined;
    if (!missing) return lines;
    const cover = chunks.filter((c) => c.start < to && c.end > from);
    cover.sort((a, b) => a.start - b.start);
    if (!cover.length || cover[0].start > from || cover[cover.length - 1].end < to) return this.all(f);
    const first = cover[0];
    const last = cover[cover.length - 1];
    const buf = this.bytes(f, first.byteStart, last.byteEnd);
    if (!buf) return this.all(f);
    const read = splitLines(this.checked(f, () => buf).toString('utf8'));
    for (let i = 0; i < last.end - first.start; i++) lines[first.start + i] = read[i] ?? '';
    this.files.set(f.rel, { lines, whole: false });
    return lines;
  }

  /** The bytes of an indexed chunk, or undefined when its file changed since it was indexed. */
  chunkBytes(f: VaultFile, chunk: Chunk): Buffer | undefined {
    return this.view.indexed.has(f.rel) && f.kind !== 'entity' ? this.bytes(f, chunk.byteStart, chunk.byteEnd) : undefined;
  }

  /** Bytes [from, to) of an indexed file, through one descriptor per file and search (see `close`). */
  private bytes(f: VaultFile, from: number, to: number): Buffer | undefined {
    let fd = this.fds.get(f.rel);
    if (fd === undefined) {
      try {
        fd = fs.openSync(f.abs, 'r');
      } catch {
        return undefined; // gone since the listing: read whole, it is reported then
      }
      this.fds.set(f.rel, fd);
      if (fs.fstatSync(fd).size !== f.size) this.changed.add(f.rel);
    }
    if (this.changed.has(f.rel)) return undefined;
    const buf = Buffer.allocUnsafe(to - from);
    return buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, from));
  }

  close(): void {
    for (const fd of this.fds.values()) fs.closeSync(fd);
    this.fds.clear();
  }

  private checked(f: VaultFile, read: () => Buffer): Buffer {
    let buf: Buffer;
    try {
      buf = read();
    } catch {
      this.warnings.push(`warning: skipped .CoreSoul/memory/${f.rel}: cannot be read`);
      return Buffer.alloc(0);
    }
    if (buf.includes(0)) {
      this.warnings.push(`warning: skipped .CoreSoul/memory/${f.rel}: not a text file`);
      return Buffer.alloc(0);
    }
    return buf;
  }

  chunks(f: VaultFile): Chunk[] {
    const indexed = this.view.indexed.get(f.rel);
    if (indexed) return indexed.chunks;
    let chunks = this.cut.get(f.rel);
    if (!chunks) {
      // An entity note not indexed yet is mostly date tags: look for hand-written lines before splitting it.
      chunks = f.kind === 'entity' && !hasNoteLines(this.raw(f).toString('latin1')) ? [] : chunkLines(f, this.all(f)).chunks;
      this.cut.set(f.rel, chunks);
    }
    return chunks;
  }

  aliases(f: VaultFile): string[] {
    return this.view.indexed.get(f.rel)?.aliases ?? entityHead(splitLines(this.head(f))).aliases;
  }

  /** The first 4 KiB of a file as Latin-1: enough for front matter. */
  private head(f: VaultFile): string {
    try {
      const fd = fs.openSync(f.abs, 'r');
      try {
        const buf = Buffer.alloc(4096);
        return buf.toString('latin1', 0, fs.readSync(fd, buf, 0, buf.length, 0));
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return '';
    }
  }

  tags(f: VaultFile): string[] {
    return this.view.indexed.get(f.rel)?.tags() ?? dayLinks(this.all(f));
  }
}

function entityNames(view: IndexView, reader: LineReader): EntityName[] {
  return view.files
    .filter((f) => f.entity)
    .map((f) => ({ name: f.entity!.name, rel: f.rel, aliases: reader.aliases(f) }));
}

function inDates(q: Query, day: string): boolean {
  if (!q.days.length && !q.months.length) return true;
  return q.days.includes(day) || q.months.includes(day.slice(0, 7));
}

/** Chunks of the days the query's entities are tagged with (SPEC §4.3), newest day first. */
function entityCandidates(v: Vault, s: Scoring, locked: Concept[], reader: LineReader): Candidate[] {
  const { q } = s;
  const via = new Map<string, string>(); // day → entity that led there
  for (const c of locked) {
    const file = reader.byRel.get(c.entity!.rel);
    if (!file) continue;
    for (const day of reader.tags(file)) if (!via.has(day) && inDates(q, day)) via.set(day, c.entity!.name);
  }
  const byAbs = new Map(reader.view.files.map((f) => [f.abs, f]));
  const byDay = new Map<VaultFile, Map<string, Chunk[]>>();
  const out: Candidate[] = [];
  for (const day of [...via.keys()].sort().reverse()) {
    const loc = dayLocation(v, day, (p) => byAbs.has(p));
    const file = loc && byAbs.get(loc.file);
    if (!file) continue;
    if (!reader.view.indexed.has(file.rel)) {
      out.push(unread(s, file, day, day, via.get(day)));
      continue;
    }
    if (!byDay.has(file)) byDay.set(file, chunksByDay(reader.chunks(file)));
    out.push(...sections(s, file, byDay.get(file)!.get(day) ?? [], via.get(day)));
  }
  return out;
}

function chunksByDay(chunks: Chunk[]): Map<string, Chunk[]> {
  const days = new Map<string, Chunk[]>();
  for (const chunk of chunks) {
    const list = days.get(chunk.day);
    if (list) list.push(chunk);
    else days.set(chunk.day, [chunk]);
  }
  return days;
}

function allCandidates(s: Scoring, view: IndexView, reader: LineReader): Candidate[] {
  const { q } = s;
  const out: Candidate[] = [];
  const dated = q.days.length > 0 || q.months.length > 0;
  for (const file of view.files) {
    if (dated && file.kind === 'entity') continue;
    if (view.indexed.has(file.rel)) {
      out.push(...sections(s, file, reader.chunks(file).filter((chunk) => inDates(q, chunk.day)), file.entity?.name));
      continue;
    }
    const name = /^chronological\/(\d{4}-\d{2})(-\d{2})?\.md$/.exec(file.rel);
    if (dated && !(name && (q.months.includes(name[1]) || q.days.some((d) => d.startsWith(name[1]))))) continue;
    out.push(unread(s, file, name ? `${name[1]}${name[2] ?? '-99'}` : '', undefined, file.entity?.name));
  }
  return out;
}

/** A file not indexed yet: everything may match in it, no later than `day`. */
function unread(s: Scoring, file: VaultFile, day: string, onlyDay?: string, via?: string): Candidate {
  return { file, day, onlyDay, mask: -1, bound: s.total, via };
}

/**
 * A file's chunks grouped by day section, each with the concepts its filter allows (among
 * `within`); chunks that can hold none are left out, and so are sections left empty.
 */
function sections(s: Scoring, file: VaultFile, chunks: Chunk[], via?: string, within = -1): Candidate[] {
  const out: Candidate[] = [];
  let section: Candidate | undefined;
  for (const chunk of chunks) {
    const mask = s.mayHold(chunk, within);
    if (!mask && s.q.concepts.length) continue;
    if (section?.chunks![0].chunk.sectionStart !== chunk.sectionStart) out.push((section = { file, chunks: [], day: chunk.day, mask: 0, bound: 0, via }));
    section.chunks!.push({ chunk, mask });
    section.mask |= mask;
  }
  for (const c of out) c.bound = s.weigh(c.mask);
  return out;
}

/**
 * A quick test on a file's bytes before it is decoded and cut into lines: the concepts of the
 * query that may be in it (see bytesMayHave).
 */
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

const byPromise = (a: Candidate, b: Candidate) => b.bound - a.bound || (a.day < b.day ? 1 : a.day > b.day ? -1 : 0);

/** Visits candidates best-first and stops when `limit` windows beat everything not visited. */
function collect(s: Scoring, candidates: Candidate[], limit: number, reader: LineReader): Window[] {
  const queue = new BestFirst(byPromise, candidates);
  const windows: Window[] = [];
  for (let c = queue.pop(); c && c.bound > 0; c = queue.pop()) {
    if (!c.chunks) {
      // A file not indexed: first a quick look at its bytes, which may lower its bound and put
      // it back in the queue; then its sections, which rank no higher, join the queue.
      const buf = reader.peek(c.file);
      const mask = c.checked ? c.mask : conceptsIn(buf, s.q);
      const bound = buf.length ? s.weigh(mask) : 0;
      if (bound) reader.keep(c.file, buf);
      if (bound && bound < c.bound) queue.add([{ ...c, mask, bound, checked: true }]);
      else if (bound) {
        const chunks = reader.chunks(c.file).filter((k) => (c.onlyDay === undefined ? inDates(s.q, k.day) : k.day === c.onlyDay));
        queue.add(sections(s, c.file, chunks, c.via, mask));
      }
      continue;
    }
    for (const chunk of c.chunks) {
      // The filter may be wrong (all of a phrase's words, not the phrase): a look at the bytes is cheaper than lines.
      const bytes = s.q.concepts.length ? reader.chunkBytes(c.file, chunk.chunk) : undefined;
      const mask = bytes ? chunk.mask & conceptsIn(bytes, s.q) : chunk.mask;
      if (!mask && s.q.concepts.length) continue;
      const lines = reader.range(c.file, Math.max(chunk.chunk.sectionStart, chunk.chunk.start - CONTEXT_LINES), Math.min(chunk.chunk.sectionEnd, chunk.chunk.end + CONTEXT_LINES));
      windows.push(...windowsIn(s, c, chunk.chunk, mask, lines));
    }
    const next = queue.peek();
    if (!next || windows.length < limit) continue;
    const beaten = windows.filter((w) => w.weight > next.bound || (w.weight === next.bound && w.day >= next.day)).length;
    if (beaten >= limit) break;
  }
  return windows;
}

/** The lines of a chunk with a concept among `mask`, each with its context, merged where they overlap. */
function windowsIn(s: Scoring, c: Candidate, chunk: Chunk, mask: number, lines: (string | undefined)[]): Window[] {
  const { q } = s;
  const out: Window[] = [];
  const end = Math.min(chunk.end, lines.length);
  for (let i = chunk.start; i < end; i++) {
    const line = lines[i] ?? '';
    if (!line.trim() || !searchableLine(c.file.kind, line)) continue;
    let found = 0;
    if (q.concepts.length) {
      const lower = line.toLowerCase();
      q.concepts.forEach((concept, k) => {
        if (mask & (1 << k) && concept.needles.some((n) => lineHas(lower, n))) found |= 1 << k;
      });
      if (!found) continue;
    }
    const weight = s.weigh(found);
    const start = Math.max(chunk.sectionStart, i - CONTEXT_LINES);
    const stop = Math.min(chunk.sectionEnd, lines.length, i + CONTEXT_LINES + 1);
    const last = out[out.length - 1];
    if (last && start <= last.end) {
      last.end = Math.max(last.end, stop);
      last.mask |= found;
      last.weight = s.weigh(last.mask);
      if (weight > last.bestWeight) Object.assign(last, { best: i, bestWeight: weight });
    } else {
      out.push({ file: c.file, day: chunk.day, sectionStart: chunk.sectionStart, start, end: stop, mask: found, weight, best: i, bestWeight: weight, via: c.via });
    }
  }
  return out;
}

/** Merges windows of the same day that overlap or touch (they may come from adjacent chunks). */
function merge(s: Scoring, windows: Window[]): Window[] {
  const groups = new Map<string, Window[]>();
  for (const w of windows) {
    const key = `${w.file.rel}\u0000${w.sectionStart}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(w);
  }
  const out: Window[] = [];
  for (const group of groups.values()) {
    group.sort((a, b) => a.start - b.start);
    let cur = group[0];
    for (const w of group.slice(1)) {
      if (w.start <= cur.end) {
        cur = {
          ...cur,
          end: Math.max(cur.end, w.end),
          mask: cur.mask | w.mask,
          weight: s.weigh(cur.mask | w.mask),
          ...(w.bestWeight > cur.bestWeight && { best: w.best, bestWeight: w.bestWeight }),
        };
      } else {
        out.push(cur);
        cur = w;
      }
    }
    out.push(cur);
  }
  return out;
}

function rank(windows: Window[]): Window[] {
  return windows.sort(
    (a, b) =>
      b.weight - a.weight ||
      (a.day < b.day ? 1 : a.day > b.day ? -1 : 0) ||
      (a.file.rel < b.file.rel ? -1 : a.file.rel > b.file.rel ? 1 : 0) ||
      a.start - b.start,
  );
}

function toHit(s: Scoring, w: Window, start: number, end: number, lines: (string | undefined)[], cut?: number): SearchHit {
  const named = s.q.concepts.find((c, i) => c.entity && w.mask & (1 << i))?.entity?.name;
  const blank = (i: number) => !lines[i]?.trim();
  while (end - start > 1 && blank(start)) start++;
  while (end - start > 1 && blank(end - 1)) end--;
  let text = lines.slice(start, end).join('\n');
  if (cut !== undefined) text = `${text.slice(0, cut)}…`;
  return {
    file: `.CoreSoul/memory/${w.file.rel}`,
    line: start + 1,
    date: w.day || null,
    entity: w.file.entity?.name ?? named ?? w.via ?? null,
    text,
    score: s.score(w.mask),
  };
}

/** Takes ranked windows while they fit the budget; a window that does not fit shrinks around its best line. */
function fit(windows: Window[], s: Scoring, maxTokens: number, limit: number, reader: LineReader): SearchHit[] {
  const out: SearchHit[] = [];
  let used = 0;
  for (const w of windows) {
    if (out.length >= limit) break;
    const room = maxTokens - used - (out.length ? 1 : 0); // "\n\n" between hits is one token
    if (room <= 0) break;
    const lines = reader.range(w.file, w.start, w.end);
    let hit = toHit(s, w, w.start, w.end, lines);
    let cost = countTokens(renderHit(hit));
    if (cost > room) {
      // Keep the best line with its context before it, and as many lines after it as fit.
      const fits = (start: number, end: number) => countTokens(renderHit(toHit(s, w, start, end, lines))) <= room;
      for (const start of [Math.max(w.start, w.best - CONTEXT_LINES), w.best]) {
        if (!fits(start, w.best + 1)) continue;
        let lo = w.best + 1;
        let hi = w.end;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (fits(start, mid)) lo = mid;
          else hi = mid - 1;
        }
        hit = toHit(s, w, start, lo, lines);
        cost = countTokens(renderHit(hit));
        break;
      }
    }
    if (cost > room) {
      // One line longer than the room left: keep as much of its start as fits.
      let lo = 0;
      let hi = (lines[w.best] ?? '').length;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (countTokens(renderHit(toHit(s, w, w.best, w.best + 1, lines, mid))) <= room) lo = mid;
        else hi = mid - 1;
      }
      hit = toHit(s, w, w.best, w.best + 1, lines, lo);
      cost = countTokens(renderHit(hit));
      if (lo < Math.min(MIN_CUT_CHARS, (lines[w.best] ?? '').length) || cost > room) break; // a stub helps no one
    }
    out.push(hit);
    used += cost + (out.length > 1 ? 1 : 0);
  }
  // Token counts of parts need not add up exactly across the joins: check the whole.
  while (out.length && countTokens(renderHits(out)) > maxTokens) out.pop();
  return out;
}

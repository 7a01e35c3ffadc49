/**
 * MemorySearch (docs/search.md): the few lines that answer a query, never whole files.
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
import { dayLocation } from '../vault/days';
import { inputError } from '../shared/errors';
import { type Concept, type EntityName, type Query, parseQuery } from './query';
import type { Chunk } from './index/chunks';
import { type VaultFile, searchableLine } from './index/files';
import { type IndexView, refreshIndex } from './index/refresh';
import { BestFirst } from './bestFirst';
import { LineReader } from './lineReader';
import { DEFAULT_INDEX_BUDGET_MS, DEFAULT_LIMIT, DEFAULT_MAX_TOKENS, type SearchHit, type SearchOptions, type SearchResult, renderHit, renderHits } from './result';
import { Scoring } from './score';
import { TOKENIZER, countTokens } from '../shared/tokens';
import { type Vault, shownMemoryPath } from '../vault/layout';
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

/** Searches the vault. Synchronous: it reads files and counts tokens, nothing else. */
export function searchMemory(v: Vault, query: string, opts: SearchOptions = {}): SearchResult {
  const maxTokens = checkCount('maxTokens', opts.maxTokens ?? DEFAULT_MAX_TOKENS, 1_000_000);
  const limit = checkCount('limit', opts.limit ?? DEFAULT_LIMIT, 1000);
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

function checkCount(field: string, n: number, max: number): number {
  if (!Number.isInteger(n) || n < 1 || n > max) throw inputError(`expected a whole number from 1 to ${max}, got ${n}`, field);
  return n;
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

/** Chunks of the days the query's entities are tagged with (docs/search.md), newest day first. */
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
    file: shownMemoryPath(w.file.rel),
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

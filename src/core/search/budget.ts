/**
 * Stage 5 of a search (docs/search.md#sharing-the-budget): ranked lines become snippets until
 * the token budget is spent. The best line first; each later pick is the best line left, worth a
 * little less for every hit already taken from its day (so an answer that spans sessions shows
 * several). The first hits get the most context (4 lines before, 5 after), later ones less;
 * when five days or more answer about as well as the best (an answer spread over time) and the
 * query names no time, the hits from the sixth on show only their line and the one after it, so
 * more days fit. A line already
 * shown is skipped, and so is one that says again what a shown line says (a
 * summary and the raw line it came from). A pick next to a snippet grows it, up to
 * MAX_SNIPPET_LINES, instead of opening another. What does not fit is tried with less context,
 * then alone. Page N continues where page N−1 stopped.
 */
import { countTokens } from '../shared/tokens';
import { shownMemoryPath } from '../vault/layout';
import { shownPath } from './index/files';
import { type Author, authorMarker, lineAuthor } from '../vault/dayEntries';
import { type About, currentFirst, entryAt, laterStatements } from './current';
import { type ScoredLine, isEntry } from './rank';
import { type SearchHit, renderHit, renderHits } from './result';

/** Context [before, after] by the rank of the hit; the last pair holds for every later one. */
const CONTEXT: [number, number][] = [
  [4, 5],
  [3, 4],
  [2, 3],
  [1, 2],
  [1, 1],
];
/**
 * An answer is spread over time when at least SPREAD_DAYS days hold a line scoring SPREAD_SHARE of
 * the best line's or more ("What activities does Melanie do?": many sessions answer, none clearly
 * best). Its later hits are more days rather than more lines of one: from the sixth on, a hit shows
 * its line and the one after it (what answered it) instead of one line either side. Not for a query
 * that names or implies a time: it asks what was so then, and the lines around a hit of that time
 * are what happened then.
 */
const SPREAD_DAYS = 5;
const SPREAD_SHARE = 0.5;
const SPREAD_CONTEXT: [number, number][] = [...CONTEXT, [0, 1]];
/** The budget the context above is for (the default answer's); a smaller budget shrinks it in proportion. */
const FULL_CONTEXT_TOKENS = 2000;
/** A hit's score counts this much less for each hit already taken from its day. */
const SAME_DAY = 0.8;
const MAX_SNIPPET_LINES = 12;
/** Picks that did not fit before a page is closed. */
const MAX_MISSES = 20;
/** A line cut shorter than this helps no one. */
const MIN_CUT_CHARS = 24;

export interface BudgetOptions {
  maxTokens: number;
  limit: number;
  page: number;
  /** The commit each raw day was recovered from (compress/rawDays.ts). */
  rawCommits: () => Map<string, string>;
  /** What of the query a ranked line says: snippets about the same subject put the newer first (current before stale, current.ts). */
  about?: About;
  /** The file (relative to the memory folder) and 1-based line that hold a compressed day now. */
  holder: (day: string) => { rel: string; line: number };
  /** The query names or implies a time: it asks what was so then, not about something spread over time. */
  timed?: boolean;
  /** Lines that come with the line above them (the fix after an error's report, fixes.ts): not discounted for its day. */
  along?: ReadonlySet<ScoredLine>;
}

export interface Shared {
  hits: SearchHit[];
  /** Matching lines no page up to this one has shown. */
  more: number;
}

interface Snippet {
  line: ScoredLine;
  start: number;
  end: number;
  /** A single line longer than the whole room, cut after this many characters. */
  cut?: number;
}

const TIME_PREFIX = /^\s*[-*]\s+(?:\d{2}:\d{2}(?::\d{2})?\s+)?/;
/** Provenance and author markers: who wrote a line, not what it says. */
const MARKERS = /\[(?:from|by) [^\]\n]*\] /g;
/** What a line says, without its bullet, time and who wrote it: a summary repeats raw lines word for word. */
const sayingOf = (line: string) => line.replace(TIME_PREFIX, '').replace(MARKERS, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim().slice(0, 80);
/** An entry's day and minute (`10:10` of `- 10:10:54 …`): a summary keeps the minute of the raw entry it came from. */
const minuteOf = (line: string, day: string | null) => {
  const m = /^\s*[-*]\s+(\d{1,2}:\d{2})/.exec(line);
  return m && day ? `${day} ${m[1]}` : undefined;
};

/** What the lines shown so far say (`say`, `hasSaid`): a line that says it again is no new answer. */
export type Said = Set<string>;
/** A line cut short, as a summary cuts an entry: it ends in `…`. */
const isCut = (line: string) => /…\s*$/.test(line);
export function say(said: Said, line: string, day: string | null): void {
  const saying = sayingOf(line);
  said.add(saying);
  const minute = minuteOf(line, day);
  if (minute) said.add(`${minute}|${isCut(line) ? '…' : ' '}${saying}`);
}
/**
 * Whether a line says again what a shown one says: the same words, or, at the same minute of its
 * day, the words of a line cut short that begin with the other's or that the other's begin with (a
 * summary joins an entry's lines into one and cuts it: "10:10 … in Test RabbitMQ.Client…" is the
 * entry whose head says "10:10:54 … in Test", its trace below). A longer line not cut says more:
 * "… (archived from …)".
 */
export function hasSaid(said: Said, line: string, day: string | null): boolean {
  const saying = sayingOf(line);
  if (said.has(saying)) return true;
  const minute = minuteOf(line, day);
  if (!minute || saying.length < MIN_CUT_CHARS) return false;
  const key = `${minute}|`;
  const cut = isCut(line);
  for (const s of said) {
    if (!s.startsWith(key) || s.length - key.length - 1 < MIN_CUT_CHARS) continue;
    const shown = s.slice(key.length + 1);
    if ((s[key.length] === '…' && shown.startsWith(saying)) || (cut && saying.startsWith(shown))) return true;
  }
  return false;
}
const keyOf = (l: ScoredLine, i: number) => `${l.block.file.rel}#${i}`;

/** The head line of the entry that line `i` continues (an indented line after an entry), when it is above `i` in the section and read. */
function entryHead(block: ScoredLine['block'], i: number): number | undefined {
  const j = entryAt(block, i).from;
  return j < i && isEntry(block.lines[j] ?? '') ? j : undefined;
}

export function shareBudget(scored: ScoredLine[], opts: BudgetOptions): Shared {
  const shown = new Set<string>();
  const said: Said = new Set();
  const top = scored[0]?.score || 1;
  const done = new Uint8Array(scored.length);
  const cite = citation(opts, top);
  const context = !opts.timed && spreadOverDays(scored) ? SPREAD_CONTEXT : CONTEXT;
  // Later statements of the best line's subject are not discounted for their day (current.ts), nor is what comes along with a line.
  const undiscounted = new Set([...(opts.about ? laterStatements(scored, opts.about) : []), ...(opts.along ?? [])]);
  let hits: SearchHit[] = [];
  for (let page = 1; page <= opts.page; page++) {
    const perDay = new Map<string, number>();
    const snippets: Snippet[] = [];
    let used = 0;
    let misses = 0;
    // What comes along with a line and did not fit: the page goes on without it (perhaps on the next).
    const leftBehind: number[] = [];
    while (snippets.length < opts.limit) {
      let best = -1;
      let bestScore = 0;
      for (let k = 0; k < scored.length; k++) {
        if (done[k]) continue;
        if (scored[k].score <= bestScore) break; // sorted: nothing later beats it, even undiscounted
        const worth = scored[k].score * SAME_DAY ** (undiscounted.has(scored[k]) ? 0 : (perDay.get(scored[k].block.day) ?? 0));
        if (worth > bestScore) [best, bestScore] = [k, worth];
      }
      if (best < 0) break;
      done[best] = 1;
      const hit = scored[best];
      const { block, i } = hit;
      // (A trace line under an entry is shown with its head: the head's words count too.)
      const headOfHit = entryHead(block, i);
      if (shown.has(keyOf(hit, i)) || [i, headOfHit].some((j) => j !== undefined && hasSaid(said, block.lines[j] ?? '', block.day))) continue;
      // A smaller budget (a hook's, a topic's share) gives each hit less context, in proportion: room for more hits.
      const [before, after] = context[Math.min(snippets.length, context.length - 1)].map((n) => Math.round(n * (Math.min(opts.maxTokens, FULL_CONTEXT_TOKENS) / FULL_CONTEXT_TOKENS) ** 2));
      // The run of lines around the hit not shown yet, within its day section.
      const lo = Math.max(block.sectionStart, i - before);
      const hi = Math.min(block.sectionEnd, block.lines.length, i + after + 1);
      let s = i;
      let e = i + 1;
      while (s > lo && !shown.has(keyOf(hit, s - 1)) && block.lines[s - 1] !== undefined) s--;
      while (e < hi && !shown.has(keyOf(hit, e)) && block.lines[e] !== undefined) e++;
      // A continuation line (a pasted trace under an entry) is shown with the head of its entry: what the entry is.
      // A long entry (a block of JSON, a trace) gives up lines after its hit for its head, never the head.
      const head = entryHead(block, s);
      if (head !== undefined && i - head < MAX_SNIPPET_LINES && !shown.has(keyOf(hit, head))) {
        s = head;
        e = Math.min(e, head + MAX_SNIPPET_LINES);
      }
      const room = opts.maxTokens - used;
      const near = snippets.find((p) => p.line.block.file === block.file && p.line.block.sectionStart === block.sectionStart && s <= p.end && e >= p.start);
      const tryRun = (from: number, to: number): { snippet: Snippet; cost: number } | undefined => {
        if (near && Math.max(near.end, to) - Math.min(near.start, from) <= MAX_SNIPPET_LINES) {
          const grown = { ...near, start: Math.min(near.start, from), end: Math.max(near.end, to) };
          const cost = countTokens(renderHit(cite(grown))) - countTokens(renderHit(cite(near)));
          return cost <= room ? { snippet: grown, cost } : undefined;
        }
        const snippet = { line: hit, start: from, end: to };
        const cost = countTokens(renderHit(cite(snippet))) + (snippets.length ? 1 : 0); // the blank line between hits
        return cost <= room ? { snippet, cost } : undefined;
      };
      const taken = tryRun(s, e) ?? tryRun(Math.max(s, i - 1), Math.min(e, i + 2)) ?? tryRun(i, i + 1) ?? (snippets.length ? undefined : cutToFit(hit, room, cite));
      if (!taken) {
        if (opts.along?.has(hit)) {
          leftBehind.push(best);
          continue;
        }
        done[best] = 0; // perhaps on the next page
        if (++misses > MAX_MISSES) break;
        continue;
      }
      for (let j = taken.snippet.start; j < taken.snippet.end; j++) {
        shown.add(keyOf(hit, j));
        say(said, block.lines[j] ?? '', block.day);
      }
      if (near && taken.snippet.line === near.line) Object.assign(near, taken.snippet);
      else snippets.push(taken.snippet);
      used += taken.cost;
      perDay.set(block.day, (perDay.get(block.day) ?? 0) + 1);
    }
    // Current before stale: an older snippet that a newer one above replaces says so (`earlier`); its mark counts in the budget.
    hits = currentFirst(snippets, opts.about).map(({ snippet, earlier }) => ({ ...cite(snippet), ...(earlier && { earlier }) }));
    if (hits.some((h) => h.earlier)) while (hits.length > 1 && countTokens(renderHits(hits)) > opts.maxTokens) hits.pop();
    for (const k of leftBehind) done[k] = 0;
    if (!snippets.length) break;
  }
  let more = 0;
  for (let k = 0; k < scored.length; k++) if (!done[k] && !shown.has(keyOf(scored[k], scored[k].i))) more++;
  return { hits, more };
}

/** Whether SPREAD_DAYS days or more hold a line scoring at least SPREAD_SHARE of the best line's. */
function spreadOverDays(scored: readonly ScoredLine[]): boolean {
  const top = scored.reduce((m, l) => Math.max(m, l.score), 0);
  const days = new Set<string>();
  for (const l of scored) {
    if (l.block.day && l.score >= SPREAD_SHARE * top) days.add(l.block.day);
    if (days.size >= SPREAD_DAYS) return true;
  }
  return false;
}

/** The start of a line longer than the whole budget, as much as fits (never a stub). */
function cutToFit(hit: ScoredLine, room: number, cite: (p: Snippet) => SearchHit): { snippet: Snippet; cost: number } | undefined {
  const length = (hit.block.lines[hit.i] ?? '').length;
  const costOf = (cut: number) => countTokens(renderHit(cite({ line: hit, start: hit.i, end: hit.i + 1, cut })));
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (costOf(mid) <= room) lo = mid;
    else hi = mid - 1;
  }
  if (lo < Math.min(MIN_CUT_CHARS, length)) return undefined;
  return { snippet: { line: hit, start: hit.i, end: hit.i + 1, cut: lo }, cost: costOf(lo) };
}

/**
 * How a snippet is cited: the file and line of its best line (the one that matched, not the
 * snippet's first), its day and entity. A raw day's lines (a compressed day, kept from the vault
 * history) are cited by the file that holds that day now — its L2 file, or the `## day` section
 * of its L3 month — since its own day file is gone.
 */
function citation(opts: BudgetOptions, top: number): (p: Snippet) => SearchHit {
  return (p) => {
    const { block, score, i } = p.line;
    let { start, end } = p;
    const skip = (j: number) => !block.lines[j]?.trim() || /^#{1,6}\s/.test(block.lines[j] ?? '');
    while (end - start > 1 && start < i && skip(start)) start++;
    while (end - start > 1 && end - 1 > i && skip(end - 1)) end--;
    const raw = block.file.kind === 'raw';
    const now = raw ? opts.holder(block.day) : undefined;
    const author = authorOf(block.lines, i);
    // The author is a field of the hit: a line that shares its marker does not repeat it.
    const marker = author?.name ? ` ${authorMarker(author)}` : undefined;
    const lines = block.lines.slice(start, end).map((l) => (marker && l?.includes(marker) ? l.replace(marker, ' ') : l));
    return {
      file: now ? shownMemoryPath(now.rel) : shownPath(block.file),
      line: now ? now.line : i + 1,
      start: start + 1,
      date: block.day || null,
      entity: block.file.entity?.name ?? block.via ?? null,
      text: p.cut === undefined ? lines.join('\n') : `${(lines[0] ?? '').slice(0, p.cut)}…`,
      score: Math.round((score / top) * 1000) / 1000,
      author,
      ...(raw && { from: `history ${opts.rawCommits().get(block.day) ?? 'cache'}` }),
    };
  };
}

/**
 * Who wrote line `i` of a block: the entry, summary line or date tag it is, or the entry whose
 * continuation it is (within the lines read); null for anything else.
 */
export function authorOf(lines: readonly (string | undefined)[], i: number): Author | null {
  for (let j = i; j >= 0; j--) {
    const line = lines[j];
    if (line === undefined) return null;
    const a = lineAuthor(line);
    if (a) return a;
    if (!(line.startsWith('  ') || (!line.trim() && j < i))) return null; // not a continuation line
  }
  return null;
}

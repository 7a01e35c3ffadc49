/**
 * What a memory search answers and how it is shown, apart from the search itself: the CLI's
 * quick path (src/cli/quickSearch.ts) prints a warm server's answer with these alone.
 */
import { type Author, authorLabel } from '../vault/dayEntries';
import { CITED_DIR } from '../vault/layout';

export const DEFAULT_MAX_TOKENS = 2000;
export const DEFAULT_LIMIT = 20;
/**
 * A search spends at most this long bringing the index up to date, and searches the files left
 * over without it: the first search in a large vault stays quick. A long-lived process builds
 * the whole index in the background (`buildIndex`).
 */
export const DEFAULT_INDEX_BUDGET_MS = 300;

export interface SearchHit {
  /** Relative to the workspace root. */
  file: string;
  /** 1-based line in `file` of the line that matched best (for a compressed day: where its day starts). */
  line: number;
  /** 1-based line of the first line of `text` in `file` (for a compressed day: in its day file as history holds it). */
  start: number;
  /** The day the snippet belongs to, or null (an entity's own notes). */
  date: string | null;
  /** The entity the snippet was found through or belongs to, or null. */
  entity: string | null;
  text: string;
  /** The snippet's best line's rank score as a share of the best answer's, 0–1 (1: the best). */
  score: number;
  /** For the raw lines of a compressed day, recovered from the vault history: `history <commit>`. */
  from?: string;
  /**
   * Who wrote the line cited (docs/memory.md#authors), or null for a line that is no entry (an
   * entity's own notes, a heading). Its marker is left out of the snippet's lines that share it.
   */
  author: Author | null;
  /**
   * Set when a newer hit above it, about the same subject, says it changed or what it is now
   * (current before stale, docs/search.md#ranking): that hit's day. This one is what was so earlier.
   */
  earlier?: string;
  /** When its best line sank because nothing served it for a while (search/decay.ts): for how many days, and its score's factor. */
  unused?: { days: number; factor: number };
}

export interface SearchResult {
  query: string;
  /** The project branch whose memory was searched (docs/sync.md#branches); absent outside a git project. */
  branch?: string;
  /** Branches with memory whose entries the search left out (not merged into `branch`). */
  hidden?: string[];
  /** Tokens of the rendered results (`renderHits`), never above the budget. */
  tokens: number;
  tokenizer: string;
  results: SearchHit[];
  /** Lines that matched, before the budget and the limit cut them. */
  matched: number;
  /** Matching lines no page up to this one has shown: ask for `nextPage` (`--page N`) to see them. */
  more?: number;
  nextPage?: number;
  /** The topics of a prompt that asks several things (search/prompt.ts) that found nothing. */
  missing?: string[];
  /** Files skipped (binary, too large), index rebuilt: for a person, not the model. */
  warnings: string[];
}

export interface SearchOptions {
  maxTokens?: number;
  limit?: number;
  /** Milliseconds the call may spend bringing the index up to date (default DEFAULT_INDEX_BUDGET_MS; 0: none). */
  indexBudgetMs?: number;
  /**
   * Told, once the index is read and before the search goes on, how many files it left out (not
   * indexed yet, or changed since), when there are any: a caller may bring the index up to date
   * elsewhere meanwhile (the CLI, on a worker thread). Not called when the search refuses its input.
   */
  onPending?: (files: number) => void;
  /** Which part of the answer: 1 the best; N what pages 1…N−1 left out. */
  page?: number;
  /** Search the memory of this project branch rather than the current one (an unmerged or deleted branch's entries). */
  branch?: string;
  /** Today (`YYYY-MM-DD`), for relative times in the query ("last week"); default: the system's. */
  today?: string;
  /** Only lines this author wrote: a person's name, an agent or host, an origin, a machine (`authorMatches`). */
  author?: string;
  /** Search the archived memories too (memory/archive/, docs/truth.md#archiving). */
  archived?: boolean;
  /**
   * How the answer is shown, when not as `renderHits` (the CLI's text: a label and quoted lines,
   * context/recorded.ts): the budget then counts exactly this text, what it adds around the hits
   * (`render([])`) reserved first. `tokens` counts it too.
   */
  render?: (hits: SearchHit[]) => string;
}

/** How a hit is shown to a person or a model; the budget counts exactly this text. */
export function renderHit(h: SearchHit): string {
  return `${citing(h, h.entity)}\n${h.text}`;
}

/**
 * What a citation names of a snippet (a search hit, a recalled snippet): its file (relative to the
 * workspace root) and the line that matched, its day, who wrote that line, the history its raw
 * lines come from (not in `file` now), the day of a newer snippet that replaces it.
 */
export type Citable = Pick<SearchHit, 'file' | 'line' | 'date' | 'from' | 'earlier'> & { author?: Author | null };

/**
 * A snippet's citation, without its brackets: `2025-02.md:140 · 2025-02-12 · by … · from history … ·
 * earlier than …`, with the `entity` it was found through after its day when given (the budget's
 * text). A day or month file of the memory is named without its folder (said once above the
 * citations), any other file by its path from the workspace root; a day file (a personal one too)
 * without its day again. Citations take a good share of an answer's tokens: what they repeat is
 * room for another memory.
 */
export function citing(h: Citable, entity?: string | null): string {
  const name = h.file.startsWith(CITED_DIR) && !h.file.includes('/', CITED_DIR.length) ? h.file.slice(CITED_DIR.length) : h.file;
  const date = h.date && !h.file.endsWith(`/${h.date}.md`) ? ` · ${h.date}` : '';
  return `${name}:${h.line}${date}${entity ? ` · ${entity}` : ''}${h.author ? ` · by ${authorLabel(h.author)}` : ''}${h.from ? ` · from ${h.from}` : ''}${h.earlier ? ` · earlier than ${h.earlier}` : ''}`;
}

export function renderHits(hits: SearchHit[]): string {
  return hits.map(renderHit).join('\n\n');
}

/** What an answer says of the topics of a prompt that found nothing. */
export const foundNothingFor = (topics: string[]) => `found nothing for: ${topics.map((t) => `"${t}"`).join('; ')}`;

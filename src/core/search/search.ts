/**
 * MemorySearch (docs/search.md): the few lines that answer a query, never whole files, as a
 * pipeline whose stages each hand their result on:
 *
 * 1. parse the query — entities, phrases, identifiers, dates, words (query.ts, dates.ts);
 * 2. find the candidate chunks in the index, most promising first (candidates.ts, index/);
 * 3. read their lines with context (lineReader.ts);
 * 4. rank every candidate line with BM25 over stemmed words, favouring days the query names or
 *    its entities are tagged with (rank.ts, terms.ts);
 * 5. share the token budget among the best lines, counted with a named tokenizer, page by page
 *    (budget.ts);
 * 6. cite each snippet by file, line and day (result.ts); the raw lines of a compressed day,
 *    kept from the vault history (compress/rawDays.ts), are cited as its day file, from history.
 */
import { localDay } from '../shared/clock';
import { inputError } from '../shared/errors';
import { TOKENIZER, countTokens } from '../shared/tokens';
import type { Vault } from '../vault/layout';
import { ensureRawDays, rawDayCommits } from '../compress/rawDays';
import { shareBudget } from './budget';
import { findCandidates, isSearchable } from './candidates';
import { queryDates } from './dates';
import type { IndexView } from './index/refresh';
import { refreshIndex } from './index/refresh';
import { LineReader } from './lineReader';
import { type EntityName, lookupQuery, parseQuery } from './query';
import { rankLines } from './rank';
import { DEFAULT_INDEX_BUDGET_MS, DEFAULT_LIMIT, DEFAULT_MAX_TOKENS, type SearchOptions, type SearchResult, renderHits } from './result';

export { DEFAULT_LIMIT, DEFAULT_MAX_TOKENS, type SearchHit, type SearchOptions, type SearchResult, renderHit, renderHits } from './result';

/** Searches the vault. Synchronous: it reads files and counts tokens, nothing else. */
export function searchMemory(v: Vault, query: string, opts: SearchOptions = {}): SearchResult {
  const maxTokens = checkCount('maxTokens', opts.maxTokens ?? DEFAULT_MAX_TOKENS, 1_000_000);
  const limit = checkCount('limit', opts.limit ?? DEFAULT_LIMIT, 1000);
  const page = checkCount('page', opts.page ?? 1, 1000);
  ensureRawDays(v);
  const view = refreshIndex(v, { budgetMs: opts.indexBudgetMs ?? DEFAULT_INDEX_BUDGET_MS });
  const reader = new LineReader(view);
  try {
    const q = parseQuery(query, entityNames(view, reader));
    // Only punctuation (`.*[(`): literal text that no word of the vault can match.
    if (!q.concepts.length && !q.days.length && !q.months.length) return { query: q.text, tokens: 0, tokenizer: TOKENIZER, results: [], matched: 0, warnings: view.warnings };
    const dateDays = queryDates(q, opts.today ?? localDay(new Date()));
    const lookup = lookupQuery(q);
    const rank = (byEntities: boolean) => {
      const { blocks, totalLines, entityDays, lock } = findCandidates(v, q, lookup, view, reader, dateDays, byEntities);
      return rankLines({ q, lookup, blocks, totalLines, dateDays, entityDays, lock, searchable: isSearchable });
    };
    let ranked = rank(false);
    if (!ranked.length && q.concepts.some((c) => c.entity)) ranked = rank(true); // the words found nothing: the entities' lines
    const { hits, more } = shareBudget(ranked, { maxTokens, limit, page, rawCommits: () => rawDayCommits(v) });
    // Token counts of parts need not add up exactly across the joins: check the whole.
    while (hits.length && countTokens(renderHits(hits)) > maxTokens) hits.pop();
    return {
      query: q.text,
      tokens: countTokens(renderHits(hits)),
      tokenizer: TOKENIZER,
      results: hits,
      matched: ranked.length,
      ...(more && { more, nextPage: page + 1 }),
      warnings: [...view.warnings, ...reader.warnings],
    };
  } finally {
    reader.close();
  }
}

function checkCount(field: string, n: number, max: number): number {
  if (!Number.isInteger(n) || n < 1 || n > max) throw inputError(`expected a whole number from 1 to ${max}, got ${n}`, field);
  return n;
}

function entityNames(view: IndexView, reader: LineReader): EntityName[] {
  return view.files.filter((f) => f.entity).map((f) => ({ name: f.entity!.name, rel: f.rel, aliases: reader.aliases(f) }));
}

/**
 * The search pipeline as the context builder's and chat's source of relevant memories. A secret
 * written before the firewall (docs/trust.md#secrets) is redacted here too: never shown to the
 * model nor in chat.
 */
import type { Recall } from './context';
import { type SearchOptions, type SearchResult, searchMemory } from '../search/search';
import { type Vault, rel } from '../vault/layout';
import { rawDayFile } from '../compress/rawDays';
import { shown } from '../safety/secrets';

/** How the search is run: in this process, or by a warm search server (the CLI's hook). */
export type Search = (query: string, opts: SearchOptions) => SearchResult | Promise<SearchResult>;

export function recallFrom(v: Vault, search: Search = (query, opts) => searchMemory(v, query, opts)): Recall {
  return async (query, maxTokens, page) => {
    const r = await search(query, { maxTokens, page });
    // The search redacts too; a search server started by an older build may not.
    const snippets = r.results.map((h) => ({
      file: h.file,
      line: h.line,
      start: h.start,
      date: h.date ?? 'undated',
      text: shown(h.text),
      ...(h.from && h.date && { from: shown(h.from), open: rel(v, rawDayFile(v, h.date)), openLine: h.start }),
      ...(h.earlier && { earlier: h.earlier }),
    }));
    return { snippets, more: r.more ?? 0, ...(r.missing?.length && { missing: r.missing }) };
  };
}

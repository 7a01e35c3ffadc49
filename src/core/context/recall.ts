/** The search pipeline as the context builder's source of relevant memories. */
import type { Recall } from './context';
import { searchMemory } from '../search/search';
import { type Vault, rel } from '../vault/layout';
import { rawDayFile } from '../compress/rawDays';

export function recallFrom(v: Vault): Recall {
  return async (query, maxTokens, page) => {
    const r = searchMemory(v, query, { maxTokens, page });
    const snippets = r.results.map((h) => ({
      file: h.file,
      line: h.line,
      date: h.date ?? 'undated',
      text: h.text,
      ...(h.from && h.date && { from: h.from, open: rel(v, rawDayFile(v, h.date)) }),
    }));
    return { snippets, more: r.more ?? 0 };
  };
}

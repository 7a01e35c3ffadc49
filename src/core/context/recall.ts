/** The search pipeline as the context builder's source of relevant memories. */
import type { Recall } from './context';
import { searchMemory } from '../search/search';
import type { Vault } from '../vault/layout';

export function recallFrom(v: Vault): Recall {
  return async (query, maxTokens, page) => {
    const r = searchMemory(v, query, { maxTokens, page });
    return { snippets: r.results.map((h) => ({ file: h.file, line: h.line, date: h.date ?? 'undated', text: h.text })), more: r.more ?? 0 };
  };
}

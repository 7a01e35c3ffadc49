/** The search pipeline as the context builder's source of relevant memories. */
import type { Recall } from './context';
import { searchMemory } from '../search/search';
import type { Vault } from '../vault/layout';

export function recallFrom(v: Vault): Recall {
  return async (query, maxTokens) =>
    searchMemory(v, query, { maxTokens }).results.map((h) => ({ file: h.file, line: h.line, date: h.date ?? 'undated', text: h.text }));
}

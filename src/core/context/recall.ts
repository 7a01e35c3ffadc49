/**
 * The search pipeline as the context builder's and chat's source of relevant memories. A secret
 * written before the firewall (docs/trust.md#secrets) is redacted here too: never shown to the
 * model nor in chat.
 */
import type { Recall } from './context';
import { searchMemory } from '../search/search';
import { type Vault, rel } from '../vault/layout';
import { rawDayFile } from '../compress/rawDays';
import { redactSecrets } from '../safety/secrets';

export function recallFrom(v: Vault): Recall {
  return async (query, maxTokens, page) => {
    const r = searchMemory(v, query, { maxTokens, page });
    const snippets = await Promise.all(
      r.results.map(async (h) => ({
        file: h.file,
        line: h.line,
        date: h.date ?? 'undated',
        text: (await redactSecrets(h.text)).text,
        ...(h.from && h.date && { from: h.from, open: rel(v, rawDayFile(v, h.date)) }),
      })),
    );
    return { snippets, more: r.more ?? 0 };
  };
}

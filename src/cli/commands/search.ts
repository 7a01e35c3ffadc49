import { inputError } from '../../core/errors';
import { DEFAULT_LIMIT, DEFAULT_MAX_TOKENS, renderHits, searchMemory } from '../../core/search';
import { openVault } from '../../core/vault';
import type { Command } from '../command';

/** A CLI call spends at most this long indexing; files left over are searched directly. */
const INDEX_BUDGET_MS = 300;

const count = (name: string, value: unknown, fallback: number): number => {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(String(value))) throw inputError(`--${name}: expected a whole number, got "${value}"`);
  return Number(value);
};

export const search: Command = {
  name: 'search',
  usage: 'search <query> [--max-tokens N] [--limit N]',
  summary: `find the few memory lines that answer a query, cited by file, line and date (≤ ${DEFAULT_MAX_TOKENS} tokens)`,
  options: { 'max-tokens': { type: 'string' }, limit: { type: 'string' } },
  async run(ctx, args, opts) {
    const v = openVault(ctx.root);
    const r = searchMemory(v, args.join(' '), {
      maxTokens: count('max-tokens', opts['max-tokens'], DEFAULT_MAX_TOKENS),
      limit: count('limit', opts.limit, DEFAULT_LIMIT),
      indexBudgetMs: INDEX_BUDGET_MS,
    });
    for (const w of r.warnings) ctx.warn(w);
    const { warnings: _w, matched: _m, ...json } = r;
    if (!r.results.length && r.matched) return { json, text: `nothing fits in ${opts['max-tokens']} tokens: ${r.matched} snippet(s) found (raise --max-tokens)` };
    if (!r.results.length) return { json, text: `nothing found for "${r.query}"` };
    ctx.warn(`${r.results.length} result(s), ${r.tokens} tokens (${r.tokenizer})`);
    return { json, text: renderHits(r.results) };
  },
};

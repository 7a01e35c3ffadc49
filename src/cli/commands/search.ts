import { inputError } from '../../core/errors';
import { DEFAULT_LIMIT, DEFAULT_MAX_TOKENS, type SearchResult, renderHits, searchMemory } from '../../core/search';
import { openVault } from '../../core/vault';
import type { CliContext, Command } from '../command';
import { type SearchRequest, askServer, serverEnabled, socketPath, startServer } from '../searchServer';

/** A CLI call spends at most this long indexing; files left over are searched directly. */
export const INDEX_BUDGET_MS = 300;

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
    const req: SearchRequest = {
      root: v.root,
      query: args.join(' '),
      options: {
        maxTokens: count('max-tokens', opts['max-tokens'], DEFAULT_MAX_TOKENS),
        limit: count('limit', opts.limit, DEFAULT_LIMIT),
        indexBudgetMs: INDEX_BUDGET_MS,
      },
    };
    const r = await viaServer(ctx, req) ?? searchMemory(v, req.query, req.options);
    for (const w of r.warnings) ctx.warn(w);
    const { warnings: _w, matched: _m, ...json } = r;
    if (!r.results.length && r.matched) return { json, text: `nothing fits in ${opts['max-tokens']} tokens: ${r.matched} snippet(s) found (raise --max-tokens)` };
    if (!r.results.length) return { json, text: `nothing found for "${r.query}"` };
    ctx.warn(`${r.results.length} result(s), ${r.tokens} tokens (${r.tokenizer})`);
    return { json, text: renderHits(r.results) };
  },
};

/** The warm server's answer (see searchServer.ts); when there is none, one is started for next time. */
async function viaServer(ctx: CliContext, req: SearchRequest): Promise<SearchResult | undefined> {
  if (!ctx.bundle || !serverEnabled()) return undefined;
  let socket: string;
  try {
    socket = socketPath(ctx.bundle, req.root);
  } catch {
    return undefined; // no private place for a socket: search in this process, every time
  }
  const answer = await askServer(socket, req);
  if (!answer) startServer(ctx.bundle, req.root);
  return answer;
}

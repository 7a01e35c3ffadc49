import { DEFAULT_MAX_TOKENS, type SearchResult, searchMemory } from '../../core/search';
import { openVault } from '../../core/vault';
import type { CliContext, Command } from '../command';
import { SEARCH_OPTIONS, type SearchRequest, askServer, searchReply, searchRequest, serverEnabled, socketPath, startServer } from '../searchClient';

export const search: Command = {
  name: 'search',
  usage: 'search <query> [--max-tokens N] [--limit N]',
  summary: `find the few memory lines that answer a query, cited by file, line and date (≤ ${DEFAULT_MAX_TOKENS} tokens)`,
  options: SEARCH_OPTIONS,
  async run(ctx, args, opts) {
    const v = openVault(ctx.root);
    const req = searchRequest(v.root, args, opts);
    const warm = await viaServer(ctx, req);
    // A server just started builds the index: this call reads what there is and leaves it be.
    const r = warm.answer ?? searchMemory(v, req.query, warm.started ? { ...req.options, indexBudgetMs: 0 } : req.options);
    return searchReply(r, opts, ctx.warn);
  },
};

/** The warm server's answer (see searchServer.ts); when there is none, one is started for next time. */
async function viaServer(ctx: CliContext, req: SearchRequest): Promise<{ answer?: SearchResult; started?: boolean }> {
  if (!ctx.bundle || !serverEnabled()) return {};
  let socket: string;
  try {
    socket = socketPath(ctx.bundle, req.root);
  } catch {
    return {}; // no private place for a socket: search in this process, every time
  }
  const answer = await askServer(socket, req);
  if (answer) return { answer };
  startServer(ctx.bundle, req.root);
  return { started: true };
}

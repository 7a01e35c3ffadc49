import { DEFAULT_MAX_TOKENS, searchMemory } from '../../core/search/search';
import { openVault } from '../../core/vault/layout';
import type { CliContext, Command } from '../command';
import { SEARCH_OPTIONS, askServer, searchReply, searchRequest, serverEnabled, socketPath, startServer } from '../searchClient';

export const search: Command = {
  name: 'search',
  usage: 'search <query> [--max-tokens N] [--limit N] [--page N]',
  summary: `find the few memory lines that answer a query, cited by file, line and date (≤ ${DEFAULT_MAX_TOKENS} tokens)`,
  options: SEARCH_OPTIONS,
  async run(ctx, args, opts) {
    const v = openVault(ctx.root);
    const req = searchRequest(v.root, args, opts);
    const socket = serverSocket(ctx, req.root);
    const answer = socket && (await askServer(socket, req));
    if (answer) return searchReply(answer, req, ctx.warn);
    // No server yet: this call answers with the index as it is, and then starts one, which
    // builds the index (in the background, once this call no longer needs the processor).
    const r = searchMemory(v, req.query, socket ? { ...req.options, indexBudgetMs: 0 } : req.options);
    if (socket) startServer(ctx.bundle!, req.root);
    return searchReply(r, req, ctx.warn);
  },
};

/** The socket of the warm search server (searchServer.ts), when this call may use one. */
function serverSocket(ctx: CliContext, root: string): string | undefined {
  if (!ctx.bundle || !serverEnabled()) return undefined;
  try {
    return socketPath(ctx.bundle, root);
  } catch {
    return undefined; // no private place for a socket: search in this process, every time
  }
}

/**
 * A search as every CLI caller runs it (`search`, `hook prompt`): answered by the warm search
 * server of this vault when one runs; else in this process with the index as it is, and a server
 * is started for the next call (it builds the index once this call no longer needs the processor).
 * Kept apart from searchClient.ts, which the quick path loads before the rest of the CLI.
 */
import { type SearchResult, searchMemory } from '../core/search/search';
import type { Vault } from '../core/vault/layout';
import { type SearchRequest, askServer, serverEnabled, socketPath, startServer } from './searchClient';
import { searchOptions } from './searchAnswer';

export async function searchWarm(bundle: string | undefined, v: Vault, req: SearchRequest): Promise<SearchResult> {
  const socket = bundle && serverSocket(bundle, req.root);
  const answer = socket && (await askServer(socket, req));
  if (answer) return answer;
  const r = searchMemory(v, req.query, socket ? { ...searchOptions(req), indexBudgetMs: 0 } : searchOptions(req));
  if (socket) startServer(bundle, req.root);
  return r;
}

/** The socket of the warm search server (searchServer.ts), when this call may use one. */
function serverSocket(bundle: string, root: string): string | undefined {
  if (!serverEnabled()) return undefined;
  try {
    return socketPath(bundle, root);
  } catch {
    return undefined; // no private place for a socket: search in this process, every time
  }
}

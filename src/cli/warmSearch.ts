/**
 * A search as every CLI caller runs it (`search`, `hook prompt`): answered by the warm search
 * server of this vault when one runs; else in this process with the index as it is, and a server
 * is started for the next call (it builds the index once this call no longer needs the processor).
 * Without a server (`CORESOUL_SEARCH_SERVER=0`, or no private place for its socket) the index is
 * brought up to date within the search's budget on a worker thread of this process, the bundle
 * started again (indexWorker.ts), while this thread answers from the index as it was: the two
 * share the processor's cores instead of taking turns, and the answer is the same either way
 * (it never depends on the index).
 * Kept apart from searchClient.ts, which the quick path loads before the rest of the CLI.
 */
import { Worker } from 'node:worker_threads';
import { type SearchResult, searchMemory } from '../core/search/search';
import { DEFAULT_INDEX_BUDGET_MS } from '../core/search/result';
import type { Vault } from '../core/vault/layout';
import { INDEX_WORKER_ARG } from './command';
import type { IndexRequest } from './indexWorker';
import { type SearchRequest, askServer, serverEnabled, socketPath, startServer } from './searchClient';
import { searchOptions } from './searchAnswer';

export async function searchWarm(bundle: string | undefined, v: Vault, req: SearchRequest): Promise<SearchResult> {
  const socket = bundle && serverSocket(bundle, req.root);
  const answer = socket && (await askServer(socket, req));
  if (answer) return answer;
  if (socket) {
    const r = searchMemory(v, req.query, { ...searchOptions(req), indexBudgetMs: 0 });
    startServer(bundle, req.root);
    return r;
  }
  const budgetMs = req.options.indexBudgetMs ?? DEFAULT_INDEX_BUDGET_MS;
  if (!bundle || budgetMs <= 0) return searchMemory(v, req.query, searchOptions(req));
  // Started only when the index as read leaves files out: an index up to date costs no thread.
  let indexing: Promise<string[]> | undefined;
  const onPending = () => (indexing ??= indexBeside(bundle, { root: req.root, budgetMs }));
  let r: SearchResult;
  try {
    r = searchMemory(v, req.query, { ...searchOptions(req), indexBudgetMs: 0, onPending });
  } catch (err) {
    await indexing; // waited for, never stopped: it saves the index whole or not at all
    throw err;
  }
  const more = ((await indexing) ?? []).filter((w) => !r.warnings.includes(w));
  return more.length ? { ...r, warnings: [...r.warnings, ...more] } : r;
}

/**
 * Brings the index of `req.root` up to date within `req.budgetMs` on a worker thread (this bundle
 * again, indexWorker.ts); resolves with its warnings once it has saved the index, or with why it could not.
 */
function indexBeside(bundle: string, req: IndexRequest): Promise<string[]> {
  return new Promise((resolve) => {
    let warnings: string[] | undefined;
    const worker = new Worker(bundle, { workerData: req, argv: [INDEX_WORKER_ARG] });
    worker.once('message', (m: { warnings: string[] }) => (warnings = m.warnings));
    worker.once('error', (err) => (warnings ??= [`warning: the search index was not brought up to date: ${err.message}`]));
    worker.once('exit', () => resolve(warnings ?? ['warning: the search index was not brought up to date: its thread ended without a word']));
  });
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

/**
 * The CLI's index thread (warmSearch.ts): a search that no search server answers and that runs
 * in a process of its own (`CORESOUL_SEARCH_SERVER=0`, or no private place for a socket) brings
 * the index up to date within its budget on another core while it answers, instead of before.
 * The bundle started again as a worker thread (main.ts) is that thread, nothing else. What it
 * builds is for the next searches only: the search beside it reads the index as it was when it
 * started, and its answer never depends on the index (search/candidates.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { refreshIndex } from '../core/search/index/refresh';
import { vaultAt } from '../core/vault/layout';

/** What the thread is started with: the workspace root of a vault the search opened, and the indexing budget. */
export interface IndexRequest {
  root: string;
  budgetMs: number;
}

/** Brings the index up to date within the budget, saves it, and answers with the warnings of doing so. */
export function runIndexWorker(): void {
  const { root, budgetMs } = workerData as IndexRequest;
  const { warnings } = refreshIndex(vaultAt(root), { budgetMs });
  parentPort!.postMessage({ warnings });
}

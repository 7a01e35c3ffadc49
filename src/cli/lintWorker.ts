/**
 * The CLI's worker thread for `coresoul lint` (commands/lint.ts): the bundle started again as a
 * worker thread (main.ts) reads the vault's memories itself — while the lint's thread reads them
 * too, rather than sending it a million texts — runs `truthOf` on them and answers twice: the
 * supersessions as soon as they are found (the lint's thread then groups duplicates), then the
 * contradictions among what they leave current.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { memoriesToLint, truthOf } from '../core/lint/lint';
import { readMemories } from '../core/truth/memories';
import { vaultAt } from '../core/vault/layout';

/** What the worker is started with: the workspace root of a vault the lint's thread opened. */
export interface TruthRequest {
  root: string;
}

/** Answers the request this worker thread was started with. */
export function runLintWorker(): void {
  const v = vaultAt((workerData as TruthRequest).root);
  const { contradictions } = truthOf(memoriesToLint(v, readMemories(v)), undefined, (supersessions) => parentPort!.postMessage({ supersessions }));
  parentPort!.postMessage({ contradictions });
}

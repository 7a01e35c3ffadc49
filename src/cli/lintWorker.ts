/**
 * The CLI's worker thread for `coresoul lint` (commands/lint.ts): the bundle started again as a
 * worker thread (main.ts) runs `truthOf` on the memories it is sent and answers twice: the
 * supersessions as soon as they are found (the lint's thread then groups duplicates), then the
 * contradictions among what they leave current.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type TruthInput, truthOf } from '../core/lint/lint';

/** The memories as sent: three lists, index for index (lists of strings copy faster than objects). */
export interface TruthRequest {
  ids: string[];
  ats: string[];
  texts: string[];
}

/** Answers the request this worker thread was started with. */
export function runLintWorker(): void {
  const req = workerData as TruthRequest;
  const memories: TruthInput[] = req.ids.map((id, i) => ({ id, at: req.ats[i], text: req.texts[i] }));
  const { contradictions } = truthOf(memories, undefined, (supersessions) => parentPort!.postMessage({ supersessions }));
  parentPort!.postMessage({ contradictions });
}

/**
 * Weekly compression as the editor runs it, without `vscode`: between two vault commits (so
 * the raw entries stay in history), with a language model's summaries when one is given, else
 * the built-in summariser. Cancellable until the first file is written: a cancelled run
 * changes nothing, and the next one does the whole job.
 */
import { type CompressReport, compress, compressWithHistory, compressionDue } from '../../core/compress/compress';
import { type LanguageModel, type ModelUse, compressWith } from '../../core/compress/modelCompress';
import type { Vault } from '../../core/vault/layout';

export interface EditorCompression {
  now: Date;
  /** Compress even when the last compression was this week (Compress Now). */
  force: boolean;
  model?: LanguageModel;
  warn(message: string): void;
}

export type EditorCompressionReport = CompressReport & { summariser?: ModelUse };

export class CompressionCancelled extends Error {
  constructor() {
    super('compression cancelled; nothing was changed');
    this.name = 'CompressionCancelled';
  }
}

/** Runs the compression; `signal`, checked until the first write, stops it with nothing changed. */
export async function compressFromEditor(v: Vault, opts: EditorCompression, signal?: AbortSignal): Promise<EditorCompressionReport> {
  const { now, force, model } = opts;
  const stopIfCancelled = () => {
    if (signal?.aborted) throw new CompressionCancelled();
  };
  stopIfCancelled();
  let writing = false;
  // compress() calls onStep just before each write: past the first one the run is finished, not
  // abandoned halfway (an interrupted run would be completed later, but "cancelled" must mean untouched).
  const onStep = () => {
    if (!writing) stopIfCancelled();
    writing = true;
  };
  return compressWithHistory(v, { now, force, warn: opts.warn }, () =>
    model ? compressWith(v, { now, force, model, onStep }) : compress(v, { now, force, onStep }),
  );
}

/** Whether opening the workspace (or turning memory on) should compress: memory on and a week boundary passed. */
export function compressionDueOnOpen(v: Vault, now: Date, memoryEnabled: boolean): boolean {
  return memoryEnabled && compressionDue(v, now);
}

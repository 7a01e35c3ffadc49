/**
 * Write Memory as the editor runs it, without `vscode`: refused while the workspace's memory
 * switch is off (docs/memory.md#memory-switch), else one append-only write (compressing first when a week has
 * passed) and one commit in the vault's history.
 */
import type { Clock } from '../../../core/shared/clock';
import { refusedError } from '../../../core/shared/errors';
import { rememberAll } from '../../../core/memory/remember';
import { openVault } from '../../../core/vault/layout';
import { type WriteRequest, type WriteResult, normaliseText } from '../../../core/memory/write';

export interface EditorWriteOutcome {
  result: WriteResult;
  committed: boolean;
  /** Why the write is not in the vault's history yet (it is on disk all the same). */
  commitProblem?: string;
}

export const memoryOffError = () =>
  refusedError('memory is switched off for this workspace (setting coresoul.memory.enabled), so nothing was written');

export async function writeFromEditor(
  root: string,
  req: WriteRequest,
  deps: { clock: Clock; memoryEnabled: boolean },
): Promise<EditorWriteOutcome> {
  if (!deps.memoryEnabled) throw memoryOffError();
  const { results, committed, commitProblem } = await rememberAll(openVault(root), [req], { clock: deps.clock });
  return { result: results[0], committed, ...(commitProblem && { commitProblem }) };
}

/** Why the input box's text cannot be written (shown while typing), or undefined when it can. */
export function memoryTextProblem(text: string): string | undefined {
  try {
    normaliseText(text);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

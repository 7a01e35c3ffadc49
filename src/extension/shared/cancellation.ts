/** The core cancels by AbortSignal; VS Code hands out CancellationTokens. This is the one bridge. */
import type * as vscode from 'vscode';

export function signalOf(token: vscode.CancellationToken): AbortSignal {
  const abort = new AbortController();
  if (token.isCancellationRequested) abort.abort();
  else token.onCancellationRequested(() => abort.abort());
  return abort.signal;
}

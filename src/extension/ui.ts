/** What every command shares: a workspace folder to work in, and errors shown once, in one line. */
import * as vscode from 'vscode';
import { CoreSoulError } from '../core/errors';
import type { Services } from './extension';

/**
 * Wraps a command so that it runs only with a folder open, and so that a failure is a message
 * to the user (one line for the errors users can cause) and never an unhandled rejection.
 */
export function inFolder<A extends unknown[], R>(services: Services, fn: (root: string, ...args: A) => Promise<R>) {
  return async (...args: A): Promise<R | undefined> => {
    const root = services.root();
    if (!root) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Core Soul: open a folder first.'));
      return undefined;
    }
    try {
      return await fn(root, ...args);
    } catch (err) {
      showError(services, err);
      return undefined;
    }
  };
}

/**
 * Shows a message with one button and runs `then` if it is clicked, without making the
 * command wait for the user (a command run by a test or a keybinding returns at once).
 */
export function offer(show: typeof vscode.window.showInformationMessage, message: string, button: string, then: () => unknown): void {
  void show(message, button).then((choice) => (choice === button ? then() : undefined));
}

export function showError(services: Services, err: unknown): void {
  if (err instanceof CoreSoulError) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Core Soul: {0}', err.message));
    return;
  }
  services.log.error(err as Error);
  void vscode.window.showErrorMessage(
    vscode.l10n.t('Core Soul: unexpected error: {0} (see the Core Soul output)', String((err as Error)?.message ?? err).split('\n')[0]),
  );
}

/** Opens a file with the cursor on `line` (1-based; past the end means the last line), shown at the top. */
export async function openAt(file: string, line = 1, reveal = vscode.TextEditorRevealType.AtTop): Promise<void> {
  const editor = await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true });
  const pos = new vscode.Position(Math.min(Math.max(0, line - 1), editor.document.lineCount - 1), 0);
  editor.selection = new vscode.Selection(pos, pos);
  editor.revealRange(new vscode.Range(pos, pos), reveal);
}

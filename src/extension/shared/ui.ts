/** What every command shares: a workspace folder to work in, and errors shown once, in one line. */
import * as vscode from 'vscode';
import { CoreSoulError, isCancelled } from '../../core/shared/errors';
import { signalOf } from './cancellation';
import type { Services } from './services';

/**
 * Wraps a command so that it runs only with a folder open, and so that a failure is a message
 * to the user (one line for the errors users can cause) and never an unhandled rejection.
 */
export function inFolder<A extends unknown[], R>(services: Services, fn: (root: string, ...args: A) => Promise<R>) {
  return guarded(services, async (...args: A): Promise<R | undefined> => {
    const root = services.root();
    if (!root) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Core Soul: open a folder first.'));
      return undefined;
    }
    return fn(root, ...args);
  });
}

/** Wraps a command so that a failure is a message to the user, never an unhandled rejection. */
export function guarded<A extends unknown[], R>(services: Services, fn: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R | undefined> => {
    try {
      return await fn(...args);
    } catch (err) {
      showError(services, err);
      return undefined;
    }
  };
}

/**
 * Runs work that walks the whole vault in a progress notification with a Cancel button: the
 * core takes the signal as its last argument and stops where stopping changes nothing. A cancel
 * shows `cancelled` (one line) and gives undefined.
 */
export async function withCancellableProgress<T>(title: string, cancelled: string, work: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => work(signalOf(token)));
  } catch (err) {
    if (!isCancelled(err)) throw err;
    void vscode.window.showInformationMessage(cancelled);
    return undefined;
  }
}

/**
 * Shows a message with one button and runs `then` if it is clicked, without making the
 * command wait for the user (a command run by a test or a keybinding returns at once).
 */
export function offer(show: typeof vscode.window.showInformationMessage, message: string, button: string, then: () => unknown): void {
  void show(message, button).then((choice) => (choice === button ? then() : undefined));
}

/**
 * Whether a memory command may run: false (and the user told why, with the button that fixes
 * it) while the workspace's memory switch is off — `refusal` says what was not done — or
 * while the workspace has no vault.
 */
export function memoryUsable(services: Services, refusal: string): boolean {
  const { window, l10n } = vscode;
  if (!services.memory.enabled) {
    offer(window.showWarningMessage, refusal, l10n.t('Turn Memory On'), () => services.memory.set(true));
    return false;
  }
  return vaultUsable(services);
}

/** Whether the workspace has a vault: false (and Initialize offered) when it has none. */
export function vaultUsable(services: Services): boolean {
  if (services.vault.state.kind !== 'none') return true;
  offer(vscode.window.showWarningMessage, vscode.l10n.t('Core Soul: this workspace has no vault yet.'), vscode.l10n.t('Initialize Core Soul'), () =>
    vscode.commands.executeCommand('coresoul.initialize'),
  );
  return false;
}

/** The text a command was given as its argument (a keybinding, a test), else what the person types in an input box. */
export function argOrInput(given: unknown, box: vscode.InputBoxOptions): Thenable<string | undefined> {
  return typeof given === 'string' ? Promise.resolve(given) : vscode.window.showInputBox({ ignoreFocusOut: true, ...box });
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

/**
 * The VS Code adapter: turns commands into core calls and core results into UI.
 * Features are listed in features.ts; each registers its own disposables. Activation only wires
 * things up: nothing here reads the vault beyond a few `stat` calls.
 */
import * as vscode from 'vscode';
import { systemClock } from '../core/shared/clock';
import { FEATURES } from './features';
import { createMemorySwitch } from './shared/memorySwitch';
import type { Services } from './shared/services';
import { createVaultWatch } from './shared/vaultWatch';

/** What `activate` returns, for tests and other extensions. */
export interface CoreSoulApi {
  readonly services: Services;
  /** This extension's log folder; the extension host's own log is beside it (tests read both). */
  readonly logUri: vscode.Uri;
}

export function activate(context: vscode.ExtensionContext): CoreSoulApi {
  const log = vscode.window.createOutputChannel('Core Soul', { log: true });
  context.subscriptions.push(log);
  const root = () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const clock = systemClock;
  const services: Services = {
    root,
    cliBundle: context.asAbsolutePath('dist/cli.js'),
    clock,
    log,
    memory: createMemorySwitch(context, log),
    vault: createVaultWatch(context, { root, clock, log }),
  };
  // One feature failing to start must not take the others down; the user is told once.
  let failures = 0;
  for (const feature of FEATURES) {
    try {
      feature.register(context, services);
    } catch (err) {
      failures++;
      log.error('a feature failed to start:', err as Error);
    }
  }
  if (failures) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Core Soul: {0} feature(s) failed to start; see the Core Soul output.', failures));
  }
  return { services, logUri: context.logUri };
}

export function deactivate(): void {}

/** Command palette entries ("Core Soul: …") over the core. */
import * as vscode from 'vscode';
import { systemClock } from '../core/clock';
import { CoreSoulError } from '../core/errors';
import { initVault } from '../core/scaffold';
import { vaultStatus } from '../core/status';
import { openVault } from '../core/vault';
import type { Services } from './extension';

export function register(context: vscode.ExtensionContext, services: Services): void {
  const withRoot = (fn: (root: string) => Promise<void>) => async () => {
    const root = services.root();
    if (!root) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Core Soul: open a folder first.'));
      return;
    }
    try {
      await fn(root);
    } catch (err) {
      const message = err instanceof CoreSoulError ? err.message : String((err as Error)?.message ?? err);
      void vscode.window.showErrorMessage(vscode.l10n.t('Core Soul: {0}', message));
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand(
      'coresoul.initialize',
      withRoot(async (root) => {
        const report = await initVault(root, { clock: systemClock, cliBundle: services.cliBundle });
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Core Soul: vault ready ({0} files created, {1} kept).', report.created.length, report.kept.length),
        );
      }),
    ),
    vscode.commands.registerCommand(
      'coresoul.showStatus',
      withRoot(async (root) => {
        const s = await vaultStatus(openVault(root), systemClock.now());
        void vscode.window.showInformationMessage(
          vscode.l10n.t(
            'Core Soul: {0} L1, {1} L2, {2} L3 days; last compression {3}{4}.',
            s.days.L1,
            s.days.L2,
            s.days.L3,
            s.lastCompressionDate,
            s.compressionDue ? vscode.l10n.t(' (compression due)') : '',
          ),
        );
      }),
    ),
  );
}

/** Command palette entries ("Core Soul: …") over the core: Initialize, Show Status, Open Today. */
import * as vscode from 'vscode';
import { localDay } from '../../../core/shared/clock';
import { dayLocation } from '../../../core/vault/days';
import { openVault } from '../../../core/vault/layout';
import type { Services } from '../../shared/services';
import { inFolder, offer, openAt } from '../../shared/ui';

export function register(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(
      'coresoul.initialize',
      inFolder(services, async (root) => {
        const { initVault } = await import('../../../core/init/scaffold');
        const report = await initVault(root, { clock: services.clock, cliBundle: services.cliBundle });
        services.vault.recheck();
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Core Soul: vault ready ({0} files created, {1} kept).', report.created.length, report.kept.length),
        );
      }),
    ),
    vscode.commands.registerCommand(
      'coresoul.showStatus',
      inFolder(services, async (root) => {
        const { vaultStatus } = await import('../../../core/memory/status');
        const s = await vaultStatus(openVault(root), services.clock.now());
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
    vscode.commands.registerCommand(
      'coresoul.openToday',
      inFolder(services, async (root) => {
        const today = localDay(services.clock.now());
        const at = dayLocation(openVault(root), today);
        if (at && !at.monthly) {
          await openAt(at.file, Number.MAX_SAFE_INTEGER, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
          return;
        }
        offer(vscode.window.showInformationMessage, vscode.l10n.t('Core Soul: nothing written today ({0}) yet.', today), vscode.l10n.t('Write Memory'), () =>
          vscode.commands.executeCommand('coresoul.writeMemory'),
        );
      }),
    ),
  );
}

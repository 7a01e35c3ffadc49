/**
 * The memory switch's status-bar item: shows whether memory is on in this workspace and
 * toggles it (the switch itself is shared/memorySwitch.ts).
 */
import * as vscode from 'vscode';
import type { Services } from '../../shared/services';

export function register(context: vscode.ExtensionContext, services: Services): void {
  const item = vscode.window.createStatusBarItem('coresoul.memory', vscode.StatusBarAlignment.Right, 100);
  item.name = vscode.l10n.t('Core Soul Memory');
  item.command = 'coresoul.toggleMemory';
  const render = () => {
    const on = services.memory.enabled;
    item.text = on ? `$(database) ${vscode.l10n.t('Memory on')}` : `$(circle-slash) ${vscode.l10n.t('Memory off')}`;
    item.tooltip = on
      ? vscode.l10n.t('Core Soul reads and writes memory in this workspace. Click to turn memory off.')
      : vscode.l10n.t('Core Soul memory is off in this workspace: soul and persona still apply, nothing is read from or written to memory. Click to turn it on.');
    item.backgroundColor = on ? undefined : new vscode.ThemeColor('statusBarItem.warningBackground');
    const kind = services.vault.state.kind;
    if (kind === 'ready' || kind === 'damaged') item.show();
    else item.hide();
  };
  render();
  context.subscriptions.push(
    item,
    services.memory.onDidChange(render),
    services.vault.onDidChangeState(render),
    vscode.commands.registerCommand('coresoul.toggleMemory', async () => {
      const on = !services.memory.enabled;
      try {
        await services.memory.set(on);
      } catch (err) {
        services.log.error('cannot change the memory setting:', err as Error);
        void vscode.window.showErrorMessage(vscode.l10n.t('Core Soul: cannot change the setting: {0}', String((err as Error).message ?? err)));
        return;
      }
      void vscode.window.setStatusBarMessage(on ? vscode.l10n.t('Core Soul: memory on') : vscode.l10n.t('Core Soul: memory off'), 3000);
    }),
  );
}

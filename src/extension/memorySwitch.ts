/**
 * The memory switch (seed 004): setting `coresoul.memory.enabled`, per workspace, default on.
 * While it is off, soul and persona still apply but no feature reads or writes memory. A
 * status-bar item shows the state and toggles it.
 */
import * as vscode from 'vscode';
import type { Services } from './extension';
import { MEMORY_ENABLED, SECTION, readMemoryEnabled } from './model/settings';

export interface MemorySwitch {
  readonly enabled: boolean;
  readonly onDidChange: vscode.Event<boolean>;
  /** Stores the switch in the workspace's settings (the user's settings with no folder open). */
  set(enabled: boolean): Thenable<void>;
}

export function createMemorySwitch(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): MemorySwitch {
  const emitter = new vscode.EventEmitter<boolean>();
  const read = () => {
    const { enabled, problem } = readMemoryEnabled(vscode.workspace.getConfiguration(SECTION).get(MEMORY_ENABLED));
    if (problem) log.warn(problem);
    return enabled;
  };
  let enabled = read();
  const publish = () => vscode.commands.executeCommand('setContext', 'coresoul.memoryEnabled', enabled);
  void publish();
  context.subscriptions.push(
    emitter,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(`${SECTION}.${MEMORY_ENABLED}`)) return;
      const now = read();
      if (now === enabled) return;
      enabled = now;
      void publish();
      emitter.fire(enabled);
    }),
  );
  return {
    get enabled() {
      return enabled;
    },
    onDidChange: emitter.event,
    set: (value) =>
      vscode.workspace
        .getConfiguration(SECTION)
        .update(
          MEMORY_ENABLED,
          value,
          vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global,
        ),
  };
}

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

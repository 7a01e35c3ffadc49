/**
 * The memory switch (see docs/memory.md): setting `coresoul.memory.enabled`, per workspace,
 * default on. While it is off, soul and persona still apply but no feature reads or writes memory.
 */
import * as vscode from 'vscode';
import { MEMORY_ENABLED, SECTION, readMemoryEnabled } from './settings.model';

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

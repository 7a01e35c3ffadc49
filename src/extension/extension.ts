/**
 * The VS Code adapter: turns commands into core calls and core results into UI.
 * Features are listed in FEATURES; each registers its own disposables.
 */
import * as vscode from 'vscode';
import * as commands from './commands';
import * as participant from './participant';
import * as personaReview from './personaReview';
import * as tools from './tools';

export interface Services {
  /** The workspace folder that holds (or will hold) the vault. */
  root(): string | undefined;
  /** The bundled CLI, copied into vaults by Initialize. */
  cliBundle: string;
  /** The memory switch (setting `coresoul.memory.enabled`, per workspace; seed 004). */
  memoryEnabled(): boolean;
  onMemorySwitch(listener: () => void): vscode.Disposable;
}

const FEATURES: { register(context: vscode.ExtensionContext, services: Services): void }[] = [commands, personaReview, participant, tools];

export function activate(context: vscode.ExtensionContext): void {
  const services: Services = {
    root: () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    cliBundle: context.asAbsolutePath('dist/cli.js'),
    memoryEnabled: () => vscode.workspace.getConfiguration('coresoul').get<boolean>('memory.enabled', true),
    onMemorySwitch: (listener) =>
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('coresoul.memory.enabled')) listener();
      }),
  };
  for (const feature of FEATURES) feature.register(context, services);
}

export function deactivate(): void {}

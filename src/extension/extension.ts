/**
 * The VS Code adapter: turns commands into core calls and core results into UI.
 * Features are listed in FEATURES; each registers its own disposables.
 */
import * as vscode from 'vscode';
import * as commands from './commands';
import * as languageClient from './languageClient';

export interface Services {
  /** The workspace folder that holds (or will hold) the vault. */
  root(): string | undefined;
  /** The bundled CLI, copied into vaults by Initialize. */
  cliBundle: string;
}

const FEATURES: { register(context: vscode.ExtensionContext, services: Services): void }[] = [commands, languageClient];

export function activate(context: vscode.ExtensionContext): void {
  const services: Services = {
    root: () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    cliBundle: context.asAbsolutePath('dist/cli.js'),
  };
  for (const feature of FEATURES) feature.register(context, services);
}

export function deactivate(): void {}

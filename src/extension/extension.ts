/**
 * The VS Code adapter: turns commands into core calls and core results into UI.
 * Features are listed in FEATURES; each registers its own disposables. Activation only wires
 * things up: nothing here reads the vault beyond a few `stat` calls.
 */
import * as vscode from 'vscode';
import { type Clock, systemClock } from '../core/clock';
import * as backlinks from './backlinks';
import * as commands from './commands';
import * as compression from './compression';
import * as languageClient from './languageClient';
import * as memorySwitch from './memorySwitch';
import * as participant from './participant';
import * as personaHistory from './personaHistory';
import * as personaReview from './personaReview';
import * as searchMemory from './searchMemory';
import * as soulArchive from './soulArchive';
import * as tools from './tools';
import { type MemorySwitch, createMemorySwitch } from './memorySwitch';
import { type VaultWatch, createVaultWatch } from './vaultWatch';
import * as vaultTree from './vaultTree';
import * as writeMemory from './writeMemory';

export interface Services {
  /** The workspace folder that holds (or will hold) the vault. */
  root(): string | undefined;
  /** The bundled CLI, copied into vaults by Initialize. */
  cliBundle: string;
  clock: Clock;
  /** The "Core Soul" output channel. */
  log: vscode.LogOutputChannel;
  /** The workspace's memory switch: while off, no feature reads or writes memory. */
  memory: MemorySwitch;
  /** The vault's state, its tree model, and its files' changes from the one debounced watcher. */
  vault: VaultWatch;
}

/** What `activate` returns, for tests and other extensions. */
export interface CoreSoulApi {
  readonly services: Services;
  /** This extension's log folder; the extension host's own log is beside it (tests read both). */
  readonly logUri: vscode.Uri;
}

interface Feature {
  register(context: vscode.ExtensionContext, services: Services): void;
}

const FEATURES: Feature[] = [commands, writeMemory, memorySwitch, vaultTree, languageClient, personaReview, participant, tools, personaHistory, searchMemory, compression, soulArchive, backlinks];

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

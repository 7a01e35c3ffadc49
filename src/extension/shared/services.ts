/**
 * What every feature is given: the workspace, the clock, the log, the memory switch and the
 * vault's one watcher. A leaf module: features import it, it imports no feature.
 */
import type * as vscode from 'vscode';
import type { Clock } from '../../core/shared/clock';
import type { MemorySwitch } from './memorySwitch';
import type { VaultWatch } from './vaultWatch';

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

/** A feature of the extension: one folder in `features/`, listed in `features.ts`. */
export interface Feature {
  /** Registers the feature's commands, views and listeners, pushing each disposable on `context`. */
  register(context: vscode.ExtensionContext, services: Services): void;
}

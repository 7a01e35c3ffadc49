/**
 * The vault as the extension sees it: whether there is one (context key `coresoul.vaultState`
 * drives the welcome view), its tree model, and one debounced file watcher whose batches say
 * which parts of the tree changed. Later features subscribe here instead of watching again.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { Clock } from '../../core/shared/clock';
import { CoreSoulError } from '../../core/shared/errors';
import { type Vault, openVault, vaultAt } from '../../core/vault/layout';
import { type ContainerNode, type Section, VaultTreeModel, changedSections } from './vaultTree.model';

export type VaultState =
  | { kind: 'noFolder' }
  | { kind: 'none'; root: string }
  | { kind: 'damaged'; root: string; message: string }
  | { kind: 'ready'; vault: Vault };

export type FileEvent = 'create' | 'change' | 'delete';

export interface VaultChange {
  /** Every file event of the batch, by absolute path (the vault's own `.git` left out). */
  files: { path: string; event: FileEvent }[];
  /** Which parts of the tree changed, for the tree view. */
  sections: Section[] | 'all';
  /** The tree containers to redraw, or `root` for the whole tree. */
  refresh: ContainerNode[] | 'root';
}

export interface VaultWatch {
  readonly state: VaultState;
  /** The tree model of the workspace's vault, while there is a `.CoreSoul` folder. */
  readonly model: VaultTreeModel | undefined;
  readonly onDidChangeState: vscode.Event<VaultState>;
  readonly onDidChange: vscode.Event<VaultChange>;
  /** Looks at the vault again now, e.g. after Initialize, instead of waiting for the watcher. */
  recheck(): void;
}

const DEBOUNCE_MS = 250;

export function createVaultWatch(
  context: vscode.ExtensionContext,
  deps: { root: () => string | undefined; clock: Clock; log: vscode.LogOutputChannel },
): VaultWatch {
  const stateEmitter = new vscode.EventEmitter<VaultState>();
  const changeEmitter = new vscode.EventEmitter<VaultChange>();
  let state!: VaultState;
  let model: VaultTreeModel | undefined;
  let watcher: vscode.Disposable | undefined;
  let watchedRoot: string | undefined;
  let pending = new Map<string, FileEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const probe = (): VaultState => {
    const root = deps.root();
    if (!root) return { kind: 'noFolder' };
    try {
      return { kind: 'ready', vault: openVault(root) };
    } catch (err) {
      const message = err instanceof CoreSoulError ? err.message : String((err as Error).message ?? err);
      return fs.existsSync(vaultAt(root).soulDir) ? { kind: 'damaged', root, message } : { kind: 'none', root };
    }
  };

  const rootOf = (s: VaultState) => (s.kind === 'ready' ? s.vault.root : s.kind === 'noFolder' ? undefined : s.root);

  const apply = (next: VaultState) => {
    state = next;
    const root = rootOf(state);
    if (root && state.kind !== 'none') {
      if (model?.vault.root !== root) model = new VaultTreeModel(vaultAt(root), deps.clock);
      else model.invalidate('all');
    } else {
      model = undefined;
    }
    void vscode.commands.executeCommand('setContext', 'coresoul.vaultState', state.kind);
    deps.log.info(`vault state: ${state.kind}${state.kind === 'damaged' ? ` (${state.message})` : ''}`);
  };

  /** Probes the vault; true when its state changed (and listeners were told). */
  const recheck = (): boolean => {
    const next = probe();
    const same =
      next.kind === state.kind && rootOf(next) === rootOf(state) && (next.kind !== 'damaged' || next.message === (state as typeof next).message);
    if (same) return false;
    apply(next);
    stateEmitter.fire(state);
    return true;
  };

  const flush = () => {
    timer = undefined;
    const batch = pending;
    pending = new Map();
    const root = watchedRoot;
    if (!root) return;
    const v = vaultAt(root);
    let sections: Set<Section> | 'all' = new Set();
    for (const [file, event] of batch) {
      const s = changedSections(v, file, event);
      if (s === 'all') sections = 'all';
      else if (sections !== 'all') for (const one of s) sections.add(one);
    }
    // The vault may have appeared, gone, or broken: only then is the state looked at again.
    const stateChanged = (sections === 'all' || sections.has('days')) && recheck();
    const refresh = stateChanged || !model ? ('root' as const) : model.invalidate(sections);
    changeEmitter.fire({
      files: [...batch].map(([path, event]) => ({ path, event })),
      sections: sections === 'all' ? 'all' : [...sections],
      refresh,
    });
  };

  const onEvent = (event: FileEvent) => (uri: vscode.Uri) => {
    if (/[\\/]\.CoreSoul[\\/]\.git(?:[\\/]|$)/.test(uri.fsPath)) return;
    const previous = pending.get(uri.fsPath);
    // create + change is still a creation; a deletion followed by a creation is a creation.
    pending.set(uri.fsPath, previous === 'create' && event === 'change' ? 'create' : event);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        flush();
      } catch (err) {
        deps.log.error('cannot apply vault changes:', err as Error);
      }
    }, DEBOUNCE_MS);
  };

  const watch = () => {
    watcher?.dispose();
    watcher = undefined;
    const folder = vscode.workspace.workspaceFolders?.[0];
    watchedRoot = folder?.uri.fsPath;
    if (!folder) return;
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '{.CoreSoul,.CoreSoul/**}'));
    watcher = vscode.Disposable.from(w, w.onDidCreate(onEvent('create')), w.onDidChange(onEvent('change')), w.onDidDelete(onEvent('delete')));
  };

  watch();
  apply(probe());
  context.subscriptions.push(
    stateEmitter,
    changeEmitter,
    { dispose: () => watcher?.dispose() },
    { dispose: () => timer && clearTimeout(timer) },
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      if (vscode.workspace.workspaceFolders?.[0]?.uri.fsPath === watchedRoot) return;
      pending.clear();
      watch();
      recheck();
    }),
  );

  return {
    get state() {
      return state;
    },
    get model() {
      return model;
    },
    onDidChangeState: stateEmitter.event,
    onDidChange: changeEmitter.event,
    recheck: () => void recheck(),
  };
}

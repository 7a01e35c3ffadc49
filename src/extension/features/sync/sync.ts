/**
 * Sync Memory in the editor (docs/sync.md): the command "Core Soul: Sync Memory", a status-bar
 * item with the commits to push and to pull, and, when the user asks for it, a quiet sync when
 * the window gets focus (`coresoul.sync.onFocus`) or every few minutes (`coresoul.sync.intervalMinutes`).
 * It also applies `coresoul.vault.shareAcrossWorktrees` (git worktrees share one vault).
 * A quiet sync reports only what needs the person: a persona change to review, a conflict. The
 * command asks for the remote when the vault has none yet.
 */
import * as vscode from 'vscode';
import type { Services } from '../../shared/services';
import { SECTION } from '../../shared/settings.model';
import { inFolder, offer, showError, withCancellableProgress } from '../../shared/ui';
import { SHARE_WORKTREES, SYNC_INTERVAL, SYNC_ON_FOCUS, readShareWorktrees, readSyncSettings, syncBadge } from './sync.model';
import { CoreSoulError } from '../../../core/shared/errors';
import { SHARE_WORKTREES_ENV } from '../../../core/vault/layout';
import { REVIEW_COMMAND } from '../../shared/commands';

export function register(context: vscode.ExtensionContext, services: Services): void {
  const { l10n, window } = vscode;
  const item = window.createStatusBarItem('coresoul.sync', vscode.StatusBarAlignment.Right, 99);
  item.name = l10n.t('Core Soul Sync');
  item.command = 'coresoul.syncMemory';

  const refresh = async () => {
    const root = services.root();
    const state = root && services.vault.state.kind === 'ready' ? await (await import('../../../core/sync/sync')).syncState(root).catch(() => undefined) : undefined;
    if (!state) return item.hide();
    item.text = syncBadge(state);
    item.tooltip = l10n.t('Core Soul memory: {0} commit(s) to push, {1} to pull (as last fetched). Click to sync.', state.ahead, state.behind);
    item.show();
  };

  let running: Promise<void> | undefined;
  const sync = (root: string, quiet: boolean, signal?: AbortSignal) => {
    running ??= (async () => {
      const { syncVault } = await import('../../../core/sync/sync');
      const run = (remote?: string) => syncVault(root, { clock: services.clock, cliBundle: services.cliBundle, remote }, signal);
      let r;
      try {
        r = await run();
      } catch (err) {
        // Not connected yet: the person names the remote once, as `coresoul sync --remote` would.
        if (quiet || !(err instanceof CoreSoulError && err.field === 'remote')) throw err;
        const remote = await window.showInputBox({
          title: l10n.t('Core Soul: Sync Memory — connect this vault to a git remote'),
          prompt: l10n.t('A git URL, a local path or a bare repository; remembered as the vault\'s origin. Another machine joins with the same remote.'),
          ignoreFocusOut: true,
        });
        if (!remote?.trim()) return;
        r = await run(remote.trim());
      }
      for (const w of r.warnings) services.log.warn(w);
      const { proposal, sections = [] } = r.persona ?? {};
      if (proposal) {
        const message = l10n.t('Core Soul: a teammate changed the persona ({0}); it waits for your review, and your persona is kept until then.', sections.join(', '));
        offer(window.showInformationMessage, message, l10n.t('Review'), () => vscode.commands.executeCommand(REVIEW_COMMAND, proposal));
      }
      if (quiet) return;
      const text = r.offline
        ? l10n.t('Core Soul: offline; nothing was synced.')
        : l10n.t('Core Soul: memory synced ({0} commit(s) pulled, {1} pushed).', r.pulled, r.pushed);
      void window.setStatusBarMessage(text, 5000);
    })().finally(() => {
      running = undefined;
      void refresh();
    });
    return running;
  };

  // Quiet syncs, as the settings ask: on focus and on a timer.
  let timer: NodeJS.Timeout | undefined;
  let settings = readSyncSettings(undefined, undefined);
  const quietly = () => {
    const root = services.root();
    if (!root || services.vault.state.kind !== 'ready' || running) return;
    sync(root, true).catch((err: Error) => services.log.warn(`sync: ${err.message}`));
  };
  const configure = () => {
    const config = vscode.workspace.getConfiguration(SECTION);
    settings = readSyncSettings(config.get(SYNC_ON_FOCUS), config.get(SYNC_INTERVAL));
    for (const p of settings.problems) services.log.warn(p);
    // Read by the core's vaultAt here and by the CLI processes the extension starts.
    const worktrees = readShareWorktrees(config.get(SHARE_WORKTREES));
    if (worktrees.problem) services.log.warn(worktrees.problem);
    if (worktrees.share) delete process.env[SHARE_WORKTREES_ENV];
    else process.env[SHARE_WORKTREES_ENV] = '0';
    clearInterval(timer);
    timer = settings.intervalMinutes > 0 ? setInterval(quietly, settings.intervalMinutes * 60_000) : undefined;
  };
  configure();
  const first = setTimeout(() => void refresh(), 0);

  context.subscriptions.push(
    item,
    { dispose: () => (clearTimeout(first), clearInterval(timer)) },
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(SECTION) && configure()),
    window.onDidChangeWindowState((s) => s.focused && settings.onFocus && quietly()),
    services.vault.onDidChangeState(() => void refresh()),
    // A write commits: one more to push.
    services.vault.onDidChange(() => void refresh()),
    vscode.commands.registerCommand(
      'coresoul.syncMemory',
      inFolder(services, async (root) => {
        await withCancellableProgress(l10n.t('Core Soul: syncing memory'), l10n.t('Core Soul: sync cancelled; nothing was changed.'), (signal) => sync(root, false, signal)).catch((err) =>
          showError(services, err),
        );
      }),
    ),
  );
}

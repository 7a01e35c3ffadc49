/**
 * "Core Soul: Pack Soul" (save dialog → one archive of AGENTS.md, the skills and `.CoreSoul/`
 * with its history) and "Core Soul: Restore Soul" (open dialog for the archive, then the folder
 * to restore into; a non-empty folder is only merged into, never overwritten, after asking).
 * They move the whole soul, so they work while the memory switch is off. "Core Soul: Scan Vault for
 * Secrets" finds what pack would refuse to carry. Their inputs may be
 * given as arguments instead of dialogs (see soulArchive.model.ts); both return the core's report.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PackReport } from '../../../core/archive/pack';
import type { RestoreReport } from '../../../core/archive/restore';
import type { ScanReport } from '../../../core/safety/scan';
import { openVault } from '../../../core/vault/layout';
import type { Services } from '../../shared/services';
import type { PackRequest, RestoreRequest } from './soulArchive.model';
import { guarded, inFolder, offer, openAt, vaultUsable, withCancellableProgress } from '../../shared/ui';

/** The requests' checks, loaded with the first Pack or Restore (they bring the archive layout). */
const requests = () => import('./soulArchive.model');

export function register(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(
      'coresoul.packSoul',
      inFolder(services, async (root, given?: unknown): Promise<PackReport | undefined> => {
        if (!vaultUsable(services)) return undefined;
        const req = given === undefined ? await askPackTarget(root) : (await requests()).packRequest(given, root);
        if (!req) return undefined;
        return pack(services, root, req);
      }),
    ),
    vscode.commands.registerCommand(
      'coresoul.scanSecrets',
      inFolder(services, async (root): Promise<ScanReport | undefined> => (vaultUsable(services) ? scan(root) : undefined)),
    ),
    vscode.commands.registerCommand(
      'coresoul.restoreSoul',
      guarded(services, async (given?: unknown): Promise<RestoreReport | undefined> => {
        const root = services.root();
        const req = given === undefined ? await askArchive(root) : (await requests()).restoreRequest(given, root);
        const where = req && (req.target === undefined ? await askTarget(root, req) : req);
        if (!where?.target) return undefined;
        return restore(services, root, { ...where, target: where.target });
      }),
    ),
  );
}

async function askPackTarget(root: string): Promise<PackRequest | undefined> {
  const { l10n } = vscode;
  const { defaultPackTarget, formatOf } = await requests();
  const uri = await vscode.window.showSaveDialog({
    title: l10n.t('Core Soul: Pack Soul'),
    defaultUri: vscode.Uri.file(defaultPackTarget(root)),
    filters: { [l10n.t('Soul archive')]: ['tar.gz', 'sh'] },
    saveLabel: l10n.t('Pack'),
  });
  return uri && { out: uri.fsPath, format: formatOf(uri.fsPath) };
}

async function pack(services: Services, root: string, req: PackRequest): Promise<PackReport | undefined> {
  const { window, l10n } = vscode;
  const v = openVault(root);
  // Loaded when used: the archive code is not needed to start the extension.
  const { packVault } = await import('../../../core/archive/pack');
  const report = await withCancellableProgress(l10n.t('Core Soul: packing the soul…'), l10n.t('Core Soul: packing cancelled; no archive was written.'), (signal) =>
    packVault(v, { now: services.clock.now(), out: req.out, format: req.format, cliBundle: services.cliBundle }, signal),
  );
  if (!report) return undefined;
  for (const s of report.skipped) services.log.warn(`pack: left out ${s.path}: ${s.reason}`);
  const text = l10n.t('Core Soul: packed {0} files into {1} ({2}).', report.files, report.out, size(report.bytes));
  const skipped = report.skipped.length ? l10n.t('{0} item(s) left out (links or unsafe names); see the Core Soul output.', report.skipped.length) : '';
  offer(window.showInformationMessage, [text, skipped].filter(Boolean).join(' '), l10n.t('Reveal'), () =>
    vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(report.out)),
  );
  return report;
}

/** "Core Soul: Scan Vault for Secrets": each secret found as a pick that opens its line (never the secret itself). */
async function scan(root: string): Promise<ScanReport | undefined> {
  const { window, l10n } = vscode;
  const { scanVault } = await import('../../../core/safety/scan');
  const report = await withCancellableProgress(l10n.t('Core Soul: scanning the vault for secrets…'), l10n.t('Core Soul: scan cancelled.'), (signal) =>
    scanVault(openVault(root), {}, signal),
  );
  if (!report) return undefined;
  if (!report.found.length) {
    void window.showInformationMessage(l10n.t('Core Soul: no secrets in {0} files and {1} versions in the history.', report.files, report.versions));
    return report;
  }
  const picks = report.found.map((h) => ({
    label: `${h.file}:${h.line}`,
    description: h.kind,
    detail: h.commit ? l10n.t('only in the history, commit {0}', h.commit) : undefined,
    hit: h,
  }));
  void window
    .showQuickPick(picks, { title: l10n.t('Core Soul: {0} secret(s) in the vault — remove them before packing (docs/trust.md)', report.found.length) })
    .then((pick) => (pick && !pick.hit.commit ? openAt(path.join(root, pick.hit.file), pick.hit.line) : undefined));
  return report;
}

async function askArchive(root: string | undefined): Promise<RestoreRequest | undefined> {
  const { l10n } = vscode;
  const [archive] =
    (await vscode.window.showOpenDialog({
      title: l10n.t('Core Soul: Restore Soul — the archive'),
      defaultUri: root ? vscode.Uri.file(root) : undefined,
      canSelectFiles: true,
      canSelectFolders: false,
      canSelectMany: false,
      filters: { [l10n.t('Soul archive')]: ['gz', 'tgz', 'sh'] },
      openLabel: l10n.t('Restore This Archive'),
    })) ?? [];
  return archive && { archive: archive.fsPath, merge: false };
}

/** Asks where to restore; a folder that is not empty is only merged into, and only if the user says so. */
async function askTarget(root: string | undefined, req: RestoreRequest): Promise<RestoreRequest | undefined> {
  const { window, l10n } = vscode;
  const [target] =
    (await window.showOpenDialog({
      title: l10n.t('Core Soul: Restore Soul — the folder to restore into'),
      defaultUri: root ? vscode.Uri.file(root) : undefined,
      canSelectFiles: false,
      canSelectFolders: true,
      canSelectMany: false,
      openLabel: l10n.t('Restore Here'),
    })) ?? [];
  if (!target) return undefined;
  if (req.merge || isEmptyFolder(target.fsPath)) return { ...req, target: target.fsPath };
  const merge = l10n.t('Merge');
  const choice = await window.showWarningMessage(
    l10n.t('Core Soul: {0} is not empty. Merge the archive into it? Files already there are kept as they are, never overwritten.', target.fsPath),
    { modal: true },
    merge,
  );
  return choice === merge ? { ...req, target: target.fsPath, merge: true } : undefined;
}

async function restore(services: Services, root: string | undefined, req: RestoreRequest & { target: string }): Promise<RestoreReport | undefined> {
  const { window, l10n } = vscode;
  const { restoreArchive } = await import('../../../core/archive/restore');
  const report = await withCancellableProgress(l10n.t('Core Soul: restoring the soul…'), l10n.t('Core Soul: restore cancelled; nothing was changed.'), (signal) =>
    restoreArchive(req.archive, req.target, { merge: req.merge, cliBundle: services.cliBundle }, signal),
  );
  if (!report) return undefined;
  const here = root !== undefined && path.resolve(root) === report.root;
  if (here) services.vault.recheck();
  for (const c of report.conflicts) services.log.warn(`restore: kept the workspace's ${c.path} (${c.newer === 'workspace' ? 'changed after the archive was made' : 'the archive is newer'})`);
  const text = report.merge
    ? l10n.t(
        'Core Soul: merged the archive into {0}: {1} file(s) added, {2} unchanged, {3} kept as they were (see the Core Soul output).',
        report.root,
        report.added.length,
        report.unchanged.length,
        report.conflicts.length,
      )
    : l10n.t('Core Soul: restored {0} files into {1}.', report.added.length, report.root);
  if (here) void window.showInformationMessage(text);
  else offer(window.showInformationMessage, text, l10n.t('Open Folder'), () => vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(report.root), { forceNewWindow: true }));
  return report;
}

function isEmptyFolder(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch {
    return true; // not there yet: restore creates it
  }
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

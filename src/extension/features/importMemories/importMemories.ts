/**
 * "Core Soul: Import Memories…" (docs/import.md): pick the file or folder another agent kept its
 * memories in; the plan is worked out first (a dry run) and shown for confirmation, then the
 * same core call as `coresoul import` writes it in one vault commit. Skipped items and warnings
 * go to the Core Soul output; a persona proposal made from identity text is offered for review.
 * Refused while the memory switch is off. Takes `path` or `{source, from}` as an argument too,
 * which skips the dialogs and the confirmation, and returns the core's report.
 */
import * as vscode from 'vscode';
import type { ImportReport } from '../../../core/interop/importMemories';
import { openVault } from '../../../core/vault/layout';
import type { Services } from '../../shared/services';
import { inFolder, memoryUsable, offer, withCancellableProgress } from '../../shared/ui';
import type { ImportRequest } from './importMemories.model';
import { REVIEW_COMMAND } from '../../shared/commands';

const model = () => import('./importMemories.model');

export function register(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(
      'coresoul.importMemories',
      inFolder(services, async (root, given?: unknown): Promise<ImportReport | undefined> => {
        const { window, l10n } = vscode;
        if (!memoryUsable(services, l10n.t('Core Soul: memory is off in this workspace, so nothing was imported.'))) return undefined;
        const { importRequest, importTotals } = await model();
        const req = given === undefined ? await askSource(root) : importRequest(given, root);
        if (!req) return undefined;
        const { importMemories } = await import('../../../core/interop/importMemories');
        const v = openVault(root);
        const opts = { clock: services.clock, from: req.from, warn: (m: string) => services.log.warn(m) };
        const plan = importTotals(await importMemories(v, req.source, { ...opts, dryRun: true }));
        if (!plan.imported && !plan.proposals) {
          void window.showInformationMessage(l10n.t('Core Soul: nothing new to import from {0}: {1} item(s) already there, {2} skipped.', req.source, plan.merged, plan.skipped));
          return undefined;
        }
        if (given === undefined) {
          const go = l10n.t('Import');
          const question = l10n.t('Core Soul: import {0} entries from {1} ({2})? {3} already there, {4} skipped; one vault commit.', plan.imported, req.source, plan.formats, plan.merged, plan.skipped);
          if ((await window.showInformationMessage(question, { modal: true }, go)) !== go) return undefined;
        }
        const report = await withCancellableProgress(l10n.t('Core Soul: importing memories…'), l10n.t('Core Soul: import cancelled; nothing was changed.'), (signal) =>
          importMemories(v, req.source, opts, signal),
        );
        if (!report) return undefined;
        for (const f of report.formats) for (const s of f.skipped) services.log.warn(`import ${f.format}: skipped ${s.item}: ${s.reason}`);
        for (const w of report.warnings) services.log.warn(`import: ${w}`);
        const done = importTotals(report);
        const text = l10n.t('Core Soul: imported {0} entries ({1} already there, {2} skipped; see the Core Soul output).', done.imported, done.merged, done.skipped);
        const proposal = report.formats.flatMap((f) => f.proposals)[0];
        if (proposal) offer(window.showInformationMessage, `${text} ${l10n.t('Identity text became a persona proposal.')}`, l10n.t('Review Proposal'), () => vscode.commands.executeCommand(REVIEW_COMMAND, proposal));
        else void window.showInformationMessage(text);
        return report;
      }),
    ),
  );
}

/** A folder (OpenClaw, Claude Code, basic-memory, an export) or a file (memory.jsonl, GEMINI.md, CLAUDE.md): one dialog cannot pick both everywhere. */
async function askSource(root: string): Promise<ImportRequest | undefined> {
  const { window, l10n } = vscode;
  const folder = { label: l10n.t('A folder'), detail: l10n.t('an OpenClaw workspace, a project with CLAUDE.md or GEMINI.md, a Claude Code memory folder, basic-memory notes, a Core Soul export'), folder: true };
  const file = { label: l10n.t('A file'), detail: l10n.t('memory.jsonl of the MCP memory server, a GEMINI.md, a CLAUDE.md'), folder: false };
  const kind = await window.showQuickPick([folder, file], { title: l10n.t('Core Soul: Import Memories — from what?') });
  if (!kind) return undefined;
  const [uri] =
    (await window.showOpenDialog({
      title: l10n.t('Core Soul: Import Memories'),
      defaultUri: vscode.Uri.file(root),
      canSelectFiles: !kind.folder,
      canSelectFolders: kind.folder,
      canSelectMany: false,
      openLabel: l10n.t('Import From Here'),
    })) ?? [];
  return uri && { source: uri.fsPath };
}

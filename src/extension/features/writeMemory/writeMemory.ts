/**
 * "Core Soul: Write Memory": an input box, then one append-only write and one vault commit.
 * Refused, before anything is asked, while the workspace's memory switch is off. Takes the
 * text as an argument too (keybindings, tests), which skips the input box, and returns the
 * core's WriteResult.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WriteResult } from '../../../core/memory/write';
import type { Services } from '../../shared/services';
import { argOrInput, inFolder, memoryUsable, offer, openAt } from '../../shared/ui';

export function register(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(
      'coresoul.writeMemory',
      inFolder(services, async (root, given?: unknown): Promise<WriteResult | undefined> => {
        const { window, l10n } = vscode;
        if (!memoryUsable(services, l10n.t('Core Soul: memory is off in this workspace, so nothing was written.'))) return undefined;
        const { memoryTextProblem, writeFromEditor } = await import('./memoryWrite.model');
        const text = await argOrInput(given, {
          title: l10n.t('Core Soul: Write Memory'),
          prompt: l10n.t('What should be remembered? [[Name]] links an entity; the entry is appended to today.'),
          placeHolder: l10n.t('Chose [[PostgreSQL]] over MySQL for JSONB support'),
          validateInput: (value) => (value.trim() ? memoryTextProblem(value) : undefined),
        });
        if (text === undefined || !text.trim()) return undefined;
        // The switch is read again: it may have been turned off while the input box was open.
        const outcome = await writeFromEditor(root, { text }, { clock: services.clock, memoryEnabled: services.memory.enabled });
        const { result } = outcome;
        if (outcome.commitProblem) {
          services.log.warn(`written, not committed: ${outcome.commitProblem}`);
          void window.showWarningMessage(l10n.t('Core Soul: written, but not committed to the vault history yet: {0}', outcome.commitProblem));
        }
        if (result.redacted) {
          void window.showWarningMessage(l10n.t('Core Soul: redacted {0} secret(s) before writing ({1}).', result.redacted.length, [...new Set(result.redacted)].join(', ')));
        }
        const where = `${result.file}:${result.line}`;
        const tagged = result.entities.map((e) => path.basename(e.path, '.md')).join(', ');
        offer(
          window.showInformationMessage,
          result.compressed
            ? tagged
              ? l10n.t('Core Soul: compressed last week, then remembered in {0}, tagged {1}.', where, tagged)
              : l10n.t('Core Soul: compressed last week, then remembered in {0}.', where)
            : tagged
              ? l10n.t('Core Soul: remembered in {0}, tagged {1}.', where, tagged)
              : l10n.t('Core Soul: remembered in {0}.', where),
          l10n.t('Open'),
          () => openAt(path.join(root, result.file), result.line, vscode.TextEditorRevealType.InCenterIfOutsideViewport),
        );
        return result;
      }),
    ),
  );
}

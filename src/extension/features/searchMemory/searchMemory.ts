/**
 * "Core Soul: Search Memory": an input box for the query, then a quick pick of the ranked
 * snippets (best line, day, file:line) in rank order; picking one opens the file at that line.
 * Refused while the memory switch is off. A query given as the argument (keybindings, tests)
 * skips the input box. The command returns the hits shown and leaves the pick open for the user.
 */
import * as vscode from 'vscode';
import type { SearchHit } from '../../../core/search/search';
import type { Services } from '../../shared/services';
import type { SearchPick } from './searchPicks.model';
import { argOrInput, inFolder, memoryUsable, openAt, showError } from '../../shared/ui';

type Item = vscode.QuickPickItem & { pick: SearchPick };

export function register(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(
      'coresoul.searchMemory',
      inFolder(services, async (root, given?: unknown): Promise<SearchHit[] | undefined> => {
        const { window, l10n } = vscode;
        if (!memoryUsable(services, l10n.t('Core Soul: memory is off in this workspace, so nothing was searched.'))) return undefined;
        const query = await argOrInput(given, {
          title: l10n.t('Core Soul: Search Memory'),
          prompt: l10n.t('Names, words or dates to look for in memory; Chinese works.'),
          placeHolder: l10n.t('PostgreSQL decision'),
        });
        if (query === undefined || !query.trim()) return undefined;
        // The switch is read again: it may have been turned off while the input box was open.
        const { searchFromEditor } = await import('./searchPicks.model');
        const picks = searchFromEditor(root, query, { memoryEnabled: services.memory.enabled });
        if (!picks.length) {
          void window.showInformationMessage(l10n.t('Core Soul: nothing in memory matches "{0}".', query.trim()));
          return [];
        }
        const qp = window.createQuickPick<Item>();
        qp.title = picks.length === 1 ? l10n.t('Core Soul: 1 memory for "{0}"', query.trim()) : l10n.t('Core Soul: {0} memories for "{1}"', picks.length, query.trim());
        qp.placeholder = l10n.t('Pick one to open it at its line; type to filter');
        qp.matchOnDescription = true;
        qp.matchOnDetail = true;
        qp.items = picks.map((pick) => ({ label: pick.label, description: pick.description, detail: pick.detail, pick }));
        qp.onDidAccept(() => {
          const pick = qp.selectedItems[0]?.pick;
          if (!pick) return;
          qp.hide();
          openAt(pick.file, pick.line, vscode.TextEditorRevealType.InCenterIfOutsideViewport).catch((err) => showError(services, err));
        });
        qp.onDidHide(() => qp.dispose());
        qp.show();
        return picks.map((p) => p.hit);
      }),
    ),
  );
}

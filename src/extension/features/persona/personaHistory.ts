/**
 * "Core Soul: Persona History": the commits that changed persona.md in a quick pick; the chosen
 * one opens as the editor's diff (before ↔ after, read-only), and once confirmed, Revert
 * undoes it through the core: a new change, gated as the user's command, soul-checked, backed up
 * and committed.
 */
import * as vscode from 'vscode';
import { openVault } from '../../../core/vault/layout';
import type { Services } from '../../shared/services';
import { personaEngine } from './personaEngine';
import { closeDiffs } from './personaReview';
import { inFolder } from '../../shared/ui';

const SCHEME = 'coresoul-persona-history';
const uriFor = (commit: string, side: 'before' | 'after') => vscode.Uri.from({ scheme: SCHEME, path: `/${commit}/${side}/persona.md` });

export function register(context: vscode.ExtensionContext, services: Services): void {
  const { l10n, window } = vscode;
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
      async provideTextDocumentContent(uri) {
        const [, commit, side] = uri.path.split('/');
        const root = services.root();
        if (!root || !commit) return '';
        const change = await (await personaEngine(services)).personaChangeAt(openVault(root), commit);
        return side === 'before' ? change.before : change.after;
      },
    }),
    vscode.commands.registerCommand(
      'coresoul.persona.history',
      inFolder(services, async (root) => {
        const v = openVault(root);
        const engine = await personaEngine(services);
        const commits = await engine.personaHistory(v);
        if (!commits.length) return void window.showInformationMessage(l10n.t('Core Soul: no commit has changed persona.md yet.'));
        const picked = await window.showQuickPick(
          commits.map((c) => ({ label: c.subject, description: `${c.short} · ${c.date.slice(0, 10)}`, detail: c.reason || undefined, commit: c })),
          { title: l10n.t('Core Soul: Persona History'), placeHolder: l10n.t('Pick a change to see its diff and revert it'), matchOnDescription: true },
        );
        if (!picked) return;
        const { commit, short, subject } = picked.commit;
        await vscode.commands.executeCommand('vscode.diff', uriFor(commit, 'before'), uriFor(commit, 'after'), l10n.t('Persona: {0} ({1})', subject, short), { preview: false });
        // Asked beside the diff (a quick pick that stays open while the person reads it): a
        // modal dialog would hide the diff.
        const revert = {
          label: l10n.t('Revert'),
          detail: l10n.t('The sections it changed go back to how they were before it, as a new change: soul-checked, backed up and committed. Refused if a later change touched the same section.'),
        };
        const answer = await window.showQuickPick([revert, { label: l10n.t('Keep it') }], { title: l10n.t('Revert "{0}"?', subject), ignoreFocusOut: true });
        if (answer !== revert) return;
        const { review, applied } = await engine.revertPersona(v, commit, engine.deps());
        if (!applied?.applied) {
          return void window.showErrorMessage(l10n.t('Core Soul: refused, the persona is unchanged: {0}', engine.refusals(applied?.review ?? review).join('; ')));
        }
        await closeDiffs((uri) => uri.scheme === SCHEME && uri.path.startsWith(`/${commit}/`));
        void window.showInformationMessage(l10n.t('Core Soul: reverted {0} (backup {1}, commit {2}).', short, applied.backup ?? '—', applied.commit?.slice(0, 10) ?? '—'));
      }),
    ),
  );
}

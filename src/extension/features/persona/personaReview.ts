/**
 * Persona proposals reviewed in the editor's own diff view (docs/persona.md#review-as-a-diff): current persona ↔
 * proposed, as read-only virtual documents, with Apply and Reject in the editor title.
 * Nothing is written before Apply; Apply and Reject go through the core.
 */
import * as vscode from 'vscode';
import { openVault } from '../../../core/vault/layout';
import type { Services } from '../../shared/services';
import { personaEngine } from './personaEngine';

export const SCHEME = 'coresoul-persona';

const uriFor = (id: string, side: 'current' | 'proposed') => vscode.Uri.from({ scheme: SCHEME, path: `/${id}/${side}/persona.md` });
const idOf = (uri: vscode.Uri | undefined) => (uri?.scheme === SCHEME ? uri.path.split('/')[1] : undefined);

export function register(context: vscode.ExtensionContext, services: Services): void {
  const vault = () => {
    const root = services.root();
    if (!root) throw new Error(vscode.l10n.t('open a folder first'));
    return openVault(root);
  };
  const guarded = (fn: (id: string) => Promise<void>) => async (arg?: string | vscode.Uri) => {
    const id = typeof arg === 'string' ? arg : idOf(arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri);
    if (!id) return void vscode.window.showWarningMessage(vscode.l10n.t('Core Soul: open a persona proposal first.'));
    try {
      await fn(id);
    } catch (err) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Core Soul: {0}', err instanceof Error ? err.message : String(err)));
    }
  };

  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
      async provideTextDocumentContent(uri) {
        const id = idOf(uri);
        if (!id) return '';
        const p = (await personaEngine(services)).previewProposal(vault(), id);
        return uri.path.includes('/proposed/') ? p.proposed : p.current;
      },
    }),
    vscode.commands.registerCommand(
      'coresoul.persona.review',
      guarded(async (id) => {
        const p = (await personaEngine(services)).previewProposal(vault(), id);
        const title = vscode.l10n.t('Persona: current ↔ proposed ({0})', p.proposal.changes.map((c) => c.section.replace(/^# /, '')).join(', '));
        await vscode.commands.executeCommand('vscode.diff', uriFor(id, 'current'), uriFor(id, 'proposed'), title, { preview: false });
      }),
    ),
    vscode.commands.registerCommand(
      'coresoul.persona.apply',
      guarded(async (id) => {
        const engine = await personaEngine(services);
        const r = await engine.applyProposal(vault(), id, engine.deps());
        if (!r.applied) {
          return void vscode.window.showErrorMessage(vscode.l10n.t('Core Soul: refused, the persona is unchanged: {0}', engine.refusals(r.review).join('; ')));
        }
        await closeReview(id);
        void vscode.window.showInformationMessage(vscode.l10n.t('Core Soul: persona updated (backup {0}, commit {1}).', r.backup ?? '—', r.commit ?? '—'));
      }),
    ),
    vscode.commands.registerCommand(
      'coresoul.persona.reject',
      guarded(async (id) => {
        const engine = await personaEngine(services);
        await engine.rejectProposal(vault(), id, engine.deps());
        await closeReview(id);
        void vscode.window.showInformationMessage(vscode.l10n.t('Core Soul: proposal rejected; the persona is unchanged.'));
      }),
    ),
  );
}

const closeReview = (id: string) => closeDiffs((uri) => idOf(uri) === id);

/** Closes the diff editors whose right-hand side `matches`. */
export async function closeDiffs(matches: (modified: vscode.Uri) => boolean): Promise<void> {
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff && matches(t.input.modified));
  await vscode.window.tabGroups.close(tabs);
}

/**
 * The Backlinks view: every note and day that links to the document in the active Markdown
 * editor, asked of the link server (`coresoul/backlinks`, the one index), with the linking line
 * as the description; a row opens at the link. Nothing is asked while the view is hidden.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Services } from '../../shared/services';
import { backlinks } from '../../shared/linkClient';
import { type BacklinkRow, backlinkRows } from './backlinkRows.model';
import { KIND_ICONS } from '../../shared/vaultTree.model';

const EDIT_PAUSE_MS = 500;
const SERVER_RETRY_MS = 1000;
/** How long to wait for the link server to start before saying it is not running. */
const SERVER_RETRIES = 60;

class BacklinksProvider implements vscode.TreeDataProvider<BacklinkRow> {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private rows: BacklinkRow[] = [];

  show(rows: BacklinkRow[]): void {
    this.rows = rows;
    this.changed.fire(undefined);
  }

  getChildren(row?: BacklinkRow): BacklinkRow[] {
    return row ? [] : this.rows;
  }

  getTreeItem(row: BacklinkRow): vscode.TreeItem {
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = `${row.file}:${row.line}:${row.start}`;
    item.description = row.description;
    item.tooltip = `${row.tooltip}\n${row.description}`;
    item.iconPath = new vscode.ThemeIcon(row.source.type === 'entity' ? KIND_ICONS[row.source.kind] : row.source.type === 'day' ? 'calendar' : 'file');
    const selection = new vscode.Range(row.line, row.start, row.line, row.end);
    item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [vscode.Uri.file(row.file), { selection, preview: true }] };
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function register(context: vscode.ExtensionContext, services: Services): void {
  const { l10n } = vscode;
  const provider = new BacklinksProvider();
  const view = vscode.window.createTreeView('coresoul.backlinks', { treeDataProvider: provider });
  /** The document whose backlinks are shown: the active Markdown editor's, kept while focus is elsewhere. */
  let subject: vscode.Uri | undefined;
  let request: vscode.CancellationTokenSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitedForServer = 0;

  const show = (rows: BacklinkRow[], message?: string) => {
    provider.show(rows);
    view.message = message;
  };
  const later = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void update(), ms);
  };

  const update = async (): Promise<void> => {
    clearTimeout(timer);
    if (!view.visible) return;
    request?.cancel();
    const mine = (request = new vscode.CancellationTokenSource());
    const editor = vscode.window.activeTextEditor;
    if (editor) subject = editor.document.languageId === 'markdown' && editor.document.uri.scheme === 'file' ? editor.document.uri : undefined;
    const state = services.vault.state;
    view.description = subject && path.basename(subject.fsPath, '.md');
    if (state.kind !== 'ready') return show([], l10n.t('This workspace has no usable Core Soul vault.'));
    if (!subject) return show([], l10n.t('Open a note or a day of the vault to see what links to it.'));
    const answer = backlinks(subject, mine.token);
    if (!answer) {
      if (++waitedForServer > SERVER_RETRIES) return show([], l10n.t('The link server is not running; see the Core Soul output.'));
      show([], l10n.t('The link server is starting…'));
      return later(SERVER_RETRY_MS);
    }
    waitedForServer = 0;
    try {
      const { targets, links } = await answer;
      if (mine.token.isCancellationRequested) return;
      const rows = backlinkRows(state.vault, subject.fsPath, links, linesOf);
      const name = targets.length === 1 ? targets[0] : path.basename(subject.fsPath);
      show(rows, rows.length ? undefined : targets.length ? l10n.t('Nothing links to {0} yet.', name) : l10n.t('{0} is not a note or a day of the vault.', name));
    } catch (err) {
      if (mine.token.isCancellationRequested) return;
      services.log.warn('cannot list backlinks:', err as Error);
      show([], l10n.t('Cannot list backlinks: {0}', String((err as Error)?.message ?? err).split('\n')[0]));
    }
  };
  const refresh = () => void update().catch((err) => services.log.error('backlinks:', err as Error));

  context.subscriptions.push(
    view,
    provider,
    { dispose: () => (clearTimeout(timer), request?.cancel()) },
    view.onDidChangeVisibility(refresh),
    vscode.window.onDidChangeActiveTextEditor(refresh),
    services.vault.onDidChange(refresh),
    services.vault.onDidChangeState(refresh),
    // An edit in a note may add or remove links before it is saved: the server reads open documents.
    vscode.workspace.onDidChangeTextDocument((e) => e.document.languageId === 'markdown' && view.visible && later(EDIT_PAUSE_MS)),
  );
  refresh();
}

/** A file's lines, as the editor has them when it is open (unsaved edits included). */
function linesOf(file: string): string[] {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
  try {
    return (open?.getText() ?? fs.readFileSync(file, 'utf8')).split(/\r?\n/);
  } catch {
    return [];
  }
}

/**
 * The Vault view: adapts the core's VaultTreeModel to a TreeDataProvider. Children are asked
 * for only when a node is expanded; the one vault watcher says which containers to redraw.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { readDay } from '../../../core/vault/days';
import { type Origin, authorLabel } from '../../../core/vault/dayEntries';
import { rel } from '../../../core/vault/layout';
import type { EntityKind } from '../../../core/vault/layout';
import { KIND_ICONS, type Period, type VaultNode, type VaultTreeModel } from '../../shared/vaultTree.model';
import type { Services } from '../../shared/services';
import { openAt, showError } from '../../shared/ui';

const { l10n } = vscode;

const FILE_LABELS = { soul: () => l10n.t('Soul'), persona: () => l10n.t('Persona'), profile: () => l10n.t('Profile'), map: () => l10n.t('Memory map') };
const FILE_ICONS = { soul: 'flame', persona: 'account', profile: 'lock', map: 'map' };
const PERIOD_LABELS: Record<Period, () => string> = {
  week: () => l10n.t('This week'),
  month: () => l10n.t('This month'),
  archive: () => l10n.t('Archive'),
};
const PERIOD_TOOLTIPS: Record<Period, () => string> = {
  week: () => l10n.t('Days of this Monday–Sunday week: detailed entries (L1)'),
  month: () => l10n.t('The month before this week: hourly summaries (L2)'),
  archive: () => l10n.t('Older days, folded into monthly files (L3)'),
};
const ORIGIN_ICONS: Record<Origin, string> = { person: 'person', agent: 'hubot', capture: 'comment-discussion', import: 'cloud-download' };
const KIND_LABELS: Record<EntityKind, () => string> = {
  people: () => l10n.t('People'),
  events: () => l10n.t('Events'),
  places: () => l10n.t('Places'),
  objects: () => l10n.t('Objects'),
};

class VaultTreeProvider implements vscode.TreeDataProvider<VaultNode> {
  private readonly changed = new vscode.EventEmitter<VaultNode | VaultNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  view?: vscode.TreeView<VaultNode>;

  constructor(private readonly services: Services) {}

  get model(): VaultTreeModel | undefined {
    return this.services.vault.model;
  }

  refresh(nodes: VaultNode[] | 'root'): void {
    if (nodes === 'root') this.changed.fire(undefined);
    else if (nodes.length) this.changed.fire(nodes);
    // A collapsed container is not asked for its children, yet the memory map may have broken.
    if (this.view && this.model && this.services.vault.state.kind === 'ready') this.view.message = this.problem();
  }

  private problem(): string | undefined {
    try {
      return this.model?.problem;
    } catch (err) {
      return String((err as Error).message ?? err).split('\n')[0];
    }
  }

  getChildren(node?: VaultNode): VaultNode[] {
    const model = this.model;
    const state = this.services.vault.state;
    // Without a usable vault the tree is empty and has no message, so that the welcome view
    // (Initialize, Show Status) shows instead: VS Code hides it behind a message.
    if (!model || state.kind !== 'ready') {
      if (this.view) this.view.message = undefined;
      return [];
    }
    try {
      const children = model.children(node);
      if (this.view) this.view.message = model.problem;
      return children;
    } catch (err) {
      this.services.log.error('cannot list the vault:', err as Error);
      if (this.view) this.view.message = String((err as Error).message ?? err).split('\n')[0];
      return [];
    }
  }

  getTreeItem(node: VaultNode): vscode.TreeItem {
    const { Collapsed, None } = vscode.TreeItemCollapsibleState;
    const count = this.count(node);
    const collapsible = count ? Collapsed : None;
    const open = (title: string): vscode.Command => ({ command: 'coresoul.vault.open', title, arguments: [node] });
    switch (node.type) {
      case 'file': {
        const item = new vscode.TreeItem(FILE_LABELS[node.role](), None);
        item.resourceUri = vscode.Uri.file(node.file);
        item.tooltip = this.relative(node.file);
        item.iconPath = new vscode.ThemeIcon(FILE_ICONS[node.role]);
        if (node.role === 'profile') {
          item.description = l10n.t('personal');
          item.tooltip = l10n.t('{0}: what Core Soul learnt about you, kept on this machine and never shared', this.relative(node.file));
        }
        item.command = open(l10n.t('Open'));
        return this.finish(item, node);
      }
      case 'chronological':
        return this.container(node, l10n.t('Chronological'), 'history', count, collapsible);
      case 'period': {
        const item = this.container(node, PERIOD_LABELS[node.period](), node.period === 'archive' ? 'archive' : 'calendar', count, collapsible);
        item.tooltip = PERIOD_TOOLTIPS[node.period]();
        return item;
      }
      case 'month':
        return this.container(node, node.month, 'folder', count, collapsible);
      case 'entities':
        return this.container(node, l10n.t('Entities'), 'references', count, collapsible);
      case 'kind':
        return this.container(node, KIND_LABELS[node.kind](), KIND_ICONS[node.kind], count, collapsible);
      case 'day': {
        const item = new vscode.TreeItem(node.day, collapsible);
        item.description = node.missing
          ? l10n.t('file missing')
          : node.level
            ? `${weekday(node.day)} · ${node.level}`
            : `${weekday(node.day)} · ${l10n.t('not in the memory map')}`;
        item.tooltip = this.relative(node.file);
        item.iconPath = new vscode.ThemeIcon(node.missing ? 'warning' : 'calendar');
        // A detailed day expands into its entries (a click on an item with a command would not expand it); any other opens.
        if (!count) item.command = open(l10n.t('Open Day'));
        return this.finish(item, node);
      }
      case 'entry': {
        // Who wrote it leads the item (docs/memory.md#authors), what it says follows; the tooltip has both in full, with the machine.
        const item = new vscode.TreeItem(`${node.time.slice(0, 5)} ${authorLabel({ ...node.author, machine: undefined })}`, None);
        item.description = node.text;
        item.tooltip = `${node.text}\n\n${l10n.t('by {0}', authorLabel(node.author))}\n${this.relative(node.file)}:${node.line}`;
        item.iconPath = new vscode.ThemeIcon(ORIGIN_ICONS[node.author.from]);
        item.command = open(l10n.t('Open Entry'));
        return this.finish(item, node);
      }
      case 'entity': {
        const item = new vscode.TreeItem(node.name, None);
        item.resourceUri = vscode.Uri.file(node.file);
        item.tooltip = this.relative(node.file);
        item.iconPath = new vscode.ThemeIcon(KIND_ICONS[node.kind]);
        item.command = open(l10n.t('Open'));
        return this.finish(item, node);
      }
      case 'more': {
        const item = new vscode.TreeItem(l10n.t('Show {0} more…', Math.min(node.remaining, this.model?.pageSize ?? node.remaining)), None);
        item.description = l10n.t('{0} not shown', node.remaining);
        item.iconPath = new vscode.ThemeIcon('ellipsis');
        item.command = { command: 'coresoul.vault.showMore', title: l10n.t('Show More'), arguments: [node] };
        return this.finish(item, node);
      }
    }
  }

  private count(node: VaultNode): number | undefined {
    try {
      return this.model?.count(node);
    } catch (err) {
      this.services.log.error('cannot count the vault:', err as Error);
      return undefined;
    }
  }

  private container(node: VaultNode, label: string, icon: string, count: number | undefined, state: vscode.TreeItemCollapsibleState) {
    const item = new vscode.TreeItem(label, state);
    if (count !== undefined) {
      item.description = node.type === 'kind' || node.type === 'entities' ? String(count) : count === 1 ? l10n.t('1 day') : l10n.t('{0} days', count);
    }
    item.iconPath = new vscode.ThemeIcon(icon);
    return this.finish(item, node);
  }

  private finish(item: vscode.TreeItem, node: VaultNode): vscode.TreeItem {
    item.id = node.id;
    item.contextValue = node.type;
    return item;
  }

  private relative(file: string): string {
    return this.model ? rel(this.model.vault, file) : file;
  }
}

// A day's weekday in the display language, computed in UTC so the day string is the day shown.
// Made when a day is first shown: creating the format costs activation several milliseconds.
let weekdayFormat: Intl.DateTimeFormat | undefined;
const weekday = (day: string) => {
  if (!weekdayFormat) {
    try {
      weekdayFormat = new Intl.DateTimeFormat(vscode.env.language, { weekday: 'short', timeZone: 'UTC' });
    } catch {
      weekdayFormat = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' });
    }
  }
  return weekdayFormat.format(new Date(`${day}T00:00:00Z`));
};

async function openNode(services: Services, node: VaultNode): Promise<void> {
  const model = services.vault.model;
  if (!model) return;
  if (node.type === 'file' || node.type === 'entity') {
    if (!fs.existsSync(node.file)) {
      void vscode.window.showWarningMessage(l10n.t('Core Soul: {0} does not exist any more.', rel(model.vault, node.file)));
      return;
    }
    await openAt(node.file);
  } else if (node.type === 'day') {
    // Where the day lives now (it may have been compressed since the tree was drawn).
    const day = readDay(model.vault, node.day);
    if (!day) {
      void vscode.window.showWarningMessage(l10n.t('Core Soul: the day {0} is not in the vault any more.', node.day));
      return;
    }
    await openAt(day.file, day.startLine);
  } else if (node.type === 'entry') {
    await openAt(node.file, node.line);
  }
}

/** Redraws the days just after each local midnight: "this week" and "this month" move on. */
function everyMidnight(services: Services, redraw: () => void): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    const now = services.clock.now();
    const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 5);
    timer = setTimeout(() => {
      redraw();
      arm();
    }, next.getTime() - now.getTime());
  };
  arm();
  return { dispose: () => clearTimeout(timer) };
}

export function register(context: vscode.ExtensionContext, services: Services): void {
  const provider = new VaultTreeProvider(services);
  const view = vscode.window.createTreeView('coresoul.vault', { treeDataProvider: provider, showCollapseAll: true });
  provider.view = view;
  context.subscriptions.push(
    view,
    everyMidnight(services, () => provider.refresh('root')), // the model regroups from its cache
    services.vault.onDidChange((change) => provider.refresh(change.refresh)),
    services.vault.onDidChangeState(() => provider.refresh('root')),
    vscode.commands.registerCommand('coresoul.vault.open', (node?: VaultNode) =>
      node ? openNode(services, node).catch((err) => showError(services, err)) : undefined,
    ),
    vscode.commands.registerCommand('coresoul.vault.showMore', (node: VaultNode) => {
      if (node?.type === 'more' && services.vault.model) provider.refresh([services.vault.model.showMore(node)]);
    }),
    vscode.commands.registerCommand('coresoul.vault.refresh', () => {
      services.vault.recheck();
      provider.refresh(services.vault.model?.invalidate('all') ?? 'root');
    }),
  );
}

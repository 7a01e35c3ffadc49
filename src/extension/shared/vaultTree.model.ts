/**
 * What the Vault tree shows, without `vscode`: the soul, persona and memory map; the days
 * grouped relative to the clock (this week, the month before it, older months); the entities
 * by kind with counts. The extension's TreeDataProvider only turns these nodes into items.
 *
 * Each part of the vault is read when it is first shown and kept until a file event says it
 * changed (`changedSections`), so a write re-reads one folder listing, never the whole vault.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Clock, isDay, localDay, oneMonthBefore, weekMonday } from '../../core/shared/clock';
import { CoreSoulError } from '../../core/shared/errors';
import { type Level, readMemoryMap } from '../../core/vault/memoryMap';
import { ENTITY_KINDS, type EntityKind, type Vault, isEntityKind } from '../../core/vault/layout';
import { isHourlySummary } from '../../core/compress/hourlySummary';
import { readTextIfExists } from '../../core/shared/fs';
import { profilePath } from '../../core/vault/personal';
import { type Author, entryBody, readDayEntries } from '../../core/vault/dayEntries';

export interface DayInfo {
  day: string;
  /** From memory_map.md; undefined for a daily file the map does not list (added by hand). */
  level?: Level;
  /** Absolute path of the file that holds the day (the monthly file for L3). */
  file: string;
  /** True when the day is a `## YYYY-MM-DD` section of a monthly file. */
  monthly: boolean;
  /** True when the map lists the day but its file is not there. */
  missing: boolean;
}

export type Period = 'week' | 'month' | 'archive';

export interface DayGroups {
  /** This Monday–Sunday week (and any later day), newest first: where L1 lives. */
  week: DayInfo[];
  /** From one calendar month before this week's Monday up to that Monday: where L2 lives. */
  month: DayInfo[];
  /** Older days by month `YYYY-MM`, newest month and day first: where L3 lives. */
  archive: Map<string, DayInfo[]>;
}

/** Groups days by their age relative to `today`, the same boundaries compression uses. */
export function groupDays(days: readonly DayInfo[], today: string): DayGroups {
  const monday = weekMonday(today);
  const cutoff = oneMonthBefore(monday);
  const groups: DayGroups = { week: [], month: [], archive: new Map() };
  for (const d of [...days].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0))) {
    if (d.day >= monday) groups.week.push(d);
    else if (d.day >= cutoff) groups.month.push(d);
    else {
      const month = d.day.slice(0, 7);
      const list = groups.archive.get(month);
      if (list) list.push(d);
      else groups.archive.set(month, [d]);
    }
  }
  return groups;
}

/** A part of the tree: the days, one kind's entities, or the entries of one detailed day (`day/YYYY-MM-DD`). */
export type Section = 'days' | EntityKind | `day/${string}`;

/**
 * Which parts of the tree a file event in the vault can change; `all` when a whole folder
 * came or went. An append to a day file changes that day's entries only; appends to entity
 * files change no node, so they are ignored.
 */
export function changedSections(v: Vault, file: string, event: 'create' | 'change' | 'delete'): Section[] | 'all' {
  const abs = path.resolve(file);
  if (abs === v.soulDir || v.soulDir.startsWith(abs + path.sep)) return event === 'change' ? [] : 'all';
  const rel = path.relative(v.soulDir, abs);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return [];
  const parts = rel.split(path.sep);
  if (parts[0] !== 'memory') return [];
  const structural = event !== 'change';
  if (parts.length === 1 || (parts.length === 2 && parts[1] === 'entities')) return structural ? 'all' : [];
  if (parts.length === 2 && parts[1] === 'memory_map.md') return ['days'];
  if (parts[1] === 'chronological') {
    const entry = parts.length === 2 || (parts.length === 3 && parts[2].endsWith('.md'));
    const day = parts.length === 3 ? DAY_FILE_RE.exec(parts[2])?.[1] : undefined;
    return structural && entry ? ['days'] : day ? [`day/${day}`] : [];
  }
  if (parts[1] === 'entities' && isEntityKind(parts[2] ?? '')) {
    const entry = parts.length === 3 || (parts.length === 4 && parts[3].endsWith('.md'));
    return structural && entry ? [parts[2] as EntityKind] : [];
  }
  return [];
}

export type VaultNode =
  | { type: 'file'; id: string; role: 'soul' | 'persona' | 'profile' | 'map'; file: string }
  | { type: 'chronological'; id: string }
  | { type: 'period'; id: string; period: Period }
  | { type: 'month'; id: string; month: string }
  | ({ type: 'day'; id: string } & DayInfo)
  | { type: 'entry'; id: string; day: string; file: string; line: number; time: string; text: string; author: Author }
  | { type: 'entities'; id: string }
  | { type: 'kind'; id: string; kind: EntityKind }
  | { type: 'entity'; id: string; kind: EntityKind; name: string; file: string }
  | { type: 'more'; id: string; parent: ContainerNode; remaining: number };

export type ContainerNode = Extract<VaultNode, { type: 'chronological' | 'period' | 'month' | 'entities' | 'kind' | 'day' }>;

export const DEFAULT_PAGE_SIZE = 200;

const DAY_FILE_RE = /^(\d{4}-\d{2}-\d{2})\.md$/;
const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export class VaultTreeModel {
  private days?: DayInfo[];
  private mapProblem?: string;
  private grouped?: { today: string; groups: DayGroups };
  private readonly entities = new Map<EntityKind, { names: string[]; sorted: boolean }>();
  private readonly limits = new Map<string, number>();
  /** A detailed day's entries, read when the day is first expanded. */
  private readonly entries = new Map<string, Extract<VaultNode, { type: 'entry' }>[]>();
  // Containers keep their identity across refreshes: a view refreshes a node by identity.
  private readonly containers = new Map<string, ContainerNode>();

  constructor(
    readonly vault: Vault,
    private readonly clock: Clock,
    /** How many children a container shows before a "show more" node. */
    readonly pageSize = DEFAULT_PAGE_SIZE,
  ) {}

  /** Why memory_map.md could not be read (the days then come from the folder listing only). */
  get problem(): string | undefined {
    this.loadDays();
    return this.mapProblem;
  }

  roots(): VaultNode[] {
    const v = this.vault;
    const profile = profilePath(v);
    return [
      { type: 'file', id: 'soul', role: 'soul', file: v.soul },
      { type: 'file', id: 'persona', role: 'persona', file: v.persona },
      // What Core Soul learnt about this person: their own scope, on this machine only (docs/sync.md#scopes).
      ...(fs.existsSync(profile) ? [{ type: 'file' as const, id: 'profile', role: 'profile' as const, file: profile }] : []),
      { type: 'file', id: 'map', role: 'map', file: v.mapFile },
      this.container({ type: 'chronological', id: 'chronological' }),
      this.container({ type: 'entities', id: 'entities' }),
    ];
  }

  children(node?: VaultNode): VaultNode[] {
    if (!node) return this.roots();
    switch (node.type) {
      case 'chronological':
        return (['week', 'month', 'archive'] as const).map((period) => this.container({ type: 'period', id: `period/${period}`, period }));
      case 'period': {
        const groups = this.groups();
        if (node.period !== 'archive') return this.page(node, groups[node.period].map((d) => this.dayNode(d)));
        return this.page(node, [...groups.archive.keys()].map((month) => this.container({ type: 'month', id: `month/${month}`, month })));
      }
      case 'month':
        return this.page(node, (this.groups().archive.get(node.month) ?? []).map((d) => this.dayNode(d)));
      case 'day':
        return this.page(node, this.dayEntries(node));
      case 'entities':
        return ENTITY_KINDS.map((kind) => this.container({ type: 'kind', id: `kind/${kind}`, kind }));
      case 'kind':
        return this.page(
          node,
          this.entityNames(node.kind, true).map((name) => ({
            type: 'entity' as const,
            id: `entity/${node.kind}/${name}`,
            kind: node.kind,
            name,
            file: path.join(this.vault.entitiesDir, node.kind, `${name}.md`),
          })),
        );
      default:
        return [];
    }
  }

  /** How many days or entities a container holds (its description), else undefined. */
  count(node: VaultNode): number | undefined {
    switch (node.type) {
      case 'chronological':
        return this.loadDays().length;
      case 'period': {
        const groups = this.groups();
        if (node.period !== 'archive') return groups[node.period].length;
        return [...groups.archive.values()].reduce((n, list) => n + list.length, 0);
      }
      case 'month':
        return this.groups().archive.get(node.month)?.length ?? 0;
      case 'entities':
        return ENTITY_KINDS.reduce((n, kind) => n + this.entityNames(kind).length, 0);
      case 'kind':
        return this.entityNames(node.kind).length;
      case 'day':
        return this.dayEntries(node).length;
      default:
        return undefined;
    }
  }

  /**
   * The entries of a detailed (L1) day, each with who wrote it (docs/memory.md#authors); none for
   * a summarised, archived or missing day (its lines are summaries: open the day to read them).
   */
  private dayEntries(node: Extract<VaultNode, { type: 'day' }>): Extract<VaultNode, { type: 'entry' }>[] {
    let list = this.entries.get(node.day);
    if (!list) {
      const text = node.monthly || node.missing || (node.level && node.level !== 'L1') ? undefined : readTextIfExists(node.file);
      list =
        text === undefined || isHourlySummary(text)
          ? []
          : readDayEntries(node.day, text).entries.map((e) => ({ type: 'entry' as const, id: `entry/${node.day}/${e.line}`, day: node.day, file: node.file, line: e.line, time: e.time, text: entryText(e.text), author: e.author }));
      this.entries.set(node.day, list);
    }
    return list;
  }

  /** Shows the next page of a long list; returns the container to refresh. */
  showMore(node: Extract<VaultNode, { type: 'more' }>): ContainerNode {
    this.limits.set(node.parent.id, this.limitOf(node.parent) + this.pageSize);
    return node.parent;
  }

  /**
   * Forgets what file events changed. Returns the containers to refresh, or `root` when the
   * whole tree must be redrawn.
   */
  invalidate(sections: Iterable<Section> | 'all'): ContainerNode[] | 'root' {
    if (sections === 'all') {
      this.days = this.grouped = this.mapProblem = undefined;
      this.entities.clear();
      this.entries.clear();
      return 'root';
    }
    const refresh = new Set<ContainerNode>();
    for (const s of sections) {
      if (s.startsWith('day/')) {
        const day = s.slice(4);
        this.entries.delete(day);
        const node = this.containers.get(`day/${day}`);
        if (node) refresh.add(node);
      } else if (s === 'days') {
        this.entries.clear();
        this.days = this.grouped = this.mapProblem = undefined;
        refresh.add(this.container({ type: 'chronological', id: 'chronological' }));
      } else {
        this.entities.delete(s as EntityKind);
        refresh.add(this.container({ type: 'entities', id: 'entities' }));
      }
    }
    return [...refresh];
  }

  /** A day keeps its identity across refreshes (a view refreshes it by identity when its file grows). */
  private dayNode(d: DayInfo): ContainerNode {
    const node = this.container({ type: 'day', id: `day/${d.day}`, ...d });
    return Object.assign(node, d, { level: d.level });
  }

  private container<T extends ContainerNode>(node: T): T {
    const known = this.containers.get(node.id);
    if (known) return known as T;
    this.containers.set(node.id, node);
    return node;
  }

  private limitOf(node: ContainerNode): number {
    return this.limits.get(node.id) ?? this.pageSize;
  }

  private page(parent: ContainerNode, items: VaultNode[]): VaultNode[] {
    const limit = this.limitOf(parent);
    if (items.length <= limit) return items;
    return [...items.slice(0, limit), { type: 'more', id: `more/${parent.id}`, parent, remaining: items.length - limit }];
  }

  private groups(): DayGroups {
    const today = localDay(this.clock.now());
    if (this.grouped?.today !== today) this.grouped = { today, groups: groupDays(this.loadDays(), today) };
    return this.grouped.groups;
  }

  /** Days from memory_map.md, plus daily files the map does not list. */
  private loadDays(): DayInfo[] {
    if (this.days) return this.days;
    const v = this.vault;
    const listed = new Set(filesIn(v.chronoDir));
    const days = new Map<string, DayInfo>();
    this.mapProblem = undefined;
    try {
      for (const [day, entry] of Object.entries(readMemoryMap(v).days)) {
        const name = entry.file.slice('chronological/'.length);
        days.set(day, { day, level: entry.level, file: path.join(v.chronoDir, name), monthly: entry.level === 'L3', missing: !listed.has(name) });
      }
    } catch (err) {
      if (!(err instanceof CoreSoulError)) throw err;
      this.mapProblem = err.message;
    }
    for (const name of listed) {
      const day = DAY_FILE_RE.exec(name)?.[1];
      if (day && isDay(day) && !days.has(day)) days.set(day, { day, file: path.join(v.chronoDir, name), monthly: false, missing: false });
    }
    this.days = [...days.values()];
    return this.days;
  }

  /** A kind's entity names as listed, which is enough to count them; sorted only when asked. */
  private entityNames(kind: EntityKind, sorted = false): string[] {
    let list = this.entities.get(kind);
    if (!list) {
      const names = filesIn(path.join(this.vault.entitiesDir, kind))
        .filter((f) => f.endsWith('.md') && !f.startsWith('.'))
        .map((f) => f.slice(0, -3));
      list = { names, sorted: false };
      this.entities.set(kind, list);
    }
    if (sorted && !list.sorted) {
      list.names.sort(byName.compare);
      list.sorted = true;
    }
    return list.names;
  }
}


/**
 * An entry as the tree shows it: its first line without the provenance and author markers (the
 * item's description says who wrote it).
 */
const entryText = (text: string) => entryBody(text.split('\n')[0]).trim();

/** Names of the files in `dir` (a folder named like a note is not one); none when it is gone. */
function filesIn(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() || e.isSymbolicLink())
      .map((e) => e.name);
  } catch {
    return []; // a folder removed or replaced by hand: the tree shows it empty
  }
}

/** The codicon of each kind of entity, in the Vault tree and wherever an entity is listed. */
export const KIND_ICONS: Record<EntityKind, string> = { people: 'person', events: 'calendar', places: 'location', objects: 'symbol-misc' };

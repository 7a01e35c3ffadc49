/**
 * The link index of a vault: entities (kind, name, aliases), days (daily files and the
 * `## YYYY-MM-DD` sections of monthly files) and every `[[link]]` occurrence, so that
 * completion, navigation, backlinks and rename answer without reading the vault again.
 *
 * It reads through an injected `LinkWorkspace` (list files, read a file), so the language
 * server serves its editors' unsaved text and tests use an in-memory vault. It is built once
 * and then updated one file at a time (`setText`, `refresh`, `remove`): an edit re-parses one
 * file, never the vault. Links are stored compactly (a shared target record and three
 * integers each) because a 100 MB vault holds about a million of them.
 */
import * as path from 'node:path';
import { isDay } from '../shared/clock';
import { markdownLines } from '../shared/markdown';
import { dayLocation, daySections, findDaySection } from '../vault/days';
import { entityFrontMatter } from '../vault/entityFrontMatter';
import { type Link, parseLinks } from '../vault/wikilinks';
import { ENTITY_KINDS, type EntityKind, type Vault, isEntityKind } from '../vault/layout';

/** Where the index gets its files: the disk, an editor's open documents, or memory in tests. */
export interface LinkWorkspace {
  /** Every Markdown file the index covers, as absolute paths. */
  listFiles(): Promise<string[]>;
  /** A file's current text, or undefined when it does not exist (any more). */
  readFile(file: string): Promise<string | undefined>;
}

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

export interface Entity {
  kind: EntityKind;
  /** The file name without `.md`: what `[[links]]` use. */
  name: string;
  file: string;
  /** From the front matter's `aliases`. */
  aliases: readonly string[];
  /** The latest `[[YYYY-MM-DD]]` in the note (its last mention), or its `created` date. */
  lastDay: string | undefined;
}

/** What a link target resolves to. Lines are 0-based. */
export type Target =
  | { type: 'entity'; entity: Entity; file: string; line: 0 }
  | { type: 'day'; day: string; file: string; line: number; monthly: boolean };

/** A link occurrence: 0-based line, UTF-16 columns of `[[` and just past `]]`. */
export interface LinkAt {
  file: string;
  line: number;
  start: number;
  end: number;
}

/** A parsed link with its place in the text's lines. */
export interface PlacedLink extends Link {
  line: number;
  /** Columns of `[[` and just past `]]` on `line`. */
  character: number;
  endCharacter: number;
}

/**
 * Every link of a text with line and column (links never span lines). Links inside code
 * (fenced blocks, `inline spans`) are examples, as in soul.md, not links: they are skipped.
 */
export function placeLinks(text: string): PlacedLink[] {
  const placed: PlacedLink[] = [];
  eachLink(text, (link, line, character, endCharacter) => placed.push({ ...link, line, character, endCharacter }));
  return placed;
}

/** `placeLinks` without building the placed objects (the index of a 100 MB vault visits a million links). */
function eachLink(text: string, visit: (link: Link, line: number, character: number, endCharacter: number) => void): void {
  let line = 0;
  let lineStart = 0;
  let nl = text.indexOf('\n');
  for (const link of parseLinks(maskCode(text))) {
    for (; nl !== -1 && nl < link.start; nl = text.indexOf('\n', nl + 1)) {
      line++;
      lineStart = nl + 1;
    }
    visit(link, line, link.start - lineStart, link.end - lineStart);
  }
}

/** The link whose `[[…]]` contains column `character` of a line's text (not in an inline code span). */
export function linkAtColumn(lineText: string, character: number): Link | undefined {
  return parseLinks(maskCode(lineText)).find((l) => l.start <= character && character <= l.end);
}

const INLINE_CODE_RE = /`[^`\n]*`/g;
const blank = (s: string) => s.replace(/[^\n]/g, ' ');

/** The text with code blanked out, same length and lines, so offsets stay true. */
export function maskCode(text: string): string {
  if (!text.includes('`') && !text.includes('~~~')) return text;
  const lines = [...markdownLines(text.split('\n'))].map((l) => (l.role === 'prose' ? l.text : blank(l.text)));
  return lines.join('\n').replace(INLINE_CODE_RE, blank);
}

/** The column range of a link's target text inside its `[[…]]` (what rename rewrites). */
export function targetColumns(lineText: string, link: Link): { start: number; end: number } {
  const start = lineText.indexOf(link.target, link.start + 2);
  return { start, end: start + link.target.length };
}

type FileKind = 'entity' | 'daily' | 'monthly' | 'other';

// One record per distinct target key; link occurrences point at it, so a target's text is
// stored once and backlinks compare references, not strings.
interface TargetStat {
  key: string;
  count: number;
}

interface FileRecord {
  kind: FileKind;
  /** Per occurrence: its target, and [line, start, end] at 3·i in `pos`. */
  targets: TargetStat[];
  pos: Uint32Array;
  entity?: Entity;
  /** Monthly files: day → 0-based line of its `## YYYY-MM-DD` heading. */
  sections?: Map<string, number>;
}

const keyOf = (target: string) => target.toLowerCase();
const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const DAILY_RE = /^(\d{4}-\d{2}-\d{2})\.md$/;
const MONTHLY_RE = /^\d{4}-\d{2}\.md$/;
const READ_CONCURRENCY = 8;

interface State {
  records: Map<string, FileRecord>;
  /** Target key → its record, for every target linked at least once. */
  stats: Map<string, TargetStat>;
  /** Entity name (lower case) → its notes, in kind order. */
  entities: Map<string, Entity[]>;
}

const emptyState = (): State => ({ records: new Map(), stats: new Map(), entities: new Map() });

export class LinkIndex {
  private s = emptyState();
  private readonly listeners = new Set<(files: string[]) => void>();
  private dayList: string[] | undefined;
  private entityList: Entity[] | undefined;
  private generation = 0;
  /** File → number of its latest update, so a slow read never overwrites a newer update. */
  private readonly tickets = new Map<string, number>();
  /** Files updated while a build was reading, re-read once it has swapped in. */
  private touchedDuringBuild: Set<string> | undefined;

  constructor(
    readonly vault: Vault,
    private readonly workspace: LinkWorkspace,
  ) {}

  // ---- updates ---------------------------------------------------------------------------

  /**
   * Indexes every file the workspace lists into a fresh index that replaces the current one
   * when complete; queries meanwhile see the old one. A newer build cancels an older one.
   */
  async build(signal?: AbortSignal): Promise<{ files: number }> {
    const generation = ++this.generation;
    const touched = new Set<string>();
    this.touchedDuringBuild = touched;
    const files = await this.workspace.listFiles();
    const fresh = emptyState();
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        if (signal?.aborted || generation !== this.generation) throw new Cancelled();
        const file = files[next++];
        const text = await this.workspace.readFile(file);
        if (text !== undefined) this.index(fresh, file, text);
      }
    };
    try {
      await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
    } finally {
      if (this.touchedDuringBuild === touched) this.touchedDuringBuild = undefined;
    }
    if (generation !== this.generation) throw new Cancelled();
    this.s = fresh;
    this.dayList = undefined;
    this.entityList = undefined;
    this.emit([...fresh.records.keys()]);
    for (const file of touched) await this.refresh(file);
    return { files: fresh.records.size };
  }

  /** Indexes (or re-indexes) one file from the given text. */
  setText(file: string, text: string): void {
    this.touch(file);
    this.apply(file, text);
  }

  /** Re-reads one file through the workspace; a file that is gone is removed. */
  async refresh(file: string): Promise<void> {
    const ticket = this.touch(file);
    const text = await this.workspace.readFile(file);
    if (this.tickets.get(file) !== ticket) return; // a newer update of this file came first
    if (text === undefined) this.drop(...(this.s.records.has(file) ? [file] : []));
    else this.apply(file, text);
  }

  /** Removes a file, or every indexed file under a removed folder. */
  remove(fileOrDir: string): void {
    const prefix = fileOrDir + path.sep;
    const gone = [...this.s.records.keys()].filter((f) => f === fileOrDir || f.startsWith(prefix));
    for (const f of [fileOrDir, ...gone]) this.touch(f);
    this.drop(...gone);
  }

  /** Calls `listener` with the files that changed after every update; returns an unsubscribe. */
  onDidChange(listener: (files: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- queries ---------------------------------------------------------------------------

  has(file: string): boolean {
    return this.s.records.has(file);
  }

  /** Every indexed file. */
  files(): Iterable<string> {
    return this.s.records.keys();
  }

  /** Every entity (all kinds); the same array until an entity note is added, changed or removed. */
  entities(): readonly Entity[] {
    return (this.entityList ??= [...this.s.entities.values()].flat());
  }

  /** The entity a `[[name]]` means: case-insensitive, the first kind in kind order on a tie. */
  entity(name: string): Entity | undefined {
    return this.s.entities.get(keyOf(name))?.[0];
  }

  /** The entity whose note is `file`. */
  entityOf(file: string): Entity | undefined {
    return this.s.records.get(file)?.entity;
  }

  /** Entities that list `name` among their aliases (case-insensitive). */
  entitiesWithAlias(name: string): Entity[] {
    const key = keyOf(name);
    return this.entities().filter((e) => e.aliases.some((a) => keyOf(a) === key));
  }

  /** Every day the vault holds (daily files and L3 sections), newest first. */
  days(): readonly string[] {
    if (!this.dayList) {
      const days = new Set<string>();
      for (const file of this.s.records.keys()) for (const day of this.daysOf(file)) days.add(day);
      this.dayList = [...days].sort().reverse();
    }
    return this.dayList;
  }

  /** What `[[target]]` resolves to, or undefined for a broken link. */
  resolve(target: string): Target | undefined {
    if (isDay(target)) return this.resolveDay(target);
    const entity = this.entity(target);
    return entity && { type: 'entity', entity, file: entity.file, line: 0 };
  }

  /**
   * The link targets a file stands for: an entity note its entity's name, a daily file its
   * day, a monthly file the days of its sections that resolve to it.
   */
  targetsOf(file: string): string[] {
    const entity = this.entityOf(file);
    return entity ? [entity.name] : this.daysOf(file);
  }

  /** How many links point at `target` across the vault (case-insensitive). */
  linkCount(target: string): number {
    return this.s.stats.get(keyOf(target))?.count ?? 0;
  }

  /** Every link to `target` (backlinks), by file then position. */
  backlinks(target: string, signal?: AbortSignal): LinkAt[] {
    const stat = this.s.stats.get(keyOf(target));
    if (!stat) return [];
    const found: LinkAt[] = [];
    for (const [file, r] of this.s.records) {
      if (signal?.aborted) throw new Cancelled();
      for (let i = 0; i < r.targets.length; i++) {
        if (r.targets[i] === stat) found.push({ file, line: r.pos[3 * i], start: r.pos[3 * i + 1], end: r.pos[3 * i + 2] });
      }
    }
    return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.start - b.start));
  }

  /**
   * The first lines of what a target points at, for previews: an entity note after its front
   * matter, a daily file, an L3 section (found with `findDaySection`), or from a `#heading` on.
   */
  async excerpt(target: Target, heading?: string, maxLines = 8): Promise<{ file: string; line: number; lines: string[] } | undefined> {
    const region = await this.region(target);
    if (!region) return undefined;
    let { line, lines } = region;
    const at = heading ? headingLine(lines, heading) : -1;
    if (at > 0) {
      line += at;
      lines = lines.slice(at);
    }
    const shown = lines.slice(0, maxLines);
    while (shown.length && !shown[shown.length - 1].trim()) shown.pop();
    return { file: target.file, line, lines: shown };
  }

  /** Where a link lands: the line of its `#heading` when the target has one, else the target's line. */
  async lineOf(target: Target, heading?: string): Promise<number> {
    const region = heading ? await this.region(target) : undefined;
    const at = region ? headingLine(region.lines, heading!) : -1;
    return at === -1 ? target.line : region!.line + at;
  }

  // ---- internals -------------------------------------------------------------------------

  private touch(file: string): number {
    const ticket = (this.tickets.get(file) ?? 0) + 1;
    this.tickets.set(file, ticket);
    this.touchedDuringBuild?.add(file);
    return ticket;
  }

  private apply(file: string, text: string): void {
    this.unindex(file);
    this.index(this.s, file, text);
    this.dayList = undefined;
    this.emit([file]);
  }

  private drop(...files: string[]): void {
    for (const f of files) this.unindex(f);
    if (files.length) {
      this.dayList = undefined;
      this.emit(files);
    }
  }

  /** A target's own lines: an entity note's body, a daily file, an L3 section; `line` is where they start. */
  private async region(target: Target): Promise<{ line: number; lines: string[] } | undefined> {
    const text = await this.workspace.readFile(target.file);
    if (text === undefined) return undefined;
    if (target.type === 'day' && target.monthly) {
      const section = findDaySection(text, target.day);
      return section && { line: section.startLine - 1, lines: section.lines };
    }
    const body = target.type === 'entity' ? (entityFrontMatter(text)?.lines ?? 0) : 0;
    return { line: body, lines: text.replace(/\r\n?/g, '\n').split('\n').slice(body) };
  }

  private daysOf(file: string): string[] {
    const r = this.s.records.get(file);
    if (r?.kind === 'daily') return [path.basename(file, '.md')];
    return [...(r?.sections?.keys() ?? [])].filter((day) => this.resolveDay(day)?.file === file);
  }

  private resolveDay(day: string): Extract<Target, { type: 'day' }> | undefined {
    const loc = dayLocation(this.vault, day, (f) => this.s.records.has(f));
    if (!loc) return undefined;
    if (!loc.monthly) return { type: 'day', day, file: loc.file, line: 0, monthly: false };
    const line = this.s.records.get(loc.file)?.sections?.get(day);
    return line === undefined ? undefined : { type: 'day', day, file: loc.file, line, monthly: true };
  }

  private kindOf(file: string): { kind: FileKind; entityKind?: EntityKind } {
    const dir = path.dirname(file);
    const base = path.basename(file);
    if (dir === this.vault.chronoDir) {
      const daily = DAILY_RE.exec(base);
      if (daily && isDay(daily[1])) return { kind: 'daily' };
      if (MONTHLY_RE.test(base)) return { kind: 'monthly' };
    }
    const kind = path.basename(dir);
    if (path.dirname(dir) === this.vault.entitiesDir && isEntityKind(kind) && base.endsWith('.md')) return { kind: 'entity', entityKind: kind };
    return { kind: 'other' };
  }

  private index(s: State, file: string, text: string): void {
    const { kind, entityKind } = this.kindOf(file);
    const targets: TargetStat[] = [];
    const pos: number[] = [];
    let lastDay: string | undefined; // the greatest date-shaped target; checked to be a real day below
    eachLink(text, (l, line, character, endCharacter) => {
      targets.push(retain(s, l.target));
      pos.push(line, character, endCharacter);
      if (kind === 'entity' && (!lastDay || l.target > lastDay) && DAY_SHAPE.test(l.target)) lastDay = l.target;
    });
    if (lastDay && !isDay(lastDay)) lastDay = targets.map((t) => t.key).filter(isDay).sort().pop();
    const record: FileRecord = { kind, targets, pos: Uint32Array.from(pos) };
    if (kind === 'monthly') {
      record.sections = new Map(daySections(text.replace(/\r\n?/g, '\n').split('\n')).map((sec) => [sec.day, sec.start]));
    }
    if (entityKind) {
      const fm = entityFrontMatter(text);
      const created = fm?.data.created;
      if (!lastDay && created && isDay(created)) lastDay = created;
      record.entity = { kind: entityKind, name: path.basename(file, '.md'), file, aliases: fm?.data.aliases ?? [], lastDay };
      const key = keyOf(record.entity.name);
      const list = [...(s.entities.get(key) ?? []), record.entity];
      s.entities.set(key, list.sort((a, b) => ENTITY_KINDS.indexOf(a.kind) - ENTITY_KINDS.indexOf(b.kind)));
      if (s === this.s) this.entityList = undefined;
    }
    s.records.set(file, record);
  }

  private unindex(file: string): void {
    const { records, stats, entities } = this.s;
    const r = records.get(file);
    if (!r) return;
    for (const stat of r.targets) {
      if (--stat.count === 0) stats.delete(stat.key);
    }
    if (r.entity) {
      const key = keyOf(r.entity.name);
      const rest = (entities.get(key) ?? []).filter((e) => e !== r.entity);
      if (rest.length) entities.set(key, rest);
      else entities.delete(key);
      this.entityList = undefined;
    }
    records.delete(file);
  }

  private emit(files: string[]): void {
    for (const listener of this.listeners) listener(files);
  }
}

function retain(s: State, target: string): TargetStat {
  const key = keyOf(target);
  let stat = s.stats.get(key);
  if (!stat) {
    // A regex group is a slice of the whole file's text; a copy keeps that text collectable.
    stat = { key: key.length >= 13 ? Buffer.from(key).toString() : key, count: 0 };
    s.stats.set(stat.key, stat);
  }
  stat.count++;
  return stat;
}

/** 0-based index of the line `#… heading` (any level, case-insensitive), or -1. */
function headingLine(lines: string[], heading: string): number {
  const want = heading.trim().toLowerCase();
  return lines.findIndex((l) => /^#{1,6}\s/.test(l) && l.replace(/^#{1,6}\s+/, '').trim().toLowerCase() === want);
}


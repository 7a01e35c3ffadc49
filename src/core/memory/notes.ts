/**
 * Reading memory by name rather than by question (docs/memory.md#reading-memory): one entity
 * note or one day (`read`), the entities known (`entities`: by kind, most recent, most
 * mentioned), and the last N days (`recent`). Read-only; a day is read wherever it lives (L1,
 * L2, or its section of an L3 month), and a long note or day comes in pages of lines.
 */
import * as fs from 'node:fs';
import { addDays, isDay, localDay } from '../shared/clock';
import { fsError, inputError } from '../shared/errors';
import { readTextIfExists } from '../shared/fs';
import { isHourlySummary } from '../compress/hourlySummary';
import { readDay } from '../vault/days';
import { type Author, authorMatches, lineAuthor, readDayEntries } from '../vault/dayEntries';
import { findEntity } from '../vault/entities';
import { entityFrontMatter } from '../vault/entityFrontMatter';
import { ENTITY_KINDS, type EntityKind, type Vault, entityDir, entityFile, isEntityKind, rel } from '../vault/layout';
import { profilePath } from '../vault/personal';

export type Level = 'L1' | 'L2' | 'L3';

export interface EntitySummary {
  kind: EntityKind;
  name: string;
  /** Relative to the workspace root. */
  file: string;
  aliases: string[];
  created?: string;
  /** Date tags in the note: the entries that link it (retracted ones not counted). */
  mentions: number;
  /** The latest day that mentions it, else its `created` day. */
  lastDay?: string;
}

export interface EntryLine {
  time: string;
  kind?: string;
  text: string;
  /** Who wrote it (docs/memory.md#authors). */
  author: Author;
  /** 1-based line in `file`. */
  line: number;
}

interface Page {
  /** 1-based line in `file` of the first line of `text`. */
  line: number;
  text: string;
  /** Lines left after this page; call again with `fromLine: nextLine`. */
  more?: number;
  nextLine?: number;
}

export type NoteRead =
  | (Page & { type: 'entity' } & EntitySummary)
  | (Page & { type: 'day'; day: string; file: string; level: Level; entries?: EntryLine[] });

export const READ_PAGE_LINES = 200;

const TAG_RE = /^- \[\[(\d{4}-\d{2}-\d{2})\]\] (?!\d{2}:\d{2}:\d{2} \[retracted )/;

function summarise(v: Vault, kind: EntityKind, name: string, file: string, text: string): EntitySummary {
  const fm = entityFrontMatter(text);
  let mentions = 0;
  let lastDay: string | undefined;
  for (const line of text.split('\n')) {
    const m = TAG_RE.exec(line);
    if (!m) continue;
    mentions++;
    if (!lastDay || m[1] > lastDay) lastDay = m[1];
  }
  const created = fm?.data.created && isDay(fm.data.created) ? fm.data.created : undefined;
  lastDay ??= created;
  return { kind, name, file: rel(v, file), aliases: fm?.data.aliases ?? [], ...(created && { created }), mentions, ...(lastDay && { lastDay }) };
}

function readNoteFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw fsError(err, 'read', file);
  }
}

/** Every entity note of the vault (or of one kind), with what `entities` sorts by. */
function allEntities(v: Vault, kinds: readonly EntityKind[]): EntitySummary[] {
  const out: EntitySummary[] = [];
  for (const kind of kinds) {
    let names: string[];
    try {
      names = fs.readdirSync(entityDir(v, kind)).filter((f) => f.endsWith('.md'));
    } catch {
      continue; // a kind folder not made yet
    }
    for (const f of names) {
      const file = entityFile(v, kind, f.slice(0, -3));
      const text = readTextIfExists(file);
      if (text !== undefined) out.push(summarise(v, kind, f.slice(0, -3), file, text));
    }
  }
  return out;
}

/**
 * An entity by `Name` (any kind, or an alias) or `kind/Name` (that kind only), or a one-line
 * error naming what there is instead.
 */
export function resolveEntity(v: Vault, target: string): { kind: EntityKind; name: string; file: string } {
  const slash = target.indexOf('/');
  if (slash !== -1) {
    const kind = target.slice(0, slash);
    const name = target.slice(slash + 1).trim();
    if (!isEntityKind(kind)) throw inputError(`"${target}": expected a day (YYYY-MM-DD), a Name, or kind/Name with kind one of ${ENTITY_KINDS.join(', ')}`, 'name');
    const found = findEntity(v, name);
    if (found?.kind === kind) return found;
    if (kind === 'people') {
      const profile = personalProfile(v, name);
      if (profile) return profile;
    }
    const exact = entityFile(v, kind, name);
    if (name && !name.includes('/') && fs.existsSync(exact)) return { kind, name, file: exact };
    throw inputError(`no entity ${kind}/${name}${found ? ` (there is ${found.kind}/${found.name})` : ''}`, 'name');
  }
  const found = findEntity(v, target);
  if (found) return found;
  const key = target.toLowerCase();
  const byAlias = allEntities(v, ENTITY_KINDS).find((e) => e.aliases.some((a) => a.toLowerCase() === key));
  if (byAlias) return { kind: byAlias.kind, name: byAlias.name, file: entityFile(v, byAlias.kind, byAlias.name) };
  const profile = personalProfile(v, target);
  if (profile) return profile;
  throw inputError(`no entity or day "${target}" in memory (memory_entities lists the entities)`, 'name');
}

/** The profile, in the personal scope (vault/personal.ts), by its name `User` or an alias its front matter gives. */
function personalProfile(v: Vault, target: string): { kind: EntityKind; name: string; file: string } | undefined {
  const file = profilePath(v);
  const text = readTextIfExists(file);
  if (text === undefined) return undefined;
  const aliases = /^aliases: \[(.*)\]$/m.exec(text)?.[1].split(',').map((a) => a.trim().toLowerCase()) ?? [];
  const key = target.trim().toLowerCase();
  return key === 'user' || aliases.includes(key) ? { kind: 'people', name: 'User', file } : undefined;
}

function page(lines: string[], firstLine: number, fromLine: number, maxLines: number): Page {
  const skip = Math.max(0, fromLine - 1);
  const shown = lines.slice(skip, skip + maxLines);
  const more = lines.length - skip - shown.length;
  return { line: firstLine + skip, text: shown.join('\n'), ...(more > 0 && { more, nextLine: fromLine + shown.length }) };
}

/**
 * One entity note or one day. `name`: a day `YYYY-MM-DD`, an entity `Name` (any kind, or an
 * alias) or `kind/Name`; `[[…]]` around it is accepted. `fromLine` (1-based, within the note or
 * the day) and `maxLines` page through a long one.
 */
export function readNote(v: Vault, name: string, opts: { fromLine?: number; maxLines?: number } = {}): NoteRead {
  const target = name.trim().replace(/^\[\[(.*)\]\]$/, '$1').replace(/[#|].*$/, '').trim();
  if (!target) throw inputError('the name is empty: give a day (YYYY-MM-DD), an entity Name or kind/Name', 'name');
  const fromLine = opts.fromLine ?? 1;
  const maxLines = opts.maxLines ?? READ_PAGE_LINES;
  if (/^\d{4}-\d{2}-\d{2}$/.test(target)) {
    if (!isDay(target)) throw inputError(`"${target}" is not a calendar day`, 'name');
    const day = readDay(v, target);
    if (!day) throw inputError(`no memory on ${target}`, 'name');
    const lines = day.lines[day.lines.length - 1] === '' ? day.lines.slice(0, -1) : day.lines;
    const text = lines.join('\n');
    const level: Level = day.monthly ? 'L3' : isHourlySummary(text) ? 'L2' : 'L1';
    const p = page(lines, day.startLine, fromLine, maxLines);
    const entries =
      level === 'L1'
        ? readDayEntries(target, text)
            .entries.filter((e) => e.line >= p.line && e.line < p.line + maxLines)
            .map((e) => ({ time: e.time, ...(e.kind && { kind: e.kind }), text: e.text, author: e.author, line: e.line }))
        : undefined;
    return { type: 'day', day: target, file: rel(v, day.file), level, ...p, ...(entries && { entries }) };
  }
  const e = resolveEntity(v, target);
  const text = readNoteFile(e.file);
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return { type: 'entity', ...summarise(v, e.kind, e.name, e.file, text), ...page(lines, 1, fromLine, maxLines) };
}

export const ENTITY_SORTS = ['recent', 'mentions', 'name'] as const;
export type EntitySort = (typeof ENTITY_SORTS)[number];

export interface EntityList {
  /** How many entities match, before `limit`. */
  total: number;
  entities: EntitySummary[];
}

/**
 * The entities known: of one kind or all, whose name or alias contains `query`, sorted by the
 * latest day that mentions them (`recent`, the default), by how many entries link them
 * (`mentions`), or by name; at most `limit` (default 50).
 */
export function listEntities(v: Vault, opts: { kind?: EntityKind; sort?: EntitySort; query?: string; limit?: number } = {}): EntityList {
  const q = opts.query?.trim().toLowerCase();
  const found = allEntities(v, opts.kind ? [opts.kind] : ENTITY_KINDS).filter((e) => !q || e.name.toLowerCase().includes(q) || e.aliases.some((a) => a.toLowerCase().includes(q)));
  const byName = (a: EntitySummary, b: EntitySummary) => a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind);
  const sort = opts.sort ?? 'recent';
  found.sort(
    sort === 'name'
      ? byName
      : sort === 'mentions'
        ? (a, b) => b.mentions - a.mentions || byName(a, b)
        : (a, b) => (b.lastDay ?? '').localeCompare(a.lastDay ?? '') || b.mentions - a.mentions || byName(a, b),
  );
  return { total: found.length, entities: found.slice(0, opts.limit ?? 50) };
}

export interface RecentDay {
  day: string;
  file: string;
  level: Level;
  /** The day's entries (L1) or summary lines (L2, L3) as written, each with its line and, when it is an entry or a dated summary line, its author. */
  lines: { line: number; text: string; author?: Author }[];
}

export interface Recent {
  from: string;
  to: string;
  days: RecentDay[];
  /** Older lines left out to stay within `limit`. */
  omitted?: number;
}

const SHOWN_LINE = /^- (\d{2}:\d{2}(?::\d{2})? |\S)/;

/**
 * The memory of the last `days` days up to today (2: yesterday and today), oldest first: each
 * day's entry lines (L1) or summary lines (L2, L3); with `author`, only the lines that author
 * wrote (`authorMatches`). At most `limit` lines (default 300), the newest kept.
 */
export function recentMemory(v: Vault, now: Date, opts: { days?: number; limit?: number; author?: string } = {}): Recent {
  const n = opts.days ?? 2;
  const to = localDay(now);
  const from = addDays(to, -(n - 1));
  const days: RecentDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const found = readDay(v, d);
    if (!found) continue;
    const level: Level = found.monthly ? 'L3' : isHourlySummary(found.lines.slice(0, 4).join('\n')) ? 'L2' : 'L1';
    const lines = found.lines.flatMap((text, i) => {
      if (!SHOWN_LINE.test(text)) return [];
      const author = lineAuthor(text);
      if (opts.author && !(author && authorMatches(author, opts.author))) return [];
      return [{ line: found.startLine + i, text: text.slice(2), ...(author && { author }) }];
    });
    if (lines.length) days.push({ day: d, file: rel(v, found.file), level, lines });
  }
  let left = opts.limit ?? 300;
  let omitted = 0;
  for (let i = days.length - 1; i >= 0; i--) {
    const keep = Math.min(left, days[i].lines.length);
    omitted += days[i].lines.length - keep;
    days[i].lines = days[i].lines.slice(days[i].lines.length - keep);
    left -= keep;
  }
  return { from, to, days: days.filter((d) => d.lines.length), ...(omitted && { omitted }) };
}

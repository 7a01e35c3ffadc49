/**
 * Taking back a memory entry, three ways, all kept in the vault history:
 * - undo (`retractMemory`): the chat participant's "Undo" right after it recorded something
 *   removes the entry from its day file and its date tags from its entities, if they are still
 *   there as written;
 * - supersede (`markEntry(…, 'superseded')`, for `correct`): the entry stays, marked
 *   `[superseded [[day]] time (who): reason]` on its day line and on its entities' date tags;
 * - retract (`markEntry(…, 'retracted')`, for `forget`): the entry's text is replaced by
 *   `[retracted [[day]] time: reason]` on its day line and its entities' date tags, followed by
 *   the entry's own provenance and author markers, so the day still says that something was
 *   there, who wrote it, when it was forgotten and why.
 * Only an L1 day's entries (`- HH:MM:SS …`) can be taken back: a summarised day holds summaries.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDay } from '../shared/clock';
import { isHourlySummary } from '../compress/hourlySummary';
import { inputError } from '../shared/errors';
import { atomicWrite, readTextIfExists, withLock } from '../shared/fs';
import { controlCharacter } from '../shared/text';
import { readMemoryMap, writeMemoryMap } from '../vault/memoryMap';
import { findEntity } from '../vault/entities';
import { type Vault, dayFile, monthFile, rel } from '../vault/layout';
import { ENTRY_KINDS, type EntryKind, ownMarkers, takenBack } from '../vault/dayEntries';
import { isDayLink, linkTargets } from '../vault/wikilinks';
import { type WriteResult, entityExcerpt } from './write';

const ENTRY_RE = /^- (\d{2}:\d{2}:\d{2})(?: (.*))?$/;

/** The end (exclusive, 0-based) of the entry whose first line is `lines[start]`: its indented continuation lines. */
function entryEnd(lines: string[], start: number): number {
  let end = start + 1;
  while (end < lines.length && (lines[end].startsWith('  ') || (lines[end] === '' && lines[end + 1]?.startsWith('  ')))) end++;
  return end;
}

/** The date tag an entry's entities carry (write.ts `entityLine`), without its line end. */
function tagLineOf(day: string, time: string, entry: string): string {
  const kind = ENTRY_KINDS.find((k) => entry.startsWith(`#${k} `));
  const tag = kind ? `#${kind} ` : '';
  return `- [[${day}]] ${time} ${tag}${entityExcerpt(entry.slice(tag.length))}`;
}

export function retractMemory(v: Vault, written: Pick<WriteResult, 'file' | 'line' | 'entities'>): void {
  withLock(v.lockFile, () => {
    const dayPath = path.join(v.root, written.file);
    const day = path.basename(dayPath, '.md');
    const lines = (readTextIfExists(dayPath) ?? '').split('\n');
    const first = ENTRY_RE.exec(lines[written.line - 1] ?? '');
    if (!first) throw inputError(`that memory is no longer at ${written.file}:${written.line} (compressed or edited); nothing was removed`);
    const end = entryEnd(lines, written.line - 1);
    const entry = [first[2] ?? '', ...lines.slice(written.line, end)].join('\n');
    const tagLine = tagLineOf(day, first[1], entry);

    const updates: [string, string | undefined][] = [[dayPath, [...lines.slice(0, written.line - 1), ...lines.slice(end)].join('\n')]];
    for (const e of written.entities) {
      const file = path.join(v.root, e.path);
      const text = readTextIfExists(file);
      if (text === undefined) continue;
      const tagLines = text.split('\n');
      const at = tagLines.lastIndexOf(tagLine);
      if (at === -1) continue;
      tagLines.splice(at, 1);
      const rest = tagLines.join('\n');
      // An entity this write created, with nothing left in it but its header, goes too.
      const bare = e.created && rest.replace(/^---\n[\s\S]*?\n---\n/, '').trim() === `# ${path.basename(file, '.md')}`;
      updates.push([file, bare ? undefined : rest]);
    }
    for (const [file, text] of updates) {
      if (text === undefined) fs.rmSync(file);
      else atomicWrite(file, text);
    }
    if (updates.some(([, t]) => t === undefined)) writeMemoryMap(v, readMemoryMap(v)); // entity counts changed
  });
}

/** Which entry: its day and time as memory cites it, or a line of its day file. */
export type EntryRef = { day: string; time: string } | { day: string; line: number };

const REF_HELP = 'expected "YYYY-MM-DD HH:MM:SS" (the day and time memory_read, memory_recent and memory_search show) or "<day file>:<line>" (as memory_write answers)';

/** Parses `2026-03-10 09:00:00`, `[[2026-03-10]] 09:00:00` or `.CoreSoul/memory/chronological/2026-03-10.md:3`. */
export function parseEntryRef(text: string): EntryRef {
  const s = text.trim().replace(/\[\[(\d{4}-\d{2}-\d{2})\]\]/, '$1');
  const byTime = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(s);
  if (byTime && isDay(byTime[1])) return { day: byTime[1], time: byTime[2] };
  const byLine = /^(?:.*[/\\])?(\d{4}-\d{2}-\d{2})\.md:(\d{1,9})$/.exec(s);
  if (byLine && isDay(byLine[1]) && Number(byLine[2]) >= 1) return { day: byLine[1], line: Number(byLine[2]) };
  throw inputError(`${REF_HELP}, got "${text.slice(0, 80)}"`, 'entry');
}

/** An entry found in its L1 day file, with everything needed to mark it. */
export interface LocatedEntry {
  day: string;
  time: string;
  /** The day file, absolute; `shown` is it relative to the workspace root. */
  file: string;
  shown: string;
  /** 1-based line of the entry's first line. */
  line: number;
  kind?: EntryKind;
  /** The entry's text after its kind tag (continuation lines joined by `\n`, unindented). */
  text: string;
  /** How the entry was already taken back, if it was. */
  state?: 'superseded' | 'retracted';
}

/** Finds an entry or says, in one line, why there is none to take back. Reads only. */
export function locateEntry(v: Vault, ref: EntryRef): LocatedEntry {
  const file = dayFile(v, ref.day);
  const shown = rel(v, file);
  const raw = readTextIfExists(file);
  if (raw === undefined) {
    if (fs.existsSync(monthFile(v, ref.day.slice(0, 7)))) throw inputError(`${ref.day} is archived in ${rel(v, monthFile(v, ref.day))} (L3): only a detailed (L1) day's entries can be corrected or forgotten; write a new entry instead`, 'entry');
    throw inputError(`no memory on ${ref.day}`, 'entry');
  }
  if (isHourlySummary(raw)) throw inputError(`${ref.day} is summarised (L2): only a detailed (L1) day's entries can be corrected or forgotten; write a new entry instead`, 'entry');
  const lines = raw.replace(/\r\n?/g, '\n').split('\n');
  let at: number;
  if ('time' in ref) {
    const found = lines.flatMap((l, i) => (ENTRY_RE.exec(l)?.[1] === ref.time ? [i] : []));
    if (!found.length) throw inputError(`no entry at ${ref.time} on ${ref.day} (${shown})`, 'entry');
    if (found.length > 1) throw inputError(`${found.length} entries at ${ref.time} on ${ref.day} (lines ${found.map((i) => i + 1).join(', ')}): name one as "${shown}:<line>"`, 'entry');
    at = found[0];
  } else {
    at = ref.line - 1;
    if (at >= lines.length || (at === lines.length - 1 && !lines[at])) throw inputError(`${shown} has no line ${ref.line}`, 'entry');
    if (!ENTRY_RE.test(lines[at])) {
      let owner = at;
      while (owner > 0 && (lines[owner].startsWith('  ') || !lines[owner])) owner--;
      const continues = ENTRY_RE.test(lines[owner]) && entryEnd(lines, owner) > at && lines[at] !== '';
      throw inputError(`line ${ref.line} of ${shown} is not an entry: ${continues ? `it continues the entry at line ${owner + 1}` : `"${lines[at].slice(0, 60)}"`}`, 'entry');
    }
  }
  const m = ENTRY_RE.exec(lines[at])!;
  const full = [m[2] ?? '', ...lines.slice(at + 1, entryEnd(lines, at)).map((l) => l.slice(2))].join('\n');
  const kind = ENTRY_KINDS.find((k) => full.startsWith(`#${k} `));
  const text = kind ? full.slice(kind.length + 2) : full;
  const state = takenBack(text);
  return { day: ref.day, time: m[1], file, shown, line: at + 1, ...(kind && { kind }), text, ...(state && { state }) };
}

/** A reason as a mark holds it: one line, no brackets; refused when empty, too long or with control characters. */
export function checkReason(reason: string): string {
  const one = reason.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  if (!one) throw inputError('the reason is empty: say why this memory is wrong', 'reason');
  const ctrl = controlCharacter(one);
  if (ctrl) throw inputError(`the reason contains control character ${ctrl}`, 'reason');
  if (one.length > 500) throw inputError('the reason is longer than 500 characters', 'reason');
  return one.replace(/\[/g, '(').replace(/\]/g, ')');
}

export interface Mark {
  how: 'superseded' | 'retracted';
  /** When it was taken back, and by whose entry: the replacement's day and time for a correction. */
  day: string;
  time: string;
  /** Who took it back, when not the person (`agent: mcp`). */
  by?: string;
  reason: string;
}

export const markText = (m: Mark) => `[${m.how} [[${m.day}]] ${m.time}${m.by ? ` (${m.by})` : ''}: ${m.reason}]`;

/**
 * Marks a located entry on its day line and on its entities' date tags (under the vault lock;
 * call `locateEntry` again inside it). A superseded entry keeps its text after the mark; a
 * retracted one keeps its time, the mark and who wrote it (ownMarkers). Returns the entity notes it changed.
 */
export function markEntry(v: Vault, e: LocatedEntry, mark: Mark): string[] {
  const lines = (readTextIfExists(e.file) ?? '').replace(/\r\n?/g, '\n').split('\n');
  const start = e.line - 1;
  const end = entryEnd(lines, start);
  const kindTag = e.kind ? `#${e.kind} ` : '';
  const marked = markText(mark);
  const full = `${kindTag}${e.text}`;
  // A retraction keeps who wrote the entry (its provenance and author markers, after the mark), not what it said.
  const own = mark.how === 'retracted' ? ownMarkers(e.text).trimEnd() : '';
  const retracted = `${marked}${own ? ` ${own}` : ''}`;
  const entryLines = mark.how === 'retracted' ? [`- ${e.time} ${retracted}`] : [`- ${e.time} ${kindTag}${marked} ${lines[start].slice(`- ${e.time} ${kindTag}`.length)}`, ...lines.slice(start + 1, end)];

  const changed: [string, string][] = [[e.file, [...lines.slice(0, start), ...entryLines, ...lines.slice(end)].join('\n')]];
  const tagPrefix = `- [[${e.day}]] ${e.time} `;
  const exact = tagLineOf(e.day, e.time, full);
  for (const name of linkTargets(full)) {
    if (isDayLink(name)) continue;
    const entity = findEntity(v, name);
    const text = entity && readTextIfExists(entity.file);
    if (!entity || text === undefined) continue;
    const tagLines = text.split('\n');
    const candidates = tagLines.flatMap((l, i) => (l.startsWith(tagPrefix) && !takenBack(l.slice(tagPrefix.length + kindTag.length)) ? [i] : []));
    const at = candidates.length === 1 ? candidates[0] : candidates.find((i) => tagLines[i] === exact);
    if (at === undefined) continue; // edited by hand, or two entries of the same second: left as it is
    tagLines[at] = mark.how === 'retracted' ? `${tagPrefix}${retracted}` : `${tagPrefix}${kindTag}${marked} ${tagLines[at].slice(tagPrefix.length + kindTag.length)}`;
    changed.push([entity.file, tagLines.join('\n')]);
  }
  for (const [file, text] of changed) atomicWrite(file, text);
  return changed.slice(1).map(([file]) => rel(v, file));
}

/**
 * MemoryWrite (SPEC §4.1): append one line to today's L1 file and a date tag to every entity
 * of the entry. Append-only, no model, safe with concurrent writers.
 */
import * as fs from 'node:fs';
import { type Clock, isLaterWeek, localDay, localTime } from './clock';
import { DEFAULT_ENTITY_KIND, type EntityRef, createEntity, findEntity } from './entities';
import { fsError, inputError } from './errors';
import { appendLines, createExclusive, withLock } from './fsx';
import { entityNameProblem, isDayLink, linkTargets } from './links';
import { readMemoryMap, writeMemoryMap } from './memoryMap';
import { ENTITY_KINDS, type EntityKind, type Vault, dayFile, entityFile, isEntityKind, rel } from './vault';

export const ENTRY_KINDS = ['note', 'decision', 'error', 'correction', 'preference'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const MAX_TEXT_BYTES = 64 * 1024;
const ENTITY_EXCERPT_CHARS = 200;

export interface WriteRequest {
  text: string;
  /** Entities beside the text's own `[[links]]`; a missing kind means "find it, else objects". */
  entities?: { kind?: EntityKind; name: string }[];
  kind?: EntryKind;
}

export interface WriteResult {
  /** Day file, relative to the workspace root. */
  file: string;
  /** 1-based line of the entry in that file. */
  line: number;
  entities: { path: string; created: boolean }[];
  /** Whether a weekly compression ran before the write. */
  compressed: boolean;
}

export interface WriteDeps {
  clock: Clock;
  /** Runs the weekly compression when a week boundary has passed; called under the vault lock. */
  compress: (v: Vault, now: Date) => void;
}

/** Parses `kind/Name` or `Name` as given to `--entity`. */
export function parseEntityArg(arg: string): { kind?: EntityKind; name: string } {
  const slash = arg.indexOf('/');
  if (slash === -1) return { name: arg };
  const kind = arg.slice(0, slash);
  if (!isEntityKind(kind)) throw inputError(`--entity ${arg}: expected kind/Name with kind one of ${ENTITY_KINDS.join(', ')}`);
  return { kind, name: arg.slice(slash + 1) };
}

/** Checks and normalises entry text; multi-line text becomes one entry with indented lines. */
export function normaliseText(text: string): string {
  if (Buffer.byteLength(text) > MAX_TEXT_BYTES) throw inputError(`memory text is larger than ${MAX_TEXT_BYTES / 1024} KiB`);
  if (text.includes('\0')) throw inputError('memory text contains a NUL byte');
  // eslint-disable-next-line no-control-regex
  const ctrl = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/.exec(text);
  if (ctrl) throw inputError(`memory text contains control character U+${ctrl[0].charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`);
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trimEnd());
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  if (!lines.length) throw inputError('memory text is empty');
  return lines.map((l, i) => (i === 0 || !l ? l : `  ${l}`)).join('\n');
}

export function writeMemory(v: Vault, req: WriteRequest, deps: WriteDeps): WriteResult {
  let text = normaliseText(req.text);
  const wanted = new Map<string, { kind?: EntityKind; name: string }>();
  for (const name of linkTargets(text)) if (!isDayLink(name)) wanted.set(name.toLowerCase(), { name });
  for (const e of req.entities ?? []) {
    const name = e.name.trim();
    const key = name.toLowerCase();
    if (!wanted.has(key)) text += ` [[${name}]]`; // the day line links every entity it is filed under
    wanted.set(key, { kind: e.kind ?? wanted.get(key)?.kind, name });
  }
  for (const e of wanted.values()) {
    const problem = entityNameProblem(e.name);
    if (problem) throw inputError(problem);
  }
  const tag = req.kind && req.kind !== 'note' ? `#${req.kind} ` : '';
  const excerpt = oneLine(text);

  return withLock(v.lockFile, () => {
    const now = deps.clock.now();
    let map = readMemoryMap(v);
    let compressed = false;
    if (isLaterWeek(map.lastCompressionDate, localDay(now))) {
      deps.compress(v, now);
      map = readMemoryMap(v);
      compressed = true;
    }
    const today = localDay(now);
    const time = localTime(now);

    const refs = [...wanted.values()].map(
      (e): EntityRef => findEntity(v, e.name) ?? { kind: e.kind ?? DEFAULT_ENTITY_KIND, name: e.name, file: '' },
    );
    const created = refs.map((r) => {
      if (r.file) return false;
      r.file = entityFile(v, r.kind, r.name);
      return createEntity(r, today);
    });

    const file = dayFile(v, today);
    createExclusive(file, `# ${today}\n\n`);
    const line = appendEntry(file, `- ${time} ${tag}${text}\n`);
    for (const r of refs) appendLines(r.file, `- [[${today}]] ${time} ${tag}${excerpt}\n`);

    if (!map.days[today] || created.some(Boolean)) {
      const days = map.days[today] ? map.days : { ...map.days, [today]: { level: 'L1' as const, file: `chronological/${today}.md` } };
      writeMemoryMap(v, { ...map, days });
    }
    return {
      file: rel(v, file),
      line,
      entities: refs.map((r, i) => ({ path: rel(v, r.file), created: created[i] })),
      compressed,
    };
  });
}

function oneLine(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  return flat.length > ENTITY_EXCERPT_CHARS ? `${flat.slice(0, ENTITY_EXCERPT_CHARS - 1)}…` : flat;
}

// Newlines counted per day file, so a long-lived writer knows its entry's line number without
// re-reading the file; a fresh process reads today's file once.
const newlineCounts = new Map<string, { size: number; newlines: number }>();

function appendEntry(file: string, entry: string): number {
  const { sizeBefore, addedNewline } = appendLines(file, entry);
  const known = newlineCounts.get(file);
  const before = known && known.size === sizeBefore ? known.newlines : countNewlines(file, sizeBefore);
  const firstLine = before + (addedNewline ? 1 : 0) + 1;
  const newlines = before + (addedNewline ? 1 : 0) + countNewlinesIn(entry);
  newlineCounts.set(file, { size: sizeBefore + (addedNewline ? 1 : 0) + Buffer.byteLength(entry), newlines });
  return firstLine;
}

function countNewlines(file: string, size: number): number {
  try {
    const buf = Buffer.alloc(size);
    const fd = fs.openSync(file, 'r');
    try {
      fs.readSync(fd, buf, 0, size, 0);
    } finally {
      fs.closeSync(fd);
    }
    return countNewlinesIn(buf);
  } catch (err) {
    throw fsError(err, 'read', file);
  }
}

function countNewlinesIn(data: string | Buffer): number {
  let n = 0;
  if (typeof data === 'string') {
    for (let i = data.indexOf('\n'); i !== -1; i = data.indexOf('\n', i + 1)) n++;
  } else {
    for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, i + 1)) n++;
  }
  return n;
}

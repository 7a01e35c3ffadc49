/**
 * MemoryWrite (docs/memory.md#memory-write): append one line to today's L1 file and a date tag to every entity
 * of the entry. Append-only, no model, safe with concurrent writers.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Clock, isLaterWeek, localStamp } from '../shared/clock';
import { DEFAULT_ENTITY_KIND, entityHeader, findEntity, forgetEntities } from '../vault/entities';
import { fsError, inputError } from '../shared/errors';
import { type OpenedFile, appendLines, assertPlainWrite, closeOpened, makeDir, openForAppend, withLock } from '../shared/fs';
import { entityNameProblem, isDayLink, parseLinks, stripLinks } from '../vault/wikilinks';
import { lastSeenMemoryMap, readMemoryMap, writeMemoryMap } from '../vault/memoryMap';
import { entryCandidates } from '../profile/preferences';
import { type LearnReport, type LearnedChange, learnCandidates, profileFile } from '../profile/profile';
import { ENTITY_KINDS, type EntityKind, type Vault, dayFile, dayRel, entityFile, isEntityKind, rel } from '../vault/layout';
import { controlCharacter, neutraliseInvisible } from '../shared/text';
import { type EntryKind, ORIGINS, type Origin, authorMarker, escapeContinuation, neutraliseKindTags, neutraliseMarkers } from '../vault/dayEntries';
import { type Writer, currentWriter, writerFields } from './author';
import { branchMarker, neutraliseBranchMarkers, recordWrite, writingBranch } from '../vault/branches';
import { personalDayFile, preparePersonal } from '../vault/personal';


export const MAX_TEXT_BYTES = 64 * 1024;
const ENTITY_EXCERPT_CHARS = 200;

export { ORIGINS, type Origin };

export interface WriteRequest {
  text: string;
  /** Entities beside the text's own `[[links]]`; a missing kind means "find it, else objects". */
  entities?: { kind?: EntityKind; name: string }[];
  kind?: EntryKind;
  /** Default `person`; any other origin is recorded on the entry's line (`[from agent: copilot]`). */
  from?: Origin;
  /** The host or tool it came through (`copilot`, `coresoul_memoryWrite`), recorded beside `from`. */
  via?: string;
  /** The local day and time the entry belongs to, when earlier than now (an import's dated line). */
  at?: { day: string; time: string };
  /** The person and machine it is written by; default: who writes on this machine now (author.ts). */
  author?: Writer;
}

export interface WriteResult {
  /** Day file, relative to the workspace root. */
  file: string;
  /** 1-based line of the entry in that file. */
  line: number;
  entities: { path: string; created: boolean }[];
  /** Whether a weekly compression ran before the write. */
  compressed: boolean;
  /** Profile entries a `preference` or `correction` entry added or reinforced in User.md. */
  learned?: LearnedChange[];
  /** The kinds of the secrets replaced by `[secret: <kind>]` before the write (remember.ts). */
  redacted?: string[];
  /** What a `preference` or `correction` entry did not teach the profile, and why. */
  notLearned?: { value: string; why: string }[];
  /** What it would teach but only after the person's review (about actions, safeguards, permissions…). */
  toReview?: { value: string; why: string }[];
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
  if (!isEntityKind(kind)) throw inputError(`"${arg}": expected kind/Name with kind one of ${ENTITY_KINDS.join(', ')}`, 'entity');
  return { kind, name: arg.slice(slash + 1) };
}

const PLAIN_LINE = /^[\x20-\x7e]*$/;
/** Where a provenance, author or branch marker could start (neutraliseMarkers, neutraliseBranchMarkers). */
const MARKER_START = /\[\s*(?:from|by|on)\s/i;

/**
 * Checks and normalises entry text; multi-line text becomes one entry with indented lines. What
 * the text cannot do (docs/trust.md#memories-are-data): carry an invisible character or a line
 * separator (removed; U+2028, U+2029 and U+0085 become line ends), a provenance marker (kept as
 * `(from …)`), a continuation line that reads as a heading or an entry (escaped), or — unless it
 * is the person's — a kind tag (`\#correction`).
 */
export function normaliseText(text: string, from: Origin = 'person'): string {
  if (text.length * 3 > MAX_TEXT_BYTES && Buffer.byteLength(text) > MAX_TEXT_BYTES) throw inputError(`memory text is larger than ${MAX_TEXT_BYTES / 1024} KiB`);
  // The usual entry: one line of printable ASCII that nothing below would change (no control,
  // invisible or line-separating character, no marker-like bracket, no kind tag from another).
  if (PLAIN_LINE.test(text) && !MARKER_START.test(text) && (from === 'person' || !text.includes('#'))) {
    const one = text.trim();
    if (!one) throw inputError('memory text is empty');
    return one;
  }
  if (text.includes('\0')) throw inputError('memory text contains a NUL byte');
  const ctrl = controlCharacter(text);
  if (ctrl) throw inputError(`memory text contains control character ${ctrl}`);
  text = neutraliseBranchMarkers(neutraliseMarkers(neutraliseInvisible(text)));
  if (from !== 'person') text = neutraliseKindTags(text);
  if (!/[\r\n]/.test(text)) {
    const one = text.trim();
    if (!one) throw inputError('memory text is empty');
    return one;
  }
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.trimEnd());
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  if (!lines.length) throw inputError('memory text is empty');
  return lines.map((l, i) => (i === 0 || !l ? l : `  ${escapeContinuation(l)}`)).join('\n');
}

/**
 * An entry's text as its day line holds it — normalised, and linking every entity it is filed
 * under — and those entities. Throws a one-line error for bad text or an unusable entity name.
 */
export function linkedEntry(req: Pick<WriteRequest, 'text' | 'entities' | 'from'>): { text: string; entities: { kind?: EntityKind; name: string }[] } {
  let text = normaliseText(req.text, req.from);
  const wanted = new Map<string, { kind?: EntityKind; name: string }>();
  for (const l of parseLinks(text)) if (!isDayLink(l.target) && !wanted.has(l.target.toLowerCase())) wanted.set(l.target.toLowerCase(), { name: l.target, ...(l.kind && { kind: l.kind }) });
  for (const e of req.entities ?? []) {
    const name = neutraliseInvisible(e.name).trim();
    const key = name.toLowerCase();
    if (!wanted.has(key)) text += ` [[${name}]]`; // the day line links every entity it is filed under
    wanted.set(key, { kind: e.kind ?? wanted.get(key)?.kind, name });
  }
  for (const e of wanted.values()) {
    const problem = entityNameProblem(e.name);
    if (problem) throw inputError(problem);
  }
  return { text, entities: [...wanted.values()] };
}

export function writeMemory(v: Vault, req: WriteRequest, deps: WriteDeps): WriteResult {
  const { text, entities: wanted } = linkedEntry(req);
  const from = req.from ?? 'person';
  if (!(ORIGINS as readonly string[]).includes(from)) throw inputError(`expected one of ${ORIGINS.join(', ')}, got "${from}"`, 'from');
  const via = req.via && neutraliseInvisible(req.via).replace(/[[\]\n\r]+/g, ' ').trim().slice(0, 80);
  // A stated preference is the person's own (docs/sync.md#scopes): it goes to the personal scope, never to the team's memory.
  // An imported one is a project's convention (a CLAUDE.md, a workspace's rules): it stays with the imported memory.
  const personal = req.kind === 'preference' && from !== 'import';
  // Written on a project branch other than the main line, the entry belongs to that branch (vault/branches.ts).
  const onBranch = personal ? undefined : writingBranch(v.root);
  const author = req.author ? writerFields(req.author) : currentWriter(v);
  // Markers in the order every reader expects (vault/dayEntries.ts): kind, provenance, author, branch.
  const tag = `${req.kind && req.kind !== 'note' ? `#${req.kind} ` : ''}${from === 'person' ? '' : `[from ${from}${via ? `: ${via}` : ''}] `}${authorMarker(author)}${onBranch ? branchMarker(onBranch.branch) : ''}`;
  const excerpt = entityExcerpt(text);
  if (personal) return writePersonal(v, req, tag, text, from, deps);

  return withLock(v.lockFile, () => {
    const now = deps.clock.now();
    const stamp = localStamp(now);
    const { day: today, time } = req.at ?? stamp;
    // Every file this write may touch is checked first: a link or a special file stops it before a line is written.
    const learns = (req.kind === 'preference' || req.kind === 'correction') && (from === 'person' || from === 'import');
    // memory_map.md only when this write adds a day or an entity to it (most writes leave it alone).
    const mapChanges = !lastSeenMemoryMap(v).days[today] || wanted.some((e) => !findEntity(v, e.name));
    for (const f of [...(mapChanges ? [v.mapFile] : []), ...(learns ? [profileFile(v)] : [])]) assertPlainWrite(f);
    const file = dayFile(v, today);
    // The day file and the entity notes are opened (and so checked) here, and appended to through those descriptors.
    let opened = openTargets(v, file, wanted);
    let compressed = false;
    try {
      if (isLaterWeek(lastSeenMemoryMap(v).lastCompressionDate, stamp.day) && isLaterWeek(readMemoryMap(v).lastCompressionDate, stamp.day)) {
        // Compression rewrites days and notes: what it leaves is opened (and checked) again.
        closeOpened(opened.splice(0));
        deps.compress(v, now);
        compressed = true;
        opened = openTargets(v, file, wanted);
      }
    } catch (err) {
      closeOpened(opened);
      throw err;
    }

    if (onBranch) recordWrite(v, onBranch);
    // Each descriptor is handed over once (appendLines closes it); what is left is closed here.
    const take = (k: number) => opened.splice(k, 1, undefined)[0];
    let line: number;
    let entities: { file: string; created: boolean }[];
    try {
      line = appendEntry(file, `- ${time} ${tag}${text}\n`, `# ${today}\n\n`, take(0));
      const entityLine = `- [[${today}]] ${time} ${tag}${excerpt}\n`;
      entities = wanted.map((e, k) => tagEntity(v, e, entityLine, today, take(k + 1)));
    } finally {
      closeOpened(opened);
    }

    if (!lastSeenMemoryMap(v).days[today] || entities.some((e) => e.created)) {
      const map = readMemoryMap(v);
      const days = map.days[today] ? map.days : { ...map.days, [today]: { level: 'L1' as const, file: dayRel(today) } };
      writeMemoryMap(v, { ...map, days });
    }
    const result: WriteResult = { file: rel(v, file), line, entities: entities.map((e) => ({ path: rel(v, e.file), created: e.created })), compressed };
    if (req.kind === 'preference' || req.kind === 'correction') {
      // An import is the person moving their own memories in: what they stated there teaches here too.
      const { changes, refused, review } = learns
        ? learnFromEntry(v, req.kind, text, deps.clock)
        : { changes: [], refused: [{ value: stripLinks(excerpt), why: `only the person's own words teach the profile; this came from ${from}` }], review: [] };
      if (changes.length) result.learned = changes;
      if (refused.length) result.notLearned = refused;
      if (review.length) result.toReview = review;
    }
    return result;
  });
}

/**
 * A stated preference: its line goes to the personal scope's day file (vault/personal.ts), its
 * lesson to the profile; nothing of it reaches the shared tree (no entity note, no memory map).
 */
function writePersonal(v: Vault, req: WriteRequest, tag: string, text: string, from: Origin, deps: WriteDeps): WriteResult {
  return withLock(v.lockFile, () => {
    const { day, time } = req.at ?? localStamp(deps.clock.now());
    const file = personalDayFile(v, day);
    const learns = from === 'person' || from === 'import';
    // Every file this write may touch is checked first: a link stops it before a line is written.
    for (const f of [file, ...(learns ? [profileFile(v)] : [])]) assertPlainWrite(f);
    preparePersonal(v);
    makeDir(path.dirname(file));
    const at = appendEntry(file, `- ${time} ${tag}${text}\n`, `# ${day}\n\n`);
    const result: WriteResult = { file: rel(v, file), line: at, entities: [], compressed: false };
    const { changes, refused, review } = learns
      ? learnFromEntry(v, 'preference', text, deps.clock)
      : { changes: [], refused: [{ value: stripLinks(entityExcerpt(text)), why: `only the person's own words teach the profile; this came from ${from}` }], review: [] };
    if (changes.length) result.learned = changes;
    if (refused.length) result.notLearned = refused;
    if (review.length) result.toReview = review;
    return result;
  });
}

/**
 * A preference is recorded even when no rule recognises it; a correction is an interaction trait.
 * The whole statement passes the soul check, not only the part a rule recognised: "Always reply in
 * English; <a rule in another language>" teaches nothing.
 */
function learnFromEntry(v: Vault, kind: 'preference' | 'correction', text: string, clock: Clock): LearnReport {
  const statement = stripLinks(text);
  return learnCandidates(v, entryCandidates(kind, statement), { clock, statement });
}

/** The note an entity's date tag goes to: the one that exists under its name, else the new one. */
function entityTarget(v: Vault, e: { kind?: EntityKind; name: string }): string {
  return findEntity(v, e.name)?.file ?? entityFile(v, e.kind ?? DEFAULT_ENTITY_KIND, e.name);
}

/**
 * The day file and each entity's note, opened for appending (undefined: not there yet) — every
 * one checked for links and special files before a line is written; on a refusal none stays open.
 */
function openTargets(v: Vault, day: string, wanted: { kind?: EntityKind; name: string }[]): (OpenedFile | undefined)[] {
  const opened: (OpenedFile | undefined)[] = [];
  try {
    for (const f of [day, ...wanted.map((e) => entityTarget(v, e))]) opened.push(openForAppend(f));
  } catch (err) {
    closeOpened(opened);
    throw err;
  }
  return opened;
}

/**
 * Appends the date tag to an entity's note (through `opened`, its note as openTargets opened
 * it), creating the note (kind `objects` unless given) if needed.
 */
function tagEntity(v: Vault, e: { kind?: EntityKind; name: string }, line: string, today: string, opened?: OpenedFile, lookedAgain = false): { file: string; created: boolean } {
  const known = findEntity(v, e.name);
  if (opened && opened.file === known?.file) {
    appendLines(known.file, line, { opened });
    return { file: known.file, created: false };
  }
  closeOpened([opened]); // not the note to tag after all: appended to by its path, as found now
  if (known) {
    try {
      appendLines(known.file, line, { create: false });
      return { file: known.file, created: false };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      forgetEntities(); // renamed or deleted behind our back: look again, once; then the note is made anew
      if (!lookedAgain) return tagEntity(v, e, line, today, undefined, true);
    }
  }
  const kind = e.kind ?? DEFAULT_ENTITY_KIND;
  const file = entityFile(v, kind, e.name);
  const { sizeBefore } = appendLines(file, line, { header: entityHeader(kind, e.name, today) });
  return { file, created: sizeBefore === 0 };
}

/** The one-line form of an entry that its entities are tagged with. */
export function entityExcerpt(text: string): string {
  const flat = text.includes('\n') ? text.replace(/\s*\n\s*/g, ' ') : text;
  return flat.length > ENTITY_EXCERPT_CHARS ? `${flat.slice(0, ENTITY_EXCERPT_CHARS - 1)}…` : flat;
}

// Newlines counted per day file, so a long-lived writer knows its entry's line number without
// re-reading the file; a fresh process reads today's file once. The count holds while the file
// still ends with our last entry (same size, and appendLines had to add nothing before it).
const newlineCounts = new Map<string, { size: number; newlines: number }>();

function appendEntry(file: string, entry: string, header: string, opened?: OpenedFile): number {
  const { sizeBefore, sizeAfter, added } = appendLines(file, entry, { header, opened });
  const known = newlineCounts.get(file);
  const before = (known?.size === sizeBefore && !added ? known.newlines : countNewlines(file, sizeBefore)) + countNewlinesIn(added);
  newlineCounts.set(file, { size: sizeAfter, newlines: before + countNewlinesIn(entry) });
  return before + 1;
}

function countNewlines(file: string, size: number): number {
  if (size === 0) return 0;
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

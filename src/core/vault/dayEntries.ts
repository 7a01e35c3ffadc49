/**
 * An L1 day file read back into its entries (`- HH:MM:SS [#kind ]text`, continuation lines
 * indented two spaces). Whatever else a hand edit put there is kept as written, in blocks that
 * remember which hour they followed, and named in `odd`.
 */
import * as fs from 'node:fs';
import { fsError } from '../shared/errors';
import { decodeUtf8Strict } from '../shared/text';

/** The kinds an entry may be tagged with (`#decision …`); a note carries no tag. */
export const ENTRY_KINDS = ['note', 'decision', 'error', 'correction', 'preference'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** Who an entry came from (docs/trust.md#provenance): only the person's own words teach preferences. */
export const ORIGINS = ['person', 'agent', 'capture', 'import'] as const;
export type Origin = (typeof ORIGINS)[number];

/**
 * Who wrote an entry (docs/memory.md#authors): where it came from (`from`, and `via` the agent or
 * host), and the person in whose session and on which machine it was written — absent on entries
 * written before authors were recorded ("unknown author").
 */
export interface Author {
  from: Origin;
  via?: string;
  name?: string;
  machine?: string;
}

export interface Entry {
  /** `HH:MM:SS` as written. */
  time: string;
  /** Absent for a plain note. */
  kind?: EntryKind;
  /** The entry's text; continuation lines joined by `\n`, without their indentation. Its markers (`[from …] [by …] `) stay in it, as written. */
  text: string;
  /** Who wrote it, from the markers at the head of its text. */
  author: Author;
  /** 1-based line of the entry in the day file. */
  line: number;
}

/** Lines that are not entries, kept byte for byte. */
export interface KeptBlock {
  /** Hour (`HH`) of the entry this block follows, or '' when it comes before the first entry. */
  after: string;
  lines: string[];
}

export interface DayEntries {
  day: string;
  entries: Entry[];
  kept: KeptBlock[];
  /** What was unusual about the file, one short phrase each. */
  odd: string[];
}

/** Longer lines than this are reported: they are usually pasted logs or data. */
const HUGE_LINE_CHARS = 10_000;

const ENTRY_RE = /^- ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?: (.*))?$/;
const KINDS = new Set<string>(ENTRY_KINDS.filter((k) => k !== 'note'));

/** The same text with a BOM and CR line ends removed, and what was removed. */
export function normaliseLineEnds(text: string): { text: string; odd: string[] } {
  const odd: string[] = [];
  if (text.startsWith('\uFEFF')) {
    odd.push('byte-order mark removed');
    text = text.slice(1);
  }
  if (text.includes('\r')) {
    odd.push('CRLF line ends converted to LF');
    text = text.replace(/\r\n?/g, '\n');
  }
  return { text, odd };
}

export function readDayEntries(day: string, raw: string): DayEntries {
  const { text, odd } = normaliseLineEnds(raw);
  const lines = text.split('\n');
  const entries: Entry[] = [];
  const kept: KeptBlock[] = [];
  let i = 0;
  while (i < lines.length && !lines[i].trim()) i++;
  if (lines[i]?.trimEnd() === `# ${day}`) i++;
  else odd.push(`no "# ${day}" title`);

  let entry: Entry | undefined; // the entry that indented lines continue
  let block: KeptBlock | undefined; // the open run of kept lines
  let blanks = 0; // blank lines seen since the last non-blank one
  let looseLines = 0;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.length > HUGE_LINE_CHARS) odd.push(`line ${i + 1} is ${line.length} characters long`);
    if (!line.trim()) {
      blanks++;
      continue;
    }
    const m = ENTRY_RE.exec(line);
    if (m) {
      let rest = m[4] ?? '';
      const tag = /^#(\w+) /.exec(rest);
      const kind = tag && KINDS.has(tag[1]) ? (tag[1] as EntryKind) : undefined;
      if (kind) rest = rest.slice(tag![0].length);
      entry = { time: `${m[1]}:${m[2]}:${m[3]}`, ...(kind && { kind }), text: rest, author: headAuthor(rest), line: i + 1 };
      entries.push(entry);
      block = undefined;
    } else if (entry && line.startsWith('  ')) {
      entry.text += `${'\n'.repeat(blanks + 1)}${line.slice(2)}`;
    } else {
      looseLines++;
      if (block) block.lines.push(...Array<string>(blanks).fill(''), line);
      else kept.push((block = { after: entry ? entry.time.slice(0, 2) : '', lines: [line] }));
      entry = undefined;
    }
    blanks = 0;
  }
  if (looseLines) odd.push(`${looseLines} line(s) without a timestamp kept as written`);
  return { day, entries, kept, odd };
}

/** An entry as `readDayEntries` reads it back: `- HH:MM:SS [#kind ]text`, continuation lines indented two spaces. */
export function entryLines(e: Pick<Entry, 'time' | 'kind' | 'text'>): string {
  const [first, ...more] = e.text.split('\n');
  const head = e.kind || first ? ` ${e.kind ? `#${e.kind} ` : ''}${first}` : '';
  return [`- ${e.time}${head}`, ...more.map((l) => (l ? `  ${l}` : ''))].join('\n');
}

/**
 * Stored text cannot forge the day file's structure (docs/trust.md#memories-are-data). A
 * continuation line is read back without its two-space indent, so one that looks like a heading
 * (`# …`), a setext underline (`===`, `---`) or an entry (`- 12:00 …`) would read as one — and
 * without the provenance of the entry it belongs to. It gets a Markdown backslash (`\# …`,
 * `\- 12:00 …`), which shows the same words and is no structure to any reader.
 */
export const escapeContinuation = (line: string) => line.replace(/^(\s*)(#{1,6}(?:\s|$)|[-*+](?=\s+\d{1,2}:\d{2})|(?:=+|-+)\s*$)/, '$1\\$2');

/**
 * A provenance marker (`[from agent: copilot]`) or an author marker (`[by Alice on laptop]`) is
 * only ever put on a line by the writer, right after the time and kind. The same words inside a
 * text — typed by an agent, or in an imported file — are kept as `(from agent: copilot)`,
 * `(by Alice on laptop)`: readable, and no marker to any reader.
 */
const MARKER_LIKE = /\[(\s*(?:from|by)\s[^\]\n]*)\](?!\()/gi;
export const neutraliseMarkers = (text: string) => (text.includes('[') ? text.replace(MARKER_LIKE, '($1)') : text);

/**
 * The kind tags (`#correction`, `#preference`…) inside the text of an entry that is not the
 * person's own: only the writer tags an entry's kind, so a reader that looks for a tag in a line
 * (the persona gate counts corrections) never takes an agent's words for the person's.
 */
const KIND_TAG = new RegExp(`(^|\\s)#(${[...KINDS].join('|')})\\b`, 'g');
export const neutraliseKindTags = (text: string) => (text.includes('#') ? text.replace(KIND_TAG, '$1\\#$2') : text);

/** A file's text, or undefined when it is not valid UTF-8 (rewriting it would lose bytes). */
export function readUtf8Strict(file: string): string | undefined {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(file);
  } catch (err) {
    throw fsError(err, 'read', file);
  }
  return decodeUtf8Strict(buf);
}

// ---- authors (docs/memory.md#authors) ---------------------------------------------------------

/**
 * The author marker the writer puts after the provenance marker: `[by <name> on <machine>]`. The
 * name is one line without brackets; the machine one word of letters, digits, `.`, `_` and `-`,
 * so the last ` on ` of a marker always starts the machine.
 */
export const authorMarker = (a: Pick<Author, 'name' | 'machine'>) => (a.name ? `[by ${a.name}${a.machine ? ` on ${a.machine}` : ''}] ` : '');

/** A name as a marker holds it: one line, no brackets, at most 80 characters ('' when nothing is left). */
export const markerName = (name: string) => name.replace(/[[\]\r\n]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80).trim();
/** A machine as a marker holds it: its host name's first label, in marker-safe characters. */
export const markerMachine = (host: string) => host.split('.')[0].replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 63);

// `[superseded [[day]] time (who): reason] ` or `[retracted …] ` (a mark taking it back, retract.ts), `[from origin: via] `, `[by name on machine] `, `[on branch] ` (vault/branches.ts).
const HEAD =
  /^(?<mark>\[(?<how>superseded|retracted) \[\[[^\]\n]*\]\][^[\]\n]*\](?: |$))?(?<own>(?:\[from (?<from>person|agent|capture|import)(?:: (?<via>[^\]\n]*))?\](?: |$))?(?:\[by (?<name>[^\]\n]+?)(?: on (?<machine>[\w.-]+))?\](?: |$))?(?:\[on (?<branch>[^\s\]]+)\](?: |$))?)/;
const head = (rest: string) => HEAD.exec(rest)!.groups!;

/** The author of an entry from the markers at the head of its text (after its time and kind). */
export function headAuthor(rest: string): Author {
  if (!rest.startsWith('[')) return { from: 'person' };
  const m = head(rest);
  return { from: (m.from as Origin | undefined) ?? 'person', ...(m.via && { via: m.via }), ...(m.name && { name: m.name }), ...(m.machine && { machine: m.machine }) };
}

/** How an entry was taken back, from the mark at the head of its text (after its time and kind), if it was. */
export const takenBack = (rest: string): 'superseded' | 'retracted' | undefined => (rest.startsWith('[') ? (head(rest).how as 'superseded' | 'retracted' | undefined) : undefined);

/**
 * The markers the writer put at the head of an entry's text (provenance, author, branch), each
 * followed by a space (the last one ends a retracted line), without a mark that took it back: what a retraction keeps of the entry.
 */
export const ownMarkers = (rest: string) => (rest.startsWith('[') ? head(rest).own : '');

/**
 * A stored text without its author markers, for readers that weigh what a line says (the persona
 * gate's keywords): a name is who wrote it, not what it is about. Only the writer puts `[by …]`
 * on a line (the same words in a text are kept as `(by …)`), so every one of them is a marker:
 * before the text, with the space after it, or ending a retracted line, with the space before it.
 */
export const withoutAuthorMarkers = (text: string) => (text.includes('[by ') ? text.replace(/\[by [^\]\n]*\] | ?\[by [^\]\n]*\]$/gm, '') : text);

/**
 * A stored text without any of the markers its writer put on it — provenance `[from …]`, author
 * `[by …]`, branch `[on …]` — for the rules that compare what memories say (truth/): two
 * memories by one person share that person's name, not a subject. Text cannot hold these
 * markers (writes keep the same words as `(from …)`, `(by …)`, `(on …)`), so each one found is
 * the writer's.
 */
const WRITER_MARKER = /\[(?:from (?:person|agent|capture|import)(?::[^\]\n]*)?|by [^\]\n]*|on [^\s\]]+)\](?: |$)/gm;
export const withoutWriterMarkers = (text: string) => (text.includes('[') ? text.replace(WRITER_MARKER, '') : text);

/** An entry's text without the markers at its head (a correction's mark, provenance, author): what it says; for a retracted entry, its retraction mark. */
export function entryBody(rest: string): string {
  if (!rest.startsWith('[')) return rest;
  const m = HEAD.exec(rest)!;
  return m.groups!.how === 'retracted' ? m.groups!.mark.trimEnd() : rest.slice(m[0].length);
}

// `- HH:MM[:SS] ` (an entry, a summary line), `- [[YYYY-MM-DD]] HH:MM:SS ` (an entity's date tag), then `#kind `.
const STORED_LINE = /^- (?:\[\[\d{4}-\d{2}-\d{2}\]\] )?\d{2}:\d{2}(?::\d{2})? (?:#\w+ )?/;

/** What a stored line says: without its bullet, time and kind tag (an entry's time is no value it states). */
export const storedText = (line: string) => line.replace(STORED_LINE, '');

/**
 * The author of a stored line: a day's entry, a summary line or an entity's date tag; undefined
 * for anything else (a heading, a continuation line, a line written by hand without a time).
 */
export function lineAuthor(line: string): Author | undefined {
  const m = STORED_LINE.exec(line);
  return m ? headAuthor(line.slice(m[0].length)) : undefined;
}

/** The branch marker of a stored line (`[on <branch>]`, vault/branches.ts) as written; undefined when it has none. */
export function lineBranchTag(line: string): string | undefined {
  const m = STORED_LINE.exec(line);
  const rest = m ? line.slice(m[0].length) : '';
  return rest.startsWith('[') ? head(rest).branch : undefined;
}

/**
 * How an author is shown, one short phrase: `Alice on laptop`; `claude (agent) for Alice on
 * laptop`; `mcp-memory (import) by Alice on laptop`; `unknown author` (an entry written before
 * authors were recorded).
 */
export function authorLabel(a: Author): string {
  const who = a.name ? `${a.name}${a.machine ? ` on ${a.machine}` : ''}` : '';
  if (a.from === 'person') return who || 'unknown author';
  const what = `${a.via ? `${a.via} (${a.from})` : a.from}`;
  return who ? `${what} ${a.from === 'import' ? 'by' : 'for'} ${who}` : what;
}

/**
 * Whether `a` is what a person asks for by `who` (case-insensitive): the person's name or its
 * first word, the agent or host (`via`), the origin (`agent`, `person`, `import`, `capture`), the
 * machine, or `unknown` for an entry without an author.
 */
export function authorMatches(a: Author, who: string): boolean {
  const q = who.trim().toLowerCase();
  if (!q) return true;
  const name = a.name?.toLowerCase();
  if (!name && q === 'unknown') return true;
  return name === q || name?.split(' ')[0] === q || a.via?.toLowerCase() === q || a.from === q || a.machine?.toLowerCase() === q || (!!name && `${name} on ${a.machine?.toLowerCase()}` === q);
}

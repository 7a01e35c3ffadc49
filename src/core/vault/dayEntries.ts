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

export interface Entry {
  /** `HH:MM:SS` as written. */
  time: string;
  /** Absent for a plain note. */
  kind?: EntryKind;
  /** The entry's text; continuation lines joined by `\n`, without their indentation. */
  text: string;
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
      entry = { time: `${m[1]}:${m[2]}:${m[3]}`, ...(kind && { kind }), text: rest, line: i + 1 };
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
 * A provenance marker (`[from agent: copilot]`) is only ever put on a line by the writer, right
 * after the time and kind. The same words inside a text — typed by an agent, or in an imported
 * file — are kept as `(from agent: copilot)`: readable, and no marker to any reader.
 */
const MARKER_LIKE = /\[(\s*from\s[^\]\n]*)\](?!\()/gi;
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

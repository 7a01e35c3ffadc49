/**
 * persona.md as its four sections (docs/persona.md#the-persona). Parsing tolerates hand edits (CRLF, a BOM,
 * text before the first section, other top-level headings, sections out of order); a change
 * replaces the bodies of whole sections and leaves every other byte of the file as it was.
 */
import { inputError } from '../shared/errors';
import { PERSONA_SECTIONS } from '../vault/personaSections';
import { controlCharacter } from '../shared/text';
import { markdownLines } from '../shared/markdown';

export type SectionHeading = (typeof PERSONA_SECTIONS)[number];

export interface SectionName {
  heading: SectionHeading;
  /** The English name, e.g. `Behavioral Guidelines`. */
  en: string;
  zh: string;
}

export const SECTION_NAMES: readonly SectionName[] = PERSONA_SECTIONS.map((heading) => {
  const m = /^# (.+?) \((.+)\)$/.exec(heading)!;
  return { heading, zh: m[1], en: m[2] };
});

const squash = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/** The section a user named: its English name (any case), its Chinese name, or its full heading. */
export function resolveSection(name: string): SectionName {
  const key = squash(name.replace(/^\s*#+/, ''));
  const found = SECTION_NAMES.find((s) => [s.en, s.zh, `${s.zh}(${s.en})`].some((n) => squash(n) === key));
  if (!found) throw inputError(`unknown persona section "${name}" (one of: ${SECTION_NAMES.map((s) => s.en).join(', ')})`, 'section');
  return found;
}

export const sectionLabel = (heading: SectionHeading) => SECTION_NAMES.find((s) => s.heading === heading)!.en;

interface Line {
  /** Offset of the line's first character in the file text. */
  start: number;
  /** The line without its terminator. */
  text: string;
  /** `\n`, `\r\n` or '' (last line without one). */
  eol: string;
}

interface Located {
  heading: SectionHeading;
  /** Index in `lines` of the heading line. */
  at: number;
  /** Index in `lines` just past the section (the next top-level heading, or the end). */
  end: number;
}

export interface PersonaDoc {
  readonly text: string;
  readonly lines: readonly Line[];
  /** Every persona section found, in file order (a duplicated heading appears twice). */
  readonly sections: readonly Located[];
  /** Indexes in `lines` of every top-level (`# `) heading outside code fences. */
  readonly topHeadings: readonly number[];
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  for (const m of text.matchAll(/([^\n]*?)(\r?\n|$)/g)) {
    if (m.index === text.length && m[0] === '') break;
    lines.push({ start: m.index, text: m[1], eol: m[2] });
  }
  return lines;
}

/** Parses persona.md. Never fails: what is missing is reported by `sectionOf` when it matters. */
export function parsePersona(text: string): PersonaDoc {
  const lines = splitLines(text);
  const sections: Located[] = [];
  const topHeadings: number[] = [];
  let open: Located | undefined;
  const bodies = lines.map((l, i) => (i === 0 ? l.text.replace(/^\uFEFF/, '') : l.text));
  [...markdownLines(bodies)].forEach(({ text: body, role }, i) => {
    const h = role === 'prose' && /^# (.*?)(?:\s+#+)?\s*$/.exec(body);
    if (!h) return;
    topHeadings.push(i);
    if (open) open.end = i;
    const name = SECTION_NAMES.find((s) => [s.heading.slice(2), s.en, s.zh].some((n) => squash(n) === squash(h[1])));
    open = name ? { heading: name.heading, at: i, end: lines.length } : undefined;
    if (open) sections.push(open);
  });
  return { text, lines, sections, topHeadings };
}

function sectionOf(doc: PersonaDoc, heading: SectionHeading): Located {
  const found = doc.sections.filter((s) => s.heading === heading);
  if (found.length === 1) return found[0];
  if (found.length > 1) {
    throw inputError(`persona.md has the ${sectionLabel(heading)} section ${found.length} times (lines ${found.map((s) => s.at + 1).join(', ')}); merge them by hand first`);
  }
  const present = doc.sections.map((s) => sectionLabel(s.heading));
  throw inputError(
    `persona.md has no "${heading}" section (found: ${present.length ? present.join(', ') : 'none of the four'}); add that heading by hand, then try again`,
  );
}

const isBlank = (l: Line) => !l.text.trim();

/** The lines of a section's body without the blank lines around it. */
function bodyCore(doc: PersonaDoc, s: Located): { from: number; to: number } {
  let from = s.at + 1;
  let to = s.end;
  while (from < to && isBlank(doc.lines[from])) from++;
  while (to > from && isBlank(doc.lines[to - 1])) to--;
  return { from, to };
}

/** A section's body as text with `\n` line ends and without surrounding blank lines. */
export function sectionBody(doc: PersonaDoc, heading: SectionHeading): string {
  const { from, to } = bodyCore(doc, sectionOf(doc, heading));
  return doc.lines.slice(from, to).map((l) => l.text).join('\n');
}

export const MAX_SECTION_BYTES = 64 * 1024;


/** Checks a proposed section body and normalises it: `\n` line ends, no surrounding blank lines. */
export function normaliseBody(content: string, heading: SectionHeading): string {
  const label = sectionLabel(heading);
  if (Buffer.byteLength(content) > MAX_SECTION_BYTES) throw inputError(`the new ${label} is larger than ${MAX_SECTION_BYTES / 1024} KiB`);
  const ctrl = controlCharacter(content);
  if (ctrl) throw inputError(`the new ${label} contains control character ${ctrl}`);
  const lines = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  if (!lines.length) throw inputError(`the new ${label} is empty; a section keeps a body`);
  const top = parsePersona(lines.join('\n')).topHeadings[0];
  if (top !== undefined) {
    throw inputError(`the new ${label} has a top-level heading on its line ${top + 1} ("${lines[top].slice(0, 60)}"); give only the body, with ## or deeper headings`);
  }
  return lines.join('\n');
}

/**
 * persona.md with the bodies of some sections replaced. The heading line, the blank lines around
 * the body and the file's line ends are kept; everything outside the replaced bodies stays
 * byte-identical. `bodies` are normalised (see `normaliseBody`).
 */
export function replaceSections(doc: PersonaDoc, bodies: ReadonlyMap<SectionHeading, string>): string {
  const targets = [...bodies.keys()].map((h) => sectionOf(doc, h)).sort((a, b) => b.at - a.at);
  let text = doc.text;
  for (const s of targets) {
    const heading = doc.lines[s.at];
    const eol = heading.eol || doc.lines.find((l) => l.eol)?.eol || '\n';
    const { from, to } = bodyCore(doc, s);
    const newLines = bodies.get(s.heading)!.split('\n');
    let head: string;
    let tail: string;
    let start: number;
    let end: number;
    if (from < to) {
      // Keep the blank lines before and after the body as they are.
      start = doc.lines[from].start;
      const last = doc.lines[to - 1];
      end = last.start + last.text.length; // the last body line's terminator stays
      head = '';
      tail = '';
    } else {
      // An empty body: put the new one between the heading and the next section, one blank line each side.
      start = heading.start + heading.text.length;
      end = s.end < doc.lines.length ? doc.lines[s.end].start : text.length;
      head = `${eol}${eol}`;
      tail = s.end < doc.lines.length ? `${eol}${eol}` : eol;
    }
    text = `${text.slice(0, start)}${head}${newLines.join(eol)}${tail}${text.slice(end)}`;
  }
  return text;
}

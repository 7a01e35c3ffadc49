/**
 * The neutral form every reader turns its format into (docs/import.md#how-it-maps), and the
 * Markdown helpers the readers share. A reader only reads: the applier (importMemories.ts)
 * writes, through the vault's one write path.
 */
import { isDay } from '../shared/clock';
import { markdownLines } from '../shared/markdown';
import { OVERRIDE_DIRECTIVE } from '../init/templates/bootloader';
import { ENTRY_KINDS, type EntryKind } from '../vault/dayEntries';
import type { EntityKind } from '../vault/layout';
import { extractPreferences } from '../profile/preferences';
import type { Skipped } from './source';

export const IMPORT_FORMATS = ['mcp-memory', 'openclaw', 'claude-code', 'gemini-cli', 'basic-memory', 'markdown'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One memory to write: dated (a log line) or not (a fact, filed under today with its entities). */
export interface ImportItem {
  text: string;
  /** `YYYY-MM-DD` and `HH:MM:SS` when the source dates it. */
  day?: string;
  time?: string;
  kind?: EntryKind;
  /** Entities beside the text's own `[[links]]`. */
  entities?: { kind?: EntityKind; name: string }[];
  /** Where it came from, for reports: `memory.jsonl line 3`, `memory/2026-01-05.md:7`. */
  where: string;
}

/** Identity-like text (a SOUL.md): never written to the persona, proposed for review instead. */
export interface IdentityText {
  text: string;
  where: string;
}

export interface SourceRead {
  format: ImportFormat;
  items: ImportItem[];
  identity: IdentityText[];
  skipped: Skipped[];
  /** Kinds the source gives its entities (lower-case name → kind), for every `[[link]]` to them. */
  kinds: Map<string, EntityKind>;
}

export const emptyRead = (format: ImportFormat): SourceRead => ({ format, items: [], identity: [], skipped: [], kinds: new Map() });

/** A person, a happening, a place or a thing: the vault's kind for another system's entity type. */
export function kindOfType(type: string | undefined): EntityKind {
  const t = (type ?? '').toLowerCase();
  if (/^(person|people|user|human|contact|member|colleague|friend|author|agent)s?$/.test(t)) return 'people';
  if (/^(event|meeting|incident|release|milestone|session|decision)s?$/.test(t)) return 'events';
  if (/^(place|location|city|country|region|site|office|venue|address)s?$/.test(t)) return 'places';
  return 'objects';
}

/** The singular type an exported entity of a kind gets: `people` → `person`. */
export const TYPE_OF_KIND: Record<EntityKind, string> = { people: 'person', events: 'event', places: 'place', objects: 'object' };

/** A relation as the line both its ends are tagged with: `[[Alice]] works at [[Acme]]` (export reads it back). */
export const relationLine = (from: string, type: string, to: string) => `[[${from}]] ${type.replace(/_/g, ' ')} [[${to}]]`;

/** A statement the profile rules recognise is a preference; anything else is a note. */
export const kindOfStatement = (text: string, preferred = false): EntryKind | undefined =>
  preferred || extractPreferences(text).length ? 'preference' : undefined;

const ENTRY_LINE = /^(?:\[\[(\d{4}-\d{2}-\d{2})\]\] )?(?:(\d{2}:\d{2}:\d{2}) )?(?:#(\w+) )?(?:\[from [^\]\n]*\] )?(?:\[by [^\]\n]*\] )?([\s\S]*)$/;

/**
 * A Core Soul line read back: `[[2026-03-10]] 08:00:00 #decision [from agent: x] text` (an entity
 * note's line, an exported observation) or `08:00:00 #decision text` (a day's entry). The origin
 * and author markers are dropped: the import records its own (`[from import: …] [by <who imports>]`).
 */
export function parseEntryText(line: string): { day?: string; time?: string; kind?: EntryKind; text: string } {
  const m = ENTRY_LINE.exec(line)!;
  const kind = m[3] && (ENTRY_KINDS as readonly string[]).includes(m[3]) ? (m[3] as EntryKind) : undefined;
  const text = m[3] && !kind ? `#${m[3]} ${m[4]}` : m[4];
  return { ...(m[1] && isDay(m[1]) && { day: m[1] }), ...(m[2] && { time: m[2] }), ...(kind && { kind }), text };
}

/** Markdown `text` as its lines outside fenced code, each with its 1-based number. */
export function proseLines(text: string): { line: string; n: number }[] {
  const out: { line: string; n: number }[] = [];
  let n = 0;
  for (const { text: line, role } of markdownLines(text.split('\n'))) {
    n++;
    if (role === 'prose') out.push({ line, n });
  }
  return out;
}

/**
 * A list item or paragraph line as a memory: bullet, checkbox and bold markers dropped; '' for
 * blank lines, rules, comments and Core Soul's own bootloader directive (an initialised
 * project's AGENTS.md, CLAUDE.md or GEMINI.md holds it: it is not a memory of the project).
 */
export function statement(line: string): string {
  if (/^\s*<!--.*-->\s*$/.test(line) || line.includes(OVERRIDE_DIRECTIVE)) return '';
  return line
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/, '')
    .trim();
}

/**
 * Export (docs/import.md#export): everything the vault remembers, in open formats a person can
 * leave with — the MCP memory server's JSON lines (entities, their lines as observations, and the
 * `[[A]] relation [[B]]` lines as relations) or a plain Markdown folder (days, entity notes, the
 * profile, persona and soul). Importing either into an empty vault gives back the entities, their
 * links and the dated entries. Nothing leaves with a credential: every text written, in either
 * format, passes the secret firewall (a secret typed before it, or by hand, becomes
 * `[secret: <kind>]`), and the report counts what was redacted.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fsError, inputError } from '../shared/errors';
import { atomicWrite, readTextIfExists } from '../shared/fs';
import { readDay } from '../vault/days';
import { ENTITY_KINDS, type EntityKind, type Vault, entityDir } from '../vault/layout';
import { readMemoryMap } from '../vault/memoryMap';
import { parseLinks } from '../vault/wikilinks';
import { profileFile } from '../profile/profile';
import { ensureRawDays, rawDayFile } from '../compress/rawDays';
import { TYPE_OF_KIND, parseEntryText, statement } from './plan';
import { splitFrontMatter } from '../vault/entityFrontMatter';
import { redactText } from '../safety/secrets';

export const EXPORT_FORMATS = ['mcp-memory', 'markdown'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportReport {
  format: ExportFormat;
  /** Where it was written. */
  out: string;
  days: number;
  entities: number;
  observations: number;
  relations: number;
  /** The kinds of the secrets replaced by `[secret: <kind>]` in what was written, one per secret. */
  redacted: string[];
}

interface Note {
  kind: EntityKind;
  name: string;
  /** The note as written, its secrets redacted. */
  text: string;
  /** The note's list lines, as text (`[[2026-03-10]] 08:00:00 #decision …`). */
  lines: string[];
}

/** Every entity note but the profile (User.md), whose counted entries are not memories: markdown keeps it as profile.md. */
function entityNotes(v: Vault, clean: Clean): Note[] {
  const notes: Note[] = [];
  for (const kind of ENTITY_KINDS) {
    let names: string[];
    try {
      names = fs.readdirSync(entityDir(v, kind)).filter((f) => f.endsWith('.md')).sort();
    } catch {
      continue;
    }
    for (const f of names) {
      const file = path.join(entityDir(v, kind), f);
      if (file === profileFile(v)) continue;
      // Redacted whole, before it is cut into lines: a PEM block is found from header to footer.
      const text = clean(readTextIfExists(file) ?? '');
      const lines = splitFrontMatter(text.replace(/\r\n?/g, '\n')).body.split('\n').filter((l) => /^\s*[-*]\s/.test(l)).map(statement).filter(Boolean);
      notes.push({ kind, name: clean(f.slice(0, -3)), text, lines });
    }
  }
  return notes;
}

/** `[[A]] works at [[B]]`, the line an imported relation becomes (`relationLine`): A, the relation, B. */
function relationOf(text: string): { from: string; relationType: string; to: string } | undefined {
  const links = parseLinks(text);
  if (links.length !== 2 || links[0].start !== 0 || links[1].end !== text.length) return undefined;
  const between = text.slice(links[0].end, links[1].start).trim();
  if (!/^[\p{L}\p{N}_ -]{1,60}$/u.test(between)) return undefined;
  return { from: links[0].target, relationType: between.replace(/\s+/g, '_'), to: links[1].target };
}

export function exportMemories(v: Vault, format: ExportFormat, out: string): ExportReport {
  if (fs.existsSync(out) && !(fs.statSync(out).isDirectory() && fs.readdirSync(out).length === 0)) {
    throw inputError(`${out} already exists; choose a new path to export to`, 'out');
  }
  const redacted: string[] = [];
  const clean = (text: string) => {
    const r = redactText(text);
    redacted.push(...r.kinds);
    return r.text;
  };
  return { ...(format === 'mcp-memory' ? exportMcpMemory(v, out, clean) : exportMarkdown(v, out, clean)), redacted };
}

/** What an export writes: the text with its secrets redacted (and counted). */
type Clean = (text: string) => string;

function exportMcpMemory(v: Vault, out: string, clean: Clean): Omit<ExportReport, 'redacted'> {
  const notes = entityNotes(v, clean);
  const relations = new Map<string, { from: string; to: string; relationType: string }>();
  let observations = 0;
  const lines = notes.map((n) => {
    for (const l of n.lines) {
      const r = relationOf(parseEntryText(l).text);
      if (r) relations.set(JSON.stringify(r), r);
    }
    observations += n.lines.length;
    return JSON.stringify({ type: 'entity', name: n.name, entityType: TYPE_OF_KIND[n.kind], observations: n.lines });
  });
  for (const r of relations.values()) lines.push(JSON.stringify({ type: 'relation', ...r }));
  atomicWrite(out, lines.length ? `${lines.join('\n')}\n` : '');
  return { format: 'mcp-memory', out, days: 0, entities: notes.length, observations, relations: relations.size };
}

/** A day's lines as the vault shows it: a monthly file's section (`## day`, `### HH:00`) as a day file of its own (`# day`, `## HH:00`). */
function shownDayLines(v: Vault, day: string): string[] | undefined {
  const d = readDay(v, day);
  return d?.monthly ? d.lines.map((l) => (/^#{2,3} /.test(l) ? l.slice(1) : l)) : d?.lines;
}

function exportMarkdown(v: Vault, out: string, clean: Clean): Omit<ExportReport, 'redacted'> {
  const days = readMemoryMap(v).days;
  ensureRawDays(v);
  let written = 0;
  for (const day of Object.keys(days).sort()) {
    // A compressed day leaves with its raw entries, kept since its compression (rawDays.ts); else as the vault shows it.
    const raw = days[day].level === 'L1' ? undefined : readTextIfExists(rawDayFile(v, day));
    const lines = raw?.split('\n') ?? shownDayLines(v, day);
    if (!lines) continue;
    atomicWrite(path.join(out, 'days', `${day}.md`), clean(`${lines.join('\n').replace(/\n*$/, '')}\n`));
    written++;
  }
  const notes = entityNotes(v, clean);
  for (const n of notes) atomicWrite(path.join(out, 'entities', n.kind, `${n.name}.md`), n.text);
  for (const [from, to] of [[profileFile(v), 'profile.md'], [v.persona, 'persona.md'], [v.soul, 'soul.md']]) {
    if (fs.existsSync(from)) copy(from, path.join(out, to), clean);
  }
  for (const dir of ['days', 'entities']) fs.mkdirSync(path.join(out, dir), { recursive: true });
  const observations = notes.reduce((s, n) => s + n.lines.length, 0);
  return { format: 'markdown', out, days: written, entities: notes.length, observations, relations: 0 };
}

function copy(from: string, to: string, clean: Clean): void {
  let data: string;
  try {
    data = fs.readFileSync(from, 'utf8');
  } catch (err) {
    throw fsError(err, 'read', from);
  }
  atomicWrite(to, clean(data));
}

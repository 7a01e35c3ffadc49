/**
 * The vault's memories as the truth rules see them: one record per entry line of the
 * chronological files (L1 entries, the summary lines of L2 hours and L3 days) and per line of an
 * entity note's own text. An entity's date tags (`- [[YYYY-MM-DD]] HH:MM:SS …`) are copies of day
 * entries and are left out, so nothing is counted twice.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDay } from '../shared/clock';
import { fsError } from '../shared/errors';
import { ENTRY_KINDS, type EntryKind } from '../vault/dayEntries';
import { entityFrontMatter } from '../vault/entityFrontMatter';
import { ENTITY_KINDS, type Vault, rel } from '../vault/layout';

export interface TruthMemory {
  /** `<file relative to the workspace>:<line>`: what every finding names. */
  id: string;
  file: string;
  /** 1-based. */
  line: number;
  /** When it was written, `YYYY-MM-DDTHH:MM:SS` (local time; the hour's start for L2/L3 lines, the note's `created` for entity text). */
  at: string;
  text: string;
  kind?: EntryKind;
  /** For an entity note's own text: the note's name. */
  entity?: string;
}

const KINDS = new Set<string>(ENTRY_KINDS);
const DAILY_RE = /^(\d{4}-\d{2}-\d{2})\.md$/;
const MONTHLY_RE = /^\d{4}-\d{2}\.md$/;
const ENTRY_RE = /^- (?:(\d{2}:\d{2})(:\d{2})? )?(.*)$/;
const TAG_RE = /^- \[\[\d{4}-\d{2}-\d{2}\]\]/;

/**
 * Every memory of the vault; `onFile` sees each file's text as it is read (so a caller that
 * needs the text too reads the vault once). `signal` stops it between files.
 */
export function readMemories(v: Vault, onFile?: (file: string, text: string) => void, signal?: AbortSignal): TruthMemory[] {
  const out: TruthMemory[] = [];
  for (const name of listDir(v.chronoDir).sort()) {
    signal?.throwIfAborted();
    const daily = DAILY_RE.exec(name);
    if (!daily && !MONTHLY_RE.test(name)) continue;
    const file = path.join(v.chronoDir, name);
    const text = read(file);
    onFile?.(file, text);
    dayLines(rel(v, file), text, daily?.[1], out);
  }
  for (const kind of ENTITY_KINDS) {
    const dir = path.join(v.entitiesDir, kind);
    for (const name of listDir(dir).sort()) {
      signal?.throwIfAborted();
      if (!name.endsWith('.md')) continue;
      const file = path.join(dir, name);
      const text = read(file);
      onFile?.(file, text);
      entityLines(rel(v, file), text, name.slice(0, -3), out);
    }
  }
  return out;
}

/** The entries of one chronological file's text (a daily file when `day` is given, else a monthly one). */
export function dayLines(file: string, text: string, day: string | undefined, out: TruthMemory[] = []): TruthMemory[] {
  let hour = '00';
  let inComment = false;
  let last: TruthMemory | undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (inComment) {
      inComment = !line.includes('-->');
      continue;
    }
    if (line.startsWith('<!--')) {
      inComment = !line.includes('-->');
      continue;
    }
    if (line.startsWith('#')) {
      const d = /^## (\d{4}-\d{2}-\d{2})\s*$/.exec(line);
      if (d && isDay(d[1])) {
        day = d[1];
        hour = '00';
      }
      const h = /^#{2,3} (\d{2}):00\s*$/.exec(line);
      if (h) hour = h[1];
      last = undefined;
      continue;
    }
    if (last && line.startsWith('  ') && line.trim()) {
      last.text += `\n${line.trim()}`; // a continuation line
      continue;
    }
    const m = ENTRY_RE.exec(line);
    if (!m || !day) {
      last = undefined;
      continue;
    }
    let rest = m[3];
    const tag = /^#(\w+) /.exec(rest);
    const kind = tag && KINDS.has(tag[1]) ? (tag[1] as EntryKind) : undefined;
    if (kind) rest = rest.slice(tag![0].length);
    const time = m[1] ? `${m[1]}${m[2] ?? ':00'}` : `${hour}:00:00`;
    last = { id: `${file}:${i + 1}`, file, line: i + 1, at: `${day}T${time}`, text: rest, ...(kind && { kind }) };
    out.push(last);
  }
  return out;
}

/** An entity note's own lines (after its front matter and title), without its date tags. */
export function entityLines(file: string, text: string, name: string, out: TruthMemory[] = []): TruthMemory[] {
  const fm = entityFrontMatter(text);
  const created = fm?.data.created && isDay(fm.data.created) ? fm.data.created : undefined;
  const lines = text.split('\n');
  for (let i = fm?.lines ?? 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (!line.trim() || line.startsWith('#') || TAG_RE.test(line)) continue;
    const tagged = /\[\[(\d{4}-\d{2}-\d{2})\]\]/.exec(line)?.[1];
    const day = tagged && isDay(tagged) ? tagged : created;
    if (!day) continue;
    out.push({ id: `${file}:${i + 1}`, file, line: i + 1, at: `${day}T00:00:00`, text: line.replace(/^[-*] /, ''), entity: name });
  }
  return out;
}

function listDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw fsError(err, 'read', dir);
  }
}

function read(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw fsError(err, 'read', file);
  }
}

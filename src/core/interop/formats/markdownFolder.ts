/**
 * The plain Markdown folder `coresoul export --format markdown` writes (docs/import.md#markdown):
 * `days/YYYY-MM-DD.md` (a day as the vault keeps it: `- HH:MM:SS [#kind ]text`, or its hourly
 * summary under `## HH:00`) and `entities/<kind>/<Name>.md` (front matter `kind`, lines
 * `- [[YYYY-MM-DD]] HH:MM:SS text`, and lines written by hand). Reading it back reproduces the
 * entities, their links and the dated entries. `profile.md`, `persona.md` and `soul.md` are
 * copies to keep, not memories: the profile is relearnt from the preference entries.
 */
import { isDay } from '../../shared/clock';
import { ENTITY_KINDS, type EntityKind } from '../../vault/layout';
import { type ImportItem, type SourceRead, emptyRead, parseEntryText, proseLines, statement } from '../plan';
import { splitFrontMatter } from '../../vault/entityFrontMatter';
import type { Source } from '../source';

export const looksLikeMarkdownExport = (src: Source) => !src.file && src.has('days') && src.has('entities');

/** An entry (`- HH:MM:SS …`) or a summary line of a compressed day (`- HH:MM …`). */
const ENTRY = /^- (\d{2}:\d{2})(:\d{2})? (.*)$/;

export function readMarkdownFolder(src: Source): SourceRead {
  const out = emptyRead('markdown');
  const entityNotes: { file: string; kind: EntityKind; name: string }[] = [];
  for (const kind of ENTITY_KINDS) {
    for (const e of src.list(`entities/${kind}`)) {
      if (e.dir || !e.name.endsWith('.md')) continue;
      const name = e.name.slice(0, -3);
      out.kinds.set(name.toLowerCase(), kind);
      entityNotes.push({ file: `entities/${kind}/${e.name}`, kind, name });
    }
  }
  for (const e of src.list('days')) {
    const file = `days/${e.name}`;
    const day = e.name.slice(0, -3);
    if (e.dir || !e.name.endsWith('.md') || !isDay(day)) {
      out.skipped.push({ item: file, reason: 'not a day file (days/YYYY-MM-DD.md)' });
      continue;
    }
    const r = src.read(file);
    if ('skipped' in r) {
      out.skipped.push(r.skipped);
      continue;
    }
    let hour = '00';
    let last: ImportItem | undefined;
    for (const { line, n } of proseLines(r.text)) {
      const h = /^#{2,3} (\d{2}):00\s*$/.exec(line);
      if (h) hour = h[1];
      if (/^#/.test(line) || !line.trim()) continue;
      if (last && /^ {2}\S/.test(line)) {
        last.text += `\n${line.slice(2)}`; // an entry's continuation line
        continue;
      }
      const entry = ENTRY.exec(line);
      const parsed = parseEntryText(entry ? `${entry[1]}${entry[2] ?? ':00'} ${entry[3]}` : statement(line));
      if (!parsed.text.trim()) continue;
      last = { ...parsed, day, time: parsed.time ?? `${hour}:00:00`, where: `${file}:${n}` };
      out.items.push(last);
    }
  }
  for (const { file, kind, name } of entityNotes) {
    const r = src.read(file);
    if ('skipped' in r) {
      out.skipped.push(r.skipped);
      continue;
    }
    const { body, bodyStart } = splitFrontMatter(r.text);
    for (const { line, n } of proseLines(body)) {
      if (/^#/.test(line) || !statement(line)) continue;
      const parsed = parseEntryText(statement(line));
      if (parsed.day && !parsed.time) parsed.time = '00:00:00';
      out.items.push({ ...parsed, entities: [{ kind, name }], where: `${file}:${n + bodyStart - 1}` });
    }
  }
  for (const file of ['profile.md', 'persona.md', 'soul.md']) if (src.has(file)) out.skipped.push({ item: file, reason: 'a copy to keep, not memories' });
  return out;
}


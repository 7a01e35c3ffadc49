/**
 * The Backlinks view's rows, without `vscode`: the link server's backlinks of a document, each
 * named after the note or day that links (a monthly file's line belongs to its `## YYYY-MM-DD`
 * section), newest days first, then notes by name. A document's links to itself (an entity's
 * own date tags quote entries that name it) are not backlinks.
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDay } from '../../../core/shared/clock';
import { daySections } from '../../../core/vault/days';
import type { Backlink } from '../../../server/protocol';
import { type EntityKind, type Vault, isEntityKind, rel } from '../../../core/vault/layout';

export interface BacklinkRow {
  /** The linking note's name, or the day the linking line belongs to. */
  label: string;
  /** The linking line, trimmed. */
  description: string;
  /** Workspace-relative `file:line`. */
  tooltip: string;
  source: { type: 'day' } | { type: 'entity'; kind: EntityKind } | { type: 'file' };
  file: string;
  /** 0-based line, and the link's columns on it. */
  line: number;
  start: number;
  end: number;
}

const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.md$/;
const MONTH_FILE = /^\d{4}-\d{2}\.md$/;
const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Rows for the `links` to the document `subject` (a path). `lines(file)` gives a monthly file's
 * lines (to find the day of a line); it is called once per monthly file.
 */
export function backlinkRows(v: Vault, subject: string, links: readonly Backlink[], lines: (file: string) => string[]): BacklinkRow[] {
  const sections = new Map<string, { day: string; start: number; end: number }[]>();
  const sectionsOf = (file: string) => {
    let found = sections.get(file);
    if (!found) sections.set(file, (found = daySections(lines(file))));
    return found;
  };
  const self = path.resolve(subject);
  const rows = links.flatMap((link): BacklinkRow[] => {
    const file = fileURLToPath(link.uri);
    if (file === self) return [];
    const where = path.relative(v.chronoDir, file);
    const name = path.basename(file);
    const common = { description: link.text, tooltip: `${rel(v, file)}:${link.line + 1}`, file, line: link.line, start: link.start, end: link.end };
    if (where === name && DAY_FILE.test(name) && isDay(name.slice(0, -3))) return [{ label: name.slice(0, -3), source: { type: 'day' }, ...common }];
    if (where === name && MONTH_FILE.test(name)) {
      const section = sectionsOf(file).find((s) => link.line >= s.start && link.line < s.end);
      return [{ label: section?.day ?? name.slice(0, -3), source: { type: 'day' }, ...common }];
    }
    const [kind, entity, ...deeper] = path.relative(v.entitiesDir, file).split(path.sep);
    if (entity?.endsWith('.md') && !deeper.length && isEntityKind(kind)) return [{ label: entity.slice(0, -3), source: { type: 'entity', kind }, ...common }];
    return [{ label: rel(v, file), source: { type: 'file' }, ...common }];
  });
  const isDayRow = (r: BacklinkRow) => r.source.type === 'day';
  return rows.sort(
    (a, b) =>
      Number(isDayRow(b)) - Number(isDayRow(a)) ||
      (isDayRow(a) ? byName.compare(b.label, a.label) : byName.compare(a.label, b.label)) ||
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.start - b.start,
  );
}

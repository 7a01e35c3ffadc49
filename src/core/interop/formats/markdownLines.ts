/** What the Markdown-based readers share: a file's prose lines as import items. */
import type { EntityKind } from '../../vault/layout';
import { type ImportItem, type SourceRead, kindOfStatement, proseLines, statement } from '../plan';
import { splitFrontMatter } from '../../vault/entityFrontMatter';

export interface LineOptions {
  /** Every line is the user's stated preference (USER.md, a preferences section). */
  preferred?: boolean | ((heading: string) => boolean);
  /** The entity every line is a fact of. */
  entity?: { kind?: EntityKind; name: string };
  day?: string;
  /** Lines that are not memories: left out, counted in one skipped item per file. */
  skip?: (line: string) => string | undefined;
}

const PREFERENCE_HEADING = /prefer|偏好|喜好|likes|style|conventions?/i;
export const preferenceHeading = (heading: string) => PREFERENCE_HEADING.test(heading);

/**
 * One item per list item or paragraph line of a Markdown file (headings, rules and fenced code
 * left out). A line's leading `HH:MM` — or the last `## HH:MM` heading — times a dated line.
 */
export function itemsOfMarkdown(out: SourceRead, file: string, text: string, opts: LineOptions = {}): void {
  const { body, bodyStart } = splitFrontMatter(text);
  let heading = '';
  let hour: string | undefined;
  const left = new Map<string, number>();
  for (const { line, n } of proseLines(body)) {
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) {
      heading = h[1].trim();
      hour = /^(\d{1,2}):(\d{2})\b/.exec(heading) ? clock(heading) : undefined;
      continue;
    }
    let text = statement(line);
    if (!text) continue;
    const why = opts.skip?.(text);
    if (why) {
      left.set(why, (left.get(why) ?? 0) + 1);
      continue;
    }
    let time = hour;
    const timed = /^(\d{1,2}:\d{2}(?::\d{2})?)\s*(?:[-–—:]\s*)?(.+)$/.exec(text);
    if (opts.day && timed && clock(timed[1])) {
      time = clock(timed[1]);
      text = timed[2];
    }
    const preferred = typeof opts.preferred === 'function' ? opts.preferred(heading) : opts.preferred;
    const kind = kindOfStatement(text, preferred);
    const item: ImportItem = { text, where: `${file}:${n + bodyStart - 1}`, ...(kind && { kind }), ...(opts.entity && { entities: [opts.entity] }) };
    if (opts.day) Object.assign(item, { day: opts.day, time: time ?? '00:00:00' });
    out.items.push(item);
  }
  for (const [why, count] of left) out.skipped.push({ item: `${file} (${count} line${count > 1 ? 's' : ''})`, reason: why });
}

/** `9:05` → `09:05:00`; undefined unless it is a time of day. */
function clock(text: string): string | undefined {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!m || +m[1] > 23 || +m[2] > 59 || +(m[3] ?? 0) > 59) return undefined;
  return `${m[1].padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`;
}

/**
 * L2 → L3 (docs/memory.md#weekly-compression): an hourly day file becomes the `## YYYY-MM-DD` section of its
 * `YYYY-MM.md`, its hours as `### HH:00`, so that `findDaySection` (days.ts) returns the whole
 * day. Sections stay in date order; text around them is kept as it was.
 */
import { normaliseLineEnds } from '../vault/dayEntries';
import { sectionHeading } from '../vault/days';
import { HOURLY_MARKER } from './hourlySummary';

export interface DaySection {
  lines: string[];
  /** Headings other than `## HH:00` that had to go one level down to stay inside the section. */
  demoted: number;
}

/** The section a day file's text becomes: its title and marker dropped, every heading at level 3 or deeper. */
export function daySection(day: string, dayText: string): DaySection {
  const lines = normaliseLineEnds(dayText).text.split('\n');
  if (lines[0]?.trimEnd() === `# ${day}`) lines.shift();
  const body = lines.filter((l) => l !== HOURLY_MARKER);
  while (body.length && !body[0].trim()) body.shift();
  while (body.length && !body[body.length - 1].trim()) body.pop();
  let demoted = 0;
  const shifted = body.map((l) => {
    const h = /^(#{1,6})(?=\s)/.exec(l);
    if (!h) return l;
    if (!/^## \d{2}:00\s*$/.test(l)) demoted++;
    return '#'.repeat(Math.min(6, Math.max(3, h[1].length + 1))) + l.slice(h[1].length);
  });
  return { lines: shifted.length ? [sectionHeading(day), '', ...shifted] : [sectionHeading(day)], demoted };
}

const DAY_HEADING_RE = /^## (\d{4}-\d{2}-\d{2})\s*$/;

/**
 * A monthly file's text with `section` added before the first later day (or at the end),
 * keeping its line ends (LF or CRLF) and every other line.
 */
export function withDaySection(monthText: string, day: string, section: string[]): string {
  const eol = monthText.includes('\r\n') ? '\r\n' : '\n';
  const lines = monthText.split(/\r?\n/);
  const at = lines.findIndex((l) => {
    const m = DAY_HEADING_RE.exec(l);
    return m !== null && m[1] > day;
  });
  if (at === -1) {
    while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
    return [...lines, '', ...section, ''].join(eol);
  }
  const before = at > 0 && lines[at - 1].trim() ? [''] : [];
  lines.splice(at, 0, ...before, ...section, '');
  return lines.join(eol);
}

export const newMonthText = (month: string) => `# ${month}\n`;

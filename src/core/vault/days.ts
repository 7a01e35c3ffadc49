/**
 * Where a day's memory lives (docs/memory.md#weekly-compression): `chronological/YYYY-MM-DD.md` while it exists
 * (L1 or L2), otherwise the `## YYYY-MM-DD` section of `chronological/YYYY-MM.md` (L3).
 * Shared by search, compression and the link index, so `[[YYYY-MM-DD]]` means one thing.
 */
import * as fs from 'node:fs';
import { fsError } from '../shared/errors';
import { type Vault, dayFile, monthFile } from './layout';

export interface DayText {
  day: string;
  /** Absolute path of the file that holds the day. */
  file: string;
  /** 1-based line in `file` of the first line of `lines` (the `## YYYY-MM-DD` heading for L3). */
  startLine: number;
  lines: string[];
  /** True when the day is a section of a monthly file. */
  monthly: boolean;
}

export const sectionHeading = (day: string) => `## ${day}`;

/** The lines of `## day` in a monthly file's text (heading included), or undefined. */
export function findDaySection(text: string, day: string): { startLine: number; lines: string[] } | undefined {
  const all = text.replace(/\r\n?/g, '\n').split('\n');
  const start = all.findIndex((l) => l.trimEnd() === sectionHeading(day));
  if (start === -1) return undefined;
  return { startLine: start + 1, lines: all.slice(start, sectionEnd(all, start)) };
}

/** Index just past the section that starts at `start`: it ends at the next `#`/`##` heading, without trailing blank lines. */
function sectionEnd(all: string[], start: number): number {
  let end = start + 1;
  while (end < all.length && !/^#{1,2} /.test(all[end])) end++;
  while (end > start + 1 && !all[end - 1].trim()) end--;
  return end;
}

const SECTION_RE = /^## (\d{4}-\d{2}-\d{2})\s*$/;

/** Every `## YYYY-MM-DD` section of a monthly file's lines, as 0-based [start, end) line ranges. */
export function daySections(all: string[]): { day: string; start: number; end: number }[] {
  const headings: number[] = [];
  all.forEach((line, i) => {
    if (line.startsWith('#')) headings.push(i);
  });
  return sectionsAt(all.length, (i) => all[i], headings);
}

/**
 * `daySections` of `count` lines, each read by `line`, told which lines start with `#`
 * (`headings`, in order): only those and the blank lines before a section's end are read, so a
 * caller holding bytes (search, over a file not indexed yet) decodes no other line.
 */
export function sectionsAt(count: number, line: (i: number) => string, headings: readonly number[]): { day: string; start: number; end: number }[] {
  const out: { day: string; start: number; end: number }[] = [];
  let next = count; // the first `#`/`##` heading after the one looked at (sectionEnd)
  for (let k = headings.length - 1; k >= 0; k--) {
    const i = headings[k];
    const text = line(i);
    const m = SECTION_RE.exec(text);
    if (m) {
      let end = next;
      while (end > i + 1 && !line(end - 1).trim()) end--;
      out.push({ day: m[1], start: i, end });
    }
    if (/^#{1,2} /.test(text)) next = i;
  }
  return out.reverse();
}

/**
 * Which file holds `day` (without reading it): the daily file, else the monthly one. `exists`
 * lets a caller that has just listed the folder (search, for thousands of days) skip the stats.
 */
export function dayLocation(v: Vault, day: string, exists: (file: string) => boolean = fs.existsSync): { file: string; monthly: boolean } | undefined {
  const daily = dayFile(v, day);
  if (exists(daily)) return { file: daily, monthly: false };
  const monthly = monthFile(v, day.slice(0, 7));
  if (exists(monthly)) return { file: monthly, monthly: true };
  return undefined;
}

/** A day's text wherever it lives, or undefined when the vault has no such day. */
export function readDay(v: Vault, day: string): DayText | undefined {
  const loc = dayLocation(v, day);
  if (!loc) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(loc.file, 'utf8');
  } catch (err) {
    throw fsError(err, 'read', loc.file);
  }
  if (!loc.monthly) return { day, file: loc.file, startLine: 1, lines: text.replace(/\r\n?/g, '\n').split('\n'), monthly: false };
  const section = findDaySection(text, day);
  return section && { day, file: loc.file, ...section, monthly: true };
}

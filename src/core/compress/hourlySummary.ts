/**
 * L1 → L2 (docs/memory.md#weekly-compression): a day file becomes `# YYYY-MM-DD`, a marker line, and one `## HH:00`
 * section per hour holding that hour's summary. Lines that were not entries stay as written,
 * after the summary of the hour they followed. The marker tells an interrupted compression
 * that this day is already summarised.
 */
import { type DayEntries, authorLabel, lineAuthor } from '../vault/dayEntries';
import { type Hour, type HourSummariser, extractiveSummary, linkKeys, summaryProblem, withMissingLinks } from './summarise';

export const HOURLY_MARKER = '<!-- coresoul:L2 hourly summary -->';

/** True when a day file is an hourly summary (looks for the marker near the top). */
export function isHourlySummary(text: string): boolean {
  const head = text.slice(0, 512);
  const at = head.indexOf(HOURLY_MARKER);
  return at !== -1 && head.slice(0, at).split('\n').length <= 4;
}

export interface HourlyDay {
  text: string;
  /** Distinct link targets of the day, each verified present in `text`. */
  linksChecked: number;
  /** Hours whose summary was rejected and replaced by the extractive one. */
  rejected: string[];
}

export function hourlyDay(parsed: DayEntries, summarise: HourSummariser, raw: string): HourlyDay {
  const hours = new Map<string, Hour>();
  for (const e of parsed.entries) {
    const hh = e.time.slice(0, 2);
    const hour = hours.get(hh) ?? { day: parsed.day, hour: hh, entries: [] };
    hour.entries.push(e);
    hours.set(hh, hour);
  }
  const keptAfter = (hh: string) => parsed.kept.filter((b) => b.after === hh).flatMap((b) => [...b.lines, '']);
  const rejected: string[] = [];
  const out = [`# ${parsed.day}`, HOURLY_MARKER, '', ...keptAfter('')];
  for (const hh of [...hours.keys()].sort()) {
    const hour = hours.get(hh)!;
    hour.entries.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0)); // stable: file order within a second
    let lines = summarise(hour);
    const problem = summarise === extractiveSummary ? undefined : summaryProblem(hour, lines);
    if (problem) {
      rejected.push(`${hh}:00 (${problem})`);
      lines = extractiveSummary(hour);
    }
    out.push(`## ${hh}:00`, ...withMissingAuthors(hour, withMissingLinks(hour, lines)), '', ...keptAfter(hh));
  }
  while (out[out.length - 1] === '') out.pop();
  const text = `${out.join('\n')}\n`;
  return { text, linksChecked: verifiedLinks(raw, text, parsed.day), rejected };
}

/** The line that names who wrote an hour's entries: `- by: Alice on laptop; claude (agent) for Bob on desk`. */
export const AUTHORS_LINE = '- by: ';

/**
 * Appends, when the summary lines do not carry them all, the authors of the hour's entries
 * (docs/memory.md#authors): a summary keeps who wrote what it summarises, whatever it left out.
 * Entries without an author (written before authors were recorded) name none.
 */
export function withMissingAuthors(hour: Hour, lines: string[]): string[] {
  const present = new Set(lines.flatMap((l) => {
    const a = lineAuthor(l);
    return a?.name ? [authorLabel(a)] : [];
  }));
  const missing = [...new Set(hour.entries.filter((e) => e.author.name).map((e) => authorLabel(e.author)))].filter((a) => !present.has(a));
  return missing.length ? [...lines, `${AUTHORS_LINE}${missing.join('; ')}`] : lines;
}

/**
 * Counts the distinct link targets of `before` after proving each is in `after`. A loss here is
 * a bug, not bad input: it stops the compression before anything is written.
 */
export function verifiedLinks(before: string, after: string, where: string): number {
  const wanted = linkKeys(before);
  const got = linkKeys(after);
  const lost = [...wanted].filter((k) => !got.has(k));
  if (lost.length) throw new Error(`compression of ${where} would lose [[${lost.join(']], [[')}]]; nothing was written`);
  return wanted.size;
}

/**
 * Hourly summaries (docs/memory.md#weekly-compression). A summariser turns one hour of L1 entries into bullet lines.
 * The deterministic extractive one below needs no model; any summary, whoever wrote it, is
 * checked here: it must be bullet lines, not longer than its input, and carry every [[link]].
 */
import type { Entry } from '../vault/dayEntries';
import { type Link, parseLinks } from '../vault/wikilinks';

/** One hour of one day, as given to a summariser. */
export interface Hour {
  day: string;
  /** `HH`. */
  hour: string;
  /** In file order; never empty. */
  entries: Entry[];
}

/** Summarises one hour: bullet lines `- …`, without the `## HH:00` heading. */
export type HourSummariser = (hour: Hour) => string[];

const NUMBER_SLOTS = 3; // entries kept for their figures, beyond the ones that must stay
const MAX_CHARS = 200; // per kept entry
const IMPORTANT_KINDS = new Set(['decision', 'error', 'correction', 'preference']);
const IMPORTANT_WORDS =
  /\b(?:decid\w*|decision|chose|chosen|agreed|errors?|fail\w*|bugs?|fix\w*|broke\w*|crash\w*|exceptions?|regressions?|revert\w*|correct\w*|wrong|workaround)\b|決定|决定|決策|决策|選擇|选择|錯誤|错误|報錯|报错|失敗|失败|崩潰|崩溃|修復|修复|修正|解決|解决/i;

const isImportant = (e: Entry) => (e.kind !== undefined && IMPORTANT_KINDS.has(e.kind)) || IMPORTANT_WORDS.test(e.text);
const hasNumber = (e: Entry) => /\d/.test(e.text);

/**
 * Keeps every decision, error, fix, correction and preference (by `#kind` or by wording), the
 * first and last entry of the hour, and up to three more that carry numbers; each kept entry is
 * shortened to one line. What it leaves out is counted, and its links go on that closing line.
 */
export const extractiveSummary: HourSummariser = ({ entries }) => {
  const keep = new Set<number>([0, entries.length - 1]);
  entries.forEach((e, i) => isImportant(e) && keep.add(i));
  let slots = NUMBER_SLOTS;
  entries.forEach((e, i) => slots > 0 && !keep.has(i) && hasNumber(e) && keep.add(i) && slots--);
  const chosen = [...keep].sort((a, b) => a - b);
  const lines = chosen.map((i) => {
    const e = entries[i];
    return `- ${e.time.slice(0, 5)} ${e.kind ? `#${e.kind} ` : ''}${shorten(e.text)}`;
  });
  const omitted = entries.filter((_, i) => !keep.has(i));
  if (omitted.length) {
    const links = missingFrom(lines.join('\n'), omitted.flatMap((e) => linksOf(e.text)));
    lines.push(`- … ${omitted.length} more ${omitted.length === 1 ? 'entry' : 'entries'}${links.length ? `: ${links.join(' ')}` : ''}`);
  }
  return lines;
};

/** One line of at most MAX_CHARS, never cutting a link; links in the cut tail follow it. */
export function shorten(text: string, max = MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const links = parseLinks(flat);
  let cut = max - 1;
  const inside = links.find((l) => l.start < cut && cut < l.end);
  if (inside) cut = inside.start;
  const space = flat.lastIndexOf(' ', cut);
  if (space > 0 && space > cut - 40) cut = space; // end on a word when one ends nearby
  if (/[\uD800-\uDBFF]/.test(flat[cut - 1] ?? '')) cut--; // never split a surrogate pair
  const head = flat.slice(0, cut).trimEnd();
  const tail = missingFrom(head, links.filter((l) => l.start >= cut).map((l) => linkText(flat, l)));
  return `${head}…${tail.length ? ` ${tail.join(' ')}` : ''}`;
}

const linkText = (text: string, l: Link) => text.slice(l.start, l.end);
const linksOf = (text: string) => parseLinks(text).map((l) => linkText(text, l));
const targetKey = (linkOrTarget: string) => linkOrTarget.toLowerCase();

/** The distinct link targets of a text, as lower-case keys (entity names match case-insensitively). */
export function linkKeys(text: string): Set<string> {
  return new Set(parseLinks(text).map((l) => targetKey(l.target)));
}

/** Links (as written, first occurrence per target) whose target `text` does not link to. */
function missingFrom(text: string, links: string[]): string[] {
  const present = linkKeys(text);
  const out: string[] = [];
  for (const link of links) {
    const key = targetKey(parseLinks(link)[0].target);
    if (!present.has(key)) {
      present.add(key);
      out.push(link);
    }
  }
  return out;
}

/** The hour's links that `lines` lost, as written in the entries. */
export function missingLinks(hour: Hour, lines: string[]): string[] {
  return missingFrom(lines.join('\n'), hour.entries.flatMap((e) => linksOf(e.text)));
}

/** Appends a line with every link the summary lost. */
export function withMissingLinks(hour: Hour, lines: string[]): string[] {
  const missing = missingLinks(hour, lines);
  return missing.length ? [...lines, `- links: ${missing.join(' ')}`] : lines;
}

/** Why a summariser's output cannot be used as the hour's summary, or undefined when it can. */
export function summaryProblem(hour: Hour, lines: unknown): string | undefined {
  if (!Array.isArray(lines) || !lines.every((l) => typeof l === 'string')) return 'not a list of lines';
  if (!lines.length) return 'empty';
  const bad = lines.findIndex((l) => !/^- \S/.test(l) || /[\r\n]/.test(l));
  if (bad !== -1) return `line ${bad + 1} is not a "- " bullet line`;
  const inputChars = hour.entries.reduce((n, e) => n + `- 00:00:00 #${e.kind ?? ''} ${e.text}`.length, 0);
  const outputChars = lines.reduce((n, l) => n + l.length, 0);
  if (lines.length > hour.entries.length + 1 || outputChars > Math.max(inputChars, MAX_CHARS) * 1.5) return 'longer than the entries it summarises';
  return undefined;
}

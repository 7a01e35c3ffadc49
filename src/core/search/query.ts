/**
 * A search query taken apart: entity names and aliases it mentions, quoted phrases, dates,
 * and the remaining words (segmented with Intl.Segmenter, so Chinese works without spaces).
 * Every part becomes a "concept" a line may contain; everything is literal text, never a regex.
 */
import { isDay } from '../shared/clock';
import { inputError } from '../shared/errors';
import { type Needle, findNeedle, globNeedles, identifierGlobNeedles, needle, segmentWords } from './words';
import { replaceControlCharacters } from '../shared/text';
import { narrowerWords } from './narrower';
import { isStopWord, stem } from './terms';
import type { EntryKind } from '../vault/dayEntries';

export const MAX_QUERY_CHARS = 1000;
/** Concepts are tracked as bits of a 32-bit mask. */
export const MAX_CONCEPTS = 24;

export interface EntityName {
  name: string;
  aliases: string[];
  /** A person (`entities/people/`): a question about someone may ask in words memory does not use. */
  person?: boolean;
  /** Relative to the memory folder. */
  rel: string;
}

export interface Concept {
  label: string;
  /** Alternatives: a line has the concept when it has any of them. */
  needles: Needle[];
  entity?: EntityName;
  /** A word of a time told relative to today ("last week"): memory may retell it (rank.ts). */
  time?: boolean;
  /** A plain English noun's narrower words (narrower.ts): a line that names one of them is about the concept too. */
  kinds?: Needle[];
  /** A word's translations into the other language (translate.ts): a line that has one says the word in that language. */
  translations?: Needle[];
  /** The tag of the kind of entry the word names (`#decision` for "decide"): an entry of that kind is about the word. */
  tag?: Needle;
}

export interface Query {
  text: string;
  concepts: Concept[];
  /** Only these days (`YYYY-MM-DD`) or months (`YYYY-MM`), when the query names any. */
  days: string[];
  months: string[];
  /** Days named without their year (`MM-DD`: "November 26", "the 3rd of May", 11月26日), resolved against today (dates.ts). */
  yearless: string[];
  /** Times told relative to today ("last week", "3 days ago", "in early October", 上週二), resolved against it (dates.ts). */
  times: Time[];
}

/**
 * A time told relative to today, as parsed (dates.ts resolves it):
 * - `period`: a calendar day, week (Monday–Sunday), month or year, `offset` of them from today's (−1: last);
 * - `ago`: `n` units ago, give or take half a unit;
 * - `past`: the last `days` days;
 * - `weekday` (0 Sunday … 6 Saturday): the last one before today, or of last week (`lastWeek`);
 * - `month` (1–12) named without a year: its latest time on or before today (`last`: before this
 *   month), or a third of it (`part`), or from it to today (`since`).
 */
export type Time =
  | { kind: 'period'; unit: 'day' | 'week' | 'month' | 'year'; offset: number }
  | { kind: 'ago'; n: number; unit: 'day' | 'week' | 'month' | 'year' }
  | { kind: 'past'; days: number }
  | { kind: 'weekday'; day: number; lastWeek?: boolean }
  | { kind: 'month'; month: number; last?: boolean; part?: 'early' | 'mid' | 'late'; since?: boolean }
  /** A day of the month named without its month ("on the 12th"): its latest time on or before today. */
  | { kind: 'monthDay'; day: number }
  /**
   * A week of a month ("the first week of April", "the last week of March 2025", 4月第一週): `n`
   * 1–5, or −1 for the last; the month's latest time on or before today when `year` is not said.
   */
  | { kind: 'monthWeek'; month: number; n: number; year?: number }
  /** The Monday–Sunday week that holds a day ("the week of May 5"): its latest time on or before today when `year` is not said. */
  | { kind: 'weekOf'; month: number; day: number; year?: number };

/**
 * The kinds of entry (`write --kind`, `#decision` at the head of the entry) a word of a query names:
 * "decide", "chose", "agreed", 決定 ask for decisions; "break", "fail", "crash", "wrong", "outage",
 * 報錯 for errors (an error and its fix; not "fix", which is also work one is about to do: "ship a
 * quick fix today"); "correct" for corrections; "prefer" for preferences. A plain note has no tag: "done" or "changed" name no kind. Only in a query that names or
 * tells a time.
 */
const KIND_WORDS: [RegExp, EntryKind][] = [
  [/^(?:decid\w*|decisions?|chose|choose|chosen|choosing|agreed|settled|決定|决定|決策|决策)$/, 'decision'],
  [/^(?:break|breaks|broke|broken|breaking|breakages?|fail\w*|crash\w*|errors?|bugs?|wrong|outages?|incidents?|錯誤|错误|報錯|报错|失敗|失败|崩潰|崩溃|故障|出錯|出错)$/, 'error'],
  [/^(?:correct(?:ed|ion|ions)?|corrected)$/, 'correction'],
  [/^(?:prefer\w*)$/, 'preference'],
];
const tagOf = (word: string) => {
  const kind = KIND_WORDS.find(([re]) => re.test(word))?.[1];
  return kind && needle(`#${kind}`, { exact: true });
};

/** A file's path with its folders (`src/billing/proration.ts`, `./infra/deploy.yml`): folders, then a name with an extension. */
const PATH = /(?<![\p{L}\p{N}_./-])(?:\.{1,2}\/)?(?:[\p{L}\p{N}_-][\p{L}\p{N}_.-]*\/)+[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}]+)+(?![\p{L}\p{N}_/-])/gu;
const COMPOUND = /(?<=^|\s)[a-z0-9\u00c0-\u024f]+(?:[-_./:#@+*]+[a-z0-9\u00c0-\u024f]+)+(?=\s|$)/gi;
/** Words of letters joined by slashes: `lint/formatting`, `naming/tag`, `staging/prod`. */
const SLASHED_WORDS = /^\p{L}+(?:\/\p{L}+)+$/u;
// "…", “…”, 「…」 and 『…』, written with \u escapes to keep the CLI bundle ASCII (a faster start).
const PHRASES = /"([^"]*)"|\u201c([^\u201d]*)\u201d|\u300c([^\u300d]*)\u300d|\u300e([^\u300f]*)\u300f/g;
const pad2 = (n: string | number) => String(n).padStart(2, '0');

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** 1–12 for a month's name or its abbreviation (`Sep`, `Sept`), else 0. */
const monthOf = (name: string) => MONTH_NAMES.findIndex((full) => name.length >= 3 && full.startsWith(name.toLowerCase())) + 1;
const MONTH = '([a-z]{3,9})\\.?';
const ORDINAL = '(\\d{1,2})(?:st|nd|rd|th)?';
/** `15 June, 2020`, `15th of June 2020`. */
const DAY_MONTH_YEAR = new RegExp(`\\b${ORDINAL}\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})\\b`, 'gi');
/** `June 15, 2020`, `June 15th 2020`. */
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH}\\s+${ORDINAL},?\\s+(\\d{4})\\b`, 'gi');
/** `June 2020`, `June, 2020`. */
const MONTH_YEAR = new RegExp(`\\b${MONTH},?\\s+(\\d{4})\\b`, 'gi');
/** A weekday before a date says the same day again: `Wednesday, November 26`. */
const WEEKDAY = '(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\\s+(?:the\\s+)?)?';
/** `November 26`, `Nov 26th`, `Wednesday, November 26`: a day without its year (not `May 2` of a time `2:30`). */
const MONTH_DAY = new RegExp(`\\b${WEEKDAY}${MONTH}\\s+${ORDINAL}\\b(?![:.]?\\d)`, 'gi');
/** `26 November`, `the 26th of November`, `Wednesday the 26th of November`. */
const DAY_MONTH = new RegExp(`\\b${WEEKDAY}(?:the\\s+)?${ORDINAL}\\s+(?:of\\s+)?${MONTH}\\b`, 'gi');

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY_NAME = '(sun|mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?)(?:day)?';
const weekdayOf = (name: string) => WEEKDAY_NAMES.findIndex((d) => d.startsWith(name.toLowerCase().slice(0, 3)));
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const COUNT = `(\\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|couple of|a few|few|several)`;
const countOf = (w: string) => (/^\d+$/.test(w) ? Number(w) : /couple/.test(w) ? 2 : /few|several/.test(w) ? 3 : Math.max(1, NUMBER_WORDS.indexOf(w)));
const UNIT = '(day|week|fortnight|month|year)s?';
const unitOf = (w: string): { n: number; unit: 'day' | 'week' | 'month' | 'year' } => (w === 'fortnight' ? { n: 2, unit: 'week' } : { n: 1, unit: w as 'day' | 'week' | 'month' | 'year' });
/** Chinese numerals up to 99 (一 … 九十九, 兩), or digits. */
const cjkNumber = (w: string) => {
  if (/^\d+$/.test(w)) return Number(w);
  const digit = (c: string) => '〇一二三四五六七八九'.indexOf(c) + 1 || (c === '兩' || c === '两' ? 3 : 0);
  const d = (c: string | undefined) => (c ? digit(c) - 1 : 0);
  const ten = w.indexOf('十');
  if (ten < 0) return d(w[0]);
  return (ten === 0 ? 1 : d(w[ten - 1])) * 10 + d(w[ten + 1]);
};
const CJK_COUNT = '(\\d{1,3}|[一二兩两三四五六七八九十]{1,3})';
const CJK_UNIT: Record<string, 'day' | 'week' | 'month' | 'year'> = { 天: 'day', 日: 'day', 週: 'week', 周: 'week', 星期: 'week', 禮拜: 'week', 礼拜: 'week', 個月: 'month', 个月: 'month', 月: 'month', 年: 'year' };
const CJK_WEEKDAY: Record<string, number> = { 日: 0, 天: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6 };
const CJK_WEEK = '(?:週|周|星期|禮拜|礼拜)';
const PART_OF: Record<string, 'early' | 'mid' | 'late'> = { early: 'early', start: 'early', beginning: 'early', mid: 'mid', middle: 'mid', late: 'late', end: 'late', 初: 'early', 上旬: 'early', 中: 'mid', 中旬: 'mid', 底: 'late', 下旬: 'late', 末: 'late' };

/**
 * Finds in `text` the times it tells relative to today, into `times`: "yesterday", "last
 * week", "this month", "3 days ago", "a couple of weeks ago", "in the past 10 days", "last
 * Friday", "on Tuesday", "Tuesday last week", 昨天, 上週, 上個月, 三天前, 兩週前, 上週二; returns the
 * text without them, each read once.
 */
function takeTimes(text: string, times: Time[]): string {
  const add = (t: Time) => {
    times.push(t);
    return ' ';
  };
  return text
    .replace(/\b(?:the\s+)?day before yesterday\b|前天/gi, () => add({ kind: 'period', unit: 'day', offset: -2 }))
    .replace(/\byesterday\b|昨天|昨日/gi, () => add({ kind: 'period', unit: 'day', offset: -1 }))
    .replace(/\b(?:today|tonight|this (?:morning|afternoon|evening))\b|今天|今日/gi, () => add({ kind: 'period', unit: 'day', offset: 0 }))
    .replace(new RegExp(`\\b${COUNT}\\s+${UNIT}\\s+(?:ago|back|earlier)\\b`, 'gi'), (_a, n: string, u: string) => {
      const { n: k, unit } = unitOf(u.toLowerCase());
      return add({ kind: 'ago', n: countOf(n.toLowerCase()) * k, unit });
    })
    .replace(new RegExp(`\\b(?:(?:in|over|during|within|for)\\s+)?(?:the\\s+)?(?:last|past|previous)\\s+${COUNT}\\s+${UNIT}`, 'gi'), (_a, n: string, u: string) => {
      const { n: k, unit } = unitOf(u.toLowerCase());
      return add({ kind: 'past', days: countOf(n.toLowerCase()) * k * { day: 1, week: 7, month: 31, year: 366 }[unit] });
    })
    .replace(new RegExp(`\\b${WEEKDAY_NAME}s?\\s+(?:of\\s+)?last\\s+week\\b|\\blast\\s+week'?s?\\s+${WEEKDAY_NAME}\\b`, 'gi'), (_a, d1?: string, d2?: string) => add({ kind: 'weekday', day: weekdayOf(d1 ?? d2 ?? ''), lastWeek: true }))
    // "Sat", "sun", "wed" alone are words; after "on", "last", "this", "since" they are days.
    .replace(new RegExp(`\\b(?:(last|past|this|on|since)\\s+(?:the\\s+)?)?${WEEKDAY_NAME}(?:'s)?\\b(?![\\s,]+(?:the\\s+)?\\d)`, 'gi'), (all, before: string | undefined, d: string) =>
      !before && !/day(?:'s)?$/i.test(all) ? all : add({ kind: 'weekday', day: weekdayOf(d) }))
    .replace(/\b(?:in\s+|over\s+|during\s+)?(?:the\s+)?(last|past|previous|this|current)\s+(week|weekend|month|year)\b/gi, (_a, which: string, u: string) => {
      const offset = /this|current/i.test(which) ? 0 : -1;
      if (u.toLowerCase() === 'weekend') return add({ kind: 'past', days: offset ? 9 : 3 });
      // "the past week" is the last seven days; "last week" the calendar week before this one.
      if (/past/i.test(which)) return add({ kind: 'past', days: { week: 7, month: 31, year: 366 }[u.toLowerCase() as 'week'] });
      return add({ kind: 'period', unit: u.toLowerCase() as 'week' | 'month' | 'year', offset });
    })
    .replace(/上上(?:週|周|星期|禮拜|礼拜)/g, () => add({ kind: 'ago', n: 2, unit: 'week' }))
    .replace(new RegExp(`上${CJK_WEEK}([一二三四五六日天])`, 'g'), (_a, d: string) => add({ kind: 'weekday', day: CJK_WEEKDAY[d], lastWeek: true }))
    .replace(new RegExp(`上${CJK_WEEK}`, 'g'), () => add({ kind: 'period', unit: 'week', offset: -1 }))
    .replace(new RegExp(`(?:這|这|本)${CJK_WEEK}`, 'g'), () => add({ kind: 'period', unit: 'week', offset: 0 }))
    .replace(/上(?:個|个)?月/g, () => add({ kind: 'period', unit: 'month', offset: -1 }))
    .replace(/(?:這|这)(?:個|个)月|本月/g, () => add({ kind: 'period', unit: 'month', offset: 0 }))
    .replace(/去年/g, () => add({ kind: 'period', unit: 'year', offset: -1 }))
    .replace(/今年/g, () => add({ kind: 'period', unit: 'year', offset: 0 }))
    .replace(new RegExp(`${CJK_COUNT}\\s*(天|日|週|周|星期|禮拜|礼拜|個月|个月|年)(?:之)?前`, 'g'), (_a, n: string, u: string) => add({ kind: 'ago', n: cjkNumber(n), unit: CJK_UNIT[u] }))
    .replace(new RegExp(`${CJK_WEEK}([一二三四五六日天])`, 'g'), (_a, d: string) => add({ kind: 'weekday', day: CJK_WEEKDAY[d] }));
}

const ORDINAL_WEEKS: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5, last: -1, final: -1 };
const CJK_ORDINAL_WEEK = '(?:週|周|個星期|个星期|個禮拜|个礼拜)';
/** `the first week of April`, `the last week of March 2025`. */
const MONTH_WEEK = new RegExp(`\\b(?:the\\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last|final)\\s+week\\s+(?:of|in)\\s+${MONTH}(?:,?\\s+(\\d{4}))?\\b`, 'gi');
/** `the week of May 5`, `the week of 5 May 2025`, `the week of 2025-05-05`. */
const WEEK_OF = new RegExp(`\\b(?:the\\s+)?week\\s+of\\s+(?:${MONTH}\\s+${ORDINAL}(?:,?\\s+(\\d{4}))?|(?:the\\s+)?${ORDINAL}\\s+(?:of\\s+)?${MONTH}(?:,?\\s+(\\d{4}))?|(\\d{4})-(\\d{2})-(\\d{2}))(?![\\d:])`, 'gi');

/**
 * Takes out of `text` the weeks it names by their month or their day, into `times`: "the first
 * week of April", "the last week of March 2025", "the week of May 5", 4月第一週, 四月的最後一週
 * (before takeDates, which would read "April 2025" or "May 5" alone).
 */
function takeWeeks(text: string, times: Time[]): string {
  const year = (y: string | undefined) => (y ? { year: Number(y) } : {});
  return text
    .replace(MONTH_WEEK, (all, which: string, name: string, y?: string) => {
      const month = monthOf(name);
      if (!month) return all;
      times.push({ kind: 'monthWeek', month, n: ORDINAL_WEEKS[which.toLowerCase()], ...year(y) });
      return ' ';
    })
    .replace(WEEK_OF, (all, n1?: string, d1?: string, y1?: string, d2?: string, n2?: string, y2?: string, iy?: string, im?: string, id?: string) => {
      const [month, day, y] = iy ? [Number(im), Number(id), iy] : n1 ? [monthOf(n1), Number(d1), y1] : [monthOf(n2 ?? ''), Number(d2), y2];
      if (!month || month > 12 || !isDay(`2000-${pad2(month)}-${pad2(day)}`)) return all;
      times.push({ kind: 'weekOf', month, day, ...year(y) });
      return ' ';
    })
    .replace(new RegExp(`(?<![\\d個个])(?:(\\d{4})\\s*年\\s*)?(\\d{1,2}|[一二三四五六七八九十]{1,3})\\s*月(?:份)?\\s*(?:的)?\\s*(?:第\\s*([一二三四五1-5])|(最後|最后))\\s*(?:一\\s*)?${CJK_ORDINAL_WEEK}`, 'g'), (all, y?: string, m = '', n?: string, last?: string) => {
      const month = cjkNumber(m);
      if (month < 1 || month > 12) return all;
      times.push({ kind: 'monthWeek', month, n: last ? -1 : cjkNumber(n ?? ''), ...year(y) });
      return ' ';
    });
}

/**
 * Takes out of `text` the months it names without a year, into `times`: "in October", "early
 * October", "the end of October", "since September", "last October", 十月初, 11月 (not "May I",
 * not a month and its day, which takeDates reads).
 */
function takeMonths(text: string, times: Time[]): string {
  const monthPart = (m: number, part: string | undefined, extra: Partial<Extract<Time, { kind: 'month' }>> = {}) => {
    times.push({ kind: 'month', month: m, ...(part && PART_OF[part] && { part: PART_OF[part] }), ...extra });
    return ' ';
  };
  return text
    // "on the 12th", "since the 3rd": a day of a month left unsaid (a month named with it is read by takeDates).
    .replace(/\b(on|since|from|until|till|by|before|after|around)\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b/gi, (all, _prep, d: string) => {
      if (+d < 1 || +d > 31) return all;
      times.push({ kind: 'monthDay', day: +d });
      return ' ';
    })
    .replace(new RegExp(`\\b(?:(early|mid|late)[\\s-]+|(?:the\\s+)?(start|beginning|middle|end)\\s+of\\s+|(in|during|throughout|since|until|till|before|after|by|over|through|last|this|from)\\s+(?:(early|mid|late)[\\s-]+)?)${MONTH}\\b(?![\\s,]*(?:the\\s+)?\\d)`, 'gi'), (all, p1?: string, p2?: string, prep?: string, p3?: string, name = '') => {
      const m = monthOf(name);
      if (!m) return all;
      const which = prep?.toLowerCase();
      return monthPart(m, (p1 ?? p2 ?? p3)?.toLowerCase(), { ...(which === 'last' && { last: true }), ...(which === 'since' && { since: true }) });
    })
    .replace(new RegExp(`(?<![\\d個个])(\\d{1,2}|[一二三四五六七八九十]{1,3})\\s*月(初|上旬|中旬|中|下旬|底|末)?(?!\\s*\\d|份?\\s*[一二三四五六七八九十]+\\s*[日號号])`, 'g'), (all, n: string, part?: string) => {
      const m = cjkNumber(n);
      return m >= 1 && m <= 12 ? monthPart(m, part) : all;
    });
}

/**
 * Takes out of `text` the dates it names: `2020-06-15`, `2020-06`, `15 June 2020`,
 * `June 15, 2020`, `June 2020`, `2020年6月15日`.
 */
function takeDates(text: string, days: Set<string>, months: Set<string>, yearless: Set<string>): string {
  const month = (y: string, m: number) => m >= 1 && m <= 12 && months.add(`${y}-${pad2(m)}`);
  const day = (y: string, m: number, d: string) => {
    const iso = `${y}-${pad2(m)}-${pad2(d)}`;
    return m >= 1 && isDay(iso) && days.add(iso);
  };
  return text
    // "these days", "currently", 目前: the present, which every question about what is so asks anyway; no words of the subject.
    .replace(/\b(?:these days|nowadays|currently|at the moment|at present|right now|as of now)\b|\u76ee\u524d|\u73fe\u5728|\u73b0\u5728/g, ' ')
    .replace(/(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])/g, (all, y, m, d) => (day(y, +m, d) ? ' ' : all))
    // 2020年6月(15日|號|号)
    .replace(/(\d{4})\s*\u5e74\s*(\d{1,2})\s*\u6708(?:\s*(\d{1,2})\s*[\u65e5\u865f\u53f7])?/g, (all, y, m, d) => ((d === undefined ? month(y, +m) : day(y, +m, d)) ? ' ' : all))
    .replace(/(?<![\d-])(\d{4})-(\d{2})(?![\d-])/g, (all, y, m) => (month(y, +m) ? ' ' : all))
    // 2026/04/07; 4/7/2026 and 7/4/2026: month first or day first, as people of different places write it — both days when both are days.
    .replace(/(?<![\d/])(\d{4})\/(\d{1,2})\/(\d{1,2})(?![\d/])/g, (all, y, m, d) => (day(y, +m, d) ? ' ' : all))
    .replace(/(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\d/])/g, (all, a, b, y) => (either(day(y, +a, b), day(y, +b, a)) ? ' ' : all))
    // "on 4/7", "since 3/12": without a year only after a word that says when (else 3/4 is a share).
    .replace(/\b(on|since|from|until|till|by|before|after|around)\s+(\d{1,2})\/(\d{1,2})(?![\d/])/gi, (all, prep: string, a, b) => (either(noYear(+a, b), noYear(+b, a)) ? `${prep} ` : all))
    .replace(DAY_MONTH_YEAR, (all, d, name: string, y) => (day(y, monthOf(name), d) ? ' ' : all))
    .replace(MONTH_DAY_YEAR, (all, name: string, d, y) => (day(y, monthOf(name), d) ? ' ' : all))
    .replace(MONTH_YEAR, (all, name: string, y) => (month(y, monthOf(name)) ? ' ' : all))
    // Without the year: 11月26日, November 26, the 26th of November (a leap day is checked against a leap year).
    .replace(/(?<!\d)(\d{1,2})\s*\u6708\s*(\d{1,2})\s*[\u65e5\u865f\u53f7]/g, (all, m, d) => (noYear(+m, d) ? ' ' : all))
    .replace(MONTH_DAY, (all, name: string, d) => (noYear(monthOf(name), d) ? ' ' : all))
    .replace(DAY_MONTH, (all, d, name: string) => (noYear(monthOf(name), d) ? ' ' : all));

  /** Whether either reading was a day (both were tried). */
  function either(a: unknown, b: unknown) {
    return !!a || !!b;
  }

  function noYear(m: number, d: string) {
    const md = `${pad2(m)}-${pad2(d)}`;
    return m >= 1 && isDay(`2000-${md}`) && yearless.add(md);
  }
}

/**
 * A word as ranking reads it (terms.ts): without its clitic — "who's" is "who", "Lin's" is "Lin",
 * "we're" is "we" — and '' for a negated helper verb ("don't", "isn't"), which names no subject.
 */
const baseWord = (w: string) => (/n['\u2019]t$/.test(w) ? '' : w.replace(/['\u2019](?:s|re|ve|ll|d|m)$/, ''));

/**
 * Entities named in the query (by name or alias), longest first, without overlaps. A name that
 * begins or ends an identifier joined by underscores (`lims_sample`, `STRIPE_KEY`) names the
 * entity and stays in the text: the identifier is a concept of its own.
 */
function takeEntities(lower: string, entities: EntityName[]): { found: EntityName[]; rest: string } {
  const hits: { e: EntityName; at: number; len: number }[] = [];
  for (const e of entities) {
    let best: { at: number; len: number } | undefined;
    for (const alt of [e.name, ...e.aliases]) {
      if (!lower.includes(alt.toLowerCase())) continue; // cheap test first: thousands of entities
      const n = needle(alt, { exact: true });
      if (!n || [...n.text].length < 2) continue;
      const at = findNeedle(lower, n);
      if (at !== -1 && (!best || n.text.length > best.len)) best = { at, len: n.text.length };
    }
    if (best) hits.push({ e, ...best });
  }
  hits.sort((a, b) => b.len - a.len || a.at - b.at);
  const taken: { at: number; len: number }[] = [];
  const found: EntityName[] = [];
  let rest = lower;
  for (const h of hits) {
    if (taken.some((t) => h.at < t.at + t.len && t.at < h.at + h.len)) continue;
    taken.push(h);
    found.push(h.e);
    if (lower[h.at - 1] === '_' || lower[h.at + h.len] === '_') continue;
    rest = rest.slice(0, h.at) + ' '.repeat(h.len) + rest.slice(h.at + h.len);
  }
  return { found, rest };
}

export function parseQuery(raw: string, entities: EntityName[]): Query {
  const text = replaceControlCharacters(String(raw ?? ''), ' ').trim();
  if (!text) throw inputError('search: the query is empty');
  if (text.length > MAX_QUERY_CHARS) throw inputError(`search: the query is longer than ${MAX_QUERY_CHARS} characters; search for a name or a few words`);

  const days = new Set<string>();
  const months = new Set<string>();
  const yearless = new Set<string>();
  const concepts: Concept[] = [];
  const add = (c: Concept) => {
    const key = c.needles.map((n) => n.text).join('\u0000');
    if (!concepts.some((o) => o.needles.map((n) => n.text).join('\u0000') === key)) concepts.push(c);
  };

  const { found, rest: afterEntities } = takeEntities(text.toLowerCase(), entities);
  for (const e of found) {
    const needles = [e.name, ...e.aliases].map((a) => needle(a, { exact: true })).filter((n): n is Needle => !!n);
    add({ label: e.name, needles, entity: e });
  }
  let rest = afterEntities.replace(PHRASES, (_all, ...groups: (string | undefined)[]) => {
    const phrase = groups.slice(0, 4).find((g) => g !== undefined) ?? '';
    const n = needle(phrase, { exact: true });
    if (n) add({ label: `"${n.text}"`, needles: [n] });
    return ' ';
  });
  const times: Time[] = [];
  rest = takeDates(takeWeeks(rest, times), days, months, yearless);
  // A month named without its year is a date (taken out); a time told relative to today stays words too: memory retells it ("4 years ago").
  rest = takeMonths(rest, times);
  const timeless = new Set(segmentWords(takeTimes(rest, times)));
  // A file's path, also before a comma or a question mark: it is also found where a glob names its folder (`src/billing/**`).
  rest = rest.replace(PATH, (path) => {
    const n = needle(path, { exact: true });
    if (n) add({ label: n.text, needles: [n, ...globNeedles(path)] });
    return ' ';
  });
  // Identifiers like PR-4821, node.js or a.b*c stay whole: the segmenter would split them. Words
  // joined by a slash alone ("lint/formatting", "naming/tag rules") are one thing said either way,
  // not a name: memory writes each word on its own, and a line that has either has the concept.
  rest = rest.replace(COMPOUND, (token) => {
    if (SLASHED_WORDS.test(token)) {
      const needles = wordNeedles(token.toLowerCase().split('/'));
      if (needles.length) add({ label: token.toLowerCase(), needles });
      return ' ';
    }
    const n = needle(token, { exact: true });
    if (n) add({ label: n.text, needles: [n, ...identifierGlobNeedles(n.text)] });
    return ' ';
  });
  const words = segmentWords(rest).map(baseWord);
  const content = words.filter((w) => w && !isStopWord(w));
  // Only function words: they are the query, unless it names something else (an entity, a phrase).
  const list = content.length || concepts.length ? content : words;
  // A noun asked for by its kind ("what kind of art", "which types of yoga"): its kinds, also when it is singular.
  const asked = new Set([...rest.matchAll(KIND_OF)].map((m) => m[1]));
  const kinds = content.length ? kindsOf(list, asked) : [];
  const dated = times.length > 0 || days.size > 0 || months.size > 0 || yearless.size > 0;
  // A short acronym's plural ("APIs", "PRs") is found where memory writes the acronym ("API"), too short to find by its stem (lookupQuery).
  const acronymPlurals = new Set([...text.matchAll(/(?<![\p{L}\p{N}])(\p{Lu}{2,3})s(?![\p{L}\p{N}])/gu)].map((m) => `${m[1].toLowerCase()}s`));
  list.forEach((w, j) => {
    const n = needle(w);
    const singular = acronymPlurals.has(w) ? needle(w.slice(0, -1)) : undefined;
    // The kind of entry a word names ranks a time's entries ("what did we decide on Tuesday?"); without a time it would
    // only widen the word (a pasted log's "error" is the log's word, not a question about errors).
    const tag = dated ? tagOf(w) : undefined;
    if (n) add({ label: w, needles: singular ? [n, singular] : [n], ...(kinds[j]?.length && { kinds: kinds[j] }), ...(times.length && !timeless.has(w) && { time: true }), ...(tag && { tag }) });
  });
  return { text, concepts: concepts.slice(0, MAX_CONCEPTS), days: [...days], months: [...months], yearless: [...yearless], times };
}

/**
 * Per word, its narrower words as needles: those of it and the word before when the two name one
 * thing ("musical instruments"), else its own; none for the first word of such a pair.
 */
function kindsOf(list: string[], asked: ReadonlySet<string>): Needle[][] {
  const pairs = list.map((w, j) => (j + 1 < list.length ? narrowerWords([w, list[j + 1]]) : []));
  return list.map((w, j) => {
    if (pairs[j].length) return [];
    return wordNeedles(pairs[j - 1]?.length ? pairs[j - 1] : narrowerWords([w], asked.has(w)));
  });
}

/** "kind of X", "types of X", "sort of X": the question asks for a kind of X (X's kinds answer it, singular or plural). */
const KIND_OF = /\b(?:kinds?|types?|sorts?)\s+of\s+([a-z]+)/g;

/**
 * Needles for words a query's word stands for (its kinds, its translations): a Latin word of four
 * letters or more matches the longer words it begins ("deploy": "deployed"); a shorter one must
 * end at a boundary, so its plural is a needle of its own; a phrase matches as written.
 */
export function wordNeedles(words: string[]): Needle[] {
  return words.flatMap((k) => (k.length < 4 && /^[a-z]+$/.test(k) ? [k, `${k}s`] : [k])).map((k) => needle(k, { exact: k.includes(' ') })).filter((n): n is Needle => !!n);
}

/**
 * The query with each plain word looked up by what its stem shares with it ("activities" →
 * "activ", which also finds "activity"): the ranker compares stems, a chunk only has to hold them.
 */
export function lookupQuery(q: Query): Query {
  const concepts = q.concepts.map((c) => {
    const needles = byStem(c);
    const related = [...(c.kinds ?? []), ...(c.translations ?? []), ...(c.tag ? [c.tag] : [])];
    return related.length ? { ...c, needles: [...needles, ...related] } : needles === c.needles ? c : { ...c, needles };
  });
  return { ...q, concepts };
}

function byStem(c: Concept): Needle[] {
  const n = c.needles[0];
  if (c.entity || c.needles.length !== 1 || !n.prefix) return c.needles;
  const st = stem(n.text);
  let k = 0;
  while (k < st.length && st[k] === n.text[k]) k++;
  const shorter = k >= 4 && k < n.text.length ? needle(n.text.slice(0, k)) : undefined;
  return shorter ? [shorter] : c.needles;
}

/**
 * The concepts of a query that name something (bits): a word written with a capital inside it or
 * after a sentence's first word (`Kafka`, `GraphQL`, `SLA`, `Acme`), or mixing letters and digits
 * (`INC-47`); in a Chinese query, any Latin word (`MongoDB`). A name memory never mentions is a
 * question memory cannot answer (search.ts).
 */
export function namedConcepts(q: Query): number {
  return nameBits(q, false);
}

/**
 * The concepts of a query written as proper names by their letters alone, in any language: a
 * capital inside the word or after the sentence's first word, or letters mixed with digits
 * (`Kafka`, `GraphQL`, `Jenkins` in a Chinese question) — not a plain lower-case Latin word of a
 * Chinese question (`port`, `staging`), which may be said in Chinese in memory. Such a name is an
 * identity, not a description: no other wording of memory says it (search.ts).
 */
export function properNames(q: Query): number {
  return nameBits(q, true);
}

/** A number with its unit is a value, not a name: "3GB", "500ms", "6am", "24h", "2x". */
const QUANTITY = /^\d+(?:[.,]\d+)?(?:[kmgtpe]i?b|bytes?|[kmg]?hz|[kmg]?bps|ms|µs|us|ns|s|secs?|mins?|h|hrs?|d|days?|wks?|mo|yrs?|x|px|pt|em|rem|am|pm|k|°c|°f)$/iu;

function nameBits(q: Query, proper: boolean): number {
  const names = new Set<string>();
  for (const sentence of q.text.split(/(?<=[.?!])\s+|(?<=[。？！])\s*/)) {
    const cjk = /\p{Script=Han}/u.test(sentence);
    let first = true;
    for (const m of sentence.matchAll(/[\p{L}\p{N}][\p{L}\p{N}._+#-]*/gu)) {
      const w = m[0].replace(/[._-]+$/, '');
      const latin = /^[\p{Script=Latin}\p{N}._+#-]+$/u.test(w) && /\p{L}/u.test(w);
      // A month or a weekday is a time, not a name (dates.ts reads it).
      const time = monthOf(w) > 0 && w.length >= 3 && MONTH_NAMES.some((m) => m.startsWith(w.toLowerCase())) || /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i.test(w);
      if (latin && !time && !QUANTITY.test(w) && (/\p{Lu}/u.test(w.slice(1)) || (!first && /^\p{Lu}/u.test(w)) || (/\d/.test(w) && /\p{L}/u.test(w)) || (cjk && !proper))) names.add(w.toLowerCase());
      if (latin || /\p{L}/u.test(w)) first = false;
    }
  }
  let mask = 0;
  q.concepts.forEach((c, k) => {
    if (!c.entity && names.has(c.label.replace(/^"|"$/g, ''))) mask |= 1 << k;
  });
  return mask;
}

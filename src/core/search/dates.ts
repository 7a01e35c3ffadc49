/**
 * The days a query names or implies, as a test on a day: the explicit days and months query.ts
 * finds (`2023-05-08`, `May 2023`, `2023年5月`), and relative times measured from today
 * ("yesterday", "last week", "3 days ago", "last month", "this year", "last Friday", 昨天, 上週…).
 * A relative time is widened a little, since people are vague. Matching days rank higher; they
 * never filter, so a wrong guess costs order, never an answer.
 */
import { addDays, isDay } from '../shared/clock';
import type { Query } from './query';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const COUNTS = ['a', 'one', 'two', 'three', 'four', 'five', 'six'];
const UNIT_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;

/** The test of a query that names or implies no day. */
export const NO_DATES = (_day: string) => false;

/**
 * The query with each day it names without a year (`MM-DD`) as a day: its last time on or before
 * today ("November 26" asked in December is this year's, asked in March last year's).
 */
export function withYears(q: Query, today: string): Query {
  if (!q.yearless.length) return q;
  const year = Number(today.slice(0, 4));
  const days = q.yearless.map((md) => (`${year}-${md}` <= today ? `${year}-${md}` : `${year - 1}-${md}`)).filter((d) => isDay(d));
  return { ...q, days: [...new Set([...q.days, ...days])], yearless: [] };
}

export function queryDates(q: Query, today: string): (day: string) => boolean {
  const ranges: [string, string][] = [];
  for (const d of q.days) ranges.push([d, d]);
  for (const m of q.months) ranges.push([`${m}-01`, `${m}-31`]);
  const t = q.text.toLowerCase();
  const back = (from: number, to: number) => ranges.push([addDays(today, -from), addDays(today, -to)]);
  if (/\byesterday\b|昨天/.test(t)) back(2, 1);
  if (/\btoday\b|今天/.test(t)) back(1, 0);
  if (/\blast week\b|上週|上周/.test(t)) back(14, 4);
  if (/\bthis week\b|本週|這週|这周/.test(t)) back(7, 0);
  if (/\blast month\b|上個月|上个月/.test(t)) back(62, 25);
  if (/\bthis month\b|這個月|这个月/.test(t)) back(31, 0);
  if (/\blast year\b|去年/.test(t)) back(730, 330);
  if (/\bthis year\b|今年/.test(t)) ranges.push([`${today.slice(0, 4)}-01-01`, today]);
  for (const m of t.matchAll(/\b(\d+|a|one|two|three|four|five|six) (day|week|month|year)s? ago\b/g)) {
    const n = /^\d+$/.test(m[1]) ? Number(m[1]) : Math.max(1, COUNTS.indexOf(m[1]));
    const unit = UNIT_DAYS[m[2] as keyof typeof UNIT_DAYS];
    const slack = Math.ceil(unit / 2) + 1;
    back(n * unit + slack, n * unit - slack);
  }
  const weekday = /\blast (sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/.exec(t);
  if (weekday) {
    const ago = (new Date(`${today}T00:00:00Z`).getUTCDay() - WEEKDAYS.indexOf(weekday[1]) + 7) % 7 || 7;
    back(ago + 1, ago - 1);
  }
  if (!ranges.length) return NO_DATES;
  return (day: string) => ranges.some(([from, to]) => day >= from && day <= to);
}

/**
 * The days a query names or implies, as a test on a day: the explicit days and months query.ts
 * finds (`2023-05-08`, `May 2023`, `2023年5月`), days and months named without their year
 * ("November 26", "in early October"), and times told relative to today ("yesterday", "last
 * week", "3 days ago", "in the past 10 days", "last Friday", "Tuesday last week", 昨天, 上週二…),
 * resolved against today by the calendar: a week runs Monday to Sunday, "last week" is the one
 * before this one, "last month" the calendar month before this one. A time counted back from today
 * ("3 days ago", "two weeks ago") is widened by half its unit, since people are vague. Matching days
 * rank higher; they never filter, so a wrong guess costs order, never an answer.
 */
import { addDays, isDay, weekMonday } from '../shared/clock';
import type { Query, Time } from './query';

const UNIT_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;
const pad2 = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (month: string) => addDays(`${nextMonth(month)}-01`, -1);
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${pad2(m + 1)}`;
};
const monthsBack = (today: string, n: number) => {
  let [y, m] = today.slice(0, 7).split('-').map(Number);
  m -= n;
  while (m < 1) [y, m] = [y - 1, m + 12];
  return `${y}-${pad2(m)}`;
};

/** A month, a day or a week named by the calendar, perhaps without its year or month: a date once withYears has resolved it, not a time told relative to today. */
const namedWithout = (t: Time) => t.kind === 'month' || t.kind === 'monthDay' || t.kind === 'monthWeek' || t.kind === 'weekOf';

/** The day (`YYYY-MM-DD`) of a day named without its year (`MM-DD`): its latest time on or before today. */
function latestDay(md: string, today: string): string {
  const year = Number(today.slice(0, 4));
  return `${year}-${md}` <= today ? `${year}-${md}` : `${year - 1}-${md}`;
}

/** The month (`YYYY-MM`) of a month named without its year: its latest time on or before today (`last`: before this month). */
function latestMonth(m: number, today: string, last = false): string {
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${pad2(m)}`;
  return thisYear < today.slice(0, 7) || (thisYear === today.slice(0, 7) && !last) ? thisYear : `${year - 1}-${pad2(m)}`;
}

/**
 * The days of a month's `n`th Monday–Sunday week (−1: its last), as the calendar counts them (ISO
 * 8601): the first week is the one that holds the month's first Thursday, the last the one that
 * holds its last Thursday; only the month's own days. The first week of April 2025 (the 1st a
 * Tuesday) is April 1–6; of May 2025 (the 1st a Thursday) May 1–4; of March 2025 (the 1st a
 * Saturday) March 3–9.
 */
export function weekOfMonth(month: string, n: number): string[] {
  const thursdays: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) if (new Date(`${d}T00:00:00Z`).getUTCDay() === 4) thursdays.push(d);
  const thursday = n < 0 ? thursdays[thursdays.length + n] : thursdays[n - 1];
  if (!thursday) return [];
  return weekFrom(weekMonday(thursday)).filter((d) => d.startsWith(month));
}

/** The seven days of the week that starts on `monday`. */
const weekFrom = (monday: string) => Array.from({ length: 7 }, (_x, k) => addDays(monday, k));

/** The test of a query that names or implies no day. */
export const NO_DATES = (_day: string) => false;

/**
 * The query with each day it names without a year (`MM-DD`) as a day: its last time on or before
 * today ("November 26" asked in December is this year's, asked in March last year's); and each
 * month named without a year ("in October", "early October", "since September") as that month,
 * or the days of it that are meant.
 */
export function withYears(q: Query, today: string): Query {
  const months = q.times.filter((t): t is Extract<Time, { kind: 'month' }> => t.kind === 'month');
  const monthDays = q.times.filter((t): t is Extract<Time, { kind: 'monthDay' }> => t.kind === 'monthDay');
  if (!q.yearless.length && !q.times.some(namedWithout)) return q;
  const days = q.yearless.map((md) => latestDay(md, today)).filter((d) => isDay(d));
  // "on the 12th": this month's when it has come, else the latest month before that has one (the 31st skips short months).
  for (const { day } of monthDays) {
    let month = today.slice(0, 7);
    for (let k = 0; k < 12 && !(isDay(`${month}-${pad2(day)}`) && `${month}-${pad2(day)}` <= today); k++) month = monthsBack(`${month}-01`, 1);
    if (isDay(`${month}-${pad2(day)}`)) days.push(`${month}-${pad2(day)}`);
  }
  // "the first week of April", "the week of May 5": their days, by the calendar.
  for (const t of q.times) {
    if (t.kind === 'monthWeek') days.push(...weekOfMonth(t.year ? `${t.year}-${pad2(t.month)}` : latestMonth(t.month, today), t.n));
    if (t.kind !== 'weekOf') continue;
    const md = `${pad2(t.month)}-${pad2(t.day)}`;
    const day = t.year ? `${t.year}-${md}` : latestDay(md, today);
    if (isDay(day)) days.push(...weekFrom(weekMonday(day)));
  }
  const named: string[] = [];
  for (const t of months) {
    // Its latest time on or before today; "last October" is before this month.
    const month = latestMonth(t.month, today, t.last);
    if (t.since) for (let d = `${month}-01`; d <= today; d = addDays(d, 1)) days.push(d);
    else if (!t.part) named.push(month);
    else {
      const [from, to] = { early: [1, 10], mid: [11, 20], late: [21, 31] }[t.part];
      for (let d = from; d <= to; d++) if (isDay(`${month}-${pad2(d)}`)) days.push(`${month}-${pad2(d)}`);
    }
  }
  return { ...q, days: [...new Set([...q.days, ...days])], months: [...new Set([...q.months, ...named])], yearless: [], times: q.times.filter((t) => !namedWithout(t)) };
}

/** The first and last day a relative time points at, from today. */
function rangeOf(t: Time, today: string): [string, string] {
  switch (t.kind) {
    case 'period': {
      // A day named relative to today may be told a day late ("yesterday" on a Monday for Friday's work).
      if (t.unit === 'day') return [addDays(today, t.offset - 1), addDays(today, t.offset)];
      if (t.unit === 'week') {
        const monday = addDays(weekMonday(today), 7 * t.offset);
        return [monday, t.offset ? addDays(monday, 6) : today];
      }
      if (t.unit === 'month') {
        const month = monthsBack(today, -t.offset);
        return [`${month}-01`, t.offset ? lastDayOf(month) : today];
      }
      const y = Number(today.slice(0, 4)) + t.offset;
      return [`${y}-01-01`, t.offset ? `${y}-12-31` : today];
    }
    case 'ago': {
      const days = t.n * UNIT_DAYS[t.unit];
      const slack = Math.ceil(UNIT_DAYS[t.unit] / 2);
      return [addDays(today, -days - slack), addDays(today, Math.min(0, -days + slack))];
    }
    case 'past':
      return [addDays(today, -t.days), today];
    case 'weekday': {
      if (t.lastWeek) {
        const day = addDays(weekMonday(today), -7 + ((t.day + 6) % 7));
        return [day, day];
      }
      // The last such day before today, give or take a day.
      const ago = (new Date(`${today}T00:00:00Z`).getUTCDay() - t.day + 7) % 7 || 7;
      return [addDays(today, -ago - 1), addDays(today, Math.min(-1, -ago + 1))];
    }
    case 'month':
    case 'monthDay':
    case 'monthWeek':
    case 'weekOf':
      return [today, today]; // resolved by withYears; never left here
  }
}

export function queryDates(q: Query, today: string): (day: string) => boolean {
  const ranges: [string, string][] = [];
  for (const d of q.days) ranges.push([d, d]);
  for (const m of q.months) ranges.push([`${m}-01`, `${m}-31`]);
  for (const t of q.times) if (!namedWithout(t)) ranges.push(rangeOf(t, today));
  if (!ranges.length) return NO_DATES;
  return (day: string) => ranges.some(([from, to]) => day >= from && day <= to);
}

/**
 * The first day of the times a query tells relative to today ("last week", "4 years ago"), or
 * undefined when it tells none: a line written before it cannot retell that time (its "last week"
 * is another week).
 */
export function relativeFrom(q: Query, today: string): string | undefined {
  const starts = q.times.filter((t) => !namedWithout(t)).map((t) => rangeOf(t, today)[0]);
  return starts.length ? starts.reduce((a, b) => (b < a ? b : a)) : undefined;
}

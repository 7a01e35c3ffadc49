/**
 * Time, injected. Days are calendar strings `YYYY-MM-DD` in the clock's local time zone;
 * arithmetic on them is done in UTC so that DST days are ordinary days.
 */
import { inputError } from './errors';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const NOW_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Parses an ISO-8601 clock override. Without a UTC offset the time is local (TZ), including a
 * bare date, which means local midnight.
 */
export function parseNow(text: string): Date {
  const m = NOW_RE.exec(text.trim());
  if (!m) throw inputError(`expected an ISO-8601 date or date-time, got "${text}"`, 'now');
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const parts = [+y, +mo - 1, +d, +h, +mi, +s, Math.round(+(frac || '0') * 1000)] as const;
  let date: Date;
  if (zone) {
    const sign = zone === 'Z' ? 0 : zone[0] === '-' ? -1 : 1;
    const digits = zone.replace(/[^0-9]/g, '');
    const offsetMin = sign * (+digits.slice(0, 2) * 60 + +digits.slice(2, 4));
    date = new Date(Date.UTC(...parts) - offsetMin * 60_000);
  } else {
    date = new Date(...parts);
  }
  const check = new Date(Date.UTC(+y, +mo - 1, +d));
  if (Number.isNaN(date.getTime()) || check.getUTCMonth() !== +mo - 1 || +h > 23 || +mi > 59 || +s > 59) {
    throw inputError(`not a valid date or time: "${text}"`, 'now');
  }
  return date;
}

export function fixedClock(at: Date | string): Clock {
  const ms = (typeof at === 'string' ? parseNow(at) : at).getTime();
  return { now: () => new Date(ms) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar day of a moment, `YYYY-MM-DD`. */
export function localDay(d: Date): string {
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local wall-clock time of a moment, `HH:MM:SS`. */
export function localTime(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * `localDay` and `localTime` together. Memory writes come in bursts within one second (a chat
 * turn's entries, a script's loop), so the last second's strings are kept and handed out again.
 */
export function localStamp(d: Date): Readonly<{ day: string; time: string }> {
  const second = Math.floor(d.getTime() / 1000);
  const offset = d.getTimezoneOffset(); // TZ can change while a process runs
  if (second !== last.second || offset !== last.offset) last = { second, offset, stamp: { day: localDay(d), time: localTime(d) } };
  return last.stamp;
}
let last = { second: Number.NaN, offset: Number.NaN, stamp: { day: '', time: '' } };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(text: string): boolean {
  if (!DAY_RE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function dayToUtc(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function utcToDay(t: Date): string {
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

export function addDays(day: string, n: number): string {
  const t = dayToUtc(day);
  t.setUTCDate(t.getUTCDate() + n);
  return utcToDay(t);
}

/** The Monday that starts the Monday–Sunday week holding `day`. */
export function weekMonday(day: string): string {
  let monday = mondays.get(day);
  if (monday === undefined) {
    const weekday = (dayToUtc(day).getUTCDay() + 6) % 7; // Monday = 0
    monday = addDays(day, -weekday);
    if (mondays.size > 10_000) mondays.clear();
    mondays.set(day, monday);
  }
  return monday;
}
const mondays = new Map<string, string>(); // a writer asks about the same few days all day long

/** The same calendar day one month earlier, clamped to the month's end (03-31 → 02-28). */
export function oneMonthBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const lastOfPrev = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return utcToDay(new Date(Date.UTC(y, m - 2, Math.min(d, lastOfPrev))));
}

/** True when `later` lies in a later Monday–Sunday week than `earlier`. */
export function isLaterWeek(earlier: string, later: string): boolean {
  return weekMonday(later) > weekMonday(earlier);
}

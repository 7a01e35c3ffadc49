/**
 * Which memories were served, and when (docs/truth.md#usage-aware-decay): every search answer,
 * context hook and MCP read appends the lines it served to `cache/usage/<day>.log`, one short
 * key a line. Usage is one person's, one machine's state: what this person's agents looked up
 * says nothing of what a teammate's do, a shared file would turn every search into a commit and
 * a merge, and it would tell the team what each member asked about. So it lives in the
 * machine-local cache, never committed or synced; without it (a fresh clone, CI, a deleted
 * cache) nothing decays.
 *
 * Usage is folded in at the day's boundary: `servedBefore(v, today)` reads the logs of the days
 * before `today` only, so a search never changes its own next answer — the same vault, the same
 * day and the same folded usage give the same ranking, and what today served counts tomorrow.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDay } from '../shared/clock';
import { appendLines, atomicWrite, makeDir, readTextIfExists } from '../shared/fs';
import type { Vault } from './layout';
import { withoutAuthorMarkers } from './dayEntries';
import { nodeCrypto } from '../shared/nodeLazy';

export const usageDir = (v: Vault) => path.join(v.soulDir, 'cache', 'usage');
const SUMMARY = 'served.json';
const LOG_RE = /^(\d{4}-\d{2}-\d{2})\.log$/;

/**
 * What identifies a memory line wherever it is shown: its text without the list mark, the time,
 * the kind tag and its author marker (a search hit leaves it out of lines by the hit's author),
 * spaces collapsed — so a line served from a snippet, from a search hit and read by lint has one
 * key, and moving it (a line inserted above) keeps it.
 */
export function memoryKey(line: string): string | undefined {
  const text = withoutAuthorMarkers(line)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[-*](?: |$)/, '')
    .replace(/^\d{2}:\d{2}(?::\d{2})?(?: |$)/, '')
    .replace(/^(?:#\w+(?: |$))+/, '');
  return text.length < 3 ? undefined : nodeCrypto().createHash('sha1').update(text).digest('hex').slice(0, 12);
}

/** The keys of served lines (memoryKey), each once: what `recordServed` appends. */
export function servedKeys(lines: Iterable<string>): string[] {
  const keys = new Set<string>();
  for (const l of lines) {
    const k = memoryKey(l);
    if (k) keys.add(k);
  }
  return [...keys];
}

/**
 * Records that these lines (a snippet's text, one line or many) were served on `day`: one append
 * (of `keys`, when the caller has them already: the search server works them out for its answers).
 * A cache that cannot be written (read-only, full) records nothing and fails nothing: the answer
 * was served either way, and decay only ever knows less.
 */
export function recordServed(v: Vault, lines: Iterable<string>, day: string, keys = servedKeys(lines)): void {
  if (!keys.length || !isDay(day) || !fs.existsSync(v.soulDir)) return;
  try {
    makeDir(usageDir(v));
    appendLines(path.join(usageDir(v), `${day}.log`), `${keys.join('\n')}\n`);
  } catch {
    // see above
  }
}

/**
 * The line a search hit was found for (its `line`), not the context around it: what retrieval
 * chose is what counts as used, or a day's every entry would be "used" by its neighbours.
 */
export function bestLine(hit: { text: string; line: number; start: number }): string {
  const lines = hit.text.split('\n');
  return lines[hit.line - hit.start] ?? lines[0];
}

/** The usage folded in: since when it is recorded, and the last day each memory key was served. */
export interface Served {
  /** The first day any use was recorded: before it, nothing is known. */
  since: string;
  /** The last day folded in (the day before the one asked about). */
  through: string;
  last: ReadonlyMap<string, string>;
}

interface SummaryFile {
  since: string;
  through: string;
  last: Record<string, string>;
}

const folded = new Map<string, Served | undefined>();

/**
 * The usage recorded on the days before `today`, or undefined when none is recorded. The days not
 * folded yet are folded into `served.json` (an atomic rewrite; the day logs stay as written), so a
 * day's log is read once; the answer is kept per vault and day in this process.
 */
export function servedBefore(v: Vault, today: string): Served | undefined {
  const memo = `${v.soulDir}\n${today}`;
  if (folded.has(memo)) return folded.get(memo);
  const dir = usageDir(v);
  const summaryFile = path.join(dir, SUMMARY);
  let summary: SummaryFile | undefined;
  try {
    const parsed = JSON.parse(readTextIfExists(summaryFile) ?? 'null') as SummaryFile | null;
    if (parsed && isDay(parsed.since) && isDay(parsed.through) && typeof parsed.last === 'object') summary = parsed;
  } catch {
    summary = undefined; // unreadable: folded again from the logs
  }
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    names = [];
  }
  const days = names
    .map((n) => LOG_RE.exec(n)?.[1])
    .filter((d): d is string => !!d && isDay(d) && d < today)
    .sort();
  // A summary folded through a day after the one asked about (a test's clock, a clock set back) is not used.
  if (summary && summary.through >= today) summary = undefined;
  const fresh = days.filter((d) => !summary || d > summary.through);
  const last = new Map(Object.entries(summary?.last ?? {}));
  for (const day of fresh) {
    for (const key of (readTextIfExists(path.join(dir, `${day}.log`)) ?? '').split('\n')) if (/^[0-9a-f]{12}$/.test(key)) last.set(key, day);
  }
  let out: Served | undefined;
  const since = summary?.since ?? days[0];
  if (since) {
    out = { since, through: fresh.length ? fresh[fresh.length - 1] : summary!.through, last };
    if (fresh.length) {
      try {
        atomicWrite(summaryFile, JSON.stringify({ since: out.since, through: out.through, last: Object.fromEntries(last) }), { durable: false });
      } catch {
        // a read-only cache: folded again next time
      }
    }
  }
  folded.set(memo, out);
  return out;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/**
 * Days a memory has gone unserved on `today`: since it was last served, written, or usage began
 * recording, whichever is latest; undefined when no usage is recorded.
 */
export function idleDays(served: Served | undefined, line: string, written: string | undefined, today: string): number | undefined {
  if (!served) return undefined;
  const key = memoryKey(line);
  let from = served.since;
  const last = key && served.last.get(key);
  if (last && last > from) from = last;
  if (written && isDay(written) && written > from) from = written;
  return Math.max(0, daysBetween(from, today));
}

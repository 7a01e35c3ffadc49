/**
 * Weekly compression (docs/memory.md#weekly-compression): every day file before this week's Monday becomes an hourly
 * summary (L1 → L2); every day more than a calendar month before that Monday folds into its
 * monthly file (L2 → L3); then `last_compression_date` := today.
 *
 * The whole change is worked out first without writing anything (so `--dry-run` shows the real
 * plan and a link that would be lost stops everything before the first write); then it is applied
 * in ordered steps, each a single atomic file operation:
 *   1. each L1 day file is rewritten as its hourly summary (marked, so a re-run sees it is done);
 *   2. each monthly file is written with its new sections, and only then its day files removed;
 *   3. memory_map.md is written last.
 * Every state between two steps is one the planner reads correctly (a marked day is L2, a day
 * whose section is already in the monthly file only needs its file removed), so a crash at any
 * step is completed by the next run, and a second run has nothing left to do.
 */
import * as fs from 'node:fs';
import { isDay, isLaterWeek, localDay, oneMonthBefore, weekMonday } from '../shared/clock';
import { readDayEntries, readUtf8Strict } from '../vault/dayEntries';
import { findDaySection } from '../vault/days';
import { fsError } from '../shared/errors';
import { atomicWrite, syncDirectory, withLock } from '../shared/fs';
import { commitVault, notCommitted } from '../vault/history';
import { hourlyDay, isHourlySummary, verifiedLinks } from './hourlySummary';
import { type DayEntry, type MemoryMap, readMemoryMap, writeMemoryMap } from '../vault/memoryMap';
import { daySection, newMonthText, withDaySection } from './monthlyFile';
import { type HourSummariser, extractiveSummary } from './summarise';
import { type Vault, dayFile, dayRel, monthFile, monthRel, rel } from '../vault/layout';
import { keepRawDays } from './rawDays';

export interface CompressOptions {
  now: Date;
  /** Compress even when the last compression was this week. */
  force?: boolean;
  /** Work out and report the plan; write nothing. */
  dryRun?: boolean;
  /** Default: the deterministic extractive summariser. */
  summariser?: HourSummariser;
  /** Called with each step's name just before the step runs (progress; crash tests throw here). */
  onStep?: (step: string) => void;
}

export interface OddThing {
  /** Relative to the workspace root. */
  file: string;
  problem: string;
}

export interface CompressReport {
  ran: boolean;
  /** Monday of the week the compression belongs to. */
  weekOf: string;
  l1ToL2: string[];
  l2ToL3: string[];
  /** Links verified present after compression, summed over both steps. */
  linksChecked: number;
  /** Always 0: a summary that would lose a link is repaired or rejected. */
  linksLost: number;
  /** Hand edits and leftovers that were kept as they were, or worked around. */
  odd: OddThing[];
}

export function compressionDue(v: Vault, now: Date): boolean {
  return isLaterWeek(readMemoryMap(v).lastCompressionDate, localDay(now));
}

/** The weekly compression as `writeMemory` runs it when a week has passed: the built-in summariser. */
export const compressBeforeWrite = (v: Vault, now: Date): void => void compress(v, { now });

export function compress(v: Vault, opts: CompressOptions): CompressReport {
  const today = localDay(opts.now);
  return withLock(v.lockFile, () => {
    const map = readMemoryMap(v);
    if (!opts.force && !isLaterWeek(map.lastCompressionDate, today)) return emptyReport(today);
    const { report, steps } = plan(v, map, today, opts.summariser ?? extractiveSummary);
    if (opts.dryRun) return report;
    for (const step of steps) {
      opts.onStep?.(step.name);
      step.run();
    }
    return { ...report, ran: true };
  });
}

/**
 * Compression between two vault commits, so the raw L1 text stays in history: one commit of
 * whatever is there before, one of the result. `run` may call the model-backed `compressWith`.
 */
export async function compressWithHistory(
  v: Vault,
  opts: CompressOptions & { warn: (message: string) => void },
  run: () => CompressReport | Promise<CompressReport> = () => compress(v, opts),
): Promise<CompressReport> {
  // Without this commit the raw text would be gone: a failure here stops the compression.
  if (!opts.dryRun && (opts.force || compressionDue(v, opts.now))) await commitVault(v, 'memory: before weekly compression');
  const report = await run();
  if (report.ran) {
    await commitVault(v, compressionCommitMessage(report), { tidy: true }).catch((err: Error) =>
      opts.warn(`warning: ${notCommitted('compressed', err.message)}`),
    );
  }
  return report;
}

export const compressionCommitMessage = (r: CompressReport) =>
  `compress: week of ${r.weekOf}: ${r.l1ToL2.length} day(s) to hourly summaries, ${r.l2ToL3.length} to monthly files`;

const emptyReport = (today: string): CompressReport => ({
  ran: false,
  weekOf: weekMonday(today),
  l1ToL2: [],
  l2ToL3: [],
  linksChecked: 0,
  linksLost: 0,
  odd: [],
});

interface Step {
  name: string;
  run(): void;
}

const DAY_NAME_RE = /^(\d{4}-\d{2}-\d{2})\.md$/;
const dailyRow = (day: string): DayEntry => ({ level: 'L2', file: dayRel(day) });
const monthlyRow = (day: string): DayEntry => ({ level: 'L3', file: monthRel(day) });

function plan(v: Vault, map: MemoryMap, today: string, summarise: HourSummariser): { report: CompressReport; steps: Step[] } {
  const report = emptyReport(today);
  const monday = report.weekOf;
  const cutoff = oneMonthBefore(monday); // folded: days more than one calendar month before Monday
  const odd = (file: string, problem: string) => report.odd.push({ file: rel(v, file), problem });
  const daily = dailyFilesBefore(v, monday, odd);
  const months = new MonthDrafts(v, odd);
  const days = { ...map.days };
  const summaries: Step[] = [];
  const kept: { day: string; raw: string }[] = []; // raw days stay searchable (rawDays.ts)

  const candidates = new Set([...Object.keys(map.days).filter((d) => d < monday), ...daily]);
  for (const day of [...candidates].sort()) {
    const row = map.days[day];
    const file = dayFile(v, day);
    if (!daily.has(day)) {
      if (row?.level === 'L3') continue;
      if (months.hasSection(day)) {
        // folded by an interrupted run, which did not get as far as the map
        days[day] = monthlyRow(day);
        if (row?.level !== 'L2') report.l1ToL2.push(day);
        report.l2ToL3.push(day);
      } else if (row) odd(file, `listed in memory_map as ${row.level}, but no file holds this day`);
      continue;
    }
    if (row?.level === 'L2' && day >= cutoff) continue; // summarised already, not old enough to fold
    const raw = readUtf8Strict(file);
    if (raw === undefined) {
      odd(file, 'not valid UTF-8: left as it is');
      continue;
    }
    let hourly = raw;
    if (isHourlySummary(raw)) {
      if (!row || row.level === 'L1') report.l1ToL2.push(day); // summarised by an interrupted run
    } else if (row?.level !== 'L2') {
      const parsed = readDayEntries(day, raw);
      const result = hourlyDay(parsed, summarise, raw);
      hourly = result.text;
      report.linksChecked += result.linksChecked;
      for (const o of parsed.odd) odd(file, o);
      for (const r of result.rejected) odd(file, `summary of ${r} rejected: extractive summary used`);
      summaries.push({ name: `summarise ${day}`, run: () => atomicWrite(file, hourly) });
      kept.push({ day, raw });
      report.l1ToL2.push(day);
    }
    days[day] = dailyRow(day);
    if (day >= cutoff) continue;

    const section = daySection(day, hourly);
    report.linksChecked += verifiedLinks(hourly, section.lines.join('\n'), day);
    if (section.demoted) odd(file, `${section.demoted} heading(s) moved one level down to fit in the monthly section`);
    if (months.add(day, section.lines)) {
      days[day] = monthlyRow(day);
      report.l2ToL3.push(day);
    }
  }

  const next: MemoryMap = { ...map, days, lastCompressionDate: today };
  const mapChanged = today !== map.lastCompressionDate || JSON.stringify(sortedDays(days)) !== JSON.stringify(sortedDays(map.days));
  const mapStep: Step[] = mapChanged ? [{ name: 'update memory_map', run: () => writeMemoryMap(v, next) }] : [];
  const keep: Step[] = kept.length ? [{ name: 'keep raw days', run: () => keepRawDays(v, kept) }] : [];
  return { report, steps: [...keep, ...summaries, ...months.steps(), ...mapStep] };
}

const sortedDays = (days: MemoryMap['days']) => Object.entries(days).sort(([a], [b]) => (a < b ? -1 : 1));

/** Day files (`YYYY-MM-DD.md`) dated before `monday`. */
function dailyFilesBefore(v: Vault, monday: string, odd: (file: string, problem: string) => void): Set<string> {
  let names: fs.Dirent[];
  try {
    names = fs.readdirSync(v.chronoDir, { withFileTypes: true });
  } catch (err) {
    throw fsError(err, 'read', rel(v, v.chronoDir));
  }
  const days = new Set<string>();
  for (const entry of names) {
    const day = DAY_NAME_RE.exec(entry.name)?.[1];
    if (!day || day >= monday) continue;
    const file = `${v.chronoDir}/${entry.name}`;
    if (!isDay(day)) odd(file, 'named like a day file, but not a real date: left alone');
    else if (!entry.isFile()) odd(file, 'named like a day file, but not a file: left alone');
    else days.add(day);
  }
  return days;
}

/** Monthly files as they will be after this run, built up in memory before anything is written. */
class MonthDrafts {
  private readonly drafts = new Map<string, { text: string | undefined; changed: boolean; folded: string[] }>();

  constructor(
    private readonly v: Vault,
    private readonly odd: (file: string, problem: string) => void,
  ) {}

  private draft(month: string) {
    let d = this.drafts.get(month);
    if (!d) {
      const file = monthFile(this.v, month);
      const text = fs.existsSync(file) ? readUtf8Strict(file) : newMonthText(month);
      if (text === undefined) this.odd(file, 'not valid UTF-8: no day folded into it');
      this.drafts.set(month, (d = { text, changed: false, folded: [] }));
    }
    return d;
  }

  hasSection(day: string): boolean {
    const { text } = this.draft(day.slice(0, 7));
    return text !== undefined && findDaySection(text, day) !== undefined;
  }

  /** Plans folding `day` into its month; false when it must stay a day file. */
  add(day: string, section: string[]): boolean {
    const d = this.draft(day.slice(0, 7));
    if (d.text === undefined) return false;
    const existing = findDaySection(d.text, day);
    if (existing && existing.lines.join('\n') !== section.join('\n')) {
      this.odd(dayFile(this.v, day), `${day.slice(0, 7)}.md already has a different "## ${day}" section: day file kept`);
      return false;
    }
    if (!existing) {
      d.text = withDaySection(d.text, day, section);
      d.changed = true;
    } // else: written by an interrupted run; only the day file is left to remove
    d.folded.push(day);
    return true;
  }

  /** Each monthly file is written before the day files it now holds are removed. */
  steps(): Step[] {
    const steps: Step[] = [];
    for (const month of [...this.drafts.keys()].sort()) {
      const d = this.drafts.get(month)!;
      const file = monthFile(this.v, month);
      if (d.changed) {
        steps.push({
          name: `write ${month}.md`,
          run: () => {
            atomicWrite(file, d.text!);
            syncDirectory(this.v.chronoDir); // the rename is on disk before any day file goes
          },
        });
      }
      for (const day of d.folded) steps.push({ name: `remove ${day}.md`, run: () => removeFile(dayFile(this.v, day)) });
    }
    return steps;
  }
}

function removeFile(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch (err) {
    throw fsError(err, 'remove', file);
  }
}

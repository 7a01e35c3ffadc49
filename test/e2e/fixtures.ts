/**
 * Fixture workspaces, generated for every run with the built CLI (never committed blobs).
 * Dates are relative to the real clock, because the extension under test uses it.
 *
 * - `empty`: a folder with no .CoreSoul.
 * - `vault`: L1 days spread over this week and the two before (weekdays, and today), linking
 *   entities of every kind; its last compression is this week, so opening it compresses nothing.
 * - `pastWeek`: two weeks of days that end two weeks ago; its last compression is in a past
 *   week, so compression is due when it is opened.
 * - `archive`: a week of days nine weeks ago, compressed into their monthly file (L3), and a day
 *   today that links one of them (`[[YYYY-MM-DD]]`) beside entities; nothing is due.
 * - `pastWeekModelAllowed`, `pastWeekMemoryOff`: `pastWeek` with workspace settings that allow a
 *   language model for summaries (the fake model, holding its answers until released), or turn
 *   the memory switch off.
 * - `vaultMcpOff`: `vault` in a VS Code whose settings forbid MCP servers (`chat.mcp.access`),
 *   where the extension's own LM tools serve the memory.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

export const FIXTURES = ['empty', 'vault', 'pastWeek', 'archive', 'pastWeekModelAllowed', 'pastWeekMemoryOff', 'vaultMcpOff'] as const;
export type Fixture = (typeof FIXTURES)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const at = (d: Date, time: string) => `${day(d)}T${time}`;
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, 12);
const monday = (d: Date) => addDays(d, -((d.getDay() + 6) % 7));

/** Weekdays (Monday to Friday) from `from` to `to`, both included, never after `to`. */
function weekdays(from: Date, to: Date): Date[] {
  const out: Date[] = [];
  for (let d = from; day(d) <= day(to); d = addDays(d, 1)) if (d.getDay() % 6 !== 0) out.push(d);
  return out;
}

/** Workspace settings (.vscode/settings.json) of the fixtures that have some. */
const SETTINGS: Partial<Record<Fixture, Record<string, unknown>>> = {
  // The fake model holds its requests until the suite releases it (test/e2e/fakeModel).
  pastWeekModelAllowed: { 'coresoul.compression.useLanguageModel': true, 'coresoulE2e.fakeModel.hold': true },
  pastWeekMemoryOff: { 'coresoul.memory.enabled': false },
  vaultMcpOff: { 'chat.mcp.access': 'none' },
};

const ENTRIES = [
  ['09:12:05', 'Planned the sprint with [[Alice]] and [[Bob]]', ['people/Alice', 'people/Bob']],
  ['10:40:30', 'Chose [[PostgreSQL]] over MySQL for JSONB support', ['objects/PostgreSQL']],
  ['14:03:11', 'Prepared the [[Launch Review]] notes in [[Berlin]]', ['events/Launch Review', 'places/Berlin']],
] as const;

export function makeFixture(kind: Fixture, dir: string, cli: string, now = new Date()): void {
  fs.mkdirSync(dir, { recursive: true });
  if (kind === 'empty') return;
  const run = (...args: string[]) => execFileSync(process.execPath, [cli, ...args, '--root', dir], { encoding: 'utf8', timeout: 60_000 });
  const write = (d: Date, i: number) => {
    const [time, text, entities] = ENTRIES[i % ENTRIES.length]!;
    run('write', `${text} (day ${day(d)})`, ...entities.flatMap((e) => ['--entity', e]), '--now', at(d, time));
  };
  const thisMonday = monday(now);
  if (kind === 'vault' || kind === 'vaultMcpOff') {
    const days = weekdays(addDays(thisMonday, -14), addDays(now, -1));
    run('init', '--now', at(addDays(thisMonday, -14), '08:00:00'));
    // Today first: that write runs this week's compression (of nothing yet). Older days written
    // after it are in earlier weeks than the last compression, so they stay L1.
    write(now, 0);
    days.forEach((d, i) => write(d, i + 1));
  } else if (kind === 'archive') {
    const start = addDays(thisMonday, -63);
    run('init', '--now', at(start, '08:00:00'));
    const old = weekdays(start, addDays(start, 4));
    old.forEach((d, i) => write(d, i));
    // More than a month before this week's Monday: the days fold into their monthly file.
    run('compress', '--now', at(now, '07:00:00'));
    run('write', `Followed up on [[${archivedDay(now)}]] with [[Alice]] about [[PostgreSQL]]`, '--now', at(now, '09:30:00'));
  } else {
    const start = addDays(thisMonday, -21);
    run('init', '--now', at(start, '08:00:00'));
    weekdays(start, addDays(start, 11)).forEach((d, i) => write(d, i));
  }
  const settings = SETTINGS[kind];
  if (settings) {
    fs.mkdirSync(`${dir}/.vscode`);
    fs.writeFileSync(`${dir}/.vscode/settings.json`, `${JSON.stringify(settings, null, 2)}\n`);
  }
}

/** The archived day that the `archive` fixture's today links to (the Wednesday nine weeks ago). */
export const archivedDay = (now = new Date()) => day(addDays(monday(now), -61));

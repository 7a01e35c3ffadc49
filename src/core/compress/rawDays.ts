/**
 * Lossless decay (docs/search.md#compressed-days): the raw L1 lines of a day that compression
 * summarised stay searchable. The vault's git history is the source of truth (compression
 * commits the raw day first, "memory: before weekly compression"); `.CoreSoul/cache/raw/<day>.md`
 * is a copy of that raw day, written by compression just before it replaces the day, so search
 * reads (and indexes) a small file instead of asking git. `cache/raw/commits.tsv` records the
 * commit that holds each day. The cache is local state (git-ignored, never packed): a vault that
 * arrives without it (restored, cloned) rebuilds it from history on its first search.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { atomicWrite, makeDir } from '../shared/fs';
import { hasHistory, vaultGitEnv } from '../vault/history';
import type { Vault } from '../vault/layout';
import { readMemoryMap } from '../vault/memoryMap';
import { isHourlySummary } from './hourlySummary';
import { childProcess } from '../shared/nodeLazy';

const COMMITS = 'commits.tsv';
export const rawDir = (v: Vault) => path.join(v.soulDir, 'cache', 'raw');
/** The kept raw text of a compressed day: its lines are numbered as in the commit that holds it. */
export const rawDayFile = (v: Vault, day: string) => path.join(rawDir(v), `${day}.md`);

const gitIn = (v: Vault, args: string[]) =>
  childProcess().execFileSync('git', args, { cwd: v.soulDir, env: vaultGitEnv(), encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'ignore'] });

function readCommits(v: Vault): Map<string, string> {
  const rows = new Map<string, string>();
  let text: string;
  try {
    text = fs.readFileSync(path.join(rawDir(v), COMMITS), 'utf8');
  } catch {
    return rows; // none kept yet, or no history: cited as the cache
  }
  for (const row of text.split('\n')) {
    const [day, commit] = row.split('\t');
    if (day && commit) rows.set(day, commit);
  }
  return rows;
}

function writeDays(v: Vault, days: { day: string; raw: string; commit: string }[]): void {
  const rows = readCommits(v);
  for (const d of days) {
    atomicWrite(rawDayFile(v, d.day), d.raw);
    rows.set(d.day, d.commit);
  }
  // Rewritten whole, never appended: a compression run again after a crash writes the same file.
  atomicWrite(path.join(rawDir(v), COMMITS), [...rows].sort(([a], [b]) => (a < b ? -1 : 1)).map(([d, c]) => `${d}\t${c}\n`).join(''));
}

/** The commit (short hash) that holds each kept raw day; "cache" when none is known. */
export const rawDayCommits = (v: Vault): Map<string, string> => readCommits(v);

/**
 * Keeps the raw text of days about to be summarised (a step of compression, before any day file
 * is replaced). Their commit is the vault's HEAD: compressWithHistory has just committed them.
 */
export function keepRawDays(v: Vault, days: { day: string; raw: string }[]): void {
  let commit = 'cache';
  if (hasHistory(v)) {
    try {
      commit = gitIn(v, ['rev-parse', '--short', 'HEAD']).trim() || commit;
    } catch {
      // no commit yet: the copy is all there is
    }
  }
  writeDays(v, days.map((d) => ({ ...d, commit })));
}

/**
 * Keeps the raw text of a day that a sync merge compressed again: the union of both machines'
 * raw versions (sync/merge.ts). No single commit holds that union, so it is cited as the cache.
 */
export function keepMergedRawDay(v: Vault, day: string, raw: string): void {
  writeDays(v, [{ day, raw, commit: 'cache' }]);
}

/**
 * Makes sure the raw days of compressed days are in the cache: when the cache folder is missing
 * and the memory map has compressed days, it is rebuilt from the history in one pass over the
 * compression commits (the raw day files their parents hold). In a vault with a history the
 * folder is created either way, so the history is read at most once; without one there is
 * nothing to read.
 */
export function ensureRawDays(v: Vault): void {
  if (fs.existsSync(rawDir(v)) || !hasHistory(v)) return;
  let compressed: boolean;
  try {
    compressed = Object.values(readMemoryMap(v).days).some((d) => d.level !== 'L1');
  } catch {
    return; // a damaged map is reported by the commands that need it
  }
  makeDir(rawDir(v));
  if (!compressed) return;
  const found: { day: string; raw: string; commit: string }[] = [];
  try {
    const seen = new Set<string>();
    for (const row of gitIn(v, ['log', '--format=%P', '--grep=^compress:']).split('\n')) {
      const parent = row.split(' ')[0];
      if (!parent) continue;
      for (const file of gitIn(v, ['ls-tree', '--name-only', parent, 'memory/chronological/']).split('\n')) {
        const day = /(\d{4}-\d{2}-\d{2})\.md$/.exec(file)?.[1];
        if (!day || seen.has(day)) continue;
        const raw = gitIn(v, ['show', `${parent}:${file}`]);
        if (isHourlySummary(raw)) continue; // summarised before: an older compression holds its raw text
        seen.add(day);
        found.push({ day, raw, commit: parent.slice(0, 7) });
      }
    }
  } catch {
    // history unreadable: the summaries alone are searched
  }
  if (found.length) writeDays(v, found);
}

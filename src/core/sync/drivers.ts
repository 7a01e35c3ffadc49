/**
 * The merge drivers git runs on the vault (docs/sync.md#how-memory-merges; wired by
 * vault/mergeDrivers.ts): `runMergeDriver` does the merge git asks for — the result goes into %A
 * and git is told it merged; what cannot be merged without losing something is left with
 * conflict markers and both sides, for the person.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { atomicWrite } from '../shared/fs';
import { decodeUtf8Strict } from '../shared/text';
import { isHourlySummary } from '../compress/hourlySummary';
import { keepMergedRawDay } from '../compress/rawDays';
import { catFile, git, vaultGitEnv } from '../vault/history';
import { type Vault, vaultAt } from '../vault/layout';
import { countEntities } from '../vault/memoryMap';
import { type MergeKind, THEIRS_ENV } from '../vault/mergeDrivers';
import { type Merged, mergeDayFile, mergeEntityNote, mergeMemoryMaps, mergeMonthFile } from './merge';

export interface DriverFiles {
  /** %O, %A (where the result goes), %B. */
  base: string;
  ours: string;
  theirs: string;
  /** %P: the file's path in the vault. */
  pathname: string;
}

export interface DriverResult {
  merged: boolean;
  /** Why the file was left to the person. */
  why?: string;
}

const DAY_RE = /^(\d{4}-\d{2}-\d{2})\.md$/;
const MONTH_RE = /^\d{4}-\d{2}\.md$/;

/** Runs one merge as git asks a driver to, in the vault's work tree `cwd`. */
export async function runMergeDriver(kind: MergeKind, files: DriverFiles, cwd: string): Promise<DriverResult> {
  const read = (f: string) => decodeUtf8Strict(fs.readFileSync(f));
  const [base, ours, theirs] = [read(files.base), read(files.ours), read(files.theirs)];
  // git runs a driver in the work tree: the vault's folder.
  const v = vaultAt(path.dirname(cwd));
  let merged: Merged;
  if (base === undefined || ours === undefined || theirs === undefined) merged = { ok: false, why: 'not valid UTF-8' };
  else merged = await mergeText(v, kind, base || undefined, ours, theirs, files.pathname);
  if (merged.ok) {
    atomicWrite(files.ours, merged.text);
    if (merged.raw !== undefined) keepRaw(v, files.pathname, merged.raw);
    return { merged: true };
  }
  // Conflict markers with both sides, as git's own merge writes them.
  try {
    execFileSync('git', ['merge-file', '-L', 'this machine', '-L', 'base', '-L', 'the remote', files.ours, files.base, files.theirs], { cwd, env: vaultGitEnv(), stdio: 'ignore' });
  } catch {
    // exits with the number of conflicts
  }
  return { merged: false, why: merged.why };
}

/** Search's copy of a day's raw lines (compress/rawDays.ts) follows the day compressed again; it is a cache, so a failure only costs recall. */
function keepRaw(v: Vault, pathname: string, raw: string): void {
  const day = DAY_RE.exec(path.basename(pathname))?.[1];
  try {
    if (day) keepMergedRawDay(v, day, raw);
  } catch {
    // the history still holds every raw version
  }
}

async function mergeText(v: Vault, kind: MergeKind, base: string | undefined, ours: string, theirs: string, pathname: string): Promise<Merged> {
  const name = path.basename(pathname);
  switch (kind) {
    case 'published':
      // Persona and soul: the change already published wins; sync turns a local one back into a proposal.
      return { ok: true, text: theirs };
    case 'entity':
      return mergeEntityNote(base, ours, theirs);
    case 'map':
      return mergeMemoryMaps(base, ours, theirs, countEntities(v));
    case 'day': {
      const day = DAY_RE.exec(name)?.[1];
      if (!day) return MONTH_RE.test(name) ? mergeMonthFile(base, ours, theirs) : { ok: false, why: 'not a day or month file' };
      // The history is read only for a day compressed on a side: the one case that needs its raw versions.
      const history = [ours, theirs].some(isHourlySummary) ? await rawVersions(v, pathname) : [];
      return mergeDayFile(day, base, ours, theirs, history);
    }
  }
}

/** The commit being merged in: as sync names it, else as git's merge does (GITHEAD_<sha>, MERGE_HEAD). */
function theirsCommit(cwd: string): string | undefined {
  if (process.env[THEIRS_ENV]) return process.env[THEIRS_ENV];
  const named = Object.keys(process.env).find((k) => /^GITHEAD_[0-9a-f]{40,64}$/.test(k));
  if (named) return named.slice('GITHEAD_'.length);
  try {
    return fs.readFileSync(path.join(cwd, '.git', 'MERGE_HEAD'), 'utf8').split('\n')[0].trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every raw (L1) version of a day file in the history of both sides: compression commits the raw
 * day before it summarises it, so the raw entries of a compressed day are there.
 */
async function rawVersions(v: Vault, pathname: string): Promise<string[]> {
  const revs = ['HEAD', theirsCommit(v.soulDir)].filter((r): r is string => !!r);
  const blobs = new Set<string>();
  for (const line of (await git(v, ['log', '--format=', '--raw', '--no-abbrev', ...revs, '--', pathname])).stdout.split('\n')) {
    const blob = /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]+) /.exec(line)?.[1];
    if (blob && !/^0+$/.test(blob)) blobs.add(blob);
  }
  const texts: string[] = [];
  for (const { body } of (await catFile(v, [...blobs], '--batch')).values()) {
    const text = body && decodeUtf8Strict(body);
    if (text !== undefined && !isHourlySummary(text)) texts.push(text);
  }
  return texts;
}

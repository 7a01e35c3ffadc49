/**
 * Freshness against the code (docs/truth.md#freshness): whether the code a memory cites is
 * still there as it was when the memory was written. Cheap and without a model: a path is
 * followed through the project's history after the memory's time (renames found by git's
 * rename detection), so each citation ends deleted (with the commit), moved (to the new path),
 * changed (N commits since), or fresh; a line past the file's end is gone; a symbol the code no
 * longer has is gone.
 *
 * It reads the project through an injected `CodeWorkspace` (as the link index reads the vault
 * through a `LinkWorkspace`): `gitCodeWorkspace(root)` batches the git calls — one `git log` for
 * every citation, one for the deletions of paths already gone, one `git grep` for the symbols.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Citation, findCitations } from './citations';
import { childProcess } from '../shared/nodeLazy';

/** One commit of the project, with what it did to each path (`git log --name-status -M`). */
export interface CodeCommit {
  sha: string;
  /** Committer time, seconds since the epoch. */
  time: number;
  changes: { status: 'A' | 'M' | 'D' | 'R' | 'C' | 'T'; path: string; to?: string; similarity?: number }[];
}

/** What freshness needs to know about the project. Paths are relative to its root, with `/`. */
export interface CodeWorkspace {
  /** False when the workspace is not a git repository: only existence is checked then. */
  readonly hasHistory: boolean;
  /** Whether the path exists in the working tree now. */
  exists(file: string): boolean;
  /** Lines of the file now, or undefined when it cannot be read. */
  lineCount(file: string): number | undefined;
  /** Every commit after `since` (seconds since the epoch), oldest first. */
  commitsSince(since: number, signal?: AbortSignal): Promise<CodeCommit[]>;
  /** For paths missing now: the latest commit that deleted each (short sha). */
  deletions(files: string[], signal?: AbortSignal): Promise<Map<string, string>>;
  /** Which of the names occur as whole words in the project's files now. */
  symbolsPresent(names: string[], signal?: AbortSignal): Promise<Set<string>>;
}

export type Staleness =
  | { state: 'deleted'; commit?: string }
  | { state: 'moved'; to: string; commit: string; commits: number }
  | { state: 'changed'; commits: number }
  | { state: 'line-gone'; lines: number }
  | { state: 'missing' }
  | { state: 'symbol-gone' };

/** One stale citation of a memory, with a short phrase for people and models. */
export interface StaleCitation {
  citation: Citation;
  staleness: Staleness;
  /** "cites src/x.ts, changed 12 commits since", "cites src/x.ts, deleted in abc123", "cites src/x.ts, moved to src/y.ts". */
  mark: string;
}

/** What freshness is asked about: any text with the time it was written. */
export interface Cited {
  /** `YYYY-MM-DDTHH:MM:SS`, local time. */
  at: string;
  text: string;
}

export interface FreshnessOptions {
  /** Count a change only after this many commits touched the file (default 1: any change). */
  minCommits?: number;
}

/**
 * The stale citations of each of `items` (same order; an empty list when it cites nothing or
 * everything it cites is as it was). `signal` stops it between git calls.
 */
export async function checkFreshness(items: readonly Cited[], ws: CodeWorkspace, opts: FreshnessOptions = {}, signal?: AbortSignal): Promise<StaleCitation[][]> {
  const cited = items.map((it) => ({ at: toEpoch(it.at), citations: findCitations(it.text) }));
  const withPaths = cited.filter((c) => c.citations.some((x) => x.path));
  const since = withPaths.length ? Math.min(...withPaths.map((c) => c.at)) : Infinity;
  const commits = ws.hasHistory && since !== Infinity ? await ws.commitsSince(since, signal) : [];
  signal?.throwIfAborted();
  const paths = new Set<string>();
  const symbols = new Set<string>();
  for (const c of cited) {
    for (const x of c.citations) {
      if (x.path) paths.add(x.path);
      else if (x.symbol) symbols.add(x.symbol);
    }
  }
  const gone = [...paths].filter((p) => !ws.exists(p));
  const deletedIn = ws.hasHistory && gone.length ? await ws.deletions(gone, signal) : new Map<string, string>();
  const present = symbols.size ? await ws.symbolsPresent([...symbols], signal) : new Set<string>();
  const topDirs = new Set<string>();
  const isProjectPath = (p: string) => {
    const top = p.split('/')[0];
    if (!topDirs.has(top) && ws.exists(top)) topDirs.add(top);
    return topDirs.has(top);
  };
  const minCommits = opts.minCommits ?? 1;

  return cited.map(({ at, citations }) => {
    const stale: StaleCitation[] = [];
    for (const c of citations) {
      const s = c.path ? pathStaleness(c, at, commits, ws, deletedIn, isProjectPath, minCommits) : present.has(c.symbol!) ? undefined : ({ state: 'symbol-gone' } as const);
      if (s) stale.push({ citation: c, staleness: s, mark: markOf(c, s) });
    }
    return stale;
  });
}

function pathStaleness(
  c: Citation,
  at: number,
  commits: readonly CodeCommit[],
  ws: CodeWorkspace,
  deletedIn: Map<string, string>,
  isProjectPath: (p: string) => boolean,
  minCommits: number,
): Staleness | undefined {
  let cur = c.path!;
  let changed = 0;
  let moved: { to: string; commit: string } | undefined;
  let deleted: string | undefined;
  for (const commit of commits) {
    if (commit.time <= at) continue;
    for (const ch of commit.changes) {
      if (ch.path !== cur) continue;
      if (ch.status === 'R') {
        cur = ch.to!;
        moved = { to: cur, commit: commit.sha.slice(0, 7) };
        if ((ch.similarity ?? 100) < 100) changed++;
      } else if (ch.status === 'D') {
        deleted = commit.sha.slice(0, 7);
      } else if (ch.status === 'A') {
        deleted = undefined; // added again
      } else if (ch.status !== 'C') {
        changed++;
      }
    }
  }
  if (deleted) return { state: 'deleted', commit: deleted };
  if (!ws.exists(cur)) {
    if (deletedIn.has(c.path!)) return { state: 'deleted', commit: deletedIn.get(c.path!) };
    if (moved) return { state: 'deleted' }; // moved, then removed without a commit
    return isProjectPath(c.path!) ? (ws.hasHistory ? { state: 'missing' } : { state: 'deleted' }) : undefined;
  }
  if (moved) return { state: 'moved', ...moved, commits: changed };
  if (changed >= minCommits) return { state: 'changed', commits: changed };
  if (c.line) {
    const lines = ws.lineCount(cur);
    if (lines !== undefined && c.line > lines) return { state: 'line-gone', lines };
  }
  return undefined;
}

/** The phrase a search hit or a lint finding shows for a stale citation. */
export function markOf(c: Citation, s: Staleness): string {
  const what = c.path ? `cites ${c.path}${c.line ? `:${c.line}` : ''}` : `cites \`${c.symbol}()\``;
  switch (s.state) {
    case 'deleted':
      return `${what}, deleted${s.commit ? ` in ${s.commit}` : ''}`;
    case 'moved':
      return `${what}, moved to ${s.to}${s.commits ? ` and changed ${s.commits} commit(s) since` : ''}`;
    case 'changed':
      return `${what}, changed ${s.commits} commit${s.commits === 1 ? '' : 's'} since`;
    case 'line-gone':
      return `${what}, the file has ${s.lines} lines now`;
    case 'missing':
      return `${what}, not in the project`;
    case 'symbol-gone':
      return `${what}, no longer in the code`;
  }
}

/** `YYYY-MM-DDTHH:MM:SS` in local time → seconds since the epoch. */
export function toEpoch(at: string): number {
  const t = new Date(at.length === 10 ? `${at}T00:00:00` : at).getTime();
  return Number.isNaN(t) ? 0 : Math.floor(t / 1000);
}

// ---- the project's git repository ------------------------------------------------------------

function runGit(root: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    childProcess().execFile('git', ['-C', root, '-c', 'core.quotepath=off', ...args], { maxBuffer: 1 << 30, signal, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } }, (err, stdout) => {
      if (err && signal?.aborted) reject(signal.reason);
      else if (err && (err as { code?: unknown }).code !== 1) reject(err);
      else resolve(stdout ?? '');
    });
  });
}

/** The project at `root` (the workspace root: the project's repository, never the vault's). */
export function gitCodeWorkspace(root: string): CodeWorkspace {
  const abs = (p: string) => path.join(root, ...p.split('/'));
  const hasHistory = fs.existsSync(path.join(root, '.git'));
  return {
    hasHistory,
    exists: (p) => fs.existsSync(abs(p)),
    lineCount(p) {
      try {
        const text = fs.readFileSync(abs(p), 'utf8');
        return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      } catch {
        return undefined;
      }
    },
    async commitsSince(since, signal) {
      const out = await runGit(root, ['log', '--reverse', '-M', '--name-status', '-z', '--format=%x1e%H %ct', `--since=@${since}`, 'HEAD'], signal).catch(() => '');
      return parseLog(out);
    },
    async deletions(files, signal) {
      const found = new Map<string, string>();
      const out = await runGit(root, ['log', '--diff-filter=D', '--name-only', '-z', '--format=%x1e%h', 'HEAD', '--', ...files], signal).catch(() => '');
      for (const rec of out.split('\x1e')) {
        const [head, ...names] = rec.split('\n');
        const sha = head.replace(/\0/g, '').trim();
        for (const n of names.join('\n').split('\0')) {
          const name = n.trim();
          if (name && !found.has(name)) found.set(name, sha);
        }
      }
      return found;
    },
    async symbolsPresent(names, signal) {
      const args = ['grep', '-I', '-o', '-h', '-w', '-F', ...names.flatMap((n) => ['-e', n])];
      const out = hasHistory ? await runGit(root, args, signal).catch(() => '') : '';
      return new Set(out.split('\n').map((l) => l.trim()).filter(Boolean));
    },
  };
}

/** `git log --name-status -z --format=%x1e%H %ct` → commits. */
export function parseLog(out: string): CodeCommit[] {
  const commits: CodeCommit[] = [];
  for (const rec of out.split('\x1e')) {
    if (!rec.trim()) continue;
    const nl = rec.indexOf('\n');
    const [sha, time] = (nl === -1 ? rec : rec.slice(0, nl)).replace(/\0/g, '').trim().split(' ');
    const fields = nl === -1 ? [] : rec.slice(nl + 1).split('\0');
    const changes: CodeCommit['changes'] = [];
    for (let i = 0; i < fields.length; i++) {
      const st = fields[i].replace(/^\n+/, '');
      if (!st) continue;
      const letter = st[0] as CodeCommit['changes'][number]['status'];
      if (letter === 'R' || letter === 'C') {
        changes.push({ status: letter, path: fields[i + 1], to: fields[i + 2], similarity: Number(st.slice(1)) || 100 });
        i += 2;
      } else {
        changes.push({ status: letter, path: fields[i + 1] });
        i += 1;
      }
    }
    commits.push({ sha, time: Number(time), changes });
  }
  return commits;
}

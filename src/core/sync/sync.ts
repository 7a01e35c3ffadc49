/**
 * `coresoul sync` (docs/sync.md): the vault's git repository is the distributed engine. Fetch,
 * then under the vault lock commit what is local and merge what arrived (the merge drivers of
 * drivers.ts do the memory files), then push; a push that lost a race fetches and merges again.
 * Never forces, never rewrites published history. A folder without a vault, or with a fresh one
 * nothing was written to yet, joins the remote's soul instead.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Clock } from '../shared/clock';
import { CoreSoulError, inputError, isCancelled, refusedError, vaultError } from '../shared/errors';
import { atomicWrite, createExclusive, readTextIfExists, withLockAsync } from '../shared/fs';
import { git, gitOk, hasHistory, initHistory, readObjects, vaultGitEnv, withCommitLock } from '../vault/history';
import { refsUnder, repoHead } from '../vault/gitHead';
import { addObject, commitBody, writePack } from '../vault/gitObjects';
import { type Vault, rel, vaultAt } from '../vault/layout';
import { readMemoryMap, refreshMemoryMap } from '../vault/memoryMap';
import { VAULT_GITATTRIBUTES, registerMergeDrivers } from '../vault/mergeDrivers';
import { type Conflicted, DEFERRED_DRIVERS, type TreeMerge, keepRaws, mergeConflicted, mergedTree, startTreeMerge } from './drivers';
import { excludeLocalPaths } from '../vault/localPaths';
import { type Change, type Commit, type Divergence, changesProblem, divergence, ignoredAdded, incomingProblem } from '../vault/incoming';
import { mergeRecordAsUnion, recordTips } from '../vault/branches';
import { movePersonal } from '../vault/personal';
import { childProcess } from '../shared/nodeLazy';
import { type Fetch, NO_HOUSEKEEPING, ORIGIN_REFS, type VaultConfig, fetchStarted, namesOrigin, readConfig, remoteGit, startFetch } from './fetch';

export interface SyncOptions {
  clock: Clock;
  /** The remote to connect the vault to (once; it is remembered as `origin`). */
  remote?: string;
  /** The running CLI's bundle: what a joining machine copies into `.CoreSoul/bin/`. */
  cliBundle?: string;
}

export interface SyncReport {
  remote: string;
  branch: string;
  /** This folder took the remote's soul. */
  joined: boolean;
  /** The remote could not be reached: nothing was changed. */
  offline: boolean;
  /** Commits that arrived from the remote. */
  pulled: number;
  /** Commits sent to the remote. */
  pushed: number;
  /** A merge commit joined the two histories. */
  merged: boolean;
  /** The remote's persona change, not taken: now the pending proposal `proposal` (when the soul check accepted it). */
  persona?: { proposal?: string; accepted: boolean; sections: string[] };
  warnings: string[];
}

const MAX_PUSH_ATTEMPTS = 5;
const INIT_SUBJECT = /^Core Soul: init/;

/** The first line of what git said, for a one-line message. */
function gitLine(err: unknown): string {
  const text = String((err as Error)?.message ?? err);
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return (lines.find((l) => /^(fatal|error|remote|!)/.test(l)) ?? lines[0] ?? 'unknown error').replace(/^(fatal|error): /, '');
}

/** Pulls, merges and pushes; `signal` stops it before the merge, with nothing changed. */
export async function syncVault(root: string, opts: SyncOptions, signal?: AbortSignal): Promise<SyncReport> {
  const v = vaultAt(root);
  const existed = fs.existsSync(v.soulDir);
  if (existed && !fs.statSync(v.soulDir).isDirectory()) throw vaultError(`damaged vault: ${v.soulDir} is a file, not a folder`);
  if (existed && !hasHistory(v) && fs.existsSync(v.mapFile)) throw inputError('this vault has no history (initialised with --no-git), and sync works through it: run coresoul init to start one');
  if (!existed) {
    if (!opts.remote && !(await projectRemote(v.root))) throw vaultError(`no Core Soul vault in ${v.root}: run coresoul init (it joins the team's memory on the project's remote), or coresoul sync --remote <url> to join a soul`);
    fs.mkdirSync(v.soulDir, { recursive: true });
  }
  try {
    if (!hasHistory(v)) await initHistory(v);
    return await syncRepo(v, opts, signal);
  } catch (err) {
    // A join that could not even fetch leaves no half-made vault behind.
    if (!existed && !fs.existsSync(v.mapFile)) fs.rmSync(v.soulDir, { recursive: true, force: true });
    throw err;
  }
}

async function syncRepo(v: Vault, opts: SyncOptions, signal?: AbortSignal): Promise<SyncReport> {
  // A vault that names a remote of its own, and no other given: it is fetched while the configuration is read.
  // (the CLI may have started that fetch already, while it loaded: fetch.ts)
  const ahead = opts.remote === undefined ? fetchStarted(v) : undefined;
  const early = ahead?.fetch ?? (opts.remote === undefined && !signal?.aborted && namesOrigin(v) ? startFetch(v) : undefined);
  const config = await readConfig(v, ahead?.config).catch(async (err: unknown) => {
    await early?.done.catch(() => undefined);
    throw err;
  });
  // No origin after all: the remote is fetched once connected.
  if (early && config.url === undefined) await early.done.catch(() => undefined);
  const before = config.url;
  const { url: remote, namespace } = await connectRemote(v, opts.remote, config);
  // Offline or refused, the vault stays connected where it was: nothing changed.
  const reconnect = () => (before === remote ? undefined : before === undefined ? gitOk(v, ['remote', 'remove', 'origin']) : gitOk(v, ['remote', 'set-url', 'origin', before]));
  try {
    const report = await pullAndPush(v, { remote, namespace, config }, opts, signal, config.url === undefined ? undefined : early);
    if (report.offline) await reconnect();
    return report;
  } catch (err) {
    if ((err instanceof CoreSoulError && err.kind === 'refused') || isCancelled(err)) await reconnect();
    throw err;
  }
}

/** Where the vault syncs: the remote, the namespace its branches are pushed to, the vault's configuration (readConfig). */
interface Origin {
  remote: string;
  namespace: string;
  config: VaultConfig;
}

/** `early`: the first fetch, when it is already under way. */
async function pullAndPush(v: Vault, origin: Origin, opts: SyncOptions, signal?: AbortSignal, early?: Fetch): Promise<SyncReport> {
  const { remote } = origin;
  const branch = repoHead(v.soulDir)?.branch ?? (await gitOk(v, ['symbolic-ref', '--short', 'HEAD'])).trim();
  const report: SyncReport = { remote, branch, joined: false, offline: false, pulled: 0, pushed: 0, merged: false, warnings: [] };

  for (let attempt = 1; ; attempt++) {
    // A fetch under way is waited for first: a stop then puts the refs back once it has moved them.
    if (attempt > 1 || !early) signal?.throwIfAborted();
    const { fetched, done } = (attempt === 1 && early) || startFetch(v);
    try {
      await done;
    } catch (err) {
      if (!fs.existsSync(v.mapFile)) throw inputError(`cannot reach the remote ${remote}: ${gitLine(err)}; nothing was changed`);
      return { ...report, offline: true, warnings: [...report.warnings, `offline: cannot reach ${remote} (${gitLine(err)}); nothing was changed`] };
    }
    const upstream = remoteBranch(v, branch);
    let ahead: number | undefined;
    // A merge made in the object store is pushed as soon as its commit is written, beside its checkout (mergeLocked).
    const push = (rev: string) => remoteGit(v, ['push', 'origin', `${rev}:${origin.namespace}${report.branch}`]);
    let pushing: Promise<string> | undefined;
    const publish = (rev: string) => {
      pushing = push(rev);
      pushing.catch(() => undefined); // waited for below, unless the checkout fails first
    };
    try {
      signal?.throwIfAborted();
      if (upstream && (await isFresh(v))) {
        await join(v, upstream, opts);
        report.joined = true;
        // Everything the remote holds came in: a join pulls its whole history.
        report.pulled += Number((await gitOk(v, ['rev-list', '--count', upstream.ref])).trim());
      }
      if (!fs.existsSync(v.mapFile)) throw inputError(`the remote ${remote} holds no soul yet: run coresoul init here, then coresoul sync`);
      report.branch = upstream?.branch ?? branch;
      // Where the remote branch was before this fetch: HEAD elsewhere holds commits of its own to merge.
      const up = upstream && { ...upstream, was: fetched.get(`${ORIGIN_REFS}${upstream.branch}`) };
      await wireRepo(v, opts, origin.config.text);
      // What arrived is compared with HEAD, checked and merged by git while the locks are waited for.
      const arriving = up && startComparing(v, up);
      // Writers wait for the vault lock, and their commits for the commit lock: HEAD moves only here meanwhile.
      ahead = await withLockAsync(v.lockFile, () => withCommitLock(v, () => mergeLocked(v, up && arriving && { ...up, arriving }, opts, report, { who: origin.config.who, publish })));
    } catch (err) {
      // Refused (or stopped): not even the remote-tracking refs keep what was fetched (a later pack, status or plain git pull never meets it).
      if ((err instanceof CoreSoulError && err.kind === 'refused') || isCancelled(err)) await resetRemoteRefs(v, fetched);
      throw err;
    }
    ahead ??= Number((await gitOk(v, ['rev-list', '--count', 'HEAD'])).trim());
    if (!ahead) return report;
    try {
      await (pushing ?? push('HEAD'));
      report.pushed += ahead;
      return report;
    } catch (err) {
      const line = gitLine(err);
      const lostRace = /non-fast-forward|fetch first|\[rejected\]|stale info/i.test(String((err as Error).message));
      if (!lostRace || attempt >= MAX_PUSH_ATTEMPTS) {
        throw inputError(`the remote ${remote} refused the push (${line}); everything is merged and committed here, nothing is lost: run coresoul sync again later`);
      }
      // Another machine pushed first: fetch and merge its work, then push again (never --force).
    }
  }
}

/** Puts the remote-tracking refs back where they were before a fetch (`was`, as refsUnder read them). */
async function resetRemoteRefs(v: Vault, was: Map<string, string>): Promise<void> {
  const gone = [...refsUnder(v.soulDir, ORIGIN_REFS).keys()].filter((ref) => !was.has(ref)).map((ref) => `delete ${ref}\n`);
  await gitOk(v, ['update-ref', '--stdin'], [...gone, ...[...was].map(([ref, id]) => `update ${ref} ${id}\n`)].join(''));
}

/**
 * Where the vault's branches live on the project's own remote (docs/sync.md#where-the-memory-travels):
 * beside the project's branches, under refs no `git clone` or `git fetch` of the project takes.
 */
export const PROJECT_REFS = 'refs/coresoul/heads/';
const PROJECT_FETCH = `+${PROJECT_REFS}*:refs/remotes/origin/*`;
const HEADS_FETCH = '+refs/heads/*:refs/remotes/origin/*';

/** Git in the project's folder (not the vault's), without a prompt; rejects with git's message. */
function projectGit(root: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    childProcess().execFile('git', args, { cwd: root, env: vaultGitEnv(), timeout: 120_000 }, (err, stdout, stderr) => (err ? reject(new Error(`${stderr}\n${err.message}`)) : resolve(stdout)));
  });
}

/** The URL of the project's own `origin`, or undefined (not a git project, or no remote). */
export async function projectRemote(root: string): Promise<string | undefined> {
  const url = (await projectGit(root, ['config', '--get', 'remote.origin.url']).catch(() => '')).trim();
  if (!url) return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\/|^[^/\\]+@[^/\\]+:/i.test(url) || path.isAbsolute(url) ? url : path.resolve(root, url);
}

/** The namespace the vault's branches are pushed to on `origin`: the project's remote's `refs/coresoul/heads/`, or a remote of its own's `refs/heads/`. */
const namespaceOf = (fetch: string | undefined) => (fetch === PROJECT_FETCH ? PROJECT_REFS : 'refs/heads/');

/**
 * Sets `origin` when a URL is given (a remote of the vault's own); otherwise the vault's remote,
 * else the project's own `origin`, whose `refs/coresoul/heads/*` then hold the vault's branches.
 * `config`: the vault's, as readConfig read it.
 */
async function connectRemote(v: Vault, url: string | undefined, config: VaultConfig): Promise<{ url: string; namespace: string }> {
  const origin = config.url;
  if (url === undefined && origin === undefined) {
    const project = await projectRemote(v.root);
    if (project) {
      await gitOk(v, ['remote', 'add', 'origin', project]);
      await gitOk(v, ['config', 'remote.origin.fetch', PROJECT_FETCH]);
      return { url: project, namespace: PROJECT_REFS };
    }
  }
  if (url !== undefined) {
    if (origin !== undefined && namespaceOf(config.fetch) !== 'refs/heads/') await gitOk(v, ['config', 'remote.origin.fetch', HEADS_FETCH]);
    if (!url.trim() || /[\0\r\n]/.test(url)) throw inputError('expected a git URL or path', 'remote');
    // A local path is kept absolute, so the remote still resolves from the vault's folder.
    const resolved = /^[a-z][a-z0-9+.-]*:\/\/|^[^/\\]+@[^/\\]+:/i.test(url) || !fs.existsSync(url) ? url : path.resolve(url);
    if (origin === undefined) await gitOk(v, ['remote', 'add', 'origin', resolved]);
    else if (origin !== resolved) await gitOk(v, ['remote', 'set-url', 'origin', resolved]);
    return { url: resolved, namespace: 'refs/heads/' };
  }
  if (origin === undefined) throw inputError('this vault has no remote yet, and the project has no origin to share it through: add one (git remote add origin <url>), or run coresoul sync --remote <url> once (any git URL, a local path or a bare repository)', 'remote');
  return { url: origin, namespace: namespaceOf(config.fetch) };
}

/**
 * The remote branch this vault follows — its own name, else the remote's only (or default)
 * branch — as fetched, read from the vault's refs: `ref` names the commit itself, so what is
 * checked is what is merged, even if another sync fetches meanwhile and moves the ref.
 */
function remoteBranch(v: Vault, local: string): Upstream | undefined {
  const refs = refsUnder(v.soulDir, ORIGIN_REFS);
  const names = [...refs.keys()].map((r) => r.slice(ORIGIN_REFS.length)).filter((n) => n !== 'HEAD');
  const pick = names.includes(local) ? local : names.length === 1 ? names[0] : names.find((n) => n === 'main' || n === 'master');
  const id = pick && refs.get(`${ORIGIN_REFS}${pick}`);
  return pick && id ? { branch: pick, id, ref: `${id}^{commit}` } : undefined;
}

/** The remote branch a sync merges: its name, the commit fetched (`id`) and a revision naming that commit (`ref`). */
interface Upstream {
  branch: string;
  id: string;
  ref: string;
}

/** A vault nothing was written to yet: no commits but init's, no day in its memory map. */
async function isFresh(v: Vault): Promise<boolean> {
  if (!fs.existsSync(v.mapFile)) return true;
  if (Object.keys(readMemoryMap(v).days).length) return false;
  const subjects = await gitOk(v, ['log', '--format=%s']).catch(() => ''); // none on an unborn branch
  return subjects.split('\n').filter(Boolean).every((s) => INIT_SUBJECT.test(s));
}

/**
 * Refuses, in one line and before anything is merged or checked out, incoming commits (`tip` and
 * what it reaches that `have` does not) holding anything a pull may not write (vault/incoming.ts).
 */
async function refuseUnsafeIncoming(v: Vault, tip: string, have: string | undefined): Promise<void> {
  const why = await incomingProblem(v, tip, have);
  if (why) throw refusedError(`refused the remote's commits: ${why}; nothing was merged or changed`);
}

/** Takes the remote's soul, then lays out the bootloader, skills and CLI as `init` would. */
async function join(v: Vault, upstream: { branch: string; ref: string }, opts: SyncOptions): Promise<void> {
  // The whole history taken is read first (nothing of it is here yet, but init's commit).
  const head = (await gitOk(v, ['rev-parse', '-q', '--verify', 'HEAD^{commit}']).catch(() => '')).trim();
  await refuseUnsafeIncoming(v, upstream.ref, head || undefined);
  await gitOk(v, ['checkout', '-f', '-B', upstream.branch, upstream.ref]);
  await gitOk(v, ['branch', `--set-upstream-to=origin/${upstream.branch}`]);
  // Loaded here: a sync that does not join does not pay for initialising init's modules.
  const { initVault } = await import('../init/scaffold');
  await initVault(v.root, { clock: opts.clock, cliBundle: opts.cliBundle, git: true });
}

/**
 * What a sync starts once the fetch is done, before it takes the locks, none of it changing the
 * vault: the comparison of HEAD (`head`, as it was then) with the fetched commit, and — when the
 * fetch moved the remote branch, something arrives — the ignore check of the paths it adds (asked
 * once they are read) and, when HEAD is not where the remote branch was before the fetch either
 * (commits of its own: a merge to come), git's merge of the two trees (startTreeMerge), first, as
 * the longest chain. None of it is used before every incoming commit has been checked.
 */
interface Comparing {
  head?: string;
  comparing: Promise<Divergence>;
  ignored?: Promise<Set<string> | string>;
  early?: TreeMerge;
}

function startComparing(v: Vault, up: Upstream & { was?: string }): Comparing {
  const head = repoHead(v.soulDir)?.commit;
  const arriving = up.id !== up.was;
  const early = arriving && head && head !== up.was ? startTreeMerge(v, head, up.id, RULES) : undefined;
  // HEAD already at the fetched commit: nothing diverged, nothing to compare (a sync with nothing new).
  const comparing = head === up.id ? Promise.resolve(NOTHING_DIVERGED) : diverged(v, up.ref, head);
  const ignored = arriving ? ignoredAdded(v, comparing.then((d) => d.changes)) : undefined;
  for (const p of [comparing, ignored]) p?.catch(() => undefined); // waited for under the locks
  return { head, comparing, ignored, early };
}

/**
 * Under the vault lock: finish a merge a crash or a hand-edited conflict left, commit what is
 * local, merge what arrived. Writers wait meanwhile, so no line lands in the middle of a merge.
 * Returns how many commits HEAD then holds that `upstream` does not (undefined without one).
 * `upstream.was`: where the remote branch was before this fetch; `upstream.arriving`: what
 * startComparing started for it. `commits.who`: who commits, when the configuration says it plainly
 * (plainIdentity); `commits.publish`: starts the push of a merge commit.
 */
async function mergeLocked(v: Vault, up: (Upstream & { was?: string; arriving: Comparing }) | undefined, opts: SyncOptions, report: SyncReport, commits: { who?: string; publish: (rev: string) => void }): Promise<number | undefined> {
  // Nothing personal is ever pushed: a profile an older vault kept in the shared tree moves out first.
  movePersonal(v);
  recordTips(v);
  if (fs.existsSync(path.join(v.soulDir, '.git', 'MERGE_HEAD'))) {
    // Left by a crash or by a conflict the person has since resolved: complete it.
    const { theirs, changes } = await diverged(v, 'MERGE_HEAD');
    const rules = await incomingRules(v, theirs, changes, 'MERGE_HEAD');
    // A crash between the merge and the merging of its memory files left them as git did.
    resolvedByHand(v, await mergeConflicted(v));
    keepReviewedRules(v, rules);
    await finishMerge(v, 'sync: merge completed', true);
    report.merged = true;
    await proposeIncoming(v, rules, opts, report);
  }
  if (!up) {
    await commitLocal(v, await gitOk(v, ['status', '--porcelain']));
    return undefined;
  }
  const upstream = up.ref;
  // What is local is read while the two histories are compared (both before the local commit
  // below, which the remote does not hold).
  const local = gitOk(v, ['status', '--porcelain']);
  local.catch(() => undefined); // waited for below, unless the comparison fails first
  // HEAD moved since the comparison started (a writer's commit before the locks were taken, the
  // merge completed above): compared again.
  const { comparing, ignored, early } = repoHead(v.soulDir)?.commit === up.arriving.head ? up.arriving : startComparing(v, up);
  const divergence = await comparing;
  const { ours, theirs, related, changes } = divergence;
  if (!related) {
    throw refusedError(`the remote holds another soul: its history has nothing in common with this vault's, so nothing was merged or changed (to take that soul, sync it into a folder without a vault)`);
  }
  // Every incoming commit is read before the local commit: a refusal leaves HEAD, the index and
  // the files as they were. Meanwhile: what is local.
  const [why, status] = await Promise.all([changesProblem(v, changes, ignored), local]);
  if (why) throw refusedError(`refused the remote's commits: ${why}; nothing was merged or changed`);
  const committed = (await commitLocal(v, status)) ? 1 : 0;
  if (!theirs.length) return ours + committed;
  report.pulled += theirs.length;
  const rules = await incomingRules(v, theirs, changes, upstream);
  if (!ours && !committed) {
    // HEAD is an ancestor of what arrived.
    await gitOk(v, [...NO_HOUSEKEEPING, 'merge', '--ff-only', upstream]);
    const kept = keepReviewedRules(v, rules);
    if (kept) {
      await gitOk(v, ['add', '-A']);
      await gitOk(v, [...NO_HOUSEKEEPING, 'commit', '-q', '--no-verify', '-m', 'sync: the team\'s rules as reviewed here (the remote\'s change waits for review)']);
    }
    await proposeIncoming(v, rules, opts, report);
    return kept ? 1 : 0;
  }
  const message = `sync: merge ${theirs.length} commit(s) from the remote`;
  // The merge commit is made of the merged tree (a local commit just made is merged instead of
  // the HEAD the early merge took), then checked out.
  const mergeHead = repoHead(v.soulDir)?.commit ?? (await gitOk(v, ['rev-parse', 'HEAD'])).trim();
  const merged = await mergedTree(v, early?.ours === mergeHead ? early : startTreeMerge(v, mergeHead, up.id, RULES), reviewedRules(rules));
  if (merged) {
    // The commit is made here with the merged files and trees, when the configuration says plainly
    // who commits, else by git once they are written.
    const parents = [mergeHead, up.id];
    const made = commits.who ? addObject(merged.objects, 'commit', commitBody({ tree: merged.tree, parents, who: commits.who, message })) : undefined;
    writePack(merged.objects);
    const commit = made ?? (await gitOk(v, ['commit-tree', merged.tree, ...parents.flatMap((p) => ['-p', p]), '-m', message])).trim();
    // It is pushed while HEAD, the index and the files the merge changed move to it (nothing here
    // is uncommitted, and no writer commits meanwhile: a checkout that fails leaves the remote one
    // merge ahead, which the next sync takes as it takes any).
    commits.publish(commit);
    await gitOk(v, ['reset', '-q', '--keep', commit], undefined, { GIT_REFLOG_ACTION: message });
    keepRaws(v, merged.raws);
    report.merged = true;
    await proposeIncoming(v, rules, opts, report);
    return ours + committed + 1;
  }
  // Something is left to the person: the merge in the work tree, where git leaves it with both
  // sides. The memory files both sides changed are left conflicted (git exits 1), then merged
  // here, all in this process.
  const merge = await git(v, [...DEFERRED_DRIVERS, 'merge', '--no-ff', '--no-commit', '--no-edit', upstream]);
  if (merge.code !== 0 && !fs.existsSync(path.join(v.soulDir, '.git', 'MERGE_HEAD'))) throw vaultError(`the merge of the remote's work did not start: ${gitLine(`${merge.stderr}\n${merge.stdout}`)}`);
  resolvedByHand(v, merge.code === 0 ? { unmerged: [], why: [] } : await mergeConflicted(v));
  const kept = keepReviewedRules(v, rules);
  await finishMerge(v, message, kept);
  report.merged = true;
  await proposeIncoming(v, rules, opts, report);
  return ours + committed + 1;
}

/** How HEAD and the fetched commit diverged when they are the same commit. */
const NOTHING_DIVERGED: Divergence = { ours: 0, theirs: [], related: true, changes: [] };

/** Commits what is local (`status`: `git status --porcelain`); whether there was anything. */
async function commitLocal(v: Vault, status: string): Promise<boolean> {
  if (!status.trim()) return false;
  await gitOk(v, ['add', '-A']);
  await gitOk(v, [...NO_HOUSEKEEPING, 'commit', '-q', '--no-verify', '-m', 'sync: local changes']);
  return true;
}

/**
 * How HEAD (or `head`) and `tip` diverged and what the incoming commits change (vault/incoming.ts),
 * every commit read before anything changes; a history git cannot read is refused.
 */
async function diverged(v: Vault, tip: string, head?: string): Promise<Divergence> {
  try {
    return await divergence(v, tip, head);
  } catch (err) {
    throw refusedError(`refused the remote's commits: ${(err as Error).message}; nothing was merged or changed`);
  }
}

/**
 * `.gitattributes`, the machine-local paths in `.git/info/exclude`, branches.md's union merge and
 * the drivers in `.git/config`, for a vault made before sync (or before one of them) existed
 * (`registered`: the drivers `.git/config` names, as readConfig read them).
 */
async function wireRepo(v: Vault, opts: SyncOptions, registered: string): Promise<void> {
  createExclusive(path.join(v.soulDir, '.gitattributes'), VAULT_GITATTRIBUTES);
  excludeLocalPaths(v);
  mergeRecordAsUnion(v);
  const cli = path.join(v.binDir, 'coresoul.js');
  const driver = fs.existsSync(cli) ? cli : opts.cliBundle;
  if (driver) await registerMergeDrivers(v, driver, registered);
}

const CONFLICT_MARK = /^(<{7}|>{7}) /m;

/**
 * Stops the sync while a file the merge left in conflict still holds conflict markers; the
 * others (merged here, or resolved by the person) are committed with the merge.
 */
function resolvedByHand(v: Vault, { unmerged, why }: Conflicted): void {
  const open = unmerged.filter((f) => {
    const file = path.join(v.soulDir, f);
    return fs.existsSync(file) && CONFLICT_MARK.test(fs.readFileSync(file, 'utf8'));
  });
  if (open.length) {
    const shown = open.map((f) => rel(v, path.join(v.soulDir, f))).join(', ');
    const reason = why.length ? ` (${[...new Set(why)].join('; ')})` : '';
    throw inputError(`sync is waiting for you: ${shown} could not be merged without losing something${reason} and holds both sides between conflict markers; edit it, then run coresoul sync again`);
  }
}

/**
 * The derived counts of memory_map.md as the merged files make them, then the merge commit, of
 * the files git tracks (`everything`: of every file, also one not tracked yet).
 */
async function finishMerge(v: Vault, message: string, everything: boolean): Promise<void> {
  if (fs.existsSync(v.mapFile)) refreshMemoryMap(v);
  if (everything) await gitOk(v, ['add', '-A']);
  await gitOk(v, [...NO_HOUSEKEEPING, 'commit', '-q', '--no-verify', ...(everything ? [] : ['-a']), '-m', message]);
}

/**
 * The team's rules (docs/sync.md#reviewed-team-rules): persona.md and soul.md. Whatever a merge
 * makes of them, this machine keeps the ones it reviewed; a change a teammate made arrives as a
 * pending proposal (persona) or a warning naming its commit (soul), never as published.
 */
const RULES = ['persona.md', 'soul.md'] as const;

interface IncomingRules {
  /** This machine's rules before the merge. */
  ours: Map<string, string | undefined>;
  /** The remote's changes to them: its version and the last commit (not a merge) that made it. */
  changed: { file: (typeof RULES)[number]; theirs: string; commit: string }[];
}

/**
 * The rules a merge of `upstream` could change, from the incoming commits `theirs` (newest first)
 * and their `changes`. A file no incoming commit changed is the merge base's on the remote's
 * side, so a merge keeps this machine's: nothing of it is read.
 */
async function incomingRules(v: Vault, theirs: Commit[], changes: Change[], upstream: string): Promise<IncomingRules> {
  const out: IncomingRules = { ours: new Map(), changed: [] };
  const touched = RULES.filter((file) => changes.some((c) => c.path === file));
  if (!touched.length) return out;
  // Both sides of each file in one git call.
  const versions = (await readObjects(v, touched.flatMap((file) => [`HEAD:${file}`, `${upstream}:${file}`]))).map((b) => b?.toString('utf8'));
  // A merge commit that kept its own side changed nothing: only commits that made a change count.
  const merges = new Set(theirs.filter((c) => c.parents.length > 1).map((c) => c.id));
  for (const [i, file] of touched.entries()) {
    const [mine, theirsText] = versions.slice(2 * i, 2 * i + 2);
    out.ours.set(file, mine);
    if (theirsText === undefined || theirsText === mine) continue;
    const commit = changes.find((c) => c.path === file && !merges.has(c.commit))?.commit;
    if (commit) out.changed.push({ file, theirs: theirsText, commit: commit.slice(0, 7) });
  }
  return out;
}

/** This machine's reviewed rules, by path, for a merge to keep (mergedTree). */
const reviewedRules = (rules: IncomingRules) => new Map([...rules.ours].filter((e): e is [string, string] => e[1] !== undefined));

/** Puts this machine's reviewed rules back after a merge; whether any file changed. */
function keepReviewedRules(v: Vault, rules: IncomingRules): boolean {
  let changed = false;
  for (const [file, text] of rules.ours) {
    const p = path.join(v.soulDir, file);
    if (text === undefined || readTextIfExists(p) === text) continue;
    atomicWrite(p, text);
    changed = true;
  }
  return changed;
}

/** The remote's persona change becomes a pending proposal here (soul-checked); a soul.md change, a warning. */
async function proposeIncoming(v: Vault, rules: IncomingRules, opts: SyncOptions, report: SyncReport): Promise<void> {
  if (!rules.changed.length) return;
  // Loaded here: a sync that brings no change to the rules does not pay for initialising the persona's modules.
  const [{ parsePersona, sectionBody }, { propose, readPersona }, { PERSONA_SECTIONS }, { compressBeforeWrite }] = await Promise.all([
    import('../persona/document'),
    import('../persona/proposals'),
    import('../vault/personaSections'),
    import('../compress/compress'),
  ]);
  for (const c of rules.changed) {
    if (c.file === 'soul.md') {
      report.warnings.push(`the remote changes soul.md (commit ${c.commit}): not taken here, where soul.md changes only by your hand (see it: git -C .CoreSoul show ${c.commit} -- soul.md)`);
      continue;
    }
    let changes: { section: (typeof PERSONA_SECTIONS)[number]; content: string }[];
    try {
      const [mine, theirs] = [parsePersona(readPersona(v)), parsePersona(c.theirs)];
      changes = PERSONA_SECTIONS.filter((h) => sectionBody(theirs, h) !== sectionBody(mine, h)).map((h) => ({ section: h, content: sectionBody(theirs, h) }));
    } catch (err) {
      if (!(err instanceof CoreSoulError)) throw err;
      report.warnings.push(`the remote changes persona.md (commit ${c.commit}) into one that cannot be proposed here (${err.message}); your persona is kept`);
      continue;
    }
    if (!changes.length) continue;
    const reason = `The team's persona was changed on the remote (commit ${c.commit}); it applies here only once you review it.`;
    const review = await propose(v, { trigger: 'explicit-command', reason, changes }, { clock: opts.clock, compress: compressBeforeWrite });
    report.persona = { ...(review.accepted && { proposal: review.id }), accepted: review.accepted, sections: review.sections };
  }
}

/** Ahead and behind of the vault against the remote as last fetched (for a status bar); undefined without a remote. */
export async function syncState(root: string): Promise<{ ahead: number; behind: number } | undefined> {
  const v = vaultAt(root);
  if (!hasHistory(v)) return undefined;
  const branch = repoHead(v.soulDir)?.branch;
  const upstream = branch ? remoteBranch(v, branch) : undefined;
  if (!upstream) return undefined;
  const [ahead, behind] = (await gitOk(v, ['rev-list', '--left-right', '--count', `HEAD...${upstream.ref}`])).trim().split(/\s+/).map(Number);
  return { ahead, behind };
}

/**
 * Whether the project's own remote holds a team's memory (`refs/coresoul/heads/*`): `found`,
 * `none` (no remote, or nothing there yet), or why it could not be reached.
 */
export async function teamMemoryOn(root: string): Promise<{ found: boolean; remote?: string; offline?: string }> {
  const remote = await projectRemote(root);
  if (!remote) return { found: false };
  try {
    const refs = await projectGit(root, ['ls-remote', remote, `${PROJECT_REFS}*`]);
    return { found: refs.trim() !== '', remote };
  } catch (err) {
    return { found: false, remote, offline: gitLine(err) };
  }
}

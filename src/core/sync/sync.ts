/**
 * `coresoul sync` (docs/sync.md): the vault's git repository is the distributed engine. Fetch,
 * then under the vault lock commit what is local and merge what arrived (the merge drivers of
 * drivers.ts do the memory files), then push; a push that lost a race fetches and merges again.
 * Never forces, never rewrites published history. A folder without a vault, or with a fresh one
 * nothing was written to yet, joins the remote's soul instead.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Clock } from '../shared/clock';
import { CoreSoulError, inputError, isCancelled, refusedError, vaultError } from '../shared/errors';
import { atomicWrite, createExclusive, readTextIfExists, withLockAsync } from '../shared/fs';
import { hasHistory, initHistory, readObjects, vaultGitEnv } from '../vault/history';
import { type Vault, rel, vaultAt } from '../vault/layout';
import { readMemoryMap, writeMemoryMap } from '../vault/memoryMap';
import { compressBeforeWrite } from '../compress/compress';
import { initVault } from '../init/scaffold';
import { parsePersona, sectionBody } from '../persona/document';
import { propose, readPersona } from '../persona/proposals';
import { PERSONA_SECTIONS } from '../vault/personaSections';
import { VAULT_GITATTRIBUTES, registerMergeDrivers } from '../vault/mergeDrivers';
import { DEFERRED_DRIVERS, mergeConflicted } from './drivers';
import { excludeLocalPaths } from '../vault/localPaths';
import { incomingProblem } from '../vault/incoming';
import { mergeRecordAsUnion, recordTips } from '../vault/branches';
import { movePersonal } from '../vault/personal';
import { type SimpleGit, simpleGit } from './simpleGitLib';

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

/** What a sync never runs: an editor, a pager or a password prompt (it is not interactive). */
const INTERACTIVE = /^(EDITOR|VISUAL|PAGER|GIT_EDITOR|GIT_SEQUENCE_EDITOR|GIT_PAGER|GIT_ASKPASS|SSH_ASKPASS)$/i;

/**
 * simple-git on the vault, with the vault's git environment (vaultGitEnv: nothing that points git at
 * another repository, no prompt) less what would only serve a person at a terminal. The git
 * variables that remain are the user's own way of reaching a remote (a CA file, an SSH command, a
 * proxy, extra configuration), so simple-git's guard lets them through as plain git would. A git
 * silent for two minutes (a network that dropped) is stopped.
 */
function gitFor(v: Vault, extra: Record<string, string> = {}): SimpleGit {
  const env = Object.fromEntries(Object.entries({ ...vaultGitEnv(), ...extra }).filter(([k, val]) => val !== undefined && !INTERACTIVE.test(k))) as Record<string, string>;
  return simpleGit({
    baseDir: v.soulDir,
    timeout: { block: 120_000 },
    allowEnvironment: Object.keys(env).filter((k) => /^(GIT_|PREFIX$)/i.test(k)),
    unsafe: { allowUnsafeSshCommand: true, allowUnsafeGitProxy: true, allowUnsafeConfigEnvCount: true, allowUnsafeConfigPaths: true, allowUnsafeExec: true, allowUnsafeDiffExternal: true, allowUnsafeTemplateDir: true, allowUnsafeMergeDriver: true },
  }).env(env);
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
  const g = gitFor(v);
  const before = (await g.getRemotes(true)).find((r) => r.name === 'origin')?.refs.fetch;
  const remote = await connectRemote(g, opts.remote, v.root);
  // Offline or refused, the vault stays connected where it was: nothing changed.
  const reconnect = () => (before === remote ? undefined : before === undefined ? g.removeRemote('origin') : g.remote(['set-url', 'origin', before]));
  try {
    const report = await pullAndPush(v, g, remote, opts, signal);
    if (report.offline) await reconnect();
    return report;
  } catch (err) {
    if ((err instanceof CoreSoulError && err.kind === 'refused') || isCancelled(err)) await reconnect();
    throw err;
  }
}

async function pullAndPush(v: Vault, g: SimpleGit, remote: string, opts: SyncOptions, signal?: AbortSignal): Promise<SyncReport> {
  const branch = (await g.raw(['symbolic-ref', '--short', 'HEAD'])).trim();
  const report: SyncReport = { remote, branch, joined: false, offline: false, pulled: 0, pushed: 0, merged: false, warnings: [] };

  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    const fetched = await remoteRefs(g);
    try {
      await g.fetch('origin');
    } catch (err) {
      if (!fs.existsSync(v.mapFile)) throw inputError(`cannot reach the remote ${remote}: ${gitLine(err)}; nothing was changed`);
      return { ...report, offline: true, warnings: [...report.warnings, `offline: cannot reach ${remote} (${gitLine(err)}); nothing was changed`] };
    }
    const upstream = await pinned(g, await remoteBranch(g, branch));
    try {
      signal?.throwIfAborted();
      if (upstream && (await isFresh(v, g))) {
        await join(v, g, upstream, opts);
        report.joined = true;
        // Everything the remote holds came in: a join pulls its whole history.
        report.pulled += Number((await g.raw(['rev-list', '--count', upstream.ref])).trim());
      }
      if (!fs.existsSync(v.mapFile)) throw inputError(`the remote ${remote} holds no soul yet: run coresoul init here, then coresoul sync`);
      report.branch = upstream?.branch ?? branch;
      await withLockAsync(v.lockFile, () => mergeLocked(v, g, upstream?.ref, opts, report));
    } catch (err) {
      // Refused (or stopped): not even the remote-tracking refs keep what was fetched (a later pack, status or plain git pull never meets it).
      if ((err instanceof CoreSoulError && err.kind === 'refused') || isCancelled(err)) await resetRemoteRefs(g, fetched);
      throw err;
    }
    const ahead = Number((await g.raw(['rev-list', '--count', upstream ? `${upstream.ref}..HEAD` : 'HEAD'])).trim());
    if (!ahead) return report;
    try {
      await g.raw(['push', 'origin', `HEAD:${await remoteNamespace(g)}${report.branch}`]);
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

/** The remote-tracking refs of `origin` and their commits. */
async function remoteRefs(g: SimpleGit): Promise<Map<string, string>> {
  const out = await g.raw(['for-each-ref', '--format=%(refname) %(objectname)', 'refs/remotes/origin/']);
  return new Map(out.split('\n').filter(Boolean).map((l) => l.split(' ') as [string, string]));
}

/** Puts the remote-tracking refs back where they were before a fetch. */
async function resetRemoteRefs(g: SimpleGit, was: Map<string, string>): Promise<void> {
  for (const ref of (await remoteRefs(g)).keys()) if (!was.has(ref)) await g.raw(['update-ref', '-d', ref]);
  for (const [ref, id] of was) await g.raw(['update-ref', ref, id]);
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
    execFile('git', args, { cwd: root, env: vaultGitEnv(), timeout: 120_000 }, (err, stdout, stderr) => (err ? reject(new Error(`${stderr}\n${err.message}`)) : resolve(stdout)));
  });
}

/** The URL of the project's own `origin`, or undefined (not a git project, or no remote). */
export async function projectRemote(root: string): Promise<string | undefined> {
  const url = (await projectGit(root, ['config', '--get', 'remote.origin.url']).catch(() => '')).trim();
  if (!url) return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\/|^[^/\\]+@[^/\\]+:/i.test(url) || path.isAbsolute(url) ? url : path.resolve(root, url);
}

/** The namespace the vault's branches are pushed to on `origin`: the project's remote's `refs/coresoul/heads/`, or a remote of its own's `refs/heads/`. */
async function remoteNamespace(g: SimpleGit): Promise<string> {
  const fetch = (await g.raw(['config', '--get', 'remote.origin.fetch']).catch(() => '')).trim();
  return fetch === PROJECT_FETCH ? PROJECT_REFS : 'refs/heads/';
}

/**
 * Sets `origin` when a URL is given (a remote of the vault's own); otherwise the vault's remote,
 * else the project's own `origin`, whose `refs/coresoul/heads/*` then hold the vault's branches.
 */
async function connectRemote(g: SimpleGit, url: string | undefined, root: string): Promise<string> {
  const remotes = await g.getRemotes(true);
  const origin = remotes.find((r) => r.name === 'origin');
  if (url === undefined && !origin) {
    const project = await projectRemote(root);
    if (project) {
      await g.addRemote('origin', project);
      await g.raw(['config', 'remote.origin.fetch', PROJECT_FETCH]);
      return project;
    }
  }
  if (url !== undefined) {
    if (origin && (await remoteNamespace(g)) !== 'refs/heads/') await g.raw(['config', 'remote.origin.fetch', HEADS_FETCH]);
    if (!url.trim() || /[\0\r\n]/.test(url)) throw inputError('expected a git URL or path', 'remote');
    // A local path is kept absolute, so the remote still resolves from the vault's folder.
    const resolved = /^[a-z][a-z0-9+.-]*:\/\/|^[^/\\]+@[^/\\]+:/i.test(url) || !fs.existsSync(url) ? url : path.resolve(url);
    if (!origin) await g.addRemote('origin', resolved);
    else if (origin.refs.fetch !== resolved) await g.remote(['set-url', 'origin', resolved]);
    return resolved;
  }
  if (!origin) throw inputError('this vault has no remote yet, and the project has no origin to share it through: add one (git remote add origin <url>), or run coresoul sync --remote <url> once (any git URL, a local path or a bare repository)', 'remote');
  return origin.refs.fetch;
}

/** The remote branch this vault follows: its own name, else the remote's only (or default) branch. */
async function remoteBranch(g: SimpleGit, local: string): Promise<{ branch: string; ref: string } | undefined> {
  const names = (await g.raw(['for-each-ref', '--format=%(refname:strip=3)', 'refs/remotes/origin/'])).split('\n').filter((n) => n && n !== 'HEAD');
  const pick = names.includes(local) ? local : names.length === 1 ? names[0] : names.find((n) => n === 'main' || n === 'master');
  return pick ? { branch: pick, ref: `refs/remotes/origin/${pick}` } : undefined;
}

/**
 * The remote branch at the commit fetched: what is checked is what is merged, even if another
 * sync fetches meanwhile and moves the remote-tracking ref.
 */
async function pinned(g: SimpleGit, upstream: { branch: string; ref: string } | undefined): Promise<{ branch: string; ref: string } | undefined> {
  return upstream && { branch: upstream.branch, ref: (await g.revparse([`${upstream.ref}^{commit}`])).trim() };
}

/** A vault nothing was written to yet: no commits but init's, no day in its memory map. */
async function isFresh(v: Vault, g: SimpleGit): Promise<boolean> {
  if (!fs.existsSync(v.mapFile)) return true;
  if (Object.keys(readMemoryMap(v).days).length) return false;
  const subjects = await g.raw(['log', '--format=%s']).catch(() => ''); // none on an unborn branch
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
async function join(v: Vault, g: SimpleGit, upstream: { branch: string; ref: string }, opts: SyncOptions): Promise<void> {
  // The whole history taken is read first (nothing of it is here yet, but init's commit).
  const head = (await g.raw(['rev-parse', '-q', '--verify', 'HEAD^{commit}']).catch(() => '')).trim();
  await refuseUnsafeIncoming(v, upstream.ref, head || undefined);
  await g.raw(['checkout', '-f', '-B', upstream.branch, upstream.ref]);
  await g.raw(['branch', `--set-upstream-to=origin/${upstream.branch}`]);
  await initVault(v.root, { clock: opts.clock, cliBundle: opts.cliBundle, git: true });
}

/**
 * Under the vault lock: finish a merge a crash or a hand-edited conflict left, commit what is
 * local, merge what arrived. Writers wait meanwhile, so no line lands in the middle of a merge.
 */
async function mergeLocked(v: Vault, g: SimpleGit, upstream: string | undefined, opts: SyncOptions, report: SyncReport): Promise<void> {
  await ensureDrivers(v, opts);
  if (fs.existsSync(path.join(v.soulDir, '.git', 'MERGE_HEAD'))) {
    // Left by a crash or by a conflict the person has since resolved: complete it.
    const base = (await g.raw(['merge-base', 'HEAD', 'MERGE_HEAD'])).trim();
    const rules = await incomingRules(v, g, base, 'MERGE_HEAD');
    // A crash between the merge and the merging of its memory files left them as git did.
    await resolvedByHand(v, g, await mergeConflicted(v));
    keepReviewedRules(v, rules);
    await finishMerge(v, g, 'sync: merge completed');
    report.merged = true;
    await proposeIncoming(v, rules, opts, report);
  }
  // The common ancestor stays the same through the local commit below, which the remote does not hold.
  const base = upstream ? (await g.raw(['merge-base', 'HEAD', upstream]).catch(() => '')).trim() : '';
  if (upstream && !base) {
    throw refusedError(`the remote holds another soul: its history has nothing in common with this vault's, so nothing was merged or changed (to take that soul, sync it into a folder without a vault)`);
  }
  // Before the local commit below: a refusal leaves HEAD, the index and the files as they were.
  if (upstream) await refuseUnsafeIncoming(v, upstream, 'HEAD');
  await g.add(['-A']);
  if ((await g.raw(['status', '--porcelain'])).trim()) await g.commit('sync: local changes', undefined, { '--no-verify': null });
  if (!upstream) return;
  const behind = Number((await g.raw(['rev-list', '--count', `HEAD..${upstream}`])).trim());
  if (!behind) return;
  report.pulled += behind;
  const ancestor = base === (await g.revparse(['HEAD'])).trim();
  const rules = await incomingRules(v, g, base, upstream);
  if (ancestor) {
    await g.raw(['merge', '--ff-only', upstream]);
    if (keepReviewedRules(v, rules)) {
      await g.add(['-A']);
      await g.commit('sync: the team\'s rules as reviewed here (the remote\'s change waits for review)', undefined, { '--no-verify': null });
    }
    await proposeIncoming(v, rules, opts, report);
    return;
  }
  try {
    // The memory files both sides changed are left conflicted, then merged here, all in this process.
    await g.raw([...DEFERRED_DRIVERS, 'merge', '--no-ff', '--no-commit', '--no-edit', upstream]);
  } catch (err) {
    if (!fs.existsSync(path.join(v.soulDir, '.git', 'MERGE_HEAD'))) throw vaultError(`the merge of the remote's work did not start: ${gitLine(err)}`);
  }
  await resolvedByHand(v, g, await mergeConflicted(v));
  keepReviewedRules(v, rules);
  await finishMerge(v, g, `sync: merge ${behind} commit(s) from the remote`);
  report.merged = true;
  await proposeIncoming(v, rules, opts, report);
}

/** `.gitattributes` and the drivers in `.git/config`, for a vault made before sync existed. */
async function ensureDrivers(v: Vault, opts: SyncOptions): Promise<void> {
  createExclusive(path.join(v.soulDir, '.gitattributes'), VAULT_GITATTRIBUTES);
  excludeLocalPaths(v);
  mergeRecordAsUnion(v);
  // Nothing personal is ever pushed: a profile an older vault kept in the shared tree moves out first.
  movePersonal(v);
  recordTips(v);
  const cli = path.join(v.binDir, 'coresoul.js');
  const driver = fs.existsSync(cli) ? cli : opts.cliBundle;
  if (driver) await registerMergeDrivers(v, driver);
}

const CONFLICT_MARK = /^(<{7}|>{7}) /m;

/** Files a merge left in conflict that the person has since resolved are marked so; any still holding markers stop the sync. */
async function resolvedByHand(v: Vault, g: SimpleGit, why: string[] = []): Promise<void> {
  const unmerged = [...new Set((await g.raw(['diff', '--name-only', '--diff-filter=U'])).split('\n').filter(Boolean))];
  const open = unmerged.filter((f) => {
    const file = path.join(v.soulDir, f);
    return fs.existsSync(file) && CONFLICT_MARK.test(fs.readFileSync(file, 'utf8'));
  });
  if (open.length) {
    const shown = open.map((f) => rel(v, path.join(v.soulDir, f))).join(', ');
    const reason = why.length ? ` (${[...new Set(why)].join('; ')})` : '';
    throw inputError(`sync is waiting for you: ${shown} could not be merged without losing something${reason} and holds both sides between conflict markers; edit it, then run coresoul sync again`);
  }
  if (unmerged.length) await g.raw(['add', '-A', '--', ...unmerged]);
}

/** The derived counts of memory_map.md as the merged files make them, then the merge commit. */
async function finishMerge(v: Vault, g: SimpleGit, message: string): Promise<void> {
  if (fs.existsSync(v.mapFile)) writeMemoryMap(v, readMemoryMap(v));
  await g.add(['-A']);
  await g.commit(message, undefined, { '--no-verify': null });
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

async function incomingRules(v: Vault, g: SimpleGit, base: string, upstream: string): Promise<IncomingRules> {
  const out: IncomingRules = { ours: new Map(), changed: [] };
  // Both sides of both files in one git call.
  const versions = (await readObjects(v, RULES.flatMap((file) => [`HEAD:${file}`, `${upstream}:${file}`]))).map((b) => b?.toString('utf8'));
  for (const [i, file] of RULES.entries()) {
    const [mine, theirs] = versions.slice(2 * i, 2 * i + 2);
    out.ours.set(file, mine);
    if (theirs === undefined || theirs === mine) continue;
    // A merge commit that kept its own side changed nothing: only commits that made a change count.
    const commit = (await g.raw(['log', '-1', '--no-merges', '--format=%h', `${base}..${upstream}`, '--', file])).trim();
    if (commit) out.changed.push({ file, theirs, commit });
  }
  return out;
}

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
  const g = gitFor(v);
  const branch = (await g.raw(['symbolic-ref', '--short', 'HEAD']).catch(() => '')).trim();
  const upstream = branch ? await remoteBranch(g, branch) : undefined;
  if (!upstream) return undefined;
  const [ahead, behind] = (await g.raw(['rev-list', '--left-right', '--count', `HEAD...${upstream.ref}`])).trim().split(/\s+/).map(Number);
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

/**
 * The vault's own git repository (`.CoreSoul/.git`): every write batch, compression and
 * persona change becomes a commit, so nothing is lost and everything can be reverted.
 * Calls the git executable directly: a CLI write must stay quick, and a wrapper library
 * cost more start-up time than the git commands themselves.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { vaultError } from '../shared/errors';
import { isDirectory, withLockAsync } from '../shared/fs';
import { repoHead } from './gitHead';
import type { Vault } from './layout';
import { PERSONAL_DIR } from './localPaths';
import { childProcess, nodeCrypto } from '../shared/nodeLazy';

/** The identity `initHistory` gives a vault whose user has none configured: nobody's name (memory/author.ts). */
export const STAND_IN_IDENTITY = { name: 'Core Soul', email: 'coresoul@localhost' };

/** The one wording of work that is on disk but not in the vault history yet; `done` says what ("written"). */
export const notCommitted = (done: string, problem: string) => `${done}, but not committed to the vault history yet: ${problem}`;

export function hasHistory(v: Vault): boolean {
  return fs.existsSync(path.join(v.soulDir, '.git'));
}

/**
 * The environment for vault git calls. Variables that point git at another repository are
 * dropped: called from inside a git hook of the user's project (GIT_DIR set), git must still
 * work on `.CoreSoul/.git`, not commit the vault into the project.
 */
export function vaultGitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { GIT_TERMINAL_PROMPT: '0' };
  for (const [k, val] of Object.entries(process.env)) {
    if (!/^GIT_(DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|COMMON_DIR|NAMESPACE|PREFIX)$/.test(k)) env[k] ??= val;
  }
  return env;
}

/** What a git command said, and its exit code. */
export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs git in the vault folder (`input` on its stdin); resolves with its exit code and output,
 * rejects only when git cannot run. An `input` still being made (a promise) is written when it
 * is ready: git starts meanwhile, so its start overlaps the work that makes its input (an input
 * that fails is an empty one; its failure is the caller's to see). `env`: variables added to
 * the vault's git environment (vaultGitEnv).
 */
export function git(v: Vault, args: string[], input?: string | Promise<string>, env?: NodeJS.ProcessEnv): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = childProcess().execFile('git', args, { cwd: v.soulDir, maxBuffer: 64 * 1024 * 1024, env: { ...vaultGitEnv(), ...env } }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') reject(vaultError(`cannot run git (${err.message.split('\n')[0]}); install git, or run init with --no-git`));
      else resolve({ code: err ? (err.code as number) : 0, stdout, stderr });
    });
    child.stdin?.on('error', () => {}); // git's exit code tells what went wrong
    writeWhenReady(child.stdin, input ?? '');
  });
}

/** Ends `stdin` with `input`, now or when it is ready (empty if it fails). */
function writeWhenReady(stdin: NodeJS.WritableStream | null, input: string | Promise<string>): void {
  if (typeof input === 'string') stdin?.end(input);
  else input.then((text) => stdin?.end(text), () => stdin?.end(''));
}

/** Runs git in the vault folder (`input` on its stdin); its output, or a one-line error (gitFailure) when it failed. */
export async function gitOk(v: Vault, args: string[], input?: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const r = await git(v, args, input, env);
  if (r.code !== 0) throw gitFailure(v, args, r);
  return r.stdout;
}

/** A git command that failed, in one line: which (its first word after any `-c` option), where, and the first line of what git said. */
const gitFailure = (v: Vault, args: string[], r: { stdout: string; stderr: string }) =>
  vaultError(`git ${args.find((a, i) => !a.startsWith('-') && args[i - 1] !== '-c') ?? args[0]} failed in ${v.soulDir}: ${(r.stderr || r.stdout).trim().split('\n')[0]}`);

/** Creates the vault repository; gives it a local identity when the user has none configured. */
export async function initHistory(v: Vault): Promise<void> {
  await gitOk(v, ['init', '-q']);
  const email = await git(v, ['config', '--get', 'user.email']);
  if (!email.stdout.trim()) {
    await gitOk(v, ['config', 'user.name', STAND_IN_IDENTITY.name]);
    await gitOk(v, ['config', 'user.email', STAND_IN_IDENTITY.email]);
  }
}

/**
 * The message of a history's first commit: a trailer names this soul, so two vaults made from the
 * same template in the same second still have different roots, and sync can tell one soul from
 * another by their histories (docs/sync.md).
 */
export const firstCommitMessage = (subject: string) => `${subject}\n\nSoul-Id: ${nodeCrypto().randomUUID()}`;

export interface CommitResult {
  committed: boolean;
  hash?: string;
}

/**
 * Commits every change in the vault, if there is any. A vault without history is left alone.
 * Commits take turns: git allows one at a time in a repository (its index.lock), and parallel
 * writes — an agent's parallel tool calls in one MCP server, several CLI calls at once — each
 * commit after appending. Within a process they queue; across processes they hold the vault's
 * commit lock (`.CoreSoul/.git/coresoul-commit.lock`). A commit that finds its lines already
 * taken by the one before it has nothing left to do, which is not a failure: every line ends up
 * committed, with no warning. `tidy`: let git do its housekeeping after this commit.
 */
export function commitVault(v: Vault, message: string, opts: { tidy?: boolean } = {}): Promise<CommitResult> {
  if (!hasHistory(v)) return Promise.resolve({ committed: false });
  const prev = commitQueue.get(v.soulDir) ?? Promise.resolve();
  const mine = prev.then(() => withCommitLock(v, () => commitNow(v, message, opts.tidy)));
  const settled = mine.catch(() => undefined);
  commitQueue.set(v.soulDir, settled);
  void settled.then(() => commitQueue.get(v.soulDir) === settled && commitQueue.delete(v.soulDir));
  return mine;
}

/** The vault's commit lock, in its git folder: out of the vault's files (pack, listings), with git's own locks. */
const COMMIT_LOCK = 'coresoul-commit.lock';

/** Runs `fn` while no vault commit (commitVault) can start: a sync moves HEAD to its merge under it. */
export const withCommitLock = <T>(v: Vault, fn: () => Promise<T>): Promise<T> => withLockAsync(path.join(v.soulDir, '.git', COMMIT_LOCK), fn);
/** Vault folder → the last commit queued in this process. */
const commitQueue = new Map<string, Promise<unknown>>();

async function commitNow(v: Vault, message: string, tidy = false): Promise<CommitResult> {
  // A sync merge waiting for the person: committing now would conclude it with the conflict markers.
  if (fs.existsSync(path.join(v.soulDir, '.git', 'MERGE_HEAD')) && (await gitOk(v, ['diff', '--name-only', '--diff-filter=U'])).trim()) {
    throw vaultError('a sync merge is waiting for you to resolve its conflict (run: coresoul sync)');
  }
  await commitPersonal(v, message);
  await gitOk(v, ['add', '-A']);
  // Two git calls for a write: nothing staged is found out only when the commit fails; git's own
  // housekeeping (packing loose objects, `gc --auto`) only with `tidy`, the weekly compression's
  // commit; the new commit's id is read from .git.
  const done = await git(v, ['-c', `maintenance.auto=${tidy}`, 'commit', '-q', '--no-verify', '-m', message]);
  if (done.code !== 0) {
    if ((await git(v, ['diff', '--cached', '--quiet'])).code === 0) return { committed: false };
    throw gitFailure(v, ['commit'], done);
  }
  return { committed: true, hash: repoHead(v.soulDir)?.commit ?? (await gitOk(v, ['rev-parse', 'HEAD'])).trim() };
}


export interface HistoryState {
  enabled: boolean;
  head?: string;
  commits?: number;
  dirty?: boolean;
}

export async function historyState(v: Vault): Promise<HistoryState> {
  if (!hasHistory(v)) return { enabled: false };
  const head = await git(v, ['rev-parse', '--short', 'HEAD']);
  const commits = head.code === 0 ? Number((await gitOk(v, ['rev-list', '--count', 'HEAD'])).trim()) : 0;
  const dirty = (await gitOk(v, ['status', '--porcelain'])).trim() !== '';
  return { enabled: true, ...(head.code === 0 && { head: head.stdout.trim() }), commits, dirty };
}

/**
 * `git cat-file --batch[-check]` of many objects in one call: type, size and (with --batch) the
 * bytes, by object id. Ids still being found (a promise): git starts now and is asked once they are.
 */
export async function catFile(v: Vault, shas: string[] | Promise<string[]>, mode: '--batch' | '--batch-check'): Promise<Map<string, { type: string; size: number; body?: Buffer }>> {
  const out = new Map<string, { type: string; size: number; body?: Buffer }>();
  for (const { sha, type, size, body } of await catFileInOrder(v, shas, mode)) out.set(sha, { type, size, ...(body && { body }) });
  return out;
}

/**
 * The bytes of each of `names` (an object id, or `<rev>:<path>`), in their order, in one
 * `git cat-file --batch`; undefined where there is no such object.
 */
export async function readObjects(v: Vault, names: string[]): Promise<(Buffer | undefined)[]> {
  return (await readNamed(v, names)).map((o) => o?.body);
}

/**
 * Each of `names` (an object id, or `<rev>:<path>`) as `readObjects` reads it, with its id and
 * type. Names still being found (a promise): git starts now and is asked once they are.
 */
export async function readNamed(v: Vault, names: string[] | Promise<string[]>): Promise<({ id: string; type: string; body: Buffer } | undefined)[]> {
  return (await catFileInOrder(v, names, '--batch')).map((o) => (o.type === 'missing' ? undefined : { id: o.sha, type: o.type, body: o.body ?? Buffer.alloc(0) }));
}

/** What `git cat-file` answers for each of `names`, in order (`sha` is the object's id, or the name when it is missing). */
function catFileInOrder(v: Vault, names: string[] | Promise<string[]>, mode: '--batch' | '--batch-check'): Promise<{ sha: string; type: string; size: number; body?: Buffer }[]> {
  return new Promise((resolve, reject) => {
    const child = childProcess().spawn('git', ['cat-file', mode], { cwd: v.soulDir, env: vaultGitEnv() });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.stdin.on('error', () => {}); // a git that ended before it was asked: what it printed says
    child.on('close', () => {
      const all = Buffer.concat(chunks);
      const out: { sha: string; type: string; size: number; body?: Buffer }[] = [];
      let at = 0;
      while (at < all.length) {
        const eol = all.indexOf(10, at);
        const header = all.subarray(at, eol).toString();
        at = eol + 1;
        // "<name> missing" (the name may hold spaces), else "<sha> <type> <size>".
        if (header.endsWith(' missing')) {
          out.push({ sha: header.slice(0, -' missing'.length), type: 'missing', size: 0 });
          continue;
        }
        const [sha, type, size] = header.split(' ');
        const n = Number(size);
        if (mode === '--batch') {
          out.push({ sha, type, size: n, body: all.subarray(at, at + n) });
          at += n + 1;
        } else out.push({ sha, type, size: n });
      }
      resolve(out);
    });
    writeWhenReady(child.stdin, Array.isArray(names) ? lines(names) : names.then(lines));
  });
}

const lines = (names: string[]) => names.map((s) => `${s}\n`).join('');

/**
 * Commits the personal scope's changes to its own history, when it has one and something in it
 * is newer than its last commit's index (one stat per file: a write that learnt nothing pays no
 * git call).
 */
async function commitPersonal(v: Vault, message: string): Promise<void> {
  const dir = path.join(v.soulDir, PERSONAL_DIR);
  const index = fs.statSync(path.join(dir, '.git', 'index'), { throwIfNoEntry: false });
  if (!isDirectory(path.join(dir, '.git'))) return;
  if (index && !newerThan(dir, index.mtimeMs)) return;
  const p: Vault = { ...v, soulDir: dir };
  await git(p, ['add', '-A']);
  if ((await git(p, ['diff', '--cached', '--quiet'])).code === 0) return;
  const id = (await git(p, ['config', '--get', 'user.email'])).stdout.trim() ? [] : ['-c', 'user.name=Core Soul', '-c', 'user.email=coresoul@localhost'];
  await git(p, [...id, 'commit', '-q', '--no-verify', '-m', message]);
}

function newerThan(dir: string, ms: number): boolean {
  if (fs.statSync(dir).mtimeMs > ms) return true; // a file added or removed
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === '.git') continue;
    const p = path.join(dir, e.name);
    const st = fs.statSync(p);
    if (st.mtimeMs > ms || (e.isDirectory() && newerThan(p, ms))) return true;
  }
  return false;
}

/**
 * File primitives: atomic rewrites, whole-line appends and a cross-process lock. Inside a vault
 * no write follows a symbolic link (docs/trust.md#threat-model): a link planted in the vault
 * (by a remote, an archive, another program) must never carry a write to a file outside it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fsError, refusedError, vaultError } from './errors';

/** The vault's folder in a workspace; named here because the write guard below looks for it. */
export const SOUL_DIR = '.CoreSoul';

const VAULT_MARK = `${path.sep}${SOUL_DIR}${path.sep}`;

/**
 * Why a write to `file` would not stay a plain file inside its vault, or undefined: a symbolic
 * link (dangling or not), a fifo, socket or device on the way from the vault's folder down to it
 * or as the file itself. The vault's folder itself may be a link (a worktree sharing its main
 * worktree's vault): the person made it. Files outside a vault are not judged here.
 */
export function writePathProblem(file: string, opts: { foldersOnly?: boolean } = {}): string | undefined {
  const abs = path.resolve(file);
  const at = abs.lastIndexOf(VAULT_MARK);
  if (at === -1) return undefined;
  // Every write asks, so the usual answer is quick: the same regular file as found in place
  // before (one lstat); else its folder resolves to where its path says and the file is plain.
  const st = opts.foldersOnly ? undefined : lstatQuiet(abs);
  if (resolvedInPlace(abs, at, st) && (opts.foldersOnly || !st || st.isFile() || st.isDirectory())) return undefined;
  return culprit(abs, at, opts);
}

/**
 * Whether the file `abs` (its vault folder's mark at `at`), whose status is `st` if it exists,
 * is where its path says: the same regular file as found in place before, or in a folder that
 * resolves to where its path says (a regular file is then known in place by its identity).
 */
function resolvedInPlace(abs: string, at: number, st: fs.Stats | undefined | null): boolean {
  const id = st?.isFile() ? identity(st) : undefined;
  if (id && inPlace.get(abs) === id) return true;
  if (!resolvesInPlace(abs.slice(0, at + VAULT_MARK.length - 1), path.dirname(abs))) return false;
  if (id) inPlace.set(abs, id);
  return true;
}

/** What on the way from the vault folder to `abs` is a link or special file (a folder not made yet: nothing, mkdir makes it plain). */
function culprit(abs: string, at: number, opts: { foldersOnly?: boolean }): string | undefined {
  const vault = abs.slice(0, at + VAULT_MARK.length - 1);
  const parts = abs.slice(at + VAULT_MARK.length).split(path.sep);
  if (opts.foldersOnly) parts.pop();
  let p = vault;
  let shown = SOUL_DIR;
  for (let i = 0; i < parts.length; i++) {
    p += path.sep + parts[i];
    shown += `/${parts[i]}`;
    const st = fs.lstatSync(p, { throwIfNoEntry: false });
    if (!st) return undefined; // the rest is created as plain folders and a plain file
    if (st.isSymbolicLink()) return `${shown} is a symbolic link`;
    // A plain file where a folder should be (or the reverse) is a damaged vault: the write itself says so.
    if (!st.isFile() && !st.isDirectory()) return `${shown} is not a regular file (a fifo, socket or device)`;
    if (!st.isDirectory()) return undefined;
  }
  return undefined;
}

// The vault folder's own real path (it may be a link the person made), once per process.
const realVaults = new Map<string, string>();
// Folders and regular files found in place, by path → what the path reached (device and inode).
// A path that still reaches the same folder or file writes where it did then, whatever it is made of now.
const inPlace = new Map<string, string>();
const identity = (st: fs.Stats) => `${st.dev}:${st.ino}`;

/** Whether `dir`, inside the vault folder `vault`, exists and resolves to the same place through no link. */
function resolvesInPlace(vault: string, dir: string): boolean {
  try {
    const id = identity(fs.statSync(dir));
    if (inPlace.get(dir) === id) return true;
    let real = realVaults.get(vault);
    if (real === undefined) realVaults.set(vault, (real = fs.realpathSync.native(vault)));
    if (fs.realpathSync.native(dir) !== path.join(real, path.relative(vault, dir))) return false;
    inPlace.set(dir, id);
    return true;
  } catch {
    return false;
  }
}

/** The file's own status (not following it); undefined when nothing is there; null when it cannot be told (the write says why). */
function lstatQuiet(file: string): fs.Stats | undefined | null {
  try {
    return fs.lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return null; // a file where a folder should be, no permission…
  }
}

/** Throws a one-line refusal when a write to `file` would follow a link or reach a special file (writePathProblem). */
export function assertPlainWrite(file: string, opts: { foldersOnly?: boolean } = {}): void {
  const why = writePathProblem(file, opts);
  if (why) throw refusal(file, why);
}

const refusal = (file: string, why: string) => refusedError(`refused to write ${shownFile(file)}: ${why}; writes never follow links out of the vault (remove it, or replace it with a plain file)`);

/** A file opened for appendLines by openForAppend, with its status when opened. */
export interface OpenedFile {
  file: string;
  fd: number;
  st: fs.Stats;
}

/**
 * Descriptors of the files this process appended to through openForAppend, kept open for the
 * next write (a memory write appends to the same day file and notes again and again): taken
 * again only while the path, not followed, names the very file it was opened as (a regular file,
 * the same device and inode), so a link or another file put in its place since is opened (and
 * judged) afresh. At most OPEN_KEPT, the oldest closed first; none on Windows, where an open
 * file keeps its folder from being removed.
 */
const keptOpen = new Map<string, { fd: number; dev: number; ino: number }>();
const OPEN_KEPT = process.platform === 'win32' ? 0 : 8;

/** The kept descriptor of `file`, with the path's status, when the path still names that very file. */
function takeKept(file: string): OpenedFile | undefined {
  const kept = keptOpen.get(file);
  if (!kept) return undefined;
  keptOpen.delete(file);
  let st: fs.Stats | undefined;
  try {
    st = fs.lstatSync(file, { throwIfNoEntry: false });
  } catch {
    st = undefined; // a folder on the way is no folder now: opened afresh, which says so
  }
  if (st?.isFile() && st.dev === kept.dev && st.ino === kept.ino) return { file, fd: kept.fd, st };
  fs.closeSync(kept.fd);
  return undefined;
}

/** Keeps `o`'s descriptor open for the next write to its file (see keptOpen), else closes it. */
function keepOpen(o: OpenedFile): void {
  if (!OPEN_KEPT) return fs.closeSync(o.fd);
  keptOpen.set(o.file, { fd: o.fd, dev: o.st.dev, ino: o.st.ino });
  for (const [file, kept] of keptOpen) {
    if (keptOpen.size <= OPEN_KEPT) break;
    keptOpen.delete(file);
    fs.closeSync(kept.fd);
  }
}

/**
 * Opens a file for appendLines, checked as assertPlainWrite checks it but through the open
 * itself: O_NOFOLLOW refuses a link as the file, fstat a fifo, socket or device, and the file
 * opened must be the one its path reaches through no link (known by its identity once its
 * folder was resolved). Undefined when the file does not exist yet (its folders are checked:
 * appendLines creates it). A write that opens every file it touches first refuses before its
 * first line, and pays no separate look at each file.
 */
export function openForAppend(file: string): OpenedFile | undefined {
  const kept = takeKept(file);
  if (kept) return kept;
  let fd: number;
  try {
    fd = fs.openSync(file, APPEND_EXISTING);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      assertPlainWrite(file);
      return undefined;
    }
    assertPlainWrite(file); // a link (as the file or on the way) is named; else the error as it is
    throw linkError(err, file) ?? fsError(err, 'append to', file);
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw refusal(file, 'it is not a regular file (a fifo, socket or device)');
    const abs = path.resolve(file);
    const at = abs.lastIndexOf(VAULT_MARK);
    if (at !== -1 && !resolvedInPlace(abs, at, st)) {
      const why = culprit(abs, at, {});
      if (why) throw refusal(file, why);
    }
    return { file, fd, st };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

/** Closes what openForAppend opened and was not handed to appendLines. */
export function closeOpened(opened: (OpenedFile | undefined)[]): void {
  for (const o of opened) if (o) fs.closeSync(o.fd);
}

/** Creates a folder (and its parents) unless a link or special file on the way under `.CoreSoul/` would lead it elsewhere. */
export function makeDir(dir: string): void {
  assertPlainWrite(path.join(dir, '-'), { foldersOnly: true });
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw fsError(err, 'create the folder', dir);
  }
}

/** A vault file as the user sees it (`.CoreSoul/memory/…`), else the path as given. */
function shownFile(file: string): string {
  const abs = path.resolve(file);
  const at = abs.lastIndexOf(VAULT_MARK);
  return at === -1 ? file : `${SOUL_DIR}/${abs.slice(at + VAULT_MARK.length).split(path.sep).join('/')}`;
}

/** Flushes a folder's entries (renames, removals) to disk; a no-op where folders cannot be opened. */
export function syncDirectory(dir: string): void {
  let fd: number;
  try {
    fd = fs.openSync(dir, 'r');
  } catch {
    return; // Windows: folders cannot be opened, and NTFS journals the rename itself
  }
  try {
    fs.fsyncSync(fd);
  } catch {
    /* some file systems do not sync folders; the rename is then as durable as they make it */
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Replaces a file's content all at once: a reader sees the old file or the new one, never half.
 * `durable: false` for a cache, which may be lost with a crash (it is made again) and need not
 * wait for the disk.
 */
export function atomicWrite(file: string, data: string | Uint8Array, opts: { durable?: boolean } = {}): void {
  const tmp = writeTemp(file, data);
  try {
    if (opts.durable !== false) fs.fsyncSync(tmp.fd);
  } catch (err) {
    discard(tmp);
    throw fsError(err, 'write', file);
  }
  fs.closeSync(tmp.fd);
  renameInto(tmp.path, file);
}

/**
 * Replaces several files' contents, each all at once and durably (as atomicWrite does): every
 * new content is written, then sent to the disk together — the disk is waited for once, not once
 * per file — before any file is replaced. A failure to write replaces none.
 */
export async function atomicWriteAll(files: { file: string; data: string | Uint8Array }[]): Promise<void> {
  const temps: { path: string; fd: number }[] = [];
  try {
    for (const { file, data } of files) temps.push(writeTemp(file, data));
  } catch (err) {
    temps.forEach(discard);
    throw err;
  }
  const synced = await Promise.allSettled(temps.map((t) => new Promise<void>((resolve, reject) => fs.fsync(t.fd, (err) => (err ? reject(err) : resolve())))));
  const failed = synced.findIndex((r) => r.status === 'rejected');
  if (failed !== -1) {
    temps.forEach(discard);
    throw fsError((synced[failed] as PromiseRejectedResult).reason, 'write', files[failed].file);
  }
  for (const t of temps) fs.closeSync(t.fd);
  for (const [i, { file }] of files.entries()) renameInto(temps[i].path, file);
}

/** Writes `data` to a new temporary file beside `file`; returns its path and its descriptor, still open. */
function writeTemp(file: string, data: string | Uint8Array): { path: string; fd: number } {
  assertPlainWrite(file);
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  let fd: number | undefined;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fd = fs.openSync(tmp, CREATE_NEW);
    writeAll(fd, typeof data === 'string' ? Buffer.from(data) : data);
    return { path: tmp, fd };
  } catch (err) {
    if (fd !== undefined) discard({ path: tmp, fd });
    else fs.rmSync(tmp, { force: true });
    throw fsError(err, 'write', file);
  }
}

/** Closes and removes a temporary file that will not replace anything. */
function discard(tmp: { path: string; fd: number }): void {
  fs.closeSync(tmp.fd);
  fs.rmSync(tmp.path, { force: true });
}

function renameInto(tmp: string, file: string): void {
  try {
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw fsError(err, 'write', file);
  }
}

export interface Appended {
  /** File size before the append. */
  sizeBefore: number;
  /** File size after it. */
  sizeAfter: number;
  /** What was written before `lines`: a header for a new file, or a newline to end a partial line. */
  added: string;
}

export interface AppendOptions {
  /** Written first when the file is new or empty (a title, front matter). */
  header?: string;
  /** False: the file must exist already (ENOENT is thrown as is, for the caller to handle). */
  create?: boolean;
  /** The file as openForAppend opened it: appended to and closed, not opened again. */
  opened?: OpenedFile;
}

/**
 * Appends whole lines with one O_APPEND write, so concurrent appenders never split each
 * other's lines. If the file ends mid-line (edited by hand), a newline goes first. A link as the
 * file itself is refused by the open (O_NOFOLLOW); the folders on the way are the caller's to
 * check with assertPlainWrite first — writeMemory checks every file a write touches before its
 * first line, so a refusal never leaves half a write (and the append path, the hottest one, pays
 * for each check once).
 */
export function appendLines(file: string, lines: string, opts: AppendOptions = {}): Appended {
  let fd: number;
  if (opts.opened) fd = opts.opened.fd;
  else {
    try {
      fd = fs.openSync(file, opts.create === false ? APPEND_EXISTING : APPEND_OR_CREATE);
    } catch (err) {
      if (opts.create === false && (err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
      throw linkError(err, file) ?? fsError(err, 'append to', file);
    }
  }
  let closeAfter = false;
  try {
    // A fifo, socket or device opens like a file: refused unless this process appended to it as a file before.
    if (!opts.opened && !newlineEnded.has(file) && !fs.fstatSync(fd).isFile()) throw refusal(file, 'it is not a regular file (a fifo, socket or device)');
    const { size, endsWithNewline } = fileEnd(file, fd, opts.opened?.st);
    const head = size === 0 ? (opts.header ?? '') : endsWithNewline ? '' : '\n';
    const data = head + lines;
    const bytes = fs.writeSync(fd, data); // one call, so the appended lines land whole
    if (bytes !== Buffer.byteLength(data)) throw vaultError(`short write to ${file}: ${bytes} bytes written`);
    if (lines.endsWith('\n')) newlineEnded.set(file, size + bytes);
    return { sizeBefore: size, sizeAfter: size + bytes, added: head };
  } catch (err) {
    closeAfter = true;
    throw fsError(err, 'append to', file);
  } finally {
    if (closeAfter || !opts.opened) fs.closeSync(fd);
    else keepOpen(opts.opened);
  }
}

/** Creates a file only if it does not exist yet; returns false when it already did. */
export function createExclusive(file: string, text: string): boolean {
  assertPlainWrite(file, { foldersOnly: true }); // O_EXCL never follows the file itself: a link there is "already exists"
  let fd: number;
  try {
    fd = openExclusive(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw fsError(err, 'create', file);
  }
  try {
    writeAll(fd, Buffer.from(text));
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

// O_NOFOLLOW: a link put in place after the check above still fails the open (undefined, so 0, on Windows).
const { O_RDWR, O_WRONLY, O_APPEND, O_CREAT, O_EXCL, O_TRUNC, O_NOFOLLOW = 0 } = fs.constants;
const APPEND_EXISTING = O_RDWR | O_APPEND | O_NOFOLLOW;
const APPEND_OR_CREATE = O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW;
const CREATE_NEW = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/** An open refused by O_NOFOLLOW (ELOOP; EMLINK on FreeBSD) as the one-line refusal. */
function linkError(err: unknown, file: string) {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ELOOP' || code === 'EMLINK' ? refusal(file, 'it is a symbolic link') : undefined;
}

// Size of each file after our own last append to it, which ended with a newline.
const newlineEnded = new Map<string, number>();
const tail = Buffer.alloc(2);

/**
 * The file's size and whether it ends with a newline. When we appended last, one 2-byte read at
 * our last newline proves both (exactly 1 byte comes back only if the size is unchanged), which
 * is cheaper than fstat; otherwise fstat (or `st`, its status when opened) and a read of the
 * last byte. (A hand edit may keep the size and change the last byte: the byte is always read.)
 */
function fileEnd(file: string, fd: number, st?: fs.Stats): { size: number; endsWithNewline: boolean } {
  const ours = newlineEnded.get(file);
  if (ours !== undefined && (!st || st.size === ours) && fs.readSync(fd, tail, 0, 2, ours - 1) === 1 && tail[0] === 0x0a) return { size: ours, endsWithNewline: true };
  const { size } = st ?? fs.fstatSync(fd);
  return { size, endsWithNewline: size > 0 && fs.readSync(fd, tail, 0, 1, size - 1) === 1 && tail[0] === 0x0a };
}

function openExclusive(file: string): number {
  try {
    return fs.openSync(file, CREATE_NEW);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return fs.openSync(file, CREATE_NEW);
  }
}

function writeAll(fd: number, buf: Uint8Array): void {
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

export function readTextIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fsError(err, 'read', file);
  }
}

export function isDirectory(p: string): boolean {
  return fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

// ---- lock -------------------------------------------------------------------------------

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const WAIT_MS = 60_000;

/**
 * Runs `fn` while holding `lockFile`, which holds its owner's pid. Re-entrant within a process.
 * A lock whose owner is gone is taken over, so a crashed writer never blocks the vault for good.
 *
 * The lock is kept until the synchronous run that took it ends (a queued microtask), so a run of
 * many calls — rememberAll's entries, a loop of writes — takes it once, not once per call: other
 * processes wait for the run as they waited for each call, and their locked work lands before or
 * after it, never inside. It is let go sooner when a call that took it fails (the vault as it
 * was), when this process must wait for a lock (two processes each keeping one vault's lock and
 * wanting the other's never wait on each other), before this process starts another
 * (shared/nodeLazy.ts: git hooks or a coresoul call there may need it), and on exit.
 */
export function withLock<T>(lockFile: string, fn: () => T): T {
  const entered = enter(lockFile);
  let done = false;
  try {
    const result = fn();
    done = true;
    return result;
  } finally {
    leave(lockFile, entered, done);
  }
}

/** `withLock` for work that awaits (sync's merge); writers in other processes wait meanwhile. */
export async function withLockAsync<T>(lockFile: string, fn: () => Promise<T>): Promise<T> {
  const entered = enter(lockFile);
  let done = false;
  try {
    const result = await fn();
    done = true;
    return result;
  } finally {
    leave(lockFile, entered, done);
  }
}

/** The depth re-entered, and whether this call took the lock (it was neither held nor kept). */
function enter(lockFile: string): { depth: number; took: boolean } {
  const depth = held.get(lockFile) ?? 0;
  const took = depth === 0 && !kept.delete(lockFile);
  if (took) acquire(lockFile);
  held.set(lockFile, depth + 1);
  return { depth, took };
}

/** `done`: the call returned. One that threw (a refused write, say) leaves the lock as it found it: let go at once if it took it. */
function leave(lockFile: string, { depth, took }: { depth: number; took: boolean }, done: boolean): void {
  held.set(lockFile, depth);
  if (depth !== 0) return;
  if (!done && took) return unlock(lockFile);
  kept.add(lockFile);
  if (!releaseQueued) {
    releaseQueued = true;
    queueMicrotask(() => {
      releaseQueued = false;
      releaseKeptLocks();
    });
  }
}

const held = new Map<string, number>(); // lock file → re-entry depth in this process
const kept = new Set<string>(); // locks no call holds any more, kept until this synchronous run ends
let releaseQueued = false;

/** Lets go of the locks this process keeps only until its synchronous run ends (see withLock). */
export function releaseKeptLocks(): void {
  for (const lockFile of kept) {
    kept.delete(lockFile);
    unlock(lockFile);
  }
}

function unlock(lockFile: string): void {
  try {
    fs.unlinkSync(lockFile);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw fsError(err, 'unlock', lockFile);
  }
}

process.once('exit', () => {
  releaseKeptLocks();
  anchors.forEach((a) => fs.rmSync(a, { force: true }));
});

function acquire(lockFile: string): void {
  if (tryLock(lockFile)) return; // the usual case, kept free of the waiting loop's bookkeeping
  releaseKeptLocks(); // whoever holds this one may be waiting for one this process keeps
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    if (tryLock(lockFile)) return;
    if (isStale(lockFile)) {
      // Rename first so that only one waiter removes a given stale lock.
      const grave = `${lockFile}.${process.pid}.stale`;
      try {
        const owner = fs.readFileSync(lockFile, 'utf8');
        fs.renameSync(lockFile, grave);
        fs.rmSync(grave, { force: true });
        if (/^\d+$/.test(owner)) fs.rmSync(`${lockFile}.${owner}`, { force: true }); // its anchor
      } catch {
        /* another waiter took it over first */
      }
      continue;
    }
    if (Date.now() > deadline) throw vaultError(`vault is busy: ${lockFile} held for over ${WAIT_MS / 1000} s`);
    Atomics.wait(sleeper, 0, 0, Math.min(1 + attempt, 20));
  }
}

/**
 * Taking the lock is one hard link from this process's anchor file (which holds its pid) to the
 * lock name: atomic, fails if the lock exists, and cheaper than creating a file, which keeps
 * every memory write quick. Where hard links are not supported, an O_EXCL file does the same.
 */
const anchors = new Map<string, string>();

function tryLock(lockFile: string): boolean {
  const anchor = anchorFor(lockFile);
  try {
    fs.linkSync(anchor, lockFile);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'ENOENT' && fs.existsSync(path.dirname(lockFile))) {
      anchors.delete(lockFile); // someone removed our anchor: make a new one
      return tryLock(lockFile);
    }
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw fsError(err, 'lock', lockFile);
  }
  try {
    const fd = fs.openSync(lockFile, 'wx');
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw fsError(err, 'lock', lockFile);
  }
}

function anchorFor(lockFile: string): string {
  let anchor = anchors.get(lockFile);
  if (!anchor) {
    anchor = `${lockFile}.${process.pid}`;
    try {
      const fd = fs.openSync(anchor, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW); // a link left at this name is not followed
      try {
        fs.writeSync(fd, String(process.pid));
      } finally {
        fs.closeSync(fd);
      }
    } catch (err) {
      throw linkError(err, anchor) ?? fsError(err, 'lock', lockFile);
    }
    anchors.set(lockFile, anchor);
  }
  return anchor;
}

function isStale(lockFile: string): boolean {
  try {
    const pid = Number(fs.readFileSync(lockFile, 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return false; // being written right now
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH'; // owner is gone (ENOENT: released meanwhile, retry)
  }
}

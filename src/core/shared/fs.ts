/** File primitives: atomic rewrites, whole-line appends and a cross-process lock. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fsError, vaultError } from './errors';

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

/** Replaces a file's content all at once: a reader sees the old file or the new one, never half. */
export function atomicWrite(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fd = fs.openSync(tmp, 'w');
    try {
      writeAll(fd, typeof data === 'string' ? Buffer.from(data) : data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
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
}

/**
 * Appends whole lines with one O_APPEND write, so concurrent appenders never split each
 * other's lines. If the file ends mid-line (edited by hand), a newline goes first.
 */
export function appendLines(file: string, lines: string, opts: AppendOptions = {}): Appended {
  let fd: number;
  try {
    fd = fs.openSync(file, opts.create === false ? APPEND_EXISTING : APPEND_OR_CREATE);
  } catch (err) {
    if (opts.create === false && (err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
    throw fsError(err, 'append to', file);
  }
  try {
    const { size, endsWithNewline } = fileEnd(file, fd);
    const head = size === 0 ? (opts.header ?? '') : endsWithNewline ? '' : '\n';
    const data = head + lines;
    const bytes = fs.writeSync(fd, data); // one call, so the appended lines land whole
    if (bytes !== Buffer.byteLength(data)) throw vaultError(`short write to ${file}: ${bytes} bytes written`);
    if (lines.endsWith('\n')) newlineEnded.set(file, size + bytes);
    return { sizeBefore: size, sizeAfter: size + bytes, added: head };
  } catch (err) {
    throw fsError(err, 'append to', file);
  } finally {
    fs.closeSync(fd);
  }
}

/** Creates a file only if it does not exist yet; returns false when it already did. */
export function createExclusive(file: string, text: string): boolean {
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

const { O_RDWR, O_APPEND, O_CREAT } = fs.constants;
const APPEND_EXISTING = O_RDWR | O_APPEND;
const APPEND_OR_CREATE = O_RDWR | O_APPEND | O_CREAT;

// Size of each file after our own last append to it, which ended with a newline.
const newlineEnded = new Map<string, number>();
const tail = Buffer.alloc(2);

/**
 * The file's size and whether it ends with a newline. When we appended last, one 2-byte read at
 * our last newline proves both (exactly 1 byte comes back only if the size is unchanged), which
 * is cheaper than fstat; otherwise fstat and a read of the last byte.
 */
function fileEnd(file: string, fd: number): { size: number; endsWithNewline: boolean } {
  const ours = newlineEnded.get(file);
  if (ours !== undefined && fs.readSync(fd, tail, 0, 2, ours - 1) === 1 && tail[0] === 0x0a) return { size: ours, endsWithNewline: true };
  const { size } = fs.fstatSync(fd);
  return { size, endsWithNewline: size > 0 && fs.readSync(fd, tail, 0, 1, size - 1) === 1 && tail[0] === 0x0a };
}

function openExclusive(file: string): number {
  try {
    return fs.openSync(file, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return fs.openSync(file, 'wx');
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
 */
export function withLock<T>(lockFile: string, fn: () => T): T {
  const depth = enter(lockFile);
  try {
    return fn();
  } finally {
    leave(lockFile, depth);
  }
}

/** `withLock` for work that awaits (sync's merge); writers in other processes wait meanwhile. */
export async function withLockAsync<T>(lockFile: string, fn: () => Promise<T>): Promise<T> {
  const depth = enter(lockFile);
  try {
    return await fn();
  } finally {
    leave(lockFile, depth);
  }
}

function enter(lockFile: string): number {
  const depth = held.get(lockFile) ?? 0;
  if (depth === 0) acquire(lockFile);
  held.set(lockFile, depth + 1);
  return depth;
}

function leave(lockFile: string, depth: number): void {
  held.set(lockFile, depth);
  if (depth === 0) fs.unlinkSync(lockFile);
}

const held = new Map<string, number>(); // lock file → re-entry depth in this process

process.once('exit', () => anchors.forEach((a) => fs.rmSync(a, { force: true })));

function acquire(lockFile: string): void {
  if (tryLock(lockFile)) return; // the usual case, kept free of the waiting loop's bookkeeping
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
      fs.writeFileSync(anchor, String(process.pid));
    } catch (err) {
      throw fsError(err, 'lock', lockFile);
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

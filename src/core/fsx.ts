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
  /** True when the file did not end with a newline and one was written first. */
  addedNewline: boolean;
}

/**
 * Appends whole lines with one O_APPEND write, so concurrent appenders never split each
 * other's lines. If the file ends mid-line (edited by hand), a newline goes first.
 */
export function appendLines(file: string, lines: string): Appended {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'a+');
    const { size } = fs.fstatSync(fd);
    const last = Buffer.alloc(1);
    const addedNewline = size > 0 && fs.readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
    writeAll(fd, Buffer.from(addedNewline ? `\n${lines}` : lines));
    return { sizeBefore: size, addedNewline };
  } catch (err) {
    throw fsError(err, 'append to', file);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Creates a file only if it does not exist yet; returns false when it already did. */
export function createExclusive(file: string, text: string): boolean {
  let fd: number;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fd = fs.openSync(file, 'wx');
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

const held = new Map<string, number>(); // lock file → re-entry depth in this process
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const STALE_MS = 30_000;
const WAIT_MS = 60_000;

/**
 * Runs `fn` while holding `lockFile`, a file created with O_EXCL that names its owner's pid.
 * Re-entrant within a process. A lock whose owner is gone, or that is older than 30 s, is
 * taken over, so a crashed writer never blocks the vault for good.
 */
export function withLock<T>(lockFile: string, fn: () => T): T {
  const depth = held.get(lockFile) ?? 0;
  if (depth === 0) acquire(lockFile);
  held.set(lockFile, depth + 1);
  try {
    return fn();
  } finally {
    if (depth === 0) {
      held.delete(lockFile);
      fs.rmSync(lockFile, { force: true });
    } else {
      held.set(lockFile, depth);
    }
  }
}

function acquire(lockFile: string): void {
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw fsError(err, 'lock', lockFile);
    }
    if (isStale(lockFile)) {
      // Rename first so that only one waiter removes a given stale lock.
      const grave = `${lockFile}.${process.pid}.stale`;
      try {
        fs.renameSync(lockFile, grave);
        fs.rmSync(grave, { force: true });
      } catch {
        /* another waiter took it over first */
      }
      continue;
    }
    if (Date.now() > deadline) throw vaultError(`vault is busy: ${lockFile} held for over ${WAIT_MS / 1000} s`);
    Atomics.wait(sleeper, 0, 0, Math.min(1 + attempt, 20));
  }
}

function isStale(lockFile: string): boolean {
  try {
    const stat = fs.statSync(lockFile);
    if (Date.now() - stat.mtimeMs > STALE_MS) return true;
    const pid = Number(fs.readFileSync(lockFile, 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return false; // being written right now
    process.kill(pid, 0);
    return false;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ESRCH'; // owner is gone (ENOENT: released meanwhile, just retry)
  }
}

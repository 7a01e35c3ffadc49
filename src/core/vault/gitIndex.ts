/**
 * The unmerged entries of a repository's index — what `git ls-files -u` lists — read from its
 * `index` file without running git: sync reads them right after its merge (sync/drivers.ts), where
 * starting a process costs more than the reading. The format is git's own (gitformat-index):
 * versions 2 to 4, SHA-1 or SHA-256 object ids. A split or sparse index, or anything else this
 * reader does not know, answers undefined: the caller asks git then.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readTextIfExists } from '../shared/fs';
import { gitDirs } from './gitHead';

/** Path → the blob ids of its base, this side and the other side (stages 1, 2, 3; undefined where the stage is absent). */
export type Stages = Map<string, (string | undefined)[]>;

/** The unmerged entries of the index of the repository in `root`, by path; undefined when git must be asked instead. */
export function unmergedStages(root: string): Stages | undefined {
  const dirs = gitDirs(root);
  if (!dirs) return undefined;
  let buf: Buffer;
  try {
    buf = fs.readFileSync(path.join(dirs.gitDir, 'index'));
  } catch {
    return undefined;
  }
  const sha256 = /^\s*objectformat\s*=\s*sha256\s*$/im.test(readTextIfExists(path.join(dirs.common, 'config')) ?? '');
  try {
    return readUnmerged(buf, sha256 ? 32 : 20);
  } catch {
    return undefined; // a truncated or unexpected file: git knows better
  }
}

/** The unmerged entries of the index file `buf` whose object ids are `idBytes` long. */
function readUnmerged(buf: Buffer, idBytes: number): Stages | undefined {
  if (buf.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return undefined;
  const count = buf.readUInt32BE(8);
  const end = buf.length - idBytes; // the file ends with the checksum of what precedes it
  const stages: Stages = new Map();
  let at = 12;
  let previous: Buffer = Buffer.alloc(0); // version 4 names a path by what it keeps of the one before
  for (let i = 0; i < count; i++) {
    const start = at;
    // ctime, mtime (8 bytes each), dev, ino, mode, uid, gid, size (4 each), the object id, 16 bits of flags.
    const mode = buf.readUInt32BE(at + 24);
    const idAt = at + 40;
    const flags = buf.readUInt16BE(idAt + idBytes);
    let name = idAt + idBytes + 2;
    if (flags & 0x4000) {
      if (version < 3) return undefined;
      name += 2; // extended flags
    }
    let pathBytes: Buffer;
    if (version === 4) {
      const [drop, next] = varint(buf, name);
      const nul = buf.indexOf(0, next);
      if (nul < 0 || nul >= end || drop > previous.length) return undefined;
      pathBytes = Buffer.concat([previous.subarray(0, previous.length - drop), buf.subarray(next, nul)]);
      at = nul + 1;
    } else {
      const nul = buf.indexOf(0, name);
      if (nul < 0 || nul >= end) return undefined;
      pathBytes = buf.subarray(name, nul);
      at = start + ((nul - start + 8) & ~7); // padded with 1 to 8 NULs to a multiple of 8 bytes
    }
    if (at > end) return undefined;
    previous = pathBytes;
    if ((mode & 0o170000) === 0o040000) return undefined; // a sparse index's directory entry
    const stage = (flags >> 12) & 3;
    if (!stage) continue;
    const p = pathBytes.toString('utf8');
    if (!stages.has(p)) stages.set(p, [undefined, undefined, undefined]);
    stages.get(p)![stage - 1] = buf.toString('hex', idAt, idAt + idBytes);
  }
  // Extensions: a split index keeps entries in another file, a sparse one folds directories.
  while (at + 8 <= end) {
    const signature = buf.toString('latin1', at, at + 4);
    if (signature === 'link' || signature === 'sdir') return undefined;
    at += 8 + buf.readUInt32BE(at + 4);
  }
  return stages;
}

/** Git's offset encoding (varint.c): the value and where the bytes after it start. */
function varint(buf: Buffer, at: number): [number, number] {
  let c = buf[at++];
  let value = c & 127;
  while (c & 128) {
    c = buf[at++];
    value = ((value + 1) << 7) + (c & 127);
  }
  return [value, at];
}

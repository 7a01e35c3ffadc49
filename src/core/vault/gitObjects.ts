/**
 * Git objects written from this process, without running git: sync builds its merge commit from
 * the tree `git merge-tree` wrote and the files it merged itself (sync/drivers.ts), where a git
 * command per blob or per tree would cost more than the writing. The objects of one merge are
 * gathered (ObjectBatch) and written together as one pack (gitformat-pack: a `.pack` of the
 * deflated objects and its version 2 `.idx`, named by the pack's checksum), in the repository's
 * hash (SHA-1, or SHA-256 in a repository made with that object format): two files, each written
 * whole to a temporary name and renamed into place, the index last, as git writes them — where a
 * loose object per blob and per tree would each make a file, and often a folder. Tree entries are
 * `<mode> <name>\0<raw id>`, in git's order.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { vaultError } from '../shared/errors';
import { readTextIfExists } from '../shared/fs';
import { nodeCrypto } from '../shared/nodeLazy';
import { gitDirs } from './gitHead';

/** Where a repository keeps its objects, and the hash that names them. */
export interface ObjectStore {
  dir: string;
  hash: 'sha1' | 'sha256';
}

/** The object store of the repository in `root` (its `.git`, a folder or a linked worktree's file). */
export function objectStore(root: string): ObjectStore {
  const dirs = gitDirs(root);
  if (!dirs) throw vaultError(`no git repository in ${root}`);
  const sha256 = /^\s*objectformat\s*=\s*sha256\s*$/im.test(readTextIfExists(path.join(dirs.common, 'config')) ?? '');
  return { dir: path.join(dirs.common, 'objects'), hash: sha256 ? 'sha256' : 'sha1' };
}

export type ObjectType = 'blob' | 'tree' | 'commit';

/** The id git gives an object of `type` holding `body`. */
export function objectId(store: ObjectStore, type: ObjectType, body: Buffer): string {
  return nodeCrypto().createHash(store.hash).update(`${type} ${body.length}\0`).update(body).digest('hex');
}

/** Objects gathered to be written together (writePack), by id. */
export interface ObjectBatch {
  store: ObjectStore;
  objects: Map<string, { type: ObjectType; body: Buffer }>;
}

export const objectBatch = (store: ObjectStore): ObjectBatch => ({ store, objects: new Map() });

/** Adds an object to `batch`; its id. */
export function addObject(batch: ObjectBatch, type: ObjectType, body: Buffer): string {
  const id = objectId(batch.store, type, body);
  batch.objects.set(id, { type, body });
  return id;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (zlib's) computed by table, for a Node whose zlib has none (before 20.15). */
export function tableCrc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** CRC-32 as a pack's index records it: zlib's, else the table's. */
const crc32: (data: Buffer) => number = (zlib as { crc32?: (data: Buffer) => number }).crc32 ?? tableCrc32;

/** The type numbers of a pack's object headers. */
const PACK_TYPE: Record<ObjectType, number> = { commit: 1, tree: 2, blob: 3 };

/** Writes the objects of `batch` as one pack and its index (nothing when there are none). */
export function writePack(batch: ObjectBatch): void {
  if (!batch.objects.size) return;
  const hash = (data: Buffer) => nodeCrypto().createHash(batch.store.hash).update(data).digest();
  const header = Buffer.alloc(12);
  header.write('PACK', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(batch.objects.size, 8);
  let offset = header.length;
  const entries = [...batch.objects].map(([id, { type, body }]) => {
    // The type and the size, 4 bits of it in the first byte then 7 in each next one, while more follow.
    const head = [(PACK_TYPE[type] << 4) | (body.length & 15)];
    for (let rest = Math.floor(body.length / 16); rest > 0; rest = Math.floor(rest / 128)) {
      head[head.length - 1] |= 0x80;
      head.push(rest & 127);
    }
    const bytes = Buffer.concat([Buffer.from(head), zlib.deflateSync(body)]);
    const entry = { id, bytes, offset, crc: crc32(bytes) };
    offset += bytes.length;
    return entry;
  });
  const content = Buffer.concat([header, ...entries.map((e) => e.bytes)]);
  const checksum = hash(content);
  // The index: how many ids start with each byte value or less, the ids in order, then each one's CRC-32 and offset.
  const sorted = [...entries].sort((x, y) => (x.id < y.id ? -1 : 1));
  const fanout = Buffer.alloc(256 * 4);
  for (let b = 0, n = 0; b < 256; b++) {
    while (n < sorted.length && parseInt(sorted[n].id.slice(0, 2), 16) <= b) n++;
    fanout.writeUInt32BE(n, b * 4);
  }
  const words = (values: number[]) => {
    const buf = Buffer.alloc(values.length * 4);
    values.forEach((value, i) => buf.writeUInt32BE(value, i * 4));
    return buf;
  };
  const index = Buffer.concat([Buffer.from([0xff, 0x74, 0x4f, 0x63]), words([2]), fanout, ...sorted.map((e) => Buffer.from(e.id, 'hex')), words(sorted.map((e) => e.crc)), words(sorted.map((e) => e.offset)), checksum]);
  const dir = path.join(batch.store.dir, 'pack');
  const name = path.join(dir, `pack-${checksum.toString('hex')}`);
  if (fs.existsSync(`${name}.idx`)) return; // the same objects, written already
  const written: string[] = [];
  try {
    fs.mkdirSync(dir, { recursive: true });
    for (const [ext, data] of [['pack', Buffer.concat([content, checksum])], ['idx', Buffer.concat([index, hash(index)])]] as const) {
      const tmp = path.join(dir, `tmp_${ext}_${process.pid}_${Math.random().toString(36).slice(2)}`);
      written.push(tmp);
      fs.writeFileSync(tmp, data, { mode: 0o444, flag: 'wx' });
    }
    // The pack first: git uses a pack once its index is there.
    fs.renameSync(written[0], `${name}.pack`);
    fs.renameSync(written[1], `${name}.idx`);
  } catch (err) {
    for (const tmp of written) fs.rmSync(tmp, { force: true });
    throw vaultError(`cannot write git objects in ${dir}: ${(err as Error).message}`);
  }
}

export interface TreeEntry {
  mode: string;
  name: string;
  id: string;
}

const isTree = (mode: string) => mode === '40000';

/** The entries of a tree object's body. */
export function parseTree(store: ObjectStore, body: Buffer): TreeEntry[] {
  const idBytes = store.hash === 'sha256' ? 32 : 20;
  const entries: TreeEntry[] = [];
  for (let at = 0; at < body.length; ) {
    const space = body.indexOf(0x20, at);
    const nul = body.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > body.length) throw vaultError('a damaged tree object');
    entries.push({ mode: body.toString('latin1', at, space), name: body.toString('utf8', space + 1, nul), id: body.toString('hex', nul + 1, nul + 1 + idBytes) });
    at = nul + 1 + idBytes;
  }
  return entries;
}

/** A tree object's body holding `entries`, in git's order (a tree's name sorts as if it ended with `/`). */
export function serializeTree(entries: TreeEntry[]): Buffer {
  const key = (e: TreeEntry) => Buffer.from(isTree(e.mode) ? `${e.name}/` : e.name);
  const sorted = [...entries].sort((a, b) => Buffer.compare(key(a), key(b)));
  return Buffer.concat(sorted.flatMap((e) => [Buffer.from(`${e.mode} ${e.name}\0`), Buffer.from(e.id, 'hex')]));
}

/** The folders that hold `file` (a path inside a tree, `/`-separated), outermost first: `a/b/c.md` → `a`, `a/b`. */
export function foldersOf(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/**
 * Adds to `batch` the tree that is `root` with each of `files` (path → the id of a blob, in the
 * batch or the store) in place of what it held there (a regular file, added where it was
 * missing), and the folders' trees it needs; its id.
 * `trees`: the entries of `root` (key `''`) and of each folder holding one of `files` (foldersOf),
 * as they are in `root`; a folder missing there is made.
 */
export function treeWith(batch: ObjectBatch, trees: Map<string, TreeEntry[]>, files: Map<string, string>): string {
  const changed = new Map<string, Map<string, TreeEntry>>();
  const entriesOf = (folder: string) => {
    let entries = changed.get(folder);
    if (!entries) changed.set(folder, (entries = new Map((trees.get(folder) ?? []).map((e) => [e.name, e]))));
    return entries;
  };
  for (const [file, id] of files) {
    const at = file.lastIndexOf('/');
    const entries = entriesOf(at < 0 ? '' : file.slice(0, at));
    const name = file.slice(at + 1);
    entries.set(name, { mode: entries.get(name)?.mode === '100755' ? '100755' : '100644', name, id });
    for (const folder of foldersOf(file)) entriesOf(folder);
  }
  entriesOf('');
  // Deepest folders first: each one's new tree goes into its parent before the parent is written.
  for (const folder of [...changed.keys()].sort((a, b) => b.split('/').length - a.split('/').length)) {
    if (folder === '') continue;
    const at = folder.lastIndexOf('/');
    const name = folder.slice(at + 1);
    const id = addObject(batch, 'tree', serializeTree([...changed.get(folder)!.values()]));
    entriesOf(at < 0 ? '' : folder.slice(0, at)).set(name, { mode: '40000', name, id });
  }
  return addObject(batch, 'tree', serializeTree([...changed.get('')!.values()]));
}

/**
 * The body of a commit of `tree` with `parents` and `message`, made now by `who` (`Name <email>`,
 * author and committer, as git writes them: seconds since 1970 and this machine's offset from UTC).
 */
export function commitBody(c: { tree: string; parents: string[]; who: string; message: string }, now = new Date()): Buffer {
  const offset = -now.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}${String(Math.abs(offset) % 60).padStart(2, '0')}`;
  const stamp = `${c.who} ${Math.floor(now.getTime() / 1000)} ${zone}`;
  const head = [`tree ${c.tree}`, ...c.parents.map((p) => `parent ${p}`), `author ${stamp}`, `committer ${stamp}`];
  return Buffer.from(`${head.join('\n')}\n\n${c.message}\n`);
}

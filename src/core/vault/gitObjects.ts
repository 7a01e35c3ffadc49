/**
 * Git objects written from this process, without running git: sync builds its merge commit's
 * tree from the tree `git merge-tree` wrote and the files it merged itself (sync/drivers.ts),
 * where a git command per blob or per tree would cost more than the writing. The format is git's
 * own (gitformat-loose): `<type> <size>\0<body>`, deflated, named by its hash (SHA-1, or SHA-256
 * in a repository made with that object format), in `objects/<2 hex>/<the rest>`, written whole
 * (a temporary file renamed into place) and read-only, as git writes them. Tree entries are
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

/** Writes an object (unless the store holds it already); its id. */
export function writeObject(store: ObjectStore, type: ObjectType, body: Buffer): string {
  const id = objectId(store, type, body);
  const dir = path.join(store.dir, id.slice(0, 2));
  const file = path.join(dir, id.slice(2));
  if (fs.existsSync(file)) return id;
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `tmp_obj_${process.pid}_${Math.random().toString(36).slice(2)}`);
  try {
    fs.writeFileSync(tmp, zlib.deflateSync(Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body])), { mode: 0o444, flag: 'wx' });
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw vaultError(`cannot write a git object in ${store.dir}: ${(err as Error).message}`);
  }
  return id;
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
 * Writes the tree that is `root` with each of `files` (path → the id of a blob, written already)
 * in place of what it held there (a regular file, added where it was missing); its id.
 * `trees`: the entries of `root` (key `''`) and of each folder holding one of `files` (foldersOf),
 * as they are in `root`; a folder missing there is made.
 */
export function treeWith(store: ObjectStore, trees: Map<string, TreeEntry[]>, files: Map<string, string>): string {
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
    const id = writeObject(store, 'tree', serializeTree([...changed.get(folder)!.values()]));
    entriesOf(at < 0 ? '' : folder.slice(0, at)).set(name, { mode: '40000', name, id });
  }
  return writeObject(store, 'tree', serializeTree([...changed.get('')!.values()]));
}

/**
 * Writes the commit of `tree` with `parents` and `message`, made now by `who` (`Name <email>`,
 * author and committer, as git writes them: seconds since 1970 and this machine's offset from UTC); its id.
 */
export function writeCommit(store: ObjectStore, c: { tree: string; parents: string[]; who: string; message: string }, now = new Date()): string {
  const offset = -now.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}${String(Math.abs(offset) % 60).padStart(2, '0')}`;
  const stamp = `${c.who} ${Math.floor(now.getTime() / 1000)} ${zone}`;
  const head = [`tree ${c.tree}`, ...c.parents.map((p) => `parent ${p}`), `author ${stamp}`, `committer ${stamp}`];
  return writeObject(store, 'commit', Buffer.from(`${head.join('\n')}\n\n${c.message}\n`));
}

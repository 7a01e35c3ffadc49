/**
 * How the vault's memory files merge (docs/sync.md#how-memory-merges). Two ways in, one merge:
 * - `mergeConflicted`, for sync: git merges the trees with Core Soul's drivers made `false`
 *   (`DEFERRED_DRIVERS`: every memory file both sides changed is left conflicted, its three
 *   versions in the index), then this process merges them all, the versions read with one
 *   `git cat-file --batch`. A sync then costs one Node start, not one more per file.
 * - `runMergeDriver`, for a plain `git pull` or `git merge` (wired by vault/mergeDrivers.ts): git
 *   runs the CLI once per file and the result goes into %A.
 * Either way, what cannot be merged without losing something is left with conflict markers and
 * both sides, for the person.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { atomicWrite, atomicWriteAll } from '../shared/fs';
import { decodeUtf8Strict } from '../shared/text';
import { isHourlySummary } from '../compress/hourlySummary';
import { keepMergedRawDay } from '../compress/rawDays';
import { catFile, git, readNamed, vaultGitEnv } from '../vault/history';
import { type ObjectBatch, type TreeEntry, addObject, foldersOf, objectBatch, objectId, objectStore, parseTree, treeWith } from '../vault/gitObjects';
import { type Stages, unmergedStages } from '../vault/gitIndex';
import { countEntities, refreshedMemoryMap } from '../vault/memoryMap';
import { ENTITY_KINDS, type EntityKind, type Vault, vaultAt } from '../vault/layout';
import { MERGE_KINDS, type MergeKind } from '../vault/mergeDrivers';
import { type Merged, mergeDayFile, mergeEntityNote, mergeMemoryMaps, mergeMonthFile } from './merge';
import { childProcess } from '../shared/nodeLazy';

export interface DriverFiles {
  /** %O, %A (where the result goes), %B. */
  base: string;
  ours: string;
  theirs: string;
  /** %P: the file's path in the vault. */
  pathname: string;
}

export interface DriverResult {
  merged: boolean;
  /** Why the file was left to the person. */
  why?: string;
}

/** What a file's merge may need to know of the merge it is part of. */
interface Merging {
  /** The commit being merged in (for a day's raw versions in its history), if known. */
  theirs: string | undefined;
  /** The entity notes the merged tree holds, by kind (memory_map.md's counts). */
  entityCounts: () => Promise<Record<EntityKind, number>>;
}

const DAY_RE = /^(\d{4}-\d{2}-\d{2})\.md$/;
/** memory_map.md's path in the vault, as git names it. */
const MAP_PATH = 'memory/memory_map.md';
/** The entity notes' folder, as git names it. */
const ENTITY_DIR = 'memory/entities';
const MONTH_RE = /^\d{4}-\d{2}\.md$/;

/** Runs one merge as git asks a driver to, in the vault's work tree `cwd`. */
export async function runMergeDriver(kind: MergeKind, files: DriverFiles, cwd: string): Promise<DriverResult> {
  const [base, ours, theirs] = [files.base, files.ours, files.theirs].map((f) => fs.readFileSync(f));
  // git runs a driver in the work tree: the vault's folder.
  const v = vaultAt(path.dirname(cwd));
  const theirsRev = theirsCommit(cwd);
  const merging: Merging = { theirs: theirsRev, entityCounts: () => mergedEntityCounts(v, theirsRev) };
  const merged = await mergeVersions(v, kind, files.pathname, [base, ours, theirs], merging);
  if (!merged.ok) {
    conflictMarkers(cwd, files.ours, files.base, files.theirs);
    return { merged: false, why: merged.why };
  }
  atomicWrite(files.ours, merged.text);
  keepRaw(v, files.pathname, merged.raw);
  return { merged: true };
}

/**
 * Git options for a merge whose memory files `mergeConflicted` will merge: each Core Soul driver
 * becomes `false`, which git runs without a shell and which leaves the file conflicted, the work
 * tree holding this side's version.
 */
export const DEFERRED_DRIVERS: readonly string[] = MERGE_KINDS.flatMap((k) => ['-c', `merge.coresoul-${k}.driver=false`]);

/**
 * The Core Soul merge driver git's attributes give each of `paths` (undefined: none of ours), in
 * one `git check-attr`; paths still being found (a promise): git starts now and is asked once they are.
 */
export async function driverKinds(v: Vault, paths: string[] | Promise<string[]>): Promise<Map<string, MergeKind | undefined>> {
  const kinds = new Map<string, MergeKind | undefined>();
  if (Array.isArray(paths) && !paths.length) return kinds;
  const input = (ps: string[]) => ps.map((p) => `${p}\0`).join('');
  // check-attr -z: path, attribute, value, for each path.
  const attrs = (await git(v, ['check-attr', '-z', '--stdin', 'merge'], Array.isArray(paths) ? input(paths) : paths.then(input))).stdout.split('\0');
  for (let i = 0; i + 2 < attrs.length; i += 3) {
    const kind = /^coresoul-(.+)$/.exec(attrs[i + 2])?.[1] as MergeKind | undefined;
    kinds.set(attrs[i], kind && MERGE_KINDS.includes(kind) ? kind : undefined);
  }
  return kinds;
}

export interface Conflicted {
  /** Every path the merge left unmerged (merged here or not). */
  unmerged: string[];
  /** Why each file that could not be merged was left with markers. */
  why: string[];
}

/**
 * Merges, in this process, every memory file a merge in progress left conflicted that is still
 * as git left it (the work tree holds this side's version: a file with markers, or one the
 * person edited, is theirs to finish). Files with no Core Soul driver, or deleted on a side, are
 * left to git's own rules. `known`: the drivers of paths already asked (`driverKinds`, before the
 * merge, when it changes no attributes); the others are asked here.
 */
export async function mergeConflicted(v: Vault, known: Map<string, MergeKind | undefined> = new Map()): Promise<Conflicted> {
  // Read from the index itself, else as git lists them.
  const fromIndex = unmergedStages(v.soulDir);
  const listed = (fromIndex ? Promise.resolve(fromIndex) : git(v, ['ls-files', '-u', '-z']).then(({ stdout }) => listedStages(stdout))).then((stages) => ({
    stages,
    // The files changed on both sides (a file deleted on a side is left to git's rules).
    paths: [...stages.keys()].filter((p) => stages.get(p)![1] && stages.get(p)![2]),
  }));
  // The versions are read by a git started now, asked once the list is in.
  const versions = catFile(v, listed.then(({ stages, paths }) => [...new Set(paths.flatMap((p) => stages.get(p)!.filter((b): b is string => !!b)))]), '--batch');
  versions.catch(() => undefined); // waited for below, unless the list fails first
  const { stages, paths } = await listed;
  const unmerged = [...stages.keys()];
  if (!paths.length) {
    await versions;
    return { unmerged, why: [] };
  }
  // The drivers not known yet are asked while the versions are read.
  const unknown = paths.filter((p) => !known.has(p));
  const [asked, blobs] = await Promise.all([driverKinds(v, unknown), versions]);
  const kindOf = (p: string) => (known.has(p) ? known.get(p) : asked.get(p));
  const body = (blob: string | undefined) => (blob === undefined ? Buffer.alloc(0) : (blobs.get(blob)?.body ?? Buffer.alloc(0)));
  // The work tree already holds the merge's entity notes.
  const merging: Merging = { theirs: 'MERGE_HEAD', entityCounts: async () => countEntities(v) };
  const why: string[] = [];
  const done: { file: string; data: string; pathname: string; raw?: string }[] = [];
  for (const p of paths) {
    const kind = kindOf(p);
    if (!kind) continue;
    const [base, ours, theirs] = stages.get(p)!.map(body);
    const file = path.join(v.soulDir, p);
    if (!fs.existsSync(file) || !fs.readFileSync(file).equals(ours)) continue;
    const merged = await mergeVersions(v, kind, p, [base, ours, theirs], merging);
    if (merged.ok) done.push({ file, data: merged.text, pathname: p, raw: merged.raw });
    else {
      withTempFiles([base, theirs], ([b, t]) => conflictMarkers(v.soulDir, file, b, t));
      why.push(merged.why);
    }
  }
  // memory_map.md's counts follow the merged notes (the merge's commit finds nothing left to
  // count), unless a file is left to the person: the sync stops there.
  if (!why.length && fs.existsSync(v.mapFile) && !(unmerged.includes(MAP_PATH) && !done.some((d) => d.pathname === MAP_PATH))) {
    const merged = done.find((d) => d.pathname === MAP_PATH);
    const fresh = refreshedMemoryMap(v, merged?.data ?? fs.readFileSync(v.mapFile, 'utf8'));
    if (fresh !== undefined && merged) merged.data = fresh;
    else if (fresh !== undefined) done.push({ file: v.mapFile, data: fresh, pathname: MAP_PATH });
  }
  // The merged files go to the disk together.
  await atomicWriteAll(done);
  for (const d of done) keepRaw(v, d.pathname, d.raw);
  return { unmerged, why };
}

/**
 * A merge of two commits under way without the work tree or the index (startTreeMerge): `git
 * merge-tree --write-tree`, then the versions of what it left conflicted and the merged tree's
 * folders (`objects`, by name) and the merge driver of each conflicted file (`kinds`).
 */
export interface TreeMerge {
  ours: string;
  theirs: string;
  done: Promise<{ tree: string; stages: Stages; objects: Map<string, { type: string; body: Buffer } | undefined>; kinds: Map<string, MergeKind | undefined> } | undefined>;
}

/**
 * Starts merging the commits `ours` and `theirs` as a sync does, without touching the work tree
 * or the index: `git merge-tree --write-tree` with Core Soul's drivers made `false`
 * (DEFERRED_DRIVERS) writes the merged tree and lists the files it left conflicted; then one
 * `git cat-file --batch` reads their three versions and the folders the merged tree's files are
 * in (to write them again: those of the conflicted files, memory_map.md, `keep`'s files and each
 * kind of entity note), and `git check-attr` names each conflicted file's merge driver, from the
 * work tree's attributes as the merge read them — both started beside the merge and asked once
 * it is done. Git only writes objects meanwhile: nothing the vault shows changes, so a sync
 * may start this before it has checked what arrives, and drop it. Undefined (done) when git left
 * a file to git's own rules: deleted on a side, or a conflict that is no file's.
 */
export function startTreeMerge(v: Vault, ours: string, theirs: string, keep: readonly string[]): TreeMerge {
  const merge = git(v, [...DEFERRED_DRIVERS, 'merge-tree', '--write-tree', '-z', '--no-messages', ours, theirs]).then(({ code, stdout }) => mergeTreeOutput(code, stdout));
  const names = merge.then((m) => {
    if (!m) return [];
    const files = [...m.stages.keys(), MAP_PATH, ...keep];
    const folders = [...new Set([...files.flatMap(foldersOf), ...ENTITY_KINDS.map((k) => `${ENTITY_DIR}/${k}`)])];
    const blobs = [...m.stages.values()].flatMap((st) => st.filter((b): b is string => !!b));
    return [...blobs, `${m.tree}:${MAP_PATH}`, m.tree, ...folders.map((f) => `${m.tree}:${f}`)];
  });
  const objects = readNamed(v, names);
  const kinds = driverKinds(v, merge.then((m) => (m ? [...m.stages.keys()] : [])));
  for (const p of [objects, kinds]) p.catch(() => undefined); // waited for below, unless the merge fails first
  const done = merge.then(async (m) => {
    if (!m) return undefined;
    const [read, drivers, wanted] = await Promise.all([objects, kinds, names]);
    return { ...m, objects: new Map(wanted.map((n, i) => [n, read[i]])), kinds: drivers };
  });
  done.catch(() => undefined); // the sync that takes it over sees the failure
  return { ours, theirs, done };
}

/**
 * What `mergedTree` made: the merged tree, the objects it needs that are not written yet (`objects`,
 * for writePack, with the merge commit), and search's copy of each day it compressed again
 * (keepRaws, once the tree is checked out).
 */
export interface MergedTree {
  tree: string;
  objects: ObjectBatch;
  raws: { pathname: string; raw?: string }[];
}

/**
 * The tree of a merge started by startTreeMerge: every memory file git left conflicted merged in
 * this process, memory_map.md's counts following the entity notes of the merged tree, `keep`
 * (path → content: the rules this machine reviewed) put back, and the tree that holds them
 * made in this process (vault/gitObjects.ts), its objects still to be written. Undefined when the merge leaves something to
 * the person — a file without a Core Soul driver, one deleted on a side, one that cannot be merged
 * without losing something: the caller merges in the work tree then, which leaves it to them as
 * git does.
 */
export async function mergedTree(v: Vault, started: TreeMerge, keep: Map<string, string>): Promise<MergedTree | undefined> {
  const m = await started.done;
  const conflicted = m ? [...m.stages.keys()] : [];
  if (!m || conflicted.some((p) => !m.kinds.get(p))) return undefined;
  const batch = objectBatch(objectStore(v.soulDir));
  const { store } = batch;
  const trees = new Map<string, TreeEntry[]>();
  for (const [name, o] of m.objects) {
    if (name !== m.tree && !name.startsWith(`${m.tree}:`)) continue;
    const folder = name.slice(m.tree.length + 1);
    if (folder === MAP_PATH) continue;
    if (o && o.type !== 'tree') return undefined; // a file where a folder belongs: git's rules, in the work tree
    if (o) trees.set(folder, parseTree(store, o.body));
  }
  const counts = Object.fromEntries(ENTITY_KINDS.map((k) => [k, (trees.get(`${ENTITY_DIR}/${k}`) ?? []).filter((e) => e.name.endsWith('.md')).length])) as Record<EntityKind, number>;
  const merging: Merging = { theirs: started.theirs, entityCounts: async () => counts };
  const body = (blob: string | undefined) => (blob === undefined ? Buffer.alloc(0) : (m.objects.get(blob)?.body ?? Buffer.alloc(0)));
  const files = new Map<string, string>();
  const raws: MergedTree['raws'] = [];
  for (const p of conflicted) {
    const merged = await mergeVersions(v, m.kinds.get(p)!, p, m.stages.get(p)!.map(body), merging);
    if (!merged.ok) return undefined;
    files.set(p, merged.text);
    raws.push({ pathname: p, raw: merged.raw });
  }
  const map = files.get(MAP_PATH) ?? m.objects.get(`${m.tree}:${MAP_PATH}`)?.body.toString('utf8');
  const fresh = map === undefined ? undefined : refreshedMemoryMap(v, map, counts);
  if (fresh !== undefined) files.set(MAP_PATH, fresh);
  const entry = (file: string) => trees.get(foldersOf(file).at(-1) ?? '')?.find((e) => e.name === path.posix.basename(file));
  for (const [file, text] of keep) {
    if (files.has(file) || entry(file)?.id !== objectId(store, 'blob', Buffer.from(text))) files.set(file, text);
  }
  if (!files.size) return { tree: m.tree, raws, objects: batch };
  const ids = new Map([...files].map(([file, text]) => [file, addObject(batch, 'blob', Buffer.from(text))]));
  return { tree: treeWith(batch, trees, ids), raws, objects: batch };
}

/**
 * What `git merge-tree --write-tree -z` said (exit `code`, output `out`): the merged tree, and the
 * stages of each conflicted file (as `Stages`); undefined when it failed, or left a conflict this
 * process does not merge: a file deleted on a side, or a conflict that is no file's.
 */
function mergeTreeOutput(code: number, out: string): { tree: string; stages: Stages } | undefined {
  const [tree, ...rest] = out.split('\0');
  const stages = listedStages(rest.join('\0'));
  const mergeable = [...stages.values()].every(([, ours, theirs]) => ours && theirs);
  return (code === 0 || (code === 1 && stages.size)) && mergeable ? { tree, stages } : undefined;
}

/** The unmerged entries `git ls-files -u -z` printed, by path. */
function listedStages(out: string): Stages {
  const stages: Stages = new Map();
  for (const record of out.split('\0')) {
    const m = /^\d+ ([0-9a-f]+) ([123])\t([^]*)$/.exec(record);
    if (!m) continue;
    if (!stages.has(m[3])) stages.set(m[3], [undefined, undefined, undefined]);
    stages.get(m[3])![Number(m[2]) - 1] = m[1];
  }
  return stages;
}

/** Merges the three versions (base, ours, theirs) of the memory file `pathname`. */
async function mergeVersions(v: Vault, kind: MergeKind, pathname: string, versions: Buffer[], merging: Merging): Promise<Merged> {
  const [b, o, t] = versions.map(decodeUtf8Strict);
  if (b === undefined || o === undefined || t === undefined) return { ok: false, why: 'not valid UTF-8' };
  return mergeText(v, kind, b || undefined, o, t, pathname, merging);
}

/** Conflict markers with both sides in `ours`, as git's own merge writes them. */
function conflictMarkers(cwd: string, ours: string, base: string, theirs: string): void {
  try {
    childProcess().execFileSync('git', ['merge-file', '-L', 'this machine', '-L', 'base', '-L', 'the remote', ours, base, theirs], { cwd, env: vaultGitEnv(), stdio: 'ignore' });
  } catch {
    // exits with the number of conflicts
  }
}

/** Calls `use` with the paths of temporary files holding `contents`, removed afterwards. */
function withTempFiles(contents: Buffer[], use: (files: string[]) => void): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coresoul-merge-'));
  try {
    use(contents.map((c, i) => {
      const f = path.join(dir, String(i));
      fs.writeFileSync(f, c);
      return f;
    }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Search's copy of each day `mergedTree` compressed again, once the merged tree is checked out. */
export function keepRaws(v: Vault, raws: MergedTree['raws']): void {
  for (const r of raws) keepRaw(v, r.pathname, r.raw);
}

/** Search's copy of a day's raw lines (compress/rawDays.ts) follows the day compressed again; it is a cache, so a failure only costs recall. */
function keepRaw(v: Vault, pathname: string, raw: string | undefined): void {
  if (raw === undefined) return;
  const day = DAY_RE.exec(path.basename(pathname))?.[1];
  try {
    if (day) keepMergedRawDay(v, day, raw);
  } catch {
    // the history still holds every raw version
  }
}

async function mergeText(v: Vault, kind: MergeKind, base: string | undefined, ours: string, theirs: string, pathname: string, merging: Merging): Promise<Merged> {
  const name = path.basename(pathname);
  switch (kind) {
    case 'published':
      // Persona and soul: the change already published wins; sync turns a local one back into a proposal.
      return { ok: true, text: theirs };
    case 'entity':
      return mergeEntityNote(base, ours, theirs);
    case 'map':
      return mergeMemoryMaps(base, ours, theirs, await merging.entityCounts());
    case 'day': {
      const day = DAY_RE.exec(name)?.[1];
      if (!day) return MONTH_RE.test(name) ? mergeMonthFile(base, ours, theirs) : { ok: false, why: 'not a day or month file' };
      // The history is read only for a day compressed on a side: the one case that needs its raw versions.
      const history = [ours, theirs].some(isHourlySummary) ? await rawVersions(v, pathname, merging.theirs) : [];
      return mergeDayFile(day, base, ours, theirs, history);
    }
  }
}

/**
 * The entity notes the merge of HEAD and `theirs` will hold, by kind: those on both sides and
 * those a side added since the merge base. While git runs the drivers the work tree is still
 * this side's, so it cannot be counted; without `theirs`, it is all there is.
 */
async function mergedEntityCounts(v: Vault, theirs: string | undefined): Promise<Record<EntityKind, number>> {
  if (!theirs) return countEntities(v);
  const notes = async (rev: string) => {
    const out = rev ? (await git(v, ['ls-tree', '-r', '-z', '--name-only', rev, '--', 'memory/entities/'])).stdout : '';
    return new Set(out.split('\0').filter((f) => /^memory\/entities\/[^/]+\/[^/]+\.md$/.test(f)));
  };
  const base = (await git(v, ['merge-base', 'HEAD', theirs])).stdout.trim();
  const [b, o, t] = await Promise.all([notes(base), notes('HEAD'), notes(theirs)]);
  const merged = [...new Set([...o, ...t])].filter((f) => (o.has(f) && t.has(f)) || !b.has(f));
  return Object.fromEntries(ENTITY_KINDS.map((k) => [k, merged.filter((f) => f.startsWith(`memory/entities/${k}/`)).length])) as Record<EntityKind, number>;
}

/** The commit a merge driver's merge is bringing in, as git's merge names it (GITHEAD_<sha>, else MERGE_HEAD). */
function theirsCommit(cwd: string): string | undefined {
  const named = Object.keys(process.env).find((k) => /^GITHEAD_[0-9a-f]{40,64}$/.test(k));
  if (named) return named.slice('GITHEAD_'.length);
  try {
    return fs.readFileSync(path.join(cwd, '.git', 'MERGE_HEAD'), 'utf8').split('\n')[0].trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every raw (L1) version of a day file in the history of both sides: compression commits the raw
 * day before it summarises it, so the raw entries of a compressed day are there.
 */
async function rawVersions(v: Vault, pathname: string, theirsRev: string | undefined): Promise<string[]> {
  const revs = ['HEAD', theirsRev].filter((r): r is string => !!r);
  const blobs = new Set<string>();
  for (const line of (await git(v, ['log', '--format=', '--raw', '--no-abbrev', ...revs, '--', pathname])).stdout.split('\n')) {
    const blob = /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]+) /.exec(line)?.[1];
    if (blob && !/^0+$/.test(blob)) blobs.add(blob);
  }
  const texts: string[] = [];
  for (const { body } of (await catFile(v, [...blobs], '--batch')).values()) {
    const text = body && decodeUtf8Strict(body);
    if (text !== undefined && !isHourlySummary(text)) texts.push(text);
  }
  return texts;
}

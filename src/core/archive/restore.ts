/**
 * `restore` (docs/pack.md): an archive made by `pack` (.tar.gz or self-extracting .sh) back into a
 * workspace. Nothing becomes visible before everything is checked: the archive is unpacked
 * into a temp folder inside the target (same file system, so the final moves are renames),
 * every entry is checked while it is read (no links, devices, absolute or `..` paths,
 * duplicates, paths outside a soul, size and count limits), then every file against the
 * manifest (exact list, size, sha256), then the history is rebuilt from its bundle, and only
 * then are the files moved into place. A refusal leaves the target as it was. An archive is not
 * trusted (docs/trust.md#threat-model): its history may hold no link, submodule or machine-local
 * path, its `.gitattributes` may name no driver of its own, and one machine's state it carries —
 * the CLI copy in `bin/` that skills and hooks run, pending proposals, whatever the vault ignores —
 * is left out; the running CLI installs its own copy, as `init` does.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  BOOTLOADERS,
  HISTORY_BUNDLE,
  MANIFEST,
  type Manifest,
  archivePathProblem,
  hashFile,
  parseManifest,
} from './layout';
import { CoreSoulError, fsError, inputError, refusedError } from '../shared/errors';
import { withLock } from '../shared/fs';
import { commitVault, firstCommitMessage, git, hasHistory, initHistory } from '../vault/history';
import { fetchBundleAside, restoreHistoryBundle } from './historyBundle';
import { addDirective, installCli } from '../init/scaffold';
import { ignoredPaths, incomingProblem, isRulesFile, rulesFileProblem } from '../vault/incoming';
import { excludeLocalPaths, machineLocal, personalPath } from '../vault/localPaths';
import { personalDir, preparePersonal } from '../vault/personal';
import { payloadOffset } from './selfExtract';
import { type ReadEntry, Unpack } from './tarLib';
import { SOUL_DIR, type Vault, vaultAt } from '../vault/layout';

export interface RestoreLimits {
  /** Total size of the unpacked files, in bytes. */
  maxBytes: number;
  /** Number of entries (files and folders). */
  maxEntries: number;
}

/** Far above any real vault (docs/benchmarks.md: T1.2 speaks of 100 MB), far below a full disk. */
export const DEFAULT_LIMITS: RestoreLimits = { maxBytes: 2 * 1024 ** 3, maxEntries: 200_000 };

export interface RestoreOptions {
  /** Add to a non-empty workspace: new files are added, existing ones are never overwritten. */
  merge?: boolean;
  limits?: Partial<RestoreLimits>;
  /** The running CLI's bundle: installed as `.CoreSoul/bin/coresoul.js` (never the archive's copy). */
  cliBundle?: string;
}

export interface Conflict {
  path: string;
  /** Which copy was changed after the archive was made: the workspace's (mtime) or the archive's. */
  newer: 'workspace' | 'archive';
}

export interface RestoreReport {
  root: string;
  archive: string;
  /** When the archive was packed (its manifest). */
  created: string;
  merge: boolean;
  /** Files placed in the workspace. */
  added: string[];
  /** Merge: files already there with the same content. */
  unchanged: string[];
  /** Merge: files already there with other content, kept as they were. */
  conflicts: Conflict[];
  /** Merge: bootloaders kept as they were but given the override directive. */
  updated: string[];
  /**
   * `restored`: rebuilt from the bundle; `started`: a new history (archive packed without one);
   * `fetched`: merged into a vault that has its own, the archive's refs under `refs/restored/`;
   * `kept`: merged into a vault that keeps its own (the archive brought none); `off`: no git.
   */
  history: 'restored' | 'started' | 'fetched' | 'kept' | 'off';
  commits?: number;
  /** One machine's state the archive carried, never installed: the CLI copy, pending proposals, ignored files. */
  leftOut: { path: string; reason: string }[];
  /** The running CLI's copy at `.CoreSoul/bin/coresoul.js`, when it was given one. */
  cli?: 'created' | 'updated' | 'kept';
}

/** Restores an archive into `root`; `signal` stops it until files are placed, leaving the target as it was. */
export async function restoreArchive(archive: string, root: string, opts: RestoreOptions = {}, signal?: AbortSignal): Promise<RestoreReport> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const offset = payloadStart(archive);
  const target = path.resolve(root);
  const st = fs.statSync(target, { throwIfNoEntry: false });
  if (st && !st.isDirectory()) throw inputError(`restore target ${target} is not a folder`);
  if (st && fs.readdirSync(target).length && !opts.merge) {
    throw refusedError(`restore target ${target} is not empty: restore into an empty folder, or add --merge to add to it`);
  }
  let made: string | undefined;
  let stage: string;
  try {
    made = fs.mkdirSync(target, { recursive: true });
    stage = fs.mkdtempSync(path.join(target, '.coresoul-restore-'));
  } catch (err) {
    throw fsError(err, 'write to', target);
  }
  let done = false;
  try {
    const tree = path.join(stage, 'tree');
    await unpack(archive, offset, tree, limits);
    const manifest = verify(tree);
    refuseRules(tree);
    const leftOut = leaveOutLocal(tree);
    signal?.throwIfAborted();
    const report = opts.merge ? await mergeInto(tree, target, manifest, leftOut) : await placeInEmpty(tree, target, manifest, leftOut);
    const placed = vaultAt(target);
    if (hasHistory(placed)) {
      excludeLocalPaths(placed);
      if (fs.existsSync(personalDir(placed))) preparePersonal(placed); // the person's own scope, with a history of its own
    }
    const cli = opts.cliBundle ? installCli(placed, opts.cliBundle) : undefined;
    done = true;
    const gone = new Set(leftOut.map((l) => l.path));
    return { ...report, added: report.added.filter((f) => !gone.has(f)), leftOut, ...(cli && { cli }), archive: path.resolve(archive) };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true, maxRetries: 5 });
    if (!done && made) fs.rmSync(made, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Byte offset of the gzip data: 0 for a .tar.gz, after the script for a .sh. */
function payloadStart(archive: string): number {
  let head: Buffer;
  try {
    const fd = fs.openSync(archive, 'r');
    try {
      head = Buffer.alloc(4096);
      head = head.subarray(0, fs.readSync(fd, head, 0, head.length, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw inputError(`cannot read archive ${archive}: ${code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a folder' : code}`);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 0;
  const offset = payloadOffset(head);
  if (offset !== undefined) return offset;
  throw inputError(`${archive} is not a Core Soul archive (expected a .tar.gz or .sh made by coresoul pack)`);
}

const ENTRY_TYPES: Record<string, string | undefined> = {
  File: undefined,
  OldFile: undefined,
  Directory: undefined,
  SymbolicLink: 'symbolic link',
  Link: 'hard link',
  CharacterDevice: 'device file',
  BlockDevice: 'device file',
  FIFO: 'fifo',
};

/** Unpacks into `tree` (created here) with tar's own protections on, refusing at the first bad entry. */
async function unpack(archive: string, offset: number, tree: string, limits: RestoreLimits): Promise<void> {
  fs.mkdirSync(tree);
  const seen = new Set<string>();
  let bytes = 0;
  let refusal: CoreSoulError | undefined;
  const extractor = new Unpack({
    cwd: tree,
    strict: true,
    preservePaths: false,
    preserveOwner: false,
    keep: true,
    maxDepth: 64,
    filter: (_p, e) => {
      const entry = e as ReadEntry;
      const why = entryProblem(entry, seen, (bytes += entry.size ?? 0), limits);
      if (!why) return true;
      refusal ??= refusedError(`unsafe archive: ${why}`);
      extractor.abort(refusal);
      return false;
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const source = fs.createReadStream(archive, { start: offset });
      source.on('error', reject);
      extractor.on('error', reject);
      extractor.on('close', resolve);
      source.pipe(extractor as unknown as NodeJS.WritableStream);
    });
  } catch (err) {
    if (refusal) throw refusal;
    throw tarError(err as Error & { code?: string });
  }
}

function entryProblem(entry: ReadEntry, seen: Set<string>, bytes: number, limits: RestoreLimits): string | undefined {
  const shown = JSON.stringify(entry.path);
  if (entry.type in ENTRY_TYPES && ENTRY_TYPES[entry.type]) return `${shown} is a ${ENTRY_TYPES[entry.type]}`;
  if (!(entry.type in ENTRY_TYPES)) return `${shown} has an unsupported entry type (${entry.type})`;
  const isDir = entry.type === 'Directory';
  const p = isDir ? entry.path.replace(/\/+$/, '') : entry.path;
  const problem = archivePathProblem(p, isDir);
  if (problem) return `${shown}: ${problem}`;
  if ((entry.mode ?? 0) & ~0o777) return `${shown} has a setuid, setgid or sticky bit`;
  if (seen.has(p)) return `${shown} appears twice`;
  seen.add(p);
  if (seen.size > limits.maxEntries) return `more than ${limits.maxEntries} entries (a decompression bomb?)`;
  if (bytes > limits.maxBytes) return `more than ${limits.maxBytes / 2 ** 20} MiB unpacked (a decompression bomb?)`;
  return undefined;
}

function tarError(err: Error & { code?: string }): CoreSoulError {
  const msg = err.message.replace(/^TAR_\w+: /, '').split('\n')[0];
  if (err.code === 'TAR_BAD_ARCHIVE') return inputError('not a Core Soul archive: the data is not a tar archive');
  if (/unexpected end of file|truncated/i.test(msg)) return refusedError('damaged archive: it is truncated');
  if (/decompression ratio/.test(msg)) return refusedError(`unsafe archive: it expands too much for its size (${msg}; a decompression bomb?)`);
  return refusedError(`damaged archive: ${msg}`);
}

/** Checks the unpacked tree against its manifest: the exact same files and folders, sizes and sha256. */
function verify(tree: string): Manifest {
  const files = new Set<string>();
  const dirs = new Set<string>();
  const walk = (rel: string) => {
    for (const name of fs.readdirSync(path.join(tree, rel))) {
      const child = rel ? `${rel}/${name}` : name;
      const st = fs.lstatSync(path.join(tree, child));
      if (st.isDirectory()) {
        dirs.add(child);
        walk(child);
      } else if (st.isFile()) files.add(child);
      else throw refusedError(`unsafe archive: ${child} is not a regular file`);
    }
  };
  walk('');
  if (!files.delete(MANIFEST)) throw inputError(`not a Core Soul archive: it has no ${MANIFEST}`);
  const manifest = parseManifest(fs.readFileSync(path.join(tree, MANIFEST), 'utf8'));
  const lie = (why: string) => refusedError(`unsafe archive: the manifest does not match the content: ${why}`);

  const listed = new Set<string>();
  for (const f of manifest.files) {
    const problem = archivePathProblem(f.path, false);
    if (problem || f.path === MANIFEST) throw lie(`${JSON.stringify(f.path)}: ${problem ?? 'lists itself'}`);
    if (listed.has(f.path)) throw lie(`${f.path} is listed twice`);
    listed.add(f.path);
    if (!files.has(f.path)) throw lie(`${f.path} is listed but missing`);
    const actual = hashFile(path.join(tree, f.path));
    if (actual.size !== f.size) throw lie(`${f.path} has ${actual.size} bytes, the manifest says ${f.size}`);
    if (actual.sha256 !== f.sha256) throw lie(`${f.path} fails its sha256 checksum`);
  }
  for (const f of files) if (!listed.has(f)) throw lie(`${f} is not listed`);
  const listedDirs = new Set(manifest.dirs);
  for (const d of dirs) if (!listedDirs.has(d)) throw lie(`folder ${d} is not listed`);
  for (const d of listedDirs) if (!dirs.has(d)) throw lie(`folder ${d} is listed but missing`);
  if (listed.has(HISTORY_BUNDLE) !== (manifest.history === 'bundle')) throw lie(`${HISTORY_BUNDLE} and history "${manifest.history}" disagree`);
  if (!dirs.has(SOUL_DIR)) throw inputError(`not a Core Soul archive: it has no ${SOUL_DIR} folder`);
  return manifest;
}

type Placed = Omit<RestoreReport, 'archive' | 'leftOut' | 'cli'>;
type LeftOut = RestoreReport['leftOut'];

/** Every file under `dir`, relative to it (`/`-separated), less a `.git` folder's. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((rel) => !rel.startsWith('.git/'));
}

/** Every file of the unpacked tree's vault, relative to the vault's folder. */
const vaultFiles = (tree: string) => filesUnder(path.join(tree, SOUL_DIR));

/**
 * A `.gitattributes` naming a filter or driver of its own, or a `.gitignore` that un-ignores,
 * anywhere in the archive (the skills folders belong to the project's repository), refuses it whole.
 */
function refuseRules(tree: string): void {
  for (const rel of filesUnder(tree).filter(isRulesFile)) {
    const why = rulesFileProblem(rel, fs.readFileSync(path.join(tree, rel), 'utf8'));
    if (why) throw refusedError(`unsafe archive: ${rel}: ${why}`);
  }
}

/** Takes one machine's state (the CLI copy, proposals) out of the unpacked tree: it is never installed. */
function leaveOutLocal(tree: string): LeftOut {
  const out: LeftOut = [];
  for (const rel of vaultFiles(tree)) {
    const why = personalPath(rel) ? undefined : machineLocal(rel);
    if (!why) continue;
    fs.rmSync(path.join(tree, SOUL_DIR, rel));
    out.push({ path: `${SOUL_DIR}/${rel}`, reason: why });
  }
  removeEmptyFolders(path.join(tree, SOUL_DIR));
  return out;
}

/** Takes out what the vault `v` (the unpacked one, or the one merged into) ignores and does not track. */
async function leaveOutIgnored(tree: string, v: Vault): Promise<LeftOut> {
  const files = vaultFiles(tree);
  const ignored = await ignoredPaths(v, files);
  if (typeof ignored === 'string') throw refusedError(`unsafe archive: ${ignored}`);
  const tracked = new Set((await git(v, ['ls-files', '-z'])).stdout.split('\0'));
  const out: LeftOut = [];
  for (const rel of files) {
    if (!ignored.has(rel) || tracked.has(rel) || personalPath(rel)) continue;
    fs.rmSync(path.join(tree, SOUL_DIR, rel));
    out.push({ path: `${SOUL_DIR}/${rel}`, reason: 'ignored by the vault (.gitignore or .git/info/exclude)' });
  }
  removeEmptyFolders(path.join(tree, SOUL_DIR));
  return out;
}

function removeEmptyFolders(dir: string): boolean {
  if (!fs.existsSync(dir)) return true;
  let empty = true;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory() && e.name !== '.git' && removeEmptyFolders(path.join(dir, e.name))) fs.rmdirSync(path.join(dir, e.name));
    else empty = false;
  }
  return empty;
}

async function placeInEmpty(tree: string, target: string, manifest: Manifest, leftOut: LeftOut): Promise<Placed> {
  const history = await rebuildHistory(tree, manifest, leftOut);
  removeMeta(tree);
  for (const name of fs.readdirSync(tree)) fs.renameSync(path.join(tree, name), path.join(target, name));
  return {
    root: target,
    created: manifest.created,
    merge: false,
    added: workspaceFiles(manifest),
    unchanged: [],
    conflicts: [],
    updated: [],
    ...history,
  };
}

async function mergeInto(tree: string, target: string, manifest: Manifest, leftOut: LeftOut): Promise<Placed> {
  const v = vaultAt(target);
  const hadSoul = fs.existsSync(v.soulDir);
  // A workspace without a vault gets the archive's whole .CoreSoul, history included.
  const fresh = hadSoul ? undefined : await rebuildHistory(tree, manifest, leftOut);
  if (hadSoul && hasHistory(v)) {
    leftOut.push(...(await leaveOutIgnored(tree, v)));
    // The archive's history is kept aside, under refs/restored/, only when all of it may come in.
    if (manifest.history === 'bundle') await fetchCheckedAside(v, path.join(tree, HISTORY_BUNDLE));
  }
  const report: Placed = { root: target, created: manifest.created, merge: true, added: [], unchanged: [], conflicts: [], updated: [], history: 'off' };
  const created = Date.parse(manifest.created);
  const filesUnder = (rel: string) => workspaceFiles(manifest).filter((f) => f === rel || f.startsWith(`${rel}/`));

  const merge = (rel: string) => {
    for (const name of fs.readdirSync(path.join(tree, rel)).sort()) {
      const child = rel ? `${rel}/${name}` : name;
      if (!rel && (name === MANIFEST || name === HISTORY_BUNDLE)) continue;
      const src = path.join(tree, child);
      const dst = path.join(target, child);
      const there = fs.lstatSync(dst, { throwIfNoEntry: false });
      const isDir = fs.lstatSync(src).isDirectory();
      if (!there) {
        fs.renameSync(src, dst);
        report.added.push(...filesUnder(child));
      } else if (isDir && there.isDirectory()) {
        merge(child);
      } else if (!isDir && there.isFile() && sameContent(src, dst)) {
        report.unchanged.push(child);
      } else {
        // Never overwrite: the workspace copy stays; a link or a folder in the way counts too.
        for (const f of isDir ? filesUnder(child) : [child]) report.conflicts.push({ path: f, newer: there.mtimeMs > created ? 'workspace' : 'archive' });
      }
    }
  };
  if (hadSoul) withLock(v.lockFile, () => merge(''));
  else merge('');

  for (const c of report.conflicts) {
    if (BOOTLOADERS.includes(c.path) && fs.lstatSync(path.join(target, c.path)).isFile() && addDirective(path.join(target, c.path)) === 'updated') {
      report.updated.push(c.path);
    }
  }
  if (fresh) return { ...report, ...fresh };
  if (!hasHistory(v)) return { ...report, history: 'off' };
  await commitVault(v, `restore: merged the archive packed ${manifest.created}`);
  return { ...report, history: manifest.history === 'bundle' ? 'fetched' : 'kept' };
}

/**
 * The history a restored vault starts with, built inside the temp tree before anything moves; what
 * it ignores and does not track is left out, and a history holding what a pull could not bring in
 * (vault/incoming.ts) refuses the archive.
 */
async function rebuildHistory(tree: string, manifest: Manifest, leftOut: LeftOut): Promise<Pick<RestoreReport, 'history' | 'commits'>> {
  const v = vaultAt(tree);
  if (manifest.history === 'off') return { history: 'off' };
  if (manifest.history === 'omitted') {
    await initHistory(v);
    excludeLocalPaths(v);
    leftOut.push(...(await leaveOutIgnored(tree, v)));
    await commitVault(v, firstCommitMessage(`restore: vault packed ${manifest.created} without its history`));
    return { history: 'started', commits: 1 };
  }
  const commits = await restoreHistoryBundle(v, path.join(tree, HISTORY_BUNDLE), manifest.head as string);
  const why = await incomingProblem(v, '--all', undefined);
  if (why) throw refusedError(`unsafe archive: its history holds what may never come in: ${why}`);
  excludeLocalPaths(v);
  leftOut.push(...(await leaveOutIgnored(tree, v)));
  return { history: 'restored', commits };
}

/** Fetches the archive's history under refs/restored/, then reads what came: a problem removes those refs again and refuses. */
async function fetchCheckedAside(v: Vault, bundle: string): Promise<void> {
  const before = new Set((await git(v, ['for-each-ref', '--format=%(refname)', 'refs/restored/'])).stdout.split('\n').filter(Boolean));
  await fetchBundleAside(v, bundle);
  const why = await incomingProblem(v, '--glob=refs/restored/*', 'HEAD');
  if (!why) return;
  const fetched = (await git(v, ['for-each-ref', '--format=%(refname)', 'refs/restored/'])).stdout.split('\n').filter((r) => r && !before.has(r));
  for (const ref of fetched) await git(v, ['update-ref', '-d', ref]);
  throw refusedError(`unsafe archive: its history holds what may never come in: ${why}`);
}

function removeMeta(tree: string): void {
  fs.rmSync(path.join(tree, MANIFEST));
  fs.rmSync(path.join(tree, HISTORY_BUNDLE), { force: true });
}

const workspaceFiles = (m: Manifest) => m.files.map((f) => f.path).filter((p) => p !== HISTORY_BUNDLE);

function sameContent(a: string, b: string): boolean {
  const sa = fs.statSync(a);
  const sb = fs.statSync(b);
  return sa.size === sb.size && hashFile(a).sha256 === hashFile(b).sha256;
}

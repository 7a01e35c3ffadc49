/**
 * The memory files search reads, as the index sees them: which files there are (days, months,
 * entity notes), their lines, and the parts of an entity note that are searched (its own lines,
 * not its front matter, title or `[[YYYY-MM-DD]]` tags, which are followed instead).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { entityFrontMatter } from '../../vault/entityFrontMatter';
import { ENTITY_KINDS, type EntityKind, type Vault, SOUL_DIR, shownMemoryPath } from '../../vault/layout';
import { rawDir } from '../../compress/rawDays';
import { personalDir } from '../../vault/personal';
import { PERSONAL_DIR } from '../../vault/localPaths';

/**
 * Larger files are skipped with a warning: a day is text written a line at a time. An entity
 * note gains a line per mention for ever, so it may grow four times larger.
 */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
export const maxBytes = (kind: FileKind) => (kind === 'entity' ? 4 : 1) * MAX_FILE_BYTES;

/**
 * `raw`: the raw lines of a compressed day, kept in `.CoreSoul/cache/raw/` (compress/rawDays.ts);
 * `archive`: a month of memories moved to `memory/archive/` (memory/archive.ts), searched only when asked;
 * `personal`: a day of the person's own entries (stated preferences), in the personal scope
 * `.CoreSoul/personal/chronological/` (vault/personal.ts), which never leaves this machine.
 */
export type FileKind = 'day' | 'month' | 'entity' | 'raw' | 'archive' | 'personal' | 'other';

/**
 * A memory file as the index knows it; `rel` is relative to the memory folder, but for a raw day
 * (`raw/<day>.md`, in the cache) and a personal day (`personal/chronological/<day>.md`, in the
 * personal scope): keys no memory file has.
 */
export interface VaultFile {
  rel: string;
  abs: string;
  kind: FileKind;
  /** For entity notes. */
  entity?: { kind: EntityKind; name: string };
  size: number;
  mtimeMs: number;
  /** What the listing saw of the file (size, mtime, ctime, inode): any write since changes it. */
  stamp: string;
}

export const DAY_FILE = /^(?:chronological|raw|personal\/chronological)\/(\d{4}-\d{2}-\d{2})\.md$/;
/** The key of a day's personal entries (vault/personal.ts personalDayFile). */
export const personalDayRel = (day: string) => `${PERSONAL_DIR}/chronological/${day}.md`;
const MONTH_FILE = /^chronological\/\d{4}-\d{2}\.md$/;
const TAG_LINE = /^- \[\[\d{4}-\d{2}-\d{2}(?:[#|][^\]]*)?\]\]/;

/**
 * Every memory file: chronological/*.md and entities/<kind>/*.md, with size and mtime, the raw
 * days of compressed days, keyed `raw/<day>.md`, and the person's own days of the personal scope,
 * keyed `personal/chronological/<day>.md`.
 *
 * Every file is looked at afresh (a write or a hand edit shows at once), but a long-lived process
 * lists a folder again only when it changed, and gets the same VaultFile for a file whose status
 * is the same (what is worked out of a file may be kept by it): a folder's names are taken as
 * before while its mtime is the one it had when it was read, and that mtime was older than
 * RACY_MS then (a change within a coarse clock's tick would not show in it). A process that
 * watches the folders (watchFolders) takes the status of a file as before, without asking for it,
 * while no change notice has named the file since.
 */
export function listVaultFiles(v: Vault): VaultFile[] {
  const out: VaultFile[] = [];
  const scan = (dir: string, relDir: string, make: (name: string) => Pick<VaultFile, 'kind' | 'entity'>) => {
    const folder = folderAt(dir);
    if (!folder) return;
    const watched = folder.watch;
    for (const name of folder.names) {
      const abs = `${dir}${path.sep}${name}`; // not path.join: thousands of names, already normal
      if (watched?.files.has(name) && !watched.changed.has(name)) {
        const known = watched.files.get(name);
        if (known) out.push(known);
        continue;
      }
      const st = fs.statSync(abs, { throwIfNoEntry: false });
      const file = st?.isFile() ? vaultFile(abs, `${relDir}/${name}`, st, make(name)) : undefined;
      // A link, or a file with other names, may be written through another folder, whose notices this one does not get.
      if (watched && !watched.linked.has(name) && !(st && st.nlink > 1)) watched.files.set(name, file);
      if (file) out.push(file);
    }
    watched?.changed.clear(); // each file a notice named has been looked at now
  };
  scan(v.chronoDir, 'chronological', (name) => ({ kind: DAY_FILE.test(`chronological/${name}`) ? 'day' : MONTH_FILE.test(`chronological/${name}`) ? 'month' : 'other' }));
  scan(rawDir(v), 'raw', (name) => ({ kind: DAY_FILE.test(`raw/${name}`) ? 'raw' : 'other' }));
  scan(path.join(personalDir(v), 'chronological'), `${PERSONAL_DIR}/chronological`, (name) => ({ kind: DAY_FILE.test(personalDayRel(name.slice(0, -3))) ? 'personal' : 'other' }));
  scan(path.join(v.memoryDir, 'archive'), 'archive', (name) => ({ kind: /^\d{4}-\d{2}\.md$/.test(name) ? 'archive' : 'other' }));
  for (const kind of ENTITY_KINDS) scan(path.join(v.entitiesDir, kind), `entities/${kind}`, (name) => ({ kind: 'entity', entity: { kind, name: name.slice(0, -3) } }));
  if (seen.size > MAX_SEEN) seen.clear();
  return out;
}

/** The VaultFile of a file whose status is `st`: the one listed before while that status is the same. */
function vaultFile(abs: string, rel: string, st: fs.Stats, kind: Pick<VaultFile, 'kind' | 'entity'>): VaultFile {
  const known = seen.get(abs);
  if (known && known.size === st.size && known.mtimeMs === st.mtimeMs && known.ctimeMs === st.ctimeMs && known.ino === st.ino) return known.file;
  const file: VaultFile = { rel, abs, size: st.size, mtimeMs: st.mtimeMs, stamp: fileStamp(st), ...kind };
  seen.set(abs, { file, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino });
  return file;
}

/** A folder's mtime this long before it was read says that no change since can share it. */
const RACY_MS = 2000;
/** Files whose listing is kept (a long-lived process over one vault holds a few thousand). */
const MAX_SEEN = 1 << 17;
/** The files listed before, by path, with the status they had. */
const seen = new Map<string, { file: VaultFile; size: number; mtimeMs: number; ctimeMs: number; ino: number }>();

/**
 * A folder read before: its `.md` names, sorted, with the folder's status and when it was read;
 * `watch`, while the folder is watched: the files last listed by name (undefined: not a file),
 * the names change notices named since, and the names that are no plain file (a link).
 */
interface Folder {
  mtimeMs: number;
  ino: number;
  readAt: number;
  names: string[];
  watch?: { watcher: fs.FSWatcher; files: Map<string, VaultFile | undefined>; changed: Set<string>; renamed: boolean; linked: Set<string> };
}
const folders = new Map<string, Folder>();

/** The folder at `dir` as it is now (undefined when it is none or cannot be read). */
function folderAt(dir: string): Folder | undefined {
  const st = fs.statSync(dir, { throwIfNoEntry: false });
  if (!st?.isDirectory()) {
    forget(dir);
    return undefined;
  }
  const known = folders.get(dir);
  if (known && known.mtimeMs === st.mtimeMs && known.ino === st.ino) {
    // Watched: a name added, removed or renamed since would have been told (a `rename` notice).
    if (known.watch ? !known.watch.renamed : known.mtimeMs < known.readAt - RACY_MS) return known;
  }
  forget(dir);
  // Watched from before it is read: no change after the read can go unnoticed.
  const watch = watching ? watchFolder(dir) : undefined;
  const readAt = Date.now();
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.name.endsWith('.md'));
  } catch {
    watch?.watcher.close();
    return undefined;
  }
  const names = entries.map((d) => d.name).sort();
  if (watch) for (const d of entries) if (!d.isFile()) watch.linked.add(d.name);
  const folder: Folder = { mtimeMs: st.mtimeMs, ino: st.ino, readAt, names, ...(watch && { watch }) };
  folders.set(dir, folder);
  return folder;
}

function forget(dir: string): void {
  folders.get(dir)?.watch?.watcher.close();
  folders.delete(dir);
}

// ---- change notices ---------------------------------------------------------------------------

/** Whether this process watches the folders it lists (watchFolders). */
let watching = false;

/**
 * From now on, the folders listed are watched for changes where the system tells of every change
 * as it is made (Linux's inotify, on a local file system), and a file is asked for its status
 * only when a notice named it: for a long-lived process that lists a vault search after search
 * while others write it (the search server). Elsewhere (macOS and Windows, whose notices may come
 * late; network and virtual file systems, which may not tell of others' changes) every file is
 * asked, as before. The caller lets notices in before it lists (a turn of its event loop): a
 * change made before then was told by then, since the system queues the notice as it writes.
 */
export function watchFolders(): void {
  watching = process.platform === 'linux';
}

/**
 * File systems whose every change Linux tells of as it is made (statfs magic numbers): ext2/3/4,
 * XFS, Btrfs, tmpfs, ZFS, F2FS. Not overlayfs (a change to a lower layer is not told), network,
 * FUSE or virtual ones (WSL's drives, 9p).
 */
const LOCAL_FILE_SYSTEMS = new Set([0xef53, 0x58465342, 0x9123683e, 0x01021994, 0x2fc12fc1, 0xf2f52010]);

/** Starts watching `dir`; undefined where its notices cannot be relied on (or the system has no watch left). */
function watchFolder(dir: string): Folder['watch'] {
  try {
    if (!LOCAL_FILE_SYSTEMS.has(Number(fs.statfsSync(dir).type) >>> 0)) return undefined;
    const state = { files: new Map<string, VaultFile | undefined>(), changed: new Set<string>(), renamed: false, linked: new Set<string>() };
    // A name added, removed or renamed (or a notice without a name): the folder is read again, whole, every file asked.
    const watcher = fs.watch(dir, { persistent: false }, (event, name) => {
      if (name !== null) state.changed.add(name);
      if (event === 'rename' || name === null) state.renamed = true;
    });
    watcher.on('error', () => (state.renamed = true));
    return Object.assign(state, { watcher });
  } catch {
    return undefined;
  }
}

/** A file's stamp (VaultFile.stamp) from its status. */
export const fileStamp = (st: fs.Stats) => `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;

/** A memory file as a person finds it from the workspace root (a raw day lives in the cache, a personal day in the personal scope). */
export const shownPath = (f: Pick<VaultFile, 'rel' | 'kind'>) => (f.kind === 'raw' ? `${SOUL_DIR}/cache/${f.rel}` : f.kind === 'personal' ? `${SOUL_DIR}/${f.rel}` : shownMemoryPath(f.rel));

export const splitLines = (text: string) => text.split(/\r?\n/);

/** Byte offset of the start of every line, plus the file's length at the end. */
export function lineOffsets(buf: Buffer): number[] {
  const out = [0];
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) out.push(i + 1);
  out.push(buf.length);
  return out;
}

// What follows a `[[` of a day link (matched where the `[[` ends: a note holds one per line, thousands of lines).
const DAY_LINK_REST = /(\d{4}-\d{2}-\d{2})(?:[#|][^\]\n]*)?\]\]/y;

/** The days a text links to with `[[YYYY-MM-DD]]`, in first-seen order. */
export function dayLinks(lines: string[], from = 0): string[] {
  const days = new Set<string>();
  for (let i = from; i < lines.length; i++) {
    const line = lines[i];
    for (let at = line.indexOf('[['); at !== -1; ) {
      DAY_LINK_REST.lastIndex = at + 2;
      const m = DAY_LINK_REST.exec(line);
      if (m) days.add(m[1]);
      at = line.indexOf('[[', m ? DAY_LINK_REST.lastIndex : at + 1);
    }
  }
  return [...days];
}

/** Whether a line of a file is searched: entity notes' front matter, title and date tags are not. */
export function searchableLine(kind: FileKind, line: string): boolean {
  return kind !== 'entity' || !TAG_LINE.test(line);
}

/** Where an entity note's body starts (after front matter and `# Name`), and its aliases. */
export function entityHead(lines: string[]): { bodyStart: number; aliases: string[] } {
  // Only the head goes to the front matter reader: a note may hold thousands of tag lines.
  const close = /^\uFEFF?---\s*$/.test(lines[0] ?? '') ? lines.findIndex((l, j) => j > 0 && /^---[ \t]*$/.test(l)) : -1;
  const fm = close === -1 ? undefined : entityFrontMatter(lines.slice(0, close + 1).join('\n'));
  let i = fm?.lines ?? 0;
  while (i < lines.length && !lines[i].trim()) i++;
  if (/^# /.test(lines[i] ?? '')) i++;
  return { bodyStart: i, aliases: fm?.data.aliases ?? [] };
}

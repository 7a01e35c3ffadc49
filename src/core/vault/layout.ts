/** Where everything lives in a workspace, and the check that a vault is there and usable. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { vaultError } from '../shared/errors';
import { SOUL_DIR } from '../shared/fs';

/** The vault's folder in a workspace (named in shared/fs.ts, whose write guard looks for it), and its memory folder (as the user sees them, `/`-separated). */
export { SOUL_DIR };
export const MEMORY_DIR = `${SOUL_DIR}/memory`;

/** A memory file's path relative to the memory folder: `chronological/2026-03-10.md`. */
export const dayRel = (day: string) => `chronological/${day}.md`;
/** A monthly (L3) file's path relative to the memory folder, from its day or month. */
export const monthRel = (dayOrMonth: string) => `chronological/${dayOrMonth.slice(0, 7)}.md`;
/** A memory file as the user sees it from the workspace root: `.CoreSoul/memory/<rel>`. */
export const shownMemoryPath = (memoryRel: string) => `${MEMORY_DIR}/${memoryRel}`;
/** The folder of the memory's day and month files, as the user sees it; a citation names a file in it by its name alone. */
export const CITED_DIR = `${MEMORY_DIR}/chronological/`;

export const ENTITY_KINDS = ['people', 'events', 'places', 'objects'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export const isEntityKind = (s: string): s is EntityKind => (ENTITY_KINDS as readonly string[]).includes(s);

export interface Vault {
  root: string;
  soulDir: string; // .CoreSoul
  soul: string;
  persona: string;
  memoryDir: string;
  mapFile: string;
  chronoDir: string;
  entitiesDir: string;
  lockFile: string;
  binDir: string;
  agents: string;
}

/** Set to `0` (the VS Code setting `coresoul.vault.shareAcrossWorktrees` off) to give every git worktree its own vault. */
export const SHARE_WORKTREES_ENV = 'CORESOUL_SHARE_WORKTREES';

/**
 * The vault of a workspace: its own `.CoreSoul`, or, in a linked git worktree that has none, the
 * vault of its main worktree (docs/sync.md#worktrees-share-one-vault), so that the worktrees of
 * one repository share one vault instead of each growing a second.
 */
export function vaultAt(root: string): Vault {
  const abs = path.resolve(root);
  let soulDir = path.join(abs, SOUL_DIR);
  if (process.env[SHARE_WORKTREES_ENV] !== '0' && !fs.existsSync(soulDir)) {
    const main = mainWorktree(abs);
    if (main && fs.existsSync(path.join(main, SOUL_DIR))) soulDir = path.join(main, SOUL_DIR);
  }
  const memoryDir = path.join(soulDir, 'memory');
  return {
    root: abs,
    soulDir,
    soul: path.join(soulDir, 'soul.md'),
    persona: path.join(soulDir, 'persona.md'),
    memoryDir,
    mapFile: path.join(memoryDir, 'memory_map.md'),
    chronoDir: path.join(memoryDir, 'chronological'),
    entitiesDir: path.join(memoryDir, 'entities'),
    lockFile: path.join(soulDir, '.lock'),
    binDir: path.join(soulDir, 'bin'),
    agents: path.join(abs, 'AGENTS.md'),
  };
}

/**
 * The main worktree of a linked git worktree, from git's own files without running git: the
 * worktree's `.git` file names its git folder, whose `commondir` is the main repository's `.git`.
 * Undefined in a main worktree, a submodule or outside a repository.
 */
function mainWorktree(root: string): string | undefined {
  let dotGit: string;
  try {
    dotGit = fs.readFileSync(path.join(root, '.git'), 'utf8');
  } catch {
    return undefined; // a folder (a main worktree) or nothing
  }
  const gitDir = /^gitdir: (.+)$/m.exec(dotGit)?.[1]?.trim();
  if (!gitDir) return undefined;
  const dir = path.resolve(root, gitDir);
  let common: string;
  try {
    common = path.resolve(dir, fs.readFileSync(path.join(dir, 'commondir'), 'utf8').trim());
  } catch {
    return undefined;
  }
  return path.basename(common) === '.git' ? path.dirname(common) : undefined;
}

/**
 * The workspace a command run from `start` works on, found as git finds its repository: the
 * nearest folder, from `start` up, that holds a vault (`.CoreSoul`) or is a repository's top
 * (`.git`, a folder or a worktree's file), so that a command run in `repo/src` uses the vault
 * of `repo` and `init` there does not make a second one. A vault's own folder is passed over
 * (its `.git` is the vault's history). Outside any repository and vault: `start` itself.
 */
export function findWorkspaceRoot(start: string): string {
  const from = path.resolve(start);
  for (let dir = from; ; ) {
    if (path.basename(dir) !== SOUL_DIR && (fs.existsSync(path.join(dir, SOUL_DIR)) || fs.existsSync(path.join(dir, '.git')))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return from;
    dir = up;
  }
}

// Plain concatenation: these run on every memory write, and their parts are already clean.
const SEP = path.sep;
export const dayFile = (v: Vault, day: string) => `${v.chronoDir}${SEP}${day}.md`;
export const monthFile = (v: Vault, month: string) => `${v.chronoDir}${SEP}${month}.md`;
export const entityDir = (v: Vault, kind: EntityKind) => `${v.entitiesDir}${SEP}${kind}`;
export const entityFile = (v: Vault, kind: EntityKind, name: string) => `${entityDir(v, kind)}${SEP}${name}.md`;

/** A path as users see it in reports: relative to the workspace root, with forward slashes. */
export function rel(v: Vault, p: string): string {
  const inside = p.startsWith(v.root) && p[v.root.length] === SEP ? p.slice(v.root.length + 1) : path.relative(v.root, p);
  return SEP === '/' ? inside : inside.split(SEP).join('/');
}

/** The vault of a workspace, or a one-line error when there is none or it is not usable. */
export function openVault(root: string): Vault {
  const v = vaultAt(root);
  const kindOf = (p: string) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    return st ? (st.isDirectory() ? 'dir' : 'file') : 'none';
  };
  if (kindOf(v.root) !== 'dir') throw vaultError(`workspace root ${v.root} is not a folder`);
  const soulKind = kindOf(v.soulDir);
  if (soulKind === 'none') throw vaultError(`no Core Soul vault in ${v.root} (run: coresoul init)`);
  if (soulKind === 'file') throw vaultError(`damaged vault: ${v.soulDir} is a file, not a folder`);
  for (const dir of [v.memoryDir, v.chronoDir, v.entitiesDir]) {
    const k = kindOf(dir);
    if (k !== 'dir') throw vaultError(`damaged vault: ${rel(v, dir)} ${k === 'file' ? 'is a file' : 'is missing'} (run: coresoul init)`);
  }
  if (kindOf(v.mapFile) !== 'file') throw vaultError(`damaged vault: ${rel(v, v.mapFile)} is missing (run: coresoul init)`);
  return v;
}

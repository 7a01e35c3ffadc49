/**
 * What in a vault belongs to one machine and is never shared (docs/trust.md#threat-model): the
 * CLI copy that skills, hooks, MCP hosts and merge drivers run (`bin/`), the search cache, pending
 * persona proposals, lock and temp files (git's merge drivers' too). Git ignores them, and git overwrites an ignored file when
 * a pulled commit adds it, so these names are also what a pull or a restore may never write. One
 * list for `.gitignore`, `.git/info/exclude` (which a remote cannot change), sync and restore.
 */
import * as path from 'node:path';
import { atomicWrite, isDirectory, readTextIfExists } from '../shared/fs';
import type { Vault } from './layout';

/** Vault folders that hold one machine's state (`bin/` the CLI copy that everything runs), and the person's own scope (vault/personal.ts). */
export const PERSONAL_DIR = 'personal';
export const LOCAL_DIRS = ['bin', 'cache', 'proposals', PERSONAL_DIR] as const;

/**
 * The patterns that keep them out of the vault's commits. `.merge_file_*`: the versions git hands
 * a merge driver, in the work tree while a merge runs (sync's, `git merge-tree`, beside its
 * `git status`: docs/sync.md#how-a-sync-runs).
 */
const LOCAL_PATTERNS = ['.lock*', '*.tmp', '.merge_file_*', ...LOCAL_DIRS.map((d) => `${d}/`)];

/** The vault's `.gitignore`, written by `init`. */
export const VAULT_GITIGNORE = `# Core Soul: local state that is not memory\n${LOCAL_PATTERNS.join('\n')}\n`;

/**
 * A path segment as a case-insensitive file system (macOS, Windows) resolves it: `BIN`, `bin.`
 * and `bin ` all name `bin`.
 */
export const foldSegment = (s: string) => s.normalize('NFC').toLowerCase().replace(/[. ]+$/, '');

/**
 * Why a vault-relative path (`/`-separated) names one machine's state, or undefined: under one of
 * LOCAL_DIRS, a lock or temp file, anything in a `.git` folder, or a top folder with a Windows
 * 8.3 short name (`PROPOS~1/`) that could stand for one of them.
 */
export function machineLocal(vaultRel: string): string | undefined {
  const parts = vaultRel.split('/').map(foldSegment);
  if ((LOCAL_DIRS as readonly string[]).includes(parts[0])) return parts[0] === 'bin' ? 'the machine-local CLI copy (bin/)' : `machine-local state (${parts[0]}/)`;
  if (parts.includes('.git')) return 'a path inside a .git folder';
  if (parts.length > 1 && /~\d/.test(parts[0])) return 'a Windows short name (~1), which may stand for a machine-local folder';
  const name = parts[parts.length - 1];
  if (/^\.lock(\.|$)/.test(name) || name.endsWith('.tmp') || name.startsWith('.merge_file_')) return 'a lock or temp file';
  return undefined;
}

/**
 * A path of the personal scope (vault/personal.ts), its history aside: the person's own, which a
 * pull may never write but their own archive carries (pack, restore: the person moving it).
 */
export function personalPath(vaultRel: string): boolean {
  const parts = vaultRel.split('/').map(foldSegment);
  return parts[0] === PERSONAL_DIR && parts.length > 1 && !parts.includes('.git');
}

/**
 * Adds the machine-local patterns to the vault's `.git/info/exclude`: unlike `.gitignore`, a
 * commit cannot change that file, so whatever a remote does to `.gitignore`, a local `git add -A`
 * never shares these paths.
 */
export function excludeLocalPaths(v: Vault): void {
  const file = path.join(v.soulDir, '.git', 'info', 'exclude');
  if (!isDirectory(path.join(v.soulDir, '.git'))) return; // no history, or a .git file pointing elsewhere
  const text = readTextIfExists(file) ?? '';
  const have = new Set(text.split('\n').map((l) => l.trim()));
  const missing = LOCAL_PATTERNS.filter((p) => !have.has(p));
  if (!missing.length) return;
  const head = text && !text.endsWith('\n') ? '\n' : '';
  atomicWrite(file, `${text}${head}# Core Soul: one machine's state, never shared (docs/trust.md)\n${missing.join('\n')}\n`);
}

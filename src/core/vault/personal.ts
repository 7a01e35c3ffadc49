/**
 * The personal scope (docs/sync.md#scopes): what is about the person, not the project — the user
 * profile (`User.md`), its archive and the preferences they state — lives in `.CoreSoul/personal/`,
 * which the vault's repository ignores (vault/localPaths.ts), so no commit, push or pack of the
 * team's memory carries it, and no pull may write it. It keeps a history of its own:
 * `.CoreSoul/personal/.git`, committed with every vault commit that changed it, never connected to
 * any remote. A vault made before the scope existed has its profile in the shared tree
 * (`memory/entities/people/User.md`): `movePersonal` moves it (and its archive) here, never
 * deleting anything — the shared history keeps what it already held.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fsError } from '../shared/errors';
import { isDirectory, makeDir } from '../shared/fs';
import { vaultGitEnv } from './history';
import { type Vault, entityFile } from './layout';
import { PERSONAL_DIR, excludeLocalPaths } from './localPaths';
import { childProcess } from '../shared/nodeLazy';

export const personalDir = (v: Vault) => path.join(v.soulDir, PERSONAL_DIR);
/** Where the profile was before the personal scope: an entity note of the shared tree. */
export const sharedProfileFile = (v: Vault) => entityFile(v, 'people', 'User');

/**
 * The profile: in the personal scope, unless a vault not yet moved still holds it in the shared
 * tree (then there, until `movePersonal` runs at the next init or sync).
 */
export function profilePath(v: Vault): string {
  const personal = path.join(personalDir(v), 'User.md');
  return !isDirectory(personalDir(v)) && fs.existsSync(sharedProfileFile(v)) ? sharedProfileFile(v) : personal;
}

/** The archive of the profile's oldest entries (moved there when a section's cap is hit), month by month. */
export const personalArchiveDir = (v: Vault) => (profilePath(v) === sharedProfileFile(v) ? path.join(v.memoryDir, 'archive') : path.join(personalDir(v), 'archive'));

/** A day's personal entries (stated preferences): never in the shared day files. */
export const personalDayFile = (v: Vault, day: string) => path.join(personalDir(v), 'chronological', `${day}.md`);

/**
 * Makes the personal folder ready before anything is written to it: ignored by the vault's
 * repository (`.git/info/exclude`, which no commit can change) and with a history of its own.
 */
export function preparePersonal(v: Vault): void {
  const dir = personalDir(v);
  makeDir(dir);
  excludeLocalPaths(v);
  if (isDirectory(path.join(v.soulDir, '.git')) && !fs.existsSync(path.join(dir, '.git'))) {
    try {
      childProcess().execFileSync('git', ['init', '-q'], { cwd: dir, env: vaultGitEnv(), stdio: 'ignore' });
    } catch (err) {
      throw fsError(err, 'start the personal history in', dir);
    }
  }
}

/**
 * Moves a profile and its archive out of the shared tree into the personal scope (an older vault);
 * what the personal scope already holds is never overwritten. Returns the vault-relative paths moved.
 */
export function movePersonal(v: Vault): string[] {
  const moved: string[] = [];
  const old = sharedProfileFile(v);
  const oldArchive = path.join(v.memoryDir, 'archive');
  if (!fs.existsSync(old) && !isDirectory(oldArchive)) return moved;
  preparePersonal(v);
  const move = (from: string, to: string) => {
    if (fs.existsSync(to)) return;
    makeDir(path.dirname(to));
    fs.renameSync(from, to);
    moved.push(path.relative(v.soulDir, from).split(path.sep).join('/'));
  };
  if (fs.existsSync(old)) move(old, path.join(personalDir(v), 'User.md'));
  if (isDirectory(oldArchive)) for (const f of fs.readdirSync(oldArchive)) move(path.join(oldArchive, f), path.join(personalDir(v), 'archive', f));
  return moved;
}

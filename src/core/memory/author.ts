/**
 * Who writes (docs/memory.md#authors): the person in whose session an entry is written and the
 * machine it is written on, recorded on every entry as `[by <name> on <machine>]` by the writer
 * alone. The name is `CORESOUL_AUTHOR`, else the project's git `user.name` (its own, global or
 * system configuration, as git reads it), else the vault's own (not the stand-in identity `init`
 * gives a vault when git has none), else the operating-system user. The machine is
 * `CORESOUL_MACHINE`, else the host name's first label. No e-mail address is stored. Both pass
 * the secret firewall like every other field; found once per process and workspace, and git's
 * answer kept in the vault's machine-local cache while the files it came from stay as they were
 * (and, outside any repository, where it is the user's own, in the process for every vault).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { atomicWrite, readTextIfExists } from '../shared/fs';
import { gitDirs } from '../vault/gitHead';
import { redactText } from '../safety/secrets';
import { type Author, markerMachine, markerName } from '../vault/dayEntries';
import { STAND_IN_IDENTITY, vaultGitEnv } from '../vault/history';
import type { Vault } from '../vault/layout';
import { childProcess } from '../shared/nodeLazy';

export type Writer = Pick<Author, 'name' | 'machine'>;

const known = new Map<string, Writer>();

/** The person and machine writing into `v` now. */
export function currentWriter(v: Vault): Writer {
  let w = known.get(v.root);
  if (!w) {
    w = writerFields({ name: process.env.CORESOUL_AUTHOR?.trim() || gitName(v) || vaultName(v.soulDir) || osUser(), machine: process.env.CORESOUL_MACHINE?.trim() || os.hostname() });
    known.set(v.root, w);
  }
  return w;
}

/**
 * A writer as a marker holds it: one line each, without brackets, and a credential in either
 * replaced by `secret-<kind>` (a marker ends at a bracket, so not `[secret: <kind>]`).
 */
export function writerFields(w: { name?: string; machine?: string }): Writer {
  const clean = (s: string | undefined) => (s ? redactText(s).text.replace(/\[secret: ([\w.-]+)\]/g, 'secret-$1') : '');
  const name = markerName(clean(w.name));
  const machine = markerMachine(clean(w.machine));
  return { ...(name && { name }), ...(name && machine && { machine }) };
}

function gitConfig(cwd: string, args: string[]): string {
  try {
    return childProcess().execFileSync('git', ['config', ...args], { cwd, env: vaultGitEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return ''; // not set, not a folder git can read, or no git at all
  }
}

/**
 * The project's git `user.name` as `git config --get user.name` answers it. Kept in
 * `cache/author.json` with the configuration files git read it from (and those it would read if
 * they appeared: global, XDG, the repository's own) and the variables that choose them: while
 * none of those changed, a write runs no git to learn who writes. Outside any repository git reads
 * the user's own files only, so its answer there serves every such vault of the process.
 */
function gitName(v: Vault): string {
  const cacheFile = path.join(v.soulDir, 'cache', 'author.json');
  let cached: { files?: unknown; key?: unknown; name?: unknown } | undefined;
  try {
    cached = JSON.parse(readTextIfExists(cacheFile) ?? 'null') ?? undefined;
  } catch {
    cached = undefined; // damaged: asked again
  }
  if (cached && Array.isArray(cached.files) && typeof cached.name === 'string' && cached.key === configKey(cached.files.map(String))) return cached.name;
  const outside = !inRepository(v.root);
  let found = outside && outsideRepositories && configKey(outsideRepositories.files) === outsideRepositories.key ? outsideRepositories : undefined;
  if (!found) {
    // `-z`: entries as `<origin>\0<key>\n<value>\0`; the last user.name read wins, as with --get.
    const fields = gitConfig(v.root, ['--list', '--show-origin', '-z']).split('\0');
    const files = new Set(userConfigFiles());
    let name = '';
    for (let i = 0; i + 1 < fields.length; i += 2) {
      if (fields[i].startsWith('file:')) files.add(path.resolve(v.root, fields[i].slice('file:'.length)));
      const nl = fields[i + 1].indexOf('\n');
      if (nl !== -1 && fields[i + 1].slice(0, nl) === 'user.name') name = fields[i + 1].slice(nl + 1).trim();
    }
    found = { files: [...files], key: configKey([...files]), name };
    if (outside) outsideRepositories = found;
  }
  const files = [...new Set([...found.files, ...repositoryConfigFiles(v.root)])];
  try {
    atomicWrite(cacheFile, JSON.stringify({ files, key: configKey(files), name: found.name }), { durable: false });
  } catch {
    /* a cache that cannot be written only means asking git next time */
  }
  return found.name;
}

/** git's answer outside any repository, with the files it came from and their state then (configKey). */
let outsideRepositories: { files: string[]; key: string; name: string } | undefined;

/**
 * Whether git, run in `dir`, may find a repository: a `.git` (folder or file) in it or a folder
 * above, or one of those that looks like a bare repository (a `HEAD`). When unsure, it may.
 */
function inRepository(dir: string): boolean {
  const there = (p: string) => {
    try {
      return fs.lstatSync(p, { throwIfNoEntry: false }) !== undefined;
    } catch {
      return true; // cannot be looked at: git may see it
    }
  };
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (there(path.join(d, '.git')) || there(path.join(d, 'HEAD'))) return true;
    if (path.dirname(d) === d) return false;
  }
}

/** Where git looks for the user's own configuration beside the files it reported (which only lists those that exist). */
function userConfigFiles(): string[] {
  const home = os.homedir();
  const xdg = process.env.XDG_CONFIG_HOME || path.join(home, '.config');
  return [path.join(home, '.gitconfig'), path.join(xdg, 'git', 'config')];
}

/** Where git would find the repository's configuration: its files, or the `.git` that would make one. */
function repositoryConfigFiles(root: string): string[] {
  const repo = gitDirs(root);
  return repo ? [path.join(repo.common, 'config'), path.join(repo.gitDir, 'config.worktree')] : [path.join(root, '.git')];
}

/** What git's answer depends on: the variables that choose its configuration, and each file's state. */
function configKey(files: string[]): string {
  const vars = Object.keys(process.env).filter((k) => /^(GIT_CONFIG|HOME$|XDG_CONFIG_HOME$)/.test(k)).sort();
  const state = (f: string) => {
    const st = fs.statSync(f, { throwIfNoEntry: false });
    return st ? `${st.ino}:${st.size}:${st.mtimeMs}` : '-';
  };
  return [...vars.map((k) => `${k}=${process.env[k]}`), ...files.map((f) => `${f} ${state(f)}`)].join('\n');
}

function vaultName(soulDir: string): string {
  const name = gitConfig(soulDir, ['--get', 'user.name']).trim();
  return name === STAND_IN_IDENTITY.name ? '' : name;
}

function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return ''; // no user entry for this uid (a container): the entry records no author
  }
}

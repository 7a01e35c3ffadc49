/**
 * Where a git repository stands — its branch, commit and main line — read from the files in its
 * `.git` without running git: branch-aware writes ask on every write (vault/branches.ts), and a
 * commit learns its own id this way (vault/history.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readTextIfExists } from '../shared/fs';

// Each root's `.git`, joined once: a branch-aware write asks for it every time.
const dotGits = new Map<string, string>();

/** A repository's git folder and common folder (a linked worktree has both), read from its `.git` without running git. */
export function gitDirs(root: string): { gitDir: string; common: string } | undefined {
  let dotGit = dotGits.get(root);
  if (dotGit === undefined) dotGits.set(root, (dotGit = path.join(root, '.git')));
  const st = fs.statSync(dotGit, { throwIfNoEntry: false });
  if (!st) return undefined;
  if (st.isDirectory()) return { gitDir: dotGit, common: dotGit };
  const m = /^gitdir: (.+)$/m.exec(readTextIfExists(dotGit) ?? '');
  if (!m) return undefined;
  const gitDir = path.resolve(root, m[1].trim());
  const commonFile = readTextIfExists(path.join(gitDir, 'commondir'));
  return { gitDir, common: commonFile ? path.resolve(gitDir, commonFile.trim()) : gitDir };
}

/** A ref's commit, from the loose ref or packed-refs, without running git. */
function refCommit(common: string, ref: string): string | undefined {
  const loose = readTextIfExists(path.join(common, ref))?.trim();
  if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
  const packed = readTextIfExists(path.join(common, 'packed-refs')) ?? '';
  for (const l of packed.split('\n')) if (l.endsWith(` ${ref}`)) return l.slice(0, l.indexOf(' '));
  return undefined;
}

/**
 * Every ref under `prefix` (`refs/remotes/origin/`) and its object id, from the loose refs and
 * packed-refs as `git for-each-ref` lists them, without running git; a symbolic ref has its
 * target's id.
 */
export function refsUnder(root: string, prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  const dirs = gitDirs(root);
  if (!dirs) return out;
  for (const l of (readTextIfExists(path.join(dirs.common, 'packed-refs')) ?? '').split('\n')) {
    const m = /^([0-9a-f]{40,64}) (.+)$/.exec(l);
    if (m && m[2].startsWith(prefix)) out.set(m[2], m[1]);
  }
  const walk = (ref: string) => {
    const dir = path.join(dirs.common, ref);
    if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const name = `${ref}${e.name}`;
      if (e.isDirectory()) walk(`${name}/`);
      else if (!name.endsWith('.lock')) {
        const text = readTextIfExists(path.join(dirs.common, name))?.trim() ?? '';
        const target = /^ref: (\S+)$/.exec(text)?.[1];
        const id = target ? refCommit(dirs.common, target) : /^[0-9a-f]{40,64}$/.test(text) ? text : undefined;
        if (id) out.set(name, id);
      }
    }
  };
  walk(prefix);
  return out;
}

export interface RepoHead {
  /** The branch checked out; undefined when detached. */
  branch?: string;
  commit?: string;
  /** The repository's main line: `origin/HEAD`'s branch, else `main` or `master` when there. */
  mainLine?: string;
}

/** Where the git repository in `root` stands (the project's, or the vault's own); undefined where there is none. */
export function repoHead(root: string): RepoHead | undefined {
  const dirs = gitDirs(root);
  if (!dirs) return undefined;
  const head = readTextIfExists(path.join(dirs.gitDir, 'HEAD'))?.trim() ?? '';
  const sym = /^ref: refs\/heads\/(.+)$/.exec(head)?.[1];
  const commit = sym ? refCommit(dirs.common, `refs/heads/${sym}`) : /^[0-9a-f]{40,64}$/.test(head) ? head : undefined;
  const originHead = /^ref: refs\/remotes\/origin\/(.+)$/.exec(readTextIfExists(path.join(dirs.common, 'refs', 'remotes', 'origin', 'HEAD'))?.trim() ?? '')?.[1];
  const mainLine = originHead ?? ['main', 'master'].find((b) => b === sym || refCommit(dirs.common, `refs/heads/${b}`));
  return { ...(sym && { branch: sym }), ...(commit && { commit }), ...(mainLine && { mainLine }) };
}

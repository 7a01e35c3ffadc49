/**
 * What history from outside may bring into the vault (docs/trust.md#threat-model): a remote or an
 * archive is not trusted, so every commit sync is about to merge or check out, or restore is about
 * to keep — each one of the range, not only its tip, since a later `git checkout`, revert or
 * restore would write what an earlier one holds — is read before anything changes. Only regular
 * files at shared paths may come in: no symbolic link, no submodule, nothing machine-local or
 * ignored here (git overwrites an ignored file when a commit adds it: `bin/coresoul.js` is what
 * every skill, hook and merge driver runs), no `.gitattributes` that names a filter, diff or merge
 * driver of its own, no `.gitignore` that un-ignores. Reading runs only git commands that never run
 * a driver or filter: rev-list, diff-tree and `log --raw` (which compare object ids, never contents),
 * check-ignore, cat-file.
 */
import { catFile, git } from './history';
import type { Vault } from './layout';
import { foldSegment, machineLocal } from './localPaths';
import { MERGE_KINDS } from './mergeDrivers';

const firstLine = (text: string) => text.trim().split('\n')[0];
/** The last segment of a path as a case-insensitive file system reads it. */
const baseName = (rel: string) => foldSegment(rel.slice(rel.lastIndexOf('/') + 1));

export interface Change {
  commit: string;
  mode: string;
  blob: string;
  path: string;
}

/**
 * The first problem in a range of incoming commits (`tip` and what it reaches that `have` does
 * not), or undefined when all of it may come in. Git failing to read the range is a problem too.
 */
export async function incomingProblem(v: Vault, tip: string, have: string | undefined): Promise<string | undefined> {
  const revs = await git(v, ['rev-list', tip, ...(have ? ['--not', have] : [])]);
  if (revs.code !== 0) return `cannot list the commits (${firstLine(revs.stderr)})`;
  let changes: Change[];
  try {
    changes = await changesOf(v, revs.stdout.split('\n').filter(Boolean));
  } catch (err) {
    return (err as Error).message;
  }
  return changesProblem(v, changes);
}

/**
 * The first problem in `changes` (those of incoming commits, from `changesOf`), or undefined when
 * all of them may come in. `ignored`: the ignore check of the paths they add, when it was started
 * before they were known (`ignoredAdded`).
 */
export async function changesProblem(v: Vault, changes: Change[], ignored?: Promise<Set<string> | string>): Promise<string | undefined> {
  const added = changes.filter(isAdded);
  const at = (c: Change, what: string) => `commit ${c.commit.slice(0, 7)} brings ${JSON.stringify(c.path)}, ${what}`;
  for (const c of added) {
    if (c.mode === '120000') return at(c, 'a symbolic link');
    if (c.mode === '160000') return at(c, 'a submodule (gitlink)');
    if (c.mode !== '100644' && c.mode !== '100755') return at(c, `not a regular file (mode ${c.mode})`);
    const local = machineLocal(c.path);
    if (local) return at(c, local);
    if (baseName(c.path) === '.gitmodules') return at(c, 'a submodule list');
  }
  const matched = await (ignored ?? ignoredPaths(v, addedPaths(changes)));
  if (typeof matched === 'string') return matched;
  const hit = added.find((c) => matched.has(c.path));
  if (hit) return at(hit, 'a path ignored on this machine (the vault\'s .gitignore, .git/info/exclude or your global excludes)');
  const rules = added.filter((c) => isRulesFile(c.path));
  if (rules.length) {
    const blobs = await catFile(v, [...new Set(rules.map((c) => c.blob))], '--batch');
    for (const c of rules) {
      const why = rulesFileProblem(c.path, blobs.get(c.blob)?.body?.toString('utf8') ?? '');
      if (why) return at(c, why);
    }
  }
  return undefined;
}

/** A change that writes a file (deletions may always come in). */
const isAdded = (c: Change) => !/^0+$/.test(c.blob);
/** The paths `changes` write, each once. */
const addedPaths = (changes: Change[]) => [...new Set(changes.filter(isAdded).map((c) => c.path))];

/**
 * The ignore check of the paths the incoming `changes` will add (for changesProblem), its git
 * started now, while the changes are still being read.
 */
export const ignoredAdded = (v: Vault, changes: Promise<Change[]>) => ignoredPaths(v, changes.then(addedPaths));

/** `.gitattributes` and `.gitignore`, at any depth: what git reads as rules, not as memory. */
export const isRulesFile = (rel: string) => ['.gitattributes', '.gitignore'].includes(baseName(rel));

/** Why a `.gitattributes` or `.gitignore` from outside may not be used here, or undefined. */
export function rulesFileProblem(rel: string, text: string): string | undefined {
  return baseName(rel) === '.gitignore' ? ignoreProblem(text) : attributesProblem(text);
}

/**
 * Every change of each of `commits` (ids), against each parent of a merge (an evil merge too), in
 * one `git diff-tree`; throws when git cannot read them.
 */
export async function changesOf(v: Vault, commits: string[]): Promise<Change[]> {
  if (!commits.length) return [];
  const tree = await git(v, ['diff-tree', '-r', '-m', '--root', '--no-renames', '--no-abbrev', '-z', '--stdin'], `${commits.join('\n')}\n`);
  if (tree.code !== 0) throw new Error(`cannot read the commits (${firstLine(tree.stderr)})`);
  return readRaw(tree.stdout, (t) => (/^[0-9a-f]{40,64}$/.test(t) ? { id: t, rest: '' } : undefined)).changes;
}

export interface Commit {
  id: string;
  parents: string[];
}

export interface Divergence {
  /** How many commits HEAD holds that the tip does not. */
  ours: number;
  /** The commits of the tip HEAD lacks, newest first, with their parents. */
  theirs: Commit[];
  /** Whether the two histories share any commit. */
  related: boolean;
  /** Every change of `theirs`, as changesOf reads them. */
  changes: Change[];
}

/**
 * How HEAD (or `head`) and `tip` diverged, and what the commits HEAD lacks change, in one `git log` (a
 * commit of each side, newest first, with its parents and its changes against each parent, as
 * `changesOf` reads them): the two histories share a commit when a listed commit has a parent
 * that is not listed, or one side holds the other. The options that user configuration could
 * change are given (merges against every parent, whatever `log.diffMerges` says; no colour, no
 * signature), and the output is git's raw format. Throws when git cannot list them.
 */
export async function divergence(v: Vault, tip: string, head = 'HEAD'): Promise<Divergence> {
  const log = await git(v, ['-c', 'log.diffMerges=separate', 'log', '--left-right', '--parents', '-m', '--raw', '--root', '--no-renames', '--no-abbrev', '--no-color', '--no-show-signature', '-z', '--format=%m%H %P', `${head}...${tip}`, '--']);
  if (log.code !== 0) throw new Error(`cannot list the commits (${firstLine(log.stderr)})`);
  const listed = new Map<string, Commit & { side: string }>();
  const { changes } = readRaw(log.stdout, (t) => {
    const m = /^([<>])([0-9a-f]{40,64})((?: [0-9a-f]{40,64})*) ?(?:\n|$)/.exec(t); // a root commit's has a space and no parent
    if (!m) return undefined;
    // A merge is listed once per parent it differs from.
    if (!listed.has(m[2])) listed.set(m[2], { side: m[1], id: m[2], parents: m[3].split(' ').filter(Boolean) });
    return { id: m[2], rest: t.slice(m[0].length) };
  });
  const theirs = [...listed.values()].filter((c) => c.side === '>').map(({ id, parents }) => ({ id, parents }));
  const ours = listed.size - theirs.length;
  const right = new Set(theirs.map((c) => c.id));
  return {
    ours,
    theirs,
    related: !ours || !theirs.length || [...listed.values()].some((c) => c.parents.some((p) => !listed.has(p))),
    changes: changes.filter((c) => right.has(c.commit)),
  };
}

/**
 * The changes in git's raw output with `-z` (`:<mode> <mode> <blob> <blob> <status>`, then the
 * path), each tied to the commit whose header `header` recognises (it returns the commit's id and
 * what follows the header in the same field).
 */
function readRaw(out: string, header: (field: string) => { id: string; rest: string } | undefined): { changes: Change[] } {
  const fields = out.split('\0');
  const changes: Change[] = [];
  let commit = '';
  for (let i = 0; i < fields.length; i++) {
    let t = fields[i];
    const h = header(t);
    if (h) [commit, t] = [h.id, h.rest];
    if (t.startsWith('\n')) t = t.slice(1); // `git log` ends its header with a NUL, then starts a line
    if (t.startsWith(':')) {
      const [, mode, , blob] = t.slice(1).split(' ');
      changes.push({ commit, mode, blob, path: fields[++i] });
    }
  }
  return { changes };
}

/**
 * The vault-relative paths this machine's ignore rules match (the vault's `.gitignore` files,
 * `.git/info/exclude`, the user's own), or why they could not be checked.
 */
export async function ignoredPaths(v: Vault, paths: string[] | Promise<string[]>): Promise<Set<string> | string> {
  if (Array.isArray(paths) && !paths.length) return new Set();
  const input = (ps: string[]) => ps.map((p) => `${p}\0`).join('');
  const r = await git(v, ['check-ignore', '--no-index', '-z', '--stdin'], Array.isArray(paths) ? input(paths) : paths.then(input));
  if (r.code > 1) return `cannot check the paths against the ignore rules (${firstLine(r.stderr)})`;
  return new Set(r.stdout.split('\0').filter(Boolean)); // exit 1: nothing is ignored
}

/** A `.gitignore` that un-ignores (`!pattern`) could make this machine share its own state. */
function ignoreProblem(text: string): string | undefined {
  const line = text.split('\n').find((l) => l.startsWith('!'));
  return line ? `a .gitignore that un-ignores (${JSON.stringify(line.trim())})` : undefined;
}

const DRIVERS = new Set(MERGE_KINDS.map((k) => `coresoul-${k}`));
const BUILT_IN_MERGES = new Set(['union', 'text', 'binary']);

/**
 * A `.gitattributes` may name our merge drivers and git's built-in ones, and say how text is
 * stored; a filter, a diff driver, another merge driver or an encoding would make git run a
 * program (one configured on this machine) or rewrite files as they are checked out.
 */
function attributesProblem(text: string): string | undefined {
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('[attr]')) return 'a .gitattributes that defines a macro attribute';
    for (const attr of line.split(/\s+/).slice(1)) {
      const [name, value] = attr.replace(/^[-!]/, '').split('=');
      const unset = /^[-!]/.test(attr);
      if (name === 'merge' && (unset || value === undefined || DRIVERS.has(value) || BUILT_IN_MERGES.has(value))) continue;
      if (['text', 'eol', 'binary', 'delta'].includes(name) || (name === 'diff' && unset) || name.startsWith('linguist-')) continue;
      return `a .gitattributes that sets ${JSON.stringify(attr)} (only Core Soul's merge drivers may be named)`;
    }
  }
  return undefined;
}

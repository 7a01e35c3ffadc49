/**
 * Branch-aware memory (docs/sync.md#branches): an entry written while the project is on a branch
 * other than its main line carries `[on <branch>]` after its time (and kind and provenance), and
 * belongs to that branch. The vault keeps one history; what a search or a context shows is a view
 * of it for one project branch: the main line's entries (untagged), that branch's own, and those
 * of every branch git says was merged into it. Whether branch Y was merged into X is read from the
 * project's git: some known tip of Y is an ancestor of X's head and is not an ancestor of the
 * commit Y started from (a branch with no commits of its own merged nothing). Known tips: the
 * project's refs (local and remote-tracking), its HEAD reflog (where a deleted branch's last
 * commits stay), and `.CoreSoul/branches.md`, the shared record of where each branch started,
 * the tips seen when memory was written or synced, and the branches folded in by hand (a squash
 * merge, which git's ancestry cannot see).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appendLines, atomicWrite, readTextIfExists } from '../shared/fs';
import { lineBranchTag } from './dayEntries';
import { gitDirs, refsUnder, repoHead } from './gitHead';
import { vaultGitEnv } from './history';
import type { Vault } from './layout';
import { childProcess } from '../shared/nodeLazy';

export const BRANCHES_FILE = 'branches.md';
const HEADER = '# Branches\n\nWhere each project branch that has memory started, its tips as seen, and branches folded in by hand (coresoul branches; docs/sync.md#branches). Kept by Core Soul: append only.\n\n';

/** A branch name as a marker holds it: git allows `]` and `%` in names, which are escaped. */
const encode = (b: string) => b.replace(/%/g, '%25').replace(/]/g, '%5D');
const decode = (b: string) => b.replace(/%5D/gi, ']').replace(/%25/g, '%');

/** The marker an entry of branch `b` carries. */
export const branchMarker = (b: string) => `[on ${encode(b)}] `;

/** The branch a day line or an entity line belongs to, read from its marker after the time (undefined: the main line). */
export function lineBranch(line: string): string | undefined {
  const b = line.includes('[on ') ? lineBranchTag(line) : undefined;
  return b === undefined ? undefined : decode(b);
}

/** Text that looks like a branch marker is no marker: only the writer puts one on a line. */
const MARKER_LIKE = /\[(on [^\]\n]*)\]/gi;
export const neutraliseBranchMarkers = (text: string) => (text.includes('[') ? text.replace(MARKER_LIKE, '($1)') : text);

/** The branch a write made now belongs to: the project's branch, unless it is the main line (or there is none). */
export function writingBranch(root: string): { branch: string; commit?: string; mainLine: string } | undefined {
  const h = repoHead(root);
  if (!h?.branch || !h.mainLine || h.branch === h.mainLine) return undefined;
  return { branch: h.branch, ...(h.commit && { commit: h.commit }), mainLine: h.mainLine };
}

/** Runs git in the project; its output, or undefined when it failed. */
function projectGit(root: string, args: string[]): string | undefined {
  const r = childProcess().spawnSync('git', args, { cwd: root, env: vaultGitEnv(), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return r.status === 0 ? r.stdout : undefined;
}

export interface BranchRecord {
  started: Map<string, string>;
  tips: Map<string, Set<string>>;
  /** Branch → the branches it was folded into by hand. */
  folded: Map<string, Set<string>>;
}

const RECORD_LINE = /^- (\S+) (started|tip|folded-into) (\S+)/;

export function readBranchRecord(v: Vault): BranchRecord {
  const rec: BranchRecord = { started: new Map(), tips: new Map(), folded: new Map() };
  const text = readTextIfExists(path.join(v.soulDir, BRANCHES_FILE)) ?? '';
  for (const l of text.split('\n')) {
    const m = RECORD_LINE.exec(l);
    if (!m) continue;
    const [b, what, value] = [decode(m[1]), m[2], m[3]];
    if (what === 'started') rec.started.set(b, rec.started.get(b) ?? value); // the first start recorded stands
    else add(what === 'tip' ? rec.tips : rec.folded, b, what === 'tip' ? value : decode(value));
  }
  return rec;
}

function add(map: Map<string, Set<string>>, k: string, value: string): void {
  const s = map.get(k) ?? new Set<string>();
  s.add(value);
  map.set(k, s);
}

function appendRecord(v: Vault, lines: string[]): void {
  if (lines.length) appendLines(path.join(v.soulDir, BRANCHES_FILE), lines.map((l) => `- ${l}\n`).join(''), { header: HEADER });
}

/**
 * Records, for a write on `w.branch`, where the branch started (once: its merge base with the main
 * line) and the tip it is at, when not recorded yet. Called under the vault lock.
 */
export function recordWrite(v: Vault, w: { branch: string; commit?: string; mainLine: string }): void {
  const rec = readBranchRecord(v);
  const lines: string[] = [];
  if (!rec.started.has(w.branch)) {
    const base = projectGit(v.root, ['merge-base', 'HEAD', w.mainLine])?.trim();
    if (base) lines.push(`${encode(w.branch)} started ${base}`);
  }
  if (w.commit && !rec.tips.get(w.branch)?.has(w.commit)) lines.push(`${encode(w.branch)} tip ${w.commit}`);
  appendRecord(v, lines);
}

/**
 * Records the latest tips this machine knows of every branch with memory — its refs, and the last
 * its reflog saw of a branch since deleted — so that teammates, whose clones never had the
 * branch, can see it merged (sync, before it commits).
 */
export function recordTips(v: Vault): void {
  const rec = readBranchRecord(v);
  if (!rec.started.size) return;
  const live = liveTips(v.root);
  const reflog = reflogTips(v.root);
  appendRecord(
    v,
    [...rec.started.keys()].flatMap((b) => {
      const last = reflog.get(b)?.at(-1);
      const tips = new Set([...(live.get(b) ?? []), ...(last ? [last] : [])]);
      return [...tips].filter((t) => !rec.tips.get(b)?.has(t)).map((t) => `${encode(b)} tip ${t}`);
    }),
  );
}

/** Folds branch `b`'s memory into `into` by hand (a squash merge, a cherry-pick): its entries are shown on `into` from now on. */
export function foldBranch(v: Vault, b: string, into: string): boolean {
  const rec = readBranchRecord(v);
  if (rec.folded.get(b)?.has(into)) return false;
  appendRecord(v, [`${encode(b)} folded-into ${encode(into)}`]);
  return true;
}

/** The tips of the project's local and remote-tracking branches, by branch name, read from its refs (loose and packed) without running git. */
function liveTips(root: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [ref, id] of [...refsUnder(root, 'refs/heads/'), ...refsUnder(root, 'refs/remotes/')]) {
    const m = /^refs\/(?:heads|remotes\/[^/]+)\/(.+)$/.exec(ref);
    if (m && m[1] !== 'HEAD') out.set(m[1], [...(out.get(m[1]) ?? []), id]);
  }
  return out;
}

/**
 * The tips the project's HEAD reflog remembers for each branch: what was committed while on it,
 * and where it stood when left (`checkout: moving from B to …`). A branch deleted after its merge
 * keeps these until git expires its reflog (90 days by default).
 */
function reflogTips(root: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const dirs = gitDirs(root);
  const log = dirs ? readTextIfExists(path.join(dirs.gitDir, 'logs', 'HEAD')) : undefined;
  let on: string | undefined;
  for (const l of (log ?? '').split('\n')) {
    const tab = l.indexOf('\t');
    if (tab < 0) continue;
    const [old, now] = l.slice(0, tab).split(' ');
    const msg = l.slice(tab + 1);
    const move = /^checkout: moving from (\S+) to (\S+)$/.exec(msg);
    if (move) {
      out.set(move[1], [...(out.get(move[1]) ?? []), old]);
      on = move[2];
    } else if (on && /^(commit|merge|cherry-pick|revert|rebase \(finish\)|pull)/.test(msg)) out.set(on, [...(out.get(on) ?? []), now]);
  }
  return out;
}

export interface BranchView {
  /** The project branch the view serves (undefined outside a git project, or detached). */
  serve?: string;
  /** The main line, whose entries every branch shows. */
  mainLine?: string;
  /** Branches with memory whose entries this view leaves out. */
  hidden: Set<string>;
}

/**
 * The view of memory for the project's current branch, or for `ask` (`search --branch`): which
 * branches' entries it leaves out. A vault with no branch memory costs no git call.
 */
export function branchView(v: Vault, ask?: string): BranchView {
  const h = repoHead(v.root);
  const serve = ask ?? h?.branch ?? h?.mainLine;
  const view: BranchView = { ...(serve && { serve }), ...(h?.mainLine && { mainLine: h.mainLine }), hidden: new Set() };
  const rec = readBranchRecord(v);
  const branches = new Set([...rec.started.keys(), ...rec.tips.keys()]);
  branches.delete(serve ?? '');
  if (h?.mainLine) branches.delete(h.mainLine);
  if (!branches.size) return view;
  const live = liveTips(v.root);
  const reflog = reflogTips(v.root);
  const head = ask === undefined || ask === h?.branch ? h?.commit : (live.get(ask)?.[0] ?? [...(rec.tips.get(ask) ?? [])].pop());
  const isAncestor = (a: string, b: string) => childProcess().spawnSync('git', ['merge-base', '--is-ancestor', a, b], { cwd: v.root, env: vaultGitEnv(), stdio: 'ignore' }).status === 0;
  for (const b of branches) {
    if (serve && rec.folded.get(b)?.has(serve)) continue;
    const start = rec.started.get(b);
    const tips = new Set([...(live.get(b) ?? []), ...(reflog.get(b) ?? []), ...(rec.tips.get(b) ?? [])]);
    const merged = head !== undefined && [...tips].some((t) => t !== start && isAncestor(t, head) && !(start && isAncestor(t, start)));
    if (!merged) view.hidden.add(b);
  }
  return view;
}

/** Whether a line of memory is left out of a view. */
export const hiddenIn = (view: BranchView, line: string) => view.hidden.size > 0 && view.hidden.has(lineBranch(line) ?? '');

/**
 * The lines of a snippet or a day a view shows: an entry left out goes with the lines that
 * continue it (indented).
 */
export function visibleLines(view: BranchView, lines: string[]): string[] {
  if (!view.hidden.size) return lines;
  let dropping = false;
  return lines.filter((l) => {
    if (/^- /.test(l)) dropping = hiddenIn(view, l);
    else if (!/^ {2}/.test(l) && l.trim()) dropping = false;
    return !dropping;
  });
}

/**
 * `branches.md` is a set of lines: two machines' records merge as their union (git's built-in
 * `union` driver), named in `.git/info/attributes`, which no commit from a remote can change.
 */
export function mergeRecordAsUnion(v: Vault): void {
  const file = path.join(v.soulDir, '.git', 'info', 'attributes');
  if (!fs.existsSync(path.dirname(path.dirname(file)))) return;
  const text = readTextIfExists(file) ?? '';
  const line = `/${BRANCHES_FILE} merge=union`;
  if (text.split('\n').includes(line)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  atomicWrite(file, `${text}${text && !text.endsWith('\n') ? '\n' : ''}${line}\n`);
}

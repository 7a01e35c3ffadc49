/**
 * `coresoul branches` (docs/sync.md#branches): which project branches have memory, whether the
 * branch checked out shows each one's entries (its own, merged into it, or folded in by hand),
 * and folding a branch's memory in by hand — for what git's ancestry cannot see, a squash merge
 * or a cherry-pick.
 */
import { inputError } from '../shared/errors';
import { withLock } from '../shared/fs';
import { commitVault } from '../vault/history';
import type { Vault } from '../vault/layout';
import { branchView, foldBranch, readBranchRecord } from '../vault/branches';

export interface BranchesReport {
  /** The project branch the view is for. */
  serve?: string;
  mainLine?: string;
  branches: { name: string; shown: boolean; foldedInto: string[] }[];
}

export function memoryBranches(v: Vault, ask?: string): BranchesReport {
  const rec = readBranchRecord(v);
  const view = branchView(v, ask);
  const names = [...new Set([...rec.started.keys(), ...rec.tips.keys()])].sort();
  return {
    ...(view.serve && { serve: view.serve }),
    ...(view.mainLine && { mainLine: view.mainLine }),
    branches: names.map((name) => ({ name, shown: !view.hidden.has(name), foldedInto: [...(rec.folded.get(name) ?? [])] })),
  };
}

/** Records that `branch`'s memory belongs to `into` (default: the branch checked out) from now on, and commits it. */
export async function foldMemory(v: Vault, branch: string, into?: string): Promise<{ branch: string; into: string; folded: boolean }> {
  const rec = readBranchRecord(v);
  if (!rec.started.has(branch) && !rec.tips.has(branch)) throw inputError(`no memory was written on branch "${branch}" (coresoul branches lists those that have some)`, 'fold');
  const target = into ?? branchView(v).serve;
  if (!target) throw inputError('the project is on no branch (detached HEAD, or not a git repository): say which with --into <branch>', 'into');
  if (target === branch) throw inputError(`"${branch}" is the branch to fold into: its memory is already its own`, 'into');
  const folded = withLock(v.lockFile, () => foldBranch(v, branch, target));
  if (folded) await commitVault(v, `memory: branch ${branch} folded into ${target} by hand`);
  return { branch, into: target, folded };
}

import { foldMemory, memoryBranches } from '../../core/memory/branches';
import { openVault } from '../../core/vault/layout';
import type { Command } from '../command';

export const branches: Command = {
  name: 'branches',
  usage: 'branches [--branch B] [--fold B [--into X]]',
  summary: 'the project branches that have memory and whether the branch checked out shows them; fold one in by hand (a squash merge)',
  options: { branch: { type: 'string' }, fold: { type: 'string' }, into: { type: 'string' } },
  describe: {
    branch: '<B> list as seen from branch B rather than the one checked out',
    fold: '<B> show branch B\'s memory on the branch checked out (or --into) from now on: for a squash merge or a cherry-pick, which git\'s ancestry cannot see',
    into: '<X> the branch to fold into (default: the one checked out)',
  },
  examples: [
    'coresoul branches',
    'coresoul branches --fold feature/login',
  ],
  async run(ctx, _args, opts) {
    const v = openVault(ctx.root);
    if (typeof opts.fold === 'string') {
      const r = await foldMemory(v, opts.fold, typeof opts.into === 'string' ? opts.into : undefined);
      return { json: r, text: r.folded ? `Folded the memory of ${r.branch} into ${r.into}` : `${r.branch} was already folded into ${r.into}` };
    }
    const r = memoryBranches(v, typeof opts.branch === 'string' ? opts.branch : undefined);
    const lines = [
      `Memory of branch ${r.serve ?? '(none: not on a branch)'}${r.mainLine ? `; main line ${r.mainLine}, shown everywhere` : ''}`,
      ...r.branches.map((b) => `  ${b.shown ? 'shown ' : 'hidden'} ${b.name}${b.foldedInto.length ? ` (folded into ${b.foldedInto.join(', ')})` : ''}`),
      ...(r.branches.length ? [] : ['  no branch other than the main line has memory']),
    ];
    return { json: r, text: lines.join('\n') };
  },
};

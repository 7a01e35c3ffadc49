import { runMergeDriver } from '../../core/sync/drivers';
import { MERGE_KINDS, type MergeKind } from '../../core/vault/mergeDrivers';
import { CoreSoulError } from '../../core/shared/errors';
import type { Command } from '../command';

/** What git runs to merge a vault file (registered by init and sync; docs/sync.md#how-memory-merges). */
export const mergeDriver: Command = {
  name: 'merge-driver',
  usage: `merge-driver <${MERGE_KINDS.join('|')}> <base %O> <ours %A> <theirs %B> [<path %P>]`,
  summary: 'run by git: merges a vault file (day, entity note, memory map, persona) into %A',
  options: {},
  describe: {},
  examples: [
    'git config merge.coresoul-day.driver "node bin/coresoul.js merge-driver day %O %A %B %P"   (coresoul init sets this up in .CoreSoul; git runs it there)',
  ],
  takesArguments: true,
  async run(ctx, args) {
    const [kind, base, ours, theirs, pathname = ours] = args;
    if (!(MERGE_KINDS as readonly string[]).includes(kind) || !theirs) throw new CoreSoulError('usage', `merge-driver: expected a kind (${MERGE_KINDS.join(', ')}) and three files`);
    const r = await runMergeDriver(kind as MergeKind, { base, ours, theirs, pathname }, process.cwd());
    if (!r.merged) ctx.warn(`coresoul: ${pathname}: left for you to merge by hand (both sides kept): ${r.why}`);
    return { json: { path: pathname, ...r }, text: '', exitCode: r.merged ? 0 : 1 };
  },
};

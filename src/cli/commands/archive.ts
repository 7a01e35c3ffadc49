import { archiveMemories, unusedProposals } from '../../core/memory/archive';
import { localDay } from '../../core/shared/clock';
import { inputError } from '../../core/shared/errors';
import { openVault } from '../../core/vault/layout';
import type { Command } from '../command';

/** Proposals a person reads in the text answer; --json lists every one. */
const SHOWN = 50;

export const archive: Command = {
  name: 'archive',
  usage: 'archive [<file:line>…] [--unused] [--yes]',
  summary: 'move memories out of the chronological files into memory/archive/ (never deleted; search --archived finds them); without --yes, only shows what it would move',
  options: { unused: { type: 'boolean' }, yes: { type: 'boolean' } },
  describe: {
    unused: 'the memories lint proposes: served by no search, context or MCP read of this machine for 180 days or more',
    yes: 'move them (without it nothing changes: the proposal is shown)',
  },
  examples: ['coresoul archive --unused', 'coresoul archive --unused --yes', 'coresoul archive .CoreSoul/memory/chronological/2025-03.md:42 --yes'],
  takesArguments: true,
  async run(ctx, args, opts) {
    if (!args.length && !opts.unused) throw inputError('archive: name the memories (file:line, as coresoul lint gives them) or pass --unused');
    const v = openVault(ctx.root);
    const proposed = opts.unused ? unusedProposals(v, localDay(ctx.clock.now())) : [];
    const ids = [...args, ...proposed.map((u) => u.memory.id)];
    if (!opts.yes) {
      const lines = ids.slice(0, SHOWN).map((id) => {
        const u = proposed.find((p) => p.memory.id === id);
        return `  ${id}${u ? `  (unused ${u.days} days)  ${u.memory.text.split('\n')[0].slice(0, 80)}` : ''}`;
      });
      const more = ids.length > SHOWN ? [`  … and ${ids.length - SHOWN} more (--json lists every one)`] : [];
      const text = ids.length ? [`Would archive ${ids.length} memor${ids.length === 1 ? 'y' : 'ies'} to memory/archive/ (run again with --yes to move them):`, ...lines, ...more].join('\n') : 'Nothing to archive: no memory has gone unused that long.';
      return { json: { proposed: ids, applied: false }, text };
    }
    const r = await archiveMemories(v, ids);
    if (r.warning) ctx.warn(`warning: ${r.warning}`);
    const text = r.archived.length ? `Archived ${r.archived.length} memor${r.archived.length === 1 ? 'y' : 'ies'} to ${[...new Set(r.archived.map((a) => a.to))].join(', ')} (coresoul search --archived finds them).` : 'Nothing to archive: no memory has gone unused that long.';
    return { json: { ...r, applied: true }, text };
  },
};

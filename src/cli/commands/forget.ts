import { forgetMemory } from '../../core/memory/amend';
import { parseEntryRef } from '../../core/memory/retract';
import type { Origin } from '../../core/memory/write';
import { inputError } from '../../core/shared/errors';
import { openVault } from '../../core/vault/layout';
import { type Command, withPositionals } from '../command';

export const forget: Command = {
  name: 'forget',
  usage: 'forget <"YYYY-MM-DD HH:MM:SS" | day-file:line> --reason <why> [--from person|agent] [--via <host>]',
  summary: "retract a memory entry: its text is replaced by a mark with the reason, and stays in the vault's history",
  options: { reason: { type: 'string' }, from: { type: 'string' }, via: { type: 'string' } },
  describe: {
    reason: '<why> required: why the entry is retracted (kept in the mark and the commit message)',
    from: '<who> person or agent (default person)',
    via: '<host> the agent host an agent wrote through',
  },
  examples: ['coresoul forget "2026-03-09 10:00:00" --reason "said by mistake"'],
  takesArguments: true,
  async run(ctx, args, opts) {
    const entry = args.join(' ');
    if (!entry) throw inputError('forget: missing the entry (coresoul forget "2026-03-10 09:00:00" --reason "<why>")');
    if (opts.reason === undefined) throw inputError('forget: missing --reason (say why it must be forgotten)');
    const r = await withPositionals(['entry'], () =>
      forgetMemory(openVault(ctx.root), { entry: parseEntryRef(entry), reason: opts.reason as string }, { clock: ctx.clock, from: opts.from as Origin | undefined, via: opts.via as string | undefined }),
    );
    if (r.warning) ctx.warn(`warning: ${r.warning}`);
    return { json: r, text: [`Forgot ${r.forgotten.file}:${r.forgotten.line} (${r.forgotten.day} ${r.forgotten.time}); its text stays in the vault history`, ...r.marked.map((m) => `  marked ${m}`)].join('\n') };
  },
};

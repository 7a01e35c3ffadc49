import { recentMemory } from '../../core/memory/notes';
import { openVault } from '../../core/vault/layout';
import { type Command, wholeNumber } from '../command';
import { authorOption } from '../searchClient';

export const recent: Command = {
  name: 'recent',
  usage: 'recent [--days N] [--author <name|agent>]',
  summary: 'the memory of the last N days, today included (default 2: yesterday and today), one line per entry',
  options: { days: { type: 'string' }, author: { type: 'string' } },
  describe: {
    days: '<N> how many days back, today included (1 to 31, default 2)',
    author: '<name|agent> only what this person, agent or host (or origin, machine, "unknown") wrote',
  },
  examples: ['coresoul recent', 'coresoul recent --days 7 --json', 'coresoul recent --days 7 --author claude'],
  async run(ctx, _args, opts) {
    const days = wholeNumber('days', opts.days, 2, 1, 366);
    const author = typeof opts.author === 'string' ? authorOption(opts.author) : undefined;
    const r = recentMemory(openVault(ctx.root), ctx.clock.now(), { days, limit: Infinity, author });
    if (!r.days.length) ctx.warn(`nothing written${author ? ` by ${author}` : ''} from ${r.from} to ${r.to}`);
    return { json: r, text: r.days.flatMap((d) => d.lines.map((l) => `- ${d.day} ${l.text}`)).join('\n') };
  },
};

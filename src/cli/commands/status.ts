import { vaultStatus } from '../../core/memory/status';
import { openVault } from '../../core/vault/layout';
import type { Command } from '../command';

export const status: Command = {
  name: 'status',
  usage: 'status',
  summary: 'vault statistics, last compression, whether compression is due, git state',
  options: {},
  describe: {},
  examples: [
    'coresoul status',
    'coresoul status --json',
  ],
  async run(ctx) {
    const s = await vaultStatus(openVault(ctx.root), ctx.clock.now());
    const e = s.entities;
    const text = [
      `Core Soul vault: ${s.root}`,
      `  days: ${s.days.L1} detailed (L1), ${s.days.L2} summarised (L2), ${s.days.L3} archived (L3) in ${s.months} month file(s)`,
      `  entities: ${e.people} people, ${e.events} events, ${e.places} places, ${e.objects} objects`,
      `  last compression: ${s.lastCompressionDate}${s.compressionDue ? ' — compression is due (coresoul compress)' : ''}`,
      `  history: ${s.git.enabled ? `${s.git.commits} commit(s), head ${s.git.head ?? '-'}${s.git.dirty ? ', uncommitted changes' : ''}` : 'off'}`,
      ...s.warnings.map((w) => `  warning: ${w}`),
    ].join('\n');
    return { json: s, text };
  },
};

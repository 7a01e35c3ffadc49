import { inputError, vaultError } from '../../core/shared/errors';
import { learnFromMessage, readProfile } from '../../core/profile/profile';
import { openVault } from '../../core/vault/layout';
import type { Command } from '../command';

export const profile: Command = {
  name: 'profile',
  usage: 'profile [learn <message>]',
  summary: 'show what Core Soul learnt about its user; `learn` shows what a message would teach it (changes nothing)',
  options: {},
  describe: {},
  examples: [
    'coresoul profile',
    'coresoul profile learn "I prefer tabs over spaces"',
  ],
  takesArguments: true,
  async run(ctx, args) {
    const v = openVault(ctx.root);
    if (args[0] === 'learn') {
      const message = args.slice(1).join(' ');
      if (!message.trim()) throw inputError('profile learn: missing the message (coresoul profile learn "<message>")');
      const report = learnFromMessage(v, message, { clock: ctx.clock, dryRun: true });
      const lines = [
        ...report.changes.map((c) => `${c.section}: ${c.line}${c.replaced ? `  (replaces "${c.replaced}")` : ''}`),
        ...report.review.map((n) => `for review: "${n.value}" — ${n.why}`),
        ...report.refused.map((n) => `refused: "${n.value}" — ${n.why}`),
      ];
      const text = lines.length ? lines.join('\n') : 'Nothing to learn: the message states no preference.';
      return { json: report, text };
    }
    if (args.length) throw inputError(`profile: unknown action "${args[0]}" (usage: coresoul profile [learn <message>])`);
    const p = readProfile(v);
    if (!p) throw vaultError('no user profile yet (entities/people/User.md); run coresoul init');
    const text = Object.entries(p.sections)
      .map(([name, entries]) => [`${name}:`, ...(entries.length ? entries.map((e) => `  ${e.strong ? '★' : '·'} ${e.facet ? `${e.facet}: ` : ''}${e.value} (${e.count}×, ${e.last})`) : ['  (nothing yet)'])].join('\n'))
      .join('\n');
    return { json: p, text };
  },
};

import { syncVault } from '../../core/sync/sync';
import type { Command } from '../command';

export const sync: Command = {
  name: 'sync',
  cancellable: true,
  usage: 'sync [--remote <url>]',
  summary: 'pull, merge and push the vault through git; joins a remote soul from a folder without one',
  options: { remote: { type: 'string' } },
  async run(ctx, _args, opts) {
    const r = await syncVault(ctx.root, { clock: ctx.clock, remote: opts.remote as string | undefined, cliBundle: ctx.bundle }, ctx.signal);
    for (const w of r.warnings) ctx.warn(w);
    const persona = r.persona
      ? r.persona.proposal
        ? [`  persona: the remote's change, published first, is kept; yours (${r.persona.sections.join(', ')}) is pending review again: coresoul persona apply ${r.persona.proposal}`]
        : [`  persona: the remote's change, published first, is kept; yours (${r.persona.sections.join(', ')}) was refused by the soul check on top of it (logged)`]
      : [];
    const text = r.offline
      ? `Offline: nothing synced with ${r.remote}`
      : [
          `${r.joined ? 'Joined' : 'Synced with'} ${r.remote} (${r.branch}): ${r.pulled} commit(s) pulled, ${r.pushed} pushed${r.merged ? ', histories merged' : ''}`,
          ...persona,
        ].join('\n');
    return { json: r, text };
  },
};

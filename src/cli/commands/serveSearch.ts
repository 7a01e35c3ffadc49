import { openVault } from '../../core/vault/layout';
import type { Command } from '../command';
import { socketPath } from '../searchClient';
import { runSearchServer } from '../searchServer';

export const serveSearch: Command = {
  name: 'serve-search',
  usage: 'serve-search',
  summary: 'keep the search index loaded for later `search` calls (started by `search`; stops after 10 idle minutes)',
  options: {},
  describe: {},
  examples: [
    'coresoul serve-search   (started by search and the prompt hook themselves)',
  ],
  async run(ctx) {
    const v = openVault(ctx.root);
    if (!ctx.bundle) throw new Error('serve-search runs from the built CLI bundle only');
    const why = await runSearchServer(v, socketPath(ctx.bundle, v.root));
    return { json: { stopped: why }, text: why };
  },
};

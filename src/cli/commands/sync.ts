import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputError } from '../../core/shared/errors';
import { syncVault } from '../../core/sync/sync';
import type { Command } from '../command';

/**
 * The folder a `--remote` names on this machine (a path or a file:// URL), or undefined for a
 * remote elsewhere (https://, ssh://, git@host:path). A folder that is not there is a typo, not
 * a network that is down: it is refused, where an unreachable server is reported as offline.
 */
function localRemote(remote: string): string | undefined {
  if (remote.startsWith('file://')) return fileURLToPath(remote);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(remote)) return undefined;
  // scp-like `host:path` (but not a Windows drive, `C:\…`).
  if (/^[^/\\]+:/.test(remote) && !/^[a-z]:[/\\]/i.test(remote)) return undefined;
  return path.resolve(remote);
}

export const sync: Command = {
  name: 'sync',
  cancellable: true,
  usage: 'sync [--remote <url>]',
  summary: 'pull, merge and push the vault through git; joins a remote soul from a folder without one',
  options: { remote: { type: 'string' } },
  describe: {
    remote: '<url> the remote to sync with, or to join a soul from (default: the vault\'s own remote)',
  },
  examples: [
    'coresoul sync',
    'coresoul sync --remote git@github.com:me/project-soul.git',
  ],
  async run(ctx, _args, opts) {
    const local = typeof opts.remote === 'string' ? localRemote(opts.remote) : undefined;
    if (local !== undefined && !fs.existsSync(local)) throw inputError(`no repository at ${local}; nothing was synced`, 'remote');
    const r = await syncVault(ctx.root, { clock: ctx.clock, remote: opts.remote as string | undefined, cliBundle: ctx.bundle }, ctx.signal);
    for (const w of r.warnings) ctx.warn(w);
    const persona = r.persona
      ? r.persona.proposal
        ? [`  persona: the team changed ${r.persona.sections.join(', ')} on the remote; it waits for your review (your persona is kept until then): coresoul persona apply ${r.persona.proposal}, or reject it`]
        : [`  persona: the team changed ${r.persona.sections.join(', ')} on the remote; the soul check refused it here (logged), and your persona is kept`]
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

import { scanVault } from '../../core/safety/scan';
import { openVault } from '../../core/vault/layout';
import type { Command } from '../command';

export const scan: Command = {
  name: 'scan',
  cancellable: true,
  usage: 'scan [--no-history]',
  summary: 'find secrets in the vault and its history, with file and line (exit 3 when any is found)',
  options: { 'no-history': { type: 'boolean' } },
  describe: {
    'no-history': 'the files only, not the vault\'s git history',
  },
  examples: [
    'coresoul scan',
    'coresoul scan --no-history --json',
  ],
  async run(ctx, _args, opts) {
    const r = await scanVault(openVault(ctx.root), { history: !opts['no-history'] }, ctx.signal);
    const where = `${r.files} file(s)${opts['no-history'] ? '' : ` and ${r.versions} version(s) in the history`}`;
    const text = r.found.length
      ? [
          ...r.found.map((h) => `${h.file}:${h.line}: ${h.kind}${h.commit ? ` (history ${h.commit})` : ''}`),
          `${r.found.length} secret(s) in ${where}. Remove them from the files; for the history see docs/trust.md#secrets.`,
        ].join('\n')
      : `No secrets in ${where}.`;
    return { json: r, text, exitCode: r.found.length ? 3 : 0 };
  },
};

import * as path from 'node:path';
import { type PackFormat, defaultArchiveName } from '../../core/archive/layout';
import { inputError } from '../../core/shared/errors';
import { openVault } from '../../core/vault/layout';
import type { Command } from '../command';

export const pack: Command = {
  name: 'pack',
  cancellable: true,
  usage: 'pack [--out <file>] [--format tgz|sh] [--no-history] [--allow-secrets]',
  summary: 'pack AGENTS.md, the registered skills and .CoreSoul (with its history) into one archive',
  options: { out: { type: 'string' }, format: { type: 'string' }, 'no-history': { type: 'boolean' }, 'allow-secrets': { type: 'boolean' } },
  describe: {
    out: '<file> where to write (default: core_soul_deploy.tar.gz, or .sh, in the current folder)',
    format: '<tgz|sh> a tar.gz archive, or one self-extracting shell script',
    'no-history': 'leave the vault\'s git history out',
    'allow-secrets': 'pack even when the vault holds a credential (scan finds them)',
  },
  examples: [
    'coresoul pack',
    'coresoul pack --format sh --out ~/backup/soul.sh',
  ],
  async run(ctx, _args, opts) {
    // Loaded on demand: tar and crypto are only needed here, and other commands must start quickly.
    const { packVault, PACK_FORMATS } = await import('../../core/archive/pack');
    const format = (opts.format ?? 'tgz') as PackFormat;
    if (!PACK_FORMATS.includes(format)) throw inputError(`--format: expected tgz or sh, got "${String(opts.format)}"`);
    const v = openVault(ctx.root);
    const r = await packVault(v, {
      now: ctx.clock.now(),
      // Like tar or npm pack: into the folder the command runs in, not into the project's files.
      out: path.resolve((opts.out as string | undefined) ?? defaultArchiveName(format)),
      format,
      history: !opts['no-history'],
      cliBundle: ctx.bundle,
      allowSecrets: Boolean(opts['allow-secrets']),
    }, ctx.signal);
    const history = {
      bundle: `included (${r.commits} commit(s))`,
      omitted: 'left out (restore starts a new one)',
      off: 'off in this vault',
    }[r.history];
    const lines = [
      `Packed ${r.files} file(s) into ${r.out} (${r.bytes} bytes, sha256 ${r.sha256})`,
      `  skills: ${r.skills.join(', ') || 'none registered in persona.md'}`,
      `  history: ${history}`,
      `  CLI: ${r.cli ? '.CoreSoul/bin/coresoul.js included' : 'not included (no bundled CLI found)'}`,
      ...r.skipped.map((s) => `  skipped ${s.path}: ${s.reason}`),
      r.format === 'sh' ? `Restore with: sh ${r.out} <empty folder>` : `Restore with: coresoul restore ${r.out} --root <empty folder>`,
    ];
    return { json: r, text: lines.join('\n') };
  },
};

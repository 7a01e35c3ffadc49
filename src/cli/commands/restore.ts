import { inputError } from '../../core/shared/errors';
import type { Command } from '../command';

export const restore: Command = {
  name: 'restore',
  cancellable: true,
  usage: 'restore <archive> [--root <empty dir>] [--merge]',
  summary: 'restore an archive made by pack: verified in full before anything is written',
  options: { merge: { type: 'boolean' } },
  describe: {
    merge: 'restore into a folder that is not empty, keeping what is there',
  },
  examples: [
    'coresoul restore core_soul_deploy.tar.gz --root ~/new-machine/project',
  ],
  takesArguments: true,
  async run(ctx, args, opts) {
    if (args.length !== 1) throw inputError(`restore: expected one archive file (usage: coresoul ${restore.usage})`);
    // Loaded on demand: tar and crypto are only needed here, and other commands must start quickly.
    const { restoreArchive } = await import('../../core/archive/restore');
    const r = await restoreArchive(args[0], ctx.root, { merge: !!opts.merge, cliBundle: ctx.bundle }, ctx.signal);
    const history = {
      restored: `restored (${r.commits} commit(s))`,
      started: 'started anew (the archive was packed without it)',
      fetched: "the vault's own, with the archive's refs under refs/restored/",
      kept: "the vault's own (the archive brought none)",
      off: 'off',
    }[r.history];
    const lines = r.merge
      ? [
          `Merged the archive (packed ${r.created}) into ${r.root}: ${r.added.length} file(s) added, ${r.unchanged.length} unchanged, ${r.conflicts.length} conflict(s)`,
          ...r.conflicts.map((c) => `  conflict ${c.path}: kept the workspace's copy (${c.newer === 'workspace' ? 'changed after the archive was made' : 'the archive is newer'})`),
          ...r.updated.map((u) => `  updated ${u}: added the override directive`),
          `  history: ${history}`,
        ]
      : [`Restored ${r.added.length} file(s) (packed ${r.created}) into ${r.root}`, `  history: ${history}`];
    lines.push(...r.leftOut.map((l) => `  left out ${l.path}: ${l.reason}, never installed from an archive`));
    if (r.cli) lines.push(`  CLI: .CoreSoul/bin/coresoul.js ${r.cli === 'kept' ? 'already' : 'installed from'} this coresoul`);
    return { json: r, text: lines.join('\n') };
  },
};

import { importMemories } from '../../core/interop/importMemories';
import { IMPORT_FORMATS, type ImportFormat } from '../../core/interop/plan';
import { inputError } from '../../core/shared/errors';
import { openVault } from '../../core/vault/layout';
import { redactionNotice } from '../../core/safety/secrets';
import type { Command } from '../command';

export const importCommand: Command = {
  name: 'import',
  cancellable: true,
  usage: `import <file or folder> [--from ${IMPORT_FORMATS.join('|')}] [--dry-run]`,
  summary: "move in another agent's memories: dated lines to their days, facts to entity notes, identity to a persona proposal",
  options: { from: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  describe: {
    from: '<format> the other system\'s format (default: recognised from the file)',
    'dry-run': 'say what would be imported, change nothing',
  },
  examples: [
    'coresoul import memory.jsonl --dry-run',
    'coresoul import ~/.claude/CLAUDE.md --from claude-code',
  ],
  takesArguments: true,
  async run(ctx, args, opts) {
    if (args.length !== 1) throw inputError('import: give one file or folder to import (coresoul import <path>)');
    const from = opts.from as string | undefined;
    if (from !== undefined && !(IMPORT_FORMATS as readonly string[]).includes(from)) {
      throw inputError(`expected one of ${IMPORT_FORMATS.join(', ')}, got "${from}"`, 'from');
    }
    const report = await importMemories(openVault(ctx.root), args[0], {
      clock: ctx.clock,
      from: from as ImportFormat | undefined,
      dryRun: !!opts['dry-run'],
      warn: ctx.warn,
    }, ctx.signal);
    const notice = redactionNotice(report.redacted, report.dryRun ? 'planning' : 'writing');
    if (notice) ctx.warn(notice);
    for (const w of report.warnings) ctx.warn(w);
    const lines: string[] = [];
    for (const f of report.formats) {
      lines.push(`${f.format}: ${report.dryRun ? 'would import' : 'imported'} ${f.imported}, merged ${f.merged} already there, skipped ${f.skipped.length}${f.learned ? `, learnt ${f.learned} preference(s)` : ''}`);
      for (const p of f.plan ?? []) lines.push(`  ${p.day}  ${p.kind ? `#${p.kind} ` : ''}${p.text.split('\n')[0]}`);
      for (const s of f.skipped) lines.push(`  skipped ${s.item}: ${s.reason}`);
      for (const id of f.proposals) lines.push(`  persona proposal ${id} waits for review (coresoul persona apply ${id} | reject ${id})`);
    }
    if (report.dryRun) lines.push('dry run: nothing was written');
    return { json: report, text: lines.join('\n') };
  },
};

import { compress as runCompression } from '../../core/compress';
import { commitVault } from '../../core/history';
import { openVault } from '../../core/vault';
import type { Command } from '../command';

export const compress: Command = {
  name: 'compress',
  usage: 'compress [--force] [--dry-run]',
  summary: 'weekly memory decay: L1 days → hourly summaries (L2) → monthly files (L3)',
  options: { force: { type: 'boolean' }, 'dry-run': { type: 'boolean' } },
  async run(ctx, _args, opts) {
    const v = openVault(ctx.root);
    const report = runCompression(v, { now: ctx.clock.now(), force: !!opts.force, dryRun: !!opts['dry-run'] });
    if (report.ran) await commitVault(v, `compress: week of ${report.weekOf}`);
    const text = report.ran
      ? `Compressed (week of ${report.weekOf}): ${report.l1ToL2.length} day(s) to L2, ${report.l2ToL3.length} day(s) to L3, ${report.linksChecked} link(s) checked, ${report.linksLost} lost`
      : opts['dry-run']
        ? `Dry run (week of ${report.weekOf}): would move ${report.l1ToL2.length} day(s) to L2 and ${report.l2ToL3.length} day(s) to L3`
        : `Nothing to compress: the last compression was this week (use --force to run anyway)`;
    return { json: report, text };
  },
};

import { compressWithHistory, compressionDue } from '../../core/compress/compress';
import { openVault } from '../../core/vault/layout';
import { type Command, warnOdd } from '../command';

export const compress: Command = {
  name: 'compress',
  usage: 'compress [--force] [--dry-run]',
  summary: 'weekly memory decay: L1 days → hourly summaries (L2) → monthly files (L3)',
  options: { force: { type: 'boolean' }, 'dry-run': { type: 'boolean' } },
  describe: {
    force: 'compress now even if no week has passed since the last compression',
    'dry-run': 'say what would be compressed, change nothing',
  },
  examples: [
    'coresoul compress --dry-run',
    'coresoul compress --force --json',
  ],
  async run(ctx, _args, opts) {
    const v = openVault(ctx.root);
    const now = ctx.clock.now();
    const [force, dryRun] = [!!opts.force, !!opts['dry-run']];
    const due = force || compressionDue(v, now);
    const report = await compressWithHistory(v, { now, force, dryRun, warn: ctx.warn });
    warnOdd(ctx, report);
    const moved = `${report.l1ToL2.length} day(s) to L2 (hourly), ${report.l2ToL3.length} day(s) to L3 (monthly)`;
    const listed = [dayList('L1 → L2', report.l1ToL2), dayList('L2 → L3', report.l2ToL3)].filter((l) => l !== undefined);
    const text = !due
      ? ['Nothing to compress: the last compression was this week (--force runs it anyway)']
      : dryRun
        ? [`Dry run (week of ${report.weekOf}), nothing written: would move ${moved}`, ...listed]
        : [`Compressed (week of ${report.weekOf}): ${moved}; ${report.linksChecked} link(s) checked, ${report.linksLost} lost`, ...listed];
    return { json: report, text: text.join('\n') };
  },
};

/** `  L1 → L2  2026-03-02, 2026-03-03`, or a range when a catch-up moved many days. */
function dayList(label: string, days: string[]): string | undefined {
  if (!days.length) return undefined;
  const shown = days.length <= 7 ? days.join(', ') : `${days[0]} … ${days[days.length - 1]} (${days.length} days)`;
  return `  ${label}  ${shown}`;
}

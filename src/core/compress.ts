/**
 * Weekly compression (SPEC §4.2). Until the L1 → L2 → L3 state machine lands, this records
 * the week boundary only; callers already use the final entry point.
 */
import { isLaterWeek, localDay, weekMonday } from './clock';
import { withLock } from './fsx';
import { readMemoryMap, writeMemoryMap } from './memoryMap';
import type { Vault } from './vault';

export interface CompressOptions {
  now: Date;
  force?: boolean;
  dryRun?: boolean;
}

export interface CompressReport {
  ran: boolean;
  weekOf: string;
  l1ToL2: string[];
  l2ToL3: string[];
  linksChecked: number;
  linksLost: number;
}

export function compressionDue(v: Vault, now: Date): boolean {
  return isLaterWeek(readMemoryMap(v).lastCompressionDate, localDay(now));
}

export function compress(v: Vault, opts: CompressOptions): CompressReport {
  const today = localDay(opts.now);
  const report: CompressReport = { ran: false, weekOf: weekMonday(today), l1ToL2: [], l2ToL3: [], linksChecked: 0, linksLost: 0 };
  return withLock(v.lockFile, () => {
    const map = readMemoryMap(v);
    if (!opts.force && !isLaterWeek(map.lastCompressionDate, today)) return report;
    if (!opts.dryRun) writeMemoryMap(v, { ...map, lastCompressionDate: today });
    return { ...report, ran: !opts.dryRun };
  });
}

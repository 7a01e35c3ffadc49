/**
 * Usage-aware decay (docs/truth.md#usage-aware-decay): one factor of the ranking, kept apart from
 * the rest. A line no search, context or MCP read has served for more than DECAY_AFTER_DAYS
 * (counted from when it was written, or from when usage began to be recorded) sinks a little:
 * its score is multiplied by a factor that falls linearly to DECAY_FLOOR at DECAY_FULL_DAYS
 * unused, and stays there. Small on purpose: an unused line that alone answers a query still
 * comes first; among lines that answer it about as well, the ones in use come first. Nothing
 * recorded (a fresh clone, CI): no decay. Folded in at the day's boundary (vault/usage.ts), so a
 * search never changes its own next answer.
 */
import type { Served } from '../vault/usage';
import { idleDays } from '../vault/usage';
import type { ScoredLine } from './rank';
import { ARCHIVE_AFTER_DAYS } from '../truth/unused';

export const DECAY_AFTER_DAYS = 60;
/** Fully sunk when it becomes a candidate for archiving (truth/unused.ts). */
export const DECAY_FULL_DAYS = ARCHIVE_AFTER_DAYS;
export const DECAY_FLOOR = 0.8;

/** The factor for a line unused for `idle` days: 1 up to DECAY_AFTER_DAYS, DECAY_FLOOR from DECAY_FULL_DAYS. */
export function decayFactor(idle: number): number {
  if (idle <= DECAY_AFTER_DAYS) return 1;
  const t = Math.min(1, (idle - DECAY_AFTER_DAYS) / (DECAY_FULL_DAYS - DECAY_AFTER_DAYS));
  return 1 - t * (1 - DECAY_FLOOR);
}

/** A ranked line that sank, as a hit explains it. */
export interface Unused {
  /** Days since it was last served (or written, or usage began). */
  days: number;
  /** What its score was multiplied by. */
  factor: number;
}

/**
 * The ranked lines with the decay applied, best first again, and for each line that sank (by
 * `<file shown>:<line>`) how long it went unused and by how much.
 */
export function sinkUnused(ranked: ScoredLine[], served: Served | undefined, today: string, shownAt: (s: ScoredLine) => string): { ranked: ScoredLine[]; sank: Map<string, Unused> } {
  const sank = new Map<string, Unused>();
  if (!served) return { ranked, sank };
  const out = ranked.map((s) => {
    const idle = idleDays(served, s.block.lines[s.i] ?? '', s.block.day || undefined, today);
    const factor = idle === undefined ? 1 : decayFactor(idle);
    if (factor === 1) return s;
    sank.set(shownAt(s), { days: idle!, factor: Math.round(factor * 1000) / 1000 });
    return { ...s, score: s.score * factor };
  });
  if (!sank.size) return { ranked, sank };
  // Stable: lines the decay left in order keep their order.
  return { ranked: out.map((s, k) => ({ s, k })).sort((a, b) => b.s.score - a.s.score || a.k - b.k).map(({ s }) => s), sank };
}

/**
 * Memories nothing has served for a long time (docs/truth.md#usage-aware-decay): the candidates
 * `coresoul lint` proposes for archiving and `coresoul archive --unused` moves. Only entries of
 * the chronological files (an entity note's lines are its own summary) and only with usage
 * recorded (vault/usage.ts): a vault without it (CI, a fresh clone) has none.
 */
import type { Served } from '../vault/usage';
import { idleDays } from '../vault/usage';
import type { TruthMemory } from './memories';

/** A memory unserved this long is proposed for archiving; search has sunk it fully by then (search/decay.ts). */
export const ARCHIVE_AFTER_DAYS = 180;

export interface UnusedMemory {
  memory: TruthMemory;
  /** Days since it was last served, written or usage began recording. */
  days: number;
}

/** The chronological memories unserved for ARCHIVE_AFTER_DAYS or more on `today`, in vault order. */
export function unusedMemories(memories: readonly TruthMemory[], served: Served | undefined, today: string): UnusedMemory[] {
  if (!served) return [];
  const out: UnusedMemory[] = [];
  for (const m of memories) {
    if (m.entity) continue;
    const days = idleDays(served, m.text.split('\n')[0], m.at.slice(0, 10), today);
    if (days !== undefined && days >= ARCHIVE_AFTER_DAYS) out.push({ memory: m, days });
  }
  return out;
}

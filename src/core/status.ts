/** `status`: what is in the vault and whether compression is due. */
import { localDay } from './clock';
import { compressionDue } from './compress';
import { type HistoryState, historyState } from './history';
import { type Level, countEntities, levelCounts, readMemoryMap } from './memoryMap';
import type { EntityKind, Vault } from './vault';

export interface VaultStatus {
  root: string;
  today: string;
  lastCompressionDate: string;
  compressionDue: boolean;
  days: Record<Level, number>;
  months: number;
  entities: Record<EntityKind, number>;
  git: HistoryState;
}

export async function vaultStatus(v: Vault, now: Date): Promise<VaultStatus> {
  const map = readMemoryMap(v);
  const { days, months } = levelCounts(map);
  return {
    root: v.root,
    today: localDay(now),
    lastCompressionDate: map.lastCompressionDate,
    compressionDue: compressionDue(v, now),
    days,
    months,
    entities: countEntities(v),
    git: await historyState(v),
  };
}

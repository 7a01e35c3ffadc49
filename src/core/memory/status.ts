/** `status`: what is in the vault and whether compression is due. */
import * as fs from 'node:fs';
import { localDay } from '../shared/clock';
import { compressionDue } from '../compress/compress';
import { type HistoryState, historyState } from '../vault/history';
import { type Level, countEntities, levelCounts, readMemoryMap } from '../vault/memoryMap';
import { type EntityKind, type Vault, rel } from '../vault/layout';

export interface VaultStatus {
  root: string;
  today: string;
  lastCompressionDate: string;
  compressionDue: boolean;
  days: Record<Level, number>;
  months: number;
  entities: Record<EntityKind, number>;
  git: HistoryState;
  /** Always-loaded files over their size caps (docs/memory.md#user-profile-and-preferences): they cost tokens on every turn. */
  warnings: string[];
}

/** Size caps of the files every prompt carries (docs/memory.md#user-profile-and-preferences: near 30 KB). */
export const ALWAYS_LOADED_CAPS = { soulBytes: 30 * 1024, personaBytes: 30 * 1024 };

export function sizeWarnings(v: Vault, caps = ALWAYS_LOADED_CAPS): string[] {
  const over = (file: string, cap: number) => {
    const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
    return size > cap ? [`${rel(v, file)} is ${Math.round(size / 1024)} KB, over its ${Math.round(cap / 1024)} KB cap: move detail into memory`] : [];
  };
  return [...over(v.soul, caps.soulBytes), ...over(v.persona, caps.personaBytes)];
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
    warnings: sizeWarnings(v),
  };
}

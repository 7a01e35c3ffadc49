/** What the Sync Memory feature decides without VS Code: its settings and its status-bar text. */
import * as z from 'zod/mini';
import { SECTION } from '../../shared/settings.model';

export const SYNC_ON_FOCUS = 'sync.onFocus';
export const SYNC_INTERVAL = 'sync.intervalMinutes';
export const SHARE_WORKTREES = 'vault.shareAcrossWorktrees';

export interface SyncSettings {
  onFocus: boolean;
  /** 0: no sync on a timer. */
  intervalMinutes: number;
  problems: string[];
}

/** The two sync settings from their raw values (settings.json is edited by hand): off unless valid. */
export function readSyncSettings(rawOnFocus: unknown, rawInterval: unknown): SyncSettings {
  const problems: string[] = [];
  const onFocus = rawOnFocus === undefined ? false : z.boolean().safeParse(rawOnFocus).data;
  if (onFocus === undefined) problems.push(`${SECTION}.${SYNC_ON_FOCUS} must be true or false, got ${JSON.stringify(rawOnFocus)}; no sync on focus`);
  const interval = rawInterval === undefined ? 0 : z.number().check(z.gte(0), z.lte(1440)).safeParse(rawInterval).data;
  if (interval === undefined) problems.push(`${SECTION}.${SYNC_INTERVAL} must be a number of minutes from 0 to 1440, got ${JSON.stringify(rawInterval)}; no sync on a timer`);
  return { onFocus: onFocus ?? false, intervalMinutes: interval ?? 0, problems };
}

/** Whether git worktrees share their main worktree's vault: yes unless exactly `false`. */
export function readShareWorktrees(raw: unknown): { share: boolean; problem?: string } {
  if (raw === undefined || raw === true) return { share: true };
  if (raw === false) return { share: false };
  return { share: true, problem: `${SECTION}.${SHARE_WORKTREES} must be true or false, got ${JSON.stringify(raw)}; worktrees share one vault` };
}

/** The status-bar text: commits to push (↑) and to pull (↓) as last fetched. */
export const syncBadge = (s: { ahead: number; behind: number }) => `$(sync) ${s.ahead}↑ ${s.behind}↓`;

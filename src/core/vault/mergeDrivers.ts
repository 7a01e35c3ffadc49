/**
 * How git merges the vault (docs/sync.md#how-memory-merges): `.gitattributes` names a driver
 * for each kind of file and `.git/config` says how to run it (`coresoul merge-driver <kind> %O
 * %A %B %P`). The wiring lives with the vault because both init and sync write it; the merges
 * themselves are sync's (sync/drivers.ts).
 */
import * as path from 'node:path';
import { shellQuote } from '../shared/text';
import { git } from './history';
import type { Vault } from './layout';

export const MERGE_KINDS = ['day', 'entity', 'map', 'published'] as const;
export type MergeKind = (typeof MERGE_KINDS)[number];

/** The vault's `.gitattributes`: which driver merges which file. */
export const VAULT_GITATTRIBUTES = [
  '# Core Soul: how memory merges between machines (coresoul sync; docs/sync.md)',
  'memory/chronological/*.md merge=coresoul-day',
  'memory/entities/**/*.md merge=coresoul-entity',
  'memory/memory_map.md merge=coresoul-map',
  'persona.md merge=coresoul-published',
  'soul.md merge=coresoul-published',
  '',
].join('\n');

/**
 * Registers the drivers in the vault's `.git/config`. `cli` is the CLI that git will run, with
 * this Node: the vault's own `bin/coresoul.js` is named from the vault's folder, where git runs
 * a driver, so the registration holds wherever the workspace moves; another CLI by absolute path.
 * Every `init` and `sync` writes it again when it changed. `current`: what `git config
 * --get-regexp` already printed of them, when the caller read it.
 */
export async function registerMergeDrivers(v: Vault, cli: string, current?: string): Promise<void> {
  const node = process.versions.electron ? 'node' : process.execPath;
  current ??= (await git(v, ['config', '--get-regexp', '^merge\\.coresoul-'])).stdout;
  const own = path.relative(v.soulDir, cli);
  const program = own === path.join('bin', 'coresoul.js') ? own.split(path.sep).join('/') : cli;
  for (const kind of MERGE_KINDS) {
    const driver = `${shellQuote(node)} ${shellQuote(program)} merge-driver ${kind} %O %A %B %P`;
    if (current.includes(`merge.coresoul-${kind}.driver ${driver}\n`)) continue;
    await git(v, ['config', `merge.coresoul-${kind}.name`, `Core Soul: merge ${kind === 'published' ? 'persona and soul' : kind} files`]);
    await git(v, ['config', `merge.coresoul-${kind}.driver`, driver]);
  }
}

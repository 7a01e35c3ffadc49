/** The vault's superseded memories, for the search and MCP layers (docs/truth.md#supersession). */
import type { Vault } from '../vault/layout';
import { readMemories } from './memories';
import { type Supersession, findSupersessions } from './supersession';

/**
 * Every superseded memory of the vault, by id (`<file>:<line>`, as search hits name their
 * first line), with what replaced it: for ranking current facts before history and for MCP
 * answers. It reads the whole vault (seconds on 100 MB): callers keep the map until the vault
 * changes.
 */
export function supersededMemories(v: Vault, signal?: AbortSignal): Map<string, Supersession> {
  return new Map(findSupersessions(readMemories(v, undefined, signal), signal).map((p) => [p.older, p]));
}

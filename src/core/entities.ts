/** Entity notes: `entities/<kind>/<Name>.md`, found by name across the four kinds. */
import * as fs from 'node:fs';
import { ENTITY_KINDS, type EntityKind, type Vault, entityDir, entityFile } from './vault';

export interface EntityRef {
  kind: EntityKind;
  name: string;
  file: string;
}

/** Kind given to a new entity that was only linked, with no `--entity kind/Name`. */
export const DEFAULT_ENTITY_KIND: EntityKind = 'objects';

// name (lower case) → entity, per kind folder. The cache is trusted for names it knows (an
// append to a vanished file fails and refreshes it) and refreshed before a name is declared new.
const folderCache = new Map<string, { mtimeMs: number; names: Map<string, string> }>();

function namesIn(dir: string, refresh: boolean): Map<string, string> {
  const hit = folderCache.get(dir);
  if (hit && !refresh) return hit.names;
  const st = fs.statSync(dir, { throwIfNoEntry: false });
  if (!st?.isDirectory()) return new Map();
  if (hit && hit.mtimeMs === st.mtimeMs) return hit.names;
  const names = new Map<string, string>();
  for (const f of fs.readdirSync(dir)) {
    if (f.endsWith('.md')) names.set(f.slice(0, -3).toLowerCase(), f.slice(0, -3));
  }
  folderCache.set(dir, { mtimeMs: st.mtimeMs, names });
  return names;
}

/** Finds an entity by name, case-insensitively, in any kind (in kind order). */
export function findEntity(v: Vault, name: string): EntityRef | undefined {
  return lookup(v, name, false) ?? lookup(v, name, true);
}

/** Forgets what is cached about entity folders (after an entity file vanished under us). */
export function forgetEntities(): void {
  folderCache.clear();
}

function lookup(v: Vault, name: string, refresh: boolean): EntityRef | undefined {
  const key = name.toLowerCase();
  for (const kind of ENTITY_KINDS) {
    const found = namesIn(entityDir(v, kind), refresh).get(key);
    if (found !== undefined) return { kind, name: found, file: entityFile(v, kind, found) };
  }
  return undefined;
}

export function entityHeader(kind: EntityKind, name: string, created: string): string {
  return `---\nkind: ${kind}\naliases: []\ncreated: ${created}\n---\n# ${name}\n\n`;
}

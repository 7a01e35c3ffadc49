/** Entity notes: `entities/<kind>/<Name>.md`, found by name across the four kinds. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createExclusive } from './fsx';
import { ENTITY_KINDS, type EntityKind, type Vault, entityFile } from './vault';

export interface EntityRef {
  kind: EntityKind;
  name: string;
  file: string;
}

/** Kind given to a new entity that was only linked, with no `--entity kind/Name`. */
export const DEFAULT_ENTITY_KIND: EntityKind = 'objects';

// name (lower case) → entity, per kind folder; rebuilt only when that folder changes.
const folderCache = new Map<string, { mtimeMs: number; names: Map<string, string> }>();

function namesIn(dir: string): Map<string, string> {
  const st = fs.statSync(dir, { throwIfNoEntry: false });
  if (!st?.isDirectory()) return new Map();
  const hit = folderCache.get(dir);
  if (hit && hit.mtimeMs === st.mtimeMs) return hit.names;
  const names = new Map<string, string>();
  for (const f of fs.readdirSync(dir)) {
    if (f.endsWith('.md')) names.set(f.slice(0, -3).toLowerCase(), f.slice(0, -3));
  }
  folderCache.set(dir, { mtimeMs: st.mtimeMs, names });
  return names;
}

/** Finds an entity by name, case-insensitively, in `kind` or else in any kind (in kind order). */
export function findEntity(v: Vault, name: string, kind?: EntityKind): EntityRef | undefined {
  const key = name.toLowerCase();
  for (const k of kind ? [kind] : ENTITY_KINDS) {
    const found = namesIn(path.join(v.entitiesDir, k)).get(key);
    if (found !== undefined) return { kind: k, name: found, file: entityFile(v, k, found) };
  }
  return undefined;
}

export function entityHeader(kind: EntityKind, name: string, created: string): string {
  return `---\nkind: ${kind}\naliases: []\ncreated: ${created}\n---\n# ${name}\n\n`;
}

/** Creates the entity note if it does not exist yet; returns whether this call created it. */
export function createEntity(ref: EntityRef, created: string): boolean {
  return createExclusive(ref.file, entityHeader(ref.kind, ref.name, created));
}

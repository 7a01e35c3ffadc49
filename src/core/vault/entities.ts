/** Entity notes: `entities/<kind>/<Name>.md`, found by name across the four kinds. */
import * as fs from 'node:fs';
import { ENTITY_KINDS, type EntityKind, type Vault, entityDir, entityFile } from './layout';

export interface EntityRef {
  kind: EntityKind;
  name: string;
  file: string;
}

/** Kind given to a new entity that was only linked, with no `--entity kind/Name`. */
export const DEFAULT_ENTITY_KIND: EntityKind = 'objects';

// name (lower case) → entity, one index per vault over the four kind folders (an earlier kind
// wins a name). The index is trusted for names it knows (an append to a vanished file fails and
// forgets it) and re-read, if a folder changed, before a name is declared new.
const indexes = new Map<string, { stamps: string; byName: Map<string, EntityRef> }>();

function entityIndex(v: Vault, refresh: boolean): Map<string, EntityRef> {
  const hit = indexes.get(v.entitiesDir);
  if (hit && !refresh) return hit.byName;
  const folders = ENTITY_KINDS.map((kind) => {
    const dir = entityDir(v, kind);
    const st = fs.statSync(dir, { throwIfNoEntry: false });
    return { kind, dir, mtimeMs: st?.isDirectory() ? st.mtimeMs : -1 };
  });
  const stamps = folders.map((f) => f.mtimeMs).join();
  if (hit && hit.stamps === stamps) return hit.byName;
  const byName = new Map<string, EntityRef>();
  for (const { kind, dir, mtimeMs } of folders) {
    if (mtimeMs === -1) continue;
    for (const f of fs.readdirSync(dir)) {
      if (!f.endsWith('.md')) continue;
      const name = f.slice(0, -3);
      const key = name.toLowerCase();
      if (!byName.has(key)) byName.set(key, { kind, name, file: entityFile(v, kind, name) });
    }
  }
  indexes.set(v.entitiesDir, { stamps, byName });
  return byName;
}

/** Finds an entity by name, case-insensitively, in any kind (in kind order). */
export function findEntity(v: Vault, name: string): EntityRef | undefined {
  const key = name.toLowerCase();
  return entityIndex(v, false).get(key) ?? entityIndex(v, true).get(key);
}

/** Forgets what is cached about entity folders (after an entity file vanished under us). */
export function forgetEntities(): void {
  indexes.clear();
}

export function entityHeader(kind: EntityKind, name: string, created: string): string {
  return `---\nkind: ${kind}\naliases: []\ncreated: ${created}\n---\n# ${name}\n\n`;
}

/**
 * Hand-made archives for the restore tests: tar headers encoded by the tar package's `Header`,
 * laid out block by block, so that a test can write what `pack` never would (links, devices,
 * `..`, duplicates, a lying manifest, a size that is not there).
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Header } from 'tar';
import { entityHeader } from '../../src/core/vault/entities';
import { commitVault } from '../../src/core/vault/history';
import { readMemoryMap, writeMemoryMap } from '../../src/core/vault/memoryMap';
import { type EntityKind, type Vault, dayFile, entityFile, monthFile } from '../../src/core/vault/layout';
import { tempVault, writeAt } from './helpers';

export interface RawEntry {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link' | 'CharacterDevice' | 'BlockDevice' | 'FIFO';
  body?: string | Buffer;
  linkpath?: string;
  mode?: number;
  /** The size the header declares, when it should differ from the body's. */
  declaredSize?: number;
}

/** An uncompressed tar of `entries`, in order, ending with the two zero blocks. */
export function rawTar(entries: RawEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const type = e.type ?? 'File';
    const body = Buffer.from(e.body ?? '');
    const block = Buffer.alloc(512);
    new Header({
      path: e.path,
      type,
      mode: e.mode ?? (type === 'Directory' ? 0o755 : 0o644),
      uid: 0,
      gid: 0,
      size: e.declaredSize ?? (type === 'File' ? body.length : 0),
      mtime: new Date(Date.UTC(2026, 2, 10)),
      ...(e.linkpath !== undefined && { linkpath: e.linkpath }),
    }).encode(block, 0);
    blocks.push(block, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

export const gz = (entries: RawEntry[]) => gzipSync(rawTar(entries));

/** The smallest content restore accepts as a soul. */
export function soulEntries(): RawEntry[] {
  return [
    { path: 'AGENTS.md', body: 'CRITICAL OVERRIDE: read .CoreSoul/soul.md\n' },
    { path: '.CoreSoul/', type: 'Directory' },
    { path: '.CoreSoul/soul.md', body: '# Soul\n' },
  ];
}

/** MANIFEST.json that tells the truth about the regular files and folders among `entries`. */
export function manifestFor(entries: RawEntry[], change: (m: any) => void = () => {}): RawEntry {
  const files = entries
    .filter((e) => (e.type ?? 'File') === 'File')
    .map((e) => {
      const body = Buffer.from(e.body ?? '');
      return { path: e.path, size: body.length, sha256: createHash('sha256').update(body).digest('hex') };
    });
  const dirs = new Set<string>();
  for (const e of entries) {
    let d = e.type === 'Directory' ? e.path.replace(/\/$/, '') : path.posix.dirname(e.path);
    for (; d !== '.' && d !== '/' && d !== ''; d = path.posix.dirname(d)) dirs.add(d);
  }
  const m = { format: 'coresoul-pack', version: 1, created: '2026-03-10T00:00:00.000Z', history: 'off', dirs: [...dirs].sort(), files };
  change(m);
  return { path: 'MANIFEST.json', body: `${JSON.stringify(m, null, 2)}\n` };
}

/** A gzipped archive of `entries` with a truthful manifest first. */
export const withManifest = (entries: RawEntry[]) => gz([manifestFor(entries), ...entries]);

/** Every entry under `dir` (folders with a trailing `/`, links with their target), to prove nothing changed. */
export function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of fs.readdirSync(path.join(dir, rel)).sort()) {
      const child = path.join(rel, name);
      const st = fs.lstatSync(path.join(dir, child));
      if (st.isDirectory()) {
        out.push(`${child}/`);
        walk(child);
      } else if (st.isSymbolicLink()) out.push(`${child} -> ${fs.readlinkSync(path.join(dir, child))}`);
      else out.push(`${child} ${st.size} ${createHash('sha256').update(fs.readFileSync(path.join(dir, child))).digest('hex')}`);
    }
  };
  walk('');
  return out;
}

/**
 * A vault with a life behind it: L3 days in a monthly file and an L2 hourly summary (written by
 * hand, as compression would have), L1 days written through the core, entities of several
 * kinds (one with a Chinese name), a persona backup, a git history of several commits, plus
 * what pack must leave out: lock and temp files, the search cache, an unregistered skill, a CI
 * workflow and a symbolic link.
 */
export async function realisticVault(): Promise<Vault> {
  const v = await tempVault('2026-01-05T09:00:00', { git: true });
  fs.mkdirSync(v.binDir); // what `init` copies from the running CLI
  fs.writeFileSync(path.join(v.binDir, 'coresoul.js'), '#!/usr/bin/env node\nconsole.log("coresoul");\n', { mode: 0o755 });
  fs.writeFileSync(
    monthFile(v, '2026-01'),
    '# 2026-01\n\n## 2026-01-12\n\n- 10:00 Set up [[PostgreSQL]] replication with [[Alice]]\n\n## 2026-01-14\n\n- 15:00 Fixed the login timeout in [[AuthService]]\n',
  );
  fs.writeFileSync(dayFile(v, '2026-03-02'), '# 2026-03-02\n\n## 09:00\n\n- Reviewed [[PostgreSQL]] indexes with [[Alice]]\n\n## 14:00\n\n- Decided to cache sessions in [[Redis]]\n');
  const entity = (kind: EntityKind, name: string, lines: string[]) =>
    fs.writeFileSync(entityFile(v, kind, name), `${entityHeader(kind, name, '2026-01-12')}${lines.map((l) => `${l}\n`).join('')}`);
  entity('objects', 'PostgreSQL', ['- [[2026-01-12]] 10:00:00 Set up [[PostgreSQL]] replication', '- [[2026-03-02]] 09:00:00 Reviewed [[PostgreSQL]] indexes']);
  entity('people', 'Alice', ['- [[2026-01-12]] 10:00:00 Set up [[PostgreSQL]] replication with [[Alice]]']);
  entity('objects', 'AuthService', ['- [[2026-01-14]] 15:00:00 Fixed the login timeout in [[AuthService]]']);
  entity('objects', 'Redis', ['- [[2026-03-02]] 14:00:00 Decided to cache sessions in [[Redis]]']);
  const map = readMemoryMap(v);
  writeMemoryMap(v, {
    ...map,
    lastCompressionDate: '2026-03-09',
    days: {
      '2026-01-12': { level: 'L3', file: 'chronological/2026-01.md' },
      '2026-01-14': { level: 'L3', file: 'chronological/2026-01.md' },
      '2026-03-02': { level: 'L2', file: 'chronological/2026-03-02.md' },
    },
  });
  await commitVault(v, 'compress: week of 2026-03-09');

  writeAt(v, '2026-03-09T09:15:00', { text: 'Chose [[PostgreSQL]] over MySQL for JSONB support', kind: 'decision' });
  await commitVault(v, 'memory: 2026-03-09');
  writeAt(v, '2026-03-10T11:00:00', { text: 'Paired with [[小明]] on the 搜索 feature', entities: [{ kind: 'people', name: 'Alice' }] });
  await commitVault(v, 'memory: 2026-03-10');
  writeAt(v, '2026-03-10T16:30:00', 'Fixed a flaky test in [[AuthService]]\nroot cause: clock skew between runners');
  fs.writeFileSync(path.join(v.soulDir, 'persona_backup_2026-03-10T16-45-00.md'), fs.readFileSync(v.persona));
  await commitVault(v, 'persona: backup before a change');

  // Left out of every archive:
  fs.writeFileSync(path.join(v.chronoDir, '.lock'), '1');
  fs.writeFileSync(path.join(v.soulDir, '.lock.4242'), '4242'); // a lock anchor
  fs.writeFileSync(path.join(v.chronoDir, '2026-03-10.md.4242.x1.tmp'), 'half a write');
  fs.mkdirSync(path.join(v.soulDir, 'cache'));
  fs.writeFileSync(path.join(v.soulDir, 'cache', 'index.json'), '{}');
  fs.mkdirSync(path.join(v.root, '.github/skills/Other_Skill'), { recursive: true });
  fs.writeFileSync(path.join(v.root, '.github/skills/Other_Skill/SKILL.md'), '---\nname: Other_Skill\n---\n');
  fs.mkdirSync(path.join(v.root, '.github/workflows'), { recursive: true });
  fs.writeFileSync(path.join(v.root, '.github/workflows/ci.yml'), 'on: push\n');
  fs.symlinkSync('../AGENTS.md', path.join(v.soulDir, 'agents-link.md'));
  return v;
}

/** Files (relative path → bytes) under a workspace, without the raw git folder. */
export function files(root: string, skip: (rel: string) => boolean = () => false): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (rel: string) => {
    for (const name of fs.readdirSync(path.join(root, rel))) {
      const child = rel ? `${rel}/${name}` : name;
      if (name === '.git' || skip(child)) continue;
      const st = fs.lstatSync(path.join(root, child));
      if (st.isDirectory()) walk(child);
      else out.set(child, fs.readFileSync(path.join(root, child)));
    }
  };
  walk('');
  return out;
}

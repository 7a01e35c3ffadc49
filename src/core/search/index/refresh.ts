/**
 * The search index: the vault cut into chunks of at most 64 lines that never cross a day, each
 * with a Bloom filter of its word keys (see words.ts). It only says where a query cannot
 * match — every hit is verified on the text itself — so a stale or missing entry can cost
 * time but never hide a match (it also tells how rare a query's words are: ../score.ts).
 * Entity notes contribute their hand-written lines only; their `- [[YYYY-MM-DD]]` tags repeat
 * the days' own lines and are followed, not searched.
 *
 * Persisted in `.CoreSoul/cache/search-index.bin` (git-ignored, left out of packs), brought up
 * to date on every search: unchanged files (same size and mtime) are kept, files that only
 * grew are indexed from their last chunk on, others are re-read; a damaged or foreign file is
 * rebuilt. Files left over when the time budget runs out are searched without the index.
 *
 * Why not a BM25 engine such as minisearch (on the design card, docs/architecture.md#dependencies): on the 100 MB benchmark
 * vault it took 125 s to build, 74 MB of JSON and 2.2 s to load in every CLI call. This index
 * builds in ~6 s, weighs ~13% of the vault and loads in ~30 ms.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Vault } from '../../vault/layout';
import { addFilters } from './bloom';
import { chunkLines } from './chunks';
import { type IndexedFile, indexFile, readIndex, writeIndex } from './format';
import { type VaultFile, dayLinks, entityHead, lineOffsets, listVaultFiles, maxBytes, shownPath, splitLines } from './files';
import { nodeCrypto } from '../../shared/nodeLazy';

export interface IndexView {
  files: VaultFile[];
  /** By `rel`: files whose chunks are up to date in the index. */
  indexed: Map<string, IndexedFile>;
  /** Files left for a later refresh when the time budget ran out. */
  pending: number;
  /** Whether the vault may hold Han characters: a file indexed as holding one, or one not indexed yet. */
  han: boolean;
  warnings: string[];
}

/**
 * The index a long-lived process (the extension host, `coresoul serve-search`) last loaded or
 * built, with the stamp of the file on disk it started from: while that file is unchanged, it
 * is not read again. `unsaved`: it holds work the file does not have yet.
 */
let kept: { file: string; stamp: string; indexed: Map<string, IndexedFile>; unsaved: boolean } | undefined;
const stampOf = (file: string) => {
  const st = fs.statSync(file, { throwIfNoEntry: false, bigint: true });
  return st ? `${st.size}:${st.mtimeNs}:${st.ino}` : 'none';
};
function keep(file: string, indexed: Map<string, IndexedFile>, unsaved: boolean): void {
  kept = { file, stamp: stampOf(file), indexed: new Map(indexed), unsaved };
}
const keptFor = (file: string) => (kept?.file === file && kept.stamp === stampOf(file) ? kept : undefined);

/** The last listing put in order, and that order: a long-lived process lists the same files (the same objects) search after search. */
let ordered: { files: VaultFile[]; order: VaultFile[] } | undefined;

/** Newest days first, then notes: what a budget-limited refresh indexes first is searched most. */
function newestFirst(files: VaultFile[]): VaultFile[] {
  if (ordered && ordered.files.length === files.length && ordered.files.every((f, i) => f === files[i])) return ordered.order;
  const order = [...files].sort((a, b) => (a.kind === 'entity' ? 1 : 0) - (b.kind === 'entity' ? 1 : 0) || (a.rel < b.rel ? 1 : -1));
  ordered = { files, order };
  return order;
}

/** A Han character: what a Chinese word is written in. */
const HAN = /\p{Script=Han}/u;

// ---- refresh --------------------------------------------------------------------------------

export interface RefreshOptions {
  /**
   * Stop indexing new or changed files after this many milliseconds (default: no limit); 0 or
   * less: only read the index, not even save it.
   */
  budgetMs?: number;
  /**
   * Write the index file when it changed (default: true). A long-lived process building the
   * index in slices saves once, at the end; until then it keeps its work in memory.
   */
  save?: boolean;
}

/**
 * Brings the index wholly up to date a slice of `sliceMs` at a time, yielding between slices so
 * that a long-lived process (the search server, an editor) keeps answering meanwhile; saves it
 * at the end. Resolves false, having saved nothing, when `signal` aborts first.
 */
export async function buildIndex(v: Vault, opts: { sliceMs?: number } = {}, signal?: AbortSignal): Promise<boolean> {
  while (!signal?.aborted && refreshIndex(v, { budgetMs: opts.sliceMs ?? 250, save: false }).pending) await new Promise((resolve) => setImmediate(resolve));
  if (signal?.aborted) return false;
  refreshIndex(v); // saves what the slices built
  return true;
}

/** Loads the index, brings it up to date with the vault (within the budget) and saves it. */
export function refreshIndex(v: Vault, opts: RefreshOptions = {}): IndexView {
  const t0 = Date.now();
  const readOnly = opts.budgetMs !== undefined && opts.budgetMs <= 0;
  const warnings: string[] = [];
  const where = indexFile(v);
  let indexed: Map<string, IndexedFile>;
  let changed = keptFor(where)?.unsaved ?? false;
  let pending = 0;
  try {
    const mine = keptFor(where);
    indexed = mine ? new Map(mine.indexed) : (readIndex(where) ?? new Map());
  } catch (err) {
    warnings.push(`warning: search index ${path.relative(v.root, where)} was damaged (${(err as Error).message}); rebuilding it`);
    indexed = new Map();
    changed = true;
  }
  const files = listVaultFiles(v);
  const present = new Set(files.map((f) => f.rel));
  for (const rel of indexed.keys()) {
    if (!present.has(rel)) {
      indexed.delete(rel);
      changed = true;
    }
  }
  const searchable: VaultFile[] = [];
  const current = new Set<string>(); // files whose entry matches them now
  const order = newestFirst(files);
  for (const f of order) {
    const shown = shownPath(f);
    if (f.size > maxBytes(f.kind)) {
      warnings.push(`warning: skipped ${shown}: larger than ${maxBytes(f.kind) / 1024 / 1024} MiB`);
      if (indexed.delete(f.rel)) changed = true;
      continue;
    }
    const old = indexed.get(f.rel);
    if (old && old.size === f.size && old.mtimeMs === f.mtimeMs) {
      if (old.binary) warnings.push(`warning: skipped ${shown}: not a text file`);
      else {
        searchable.push(f);
        current.add(f.rel);
      }
      continue;
    }
    if (readOnly || (opts.budgetMs !== undefined && Date.now() - t0 > opts.budgetMs)) {
      searchable.push(f); // searched without the index this time; its old entry stays for next time
      pending++;
      continue;
    }
    let buf: Buffer;
    try {
      buf = fs.readFileSync(f.abs);
    } catch {
      warnings.push(`warning: skipped ${shown}: cannot be read`);
      continue;
    }
    changed = true;
    const sha1 = nodeCrypto().createHash('sha1').update(buf).digest('hex');
    if (buf.includes(0)) {
      warnings.push(`warning: skipped ${shown}: not a text file`);
      indexed.set(f.rel, { rel: f.rel, size: f.size, mtimeMs: f.mtimeMs, sha1, tail: 0, aliases: [], han: false, tags: () => [], binary: true, chunks: [] });
      continue;
    }
    const text = buf.toString('utf8');
    const lines = splitLines(text);
    const grewOnly = old && !old.binary && f.size > old.size && nodeCrypto().createHash('sha1').update(buf.subarray(0, old.size)).digest('hex') === old.sha1;
    const from = grewOnly ? old.tail : 0;
    const cut = chunkLines(f, lines, from, lineOffsets(buf));
    addFilters(f.kind, lines, cut.chunks);
    // Kept chunks' sections may have grown with the append.
    const kept = grewOnly ? old.chunks.filter((c) => c.start < from).map((c) => ({ ...c, sectionEnd: cut.ends.get(c.sectionStart) ?? c.sectionEnd })) : [];
    const chunks = [...kept, ...cut.chunks];
    const aliases = f.kind === 'entity' ? entityHead(lines).aliases : [];
    const tags = f.kind !== 'entity' ? [] : grewOnly ? [...new Set([...old.tags(), ...dayLinks(lines, from)])] : dayLinks(lines);
    indexed.set(f.rel, { rel: f.rel, size: buf.length, mtimeMs: f.mtimeMs, sha1, tail: cut.tail, aliases, han: HAN.test(text), tags: () => tags, chunks });
    searchable.push(f);
    current.add(f.rel);
  }
  const unsaved = changed && (opts.save === false || readOnly); // a failed save is not tried again until something changes
  if (changed && !unsaved) {
    try {
      writeIndex(where, indexed);
    } catch (err) {
      warnings.push(`warning: could not save the search index: ${(err as Error).message}`);
    }
  }
  keep(where, indexed, unsaved);
  for (const rel of indexed.keys()) if (!current.has(rel)) indexed.delete(rel);
  const han = searchable.some((f) => indexed.get(f.rel)?.han ?? true);
  return { files: searchable, indexed, pending, han, warnings };
}

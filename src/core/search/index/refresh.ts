/**
 * The search index: the vault cut into chunks of at most 64 lines that never cross a day, each
 * with a Bloom filter of its word keys (see words.ts). It only says where a query cannot
 * match — every hit is verified on the text itself — so a stale or missing entry can cost
 * time but never hide a match (it also tells how rare a query's words are: searchScore.ts).
 * Entity notes contribute their hand-written lines only; their `- [[YYYY-MM-DD]]` tags repeat
 * the days' own lines and are followed, not searched.
 *
 * Persisted in `.CoreSoul/cache/search-index.bin` (git-ignored, left out of packs), brought up
 * to date on every search: unchanged files (same size and mtime) are kept, files that only
 * grew are indexed from their last chunk on, others are re-read; a damaged or foreign file is
 * rebuilt. Files left over when the time budget runs out are searched without the index.
 *
 * Why not a BM25 engine such as minisearch (DESIGN's first choice): on the 100 MB benchmark
 * vault it took 125 s to build, 74 MB of JSON and 2.2 s to load in every CLI call. This index
 * builds in ~6 s, weighs ~13% of the vault and loads in ~30 ms.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { daySections } from '../../vault/days';
import { entityFrontMatter } from '../../vault/entityFrontMatter';
import { atomicWrite } from '../../shared/fs';
import { ENTITY_KINDS, type EntityKind, type Vault } from '../../vault/layout';
import { type KeyEmit, hashKey, indexKeys } from '../words';

export const CHUNK_LINES = 64;
/**
 * Larger files are skipped with a warning: a day is text written a line at a time. An entity
 * note gains a line per mention for ever, so it may grow four times larger.
 */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
const maxBytes = (kind: FileKind) => (kind === 'entity' ? 4 : 1) * MAX_FILE_BYTES;
const MAGIC = 'CSIX0003'; // 0003: aliases read by entityFrontMatter
const BITS_PER_KEY = 12;
const HASHES = 7;

export type FileKind = 'day' | 'month' | 'entity' | 'other';

/** A memory file as the index knows it; `rel` is relative to the memory folder. */
export interface VaultFile {
  rel: string;
  abs: string;
  kind: FileKind;
  /** For entity notes. */
  entity?: { kind: EntityKind; name: string };
  size: number;
  mtimeMs: number;
}

export interface Chunk {
  /** 0-based line range of the chunk, and of the day section (or note body) that holds it. */
  start: number;
  end: number;
  sectionStart: number;
  sectionEnd: number;
  /** `YYYY-MM-DD`, or '' for entity notes. */
  day: string;
  /** Byte range of the chunk's lines in the file, so a search reads only the chunks it checks. */
  byteStart: number;
  byteEnd: number;
  /** Absent for files searched without the index: then any query may match. */
  filter?: Filter;
}

/** A Bloom filter: `len` words at `off` in `words` (one array holds every filter of a loaded index). */
export interface Filter {
  words: Uint32Array;
  off: number;
  len: number;
}

export interface IndexedFile {
  rel: string;
  size: number;
  mtimeMs: number;
  sha1: string;
  /** First line of the last chunk: lines before it are final if the file only grows. */
  tail: number;
  aliases: string[];
  /** An entity note's `[[YYYY-MM-DD]]` links (decoded on demand: thousands of notes, one asked for). */
  tags: () => string[];
  /** The file was binary when indexed: skipped until it changes. */
  binary?: boolean;
  chunks: Chunk[];
}

export interface IndexView {
  files: VaultFile[];
  /** By `rel`: files whose chunks are up to date in the index. */
  indexed: Map<string, IndexedFile>;
  /** Files left for a later refresh when the time budget ran out. */
  pending: number;
  warnings: string[];
}

const DAY_FILE = /^chronological\/(\d{4}-\d{2}-\d{2})\.md$/;
const MONTH_FILE = /^chronological\/\d{4}-\d{2}\.md$/;
const TAG_LINE = /^- \[\[\d{4}-\d{2}-\d{2}(?:[#|][^\]]*)?\]\]/;

export const indexFile = (v: Vault) => path.join(v.soulDir, 'cache', 'search-index.bin');

/** Every memory file: chronological/*.md and entities/<kind>/*.md, with size and mtime. */
export function listVaultFiles(v: Vault): VaultFile[] {
  const out: VaultFile[] = [];
  const scan = (dir: string, relDir: string, make: (name: string) => Pick<VaultFile, 'kind' | 'entity'>) => {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      if (!name.endsWith('.md')) continue;
      const abs = `${dir}${path.sep}${name}`; // not path.join: thousands of names, already normal
      const st = fs.statSync(abs, { throwIfNoEntry: false });
      if (!st?.isFile()) continue;
      const rel = `${relDir}/${name}`;
      out.push({ rel, abs, size: st.size, mtimeMs: st.mtimeMs, ...make(name) });
    }
  };
  scan(v.chronoDir, 'chronological', (name) => ({ kind: DAY_FILE.test(`chronological/${name}`) ? 'day' : MONTH_FILE.test(`chronological/${name}`) ? 'month' : 'other' }));
  for (const kind of ENTITY_KINDS) scan(path.join(v.entitiesDir, kind), `entities/${kind}`, (name) => ({ kind: 'entity', entity: { kind, name: name.slice(0, -3) } }));
  return out;
}

export const splitLines = (text: string) => text.split(/\r?\n/);

/** Byte offset of the start of every line, plus the file's length at the end. */
export function lineOffsets(buf: Buffer): number[] {
  const out = [0];
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) out.push(i + 1);
  out.push(buf.length);
  return out;
}

// What follows a `[[` of a day link (matched where the `[[` ends: a note holds one per line, thousands of lines).
const DAY_LINK_REST = /(\d{4}-\d{2}-\d{2})(?:[#|][^\]\n]*)?\]\]/y;

/** The days a text links to with `[[YYYY-MM-DD]]`, in first-seen order. */
export function dayLinks(lines: string[], from = 0): string[] {
  const days = new Set<string>();
  for (let i = from; i < lines.length; i++) {
    const line = lines[i];
    for (let at = line.indexOf('[['); at !== -1; ) {
      DAY_LINK_REST.lastIndex = at + 2;
      const m = DAY_LINK_REST.exec(line);
      if (m) days.add(m[1]);
      at = line.indexOf('[[', m ? DAY_LINK_REST.lastIndex : at + 1);
    }
  }
  return [...days];
}

/** Whether a line of a file is searched: entity notes' front matter, title and date tags are not. */
export function searchableLine(kind: FileKind, line: string): boolean {
  return kind !== 'entity' || !TAG_LINE.test(line);
}

/** Where an entity note's body starts (after front matter and `# Name`), and its aliases. */
export function entityHead(lines: string[]): { bodyStart: number; aliases: string[] } {
  // Only the head goes to the front matter reader: a note may hold thousands of tag lines.
  const close = /^\uFEFF?---\s*$/.test(lines[0] ?? '') ? lines.findIndex((l, j) => j > 0 && /^---[ \t]*$/.test(l)) : -1;
  const fm = close === -1 ? undefined : entityFrontMatter(lines.slice(0, close + 1).join('\n'));
  let i = fm?.lines ?? 0;
  while (i < lines.length && !lines[i].trim()) i++;
  if (/^# /.test(lines[i] ?? '')) i++;
  return { bodyStart: i, aliases: fm?.data.aliases ?? [] };
}

/** The day sections of a file: a daily file is one, a monthly file has one per `## YYYY-MM-DD`. */
function sections(file: Pick<VaultFile, 'rel' | 'kind'>, lines: string[]): { day: string; start: number; end: number }[] {
  if (file.kind === 'month') return daySections(lines);
  if (file.kind === 'entity') return [{ day: '', start: entityHead(lines).bodyStart, end: lines.length }];
  return [{ day: DAY_FILE.exec(file.rel)?.[1] ?? '', start: 0, end: lines.length }];
}

/**
 * Cuts a file's lines into chunks (without filters) from line `from` on. Chunks start every
 * 64 lines from their section's start, so cutting again from an old chunk start after an
 * append gives the same chunks. `offsets` (from `lineOffsets`) adds byte ranges.
 */
export function chunkLines(file: Pick<VaultFile, 'rel' | 'kind'>, lines: string[], from = 0, offsets?: number[]): { chunks: Chunk[]; tail: number; ends: Map<number, number> } {
  const chunks: Chunk[] = [];
  let tail = 0;
  const all = sections(file, lines);
  for (const s of all) {
    if (s.end <= s.start) continue;
    tail = s.start + Math.floor((s.end - 1 - s.start) / CHUNK_LINES) * CHUNK_LINES;
    if (s.end <= from) continue;
    const first = from > s.start ? s.start + Math.floor((from - s.start) / CHUNK_LINES) * CHUNK_LINES : s.start;
    for (let start = first; start < s.end; start += CHUNK_LINES) {
      const end = Math.min(s.end, start + CHUNK_LINES);
      if (file.kind === 'entity' && !lines.slice(start, end).some((l) => l.trim() && searchableLine('entity', l))) continue;
      const byteStart = offsets ? offsets[start] : 0;
      const byteEnd = offsets ? Math.min(offsets[end], offsets[offsets.length - 1]) : 0;
      chunks.push({ start, end, sectionStart: s.start, sectionEnd: s.end, day: s.day, byteStart, byteEnd });
    }
  }
  return { chunks, tail, ends: new Map(all.map((s) => [s.start, s.end])) };
}

// ---- Bloom filters --------------------------------------------------------------------------

/**
 * The distinct keys of a chunk, as their hash pairs (words.ts `hashKey`), in an open-addressing
 * table: no string or object per key. A pair's second hash is odd, so 0 marks a free slot.
 */
class KeySet {
  private table = new Uint32Array(2048);
  /** Where the pairs are in `table`: clearing and reading them costs what the chunk holds. */
  private filled: number[] = [];
  private readonly pair = new Uint32Array(2);

  readonly add: KeyEmit = (tag, s, from, to) => {
    hashKey(tag, s, from, to, this.pair);
    if ((this.filled.length + 1) * 4 > this.table.length) this.grow();
    this.insert(this.pair[0], this.pair[1]);
  };

  clear(): void {
    for (const at of this.filled) this.table[at + 1] = 0;
    this.filled = [];
  }

  /** A Bloom filter of the keys: BITS_PER_KEY bits each, HASHES probes. */
  filter(): Filter {
    const words = Math.max(2, Math.ceil((this.filled.length * BITS_PER_KEY) / 32));
    const bloom = new Uint32Array(words);
    const bits = words * 32;
    for (const at of this.filled) {
      // Probe i is bit (h1 + i·h2) mod bits, stepped in integers (a float % per probe costs more).
      const step = this.table[at + 1] % bits;
      for (let i = 0, b = this.table[at] % bits; i < HASHES; i++, b = b + step < bits ? b + step : b + step - bits) bloom[b >>> 5] |= 1 << (b & 31);
    }
    return { words: bloom, off: 0, len: words };
  }

  private insert(h1: number, h2: number): void {
    const mask = this.table.length / 2 - 1;
    for (let slot = h1 & mask; ; slot = (slot + 1) & mask) {
      const at = slot * 2;
      if (!this.table[at + 1]) {
        this.table[at] = h1;
        this.table[at + 1] = h2;
        this.filled.push(at);
        return;
      }
      if (this.table[at] === h1 && this.table[at + 1] === h2) return;
    }
  }

  /** Twice the room, so the table stays at most half full. */
  private grow(): void {
    const pairs = this.filled.map((at) => [this.table[at], this.table[at + 1]]);
    this.table = new Uint32Array(this.table.length * 2);
    this.filled = [];
    for (const [h1, h2] of pairs) this.insert(h1, h2);
  }
}

/** False when the chunk certainly lacks the key; a chunk without a filter may hold anything. */
export function mayHave(chunk: Chunk, hashes: [number, number]): boolean {
  const f = chunk.filter;
  if (!f) return true;
  const bits = f.len * 32;
  const step = hashes[1] % bits;
  for (let i = 0, b = hashes[0] % bits; i < HASHES; i++, b = b + step < bits ? b + step : b + step - bits) {
    if (!(f.words[f.off + (b >>> 5)] & (1 << (b & 31)))) return false;
  }
  return true;
}

function addFilters(file: VaultFile, lines: string[], chunks: Chunk[]): void {
  const keys = new KeySet();
  for (const c of chunks) {
    keys.clear();
    for (let i = c.start; i < c.end; i++) if (searchableLine(file.kind, lines[i])) indexKeys(lines[i].toLowerCase(), keys.add);
    c.filter = keys.filter();
  }
}

// ---- persistence ----------------------------------------------------------------------------

interface Header {
  files: (Omit<IndexedFile, 'chunks' | 'tags'> & { chunks: number; tags: number })[];
  days: string[];
}

const INTS_PER_CHUNK = 9;

function save(file: string, indexed: Map<string, IndexedFile>): void {
  const days: string[] = [];
  const dayIds = new Map<string, number>();
  const dayId = (d: string) => {
    if (!dayIds.has(d)) dayIds.set(d, days.push(d) - 1);
    return dayIds.get(d)!;
  };
  const entries = [...indexed.values()];
  const chunks = entries.flatMap((f) => f.chunks);
  const table = new Int32Array(chunks.length * INTS_PER_CHUNK);
  let bloomWords = 0;
  chunks.forEach((c, i) => {
    table.set([c.start, c.end, c.sectionStart, c.sectionEnd, dayId(c.day), c.byteStart, c.byteEnd, bloomWords, c.filter!.len], i * INTS_PER_CHUNK);
    bloomWords += c.filter!.len;
  });
  const tagLists = entries.map((f) => f.tags());
  const tags = Int32Array.from(tagLists.flat().map(dayId));
  const blooms = new Uint32Array(bloomWords);
  let at = 0;
  for (const c of chunks) {
    const f = c.filter!;
    blooms.set(f.words.subarray(f.off, f.off + f.len), at);
    at += f.len;
  }
  const header: Header = { files: entries.map((f, i) => ({ ...f, chunks: f.chunks.length, tags: tagLists[i].length })), days };
  let json = Buffer.from(JSON.stringify(header));
  json = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const head = Buffer.alloc(16);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(json.length, 8);
  head.writeUInt32LE(tags.length, 12);
  atomicWrite(file, Buffer.concat([head, json, Buffer.from(table.buffer), Buffer.from(tags.buffer), Buffer.from(blooms.buffer)]));
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

/** The saved index, or undefined when there is none; throws when it is damaged. */
function load(file: string): Map<string, IndexedFile> | undefined {
  const mine = keptFor(file);
  if (mine) return new Map(mine.indexed);
  let buf: Buffer;
  try {
    buf = readAligned(file);
  } catch {
    return undefined;
  }
  if (buf.length < 16 || buf.toString('latin1', 0, 8) !== MAGIC) throw new Error('not a Core Soul search index');
  const jsonLen = buf.readUInt32LE(8);
  const tagCount = buf.readUInt32LE(12);
  const header = JSON.parse(buf.toString('utf8', 16, 16 + jsonLen)) as Header;
  const count = header.files.reduce((n, f) => n + f.chunks, 0);
  const at = 16 + jsonLen;
  const tableBytes = count * INTS_PER_CHUNK * 4;
  if (at % 4 || buf.length < at + tableBytes + tagCount * 4 || buf.length % 4) throw new Error('truncated');
  const table = new Int32Array(buf.buffer, at, count * INTS_PER_CHUNK);
  const tags = new Int32Array(buf.buffer, at + tableBytes, tagCount);
  const blooms = new Uint32Array(buf.buffer, at + tableBytes + tagCount * 4);
  const day = (id: number) => {
    const d = header.days[id];
    if (d === undefined) throw new Error('truncated');
    return d;
  };
  const indexed = new Map<string, IndexedFile>();
  let i = 0;
  let t = 0;
  for (const f of header.files) {
    const chunks: Chunk[] = [];
    for (let n = 0; n < f.chunks; n++, i++) {
      const k = i * INTS_PER_CHUNK;
      const off = table[k + 7];
      const len = table[k + 8];
      if (off + len > blooms.length) throw new Error('truncated');
      const filter = { words: blooms, off, len };
      chunks.push({ start: table[k], end: table[k + 1], sectionStart: table[k + 2], sectionEnd: table[k + 3], day: day(table[k + 4]), byteStart: table[k + 5], byteEnd: table[k + 6], filter });
    }
    const from = t;
    const to = (t += f.tags);
    indexed.set(f.rel, { ...f, chunks, tags: () => Array.from(tags.subarray(from, to), day) });
  }
  if (i !== count || t !== tagCount) throw new Error('truncated');
  return indexed;
}

/** A whole file in memory of its own, so typed arrays can view it at 4-byte offsets. */
function readAligned(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.from(new ArrayBuffer(fs.fstatSync(fd).size));
    for (let off = 0; off < buf.length; ) {
      const n = fs.readSync(fd, buf, off, buf.length - off, off);
      if (!n) throw new Error('truncated');
      off += n;
    }
    return buf;
  } finally {
    fs.closeSync(fd);
  }
}

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
 * at the end. Resolves false, having saved nothing, when `stop()` says to stop first.
 */
export async function buildIndex(v: Vault, opts: { sliceMs?: number; stop?: () => boolean } = {}): Promise<boolean> {
  const stop = opts.stop ?? (() => false);
  while (!stop() && refreshIndex(v, { budgetMs: opts.sliceMs ?? 250, save: false }).pending) await new Promise((resolve) => setImmediate(resolve));
  if (stop()) return false;
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
    indexed = load(where) ?? new Map();
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
  // Newest days first, then notes: what a budget-limited refresh indexes first is searched most.
  const order = [...files].sort((a, b) => (a.kind === 'entity' ? 1 : 0) - (b.kind === 'entity' ? 1 : 0) || (a.rel < b.rel ? 1 : -1));
  for (const f of order) {
    const shown = `.CoreSoul/memory/${f.rel}`;
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
    const sha1 = createHash('sha1').update(buf).digest('hex');
    if (buf.includes(0)) {
      warnings.push(`warning: skipped ${shown}: not a text file`);
      indexed.set(f.rel, { rel: f.rel, size: f.size, mtimeMs: f.mtimeMs, sha1, tail: 0, aliases: [], tags: () => [], binary: true, chunks: [] });
      continue;
    }
    const lines = splitLines(buf.toString('utf8'));
    const grewOnly = old && !old.binary && f.size > old.size && createHash('sha1').update(buf.subarray(0, old.size)).digest('hex') === old.sha1;
    const from = grewOnly ? old.tail : 0;
    const cut = chunkLines(f, lines, from, lineOffsets(buf));
    addFilters(f, lines, cut.chunks);
    // Kept chunks' sections may have grown with the append.
    const kept = grewOnly ? old.chunks.filter((c) => c.start < from).map((c) => ({ ...c, sectionEnd: cut.ends.get(c.sectionStart) ?? c.sectionEnd })) : [];
    const chunks = [...kept, ...cut.chunks];
    const aliases = f.kind === 'entity' ? entityHead(lines).aliases : [];
    const tags = f.kind !== 'entity' ? [] : grewOnly ? [...new Set([...old.tags(), ...dayLinks(lines, from)])] : dayLinks(lines);
    indexed.set(f.rel, { rel: f.rel, size: buf.length, mtimeMs: f.mtimeMs, sha1, tail: cut.tail, aliases, tags: () => tags, chunks });
    searchable.push(f);
    current.add(f.rel);
  }
  const unsaved = changed && (opts.save === false || readOnly); // a failed save is not tried again until something changes
  if (changed && !unsaved) {
    try {
      save(where, indexed);
    } catch (err) {
      warnings.push(`warning: could not save the search index: ${(err as Error).message}`);
    }
  }
  keep(where, indexed, unsaved);
  for (const rel of indexed.keys()) if (!current.has(rel)) indexed.delete(rel);
  return { files: searchable, indexed, pending, warnings };
}

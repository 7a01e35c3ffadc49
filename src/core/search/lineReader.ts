/**
 * The lines one search reads: indexed files a chunk at a time (by byte range), others whole,
 * each file opened once per search; either way only the lines a search looks at are decoded (an
 * entity note not indexed yet is decoded whole). A file that turns out to be binary or
 * unreadable is skipped with a warning, never an error.
 *
 * The bytes read are kept by the file's stamp (size, mtime, ctime, inode: any write changes it)
 * in a cache bounded by bytes: a search reads each chunk once, whether to check it or to show
 * its lines, and a long-lived search server (keepChunkBytes) serves the next searches from it.
 * A file whose stamp differs from the listing's is never served from the cache, so what a
 * search finds is what the files hold: the same answer with the cache or without it.
 */
import * as fs from 'node:fs';
import { type Chunk, chunkBytes, chunkLines } from './index/chunks';
import { type VaultFile, dayLinks, entityHead, fileStamp, lineOffsets, shownPath, splitLines } from './index/files';
import type { IndexView } from './index/refresh';
import { type Needle, foldsToAscii, needleStarts } from './words';

/** Chunks read together when at most this many bytes lie between them (one read instead of two). */
const READ_GAP = 4096;
/** What one search keeps of the bytes it read, without a search server's cache. */
export const SEARCH_CACHE_BYTES = 32 * 1024 * 1024;
/** Key of a whole file among its chunks. */
const WHOLE = -1;

/**
 * Bytes of files by stamp: per file, its chunks by first byte (WHOLE for the whole file), the
 * files least recently used dropped first when they hold more than `maxBytes` together.
 */
export class ChunkCache {
  private readonly files = new Map<string, { stamp: string; chunks: Map<number, Buffer>; bytes: number }>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  /** The bytes kept of a file as listed (none when its stamp changed), now the most recently used. */
  of(f: VaultFile): ReadonlyMap<number, Buffer> {
    const entry = this.files.get(f.abs);
    if (!entry) return NO_CHUNKS;
    this.files.delete(f.abs);
    if (entry.stamp !== f.stamp) {
      this.total -= entry.bytes;
      return NO_CHUNKS;
    }
    this.files.set(f.abs, entry);
    return entry.chunks;
  }

  /** Keeps `buf` as the bytes from `at` of the file as listed; `cost`: the bytes it holds in memory. */
  add(f: VaultFile, at: number, buf: Buffer, cost = buf.length): void {
    let entry = this.files.get(f.abs);
    if (entry?.stamp !== f.stamp) {
      if (entry) this.total -= entry.bytes;
      this.files.delete(f.abs);
      this.files.set(f.abs, (entry = { stamp: f.stamp, chunks: new Map(), bytes: 0 }));
    }
    if (entry.chunks.has(at)) return;
    entry.chunks.set(at, buf);
    entry.bytes += cost;
    this.total += cost;
    for (const [abs, old] of this.files) {
      if (this.total <= this.maxBytes) break;
      this.files.delete(abs);
      this.total -= old.bytes;
    }
  }

  /** The bytes held. */
  get size(): number {
    return this.total;
  }
}

const NO_CHUNKS: ReadonlyMap<number, Buffer> = new Map();

/**
 * What searches worked out from files' lines (LineReader.derived), by file and stamp: a file
 * written since has none. At most `maxFacts` are kept; past that, the store starts afresh.
 */
export class FactStore {
  /** Per file, per kind of fact and name (a word, an entity), the facts by place (a chunk's first byte, a day). */
  private readonly files = new Map<string, { stamp: string; facts: Map<string, Map<string, Map<number | string, unknown>>> }>();
  private count = 0;

  constructor(readonly maxFacts: number) {}

  get(f: VaultFile, kind: string, name: string, at: number | string): unknown {
    const entry = this.files.get(f.abs);
    return entry?.stamp === f.stamp ? entry.facts.get(kind)?.get(name)?.get(at) : undefined;
  }

  set(f: VaultFile, kind: string, name: string, at: number | string, value: unknown): void {
    if (this.count >= this.maxFacts) {
      this.files.clear();
      this.count = 0;
    }
    let entry = this.files.get(f.abs);
    if (entry?.stamp !== f.stamp) {
      if (entry) for (const byName of entry.facts.values()) for (const byPlace of byName.values()) this.count -= byPlace.size;
      this.files.set(f.abs, (entry = { stamp: f.stamp, facts: new Map() }));
    }
    let byName = entry.facts.get(kind);
    if (!byName) entry.facts.set(kind, (byName = new Map()));
    let byPlace = byName.get(name);
    if (!byPlace) byName.set(name, (byPlace = new Map()));
    if (!byPlace.has(at)) this.count++;
    byPlace.set(at, value);
  }
}

/** The facts a process keeps across its searches (past that, its store starts afresh). */
const KEPT_FACTS = 1 << 18;

/** The bytes a long-lived process keeps, when it keeps them (keepChunkBytes). */
let kept: ChunkCache | undefined;
/**
 * What searches worked out from files' text, kept across the searches of this process (by file
 * stamp, so a file written since has none): a search in the extension, which keeps its index
 * loaded, does not work out again what the last one did. Small: line numbers and the few lines
 * that say they replace something, no file bytes.
 */
let keptFacts = new FactStore(KEPT_FACTS);

/**
 * Keeps the bytes searches read across searches, up to `maxBytes` (0: each search keeps its own,
 * the default), and starts the facts afresh; for a long-lived process that answers many
 * searches over one vault.
 */
export function keepChunkBytes(maxBytes: number): void {
  kept = maxBytes > 0 ? new ChunkCache(maxBytes) : undefined;
  keptFacts = new FactStore(KEPT_FACTS);
}

/**
 * Whether an entity note's bytes hold a body line that is not a date tag: after the note's head
 * (front matter, title), a line that `/^(?!- \[\[\d{4}-\d{2}-\d{2}(?:[#|][^\]\n]*)?\]\])[^\S\n]*\S/m`
 * matches in the bytes read as Latin-1 (a byte a character), found without decoding them: a note
 * of thousands of tag lines is looked at line by line.
 */
export function noteHasLines(raw: Buffer): boolean {
  // The head is read from the first 64 lines (entityHead).
  let end = 0;
  for (let n = 0; n < 64 && end < raw.length; n++) {
    const nl = raw.indexOf(10, end);
    end = nl === -1 ? raw.length : nl + 1;
  }
  const lines = raw.toString('latin1', 0, end).split('\n', 64);
  const { bodyStart } = entityHead(lines.map((l) => l.replace(/\r$/, '')));
  let at = 0;
  if (bodyStart < lines.length) for (let i = 0; i < bodyStart; i++) at += lines[i].length + 1; // else a very long head: all of it
  return bodyLineFrom(raw, at);
}

/**
 * That pattern's test over the bytes from `at`: a line starts there and after every \n or \r (as `^`
 * does with the m flag); it matches when it is no date tag and a character other than white
 * space comes before the next \n.
 */
function bodyLineFrom(buf: Buffer, at: number): boolean {
  let cr = buf.indexOf(13, at);
  for (let p = at; ; ) {
    if (!tagAt(buf, p)) {
      let q = p;
      while (q < buf.length && isBlank(buf[q])) q++;
      if (q < buf.length && buf[q] !== 10) return true;
    }
    if (cr !== -1 && cr < p) cr = buf.indexOf(13, p);
    const nl = buf.indexOf(10, p);
    const next = nl === -1 ? cr : cr === -1 ? nl : Math.min(nl, cr);
    if (next === -1) return false;
    p = next + 1;
  }
}

/** White space as `\s` reads a Latin-1 character, but the line end (\n). */
const isBlank = (c: number) => c === 32 || c === 9 || c === 13 || c === 11 || c === 12 || c === 0xa0;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Whether a date tag (`- [[YYYY-MM-DD]]`, `- [[YYYY-MM-DD#…]]`, `- [[YYYY-MM-DD|…]]`: the pattern's) starts at byte `p`. */
function tagAt(b: Buffer, p: number): boolean {
  if (b[p] !== 45 || b[p + 1] !== 32 || b[p + 2] !== 91 || b[p + 3] !== 91) return false; // "- [["
  const d = p + 4;
  for (const k of [0, 1, 2, 3, 5, 6, 8, 9]) if (!isDigit(b[d + k])) return false;
  if (b[d + 4] !== 45 || b[d + 7] !== 45) return false;
  let q = d + 10;
  if (b[q] === 35 || b[q] === 124) for (q++; q < b.length && b[q] !== 93 && b[q] !== 10; ) q++; // "#…" or "|…" up to "]"
  return b[q] === 93 && b[q + 1] === 93;
}

/** A whole file read into the buffer `room(status)` gives; the bytes read, as a view of it. */
function readInto(file: string, room: (st: fs.Stats) => Buffer): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const st = fs.fstatSync(fd);
    const size = st.size;
    const buf = room(st);
    let n = 0;
    for (let got = -1; got && n < size; n += got) got = fs.readSync(fd, buf, n, size - n, n);
    return buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** Where an entity note's head is read (each read is turned into a string at once): a search may look at thousands. */
const HEAD = Buffer.allocUnsafe(4096);

const NOTHING = Buffer.alloc(0);
const CANNOT_TELL: readonly number[] = [];
const NO_LINES: readonly number[] = [];

/** Where each of the first `count` lines of a chunk's bytes starts (a chunk holds whole lines). */
function lineStarts(buf: Buffer, count: number): number[] {
  const out = [0];
  for (let p = buf.indexOf(10); p !== -1 && out.length < count; p = buf.indexOf(10, p + 1)) out.push(p + 1);
  return out;
}

/** The line (of `starts`) that holds byte `p`. */
function lineAt(starts: number[], p: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The first index of the ascending `xs` whose value is at least `v` (xs.length if none). */
function firstAtOrAfter(xs: readonly number[], v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Line `k` of a chunk's bytes, as splitLines cuts the decoded text (a line break is \n or \r\n). */
function lineText(buf: Buffer, starts: number[], k: number): string {
  if (k >= starts.length) return '';
  const from = starts[k];
  let to = k + 1 < starts.length ? starts[k + 1] - 1 : buf.indexOf(10, from);
  if (to === -1) to = buf.length;
  else if (to > from && buf[to - 1] === 13) to--;
  return buf.toString('utf8', from, to);
}

/**
 * Reads lines for one search; `close` releases its file descriptors.
 */
export class LineReader {
  /** Per file, its lines decoded so far; `read`: the chunks (by first line) decoded whole. */
  private readonly files = new Map<string, { lines: (string | undefined)[]; whole: boolean; read?: Set<number> }>();
  private readonly cut = new Map<string, Chunk[]>(); // chunks of files not indexed
  private readonly days = new Map<string, Map<string, Chunk[]>>();
  private readonly raws = new Map<string, Buffer>();
  private scratch = Buffer.alloc(0);
  private readonly fds = new Map<string, number>();
  /** Files no longer as the listing saw them. */
  private readonly changed = new Set<string>();
  private readonly cache: ChunkCache;
  private readonly facts: FactStore;
  /** What this search worked out of files it reads whole (not indexed, or written under it). */
  private readonly ownFacts = new FactStore(KEPT_FACTS);
  /** The day tags of entity notes, per note. */
  private readonly tagsOf = new Map<string, string[]>();
  /** Where each line starts in a file this search read whole and cut into chunks itself (lineOffsets of its `raw`). */
  private readonly offsetsOf = new Map<string, number[]>();
  /** In such a file, per needle's text, where it starts in any letter case (`needleStarts` over the whole file; undefined: the bytes cannot tell). */
  private readonly startsIn = new Map<string, Map<string, number[] | undefined>>();
  /** Such files that hold a letter of FOLDS_TO_ASCII somewhere (`foldsToAscii` of the whole file). */
  private readonly foldsIn = new Map<string, boolean>();
  readonly byRel: Map<string, VaultFile>;
  readonly warnings: string[] = [];

  constructor(readonly view: IndexView) {
    this.byRel = new Map(view.files.map((f) => [f.rel, f]));
    this.cache = kept ?? new ChunkCache(SEARCH_CACHE_BYTES);
    this.facts = keptFacts;
  }

  /**
   * What `work` makes of an indexed file's lines (read through this reader), `kind`, `name` and
   * `at` naming what and where (a word's lines in the chunk at a byte): kept by the file's stamp, so a long-lived process works it out once while the
   * file is unchanged. `work` must depend on the file's text alone. What came from bytes other
   * than the listing's (a file written under the search) is not kept.
   */
  derived<T>(f: VaultFile, kind: string, name: string, at: number | string, work: () => T): T {
    const kept = this.view.indexed.has(f.rel) && !this.changed.has(f.rel);
    const facts = kept ? this.facts : this.ownFacts;
    const known = facts.get(f, kind, name, at);
    if (known !== undefined) return known as T;
    const value = work();
    // Not indexed (or changed since the listing): kept for this search only, which reads the file once.
    facts.set(f, kind, name, at, value);
    return value;
  }

  /** A whole file, read once; empty (with a warning) when it cannot be read or is not text. */
  raw(f: VaultFile): Buffer {
    let buf = this.raws.get(f.rel);
    if (!buf) this.raws.set(f.rel, (buf = this.checked(f, () => this.whole(f))));
    return buf;
  }

  /** A whole file: as kept when the listing saw it so, else read (and kept when it is still as listed). */
  private whole(f: VaultFile): Buffer {
    const known = this.cache.of(f).get(WHOLE);
    if (known) return known;
    let stamp = '';
    const buf = readInto(f.abs, (st) => ((stamp = fileStamp(st)), Buffer.allocUnsafe(st.size)));
    if (stamp === f.stamp && buf.length === f.size) this.cache.add(f, WHOLE, buf);
    else this.changed.add(f.rel);
    return buf;
  }

  /**
   * A whole file for a quick look, in a buffer that the next peek reuses (a search without the
   * index may look at every file: no garbage, no copy); `keep` turns it into the file's `raw`.
   * An entity note without a hand-written line gives nothing to look at: its date tags repeat the
   * days' lines and are followed, not searched (it has no chunks), whatever words they hold.
   */
  peek(f: VaultFile): Buffer {
    const known = this.raws.get(f.rel);
    if (known) return known;
    const buf = this.checked(f, () => readInto(f.abs, ({ size }) => (this.scratch.length >= size ? this.scratch : (this.scratch = Buffer.allocUnsafe(size)))));
    return f.kind === 'entity' && buf.length && !noteHasLines(buf) ? NOTHING : buf;
  }

  keep(f: VaultFile, peeked: Buffer): void {
    if (this.raws.has(f.rel)) return;
    // Most of the peek buffer: it becomes the file's (no copy), and the next peek reads into a new one.
    if (peeked.buffer === this.scratch.buffer && peeked.length * 2 >= this.scratch.length) {
      this.raws.set(f.rel, peeked);
      this.scratch = Buffer.alloc(0);
      return;
    }
    const own = Buffer.allocUnsafe(peeked.length);
    peeked.copy(own); // a memcpy: Buffer.from(buffer) is an order of magnitude slower on Node 20
    this.raws.set(f.rel, own);
  }

  /** Every line of a file. */
  all(f: VaultFile): string[] {
    let entry = this.files.get(f.rel);
    if (!entry?.whole) {
      entry = { lines: splitLines(this.raw(f).toString('utf8')), whole: true };
      this.files.set(f.rel, entry);
    }
    return entry.lines as string[];
  }

  /** The lines of a file, of which at least [from, to) are loaded. */
  range(f: VaultFile, from: number, to: number): (string | undefined)[] {
    const entry = this.files.get(f.rel);
    if (entry?.whole) return entry.lines;
    if (f.kind === 'entity') return this.all(f);
    const chunks = this.chunks(f);
    const lines = entry?.lines ?? [];
    const read = entry?.read ?? new Set<number>();
    let missing = false;
    for (let i = from; i < to && !missing; i++) missing = lines[i] === undefined;
    if (!missing) return lines;
    const cover = chunks.filter((c) => c.start < to && c.end > from);
    cover.sort((a, b) => a.start - b.start);
    if (!cover.length || cover[0].start > from || cover[cover.length - 1].end < to) return this.all(f);
    const unread = cover.filter((c) => !read.has(c.start));
    const bufs = this.bytesOf(f, unread);
    if (bufs.some((b) => !b)) return this.all(f);
    unread.forEach((c, k) => {
      const text = splitLines(this.checked(f, () => bufs[k]!).toString('utf8'));
      for (let i = 0; i < c.end - c.start; i++) lines[c.start + i] = text[i] ?? '';
      read.add(c.start);
    });
    this.files.set(f.rel, { lines, whole: false, read });
    return lines;
  }

  /**
   * The lines of a chunk whose bytes may hold one of `needles` (in any letter case; word
   * boundaries are the caller's to check), decoded one by one: a line that cannot match is not
   * made into a string. `at` lists them in order; `lines` is the file's lines as `range` gives them.
   * A file decoded whole, an entity note, or bytes that cannot tell (a cased non-ASCII letter), give every line.
   */
  linesWith(f: VaultFile, chunk: Chunk, needles: readonly Needle[]): { lines: (string | undefined)[]; at: number[] } {
    const every = () => {
      const lines = this.range(f, chunk.start, chunk.end);
      const at: number[] = [];
      for (let i = chunk.start; i < chunk.end; i++) if (lines[i] !== undefined) at.push(i);
      return { lines, at };
    };
    const entry = this.files.get(f.rel);
    if (entry?.whole || entry?.read?.has(chunk.start) || f.kind === 'entity') return every();
    const [buf] = this.bytesOf(f, [chunk]);
    if (!buf || buf.includes(0)) return every();
    const held = new Set<number>();
    for (const n of needles) {
      const hits = this.linesHolding(f, chunk, buf, n);
      if (!hits) return every();
      for (const k of hits) held.add(k);
    }
    const at = [...held].sort((a, b) => a - b);
    const lines = entry?.lines ?? [];
    const starts = at.length ? this.startsOf(f, chunk, buf) : [];
    for (const k of at) lines[chunk.start + k] ??= lineText(buf, starts, k);
    if (!entry) this.files.set(f.rel, { lines, whole: false, read: new Set() });
    return { lines, at: at.map((k) => chunk.start + k) };
  }

  /**
   * The lines of a chunk (counted from its first) whose bytes `buf` may hold the needle's text in
   * any letter case, in order, or undefined when the bytes cannot tell (see needleStarts): worked
   * out once per chunk and text while the file is unchanged (`derived`).
   */
  linesHolding(f: VaultFile, chunk: Chunk, buf: Buffer, n: Needle): readonly number[] | undefined {
    const held = this.derived(f, 'holds', n.text, chunk.byteStart, () => {
      if (this.wholeView(f, chunk, buf)) return this.holdingInFile(f, chunk, buf, n);
      const hits = needleStarts(buf, n, () => foldsToAscii(buf));
      if (!hits) return CANNOT_TELL;
      if (!hits.length) return NO_LINES;
      const starts = lineStarts(buf, chunk.end - chunk.start);
      return [...new Set(hits.map((p) => lineAt(starts, p)))];
    });
    return held === CANNOT_TELL ? undefined : held;
  }

  /**
   * Whether `buf` is a chunk's bytes cut from a file this search read whole and cut itself: its
   * lines and the needles in it are then found once for the whole file, not chunk by chunk.
   */
  private wholeView(f: VaultFile, chunk: Chunk, buf: Buffer): boolean {
    const raw = this.raws.get(f.rel);
    return !!raw && this.offsetsOf.has(f.rel) && buf.buffer === raw.buffer && buf.byteOffset === raw.byteOffset + chunk.byteStart && buf.length === chunk.byteEnd - chunk.byteStart;
  }

  /**
   * `linesHolding` of a chunk of such a file, from where the needle starts in the whole file: the
   * same lines as looking in the chunk's bytes alone (a chunk holds whole lines and a needle holds
   * no line break, so no match crosses a chunk's edge), and the same "cannot tell" (a letter of
   * FOLDS_TO_ASCII in the chunk, for a needle with a letter case).
   */
  private holdingInFile(f: VaultFile, chunk: Chunk, buf: Buffer, n: Needle): readonly number[] {
    const raw = this.raws.get(f.rel)!;
    let known = this.startsIn.get(f.rel);
    if (!known) this.startsIn.set(f.rel, (known = new Map()));
    if (!known.has(n.text)) known.set(n.text, needleStarts(raw, n, () => false));
    const all = known.get(n.text);
    if (!all) return CANNOT_TELL;
    if (n.text !== n.text.toUpperCase()) {
      let folds = this.foldsIn.get(f.rel);
      if (folds === undefined) this.foldsIn.set(f.rel, (folds = foldsToAscii(raw)));
      if (folds && foldsToAscii(buf)) return CANNOT_TELL;
    }
    let i = firstAtOrAfter(all, chunk.byteStart);
    if (i >= all.length || all[i] >= chunk.byteEnd) return NO_LINES;
    const offsets = this.offsetsOf.get(f.rel)!;
    const out: number[] = [];
    for (; i < all.length && all[i] < chunk.byteEnd; i++) {
      const k = lineAt(offsets, all[i]) - chunk.start;
      if (k !== out[out.length - 1]) out.push(k);
    }
    return out;
  }

  /** Where each line of a chunk starts in its bytes `buf` (counted from the chunk's first byte). */
  private startsOf(f: VaultFile, chunk: Chunk, buf: Buffer): number[] {
    if (!this.wholeView(f, chunk, buf)) return lineStarts(buf, chunk.end - chunk.start);
    const offsets = this.offsetsOf.get(f.rel)!;
    const out: number[] = [];
    for (let i = chunk.start; i < chunk.end; i++) out.push(offsets[i] - chunk.byteStart);
    return out;
  }

  /**
   * The lines of a file of which at least [from, to) are decoded: after `linesWith`, the lines
   * around those it found, each on its own (a line is not decoded twice, a chunk not read twice).
   */
  around(f: VaultFile, from: number, to: number): (string | undefined)[] {
    const entry = this.files.get(f.rel);
    if (!entry || entry.whole || f.kind === 'entity') return this.range(f, from, to);
    const chunks = this.chunks(f);
    const { lines } = entry;
    const cover: Chunk[] = [];
    for (const c of chunks) {
      if (c.start >= to || c.end <= from || entry.read?.has(c.start)) continue;
      for (let i = Math.max(from, c.start); i < Math.min(to, c.end); i++) {
        if (lines[i] !== undefined) continue;
        cover.push(c);
        break;
      }
    }
    if (!cover.length) return lines;
    cover.sort((a, b) => a.start - b.start);
    const bufs = this.bytesOf(f, cover);
    if (bufs.some((b) => !b || b.includes(0))) return this.range(f, from, to);
    cover.forEach((c, k) => {
      const buf = bufs[k]!;
      const starts = this.startsOf(f, c, buf);
      for (let i = Math.max(from, c.start); i < Math.min(to, c.end); i++) lines[i] ??= lineText(buf, starts, i - c.start);
    });
    return lines;
  }

  /**
   * The bytes of chunks of `chunks(f)`, in file order: read by range from an indexed day (in
   * one read for neighbouring chunks), else cut from the whole file; undefined when the file
   * changed under the search.
   */
  bytesOf(f: VaultFile, chunks: Chunk[]): (Buffer | undefined)[] {
    if (this.view.indexed.has(f.rel) && f.kind !== 'entity' && !this.files.get(f.rel)?.whole && !this.raws.has(f.rel)) return this.chunkBytes(f, chunks);
    const raw = this.raw(f);
    return chunks.map((c) => (raw.length === f.size ? raw.subarray(c.byteStart, c.byteEnd) : undefined));
  }

  /** The bytes of chunks of an indexed file (in file order): kept ones as they are, the others read, neighbours together. */
  private chunkBytes(f: VaultFile, chunks: Chunk[]): (Buffer | undefined)[] {
    const known = this.cache.of(f);
    const out = chunks.map((c) => {
      const buf = known.get(c.byteStart);
      return buf?.length === c.byteEnd - c.byteStart ? buf : undefined; // a short read is not kept as the chunk
    });
    for (let i = 0; i < chunks.length; ) {
      if (out[i]) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < chunks.length && !out[j + 1] && chunks[j + 1].byteStart >= chunks[j].byteEnd && chunks[j + 1].byteStart - chunks[j].byteEnd <= READ_GAP) j++;
      const first = chunks[i].byteStart;
      const run = this.bytes(f, first, chunks[j].byteEnd);
      if (!run) return chunks.map(() => undefined);
      for (let k = i; k <= j; k++) {
        out[k] = run.subarray(chunks[k].byteStart - first, chunks[k].byteEnd - first);
        // A chunk costs its bytes and the gap before it: the run stays in memory while one of its chunks does.
        this.cache.add(f, chunks[k].byteStart, out[k]!, k === i ? out[k]!.length : chunks[k].byteEnd - chunks[k - 1].byteEnd);
      }
      i = j + 1;
    }
    return out;
  }

  /** Bytes [from, to) of an indexed file, through one descriptor per file and search (see `close`). */
  private bytes(f: VaultFile, from: number, to: number): Buffer | undefined {
    const fd = this.open(f);
    if (fd === undefined || this.changed.has(f.rel)) return undefined;
    const buf = Buffer.allocUnsafe(to - from);
    return buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, from));
  }

  /** The file's descriptor for this search, opened (and its stamp compared with the listing's) on first use. */
  private open(f: VaultFile): number | undefined {
    let fd = this.fds.get(f.rel);
    if (fd === undefined) {
      try {
        fd = fs.openSync(f.abs, 'r');
      } catch {
        return undefined; // gone since the listing: read whole, it is reported then
      }
      this.fds.set(f.rel, fd);
      if (fileStamp(fs.fstatSync(fd)) !== f.stamp) this.changed.add(f.rel);
    }
    return fd;
  }

  close(): void {
    for (const fd of this.fds.values()) fs.closeSync(fd);
    this.fds.clear();
  }

  private checked(f: VaultFile, read: () => Buffer): Buffer {
    let buf: Buffer;
    try {
      buf = read();
    } catch {
      this.warnings.push(`warning: skipped ${shownPath(f)}: cannot be read`);
      return Buffer.alloc(0);
    }
    if (buf.includes(0)) {
      this.warnings.push(`warning: skipped ${shownPath(f)}: not a text file`);
      return Buffer.alloc(0);
    }
    return buf;
  }

  /** The chunks of a file on `day`, in order. */
  chunksOf(f: VaultFile, day: string): readonly Chunk[] {
    let byDay = this.days.get(f.rel);
    if (!byDay) {
      this.days.set(f.rel, (byDay = new Map()));
      for (const c of this.chunks(f)) (byDay.get(c.day) ?? byDay.set(c.day, []).get(c.day)!).push(c);
    }
    return byDay.get(day) ?? [];
  }

  chunks(f: VaultFile): Chunk[] {
    const indexed = this.view.indexed.get(f.rel);
    if (indexed) return indexed.chunks;
    let chunks = this.cut.get(f.rel);
    if (!chunks) {
      // An entity note not indexed yet is mostly date tags: look for hand-written lines before splitting it.
      // Any other file is cut from its bytes: only the lines of the chunks a search visits are decoded.
      const raw = this.raw(f);
      const offsets = f.kind !== 'entity' || noteHasLines(raw) ? lineOffsets(raw) : undefined;
      if (f.kind === 'entity') chunks = offsets ? chunkLines(f, this.all(f), 0, offsets).chunks : [];
      else chunks = chunkBytes(f, raw, offsets!);
      if (offsets && raw.length === f.size) this.offsetsOf.set(f.rel, offsets);
      this.cut.set(f.rel, chunks);
    }
    return chunks;
  }

  aliases(f: VaultFile): string[] {
    const indexed = this.view.indexed.get(f.rel);
    if (indexed) return indexed.aliases;
    const head = this.head(f);
    // Only front matter names aliases (entityHead): a note without it has none, and its head is not split.
    return head.startsWith('---') ? entityHead(splitLines(head)).aliases : [];
  }

  /** The first 4 KiB of a file as Latin-1: enough for front matter. */
  private head(f: VaultFile): string {
    try {
      const fd = fs.openSync(f.abs, 'r');
      try {
        return HEAD.toString('latin1', 0, fs.readSync(fd, HEAD, 0, HEAD.length, 0));
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return '';
    }
  }

  tags(f: VaultFile): string[] {
    let days = this.tagsOf.get(f.rel);
    if (!days) this.tagsOf.set(f.rel, (days = this.view.indexed.get(f.rel)?.tags() ?? dayLinks(this.all(f))));
    return days;
  }
}


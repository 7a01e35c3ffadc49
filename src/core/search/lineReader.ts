/**
 * The lines one search reads: indexed files a chunk at a time (by byte range), others whole,
 * each file opened once per search. A file that turns out to be binary or unreadable is skipped
 * with a warning, never an error.
 */
import * as fs from 'node:fs';
import { type Chunk, chunkLines } from './index/chunks';
import { type VaultFile, dayLinks, entityHead, lineOffsets, shownPath, splitLines } from './index/files';
import type { IndexView } from './index/refresh';

const NOTE_LINE = /^(?!- \[\[\d{4}-\d{2}-\d{2}(?:[#|][^\]\n]*)?\]\])[^\S\n]*\S/m;

/** Whether an entity note (as Latin-1 text) has a body line that is not a date tag. */
function hasNoteLines(text: string): boolean {
  const lines = text.split('\n', 64);
  const { bodyStart } = entityHead(lines.map((l) => l.replace(/\r$/, '')));
  if (bodyStart >= lines.length) return NOTE_LINE.test(text); // a very long head: test all of it
  let offset = 0;
  for (let i = 0; i < bodyStart; i++) offset += lines[i].length + 1;
  return NOTE_LINE.test(text.slice(offset));
}

/** A whole file read into the buffer `room(size)` gives; the bytes read, as a view of it. */
function readInto(file: string, room: (size: number) => Buffer): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buf = room(size);
    let n = 0;
    for (let got = -1; got && n < size; n += got) got = fs.readSync(fd, buf, n, size - n, n);
    return buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Reads lines for one search; `close` releases its file descriptors.
 */
export class LineReader {
  private readonly files = new Map<string, { lines: (string | undefined)[]; whole: boolean }>();
  private readonly cut = new Map<string, Chunk[]>(); // chunks of files not indexed
  private readonly raws = new Map<string, Buffer>();
  private scratch = Buffer.alloc(0);
  private readonly fds = new Map<string, number>();
  /** Files whose size is no longer what the index knows. */
  private readonly changed = new Set<string>();
  readonly byRel: Map<string, VaultFile>;
  readonly warnings: string[] = [];

  constructor(readonly view: IndexView) {
    this.byRel = new Map(view.files.map((f) => [f.rel, f]));
  }

  /** A whole file, read once; empty (with a warning) when it cannot be read or is not text. */
  raw(f: VaultFile): Buffer {
    let buf = this.raws.get(f.rel);
    if (!buf) this.raws.set(f.rel, (buf = this.checked(f, () => fs.readFileSync(f.abs))));
    return buf;
  }

  /**
   * A whole file for a quick look, in a buffer that the next peek reuses (a search without the
   * index may look at every file: no garbage, no copy); `keep` turns it into the file's `raw`.
   */
  peek(f: VaultFile): Buffer {
    return this.raws.get(f.rel) ?? this.checked(f, () => readInto(f.abs, (size) => (this.scratch.length >= size ? this.scratch : (this.scratch = Buffer.allocUnsafe(size)))));
  }

  keep(f: VaultFile, peeked: Buffer): void {
    if (!this.raws.has(f.rel)) this.raws.set(f.rel, Buffer.from(peeked));
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
    const chunks = this.view.indexed.get(f.rel)?.chunks;
    if (!chunks || f.kind === 'entity') return this.all(f);
    const lines = entry?.lines ?? [];
    let missing = false;
    for (let i = from; i < to && !missing; i++) missing = lines[i] === undefined;
    if (!missing) return lines;
    const cover = chunks.filter((c) => c.start < to && c.end > from);
    cover.sort((a, b) => a.start - b.start);
    if (!cover.length || cover[0].start > from || cover[cover.length - 1].end < to) return this.all(f);
    const first = cover[0];
    const last = cover[cover.length - 1];
    const buf = this.bytes(f, first.byteStart, last.byteEnd);
    if (!buf) return this.all(f);
    const read = splitLines(this.checked(f, () => buf).toString('utf8'));
    for (let i = 0; i < last.end - first.start; i++) lines[first.start + i] = read[i] ?? '';
    this.files.set(f.rel, { lines, whole: false });
    return lines;
  }

  /** The bytes of an indexed chunk, or undefined when its file changed since it was indexed. */
  chunkBytes(f: VaultFile, chunk: Chunk): Buffer | undefined {
    return this.view.indexed.has(f.rel) && f.kind !== 'entity' ? this.bytes(f, chunk.byteStart, chunk.byteEnd) : undefined;
  }

  /**
   * The bytes of a chunk of `chunks(f)`: read by range from an indexed day, else cut from the
   * whole file; undefined when the file changed under the search.
   */
  bytesOf(f: VaultFile, chunk: Chunk): Buffer | undefined {
    if (this.view.indexed.has(f.rel) && f.kind !== 'entity' && !this.files.get(f.rel)?.whole && !this.raws.has(f.rel)) return this.chunkBytes(f, chunk);
    const raw = this.raw(f);
    return raw.length === f.size ? raw.subarray(chunk.byteStart, chunk.byteEnd) : undefined;
  }

  /** Bytes [from, to) of an indexed file, through one descriptor per file and search (see `close`). */
  private bytes(f: VaultFile, from: number, to: number): Buffer | undefined {
    let fd = this.fds.get(f.rel);
    if (fd === undefined) {
      try {
        fd = fs.openSync(f.abs, 'r');
      } catch {
        return undefined; // gone since the listing: read whole, it is reported then
      }
      this.fds.set(f.rel, fd);
      if (fs.fstatSync(fd).size !== f.size) this.changed.add(f.rel);
    }
    if (this.changed.has(f.rel)) return undefined;
    const buf = Buffer.allocUnsafe(to - from);
    return buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, from));
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

  chunks(f: VaultFile): Chunk[] {
    const indexed = this.view.indexed.get(f.rel);
    if (indexed) return indexed.chunks;
    let chunks = this.cut.get(f.rel);
    if (!chunks) {
      // An entity note not indexed yet is mostly date tags: look for hand-written lines before splitting it.
      chunks = f.kind === 'entity' && !hasNoteLines(this.raw(f).toString('latin1')) ? [] : chunkLines(f, this.all(f), 0, lineOffsets(this.raw(f))).chunks;
      this.cut.set(f.rel, chunks);
    }
    return chunks;
  }

  aliases(f: VaultFile): string[] {
    return this.view.indexed.get(f.rel)?.aliases ?? entityHead(splitLines(this.head(f))).aliases;
  }

  /** The first 4 KiB of a file as Latin-1: enough for front matter. */
  private head(f: VaultFile): string {
    try {
      const fd = fs.openSync(f.abs, 'r');
      try {
        const buf = Buffer.alloc(4096);
        return buf.toString('latin1', 0, fs.readSync(fd, buf, 0, buf.length, 0));
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return '';
    }
  }

  tags(f: VaultFile): string[] {
    return this.view.indexed.get(f.rel)?.tags() ?? dayLinks(this.all(f));
  }
}


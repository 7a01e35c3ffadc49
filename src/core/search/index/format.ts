/**
 * The index on disk, `.CoreSoul/cache/search-index.bin` (git-ignored, left out of packs): a
 * 16-byte head (magic, JSON length, tag count), a JSON header of the files, then int32 tables of
 * chunks and entity tags, then every Bloom filter's words, so loading is one read and views.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { atomicWrite } from '../../shared/fs';
import type { Vault } from '../../vault/layout';
import type { Chunk } from './chunks';

const MAGIC = 'CSIX0004'; // 0003: aliases read by entityFrontMatter; 0004: whether a file holds Han characters

export interface IndexedFile {
  rel: string;
  size: number;
  mtimeMs: number;
  sha1: string;
  /** First line of the last chunk: lines before it are final if the file only grows. */
  tail: number;
  aliases: string[];
  /** The file holds a Han character: a query's English words may find their Chinese translations in it (../translate.ts). */
  han: boolean;
  /** An entity note's `[[YYYY-MM-DD]]` links (decoded on demand: thousands of notes, one asked for). */
  tags: () => string[];
  /** The file was binary when indexed: skipped until it changes. */
  binary?: boolean;
  chunks: Chunk[];
}

export const indexFile = (v: Vault) => path.join(v.soulDir, 'cache', 'search-index.bin');

interface Header {
  files: (Omit<IndexedFile, 'chunks' | 'tags'> & { chunks: number; tags: number })[];
  days: string[];
}

const INTS_PER_CHUNK = 9;

export function writeIndex(file: string, indexed: Map<string, IndexedFile>): void {
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

/** The saved index, or undefined when there is none or it is another version's; throws when it is damaged. */
export function readIndex(file: string): Map<string, IndexedFile> | undefined {
  let buf: Buffer;
  try {
    buf = readAligned(file);
  } catch {
    return undefined;
  }
  // Another version's index (an upgrade, or an older CLI in the vault) is rebuilt as if there were none, without a warning.
  if (buf.length >= 8 && buf.toString('latin1', 0, 4) === MAGIC.slice(0, 4) && buf.toString('latin1', 0, 8) !== MAGIC) return undefined;
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

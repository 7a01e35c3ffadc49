/**
 * Bloom filters of a chunk's word keys (see ../words.ts): they say only where a query cannot
 * match, so a false positive costs a read, never a hit.
 */
import { type KeyEmit, hashKey, indexKeys } from '../words';
import type { Chunk, Filter } from './chunks';
import { type FileKind, searchableLine } from './files';

const BITS_PER_KEY = 12;
const HASHES = 7;

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

export function addFilters(kind: FileKind, lines: string[], chunks: Chunk[]): void {
  const keys = new KeySet();
  for (const c of chunks) {
    keys.clear();
    for (let i = c.start; i < c.end; i++) if (searchableLine(kind, lines[i])) indexKeys(lines[i].toLowerCase(), keys.add);
    c.filter = keys.filter();
  }
}

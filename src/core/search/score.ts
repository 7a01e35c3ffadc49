/**
 * Which concepts of a query a chunk may hold according to its Bloom filter: the index's one use
 * in a search is to skip the chunks that cannot match (candidates.ts); what a chunk holds and how
 * rare a concept is are read from the text, so the answer never depends on the index.
 *
 * Testing a key against every chunk's filter touches the whole index (one cache miss or two per
 * chunk), so which chunks of a file may hold a key is kept per file and key, for as long as the
 * file's chunks are the same (a file indexed again gets new ones): a long-lived process (the
 * search server, an editor) tests a word of the vault against the filters once, not once per
 * search. What is kept is what the filters say, so the answer is the same with it or without it.
 */
import type { Query } from './query';
import { mayHave } from './index/bloom';
import { type Chunk } from './index/chunks';
import { keyHashes } from './words';

/** Keys whose chunks are kept per file; past this many, the file's start afresh. */
const KEYS_PER_FILE = 512;
const NONE: readonly number[] = [];
/** Per file's chunks, per key, the indices of the chunks whose filter may hold the key. */
const byKey = new WeakMap<readonly Chunk[], Map<string, readonly number[]>>();

/** The chunks (indices into `chunks`, in order) whose filter may hold `key`. */
function chunksWithKey(chunks: readonly Chunk[], key: string, hashes: [number, number]): readonly number[] {
  let keys = byKey.get(chunks);
  if (!keys) byKey.set(chunks, (keys = new Map()));
  let at = keys.get(key);
  if (!at) {
    const out: number[] = [];
    for (let i = 0; i < chunks.length; i++) if (mayHave(chunks[i], hashes)) out.push(i);
    if (keys.size >= KEYS_PER_FILE) keys.clear();
    keys.set(key, (at = out.length ? out : NONE));
  }
  return at;
}

/** The common members of sorted lists. */
function intersect(a: readonly number[], b: readonly number[]): readonly number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      out.push(a[i]);
      i++;
      j++;
    }
  }
  return out;
}

export class Scoring {
  /** Per concept, per needle, the index keys a chunk must have to hold the needle, with their hashes. */
  private readonly keys: { key: string; hashes: [number, number] }[][][];

  constructor(readonly q: Query) {
    this.keys = q.concepts.map((c) => c.needles.map((n) => n.keys.map((key) => ({ key, hashes: keyHashes(key) }))));
  }

  /** The concepts (a bit mask, among `within`) a chunk may hold according to its filter. */
  mayHold(chunk: Chunk, within = -1): number {
    let mask = 0;
    for (let i = 0; i < this.keys.length; i++) {
      if (!(within & (1 << i))) continue;
      if (this.keys[i].some((keys) => keys.every((k) => mayHave(chunk, k.hashes)))) mask |= 1 << i;
    }
    return mask;
  }

  /** The chunks of an indexed file (its index array, in order) that may hold a concept of `within`, by their filters. */
  chunksHolding(chunks: readonly Chunk[], within: number): Chunk[] {
    const lists: (readonly number[])[] = [];
    for (let i = 0; i < this.keys.length; i++) {
      if (!(within & (1 << i))) continue;
      for (const keys of this.keys[i]) {
        let at: readonly number[] | undefined;
        for (const k of keys) {
          const withKey = chunksWithKey(chunks, k.key, k.hashes);
          at = at ? intersect(at, withKey) : withKey;
          if (!at.length) break;
        }
        if (!at) return [...chunks]; // a needle without keys: any chunk may hold it
        if (at.length) lists.push(at);
      }
    }
    if (!lists.length) return [];
    if (lists.length === 1) return lists[0].map((j) => chunks[j]);
    return [...new Set(lists.flat())].sort((a, b) => a - b).map((j) => chunks[j]);
  }
}

/**
 * Duplicates (docs/truth.md#duplicates): memories that say the same thing again — the same
 * words after case, punctuation, backticks and [[links]] are set aside (exact), or three
 * quarters of their words in common (near: Jaccard ≥ 0.75 over stemmed words and Chinese
 * bigrams, memories of 3 words or more; exact repeats are found by a fingerprint of their
 * words, then compared). Each group is reported once, its earliest memory
 * first; the later ones are the duplicates.
 *
 * Candidates come from MinHash (one permutation hashing: 12 bins, 4 bands of 3) with
 * locality-sensitive buckets, so a
 * vault of a million lines is compared in one pass rather than pair by pair; every candidate
 * pair is then checked on its real words.
 */
import { stripLinks } from '../vault/wikilinks';
import { words } from './words';

export const NEAR_DUPLICATE = 0.75;
const MIN_WORDS_NEAR = 3;
const HASHES = 12;
const ROWS = 3;

export interface DuplicateGroup {
  /** The earliest memory that says it. */
  first: string;
  /** The later memories that say it again, oldest first. */
  repeats: string[];
  /** For each repeat, the share of words it has in common with the memory it was matched with (1: the same words). */
  similarity: number[];
}

export type DuplicateInput = { id: string; at: string; text: string };

/** A 32-bit hash of a string (FNV-1a). */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function mix(x: number, seed: number): number {
  x = Math.imul(x ^ seed, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Words as small numbers, each with its hash computed once. */
class Vocabulary {
  private readonly ids = new Map<string, number>();
  private hashes: number[] = [];
  id(w: string): number {
    let id = this.ids.get(w);
    if (id === undefined) {
      id = this.hashes.length;
      this.ids.set(w, id);
      this.hashes.push(mix(hashString(w), 0x9e3779b1) >>> 0);
    }
    return id;
  }
  hash(id: number): number {
    return this.hashes[id];
  }
}

/** Groups of memories that repeat each other; `signal` stops it every few thousand memories. */
export function findDuplicates(memories: readonly DuplicateInput[], signal?: AbortSignal): DuplicateGroup[] {
  const sorted = [...memories].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const parent = sorted.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb); // the earliest stays the root
  };
  const vocabulary = new Vocabulary();
  const sets: (Int32Array | undefined)[] = new Array(sorted.length);
  // Small-integer keys (V8 hashes them without allocating); a fingerprint match is confirmed on the words.
  const exact = new Map<number, number>();
  const buckets = Array.from({ length: HASHES / ROWS }, () => new Map<number, number>());
  const mins = new Uint32Array(HASHES);
  let buffer = new Int32Array(256);
  const sim = new Map<number, number>();
  for (let i = 0; i < sorted.length; i++) {
    if (i % 4096 === 0) signal?.throwIfAborted();
    const ws = words(stripLinks(sorted[i].text));
    if (!ws.length) continue;
    if (ws.length > buffer.length) buffer = new Int32Array(ws.length * 2);
    const set = distinctIds(ws, vocabulary, buffer);
    const key = fingerprint(set);
    const same = exact.get(key);
    if (same !== undefined && equalIds(sets[same]!, set)) {
      union(same, i);
      continue;
    }
    if (same === undefined) exact.set(key, i);
    sets[i] = set;
    if (set.length < MIN_WORDS_NEAR) continue;
    // One permutation hashing: each word's hash falls in one of HASHES bins, each bin keeps its
    // least; an empty bin borrows from the next full one (densification).
    mins.fill(0xffffffff);
    for (let i = 0; i < set.length; i++) {
      const h = vocabulary.hash(set[i]);
      const bin = h % HASHES;
      if (h < mins[bin]) mins[bin] = h;
    }
    for (let k = 0; k < HASHES; k++) {
      if (mins[k] !== 0xffffffff) continue;
      let j = (k + 1) % HASHES;
      while (mins[j] === 0xffffffff || j === k) j = (j + 1) % HASHES;
      mins[k] = mix(mins[j] ^ k, 0x2545f491) | 1; // never the empty mark
    }
    for (let b = 0; b < HASHES / ROWS; b++) {
      // One number per band (collisions only cost a comparison: every candidate is checked).
      const bucket = mix(mix(mins[b * ROWS], mins[b * ROWS + 1]), mins[b * ROWS + 2]) >>> 2;
      const j = buckets[b].get(bucket);
      if (j === undefined) {
        buckets[b].set(bucket, i);
        continue;
      }
      if (find(j) === find(i)) continue;
      const s = jaccardIds(sets[j]!, set);
      if (s >= NEAR_DUPLICATE) {
        union(j, i);
        if (!sim.has(i)) sim.set(i, s);
      }
    }
  }
  const groups = new Map<number, DuplicateGroup>();
  for (let i = 0; i < sorted.length; i++) {
    const r = find(i);
    if (r === i) continue;
    let g = groups.get(r);
    if (!g) groups.set(r, (g = { first: sorted[r].id, repeats: [], similarity: [] }));
    g.repeats.push(sorted[i].id);
    g.similarity.push(sim.get(i) ?? 1);
  }
  return [...groups.values()];
}

/** Jaccard similarity of two sorted lists of distinct word ids. */
function jaccardIds(a: Int32Array, b: Int32Array): number {
  let common = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      common++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return common / (a.length + b.length - common);
}

/** A 30-bit fingerprint of a sorted list of word ids: equal lists, equal numbers. */
function fingerprint(ids: Int32Array): number {
  let h1 = ids.length;
  let h2 = 0x9e3779b9;
  for (let i = 0; i < ids.length; i++) {
    h1 = mix(h1 ^ ids[i], 0x27d4eb2d);
    h2 = mix(h2 + ids[i], 0x165667b1);
  }
  return ((h1 ^ Math.imul(h2, 31)) >>> 2) & 0x3fffffff;
}

function equalIds(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The distinct ids of `ws`, sorted, in a new array (`buffer` is scratch space at least as long as `ws`). */
function distinctIds(ws: string[], vocabulary: Vocabulary, buffer: Int32Array): Int32Array {
  for (let i = 0; i < ws.length; i++) buffer[i] = vocabulary.id(ws[i]);
  const ids = buffer.subarray(0, ws.length).sort();
  let n = 0;
  for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[i - 1]) ids[n++] = ids[i];
  return ids.slice(0, n);
}

/**
 * Duplicates (docs/truth.md#duplicates): memories that say the same thing again — the same
 * words after case, punctuation, backticks and [[links]] are set aside (exact), or three
 * quarters of their words in common (near: Jaccard ≥ 0.75 over stemmed words and Chinese
 * bigrams, memories of 3 words or more; exact repeats are found by a fingerprint of their
 * words, then compared; `[[links]]` count by their words). Each group is reported once, its earliest memory
 * first; the later ones are the duplicates.
 *
 * Candidates come from MinHash (one permutation hashing: 12 bins, 4 bands of 3) with
 * locality-sensitive buckets, so a
 * vault of a million lines is compared in one pass rather than pair by pair; every candidate
 * pair is then checked on its real words.
 */
import { wordHashes } from './words';
import { withoutWriterMarkers } from '../vault/dayEntries';

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

function mix(x: number, seed: number): number {
  x = Math.imul(x ^ seed, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * Each text's words as the groups compare them, worked out once and apart from any other text:
 * its sorted distinct word hashes (`pool[from[i], from[i + 1])`), their fingerprint, and the
 * MinHash bucket of each band (-1 for a text of fewer than three words). Typed arrays only, so
 * a worker thread can make them while another finds what is superseded (lint.ts).
 */
export interface DuplicateKeys {
  pool: Int32Array;
  from: Int32Array;
  fingerprint: Int32Array;
  /** BANDS buckets a text, text after text. */
  bands: Int32Array;
}

const BANDS = HASHES / ROWS;

/** The duplicate keys of `texts`, index for index; `signal` stops it every few thousand texts. */
export function duplicateKeys(texts: readonly string[], signal?: AbortSignal): DuplicateKeys {
  let pool = new Int32Array(1 << 16);
  let used = 0;
  const from = new Int32Array(texts.length + 1);
  const fingerprints = new Int32Array(texts.length);
  const bands = new Int32Array(texts.length * BANDS).fill(-1);
  const mins = new Uint32Array(HASHES);
  let buffer = new Int32Array(256);
  const scratch: number[] = [];
  for (let i = 0; i < texts.length; i++) {
    if (i % 4096 === 0) signal?.throwIfAborted();
    const ws = wordHashes(withoutWriterMarkers(texts[i]), scratch); // what it says, not who wrote it
    if (ws.length > buffer.length) buffer = new Int32Array(ws.length * 2);
    const n = ws.length ? distinctIds(ws, buffer) : 0;
    const set = buffer.subarray(0, n);
    if (used + n > pool.length) {
      const grown = new Int32Array(Math.max(pool.length * 2, used + n));
      grown.set(pool.subarray(0, used));
      pool = grown;
    }
    pool.set(set, used);
    used += n;
    from[i + 1] = used;
    fingerprints[i] = fingerprint(set);
    if (n < MIN_WORDS_NEAR) continue;
    // One permutation hashing: each word's hash falls in one of HASHES bins, each bin keeps its
    // least; an empty bin borrows from the next full one (densification).
    mins.fill(0xffffffff);
    for (let k = 0; k < set.length; k++) {
      const h = mix(set[k], 0x9e3779b1) >>> 0;
      const bin = h % HASHES;
      if (h < mins[bin]) mins[bin] = h;
    }
    for (let k = 0; k < HASHES; k++) {
      if (mins[k] !== 0xffffffff) continue;
      let j = (k + 1) % HASHES;
      while (mins[j] === 0xffffffff || j === k) j = (j + 1) % HASHES;
      mins[k] = mix(mins[j] ^ k, 0x2545f491) | 1; // never the empty mark
    }
    // One number per band (collisions only cost a comparison: every candidate is checked).
    for (let b = 0; b < BANDS; b++) bands[i * BANDS + b] = mix(mix(mins[b * ROWS], mins[b * ROWS + 1]), mins[b * ROWS + 2]) >>> 2;
  }
  return { pool, from, fingerprint: fingerprints, bands };
}

/**
 * Groups of memories that repeat each other; `signal` stops it every few thousand memories.
 * `keys`: the memories' duplicate keys when they were worked out already (`at[k]`: the index of
 * memory k's in `of`), else they are worked out here.
 */
export function findDuplicates(memories: readonly DuplicateInput[], signal?: AbortSignal, keys?: { of: DuplicateKeys; at: readonly number[] }): DuplicateGroup[] {
  const { of, at } = keys ?? { of: duplicateKeys(memories.map((m) => m.text), signal), at: undefined };
  const order = memories.map((_, k) => k).sort((a, b) => (memories[a].at < memories[b].at ? -1 : memories[a].at > memories[b].at ? 1 : 0));
  const sorted = order.map((k) => memories[k]);
  const q = order.map((k) => (at ? at[k] : k)); // each sorted memory's keys
  const { pool, from, bands } = of;
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
  const words = (i: number) => from[q[i] + 1] - from[q[i]];
  const sameWords = (a: number, b: number) => equalIds(pool, from[q[a]], words(a), from[q[b]], words(b));
  // Each memory's first: the earliest with its fingerprint (a repeat when their words are the
  // same), and, among the memories compared near (three words or more, not a repeat), the
  // earliest with its bucket in each band.
  const withWords = positions(sorted.length, (i) => words(i) > 0);
  const exactFirst = firstWithKey(withWords, (i) => of.fingerprint[q[i]], sorted.length);
  const repeat = (i: number) => exactFirst[i] !== i && sameWords(exactFirst[i], i);
  const near = positions(sorted.length, (i) => words(i) >= MIN_WORDS_NEAR && !repeat(i));
  const bandFirst = Array.from({ length: BANDS }, (_, b) => firstWithKey(near, (i) => bands[q[i] * BANDS + b], sorted.length));
  const sim = new Map<number, number>();
  for (let i = 0; i < sorted.length; i++) {
    if (i % 4096 === 0) signal?.throwIfAborted();
    const n = words(i);
    if (!n) continue;
    if (repeat(i)) {
      union(exactFirst[i], i);
      continue;
    }
    if (n < MIN_WORDS_NEAR) continue;
    for (let b = 0; b < BANDS; b++) {
      const j = bandFirst[b][i];
      if (j === i || find(j) === find(i)) continue;
      const s = jaccardIds(pool, from[q[j]], words(j), from[q[i]], n);
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

/** Jaccard similarity of two sorted lists of distinct word hashes: `pool[a, a + an)` and `pool[b, b + bn)`. */
function jaccardIds(pool: Int32Array, a: number, an: number, b: number, bn: number): number {
  let common = 0;
  for (let i = 0, j = 0; i < an && j < bn; ) {
    const x = pool[a + i];
    const y = pool[b + j];
    if (x === y) {
      common++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return common / (an + bn - common);
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

function equalIds(pool: Int32Array, a: number, an: number, b: number, bn: number): boolean {
  if (an !== bn) return false;
  for (let i = 0; i < an; i++) if (pool[a + i] !== pool[b + i]) return false;
  return true;
}

/** Sorts the distinct word hashes of `ws` into the start of `buffer` (at least as long as `ws`); returns how many. */
function distinctIds(ws: number[], buffer: Int32Array): number {
  for (let i = 0; i < ws.length; i++) buffer[i] = ws[i];
  const ids = buffer.subarray(0, ws.length).sort();
  let n = 0;
  for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[i - 1]) ids[n++] = ids[i];
  return n;
}

/** The numbers below `n` that `keep` keeps, in order. */
function positions(n: number, keep: (i: number) => boolean): Int32Array {
  const out = new Int32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) if (keep(i)) out[m++] = i;
  return out.subarray(0, m);
}

const RADIX = 10;
const DIGITS = 1 << RADIX;

/**
 * For each of `members` (ascending), the first member with the same 30-bit key (`first[member]`;
 * -1 for a number not a member): a stable radix sort of the keys, then one pass over each run of
 * equal keys — sequential memory access, where a table of a million keys misses the caches at
 * every lookup.
 */
function firstWithKey(members: Int32Array, keyOf: (i: number) => number, n: number): Int32Array {
  const m = members.length;
  let keys = new Int32Array(m);
  let who = Int32Array.from(members);
  for (let j = 0; j < m; j++) keys[j] = keyOf(members[j]);
  let keys2 = new Int32Array(m);
  let who2 = new Int32Array(m);
  const count = new Int32Array(DIGITS);
  for (let shift = 0; shift < 30; shift += RADIX) {
    count.fill(0);
    for (let j = 0; j < m; j++) count[(keys[j] >>> shift) & (DIGITS - 1)]++;
    for (let d = 0, at = 0; d < DIGITS; d++) {
      const c = count[d];
      count[d] = at;
      at += c;
    }
    for (let j = 0; j < m; j++) {
      const to = count[(keys[j] >>> shift) & (DIGITS - 1)]++;
      keys2[to] = keys[j];
      who2[to] = who[j];
    }
    [keys, keys2] = [keys2, keys];
    [who, who2] = [who2, who];
  }
  const first = new Int32Array(n).fill(-1);
  for (let j = 0, head = 0; j < m; j++) {
    if (j === 0 || keys[j] !== keys[j - 1]) head = who[j];
    first[who[j]] = head;
  }
  return first;
}

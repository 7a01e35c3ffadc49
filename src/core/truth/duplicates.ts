/**
 * Duplicates (docs/truth.md#duplicates): memories that say the same thing again — the same
 * words after case, punctuation, backticks and [[links]] are set aside (exact), or three
 * quarters of their words in common (near: Jaccard ≥ 0.75 over stemmed words and Chinese
 * bigrams, memories of 3 words or more). Each group is reported once, its earliest memory
 * first; the later ones are the duplicates.
 *
 * Candidates come from MinHash with locality-sensitive buckets (12 hashes, 4 bands of 3), so a
 * vault of a million lines is compared in one pass rather than pair by pair; every candidate
 * pair is then checked on its real words.
 */
import { stripLinks } from '../vault/wikilinks';
import { jaccard, words } from './words';

export const NEAR_DUPLICATE = 0.75;
const MIN_WORDS_NEAR = 3;
const HASHES = 12;
const ROWS = 3;

export interface DuplicateGroup {
  /** The earliest memory that says it. */
  first: string;
  /** The later memories that say it again, oldest first. */
  repeats: string[];
  /** 1 when every repeat has the same words as the first; else the lowest similarity in the group. */
  similarity: number;
}

export type DuplicateInput = { id: string; at: string; text: string };

const SEEDS = Array.from({ length: HASHES }, (_, i) => (Math.imul(i + 1, 0x9e3779b1) ^ 0x85ebca6b) >>> 0);

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
  const sets: (Set<string> | undefined)[] = new Array(sorted.length);
  const exact = new Map<string, number>();
  const buckets = new Map<string, number>();
  const sim = new Map<number, number>();
  for (let i = 0; i < sorted.length; i++) {
    if (i % 4096 === 0) signal?.throwIfAborted();
    const ws = words(stripLinks(sorted[i].text));
    if (!ws.length) continue;
    const set = new Set(ws);
    const key = [...set].sort().join(' ');
    const same = exact.get(key);
    if (same !== undefined) {
      union(same, i);
      continue;
    }
    exact.set(key, i);
    if (set.size < MIN_WORDS_NEAR) continue;
    sets[i] = set;
    const mins = new Uint32Array(HASHES).fill(0xffffffff);
    for (const w of set) {
      const h = hashString(w);
      for (let k = 0; k < HASHES; k++) {
        const v = mix(h, SEEDS[k]);
        if (v < mins[k]) mins[k] = v;
      }
    }
    for (let b = 0; b < HASHES / ROWS; b++) {
      const bucket = `${b}:${mins[b * ROWS]}:${mins[b * ROWS + 1]}:${mins[b * ROWS + 2]}`;
      const j = buckets.get(bucket);
      if (j === undefined) {
        buckets.set(bucket, i);
        continue;
      }
      if (find(j) === find(i)) continue;
      const s = jaccard(sets[j]!, set);
      if (s >= NEAR_DUPLICATE) {
        union(j, i);
        sim.set(i, Math.min(sim.get(i) ?? 1, s));
      }
    }
  }
  const groups = new Map<number, DuplicateGroup>();
  for (let i = 0; i < sorted.length; i++) {
    const r = find(i);
    if (r === i) continue;
    let g = groups.get(r);
    if (!g) groups.set(r, (g = { first: sorted[r].id, repeats: [], similarity: 1 }));
    g.repeats.push(sorted[i].id);
    g.similarity = Math.min(g.similarity, sim.get(i) ?? 1);
  }
  return [...groups.values()];
}

/**
 * Which concepts of a query a chunk may hold (its Bloom filter), and how promising that is: the
 * concepts' inverse document frequency, measured on the search index's chunks, so the chunks
 * that may hold a rare word of the query are read first (candidates.ts).
 *
 * Rarity is measured on what the index covers (a sample of at most SAMPLE_CHUNKS chunks, spread
 * over the whole index): before the first index exists — the first search in a large vault —
 * every concept counts the same.
 */
import type { Query } from './query';
import { mayHave } from './index/bloom';
import { type Chunk } from './index/chunks';
import { type IndexView } from './index/refresh';
import { keyHashes } from './words';

const SAMPLE_CHUNKS = 4096;

export class Scoring {
  /** Per concept, per needle, the hashes of the index keys a chunk must have to hold the needle. */
  private readonly hashes: [number, number][][][];
  readonly weights: number[];

  constructor(
    readonly q: Query,
    view: Pick<IndexView, 'indexed'>,
  ) {
    this.hashes = q.concepts.map((c) => c.needles.map((n) => n.keys.map(keyHashes)));
    this.weights = this.rarity(view);
  }

  /** The concepts (a bit mask, among `within`) a chunk may hold according to its filter. */
  mayHold(chunk: Chunk, within = -1): number {
    let mask = 0;
    for (let i = 0; i < this.hashes.length; i++) {
      if (!(within & (1 << i))) continue;
      for (const keys of this.hashes[i]) {
        let all = true;
        for (let k = 0; k < keys.length && all; k++) all = mayHave(chunk, keys[k]);
        if (all) {
          mask |= 1 << i;
          break;
        }
      }
    }
    return mask;
  }

  /** The weight of the concepts in `mask`; 1 for every snippet of a query of dates alone. */
  weigh(mask: number): number {
    if (!this.q.concepts.length) return 1;
    let sum = 0;
    for (let i = 0; i < this.weights.length; i++) if (mask & (1 << i)) sum += this.weights[i];
    return sum;
  }

  private rarity(view: Pick<IndexView, 'indexed'>): number[] {
    if (this.q.concepts.length < 2) return this.q.concepts.map(() => 1); // nothing to weigh against
    const files = [...view.indexed.values()];
    const count = files.reduce((n, f) => n + f.chunks.length, 0);
    const stride = Math.ceil(count / SAMPLE_CHUNKS);
    const df = this.q.concepts.map(() => 0);
    let n = 0;
    let k = 0;
    for (const f of files) {
      for (const chunk of f.chunks) {
        if (k++ % stride || !chunk.filter) continue;
        n++;
        const mask = this.mayHold(chunk);
        for (let i = 0; i < df.length; i++) if (mask & (1 << i)) df[i]++;
      }
    }
    // BM25's idf: ln(1 + (N − n + ½) / (n + ½)); never 0, so a word found everywhere still counts a little.
    return df.map((d) => (n ? Math.log(1 + (n - d + 0.5) / (d + 0.5)) : 1));
  }
}

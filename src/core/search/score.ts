/**
 * Which concepts of a query a chunk may hold according to its Bloom filter: the index's one use
 * in a search is to skip the chunks that cannot match (candidates.ts); what a chunk holds and how
 * rare a concept is are read from the text, so the answer never depends on the index.
 */
import type { Query } from './query';
import { mayHave } from './index/bloom';
import { type Chunk } from './index/chunks';
import { keyHashes } from './words';

export class Scoring {
  /** Per concept, per needle, the hashes of the index keys a chunk must have to hold the needle. */
  private readonly hashes: [number, number][][][];

  constructor(readonly q: Query) {
    this.hashes = q.concepts.map((c) => c.needles.map((n) => n.keys.map(keyHashes)));
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
}

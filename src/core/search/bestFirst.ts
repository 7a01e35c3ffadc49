/**
 * The search's queue of candidates, best first (a binary heap). Equals leave in the order they
 * were added, except that a later batch goes before the equals added earlier: a batch holds what
 * a look into a file just found, to be visited before it moves on.
 */
export class BestFirst<T> {
  private readonly heap: { item: T; seq: number }[] = [];
  private low = 0;

  /** `compare` < 0 when its first argument is to be visited first. */
  constructor(
    private readonly compare: (a: T, b: T) => number,
    first: T[] = [],
  ) {
    this.add(first);
  }

  add(batch: T[]): void {
    this.low -= batch.length;
    batch.forEach((item, k) => this.push({ item, seq: this.low + k }));
  }

  peek(): T | undefined {
    return this.heap[0]?.item;
  }

  pop(): T | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (last && top !== last) {
      this.heap[0] = last;
      this.down(0);
    }
    return top?.item;
  }

  private before(i: number, j: number): boolean {
    const a = this.heap[i];
    const b = this.heap[j];
    return (this.compare(a.item, b.item) || a.seq - b.seq) < 0;
  }

  private swap(i: number, j: number): void {
    [this.heap[i], this.heap[j]] = [this.heap[j], this.heap[i]];
  }

  private push(e: { item: T; seq: number }): void {
    let i = this.heap.push(e) - 1;
    for (let up = (i - 1) >> 1; i > 0 && this.before(i, up); i = up, up = (i - 1) >> 1) this.swap(i, up);
  }

  private down(i: number): void {
    for (;;) {
      let best = i;
      for (const child of [2 * i + 1, 2 * i + 2]) if (child < this.heap.length && this.before(child, best)) best = child;
      if (best === i) return;
      this.swap(i, best);
      i = best;
    }
  }
}

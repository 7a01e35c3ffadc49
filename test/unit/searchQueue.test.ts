import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BestFirst } from '../../src/core/search/bestFirst';

describe('search queue', () => {
  it('gives the best first; equals in the order added, a later batch before earlier equals', () => {
    const q = new BestFirst<[number, string]>((a, b) => b[0] - a[0], [
      [1, 'a'],
      [3, 'b'],
      [1, 'c'],
      [2, 'd'],
    ]);
    assert.deepEqual(q.pop(), [3, 'b']);
    q.add([
      [1, 'e'],
      [2, 'f'],
      [1, 'g'],
    ]);
    assert.deepEqual(q.peek(), [2, 'f']);
    const order: string[] = [];
    for (let x = q.pop(); x; x = q.pop()) order.push(x[1]);
    assert.deepEqual(order, ['f', 'd', 'e', 'g', 'a', 'c']);
    assert.equal(q.pop(), undefined);
  });

  it('orders many items exactly as a stable sort would', () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ key: (i * 7919) % 13, id: i }));
    const q = new BestFirst<{ key: number; id: number }>((a, b) => a.key - b.key, items);
    const out: number[] = [];
    for (let x = q.pop(); x; x = q.pop()) out.push(x.id);
    assert.deepEqual(out, [...items].sort((a, b) => a.key - b.key).map((x) => x.id));
  });
});

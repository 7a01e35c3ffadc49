/** How completion and workspace symbols order what matches. */

/**
 * How well a label matches a query, both in lower case: 0 prefix, 1 start of a word,
 * 2 anywhere, 3 its letters in order; -1 no match. An empty query matches everything equally.
 */
export function matchTier(label: string, query: string): number {
  if (!query) return 0;
  const at = label.indexOf(query);
  if (at === 0) return 0;
  if (at > 0) return /[\s\-_./(]/.test(label[at - 1]) ? 1 : 2;
  let i = 0;
  for (let j = 0; j < label.length && i < query.length; j++) if (label[j] === query[i]) i++;
  return i === query.length ? 3 : -1;
}

/**
 * Frequency (links to it) and recency (days from its last mention to `today`) in one number,
 * higher is better: ln(1 + links) + 2 / (1 + age / 7). Recency is memoised per day, since
 * thousands of entities share a few hundred last days.
 */
export function frecency(today: string): (links: number, lastDay: string | undefined) => number {
  const recency = new Map<string, number>();
  const now = Date.parse(today);
  return (links, lastDay) => {
    let r = lastDay === undefined ? 0 : recency.get(lastDay);
    if (r === undefined) {
      const age = Math.max(0, (now - Date.parse(lastDay!)) / 86_400_000);
      recency.set(lastDay!, (r = 2 / (1 + age / 7)));
    }
    return Math.log1p(links) + r;
  };
}

/** The indexes of the `k` best ranks (lower is better; ties by label), without sorting them all. */
export function best(ranks: number[], k: number, labelOf: (i: number) => string): number[] {
  let kept = ranks.map((_, i) => i);
  if (ranks.length > k) {
    const cut = Float64Array.from(ranks).sort()[k - 1];
    kept = kept.filter((i) => ranks[i] <= cut);
  }
  return kept.sort((a, b) => ranks[a] - ranks[b] || (labelOf(a) < labelOf(b) ? -1 : labelOf(a) > labelOf(b) ? 1 : 0)).slice(0, k);
}

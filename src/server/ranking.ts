/** How completion and workspace symbols order what matches. */

/**
 * How well `label` matches `query` (lower case): 0 prefix, 1 start of a word, 2 anywhere,
 * 3 its letters in order; -1 no match. An empty query matches everything equally.
 */
export function matchTier(label: string, query: string): number {
  if (!query) return 0;
  const l = label.toLowerCase();
  const at = l.indexOf(query);
  if (at === 0) return 0;
  if (at > 0) return /[\s\-_./(]/.test(l[at - 1]) ? 1 : 2;
  let i = 0;
  for (const ch of l) if (ch === query[i]) i++;
  return i === query.length ? 3 : -1;
}

/** Frequency (links to it) and recency (days since its last mention) in one number; higher is better. */
export function frecency(links: number, lastDay: string | undefined, today: string): number {
  const age = lastDay ? Math.max(0, (Date.parse(today) - Date.parse(lastDay)) / 86_400_000) : 365;
  return Math.log1p(links) + 2 / (1 + age / 7);
}

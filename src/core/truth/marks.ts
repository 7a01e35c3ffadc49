/**
 * What the search, context and MCP layers call to mark a hit whose cited code changed since it was
 * written (docs/truth.md#freshness): one short phrase per hit, or undefined when it is current.
 * A hit with a date is checked from that day (and the entry's time, when its text starts with
 * one); a hit without one (an entity's own notes) only for code that is gone. Light on purpose:
 * the CLI's quick search path loads it (superseded.ts has the vault-wide reading).
 */
import { type CodeWorkspace, checkFreshness, gitCodeWorkspace } from './freshness';
import { findCitations } from './citations';

export interface MarkableHit {
  /** `YYYY-MM-DD`, or null for text without a day. */
  date: string | null;
  text: string;
}

/** A far future: nothing in the history comes after it, so only what is gone counts. */
const UNDATED = '9999-12-31T23:59:59';

/**
 * The stale mark of each hit, in order ("cites src/x.ts, changed 12 commits since" / "cites
 * src/x.ts, deleted in abc123" / "cites src/x.ts, moved to src/y.ts"; several joined by "; ").
 * No git call at all when no hit cites code. `opts.workspace` defaults to the project at `root`.
 */
export async function staleMarks(root: string, hits: readonly MarkableHit[], opts: { workspace?: CodeWorkspace } = {}, signal?: AbortSignal): Promise<(string | undefined)[]> {
  if (!hits.some((h) => findCitations(h.text).length)) return hits.map(() => undefined);
  // Each line of a hit on its own: an entry line from its time, other lines from the hit's day.
  const items: { hit: number; at: string; text: string }[] = [];
  hits.forEach((h, hit) => {
    for (const line of h.text.split('\n')) {
      if (!findCitations(line).length) continue;
      const time = /^- (\d{2}:\d{2})(:\d{2})?\s/.exec(line);
      items.push({ hit, at: h.date ? `${h.date}T${time ? `${time[1]}${time[2] ?? ':00'}` : '00:00:00'}` : UNDATED, text: line });
    }
  });
  const stale = await checkFreshness(items, opts.workspace ?? gitCodeWorkspace(root), {}, signal);
  const marks: string[][] = hits.map(() => []);
  stale.forEach((s, i) => marks[items[i].hit].push(...s.map((x) => x.mark)));
  return marks.map((m) => (m.length ? [...new Set(m)].join('; ') : undefined));
}


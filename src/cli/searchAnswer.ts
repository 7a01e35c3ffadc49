/**
 * What a `coresoul search` prints for its answer, wherever the search ran: the search command
 * (in its own process, or with the warm server's answer) and the search server itself, which
 * sends a quick call (quickSearch.ts) what to print, so that the call runs none of this.
 */
import { localDay } from '../core/shared/clock';
import { type SearchOptions, type SearchResult, foundNothingFor } from '../core/search/result';
import { staleMarks } from '../core/truth/marks';
import { bestLine, recordServed } from '../core/vault/usage';
import { vaultAt } from '../core/vault/layout';
import { recordedSnippets } from '../core/context/recorded';
import { type CommandResult, printedText } from './command';
import { type Printed, type SearchRequest, servedKeysOf } from './searchClient';

/** The options a search runs `req` with: as recorded notes, their rendering counted in the budget. */
export function searchOptions(req: SearchRequest): SearchOptions {
  return req.recorded ? { ...req.options, render: (hits) => recordedSnippets(req.root, hits) } : req.options;
}

/**
 * What the search command prints for the answer to `req`: warnings and a count on stderr; on
 * stdout the hits as recorded notes (labelled, each cited and quoted, a stale one's mark after it),
 * which is the text the search counted against `--max-tokens` (`searchOptions`). The lines it
 * found count as used on the request's day (docs/truth.md#usage-aware-decay); `served`: their
 * usage keys, when already worked out (by the server).
 */
export function searchReply(r: SearchResult, req: SearchRequest, warn: (m: string) => void, served = servedKeysOf(r)): CommandResult {
  for (const w of r.warnings) warn(w);
  if (r.results.length) recordServed(vaultAt(req.root), r.results.map(bestLine), req.options.today ?? localDay(new Date()), served);
  const { warnings: _w, matched: _m, ...json } = r;
  if (!r.results.length && r.matched && (req.options.page ?? 1) > 1) return { json, text: `nothing more: pages 1 to ${(req.options.page ?? 1) - 1} showed every match` };
  if (!r.results.length && r.matched) return { json, text: `nothing fits in ${req.options.maxTokens} tokens: ${r.matched} line(s) found (raise --max-tokens)` };
  if (!r.results.length) return { json, text: `nothing found for "${r.query}"` };
  warn(`${r.results.length} result(s), ${r.tokens} tokens (${r.tokenizer})${r.branch ? `, memory of branch ${r.branch}` : ''}${r.more ? `; ${r.more} more matching line(s): --page ${r.nextPage}` : ''}`);
  return { json, text: `${recordedSnippets(req.root, r.results as MarkedHit[], (h) => h.stale && `  (stale: ${h.stale})`)}${r.missing?.length ? `\n\n${foundNothingFor(r.missing)}` : ''}` };
}

/**
 * What the search command writes for the answer `r` to `req` (stale marks, usage recorded, as
 * `json` or not): the search server sends it to a quick call, which writes it as it is.
 */
export async function printedSearch(r: SearchResult, req: SearchRequest, served: string[] | undefined, json: boolean): Promise<Printed> {
  const stderr: string[] = [];
  const result = searchReply(await markStale(r, req.root), req, (m) => stderr.push(m), served);
  return { stderr, stdout: printedText(result, json), exitCode: result.exitCode ?? 0 };
}

// ---- stale marks (docs/truth.md#freshness): kept apart from the search itself ----------------

/** A hit with, when the code it cites changed since it was written, what changed. */
export type MarkedHit = SearchResult['results'][number] & { stale?: string };

/**
 * Adds a `stale` field to each hit whose cited code was deleted, moved or changed since; a failing
 * check marks nothing. No time bound: the same search in the same project gives the same marks,
 * however long git takes (the check costs nothing when no hit cites code).
 */
export async function markStale(r: SearchResult, root: string): Promise<SearchResult> {
  const marks = await staleMarks(root, r.results).catch(() => []);
  marks.forEach((mark, i) => {
    if (mark) (r.results[i] as MarkedHit).stale = mark;
  });
  return r;
}

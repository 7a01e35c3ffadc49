/**
 * Search Memory as the editor runs it, without `vscode`: refused while the memory switch is off
 * (nothing is read), else the core's ranked search, each snippet turned into one quick-pick row
 * that opens at the snippet's best-matching line.
 */
import * as path from 'node:path';
import { refusedError } from '../../../core/shared/errors';
import { parseQuery } from '../../../core/search/query';
import { type SearchHit, searchMemory } from '../../../core/search/search';
import { type Vault, openVault } from '../../../core/vault/layout';
import { rawDayFile } from '../../../core/compress/rawDays';
import { lineHas } from '../../../core/search/words';
import { authorLabel, lineAuthor } from '../../../core/vault/dayEntries';

export const SEARCH_LIMIT = 30;

export interface SearchPick {
  /** The snippet's best-matching line, without its list marker. */
  label: string;
  /**
   * The day (or the entity for an entity's own notes), who wrote the line, `from history …` for a
   * compressed day's raw line, and `earlier than <day>` when a newer row above replaces it.
   */
  description: string;
  /** Where: `file:line`, relative to the workspace root. */
  detail: string;
  /** Absolute path and 1-based line to open. */
  file: string;
  line: number;
  hit: SearchHit;
}

export function searchFromEditor(root: string, query: string, deps: { memoryEnabled: boolean }): SearchPick[] {
  if (!deps.memoryEnabled) throw refusedError('memory is switched off for this workspace (setting coresoul.memory.enabled), so nothing was searched');
  const v = openVault(root);
  const { results } = searchMemory(v, query, { limit: SEARCH_LIMIT });
  return results.map((hit) => toPick(v, hit, query));
}

function toPick(v: Vault, hit: SearchHit, query: string): SearchPick {
  const lines = hit.text.split('\n');
  const best = bestLine(lines, query);
  const line = hit.start + best;
  // Who wrote the line shown: its own marker, else the hit's (whose marker the snippet leaves out).
  const own = lineAuthor(lines[best]);
  const author = own?.name ? own : hit.author;
  return {
    label: lines[best].trim().replace(/^[-*]\s+/, ''),
    description: [hit.date ?? hit.entity ?? '', author && `by ${authorLabel(author)}`, hit.from && `from ${hit.from}`, hit.earlier && `earlier than ${hit.earlier}`].filter(Boolean).join(' · '),
    detail: `${hit.file}:${hit.from ? hit.line : line}`,
    // The raw lines of a compressed day are no longer in its file: they open from the copy kept for search.
    file: hit.from && hit.date ? rawDayFile(v, hit.date) : path.join(v.root, hit.file),
    line,
    hit,
  };
}

/** Index of the line that holds the most of the query's words (the first such line). */
export function bestLine(lines: string[], query: string): number {
  const needles = parseQuery(query, []).concepts.flatMap((c) => c.needles);
  let best = 0;
  let bestCount = -1;
  lines.forEach((line, i) => {
    const lower = line.toLowerCase();
    const count = line.trim() ? needles.filter((n) => lineHas(lower, n)).length : -1;
    if (count > bestCount) [best, bestCount] = [i, count];
  });
  return best;
}

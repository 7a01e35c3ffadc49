/**
 * Current before stale, when the current entry does not use the query's words
 * (docs/search.md#ranking): "Which test runner do we use now?" finds "the monorepo runs [[Jest]]
 * 29 with ts-jest", and the later "Moved the monorepo from [[Jest]] to [[Vitest]]" says neither
 * "test" nor "runner". An entity an answer's best lines (or their neighbours) link to leads to the newer days its note
 * tags; a line there that names the entity and replaces the older line by the truth engine's rules
 * (truth/supersession.ts: from-to, new value, correction) joins the answer just above the line it
 * replaces, and the ordering of the answer (budget.ts) puts it first. Newest day first: the first
 * day that holds a replacement ends the walk for that entity.
 */
import { findSupersessions, mayReplace } from '../truth/supersession';
import type { Chunk } from './index/chunks';
import { type VaultFile, personalDayRel } from './index/files';
import type { LineReader } from './lineReader';
import type { EntityName } from './query';
import type { Block, ScoredLine } from './rank';
import { mayHave } from './index/bloom';
import { type Needle, keyHashes, needle } from './words';

/** The best lines of an answer whose links (theirs and their neighbours') are followed. */
const FOLLOWED = 3;
const LINK = /\[\[([^\]|#\n]+)/g;

/** Lines around a replacement read with it: a snippet shows at most 5 after its line (budget.ts). */
const CONTEXT = 5;

/** A `[[link]]` as text to find, with the index keys every line that holds it has. */
function linkNeedle(link: string): { needle: Needle; hashes: [number, number][] } {
  return { needle: { text: link, prefix: false, keys: [] }, hashes: (needle(link)?.keys ?? []).map(keyHashes) };
}

/**
 * The lines of a file on `day` that name `link` and say they replace something (whatever it is),
 * in order: worked out once per file and day while the file is unchanged (LineReader.derived),
 * from the chunks whose index filter and bytes may hold the link, their other lines not decoded.
 */
function replacingLines(reader: LineReader, file: VaultFile, day: string, link: Needle, linkHashes: [number, number][]): { chunk: Chunk; i: number; line: string }[] {
  return reader.derived(file, 'replacing', link.text, day, () => {
    const out: { chunk: Chunk; i: number; line: string }[] = [];
    for (const chunk of reader.chunksOf(file, day)) {
      if (!linkHashes.every((h) => mayHave(chunk, h))) continue;
      const { lines, at } = reader.linesWith(file, chunk, [link]);
      for (const i of at) {
        const line = lines[i];
        if (line?.toLowerCase().includes(link.text) && mayReplace(line)) out.push({ chunk, i, line });
      }
    }
    return out;
  });
}

/** `ranked` with the lines that replace its best lines inserted just above them. */
export function withReplacements(ranked: ScoredLine[], names: EntityName[], reader: LineReader, searchable: (file: VaultFile, line: string) => boolean): ScoredLine[] {
  const byName = new Map(names.map((e) => [e.name.toLowerCase(), e]));
  const added: { above: ScoredLine; line: ScoredLine }[] = [];
  const seen = new Set<string>();
  const keyOf = (l: Pick<ScoredLine, 'block' | 'i'>) => `${l.block.file.rel}#${l.i}`;
  for (const old of ranked.slice(0, FOLLOWED)) {
    // The best line and its neighbours, shown with it: an entry's subject is often next to the words that matched.
    for (let i = Math.max(old.block.sectionStart, old.i - 1); i <= Math.min(old.block.sectionEnd - 1, old.i + 1); i++) {
      const text = old.block.lines[i] ?? '';
      for (const m of text.matchAll(LINK)) {
        const e = byName.get(m[1].trim().toLowerCase());
        const note = e && reader.byRel.get(e.rel);
        if (!note) continue;
        const link = linkNeedle(`[[${m[1].trim().toLowerCase()}]]`);
        const days = reader.tags(note).filter((d) => d > old.block.day).sort().reverse();
        for (const day of days) {
          const found = replacementOn(day, link.needle, link.hashes, { id: 'older', at: old.block.day, text }, reader, searchable);
          if (!found) continue;
          if (!seen.has(keyOf(found))) {
            seen.add(keyOf(found));
            // Ranked lower already (it holds a word of the query): it moves up, its own block kept.
            const had = ranked.find((r) => keyOf(r) === keyOf(found));
            added.push({ above: old, line: { ...(had ?? found), score: old.score } });
          }
          break;
        }
      }
    }
  }
  if (!added.length) return ranked;
  const out = ranked.filter((r) => !seen.has(keyOf(r)));
  for (const a of added.reverse()) out.splice(Math.max(0, out.indexOf(a.above)), 0, a.line);
  return out;
}

/**
 * The first line of `day` that names `link` and replaces `older`, with the lines around it as a
 * block. Only the chunks whose index filter and bytes may hold the link are decoded, and only
 * they: an entity is tagged on hundreds of days, walked newest first.
 */
function replacementOn(day: string, link: Needle, linkHashes: [number, number][], older: { id: string; at: string; text: string }, reader: LineReader, searchable: (file: VaultFile, line: string) => boolean): Omit<ScoredLine, 'score'> | undefined {
  const files = [`raw/${day}.md`, `chronological/${day}.md`, `chronological/${day.slice(0, 7)}.md`, personalDayRel(day)].map((rel) => reader.byRel.get(rel)).filter((f): f is VaultFile => !!f);
  for (const file of files) {
    for (const { chunk, i, line } of replacingLines(reader, file, day, link, linkHashes)) {
      if (!searchable(file, line) || !findSupersessions([older, { id: 'newer', at: day, text: line }]).length) continue;
      // The lines a snippet may show around it (budget.ts: at most CONTEXT before and after).
      const lines = reader.around(file, Math.max(chunk.sectionStart, i - CONTEXT), Math.min(chunk.sectionEnd, i + CONTEXT + 1));
      const block: Block = { file, day, sectionStart: chunk.sectionStart, sectionEnd: chunk.sectionEnd, start: i, end: i + 1, lines, narrow: 0 };
      return { block, i };
    }
  }
  return undefined;
}

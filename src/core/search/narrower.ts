/**
 * Narrower words of an English noun — its kinds and instances in WordNet 3.1 ("cities" →
 * chicago, london; "musical instruments" → guitar, piano) — so that a question asked in a
 * category's words finds the lines that name its members (docs/search.md#kinds).
 */
import { narrowerTable } from './narrowerTable';

/** Each lemma of the table with its words, as one string `word word_two …`. */
let rows: Map<string, string> | undefined;

function load(): Map<string, string> {
  if (rows) return rows;
  rows = new Map();
  const t = narrowerTable();
  for (let at = 0; at < t.length; ) {
    let end = t.indexOf('\n', at);
    if (end < 0) end = t.length;
    const tab = t.indexOf('\t', at);
    if (tab > at && tab < end) rows.set(t.slice(at, tab), t.slice(tab + 1, end)); // comment lines have no tab
    at = end + 1;
  }
  return rows;
}

/** The lemma forms a lower-cased English word may have: itself, then its singulars. */
export function lemmas(w: string): string[] {
  const out = [w];
  if (w.endsWith('ies')) out.push(`${w.slice(0, -3)}y`);
  if (w.endsWith('es')) out.push(w.slice(0, -2));
  if (w.endsWith('s') && !w.endsWith('ss')) out.push(w.slice(0, -1));
  if (w.endsWith('men')) out.push(`${w.slice(0, -3)}man`);
  return out;
}

/**
 * The narrower words of a plural noun, or of two words that name one thing in the plural
 * ("musical instruments"); none for a singular word (a question about one thing names it) or one
 * WordNet does not know — unless `askedKind`: the question asks for a kind of it ("what kind of
 * art"), singular or plural.
 */
export function narrowerWords(words: string[], askedKind = false): string[] {
  if (!/^[a-z]+$/.test(words[words.length - 1] ?? '')) return [];
  for (const head of lemmas(words[words.length - 1]).slice(askedKind ? 0 : 1)) {
    const row = load().get([...words.slice(0, -1), head].join('_'));
    if (row) return row.split(' ').map((k) => k.replace('_', ' '));
  }
  return [];
}

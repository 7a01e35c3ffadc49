/**
 * Narrower words of an English noun — its kinds and instances in WordNet 3.1 ("cities" →
 * chicago, london; "martial arts" → karate, judo) — so that a question asked in a category's
 * words finds the lines that name its members (docs/search.md#kinds).
 */
import { narrowerTable } from './narrowerTable';

let table: string | undefined;
const load = () => (table ??= `\n${narrowerTable()}`);

/** The lemma forms a lower-cased English word may have: itself, then its singulars. */
function lemmas(w: string): string[] {
  const out = [w];
  if (w.endsWith('ies')) out.push(`${w.slice(0, -3)}y`);
  if (w.endsWith('es')) out.push(w.slice(0, -2));
  if (w.endsWith('s') && !w.endsWith('ss')) out.push(w.slice(0, -1));
  if (w.endsWith('men')) out.push(`${w.slice(0, -3)}man`);
  return out;
}

/**
 * The narrower words of a plural noun, or of two words that name one thing in the plural
 * ("martial arts"); none for a singular word (a question about one thing names it) or one
 * WordNet does not know.
 */
export function narrowerWords(words: string[]): string[] {
  if (!/^[a-z]+$/.test(words[words.length - 1] ?? '')) return [];
  const heads = lemmas(words[words.length - 1]).slice(1);
  const t = heads.length ? load() : '';
  for (const head of heads) {
    const key = [...words.slice(0, -1), head].join('_');
    const at = t.indexOf(`\n${key}\t`);
    if (at < 0) continue;
    const end = t.indexOf('\n', at + 1);
    return t.slice(at + key.length + 2, end < 0 ? undefined : end).split(' ').map((k) => k.replace('_', ' '));
  }
  return [];
}

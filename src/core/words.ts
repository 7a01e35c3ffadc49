/**
 * Words as search sees them. Queries are segmented with `Intl.Segmenter`, so Chinese text
 * without spaces becomes words (「資料庫遷移」 → 資料庫, 遷移). Matching is literal text,
 * case-insensitive: a Latin word must start at a word boundary (`deploy` finds "deployed", not
 * "redeploy"); a word shorter than four letters, a phrase or a name must also end at one; Han,
 * kana and Hangul need no boundary (「遷移」 finds "Kubernetes 遷移" and "遷移計畫").
 *
 * The search index stores, per chunk of lines, keys that every possible match implies:
 * `w:` whole words, `p:` their first four letters, `b:` CJK character pairs, `u:` lone CJK
 * characters. A needle's keys are a subset of the keys of every line it matches, so a chunk
 * whose filter lacks one of them cannot match (no false negatives).
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// Runs of non-CJK letters/digits, or runs of CJK characters.
const RUNS = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}\p{M}])+/gu;
const ASCII_WORDS = /[a-z0-9]+/g;
const PREFIX = 4;

/** A letter or digit that is not CJK: what a Latin word boundary must not touch. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
export const isWordChar = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c) && !CJK.test(c);
export const hasCjk = (s: string) => CJK.test(s);

let segmenter: Intl.Segmenter | undefined;

/** The words of a query, lower-cased, in order (punctuation dropped). */
export function segmentWords(text: string): string[] {
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const out: string[] = [];
  for (const s of segmenter.segment(text.toLowerCase())) if (s.isWordLike) out.push(s.segment);
  return out;
}

/** Adds the index keys of a lower-cased text to `keys`. */
export function addIndexKeys(lower: string, keys: Set<string>): void {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(lower)) {
    for (const m of lower.matchAll(ASCII_WORDS)) addWordKeys(m[0], keys);
    return;
  }
  for (const m of lower.matchAll(RUNS)) {
    if (m[1] === undefined) addWordKeys(m[0], keys);
    else addCjkKeys(m[1], keys);
  }
}

function addWordKeys(w: string, keys: Set<string>): void {
  keys.add(`w:${w}`);
  if (w.length >= PREFIX) keys.add(`p:${w.slice(0, PREFIX)}`);
}

function addCjkKeys(run: string, keys: Set<string>): void {
  const chars = Array.from(run);
  for (let i = 0; i < chars.length; i++) {
    keys.add(`u:${chars[i]}`);
    if (i + 1 < chars.length) keys.add(`b:${chars[i]}${chars[i + 1]}`);
  }
}

/**
 * A literal, lower-cased string to look for in lines, with its matching rule and the index
 * keys every match implies.
 */
export interface Needle {
  text: string;
  /** A Latin word of 4+ letters alone may match as a prefix; everything else must end at a boundary. */
  prefix: boolean;
  keys: string[];
}

export function needle(text: string, opts: { exact?: boolean } = {}): Needle | undefined {
  const lower = text.toLowerCase().trim().replace(/\s+/g, ' ');
  const parts = [...lower.matchAll(RUNS)];
  if (!parts.length) return undefined;
  const keys = new Set<string>();
  const single = parts.length === 1 && parts[0][1] === undefined;
  const prefix = !opts.exact && single && parts[0][0].length >= PREFIX && parts[0][0] === lower;
  for (const m of parts) {
    if (m[1] !== undefined) addCjkKeys(m[1], keys);
    // A whole word implies its `w:` key; a prefix match implies only the `p:` key.
    else if (prefix) keys.add(`p:${m[0].slice(0, PREFIX)}`);
    else addWordKeys(m[0], keys);
  }
  return { text: lower, prefix, keys: [...keys] };
}

/** Where a lower-cased text contains the needle under its boundary rule, or -1. */
export function findNeedle(lower: string, n: Needle): number {
  const t = n.text;
  for (let i = lower.indexOf(t); i !== -1; i = lower.indexOf(t, i + 1)) {
    if (isWordChar(t[0]) && isWordChar(lower[i - 1])) continue;
    if (!n.prefix && isWordChar(t[t.length - 1]) && isWordChar(lower[i + t.length])) continue;
    return i;
  }
  return -1;
}

export const lineHas = (lowerLine: string, n: Needle) => findNeedle(lowerLine, n) !== -1;

/** The two non-ASCII letters that lower-case to ASCII letters: "K" (Kelvin) to "k", "İ" to "i̇". */
const FOLDS_TO_ASCII = [Buffer.from('\u212a'), Buffer.from('\u0130')];
/** Whether UTF-8 bytes hold a letter that a line's lower-casing turns into an ASCII one. */
export const foldsToAscii = (buf: Buffer) => FOLDS_TO_ASCII.some((b) => buf.includes(b));

// Latin letters, most frequent first, and a rough share of memory text for each character.
const LETTER_RANK = 'etaoinsrhldcumfpgwybvkxjqz';
const isLetterCode = (c: number) => c >= 97 && c <= 122;
const share = (ch: string) => {
  const lower = ch.toLowerCase();
  if (!isLetterCode(lower.charCodeAt(0))) return ch === ' ' ? 0.17 : 0.005;
  return 0.1 * 0.85 ** LETTER_RANK.indexOf(lower) * (ch === lower ? 1 : 0.1); // capitals are rarer
};
/**
 * What looking for a pair of characters costs, in units of the bytes searched: one pass, a stop
 * at every byte equal to its first character, a check of the whole needle at every hit (measured
 * on the benchmark vault: about 8 ms, 12 ns and 1 µs per 100 MB; pairs of letters are about four
 * times likelier than their shares say).
 */
const patternCost = (p: string) => 0.00008 + 0.012 * share(p[0]) + 4 * [...p].reduce((hit, ch) => hit * share(ch), 1);

/**
 * Whether UTF-8 bytes (a whole file, before it is decoded) may hold the needle's text in any
 * letter case: a quick test that never says no to text `lineHas` would find (word boundaries
 * are checked on the lines). `folds` tells whether the bytes hold a letter of FOLDS_TO_ASCII.
 * An ASCII needle is found by two of its characters, in each of their letter cases, with
 * Buffer.indexOf (native speed, no string made of the file), and checked whole at every hit.
 */
export function bytesMayHave(buf: Buffer, n: Needle, folds: () => boolean): boolean {
  const t = n.text;
  if (t === t.toUpperCase()) return buf.includes(t); // nothing with a letter case: the bytes as they are
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(t)) return true; // a cased non-ASCII letter: left to the lines
  if (folds()) return true;
  const { at, patterns } = anchorOf(n);
  for (const v of patterns) {
    for (let p = buf.indexOf(v); p !== -1; p = buf.indexOf(v, p + 1)) {
      if (p >= at && p - at + t.length <= buf.length && asciiAt(buf, p - at, t)) return true;
    }
  }
  return false;
}

const anchors = new WeakMap<Needle, { at: number; patterns: Buffer[] }>();

/** The cheapest pair of characters of an ASCII needle to look for, and its patterns in every letter case. */
function anchorOf(n: Needle): { at: number; patterns: Buffer[] } {
  let anchor = anchors.get(n);
  if (anchor) return anchor;
  const t = n.text;
  let best = Infinity;
  for (let at = 0; at + Math.min(2, t.length) <= t.length; at++) {
    let patterns = [''];
    for (const ch of t.slice(at, at + 2)) patterns = patterns.flatMap((p) => (ch === ch.toUpperCase() ? [p + ch] : [p + ch, p + ch.toUpperCase()]));
    const cost = patterns.reduce((sum, p) => sum + patternCost(p), 0);
    if (cost < best) [best, anchor] = [cost, { at, patterns: patterns.map((p) => Buffer.from(p, 'latin1')) }];
  }
  anchors.set(n, anchor!);
  return anchor!;
}

/** Whether `buf` holds the lower-case ASCII text `t` at `start`, in any letter case. */
function asciiAt(buf: Buffer, start: number, t: string): boolean {
  for (let k = 0; k < t.length; k++) {
    const b = buf[start + k];
    if ((b >= 65 && b <= 90 ? b + 32 : b) !== t.charCodeAt(k)) return false;
  }
  return true;
}

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

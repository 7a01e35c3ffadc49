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

import { minimatch } from 'minimatch';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// Runs of non-CJK letters/digits, or runs of CJK characters.
const RUNS = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}\p{M}])+/gu;
const PREFIX = 4;

/** A letter or digit that is not CJK: what a Latin word boundary must not touch. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
export const isWordChar = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c) && !CJK.test(c);
/** Whether a text has a Han, kana or Hangul character (words without spaces). */
export const hasCjk = (s: string) => CJK.test(s);

let segmenter: Intl.Segmenter | undefined;

/** The words of a query, lower-cased, in order (punctuation dropped). */
export function segmentWords(text: string): string[] {
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const out: string[] = [];
  for (const s of segmenter.segment(text.toLowerCase())) if (s.isWordLike) out.push(s.segment);
  return out;
}

/** Receives an index key: `tag` (a char code: w, p, b or u) and the text `s.slice(from, to)`. */
export type KeyEmit = (tag: number, s: string, from: number, to: number) => void;
const [W, P, B, U] = ['w', 'p', 'b', 'u'].map((t) => t.charCodeAt(0));

/** The index keys of a lower-cased text, without making a string of them. */
export function indexKeys(lower: string, emit: KeyEmit): void {
  // Maximal runs of one class, as the RUNS pattern finds them, a character class at a time.
  let start = 0;
  let kind = NONE;
  for (let i = 0; i <= lower.length; ) {
    const c = i < lower.length ? lower.charCodeAt(i) : -1;
    const d = lower.charCodeAt(i + 1); // NaN past the end
    const pair = c >= 0xd800 && c < 0xdc00 && d >= 0xdc00 && d < 0xe000; // a surrogate pair: one character
    const k = c < 0 ? NONE : pair ? classOfText(lower.slice(i, i + 2)) : classOfUnit(c);
    if (k !== kind) {
      if (kind === CJK_RUN) cjkKeys(lower, start, i, emit);
      else if (kind === WORD_RUN) wordKeys(lower, start, i, emit);
      [start, kind] = [i, k];
    }
    i += pair ? 2 : 1;
  }
}

const [NONE, CJK_RUN, WORD_RUN] = [0, 1, 2];
const WORD_CLASS = /[\p{L}\p{N}\p{M}]/u;
const classOfText = (ch: string) => (CJK.test(ch) ? CJK_RUN : WORD_CLASS.test(ch) ? WORD_RUN : NONE);
// The class of every UTF-16 unit outside the surrogates, worked out on first sight: a pattern test per character costs more.
const unitClasses = new Uint8Array(0x10000).fill(0xff);
function classOfUnit(c: number): number {
  if (unitClasses[c] === 0xff) unitClasses[c] = classOfText(String.fromCharCode(c));
  return unitClasses[c];
}

function wordKeys(s: string, from: number, to: number, emit: KeyEmit): void {
  emit(W, s, from, to);
  if (to - from >= PREFIX) emit(P, s, from, from + PREFIX);
}

const charWidth = (s: string, i: number) => (s.codePointAt(i)! > 0xffff ? 2 : 1);

function cjkKeys(s: string, from: number, to: number, emit: KeyEmit): void {
  for (let i = from; i < to; i += charWidth(s, i)) {
    const next = i + charWidth(s, i);
    emit(U, s, i, next);
    if (next < to) emit(B, s, i, next + charWidth(s, next));
  }
}

/**
 * Two 32-bit hashes of the key `${tag}:${s.slice(from, to)}` (FNV-1a and a multiplicative mix),
 * for a Bloom filter's double hashing, into `out`; the index hashes lines' keys this way,
 * without making their strings.
 */
export function hashKey(tag: number, s: string, from: number, to: number, out: Uint32Array): void {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ (to - from + 2);
  for (let i = from - 2; i < to; i++) {
    const c = i === from - 2 ? tag : i === from - 1 ? 58 : s.charCodeAt(i); // tag, ':', text
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 13);
  }
  out[0] = h1 >>> 0;
  out[1] = (h2 | 1) >>> 0;
}

/** The hashes of a key written out (`w:deploy`), as a needle has them. */
export function keyHashes(key: string): [number, number] {
  const out = new Uint32Array(2);
  hashKey(key.charCodeAt(0), key, 2, key.length, out);
  return [out[0], out[1]];
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
  /**
   * A file's path (`src/billing/proration.ts`) or an identifier (`lims_sample`): the needle's
   * text is one of its folders (`src/billing/`) or beginnings (`lims_`), and it matches only where
   * what is written from there is a glob or a folder that holds it (`src/billing/**`,
   * `/src/billing/`, `lims_*`; not `src/billing/*.sql`, not a sibling file). See `globNeedles`,
   * `identifierGlobNeedles`.
   */
  path?: string;
}

export function needle(text: string, opts: { exact?: boolean } = {}): Needle | undefined {
  const lower = text.toLowerCase().trim().replace(/\s+/g, ' ');
  const parts = [...lower.matchAll(RUNS)];
  if (!parts.length) return undefined;
  const keys = new Set<string>();
  const key: KeyEmit = (tag, t, from, to) => keys.add(`${String.fromCharCode(tag)}:${t.slice(from, to)}`);
  const single = parts.length === 1 && parts[0][1] === undefined;
  const prefix = !opts.exact && single && parts[0][0].length >= PREFIX && parts[0][0] === lower;
  for (const m of parts) {
    if (m[1] !== undefined) cjkKeys(m[1], 0, m[1].length, key);
    // A whole word implies its `w:` key; a prefix match implies only the `p:` key.
    else if (prefix) key(P, m[0], 0, PREFIX);
    else wordKeys(m[0], 0, m[0].length, key);
  }
  return { text: lower, prefix, keys: [...keys] };
}

/** Where a lower-cased text contains the needle under its boundary rule, or -1. */
export function findNeedle(lower: string, n: Needle): number {
  const t = n.text;
  for (let i = lower.indexOf(t); i !== -1; i = lower.indexOf(t, i + 1)) {
    if (isWordChar(t[0]) && isWordChar(lower[i - 1])) continue;
    if (!n.prefix && isWordChar(t[t.length - 1]) && isWordChar(lower[i + t.length])) continue;
    if (n.path !== undefined && !globMatches(lower, i, n.path)) continue;
    return i;
  }
  return -1;
}

/** A glob as written in a line: up to a space, a quote or a bracket. */
const GLOB_TEXT = /[^\s`'"()[\]<>,;]+/y;
const PATH_CHAR = /[\p{L}\p{N}_./*-]/u;

/**
 * Whether what a line writes at `at` names `path`: a glob that matches it, or a folder that holds
 * it (`src/billing/`, read as `src/billing/**` as CODEOWNERS and .gitignore read it), perhaps from
 * the root (`/src/billing/`), not inside another path (`web/src/billing/**`); the punctuation that
 * ends a sentence is not part of it.
 */
function globMatches(lower: string, at: number, path: string): boolean {
  const from = lower[at - 1] === '/' ? at - 1 : at;
  if (from > 0 && PATH_CHAR.test(lower[from - 1])) return false;
  GLOB_TEXT.lastIndex = at;
  const written = GLOB_TEXT.exec(lower)?.[0].replace(/[.:]+$/, '') ?? '';
  return minimatch(path, written.endsWith('/') ? `${written}**` : written, { dot: true });
}

/** Globs are looked for from at most this many of a path's folders, from its root: ownership is written for the first few. */
const MAX_GLOB_FOLDERS = 8;

/**
 * The folders of a file's path as needles for the globs written about them: one per folder it is
 * in (`src/billing/`, `src/` for `./src/billing/proration.ts`), each matching where a line writes
 * a glob or a folder that holds the path — `src/billing/**` in "Tomás owns src/billing/**",
 * `/src/billing/` in a CODEOWNERS line. None for a name without a folder.
 */
export function globNeedles(path: string): Needle[] {
  const lower = path.toLowerCase().replace(/^(?:\.{1,2}\/)+/, '');
  const parts = lower.split('/');
  const out: Needle[] = [];
  for (let k = Math.min(parts.length - 1, MAX_GLOB_FOLDERS); k >= 1; k--) {
    const n = needle(`${parts.slice(0, k).join('/')}/`, { exact: true });
    if (n) out.push({ ...n, path: lower });
  }
  return out;
}

/**
 * The beginnings of an identifier joined by underscores as needles for the globs written about
 * it: `lims_` for `lims_sample`, matching where a line writes `lims_*` ("the lims_* tables go
 * through Dmitri"), not `lims_run`. None for an identifier without an underscore.
 */
export function identifierGlobNeedles(identifier: string): Needle[] {
  const lower = identifier.toLowerCase();
  const out: Needle[] = [];
  for (let k = lower.lastIndexOf('_'); k > 0; k = lower.lastIndexOf('_', k - 1)) {
    const n = needle(lower.slice(0, k + 1), { exact: true });
    if (n) out.push({ ...n, path: lower });
  }
  return out;
}

export const lineHas = (lowerLine: string, n: Needle) => findNeedle(lowerLine, n) !== -1;

/** A text as a pattern that matches it literally. */

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
 */
export function bytesMayHave(buf: Buffer, n: Needle, folds: () => boolean): boolean {
  const at = needleStarts(buf, n, folds, true);
  return !at || at.length > 0;
}

/**
 * Where in UTF-8 bytes the needle's text starts in any letter case, in order (the first only,
 * with `first`), or undefined when the bytes cannot tell: a cased non-ASCII letter in the needle,
 * or a letter of FOLDS_TO_ASCII in the bytes (`folds`), is left to the decoded lines. An ASCII
 * needle is found by two of its characters, in each of their letter cases, with Buffer.indexOf
 * (native speed, no string made of the bytes), and checked whole at every hit.
 */
export function needleStarts(buf: Buffer, n: Needle, folds: () => boolean, first = false): number[] | undefined {
  const t = n.text;
  const out: number[] = [];
  if (t === t.toUpperCase()) {
    // Nothing with a letter case: the bytes as they are.
    const bytes = textBytes(n);
    for (let p = buf.indexOf(bytes); p !== -1 && !(first && out.length); p = buf.indexOf(bytes, p + 1)) out.push(p);
    return out;
  }
  if (Buffer.byteLength(t) !== t.length) return undefined;
  if (folds()) return undefined;
  const { at, patterns } = anchorOf(n);
  for (const v of patterns) {
    for (let p = buf.indexOf(v); p !== -1; p = buf.indexOf(v, p + 1)) {
      if (p < at || p - at + t.length > buf.length || !asciiAt(buf, p - at, t)) continue;
      out.push(p - at);
      if (first) return out;
    }
  }
  return patterns.length > 1 ? out.sort((a, b) => a - b) : out;
}

const encoded = new WeakMap<Needle, Buffer>();
/** The needle's text as UTF-8. */
function textBytes(n: Needle): Buffer {
  let b = encoded.get(n);
  if (!b) encoded.set(n, (b = Buffer.from(n.text)));
  return b;
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

/** Text rules every domain shares: control characters, strict UTF-8 and regular-expression escapes. */

/** C0 control characters and DEL, as the inside of a character class (for larger classes). */
export const CONTROL_RANGE = '\\u0000-\\u001f\\u007f';
const CONTROL = new RegExp(`[${CONTROL_RANGE}]`);
const CONTROLS = new RegExp(`[${CONTROL_RANGE}]`, 'g');
/** Control characters other than tab and line ends: what no hand-written Markdown holds. */
// eslint-disable-next-line no-control-regex -- these are the characters looked for
const STRAY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const hasControlCharacter = (text: string) => CONTROL.test(text);
export const replaceControlCharacters = (text: string, by: string) => text.replace(CONTROLS, by);

/** The first control character of a text other than tab and line ends, as `U+XXXX`. */
export function controlCharacter(text: string): string | undefined {
  const c = STRAY_CONTROL.exec(text)?.[0];
  return c && `U+${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
}

/**
 * What no reader should be shown as it is (docs/trust.md#memories-are-data). Line separators
 * other than LF and CR — U+0085 (NEL), U+2028, U+2029 — end a line for some tokenizers, editors
 * and terminals but not for the vault's readers, so a stored "one line" could carry a second one
 * past every check. Invisible format characters (Unicode Cf: the bidi embeddings, overrides and
 * isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E/U+200F/U+061C, zero-width spaces and
 * word joiners, the soft hyphen, U+FEFF, the interlinear annotations, the tag characters
 * U+E0000–U+E007F) and the C1 controls show nothing yet change what a text says to a model or
 * how it is displayed (Trojan Source, ASCII smuggling, words split past a check).
 */
const INVISIBLE = /[\u0080-\u009f\u2028\u2029\p{Cf}]/u;
const INVISIBLES = /[\u0080-\u009f\u2028\u2029\p{Cf}]/gu;
const isNonAscii = (c: string | undefined) => c !== undefined && c.charCodeAt(0) > 0x7f && !INVISIBLE.test(c);

/**
 * `text` with its line separators made line ends (`\n`) and its invisible characters removed.
 * ZWNJ and ZWJ (U+200C, U+200D) stay between two visible non-ASCII characters, where Persian,
 * Indic scripts and emoji sequences need them. Idempotent; a text without any is returned as is.
 */
export function neutraliseInvisible(text: string): string {
  if (!INVISIBLE.test(text)) return text;
  return text.replace(INVISIBLES, (c: string, at: number, all: string) => {
    if (c === '\u0085' || c === '\u2028' || c === '\u2029') return '\n';
    if ((c === '\u200c' || c === '\u200d') && isNonAscii(all[at - 1]) && isNonAscii(all[at + 1])) return c;
    return '';
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of bytes that are valid UTF-8, else undefined (rewriting such a file would lose bytes). */
export function decodeUtf8Strict(buf: Uint8Array): string | undefined {
  try {
    return utf8.decode(buf);
  } catch {
    return undefined;
  }
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `s` as one POSIX shell word: single-quoted, a quote inside written as `'\''`. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

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

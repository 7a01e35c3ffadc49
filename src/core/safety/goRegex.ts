/**
 * Go (RE2) regular expressions, as gitleaks' rules are written, turned into JavaScript ones
 * (rules.ts loads them). The differences that matter for those rules: inline flags anywhere
 * (`(?i)` part-way, `(?i:…)`, `(?-i:…)`, `(?s:…)`), which JavaScript before Node 23 cannot
 * scope, so case-insensitive letters become `[aA]` and a dot-all `.` becomes `[\s\S]`; `\z` and
 * `\A`; `\x{…}`; POSIX classes (`[[:alnum:]]`); `(?P<name>`; and Go's `.`, which stops only at
 * `\n`. Anything else RE2 has and these rules do not use is refused, not guessed.
 */

interface Flags {
  i: boolean;
  s: boolean;
}

const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  digit: '0-9',
  lower: 'a-z',
  upper: 'A-Z',
  space: '\\t\\n\\v\\f\\r ',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
  punct: '!-\\/:-@\\[-`{-~',
};

const isLetter = (c: string) => /^[A-Za-z]$/.test(c);
const swapCase = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());

/** `\x{1F}` → `\u001f`; otherwise the escape as JavaScript reads it. */
function escapeAt(src: string, i: number): { text: string; end: number } {
  const c = src[i + 1];
  if (c === undefined) throw new SyntaxError(`trailing backslash in ${src}`);
  if (c === 'x' && src[i + 2] === '{') {
    const close = src.indexOf('}', i);
    const code = parseInt(src.slice(i + 3, close), 16);
    if (!(code <= 0xffff)) throw new SyntaxError(`unsupported escape in ${src}`);
    return { text: `\\u${code.toString(16).padStart(4, '0')}`, end: close + 1 };
  }
  if (c === 'x' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 2, i + 4))) return { text: src.slice(i, i + 4), end: i + 4 };
  if ('pPQEC'.includes(c)) throw new SyntaxError(`unsupported escape \\${c} in ${src}`);
  return { text: `\\${c}`, end: i + 2 };
}

/** One bracketed class from `[` at `i`, with both cases of its letters under `(?i)`. */
function classAt(src: string, i: number, flags: Flags): { text: string; end: number } {
  let j = i + 1;
  let out = '';
  const negated = src[j] === '^';
  if (negated) j++;
  const extra: string[] = [];
  let first = true;
  while (j < src.length && (src[j] !== ']' || first)) {
    first = false;
    if (src.startsWith('[:', j)) {
      const close = src.indexOf(':]', j);
      const name = src.slice(j + 2, close);
      if (!POSIX[name]) throw new SyntaxError(`unsupported class [:${name}:] in ${src}`);
      out += POSIX[name];
      j = close + 2;
      continue;
    }
    let lo: string;
    if (src[j] === '\\') {
      const e = escapeAt(src, j);
      out += e.text;
      lo = e.text.length === 2 ? e.text[1] : '';
      j = e.end;
      if (lo && !/[^A-Za-z]/.test(lo)) lo = ''; // \d, \w, \s…: not a letter
    } else {
      lo = src[j];
      out += lo === '[' || lo === ']' ? `\\${lo}` : lo;
      j++;
    }
    if (src[j] === '-' && src[j + 1] !== ']' && j + 1 < src.length) {
      let hi: string;
      if (src[j + 1] === '\\') {
        const e = escapeAt(src, j + 1);
        out += `-${e.text}`;
        hi = e.text.length === 2 ? e.text[1] : '';
        j = e.end;
      } else {
        hi = src[j + 1];
        out += `-${hi}`;
        j += 2;
      }
      if (flags.i && isLetter(lo) && isLetter(hi) && (lo === lo.toLowerCase()) === (hi === hi.toLowerCase())) extra.push(`${swapCase(lo)}-${swapCase(hi)}`);
    } else if (flags.i && isLetter(lo)) {
      extra.push(swapCase(lo));
    }
  }
  if (src[j] !== ']') throw new SyntaxError(`unterminated class in ${src}`);
  // The other cases first: after a class's last item, `A-Z` could join a trailing `-` into a range.
  return { text: `[${negated ? '^' : ''}${extra.join('')}${out}]`, end: j + 1 };
}

/** Flags set by `(?i)`, `(?-i:`, `(?is)`…: the state after them. */
function applyFlags(spec: string, flags: Flags, src: string): Flags {
  const next = { ...flags };
  let on = true;
  for (const f of spec) {
    if (f === '-') on = false;
    else if (f === 'i' || f === 's') next[f] = on;
    else throw new SyntaxError(`unsupported flag ${f} in ${src}`);
  }
  return next;
}

/**
 * A Go regular expression as JavaScript source and flags. One that is case-insensitive
 * throughout keeps the `i` flag (faster than `[aA]` for every letter).
 */
export function goRegExp(src: string, flags = ''): RegExp {
  if (src.startsWith('(?i)') && !src.includes('(?-i')) return new RegExp(goToJs(src.slice(4)), `${flags}i`);
  return new RegExp(goToJs(src), flags);
}

/** The JavaScript source for a Go regular expression: compile it with no flags but `g`/`d`. */
export function goToJs(src: string): string {
  let out = '';
  let flags: Flags = { i: false, s: false };
  const outer: Flags[] = [];
  for (let i = 0; i < src.length; ) {
    const c = src[i];
    if (c === '\\') {
      const next = src[i + 1];
      const e = next === 'z' ? { text: '$', end: i + 2 } : next === 'A' ? { text: '^', end: i + 2 } : escapeAt(src, i);
      out += e.text;
      i = e.end;
    } else if (c === '[') {
      const k = classAt(src, i, flags);
      out += k.text;
      i = k.end;
    } else if (c === '(') {
      if (src[i + 1] !== '?') {
        outer.push(flags);
        out += '(';
        i++;
        continue;
      }
      const named = /^\(\?P?<(\w+)>/.exec(src.slice(i));
      const inline = /^\(\?([a-zA-Z-]*)([:)])/.exec(src.slice(i));
      if (named) {
        outer.push(flags);
        out += `(?<${named[1]}>`;
        i += named[0].length;
      } else if (inline && inline[2] === ')') {
        flags = applyFlags(inline[1], flags, src); // to the end of the enclosing group
        i += inline[0].length;
      } else if (inline) {
        outer.push(flags);
        flags = applyFlags(inline[1], flags, src);
        out += '(?:';
        i += inline[0].length;
      } else {
        throw new SyntaxError(`unsupported group in ${src}`);
      }
    } else if (c === ')') {
      flags = outer.pop() ?? flags;
      out += ')';
      i++;
    } else if (c === '.') {
      out += flags.s ? '[\\s\\S]' : '[^\\n]';
      i++;
    } else if (flags.i && isLetter(c)) {
      out += `[${c}${swapCase(c)}]`;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

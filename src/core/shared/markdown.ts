/**
 * Fenced code in Markdown, as CommonMark reads it: a fence is up to three spaces, then three or
 * more backticks or tildes, then an info string (`yaml`); it closes at a line of the same
 * character, at least as long, with nothing after it; an unclosed fence runs to the end. Every
 * reader that must skip code (the soul check, invariants, persona.md, imports, link masking)
 * walks lines through this one function.
 */

/** A fence line: its run of backticks or tildes, then the rest of the line. */
const FENCE_RE = /^ {0,3}(`{3,}|~{3,})([^\n]*)$/;

export interface MarkdownLine {
  text: string;
  /** 'prose' outside code; 'open' and 'close' the fence lines; 'code' inside. */
  role: 'prose' | 'open' | 'code' | 'close';
  /** The info string of the fence this line opens or is in ('' for prose). */
  info: string;
}

/** Each line of `lines` with its place in or out of fenced code. */
export function* markdownLines(lines: Iterable<string>): Generator<MarkdownLine> {
  let fence = '';
  let info = '';
  for (const text of lines) {
    const f = FENCE_RE.exec(text);
    if (!fence) {
      if (f && !(f[1][0] === '`' && f[2].includes('`'))) {
        [fence, info] = [f[1], f[2].trim()];
        yield { text, role: 'open', info };
      } else yield { text, role: 'prose', info: '' };
    } else if (f && f[1][0] === fence[0] && f[1].length >= fence.length && !f[2].trim()) {
      yield { text, role: 'close', info };
      fence = '';
    } else yield { text, role: 'code', info };
  }
}

/**
 * Whether an entity note not indexed yet has a hand-written line (one search reads) is found in its
 * bytes without decoding them: exactly what the pattern the index uses finds in its text read as
 * Latin-1, after the note's head.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entityHead } from '../../../src/core/search/index/files';
import { noteHasLines } from '../../../src/core/search/lineReader';

const NOTE_LINE = /^(?!- \[\[\d{4}-\d{2}-\d{2}(?:[#|][^\]\n]*)?\]\])[^\S\n]*\S/m;

/** The pattern over the note's text after its head: what noteHasLines must answer. */
function oracle(raw: Buffer): boolean {
  const text = raw.toString('latin1');
  const lines = text.split('\n', 64);
  const { bodyStart } = entityHead(lines.map((l) => l.replace(/\r$/, '')));
  if (bodyStart >= lines.length) return NOTE_LINE.test(text);
  let offset = 0;
  for (let i = 0; i < bodyStart; i++) offset += lines[i].length + 1;
  return NOTE_LINE.test(text.slice(offset));
}

const HEAD = '---\nkind: objects\naliases: []\ncreated: 2024-01-01\n---\n# Atlas\n\n';
const tags = (n: number, end = '\n') => Array.from({ length: n }, (_, i) => `- [[2024-01-${String((i % 28) + 1).padStart(2, '0')}]] 09:00:00 worked on [[Atlas]]${end}`).join('');

describe('an entity note has a hand-written line', () => {
  const cases: [string, string | Buffer, boolean][] = [
    ['date tags only', HEAD + tags(300), false],
    ['a line after thousands of tags', `${HEAD}${tags(2000)}the one line of its own\n`, true],
    ['a line on top', `${HEAD}Atlas is the billing service.\n${tags(10)}`, true],
    ['tags with anchors and labels', `${HEAD}- [[2024-01-01#a]] x\n- [[2024-01-02|day]] y\n`, false],
    ['a tag that is not one (no closing brackets)', `${HEAD}- [[2024-01-01 x\n`, true],
    ['a date that is not one', `${HEAD}- [[2024-1-01]] x\n`, true],
    ['an indented tag', `${HEAD}  - [[2024-01-01]] x\n`, true],
    ['blank lines of spaces, tabs, no-break spaces and \\r', `${HEAD}${tags(3)} \t\u00a0\r\n\n${tags(2)}`, false],
    ['CRLF line ends', HEAD.replace(/\n/g, '\r\n') + tags(50, '\r\n'), false],
    ['a lone \\r before text starts a line', `${HEAD}${tags(2, '\r')}x\n`, true],
    ['white space and \\r before a tag', `${HEAD}   \r- [[2024-01-01]] x\n`, true],
    ['a character that is not white space in \\s terms (U+0085)', Buffer.concat([Buffer.from(`${HEAD}${tags(2)}`), Buffer.from([0x85, 0x0a])]), true],
    ['an empty note', '', false],
    ['a head only', HEAD, false],
    ['a head of more than 64 lines', `---\n${'aliases:\n'.repeat(70)}---\n${tags(5)}`, true],
  ];
  for (const [name, text, expected] of cases) {
    it(name, () => {
      const raw = Buffer.isBuffer(text) ? text : Buffer.from(text, 'latin1');
      assert.equal(oracle(raw), expected, 'the case says what the pattern says');
      assert.equal(noteHasLines(raw), expected);
    });
  }

  it('answers as the pattern does on notes made of random pieces', () => {
    const pieces = ['- [[2024-01-02]]', '- [[2024-01-02#x]]', '- [[2024-01-02|y', ']]', ']', '- [[2024-0', ' ', '\t', '\r', '\n', '\n', '\n', '\u00a0', '\u0085', 'x', '#', '|', '# Atlas\n', '---\n', 'aliases: [a]\n', '\u000b', '\u000c'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (let n = 0; n < 3000; n++) {
      const len = next() % 40;
      const text = (n % 2 ? HEAD : '') + Array.from({ length: len }, () => pieces[next() % pieces.length]).join('');
      const raw = Buffer.from(text, 'latin1');
      assert.equal(noteHasLines(raw), oracle(raw), JSON.stringify(text));
    }
  });
});

/** `[[links]]` in @coresoul's streamed answers become links to the vault's notes (features/chat/wikiLinks.model.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wikiLinkWriter } from '../../../src/extension/features/chat/wikiLinks.model';

const NOTES: Record<string, string> = { postgresql: 'file:///ws/.CoreSoul/memory/entities/objects/PostgreSQL.md', '2026-03-10': 'file:///ws/.CoreSoul/memory/chronological/2026-03-10.md' };
const href = (target: string) => NOTES[target.toLowerCase()];

/** The whole answer as the chat shows it, streamed in `chunks`. */
function rendered(chunks: string[]): { text: string; writes: number } {
  const out: string[] = [];
  const writer = wikiLinkWriter(href, (md) => out.push(md));
  for (const c of chunks) writer.push(c);
  writer.flush();
  return { text: out.join(''), writes: out.length };
}

describe('chat: [[links]] in answers', () => {
  it('renders a known entity and a day as links, with an alias as the label', () => {
    assert.equal(
      rendered(['We chose [[PostgreSQL]] on [[2026-03-10|10 March]].']).text,
      `We chose [PostgreSQL](${NOTES.postgresql}) on [10 March](${NOTES['2026-03-10']}).`,
    );
  });

  it('keeps a link split across chunks whole, however it is cut', () => {
    const answer = 'See [[PostgreSQL]] and [[Nowhere]].';
    const expected = `See [PostgreSQL](${NOTES.postgresql}) and [[Nowhere]].`;
    for (let i = 1; i < answer.length; i++) assert.equal(rendered([answer.slice(0, i), answer.slice(i)]).text, expected, `cut at ${i}`);
    assert.equal(rendered([...answer]).text, expected, 'one character at a time');
  });

  it('leaves an unknown target, an unclosed [[ and a bracket in a label as text', () => {
    assert.equal(rendered(['a [[Nowhere]] b']).text, 'a [[Nowhere]] b');
    assert.equal(rendered(['an array [[1, 2], ', '[3]] and [[ open\nnext line']).text, 'an array [[1, 2], [3]] and [[ open\nnext line');
    assert.equal(rendered(['[[PostgreSQL|PG [main]]]']).text, '[[PostgreSQL|PG [main]]]', 'not a link: brackets in the alias');
  });

  it('writes as it goes: only an unfinished [[ is held back', () => {
    const { writes } = rendered(['one ', 'two ', 'three [[Post', 'greSQL]] four']);
    assert.equal(writes, 4);
    assert.equal(rendered(['x'.repeat(10), '[[', 'y'.repeat(300)]).text, `${'x'.repeat(10)}[[${'y'.repeat(300)}`, 'a [[ that never closes is flushed');
  });
});

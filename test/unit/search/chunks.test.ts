/**
 * A file not indexed yet is cut into chunks from its bytes (chunkBytes), decoding only the lines
 * that may start a day section: the chunks must be exactly those the index cuts from the decoded
 * lines (chunkLines), whatever the file's line ends, headings, blank lines or bytes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chunkBytes, chunkLines } from '../../../src/core/search/index/chunks';
import { type FileKind, lineOffsets, splitLines } from '../../../src/core/search/index/files';
import { daySections, sectionsAt } from '../../../src/core/vault/days';

const lines = (n: number, what: string) => Array.from({ length: n }, (_, i) => `- 09:${String(i % 60).padStart(2, '0')}:00 ${what} ${i}`);

const MONTH = [
  '# 2024-03',
  '',
  '## 2024-03-01',
  ...lines(70, 'first day'),
  '',
  '   ',
  '## 2024-03-02   ',
  ...lines(3, 'second day'),
  '### a smaller heading stays in the day',
  ...lines(130, 'still the second day'),
  '\u3000',
  '# a title ends the day',
  'text under the title',
  '## not a day',
  '## 2024-03-05',
  '- 08:00:00 the last day, café 遷移 \u00e9',
].join('\n');

const cases: { name: string; kind: FileKind; rel: string; text: string | Buffer }[] = [
  { name: 'a day file', kind: 'day', rel: 'chronological/2024-03-10.md', text: ['# 2024-03-10', '', ...lines(200, 'entry')].join('\n') },
  { name: 'a day file ending with a newline', kind: 'day', rel: 'chronological/2024-03-10.md', text: `${lines(64, 'entry').join('\n')}\n` },
  { name: 'an empty file', kind: 'day', rel: 'chronological/2024-03-10.md', text: '' },
  { name: 'a month file', kind: 'month', rel: 'chronological/2024-03.md', text: MONTH },
  { name: 'a month file with CRLF line ends', kind: 'month', rel: 'chronological/2024-03.md', text: MONTH.replace(/\n/g, '\r\n') },
  { name: 'a month file ending with a newline and a lone \\r', kind: 'month', rel: 'chronological/2024-03.md', text: `${MONTH}\n\r\n## 2024-03-09\r` },
  { name: 'an archived month', kind: 'archive', rel: 'archive/2024-03.md', text: MONTH },
  {
    name: 'a month file with bytes that are not UTF-8 and a byte-order mark',
    kind: 'month',
    rel: 'chronological/2024-03.md',
    text: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('## 2024-03-01\n- x \xff\xfe y\n'), Buffer.from([0xc3]), Buffer.from('\n## 2024-03-02\n\xc3\n- z\n', 'latin1')]),
  },
];

describe('chunks of a file not indexed yet, cut from its bytes', () => {
  for (const c of cases) {
    it(`are the chunks the index cuts from its lines: ${c.name}`, () => {
      const buf = Buffer.isBuffer(c.text) ? c.text : Buffer.from(c.text);
      const offsets = lineOffsets(buf);
      const file = { rel: c.rel, kind: c.kind };
      assert.deepEqual(chunkBytes(file, buf, offsets), chunkLines(file, splitLines(buf.toString('utf8')), 0, offsets).chunks);
    });
  }

  it('finds the day sections of a month from the lines that start with # alone, as daySections does from all of them', () => {
    const all = splitLines(MONTH);
    const read: number[] = [];
    const headings = all.flatMap((l, i) => (l.startsWith('#') ? [i] : []));
    const found = sectionsAt(all.length, (i) => (read.push(i), all[i]), headings);
    assert.deepEqual(found, daySections(all));
    assert.deepEqual(
      found.map((s) => s.day),
      ['2024-03-01', '2024-03-02', '2024-03-05'],
    );
    // The headings, and at a section's end the blank lines and the line before them: not its other lines.
    assert.ok(new Set(read).size < 20, `read ${new Set(read).size} of ${all.length} lines`);
  });

  it('are not made for entity notes, which are cut from their lines', () => {
    const buf = Buffer.from('# Kubernetes\n\n- [[2024-03-01]] a tag\n');
    assert.throws(() => chunkBytes({ rel: 'entities/objects/Kubernetes.md', kind: 'entity' }, buf, lineOffsets(buf)));
  });
});

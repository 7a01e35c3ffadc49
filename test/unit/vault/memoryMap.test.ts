import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { type DayEntry, emptyMemoryMap, parseMemoryMap, serializeMemoryMap } from '../../../src/core/vault/memoryMap';

const counts = { people: 1, events: 0, places: 0, objects: 2 };
const damaged = (re: RegExp) => (e: unknown) => e instanceof CoreSoulError && e.kind === 'vault' && re.test(e.message) && !e.message.includes('\n');

describe('memory_map.md', () => {
  it('round-trips days, levels and last_compression_date, with derived counts', () => {
    const map = {
      ...emptyMemoryMap('2026-03-09'),
      days: {
        '2026-03-10': { level: 'L1' as const, file: 'chronological/2026-03-10.md' },
        '2026-02-02': { level: 'L2' as const, file: 'chronological/2026-02-02.md' },
        '2025-12-01': { level: 'L3' as const, file: 'chronological/2025-12.md' },
      },
    };
    const text = serializeMemoryMap(map, counts);
    assert.match(text, /^---\nversion: 1\nlast_compression_date: 2026-03-09\ncounts:\n {2}days: 3\n {2}L1: 1\n {2}L2: 1\n {2}L3: 1\n {2}months: 1\n/);
    assert.ok(text.indexOf('| 2025-12-01 | L3 | chronological/2025-12.md |') < text.indexOf('| 2026-03-10 |'), 'rows sorted by day');
    assert.deepEqual(parseMemoryMap(text), map);
  });

  it('writes its front matter exactly as YAML would, and YAML reads it back the same', () => {
    const oneDay: Record<string, DayEntry> = { '2026-03-10': { level: 'L1', file: 'chronological/2026-03-10.md' } };
    for (const days of [{}, oneDay]) {
      const text = serializeMemoryMap({ ...emptyMemoryMap('2026-03-09'), days }, { people: 12, events: 0, places: 3, objects: 1024 });
      const front = /^---\n([\s\S]*?)\n---\n/.exec(text)![1];
      const expected = {
        version: 1,
        last_compression_date: '2026-03-09',
        counts: { days: Object.keys(days).length, L1: Object.keys(days).length, L2: 0, L3: 0, months: 0, entities: { people: 12, events: 0, places: 3, objects: 1024 } },
      };
      assert.deepEqual(parseYaml(front), expected);
      assert.equal(front, stringifyYaml(expected).trimEnd());
    }
  });

  it('reads the same front matter written in other YAML spellings', () => {
    const own = serializeMemoryMap(emptyMemoryMap('2026-03-09'), counts);
    const spellings = [
      own.replace('2026-03-09', "'2026-03-09'"),
      own.replace('version: 1\n', 'version: 1 # the format\n'),
      own.replace(/\n {2}/g, '\n    '),
      own.replace(/counts:\n[\s\S]*?\n---/, 'counts: { days: 0 }\n---'),
    ];
    for (const text of spellings) assert.deepEqual(parseMemoryMap(text), emptyMemoryMap('2026-03-09'), text);
    assert.throws(() => parseMemoryMap(own.replace('2026-03-09', '2026-02-30')), damaged(/last_compression_date/));
  });

  it('keeps front-matter keys it does not know, and tolerates CRLF and a BOM', () => {
    const text = '\uFEFF---\r\nversion: 1\r\nlast_compression_date: 2026-03-09\r\nowner: me\r\n---\r\n| day | level | file |\r\n| 2026-03-10 | L1 | chronological/2026-03-10.md |\r\n';
    const map = parseMemoryMap(text);
    assert.deepEqual(map.extra, { owner: 'me' });
    assert.equal(map.days['2026-03-10'].level, 'L1');
    assert.match(serializeMemoryMap(map, counts), /\nowner: me\n/);
  });

  for (const [label, text, why] of [
    ['no front matter', '# Memory map\n', /missing front matter/],
    ['front matter that is not YAML', '---\nversion: [1\n---\n', /not valid YAML/],
    ['an unknown version', '---\nversion: 2\nlast_compression_date: 2026-03-09\n---\n', /version/],
    ['a bad date', '---\nversion: 1\nlast_compression_date: 2026-02-30\n---\n', /last_compression_date/],
    ['a row with a bad level', '---\nversion: 1\nlast_compression_date: 2026-03-09\n---\n| 2026-03-10 | L9 | chronological/2026-03-10.md |\n', /line 5: level "L9"/],
    ['a row pointing elsewhere', '---\nversion: 1\nlast_compression_date: 2026-03-09\n---\n| 2026-03-10 | L1 | ../../etc/passwd |\n', /does not match/],
    ['an L3 row in a daily file', '---\nversion: 1\nlast_compression_date: 2026-03-09\n---\n| 2026-03-10 | L3 | chronological/2026-03-10.md |\n', /does not match L3/],
    ['a day listed twice', '---\nversion: 1\nlast_compression_date: 2026-03-09\n---\n| 2026-03-10 | L1 | chronological/2026-03-10.md |\n| 2026-03-10 | L1 | chronological/2026-03-10.md |\n', /listed twice/],
  ] as const) {
    it(`reports ${label} as a damaged vault, in one line`, () => {
      assert.throws(() => parseMemoryMap(text), damaged(why));
    });
  }
});

/** The pure three-way merges of sync (src/core/sync/merge.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hourlyDay, isHourlySummary } from '../../../src/core/compress/hourlySummary';
import { extractiveSummary } from '../../../src/core/compress/summarise';
import { readDayEntries } from '../../../src/core/vault/dayEntries';
import { entityHeader } from '../../../src/core/vault/entities';
import { emptyMemoryMap, parseMemoryMap, serializeMemoryMap } from '../../../src/core/vault/memoryMap';
import { mergeDayFile, mergeEntityNote, mergeMemoryMaps, mergeMonthFile, unionItems } from '../../../src/core/sync/merge';

const DAY = '2026-03-10';
const day = (...lines: string[]) => `# ${DAY}\n\n${lines.map((l) => `${l}\n`).join('')}`;
const none: string[] = [];
const ok = (r: ReturnType<typeof mergeDayFile>) => {
  assert.ok(r.ok, r.ok ? '' : r.why);
  return r.text;
};
const counts = { people: 0, events: 0, places: 0, objects: 0 };

describe('sync merge: day files', () => {
  it('two machines\' entries merge by union in time order, each once, whichever side merges', () => {
    const base = day('- 08:00:00 shared start');
    const ours = day('- 08:00:00 shared start', '- 09:00:00 #decision ours [[A]]', '- 11:00:00 ours later\n  with a second line');
    const theirs = day('- 08:00:00 shared start', '- 10:00:00 theirs [[B]]', '- 10:00:00 theirs same second');
    const merged = ok(mergeDayFile(DAY, base, ours, theirs, none));
    assert.equal(
      merged,
      day('- 08:00:00 shared start', '- 09:00:00 #decision ours [[A]]', '- 10:00:00 theirs [[B]]', '- 10:00:00 theirs same second', '- 11:00:00 ours later\n  with a second line'),
    );
    assert.equal(ok(mergeDayFile(DAY, base, theirs, ours, none)), merged);
    assert.equal(readDayEntries(DAY, merged).entries.length, 5);
  });

  it('an entry both sides added is kept once; one undone on one side stays undone; hand lines stay in their hour', () => {
    const base = day('- 08:00:00 a', '- 08:30:00 undone later');
    const ours = day('- 08:00:00 a', '- 09:00:00 same on both');
    const theirs = day('- 08:00:00 a', '- 08:30:00 undone later', '- 09:00:00 same on both', 'a note typed by hand');
    assert.equal(ok(mergeDayFile(DAY, base, ours, theirs, none)), day('- 08:00:00 a', '- 09:00:00 same on both', 'a note typed by hand'));
  });

  it('a day compressed on one side and written on the other is compressed again from the union of raw entries', () => {
    const raw = day('- 09:00:00 first with [[Alpha]]', '- 09:10:00 second');
    const summary = hourlyDay(readDayEntries(DAY, raw), extractiveSummary, raw).text;
    const written = day('- 09:00:00 first with [[Alpha]]', '- 09:10:00 second', '- 21:00:00 late on the other machine [[Beta]]');
    const merged = ok(mergeDayFile(DAY, raw, summary, written, [raw]));
    assert.ok(isHourlySummary(merged));
    assert.match(merged, /\[\[Alpha\]\]/);
    assert.match(merged, /## 21:00\n- 21:00 late on the other machine \[\[Beta\]\]/);
    assert.equal(ok(mergeDayFile(DAY, raw, written, summary, [raw])), merged, 'the same whichever side merges');
    const again = mergeDayFile(DAY, raw, summary, written, [raw]);
    assert.equal(again.ok && again.raw, written, 'the raw union it was made from, for the search cache');
    // Both compressed, from different raw days: the union of the raw versions in history.
    const summary2 = hourlyDay(readDayEntries(DAY, written), extractiveSummary, written).text;
    assert.equal(ok(mergeDayFile(DAY, raw, summary, summary2, [raw, written])), merged);
  });

  it('a summary whose raw text is nowhere is left to the person', () => {
    const raw = day('- 09:00:00 x [[Alpha]]');
    const summary = hourlyDay(readDayEntries(DAY, raw), extractiveSummary, raw).text;
    const r = mergeDayFile(DAY, undefined, summary, hourlyDay(readDayEntries(DAY, day('- 10:00:00 y')), extractiveSummary, day('- 10:00:00 y')).text, none);
    assert.equal(r.ok, false);
  });
});

describe('sync merge: monthly files, entity notes, the memory map', () => {
  it('monthly sections merge by day; the same day folded differently on both sides is a conflict', () => {
    const base = '# 2026-01\n\n## 2026-01-05\n\n- 09:00 a\n';
    const ours = '# 2026-01\n\n## 2026-01-05\n\n- 09:00 a\n\n## 2026-01-12\n\n- 10:00 b\n';
    const theirs = '# 2026-01\n\n## 2026-01-05\n\n- 09:00 a\n\n## 2026-01-07\n\n- 11:00 c\n';
    const r = mergeMonthFile(base, ours, theirs);
    assert.ok(r.ok);
    assert.equal(r.text, '# 2026-01\n\n## 2026-01-05\n\n- 09:00 a\n\n## 2026-01-07\n\n- 11:00 c\n\n## 2026-01-12\n\n- 10:00 b\n');
    assert.equal(mergeMonthFile(base, ours.replace('- 10:00 b', '- x'), ours).ok, false);
  });

  it('entity notes: union of date tags in day and time order; a note created on both keeps the earlier header', () => {
    const head = (created: string) => entityHeader('objects', 'Atlas', created);
    const ours = `${head('2026-03-10')}- [[2026-03-10]] 09:00:00 one\n- [[2026-03-11]] 08:00:00 three\n`;
    const theirs = `${head('2026-03-09')}- [[2026-03-09]] 07:00:00 zero\n- [[2026-03-10]] 10:00:00 two\n  a line under it\n`;
    const r = mergeEntityNote(undefined, ours, theirs);
    assert.ok(r.ok);
    assert.equal(r.text, `${head('2026-03-09')}- [[2026-03-09]] 07:00:00 zero\n- [[2026-03-10]] 09:00:00 one\n- [[2026-03-10]] 10:00:00 two\n  a line under it\n- [[2026-03-11]] 08:00:00 three\n`);
    assert.deepEqual(mergeEntityNote(undefined, theirs, ours), r);
    const base = `${head('2026-03-10')}- [[2026-03-10]] 09:00:00 one\n`;
    assert.equal(mergeEntityNote(base, ours.replace('aliases: []', 'aliases: [x]'), ours.replace('aliases: []', 'aliases: [y]')).ok, false);
  });

  it('memory_map.md: union of days at the further level, the later compression date', () => {
    const map = (date: string, days: Record<string, 'L1' | 'L2' | 'L3'>) =>
      serializeMemoryMap(
        {
          ...emptyMemoryMap(date),
          days: Object.fromEntries(Object.entries(days).map(([d, level]) => [d, { level, file: level === 'L3' ? `chronological/${d.slice(0, 7)}.md` : `chronological/${d}.md` }])),
        },
        counts,
      );
    const base = map('2026-03-02', { '2026-01-05': 'L2', '2026-03-03': 'L1' });
    const ours = map('2026-03-09', { '2026-01-05': 'L3', '2026-03-03': 'L2', '2026-03-09': 'L1' });
    const theirs = map('2026-03-02', { '2026-01-05': 'L2', '2026-03-03': 'L1', '2026-03-05': 'L1' });
    const r = mergeMemoryMaps(base, ours, theirs, counts);
    assert.ok(r.ok);
    const m = parseMemoryMap(r.text);
    assert.equal(m.lastCompressionDate, '2026-03-09');
    assert.deepEqual(Object.fromEntries(Object.entries(m.days).map(([d, e]) => [d, e.level])), { '2026-01-05': 'L3', '2026-03-03': 'L2', '2026-03-05': 'L1', '2026-03-09': 'L1' });
    assert.deepEqual(mergeMemoryMaps(base, theirs, ours, counts), r);
    assert.equal(mergeMemoryMaps(base, 'not a map', theirs, counts).ok, false);
  });

  it('unionItems is a three-way multiset union', () => {
    const it = (key: string, text = key) => ({ key, text });
    assert.deepEqual(unionItems([it('a')], [it('a'), it('c')], [it('b')]), [it('b'), it('c')]);
  });
});

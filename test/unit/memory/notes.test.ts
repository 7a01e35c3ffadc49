/** Reading memory by name (docs/memory.md#reading-memory): a note or a day, the entities, the last N days. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { compress } from '../../../src/core/compress/compress';
import { listEntities, readNote, recentMemory } from '../../../src/core/memory/notes';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { entityFile } from '../../../src/core/vault/layout';
import { snapshot, tempVault, writeAt } from '../../support/helpers';

const entity = (n: ReturnType<typeof readNote>) => {
  assert.equal(n.type, 'entity');
  return n as Extract<typeof n, { type: 'entity' }>;
};
const oneLine = (why: RegExp) => (err: Error) => err instanceof CoreSoulError && why.test(err.message) && !err.message.includes('\n');

describe('read a note or a day', () => {
  it('reads an entity by Name in any kind, by kind/Name, by an alias, and with [[ ]] around it', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-09T10:00:00', { text: 'Designed the [[Refund Flow]]', kind: 'decision' });
    writeAt(v, '2026-03-10T08:00:00', { text: 'Alice reviewed it', entities: [{ kind: 'people', name: 'Alice' }, { name: 'Refund Flow' }] });
    const flow = entity(readNote(v, 'refund flow'));
    assert.deepEqual([flow.kind, flow.name, flow.file, flow.mentions, flow.lastDay, flow.line], ['objects', 'Refund Flow', '.CoreSoul/memory/entities/objects/Refund Flow.md', 2, '2026-03-10', 1]);
    assert.match(flow.text, /^---\nkind: objects\n[\s\S]*# Refund Flow\n\n- \[\[2026-03-09\]\] 10:00:00 #decision \[by Tess Tester on testbox\] Designed/);
    assert.equal(entity(readNote(v, 'people/Alice')).name, 'Alice');
    assert.equal(entity(readNote(v, '[[Alice]]')).name, 'Alice');
    assert.equal(entity(readNote(v, 'me')).name, 'User', 'the profile by its alias');
    assert.throws(() => readNote(v, 'people/Refund Flow'), oneLine(/^no entity people\/Refund Flow \(there is objects\/Refund Flow\)$/));
    assert.throws(() => readNote(v, 'animals/Rex'), oneLine(/expected a day \(YYYY-MM-DD\), a Name, or kind\/Name with kind one of people, events, places, objects/));
    assert.throws(() => readNote(v, 'Nobody'), oneLine(/^no entity or day "Nobody" in memory/));
    assert.throws(() => readNote(v, '  '), oneLine(/the name is empty/));
  });

  it('reads a day wherever it lives: L1 with its entries, L2 summarised, L3 in its month', async () => {
    const v = await tempVault('2026-01-01T09:00:00');
    writeAt(v, '2026-01-05T10:00:00', 'An early [[Billing]] note');
    writeAt(v, '2026-03-03T10:00:00', { text: 'Chose [[MySQL]]', kind: 'decision' });
    writeAt(v, '2026-03-10T09:00:00', 'today\nwith a second line');
    compress(v, { now: new Date(2026, 2, 10, 9) });
    const l1 = readNote(v, '2026-03-10');
    assert.equal(l1.type === 'day' && l1.level, 'L1');
    assert.deepEqual(l1.type === 'day' && l1.entries, [{ time: '09:00:00', text: '[by Tess Tester on testbox] today\nwith a second line', author: { from: 'person', name: 'Tess Tester', machine: 'testbox' }, line: 3 }]);
    const l2 = readNote(v, '2026-03-03');
    assert.equal(l2.type === 'day' && l2.level, 'L2');
    assert.equal(l2.type === 'day' && l2.entries, undefined);
    const l3 = readNote(v, '2026-01-05');
    assert.deepEqual(l3.type === 'day' && [l3.level, l3.file], ['L3', '.CoreSoul/memory/chronological/2026-01.md']);
    assert.match(l3.text, /^## 2026-01-05\n/);
    assert.ok(l3.line > 1, 'cited at its section in the month');
    assert.throws(() => readNote(v, '2026-03-11'), oneLine(/^no memory on 2026-03-11$/));
    assert.throws(() => readNote(v, '2026-02-30'), oneLine(/not a calendar day/));
  });

  it('pages a long day: fromLine continues where the last page stopped', async () => {
    const v = await tempVault();
    for (let i = 0; i < 250; i++) writeAt(v, `2026-03-10T${String(8 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`, `entry ${i}`);
    const first = readNote(v, '2026-03-10');
    assert.deepEqual([first.line, first.more, first.nextLine, first.text.split('\n').length], [1, 52, 201, 200]);
    const second = readNote(v, '2026-03-10', { fromLine: first.nextLine });
    assert.deepEqual([second.line, second.more, second.text.split('\n').length], [201, undefined, 52]);
    assert.equal(second.type === 'day' && second.entries?.[0].line, 201);
    assert.match(second.text, /entry 249$/);
  });
});

describe('list entities', () => {
  it('sorts by the latest mention, by mentions or by name; filters by kind and by part of a name or alias; counts before the limit', async () => {
    const v = await tempVault('2026-03-01T09:00:00');
    writeAt(v, '2026-03-08T10:00:00', 'about [[Billing]] and [[Alice]]');
    writeAt(v, '2026-03-09T10:00:00', 'about [[Billing]] again');
    writeAt(v, '2026-03-10T10:00:00', { text: 'met Bob', entities: [{ kind: 'people', name: 'Bob' }] });
    const names = (r: ReturnType<typeof listEntities>) => r.entities.map((e) => `${e.kind}/${e.name}`);
    assert.deepEqual(names(listEntities(v)), ['people/Bob', 'objects/Billing', 'objects/Alice']);
    assert.deepEqual(names(listEntities(v, { sort: 'mentions' })).slice(0, 1), ['objects/Billing']);
    assert.equal(listEntities(v, { sort: 'mentions' }).entities[0].mentions, 2);
    assert.deepEqual(names(listEntities(v, { sort: 'name' })), ['objects/Alice', 'objects/Billing', 'people/Bob']);
    assert.deepEqual(names(listEntities(v, { kind: 'people' })), ['people/Bob']);
    assert.deepEqual(names(listEntities(v, { query: 'BIL' })), ['objects/Billing']);
    assert.deepEqual(names(listEntities(v, { query: '使用者' })), [], 'the profile (alias 使用者) is personal: no entity of the shared tree');
    const limited = listEntities(v, { limit: 1 });
    assert.deepEqual([limited.total, limited.entities.length], [3, 1]);
  });

  it('reads only: the vault is unchanged', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-10T10:00:00', 'about [[Billing]]');
    fs.appendFileSync(entityFile(v, 'objects', 'Billing'), 'A line the person wrote [[Elsewhere]]\n');
    const before = snapshot(v.root);
    listEntities(v);
    readNote(v, 'Billing');
    assert.deepEqual(snapshot(v.root), before);
    assert.equal(entity(readNote(v, 'Billing')).mentions, 1, "a person's own line is not a mention");
  });
});

describe('recent days', () => {
  it('honours the number of days, oldest first, and keeps the newest lines within the limit', async () => {
    const v = await tempVault('2026-03-01T09:00:00');
    for (const day of ['2026-03-05', '2026-03-08', '2026-03-09', '2026-03-10']) writeAt(v, `${day}T09:00:00`, `on ${day}`);
    const now = new Date(2026, 2, 10, 12);
    const days = (n?: number) => recentMemory(v, now, { days: n }).days.map((d) => d.day);
    assert.deepEqual(days(), ['2026-03-09', '2026-03-10'], 'yesterday and today by default');
    assert.deepEqual(days(1), ['2026-03-10']);
    assert.deepEqual(days(3), ['2026-03-08', '2026-03-09', '2026-03-10']);
    assert.deepEqual(days(7), ['2026-03-05', '2026-03-08', '2026-03-09', '2026-03-10']);
    const r = recentMemory(v, now, { days: 7, limit: 2 });
    assert.deepEqual([r.days.map((d) => d.day), r.omitted, r.from, r.to], [['2026-03-09', '2026-03-10'], 2, '2026-03-04', '2026-03-10']);
    assert.deepEqual(r.days[1].lines, [{ line: 3, text: '09:00:00 [by Tess Tester on testbox] on 2026-03-10', author: { from: 'person', name: 'Tess Tester', machine: 'testbox' } }]);
  });
});

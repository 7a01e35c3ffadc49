import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { type Clock, fixedClock, parseNow } from '../../../src/core/shared/clock';
import { readDay } from '../../../src/core/vault/days';
import { type DayEntry, readMemoryMap, writeMemoryMap } from '../../../src/core/vault/memoryMap';
import type { Vault } from '../../../src/core/vault/layout';
import { type DayInfo, type VaultNode, VaultTreeModel, changedSections, groupDays } from '../../../src/extension/shared/vaultTree.model';
import { tempVault, writeAt } from '../../support/helpers';

const info = (day: string): DayInfo => ({ day, level: 'L1', file: `/v/${day}.md`, monthly: false, missing: false });
const days = (nodes: VaultNode[]) => nodes.map((n) => (n.type === 'day' ? n.day : n.type === 'more' ? `+${n.remaining}` : n.id));

/** A clock that tests move forward. */
function movableClock(at: string): Clock & { set(at: string): void } {
  let now = parseNow(at);
  return { now: () => now, set: (to) => void (now = parseNow(to)) };
}

/** Lists days in memory_map.md as compression leaves them, with their files. */
function fakeHistory(v: Vault, entries: Record<string, DayEntry['level']>, sections: Record<string, string> = {}) {
  const map = readMemoryMap(v);
  const rows: Record<string, DayEntry> = { ...map.days };
  for (const [day, level] of Object.entries(entries)) {
    const name = level === 'L3' ? day.slice(0, 7) : day;
    rows[day] = { level, file: `chronological/${name}.md` };
    const file = path.join(v.chronoDir, `${name}.md`);
    if (level !== 'L3') fs.writeFileSync(file, `# ${day}\n\n## 09:00\n- summary\n`);
  }
  for (const [month, text] of Object.entries(sections)) fs.writeFileSync(path.join(v.chronoDir, `${month}.md`), text);
  writeMemoryMap(v, { ...map, days: rows });
}

const child = (model: VaultTreeModel, node: VaultNode | undefined, id: string) => {
  const found = model.children(node).find((n) => n.id === id);
  assert.ok(found, `no child ${id} under ${node?.id ?? 'root'}`);
  return found;
};

describe('vault tree: grouping days by age', () => {
  it('puts this Monday–Sunday week, the month before it and older months apart, newest first', () => {
    // Wednesday 2026-03-11: the week starts Monday 03-09; one month before that is 02-09.
    const g = groupDays(['2026-03-09', '2026-03-11', '2026-03-08', '2026-02-09', '2026-02-08', '2026-01-31', '2025-12-01'].map(info), '2026-03-11');
    assert.deepEqual(g.week.map((d) => d.day), ['2026-03-11', '2026-03-09']);
    assert.deepEqual(g.month.map((d) => d.day), ['2026-03-08', '2026-02-09']);
    assert.deepEqual([...g.archive.keys()], ['2026-02', '2026-01', '2025-12']);
    assert.deepEqual(g.archive.get('2026-02')!.map((d) => d.day), ['2026-02-08']);
  });

  it('starts a new week on Monday, not on Sunday', () => {
    assert.deepEqual(groupDays([info('2026-03-15')], '2026-03-15').week.length, 1); // Sunday, same week
    assert.deepEqual(groupDays([info('2026-03-15')], '2026-03-16').month.length, 1); // next Monday
  });

  it('keeps a day dated after today (another clock wrote it) in this week', () => {
    assert.deepEqual(groupDays([info('2026-04-01')], '2026-03-11').week.map((d) => d.day), ['2026-04-01']);
  });
});

describe('vault tree: model over a real vault', () => {
  it('shows soul, persona, the personal profile, memory map, chronological and entities at the root', async () => {
    const v = await tempVault('2026-03-11T09:00:00');
    const model = new VaultTreeModel(v, fixedClock('2026-03-11T09:00:00'));
    const roots = model.children();
    assert.deepEqual(roots.map((n) => n.id), ['soul', 'persona', 'profile', 'map', 'chronological', 'entities']);
    assert.deepEqual(
      roots.flatMap((n) => (n.type === 'file' ? [n.file] : [])),
      [v.soul, v.persona, path.join(v.soulDir, 'personal', 'User.md'), v.mapFile],
    );
    assert.equal(model.count(roots[4]), 0);
    assert.equal(model.count(roots[5]), 0, 'the user profile init creates is personal (.CoreSoul/personal), no entity of the shared tree');
    // A vault without a profile yet shows no node for it.
    fs.rmSync(path.join(v.soulDir, 'personal', 'User.md'));
    assert.deepEqual(model.children().map((n) => n.id), ['soul', 'persona', 'map', 'chronological', 'entities']);
  });

  it('groups written and compressed days relative to the clock, L3 days under their month', async () => {
    const v = await tempVault('2026-03-09T08:00:00');
    writeAt(v, '2026-03-11T10:00:00', 'today');
    writeAt(v, '2026-03-09T10:00:00', 'Monday');
    fakeHistory(v, { '2026-03-02': 'L2', '2026-02-10': 'L2', '2026-01-20': 'L3', '2026-01-06': 'L3', '2025-12-24': 'L3' }, {
      '2026-01': '# 2026-01\n\n## 2026-01-06\n- [[Alice]] kickoff\n\n## 2026-01-20\n- review\n',
      '2025-12': '# 2025-12\n\n## 2025-12-24\n- holidays\n',
    });
    const model = new VaultTreeModel(v, fixedClock('2026-03-11T12:00:00'));
    const chrono = child(model, undefined, 'chronological');
    assert.equal(model.count(chrono), 7);
    const [week, month, archive] = model.children(chrono);
    assert.deepEqual([week.id, month.id, archive.id], ['period/week', 'period/month', 'period/archive']);
    assert.deepEqual(days(model.children(week)), ['2026-03-11', '2026-03-09']);
    assert.deepEqual(days(model.children(month)), ['2026-03-02', '2026-02-10']);
    assert.deepEqual([model.count(week), model.count(month), model.count(archive)], [2, 2, 3]);
    assert.deepEqual(days(model.children(archive)), ['month/2026-01', 'month/2025-12']);

    const jan = model.children(child(model, archive, 'month/2026-01'));
    assert.deepEqual(days(jan), ['2026-01-20', '2026-01-06']);
    const kickoff = jan[1];
    assert.ok(kickoff.type === 'day');
    assert.equal(kickoff.level, 'L3');
    assert.equal(kickoff.monthly, true);
    assert.equal(kickoff.file, path.join(v.chronoDir, '2026-01.md'));
    // The item opens where the core resolves [[2026-01-06]]: its ## heading in the monthly file.
    const at = readDay(v, kickoff.day)!;
    assert.equal(at.file, kickoff.file);
    assert.equal(fs.readFileSync(at.file, 'utf8').split('\n')[at.startLine - 1], '## 2026-01-06');
  });

  it('moves days to the next group when the clock passes a week boundary, without re-reading', async () => {
    const v = await tempVault('2026-03-09T09:00:00');
    writeAt(v, '2026-03-10T10:00:00', 'Tuesday');
    const clock = movableClock('2026-03-15T23:00:00');
    const model = new VaultTreeModel(v, clock);
    const [week, month] = model.children(child(model, undefined, 'chronological'));
    assert.deepEqual([model.count(week), model.count(month)], [1, 0]);
    clock.set('2026-03-16T00:30:00');
    assert.deepEqual(days(model.children(month)), ['2026-03-10']);
    assert.equal(model.count(week), 0);
  });

  it('lists a daily file the map does not know, and marks a listed day whose file is gone', async () => {
    const v = await tempVault('2026-03-09T09:00:00');
    writeAt(v, '2026-03-10T10:00:00', 'listed');
    writeAt(v, '2026-03-11T10:00:00', 'will be deleted');
    fs.writeFileSync(path.join(v.chronoDir, '2026-03-12.md'), '# 2026-03-12\n\n- 08:00:00 by hand\n');
    fs.rmSync(path.join(v.chronoDir, '2026-03-11.md'));
    fs.writeFileSync(path.join(v.chronoDir, 'notes.md'), 'not a day');
    const model = new VaultTreeModel(v, fixedClock('2026-03-12T12:00:00'));
    const week = model.children(child(model, undefined, 'chronological'))[0];
    const shown = model.children(week).map((n) => (n.type === 'day' ? [n.day, n.level ?? 'unlisted', n.missing] : []));
    assert.deepEqual(shown, [
      ['2026-03-12', 'unlisted', false],
      ['2026-03-11', 'L1', true],
      ['2026-03-10', 'L1', false],
    ]);
  });

  it('groups entities by kind with counts, sorted by name, odd names kept as they are', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    writeAt(v, '2026-03-10T10:00:00', {
      text: 'met [[bob]], [[Alice]] and [[王小明]] about [[R&D 100% (v2)]] at [[Café]]',
      entities: [
        { kind: 'people', name: 'bob' },
        { kind: 'people', name: 'Alice' },
        { kind: 'people', name: '王小明' },
        { kind: 'places', name: 'Café' },
      ],
    });
    fs.writeFileSync(path.join(v.entitiesDir, 'objects', 'C# notes.md'), '# C# notes\n'); // made by hand
    fs.mkdirSync(path.join(v.entitiesDir, 'places', 'Not a note.md')); // a folder named like a note
    fs.mkdirSync(path.join(v.chronoDir, '2026-03-02.md'));
    const model = new VaultTreeModel(v, fixedClock('2026-03-10T12:00:00'));
    const entities = child(model, undefined, 'entities');
    assert.equal(model.count(entities), 6);
    const kinds = model.children(entities);
    assert.deepEqual(kinds.map((k) => [k.id, model.count(k)]), [
      ['kind/people', 3],
      ['kind/events', 0],
      ['kind/places', 1],
      ['kind/objects', 2],
    ]);
    const people = model.children(kinds[0]);
    assert.deepEqual(people.map((n) => (n.type === 'entity' ? n.name : '')), ['Alice', 'bob', '王小明']);
    const objects = model.children(kinds[3]);
    assert.deepEqual(objects.map((n) => (n.type === 'entity' ? n.name : '')), ['C# notes', 'R&D 100% (v2)']);
    for (const n of objects) assert.ok(n.type === 'entity' && fs.existsSync(n.file));
  });

  it('pages long lists: a "more" node, and each showMore adds a page', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    for (let i = 1; i <= 7; i++) fs.writeFileSync(path.join(v.entitiesDir, 'objects', `Item ${i}.md`), `# Item ${i}\n`);
    const model = new VaultTreeModel(v, fixedClock('2026-03-10T12:00:00'), 3);
    const objects = child(model, child(model, undefined, 'entities'), 'kind/objects');
    let page = model.children(objects);
    assert.deepEqual(page.map((n) => (n.type === 'entity' ? n.name : `+${(n as { remaining: number }).remaining}`)), ['Item 1', 'Item 2', 'Item 3', '+4']);
    const more = page[3];
    assert.ok(more.type === 'more');
    assert.equal(model.showMore(more), objects);
    page = model.children(objects);
    assert.equal(page.length, 7);
    assert.equal(page[6].type, 'more');
    model.showMore(page[6] as Extract<VaultNode, { type: 'more' }>);
    assert.equal(model.children(objects).length, 7);
    assert.equal(model.count(objects), 7);
  });

  it('re-reads only the sections a change touched, and keeps container identity', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    writeAt(v, '2026-03-10T10:00:00', 'first');
    const model = new VaultTreeModel(v, fixedClock('2026-03-10T12:00:00'));
    const entities = child(model, undefined, 'entities');
    const chrono = child(model, undefined, 'chronological');
    const people = child(model, entities, 'kind/people');
    assert.equal(model.count(people), 0, 'the profile is personal');
    assert.equal(model.count(chrono), 1);

    // Changes on disk are not seen until a file event names their section...
    writeAt(v, '2026-03-11T10:00:00', { text: 'second', entities: [{ kind: 'people', name: 'Carol' }] });
    assert.equal(model.count(people), 0);
    assert.equal(model.count(chrono), 1);

    // ...and an entity event re-reads that kind only, not the days.
    assert.deepEqual(model.invalidate(['people']), [entities]);
    assert.equal(model.count(people), 1);
    assert.equal(model.count(chrono), 1);
    assert.equal(child(model, undefined, 'entities'), entities);
    assert.equal(child(model, entities, 'kind/people'), people);

    assert.deepEqual(model.invalidate(['days']), [chrono]);
    assert.equal(model.count(chrono), 2);
    assert.equal(model.invalidate('all'), 'root');
  });

  it('reports a damaged memory map instead of throwing, and still lists the daily files', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    writeAt(v, '2026-03-10T10:00:00', 'kept');
    fs.writeFileSync(v.mapFile, 'not front matter\n');
    const model = new VaultTreeModel(v, fixedClock('2026-03-10T12:00:00'));
    const week = model.children(child(model, undefined, 'chronological'))[0];
    assert.deepEqual(days(model.children(week)), ['2026-03-10']);
    assert.match(model.problem ?? '', /damaged vault: .*memory_map\.md: missing front matter/);
  });

  it('shows an empty tree, without throwing, when the vault folder was deleted under it', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    writeAt(v, '2026-03-10T10:00:00', { text: 'x', entities: [{ kind: 'people', name: 'Dan' }] });
    fs.rmSync(v.soulDir, { recursive: true });
    const model = new VaultTreeModel(v, fixedClock('2026-03-10T12:00:00'));
    const chrono = child(model, undefined, 'chronological');
    assert.deepEqual(model.children(chrono).map((p) => model.count(p)), [0, 0, 0]);
    assert.equal(model.count(child(model, undefined, 'entities')), 0);
    assert.match(model.problem ?? '', /memory_map\.md/);
  });
});

describe('vault tree: which file events change which section', () => {
  it('maps paths and events to sections', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    const m = (p: string) => path.join(v.memoryDir, p);
    const cases: [string, 'create' | 'change' | 'delete', ReturnType<typeof changedSections>][] = [
      [m('memory_map.md'), 'change', ['days']],
      [m('memory_map.md'), 'delete', ['days']],
      [m('memory_map.md.123.abc.tmp'), 'create', []],
      [m('chronological/2026-03-10.md'), 'create', ['days']],
      [m('chronological/2026-03-10.md'), 'change', ['day/2026-03-10']], // an append: that day's entries only
      [m('chronological/2026-02.md'), 'delete', ['days']],
      [m('chronological'), 'delete', ['days']],
      [m('entities/people/Alice.md'), 'create', ['people']],
      [m('entities/people/Alice.md'), 'change', []],
      [m('entities/places'), 'delete', ['places']],
      [m('entities/people/Alice.md.1.x.tmp'), 'create', []],
      [m('entities/robots/R2.md'), 'create', []],
      [m('entities'), 'delete', 'all'],
      [v.memoryDir, 'create', 'all'],
      [v.soulDir, 'delete', 'all'],
      [v.root, 'delete', 'all'],
      [v.soul, 'change', []],
      [path.join(v.soulDir, '.git/index'), 'change', []],
      [path.join(v.soulDir, '.lock'), 'create', []],
      [path.join(v.root, 'src/index.ts'), 'create', []],
    ];
    for (const [file, event, expected] of cases) {
      assert.deepEqual(changedSections(v, file, event), expected, `${path.relative(v.root, file)} ${event}`);
    }
  });
});

describe("Vault tree: a detailed day's entries and who wrote them (docs/memory.md#authors)", () => {
  it('expands a detailed day into its entries with their authors, follows appends to it, and leaves a summarised day closed', async () => {
    const v = await tempVault('2026-03-10T08:00:00');
    writeAt(v, '2026-03-10T09:00:00', { text: 'Chose [[PostgreSQL]]', kind: 'decision', author: { name: 'Alice Liddell', machine: 'alice-laptop' } });
    writeAt(v, '2026-03-10T09:05:00', { text: 'Ran the migration\nwith a second line', from: 'agent', via: 'claude', author: { name: 'Bob Builder', machine: 'bob-desk' } });
    fs.appendFileSync(path.join(v.chronoDir, '2026-03-10.md'), '- 09:10:00 written long ago\n');
    const model = new VaultTreeModel(v, fixedClock('2026-03-10T12:00:00'));
    const week = model.children(model.children(model.roots().find((n) => n.id === 'chronological'))[0]);
    const day = week.find((n) => n.type === 'day')!;
    assert.equal(model.count(day), 3);
    const entries = model.children(day).map((n) => (n.type === 'entry' ? [n.time, n.text, n.author.name ?? 'unknown', n.author.via ?? '', n.line] : n.id));
    assert.deepEqual(entries, [
      ['09:00:00', 'Chose [[PostgreSQL]]', 'Alice Liddell', '', 3],
      ['09:05:00', 'Ran the migration', 'Bob Builder', 'claude', 4],
      ['09:10:00', 'written long ago', 'unknown', '', 6],
    ]);
    // An append changes that day alone: the same node is refreshed, with the new entry.
    writeAt(v, '2026-03-10T09:20:00', 'later');
    assert.deepEqual(model.invalidate(changedSections(v, path.join(v.chronoDir, '2026-03-10.md'), 'change')), [day]);
    assert.equal(model.count(day), 4);

    fakeHistory(v, { '2026-03-03': 'L2' });
    model.invalidate('all');
    const month = model.children(model.children(model.roots().find((n) => n.id === 'chronological'))[1]);
    const l2 = month.find((n) => n.type === 'day' && n.day === '2026-03-03')!;
    assert.equal(model.count(l2), 0, 'a summarised day holds summaries: it opens, it does not expand');
  });
});

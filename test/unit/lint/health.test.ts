/** The health view's data (core/lint/health): one walk, read as growth, freshness, findings with fixes and a graph. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { PERSON, authorOf, kindOf, vaultHealth } from '../../../src/core/lint/health';
import { lintVault } from '../../../src/core/lint/lint';
import { archiveMemories } from '../../../src/core/memory/archive';
import { memoryKey, usageDir } from '../../../src/core/vault/usage';
import { tempDir, tempVault } from '../../support/helpers';
import { buildTruthScenario } from '../../support/truthScenario';

const note = (name: string, body: string) => `---\nkind: objects\naliases: []\ncreated: 2026-03-01\n---\n# ${name}\n${body}`;

describe('health', () => {
  it('reads the author from the provenance marker, the person otherwise', () => {
    assert.equal(authorOf({ text: '[from agent: copilot] ran the tests' }), 'agent: copilot');
    assert.equal(authorOf({ text: '[from import: claude] a rule' }), 'import: claude');
    assert.equal(authorOf({ text: 'we chose Postgres [from agent: x]' }), PERSON, 'a marker is only ever at the start');
    assert.equal(authorOf({ text: 'plain' }), PERSON);
    assert.equal(authorOf({ text: '[by Alice Liddell on laptop] we chose Postgres' }), 'Alice Liddell', 'the person a marker names');
    assert.equal(authorOf({ text: '[from agent: claude] [by Alice Liddell on laptop] fixed it' }), 'agent: claude', 'an agent in her session');
    assert.equal(kindOf({ kind: 'decision' }), 'decision');
    assert.equal(kindOf({}), 'note');
    assert.equal(kindOf({ entity: 'Alice' }), 'entity');
  });

  it('counts growth by week, kind and author, and each memory once by how current it is', async () => {
    const v = await tempVault();
    fs.writeFileSync(path.join(v.chronoDir, '2026-03-02.md'), '# 2026-03-02\n\n- 09:00:00 #decision We run unit tests with Jest.\n- 10:00:00 [from agent: copilot] Deploys go out on Fridays.\n');
    fs.writeFileSync(path.join(v.chronoDir, '2026-03-11.md'), '# 2026-03-11\n\n- 09:00:00 Switched from Jest to Vitest for unit tests.\n- 10:00:00 [from agent: copilot] Deploys go out on Fridays!\n');
    const h = await vaultHealth(v, { secrets: false });
    assert.equal(h.period, 'week');
    assert.deepEqual(
      h.periods.map((p) => [p.start, p.byKind, p.byAuthor, p.freshness]),
      [
        ['2026-03-02', { decision: 1, note: 1 }, { [PERSON]: 1, 'agent: copilot': 1 }, { superseded: 1, dead: 0, changed: 0, duplicate: 0, current: 1 }],
        ['2026-03-09', { note: 2 }, { [PERSON]: 1, 'agent: copilot': 1 }, { superseded: 0, dead: 0, changed: 0, duplicate: 1, current: 1 }],
      ],
    );
    assert.deepEqual(h.kinds, ['decision', 'note']);
    assert.deepEqual(h.authors, ['agent: copilot', PERSON].sort(), 'two each: by name');
    // The report is lint's, unchanged.
    assert.deepEqual(h.report, await lintVault(v, { secrets: false }));
  });

  it('lists superseded memories beside lint findings, with the fixes that apply', async () => {
    const v = await tempVault();
    const day = '.CoreSoul/memory/chronological/2026-03-02.md';
    fs.writeFileSync(path.join(v.chronoDir, '2026-03-02.md'), '# 2026-03-02\n\n- 09:00:00 We run unit tests with Jest.\n- 10:00:00 Switched from Jest to Vitest for unit tests.\n- 11:00:00 The main database is MySQL.\n- 12:00:00 The main database is Postgres.\n- 13:00:00 See [[Nowhere]]\n');
    fs.writeFileSync(path.join(v.entitiesDir, 'objects', 'Lonely.md'), note('Lonely', '\nThe main database is MySQL [[2026-03-02]]\n'));
    const h = await vaultHealth(v, { secrets: false });
    const by = (rule: string) => h.findings.filter((f) => f.rule === rule);
    const [sup] = by('superseded');
    assert.equal(sup.file, day);
    assert.equal(sup.line, 3);
    assert.equal(sup.severity, 'note');
    assert.deepEqual(sup.related, [{ file: day, line: 4 }]);
    assert.deepEqual(sup.fixes, ['open', 'openRelated', 'retract']);
    assert.deepEqual(sup.entry, { day: '2026-03-02', line: 3 });
    assert.equal(sup.text, 'We run unit tests with Jest.');
    const [contra] = by('contradiction').filter((f) => f.file === day);
    assert.deepEqual(contra.fixes, ['open', 'openRelated', 'correct', 'retract']);
    // Links and orphans open; an entity note's line is not an L1 entry: it opens, nothing else.
    assert.deepEqual(by('broken-link')[0].fixes, ['open']);
    assert.deepEqual(by('orphan-note')[0].fixes, ['open']);
    assert.equal(by('orphan-note')[0].entry, undefined);
    const onNote = h.findings.filter((f) => f.file.endsWith('Lonely.md') && f.rule === 'contradiction');
    for (const f of onNote) assert.deepEqual(f.fixes.filter((x) => x === 'correct' || x === 'retract'), []);
  });

  it('offers to archive what went unused for months, naming the archive file the move writes, summarised lines too', async () => {
    const v = await tempVault('2025-01-01T08:00:00');
    fs.writeFileSync(path.join(v.chronoDir, '2025-01-01.md'), '# 2025-01-01\n\n- 09:00:00 The staging host is called orca.\n');
    fs.writeFileSync(path.join(v.chronoDir, '2024-12.md'), '# 2024-12\n\n## 2024-12-05\n\n- Moved the build cache to the shared volume\n');
    fs.writeFileSync(path.join(v.entitiesDir, 'objects', 'Orca.md'), note('Orca', '\nThe staging host [[2025-01-01]]\n'));
    fs.mkdirSync(usageDir(v), { recursive: true });
    fs.writeFileSync(path.join(usageDir(v), '2025-01-02.log'), `${memoryKey('something else that was served')}\n`); // usage recorded since then
    const h = await vaultHealth(v, { secrets: false, today: '2025-08-01' });
    const unused = h.findings.filter((f) => f.rule === 'unused');
    assert.deepEqual(
      unused.map((f) => [f.file, f.line, f.fixes, f.archiveTo, f.entry]),
      [
        ['.CoreSoul/memory/chronological/2024-12.md', 5, ['open', 'archive'], '.CoreSoul/memory/archive/2024-12.md', undefined],
        ['.CoreSoul/memory/chronological/2025-01-01.md', 3, ['open', 'archive'], '.CoreSoul/memory/archive/2025-01.md', { day: '2025-01-01', line: 3 }],
      ],
      'an entity note is its own summary: never proposed; an L3 line moves as an L1 entry does',
    );
    for (const f of h.findings.filter((x) => x.rule !== 'unused')) assert.equal(f.archiveTo, undefined, f.rule);
    // The move goes where the proposal said.
    const moved = await archiveMemories(v, unused.map((f) => `${f.file}:${f.line}`));
    assert.deepEqual(moved.archived.map((a) => a.to), unused.map((f) => f.archiveTo));
  });

  it('graphs the entity notes, the most linked first, with the links between notes (days left out)', async () => {
    const v = await tempVault();
    fs.writeFileSync(path.join(v.chronoDir, '2026-03-02.md'), '# 2026-03-02\n\n- 09:00:00 [[A]] met [[B]] and [[C]]\n- 10:00:00 [[A]] again\n');
    fs.writeFileSync(path.join(v.entitiesDir, 'objects', 'A.md'), note('A', '\nworks with [[B]] and [[B]] [[2026-03-02]]\n'));
    fs.writeFileSync(path.join(v.entitiesDir, 'objects', 'B.md'), note('B', '\nknows [[A]] [[2026-03-02]]\n'));
    fs.writeFileSync(path.join(v.entitiesDir, 'objects', 'C.md'), note('C', ''));
    fs.writeFileSync(path.join(v.entitiesDir, 'people', 'D.md'), note('D', ''));
    const h = await vaultHealth(v, { secrets: false, maxNodes: 3 });
    const g = h.graph;
    assert.deepEqual(g.nodes.map((n) => [n.name, n.kind, n.inbound]), [['A', 'objects', 3], ['B', 'objects', 3], ['C', 'objects', 1]]);
    assert.deepEqual(g.edges.map((e) => [g.nodes[e.from].name, g.nodes[e.to].name, e.count]).sort(), [['A', 'B', 2], ['B', 'A', 1]]);
    assert.deepEqual(g.total, { nodes: 4, edges: 2 });
  });

  it('switches to months past two years of memories', async () => {
    const v = await tempVault();
    fs.writeFileSync(path.join(v.chronoDir, '2023-01-05.md'), '# 2023-01-05\n\n- 09:00:00 first\n');
    fs.writeFileSync(path.join(v.chronoDir, '2026-03-02.md'), '# 2026-03-02\n\n- 09:00:00 last\n');
    const h = await vaultHealth(v, { secrets: false });
    assert.equal(h.period, 'month');
    assert.deepEqual(h.periods.map((p) => p.start), ['2023-01-01', '2026-03-01']);
  });

  it('on the labelled scenario, the freshness chart counts what the labels say', async () => {
    const s = await buildTruthScenario(tempDir('coresoul-health-'));
    const h = await vaultHealth(s.vault, { secrets: false });
    const sum = (k: 'superseded' | 'dead' | 'changed' | 'duplicate' | 'current') => h.periods.reduce((a, p) => a + p.freshness[k], 0);
    assert.equal(sum('superseded'), h.report.superseded);
    assert.equal(h.periods.reduce((a, p) => a + Object.values(p.freshness).reduce((x, y) => x + y, 0), 0), h.report.memories);
    // Stale memories that are not superseded are drawn as dead or changed.
    const staleNow = [...s.labels.stale].filter((id) => !s.labels.superseded.has(id));
    assert.ok(sum('dead') + sum('changed') >= staleNow.length * 0.9, `${sum('dead') + sum('changed')} stale drawn, ${staleNow.length} labelled`);
    assert.equal(h.findings.filter((f) => f.rule === 'superseded').length, h.report.superseded);
  });

  it('stops when its signal fires', async () => {
    const v = await tempVault();
    await assert.rejects(vaultHealth(v, {}, AbortSignal.abort()), { name: 'AbortError' });
  });
});

/**
 * `coresoul read`, `entities`, `recent`, `correct` and `forget` (docs/cli.md): the same jobs as
 * the MCP tools memory_read, memory_entities, memory_recent, memory_correct and memory_forget.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { cli, read, snapshot, tempDir } from '../support/helpers';

const NOW = '2026-03-10T09:00:00';

function workspace(git = true): string {
  const root = tempDir();
  const run = (now: string, ...args: string[]) => assert.equal(cli([...args, '--root', root, '--now', now]).code, 0);
  run('2026-03-02T09:00:00', 'init', ...(git ? [] : ['--no-git']));
  run('2026-03-09T10:00:00', 'write', 'Chose [[MySQL]] for the [[Refund Flow]]', '--kind', 'decision');
  run('2026-03-09T11:00:00', 'write', 'Alice likes green tea', '--entity', 'people/Alice');
  return root;
}
const day = (root: string, d: string) => read(root, `.CoreSoul/memory/chronological/${d}.md`);

describe('coresoul read, entities, recent', () => {
  it('reads an entity by name or kind/Name and a day, and says where on stderr', () => {
    const root = workspace(false);
    const flow = cli(['read', 'Refund', 'Flow', '--root', root]);
    assert.equal(flow.code, 0, flow.stderr);
    assert.match(flow.stdout, /^---\nkind: objects\n[\s\S]*- \[\[2026-03-09\]\] 10:00:00 #decision \[by Tess Tester on testbox\] Chose \[\[MySQL\]\]/);
    assert.equal(flow.stderr, '.CoreSoul/memory/entities/objects/Refund Flow.md:1 · 1 mention(s)\n');
    const d = cli(['read', '2026-03-09', '--json', '--root', root]);
    assert.deepEqual([d.json.type, d.json.level, d.json.entries.length], ['day', 'L1', 2]);
    assert.equal(cli(['read', 'people/Alice', '--json', '--root', root]).json.name, 'Alice');
  });

  it('lists entities by kind, most mentioned or by name', () => {
    const root = workspace(false);
    const r = cli(['entities', '--kind', 'people', '--sort', 'name', '--root', root]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'people/Alice  1 mention(s), last 2026-03-09\n', 'the profile is personal, no entity of the shared tree');
    assert.equal(r.stderr, '1 of 1 entity\n');
    assert.equal(cli(['entities', '--sort', 'mentions', '--limit', '1', '--json', '--root', root]).json.total, 3);
  });

  it('shows the last N days', () => {
    const root = workspace(false);
    const r = cli(['recent', '--days', '2', '--root', root, '--now', NOW]);
    assert.equal(r.stdout, '- 2026-03-09 10:00:00 #decision [by Tess Tester on testbox] Chose [[MySQL]] for the [[Refund Flow]]\n- 2026-03-09 11:00:00 [by Tess Tester on testbox] Alice likes green tea [[Alice]]\n');
    const today = cli(['recent', '--days', '1', '--root', root, '--now', NOW]);
    assert.deepEqual([today.stdout, today.stderr], ['', 'nothing written from 2026-03-10 to 2026-03-10\n']);
  });
});

describe('coresoul correct, forget', () => {
  it('correct writes the corrected entry and marks the old one superseded; forget retracts, kept in history', () => {
    const root = workspace();
    const c = cli(['correct', '2026-03-09', '10:00:00', 'Chose [[PostgreSQL]] for the [[Refund Flow]]', '--reason', 'it was PostgreSQL', '--root', root, '--now', NOW]);
    assert.equal(c.code, 0, c.stderr);
    assert.match(c.stdout, /^Corrected \.CoreSoul\/memory\/chronological\/2026-03-09\.md:3 \(2026-03-09 10:00:00, now marked superseded\)\nWrote \.CoreSoul\/memory\/chronological\/2026-03-10\.md:3\n/);
    assert.match(day(root, '2026-03-09'), /^- 10:00:00 #decision \[superseded \[\[2026-03-10\]\] 09:00:00: it was PostgreSQL\] \[by Tess Tester on testbox\] Chose \[\[MySQL\]\]/m);
    assert.match(day(root, '2026-03-10'), /^- 09:00:00 #decision \[by Tess Tester on testbox\] Chose \[\[PostgreSQL\]\] for the \[\[Refund Flow\]\] \(corrects \[\[2026-03-09\]\] 10:00:00\)$/m);

    const f = cli(['forget', '.CoreSoul/memory/chronological/2026-03-09.md:4', '--reason', 'wrong person', '--json', '--root', root, '--now', NOW]);
    assert.equal(f.code, 0, f.stderr);
    assert.deepEqual(f.json.forgotten, { file: '.CoreSoul/memory/chronological/2026-03-09.md', line: 4, day: '2026-03-09', time: '11:00:00' });
    assert.match(day(root, '2026-03-09'), /^- 11:00:00 \[retracted \[\[2026-03-10\]\] 09:00:00: wrong person\] \[by Tess Tester on testbox\]$/m);
    const log = spawnSync('git', ['-C', path.join(root, '.CoreSoul'), 'log', '-p', '-1', '--format=%s'], { encoding: 'utf8' }).stdout;
    assert.match(log, /^memory: forgot 2026-03-09 11:00:00: wrong person\n[\s\S]*^-- 11:00:00 \[by Tess Tester on testbox\] Alice likes green tea \[\[Alice\]\]$/m);
  });

  const refusals: [string, string[], number, RegExp][] = [
    ['correct without --reason', ['correct', '2026-03-09 10:00:00', 'x'], 1, /^coresoul: correct: missing --reason/],
    ['correct with an empty reason', ['correct', '2026-03-09 10:00:00', 'x', '--reason', ' '], 1, /^coresoul: --reason: the reason is empty/],
    ['correct without text', ['correct', '2026-03-09 10:00:00', '--reason', 'r'], 1, /^coresoul: correct: missing the entry or the corrected text/],
    ['correct with an unknown kind', ['correct', '2026-03-09 10:00:00', 'x', '--reason', 'r', '--kind', 'rumour'], 1, /^coresoul: --kind: expected one of/],
    ['an unknown entry', ['forget', '2026-03-09 12:00:00', '--reason', 'r'], 1, /^coresoul: <entry>: no entry at 12:00:00 on 2026-03-09/],
    ['a line that is not an entry', ['forget', '.CoreSoul/memory/chronological/2026-03-09.md:2', '--reason', 'r'], 1, /^coresoul: <entry>: line 2 of .* is not an entry/],
    ['not an entry reference', ['forget', 'last', 'Tuesday', '--reason', 'r'], 1, /^coresoul: <entry>: expected "YYYY-MM-DD HH:MM:SS"/],
    ['read of an unknown entity', ['read', 'Nobody'], 1, /^coresoul: <name>: no entity or day "Nobody"/],
    ['read of a wrong kind', ['read', 'events/Alice'], 1, /^coresoul: <name>: no entity events\/Alice \(there is people\/Alice\)\n$/],
    ['entities of an unknown kind', ['entities', '--kind', 'animals'], 1, /^coresoul: --kind: expected one of people, events, places, objects/],
    ['recent with 0 days', ['recent', '--days', '0'], 1, /^coresoul: --days: expected a whole number from 1 to 366/],
  ];
  for (const [label, args, code, why] of refusals) {
    it(`exits ${code} with a one-line reason on ${label}, changing nothing`, () => {
      const root = workspace(false);
      const before = snapshot(root);
      const r = cli([...args, '--root', root, '--now', NOW]);
      assert.equal(r.code, code, r.stderr);
      assert.match(r.stderr, why);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.equal(r.stdout, '');
      assert.deepEqual(snapshot(root), before);
    });
  }

  it('forget refuses (exit 3) in a vault without history, where nothing would keep the text', () => {
    const root = workspace(false);
    const before = snapshot(root);
    const r = cli(['forget', '2026-03-09 11:00:00', '--reason', 'r', '--root', root, '--now', NOW]);
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /^coresoul: this vault keeps no history \(init --no-git\), so a forgotten entry would be lost/);
    assert.deepEqual(snapshot(root), before);
  });
});

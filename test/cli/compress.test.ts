import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { cli, read, snapshot, tempDir } from '../support/helpers';

const chrono = (root: string, name: string) => path.join(root, '.CoreSoul/memory/chronological', name);
const gitLog = (root: string) => execFileSync('git', ['log', '--format=%s'], { cwd: path.join(root, '.CoreSoul'), encoding: 'utf8' }).trim().split('\n');
const gitShow = (root: string, rev: string) => execFileSync('git', ['show', rev], { cwd: path.join(root, '.CoreSoul'), encoding: 'utf8' });

function ok(args: string[], env?: NodeJS.ProcessEnv) {
  const r = cli(args, { env });
  assert.equal(r.code, 0, `coresoul ${args.join(' ')}: ${r.stderr}`);
  return r;
}

describe('coresoul compress and the weekly trigger of write', () => {
  it('T2.1: Monday\'s write commits the raw week, compresses it, commits, then writes', () => {
    const root = tempDir();
    ok(['init', '--root', root, '--now', '2026-03-09T08:00:00']);
    ok(['write', 'Sunday: fixed the [[Parser]] crash', '--kind', 'correction', '--root', root, '--now', '2026-03-15T21:00:00']);
    fs.appendFileSync(chrono(root, '2026-03-15.md'), '- 21:30:00 typed by hand in the editor, not committed yet\n');
    const before = snapshot(root);
    assert.equal(cli(['write', 'bad', '--entity', 'people/a:b', '--root', root, '--now', '2026-03-16T08:00:00']).code, 1);
    assert.deepEqual(snapshot(root), before, 'bad input in a new week neither compresses nor writes');

    const r = ok(['write', 'Monday: planning with [[Alice]]', '--root', root, '--now', '2026-03-16T09:00:00', '--json']);
    assert.equal(r.json.compressed, true);
    assert.equal(r.json.file, '.CoreSoul/memory/chronological/2026-03-16.md');
    assert.equal(read(chrono(root, '2026-03-16.md')), '# 2026-03-16\n\n- 09:00:00 [by Tess Tester on testbox] Monday: planning with [[Alice]]\n');
    const sunday = read(chrono(root, '2026-03-15.md'));
    assert.match(sunday, /<!-- coresoul:L2 hourly summary -->\n\n## 21:00\n- 21:00 #correction \[by Tess Tester on testbox\] Sunday: fixed the \[\[Parser\]\] crash\n- 21:30 typed by hand/);
    const map = read(root, '.CoreSoul/memory/memory_map.md');
    assert.match(map, /last_compression_date: 2026-03-16/);
    assert.match(map, /\| 2026-03-15 \| L2 \| chronological\/2026-03-15\.md \|\n\| 2026-03-16 \| L1 \|/);

    assert.deepEqual(gitLog(root).slice(0, 2), [
      'memory: 2026-03-16.md line 3, after compress: week of 2026-03-16: 1 day(s) to hourly summaries, 0 to monthly files',
      'memory: before weekly compression',
    ]);
    // The raw L1 text, hand edit included, is in the history.
    const raw = gitShow(root, 'HEAD~1:memory/chronological/2026-03-15.md');
    assert.equal(raw, '# 2026-03-15\n\n- 21:00:00 #correction [by Tess Tester on testbox] Sunday: fixed the [[Parser]] crash\n- 21:30:00 typed by hand in the editor, not committed yet\n');
  });

  it('--dry-run changes nothing; a run compresses; a second run and --force change nothing', () => {
    const root = tempDir();
    ok(['init', '--root', root, '--now', '2026-01-05T08:00:00']);
    for (const day of ['2026-01-06', '2026-01-20', '2026-02-03']) ok(['write', `work on [[Atlas]] ${day}`, '--root', root, '--now', `${day}T10:00:00`]);
    const now = ['--root', root, '--now', '2026-02-24T09:00:00'];
    // The writes above compressed week by week already; a later run folds January.
    const before = snapshot(root);
    const head = gitLog(root);
    const dry = ok(['compress', '--dry-run', '--json', ...now]);
    assert.deepEqual(dry.json, { ran: false, weekOf: '2026-02-23', l1ToL2: ['2026-02-03'], l2ToL3: ['2026-01-06', '2026-01-20'], linksChecked: 3, linksLost: 0, odd: [] });
    assert.deepEqual(snapshot(root), before);
    assert.deepEqual(gitLog(root), head);
    assert.match(ok(['compress', '--dry-run', ...now]).stdout, /^Dry run \(week of 2026-02-23\), nothing written: would move 1 day\(s\) to L2 \(hourly\), 2 day\(s\) to L3/);

    const real = ok(['compress', '--json', ...now]);
    assert.deepEqual({ ...real.json, ran: false }, dry.json);
    assert.equal(real.json.ran, true);
    assert.ok(!fs.existsSync(chrono(root, '2026-01-06.md')));
    assert.match(read(chrono(root, '2026-01.md')), /^# 2026-01\n\n## 2026-01-06\n\n### 10:00\n- 10:00 \[by Tess Tester on testbox\] work on \[\[Atlas\]\] 2026-01-06\n\n## 2026-01-20\n/);
    assert.match(gitLog(root)[0], /^compress: week of 2026-02-23: 1 day\(s\) to hourly summaries, 2 to monthly files$/);

    const after = snapshot(root);
    const again = ok(['compress', ...now]);
    assert.match(again.stdout, /^Nothing to compress: the last compression was this week/);
    const forced = ok(['compress', '--force', '--json', ...now]);
    assert.deepEqual([forced.json.ran, forced.json.l1ToL2, forced.json.l2ToL3], [true, [], []]);
    assert.deepEqual(snapshot(root), after);
    assert.deepEqual(gitLog(root).slice(1), head, 'one compression commit; nothing was uncommitted before it');
  });

  it('does not compress when the raw week cannot be committed first; write still writes', () => {
    const root = tempDir();
    ok(['init', '--root', root, '--now', '2026-03-09T08:00:00']);
    ok(['write', 'Sunday entry', '--root', root, '--now', '2026-03-15T21:00:00']);
    fs.appendFileSync(chrono(root, '2026-03-15.md'), '- 21:30:00 hand edit\n');
    fs.writeFileSync(path.join(root, '.CoreSoul/.git/index.lock'), ''); // another git process, or a crashed one
    const before = snapshot(root);
    const c = cli(['compress', '--root', root, '--now', '2026-03-16T09:00:00']);
    assert.equal(c.code, 2);
    assert.match(c.stderr, /git add failed/);
    assert.deepEqual(snapshot(root), before);

    const bad = cli(['write', 'bad entity', '--entity', 'people/a:b', '--root', root, '--now', '2026-03-16T09:00:00']);
    assert.equal(bad.code, 1);
    assert.deepEqual(snapshot(root), before, 'bad input changes nothing, even in a new week');

    const w = cli(['write', 'Monday entry', '--root', root, '--now', '2026-03-16T09:00:00', '--json']);
    assert.equal(w.code, 0, w.stderr);
    assert.equal(w.json.compressed, false);
    assert.match(w.stderr, /weekly compression postponed to the next write: git add failed/);
    assert.equal(read(chrono(root, '2026-03-15.md')), '# 2026-03-15\n\n- 21:00:00 [by Tess Tester on testbox] Sunday entry\n- 21:30:00 hand edit\n');
    assert.match(read(root, '.CoreSoul/memory/memory_map.md'), /last_compression_date: 2026-03-09/);
    assert.equal(read(chrono(root, '2026-03-16.md')), '# 2026-03-16\n\n- 09:00:00 [by Tess Tester on testbox] Monday entry\n');
  });

  it('exits 2 on a malformed memory_map and changes nothing', () => {
    const root = tempDir();
    ok(['init', '--root', root, '--now', '2026-03-02T08:00:00', '--no-git']);
    ok(['write', 'old day', '--root', root, '--now', '2026-03-03T10:00:00']);
    const mapFile = path.join(root, '.CoreSoul/memory/memory_map.md');
    fs.writeFileSync(mapFile, read(mapFile).replace('last_compression_date: 2026-03-02', 'last_compression_date: someday'));
    const before = snapshot(root);
    for (const args of [['compress'], ['compress', '--force'], ['write', 'new week']]) {
      const r = cli([...args, '--root', root, '--now', '2026-03-10T09:00:00', '--json']);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.json.error.kind, 'vault');
      assert.match(r.stderr, /damaged vault: .*memory_map\.md: front matter last_compression_date/);
    }
    assert.deepEqual(snapshot(root), before);
  });

  it('reports odd hand edits on stderr and in --json', () => {
    const root = tempDir();
    ok(['init', '--root', root, '--now', '2026-03-02T08:00:00', '--no-git']);
    fs.writeFileSync(chrono(root, '2026-03-03.md'), '# 2026-03-03\r\n\r\njust a thought, no time\r\n');
    const r = ok(['compress', '--json', '--root', root, '--now', '2026-03-10T09:00:00']);
    const file = '.CoreSoul/memory/chronological/2026-03-03.md';
    assert.deepEqual(r.json.odd, [
      { file, problem: 'CRLF line ends converted to LF' },
      { file, problem: '1 line(s) without a timestamp kept as written' },
    ]);
    assert.match(r.stderr, /compress: \.CoreSoul\/memory\/chronological\/2026-03-03\.md: 1 line\(s\) without a timestamp kept as written/);
    assert.equal(read(chrono(root, '2026-03-03.md')), '# 2026-03-03\n<!-- coresoul:L2 hourly summary -->\n\njust a thought, no time\n');
  });

  it('takes weeks and hours in local time, across DST changes (TZ=Europe/Berlin)', () => {
    const berlin = { TZ: 'Europe/Berlin' };
    const root = tempDir();
    ok(['init', '--root', root, '--now', '2026-03-23T08:00:00', '--no-git'], berlin);
    // 2026-03-29: clocks go from 02:00 to 03:00.
    ok(['write', 'before the change', '--root', root, '--now', '2026-03-29T01:30:00'], berlin);
    ok(['write', 'after the change', '--root', root, '--now', '2026-03-29T03:30:00'], berlin);
    // 2026-03-29T22:30Z is still Sunday in UTC but Monday 00:30 in Berlin: a new week here.
    const monday = '2026-03-29T22:30:00Z';
    assert.equal(ok(['status', '--json', '--root', root, '--now', monday], { TZ: 'UTC' }).json.compressionDue, false);
    const r = ok(['write', 'Monday', '--root', root, '--now', monday, '--json'], berlin);
    assert.equal(r.json.compressed, true);
    assert.equal(r.json.file, '.CoreSoul/memory/chronological/2026-03-30.md');
    assert.match(read(chrono(root, '2026-03-29.md')), /## 01:00\n- 01:30 \[by Tess Tester on testbox\] before the change\n\n## 03:00\n- 03:30 \[by Tess Tester on testbox\] after the change\n$/);

    // 2026-10-25: 02:30 happens twice (CEST, then CET); both land in the same hour.
    ok(['write', 'first 02:30', '--root', root, '--now', '2026-10-25T00:30:00Z'], berlin);
    ok(['write', 'second 02:30', '--root', root, '--now', '2026-10-25T01:30:00Z'], berlin);
    assert.equal(ok(['write', 'next Monday', '--root', root, '--now', '2026-10-26T08:00:00', '--json'], berlin).json.compressed, true);
    assert.match(read(chrono(root, '2026-10-25.md')), /## 02:00\n- 02:30 \[by Tess Tester on testbox\] first 02:30\n- 02:30 \[by Tess Tester on testbox\] second 02:30\n$/);
  });
});

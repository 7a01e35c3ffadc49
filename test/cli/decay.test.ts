/**
 * Usage-aware decay (docs/truth.md#usage-aware-decay) through the CLI, on a real vault with its
 * git history: what searches serve is recorded on this machine only; folded in at the day's
 * boundary, so a search never changes its own next answer; a memory nothing served for months
 * sinks a little (one explained factor) and `lint` proposes it for archiving; `archive` shows the
 * proposal, and moves it — never deletes it — only with --yes; `search --archived` still finds it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { cli, read, snapshot, tempDir } from '../support/helpers';
import { lintReportProblems, sarifProblems } from '../support/schemas';
import { DECAY_AFTER_DAYS, DECAY_FLOOR, DECAY_FULL_DAYS, decayFactor } from '../../src/core/search/decay';
import { memoryKey } from '../../src/core/vault/usage';
import { withoutAuthorMarkers } from '../../src/core/vault/dayEntries';

const at = (day: string, time = '10:00:00') => ['--now', `${day}T${time}`];
let root: string;
const run = (...args: string[]) => {
  const r = cli([...args, '--root', root]);
  assert.ok(r.code === 0 || r.code === 4, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
  return r;
};
const search = (day: string, query: string, ...more: string[]) => run('search', query, '--json', ...more, ...at(day)).json;
const memoryFiles = () => snapshot(path.join(root, '.CoreSoul', 'memory'));

// Two memories that answer "release checklist" about as well, and one that nothing asks about.
const A = 'Release checklist: tag the build after the smoke tests pass';
const B = 'Release checklist: tag the build after the changelog is reviewed';
let first: string;
let second: string;

before(() => {
  root = tempDir('coresoul-decay-');
  assert.equal(cli(['init', '--root', root, ...at('2025-01-01', '08:00:00')]).code, 0);
  run('write', A, ...at('2025-01-01', '09:00:00'));
  run('write', B, ...at('2025-01-10', '09:00:00'));
  const r = search('2025-01-12', 'release checklist tag build');
  [first, second] = r.results.flatMap((h: any) => h.text.split('\n')).filter((l: string) => l.includes('Release checklist'));
  assert.ok(first && second, 'both found, in an order of their own');
  // Months later one of them is still asked about, with a word only it has; the other is not.
  const only = second.includes('smoke') ? 'smoke tests' : 'changelog reviewed';
  search('2025-07-25', only);
});

describe('usage-aware decay', () => {
  it('records served lines on this machine only: in the vault cache, which git ignores', () => {
    const logs = fs.readdirSync(path.join(root, '.CoreSoul', 'cache', 'usage')).filter((f) => f.endsWith('.log')).sort();
    assert.deepEqual(logs, ['2025-01-12.log', '2025-07-25.log']);
    assert.ok(read(root, '.CoreSoul/cache/usage/2025-07-25.log').includes(memoryKey(second)!));
    const status = spawnSync('git', ['-C', path.join(root, '.CoreSoul'), 'status', '--porcelain', '--ignored=no'], { encoding: 'utf8' });
    assert.equal(status.stdout.trim(), '', 'no usage file waits to be committed');
  });

  it('a memory unused for months sinks below one in use, and the hit says by how much', () => {
    const r = search('2025-08-01', 'release checklist tag build');
    const lines = r.results.flatMap((h: any) => h.text.split('\n').map((l: string) => ({ l, h })));
    const order = lines.filter((x: any) => x.l.includes('Release checklist')).map((x: any) => x.l);
    assert.deepEqual(order, [second, first], 'the one still served comes first now');
    const sunk = r.results.find((h: any) => h.unused);
    assert.ok(sunk, JSON.stringify(r.results));
    assert.equal(sunk.unused.days, 201, 'unused since 2025-01-12, when usage began to be recorded');
    assert.equal(sunk.unused.factor, DECAY_FLOOR);
  });

  it('folds usage in at the day boundary: the same search the same day gives the same answer', () => {
    const once = search('2025-08-01', 'release checklist tag build');
    const again = search('2025-08-01', 'release checklist tag build');
    assert.deepEqual(again, once);
  });

  it('the factor: 1 until DECAY_AFTER_DAYS, falling linearly to DECAY_FLOOR at DECAY_FULL_DAYS, never lower', () => {
    assert.equal(decayFactor(0), 1);
    assert.equal(decayFactor(DECAY_AFTER_DAYS), 1);
    assert.ok(decayFactor(DECAY_AFTER_DAYS + 1) < 1);
    assert.equal(decayFactor((DECAY_AFTER_DAYS + DECAY_FULL_DAYS) / 2), 1 - (1 - DECAY_FLOOR) / 2);
    assert.equal(decayFactor(DECAY_FULL_DAYS), DECAY_FLOOR);
    assert.equal(decayFactor(10_000), DECAY_FLOOR);
  });

  it('one key for a line however it is shown: list mark, time and kind tags set aside', () => {
    assert.equal(memoryKey('- 09:00:00 #decision  Use   Postgres'), memoryKey('Use Postgres'));
    assert.equal(memoryKey('- 09:00 Use Postgres'), memoryKey('* Use Postgres'));
    assert.notEqual(memoryKey('Use Postgres'), memoryKey('Use MySQL'));
    assert.equal(memoryKey('- 09:00:00 '), undefined);
  });

  it('lint proposes what went unused 180 days or more, as a note (exit 0), in JSON and SARIF', () => {
    const j = run('lint', '--json', ...at('2025-08-01'));
    assert.equal(j.code, 0, 'a note does not fail the default bar');
    assert.deepEqual(lintReportProblems(j.json), []);
    const unused = j.json.findings.filter((f: any) => f.rule === 'unused');
    assert.equal(unused.length, 1);
    assert.equal(unused[0].severity, 'note');
    assert.match(unused[0].message, /^served by nothing for 201 days: archive it with coresoul archive --unused/);
    assert.equal(withoutAuthorMarkers(read(root, unused[0].file).split('\n')[unused[0].line - 1]).replace(/^- \d\d:\d\d:\d\d /, ''), first.replace(/^- \d\d:\d\d:\d\d /, ''));
    const s = run('lint', '--sarif', ...at('2025-08-01'));
    const log = JSON.parse(s.stdout);
    assert.deepEqual(sarifProblems(log), []);
    assert.ok(log.runs[0].results.some((x: any) => x.ruleId === 'unused' && x.level === 'note'));
    assert.equal(run('lint', '--json', ...at('2025-05-01')).json.counts.unused, 0, 'not yet 180 days');
  });

  it('archive: without --yes only the proposal; bad input changes nothing', () => {
    const before = memoryFiles();
    const shown = run('archive', '--unused', ...at('2025-08-01'));
    assert.match(shown.stdout, /^Would archive 1 memory to memory\/archive\//);
    assert.deepEqual(memoryFiles(), before);
    const bad = cli(['archive', '.CoreSoul/memory/chronological/2025-01-01.md:1', '--yes', '--root', root]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /is no memory entry/);
    const outside = cli(['archive', '.CoreSoul/soul.md:1', '--yes', '--root', root]);
    assert.equal(outside.code, 1);
    assert.equal(cli(['archive', '--root', root]).code, 1);
    assert.deepEqual(memoryFiles(), before);
  });

  it('archive --yes moves it to memory/archive/YYYY-MM.md and commits; search finds it again only with --archived', () => {
    const moved = run('archive', '--unused', '--yes', '--json', ...at('2025-08-01')).json;
    assert.equal(moved.archived.length, 1);
    assert.equal(moved.committed, true);
    // A search hit leaves the author marker out of its author's lines: compared as it shows them.
    const days = withoutAuthorMarkers(['2025-01-01', '2025-01-10'].map((d) => read(root, `.CoreSoul/memory/chronological/${d}.md`)).join('\n'));
    assert.ok(!days.includes(first), 'gone from its day file');
    assert.ok(days.includes(second), 'the other stays');
    const archive = withoutAuthorMarkers(read(root, '.CoreSoul/memory/archive/2025-01.md'));
    const from = moved.archived[0].from as string;
    assert.match(archive, new RegExp(`^## ${/(2025-01-\d\d)\.md:/.exec(from)![1]}$`, 'm'));
    assert.ok(archive.includes(`${first} (archived from ${from})`), archive);
    const log = spawnSync('git', ['-C', path.join(root, '.CoreSoul'), 'log', '-1', '--format=%s'], { encoding: 'utf8' }).stdout;
    assert.match(log, /^memory: archived 1 unused memory to archive\//);

    const plain = search('2025-08-02', 'release checklist tag build');
    assert.ok(!plain.results.some((h: any) => h.file.includes('/archive/')), 'not in a plain search');
    const asked = search('2025-08-02', 'release checklist tag build', '--archived');
    assert.ok(asked.results.some((h: any) => h.file === '.CoreSoul/memory/archive/2025-01.md' && h.text.includes(first)), JSON.stringify(asked.results));
    assert.equal(run('lint', '--json', ...at('2025-08-02')).json.counts.unused, 0, 'nothing left to propose');
  });
});

/** Each rule of core/truth on its own, against real git repositories made here (dates set by GIT_*_DATE). */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { findCitations } from '../../../src/core/truth/citations';
import { findContradictions } from '../../../src/core/truth/contradictions';
import { findDuplicates } from '../../../src/core/truth/duplicates';
import { type CodeWorkspace, checkFreshness, gitCodeWorkspace } from '../../../src/core/truth/freshness';
import { staleMarks } from '../../../src/core/truth/marks';
import { dayLines, entityLines } from '../../../src/core/truth/memories';
import { FROM_TO, findSupersessions } from '../../../src/core/truth/supersession';
import { wordHash, wordHashes, words } from '../../../src/core/truth/words';
import { tempDir } from '../../support/helpers';

function git(root: string, args: string[], at?: string) {
  const who = { GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' };
  return execFileSync('git', args, { cwd: root, env: { ...process.env, ...who, ...(at && { GIT_AUTHOR_DATE: at, GIT_COMMITTER_DATE: at }) }, encoding: 'utf8' });
}
function commit(root: string, at: string, files: Record<string, string | null>) {
  for (const [f, text] of Object.entries(files)) {
    const p = path.join(root, f);
    if (text === null) fs.rmSync(p);
    else {
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, text);
    }
  }
  git(root, ['add', '-A']);
  git(root, ['commit', '-q', '-m', at], at);
}
function repo(): string {
  const root = tempDir('coresoul-fresh-');
  git(root, ['init', '-q', '-b', 'main']);
  commit(root, '2026-01-01T10:00:00', { 'src/a.ts': 'export function alpha() {}\n', 'src/b.ts': 'b\n', 'src/c.ts': 'c\n', 'src/d.ts': 'one\ntwo\n' });
  return root;
}
const marks = async (root: string, items: { at: string; text: string }[], ws?: CodeWorkspace) =>
  (await checkFreshness(items, ws ?? gitCodeWorkspace(root))).map((s) => s.map((x) => x.mark));

describe('citations', () => {
  it('reads paths, paths with a line (:42, line 42, 第 42 行) and symbols in backticks', () => {
    assert.deepEqual(findCitations('see `src/x.ts:42` and lib/y.py line 7, and 在 app/z.go 第 9 行; `Invoice.total()` too'), [
      { path: 'src/x.ts', line: 42 },
      { path: 'lib/y.py', line: 7 },
      { path: 'app/z.go', line: 9 },
      { symbol: 'total' },
    ]);
  });
  it('leaves URLs, dotfiles, home and absolute paths, versions and bare file names alone', () => {
    for (const t of ['https://vitejs.dev/guide/config.ts', 'overridden by .env', '~/.zshrc', '/etc/hosts.conf', 'v2.3.1', 'Node 20.11.1', 'invoice.ts rounding', 'example.com/a/b.js']) {
      assert.deepEqual(findCitations(t), [], t);
    }
  });

  it('reads a Windows path (backslashes) as the project path it names', () => {
    assert.deepEqual(findCitations('handled in src\\win\\paths.ts:12 now'), [{ path: 'src/win/paths.ts', line: 12 }]);
    assert.deepEqual(findCitations('see .\\lib\\cache\\store.go'), [{ path: 'lib/cache/store.go' }]);
  });
});

describe('freshness against the code', () => {
  it('a deleted file names the commit; a renamed one the new path; a changed one how many commits', async () => {
    const root = repo();
    commit(root, '2026-01-10T10:00:00', { 'src/a.ts': null });
    git(root, ['mv', 'src/b.ts', 'src/bee.ts']);
    git(root, ['commit', '-q', '-m', 'rename'], '2026-01-11T10:00:00');
    commit(root, '2026-01-12T10:00:00', { 'src/c.ts': 'c2\n' });
    commit(root, '2026-01-13T10:00:00', { 'src/c.ts': 'c3\n' });
    const sha = git(root, ['log', '--format=%h', '-1', '--diff-filter=D', '--', 'src/a.ts']).trim().slice(0, 7);
    const m = await marks(root, [
      { at: '2026-01-05T09:00:00', text: 'in src/a.ts' },
      { at: '2026-01-05T09:00:00', text: 'in src/b.ts' },
      { at: '2026-01-05T09:00:00', text: 'in src/c.ts' },
      { at: '2026-01-12T12:00:00', text: 'in src/c.ts' },
      { at: '2026-01-14T09:00:00', text: 'in src/c.ts, src/bee.ts' },
    ]);
    assert.deepEqual(m, [
      [`cites src/a.ts, deleted in ${sha}`],
      ['cites src/b.ts, moved to src/bee.ts'],
      ['cites src/c.ts, changed 2 commits since'],
      ['cites src/c.ts, changed 1 commit since'],
      [],
    ]);
  });
  it('a change before the memory was written does not make it stale', async () => {
    const root = repo();
    commit(root, '2026-01-10T10:00:00', { 'src/c.ts': 'c2\n' });
    assert.deepEqual(await marks(root, [{ at: '2026-01-10T10:30:00', text: 'src/c.ts' }]), [[]]);
  });
  it('a path already gone when written, a line past the end, a symbol removed, a path never in the project', async () => {
    const root = repo();
    commit(root, '2026-01-03T10:00:00', { 'src/a.ts': null });
    const m = await marks(root, [
      { at: '2026-01-05T09:00:00', text: 'src/a.ts' },
      { at: '2026-01-05T09:00:00', text: 'src/d.ts:40' },
      { at: '2026-01-05T09:00:00', text: '`alpha()` does it' },
      { at: '2026-01-05T09:00:00', text: 'src/nowhere.ts' },
      { at: '2026-01-05T09:00:00', text: 'vendor/lib.ts' },
    ]);
    assert.match(m[0][0], /^cites src\/a\.ts, deleted in [0-9a-f]{7}$/);
    assert.deepEqual(m.slice(1), [['cites src/d.ts:40, the file has 2 lines now'], ['cites `alpha()`, no longer in the code'], ['cites src/nowhere.ts, not in the project'], []]);
  });
  it('runs one git log for all citations, since the oldest memory', async () => {
    const root = repo();
    const real = gitCodeWorkspace(root);
    const calls: number[] = [];
    const ws: CodeWorkspace = { ...real, hasHistory: true, exists: real.exists, lineCount: real.lineCount, deletions: real.deletions, symbolsPresent: real.symbolsPresent, commitsSince: (since, signal) => (calls.push(since), real.commitsSince(since, signal)) };
    await checkFreshness([{ at: '2026-01-09T00:00:00', text: 'src/b.ts' }, { at: '2026-01-05T00:00:00', text: 'src/c.ts' }, { at: '2026-01-07T00:00:00', text: 'no code' }], ws);
    assert.deepEqual(calls, [new Date('2026-01-05T00:00:00').getTime() / 1000]);
  });
  it('staleMarks marks search hits line by line, from each entry time', async () => {
    const root = repo();
    commit(root, '2026-01-10T10:00:00', { 'src/c.ts': 'c2\n' });
    const hits = [
      { date: '2026-01-10', text: '# 2026-01-10\n\n- 09:00:00 in src/c.ts\n- 11:00:00 no code' },
      { date: '2026-01-10', text: '- 11:00:00 in src/c.ts' },
      { date: null, text: 'Code: src/c.ts' },
      { date: '2026-01-10', text: 'nothing cited' },
    ];
    assert.deepEqual(await staleMarks(root, hits), ['cites src/c.ts, changed 1 commit since', undefined, undefined, undefined]);
  });
  it('without git, a cited path that is gone is still found', async () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, 'src'));
    assert.deepEqual(await marks(root, [{ at: '2026-01-01T00:00:00', text: 'src/gone.ts and src/' }]), [['cites src/gone.ts, deleted']]);
  });
});

const mem = (at: string, text: string, id = `${at} ${text}`) => ({ id, at, text });

describe('supersession', () => {
  const pairs = (ms: ReturnType<typeof mem>[]) => findSupersessions(ms).map((p) => [p.older, p.newer, p.rule]);
  /** What a memory of February finds it replaces in one of January: `[['old', 'new', rule]]` or nothing. */
  const replaces = (old: string, newer: string) => pairs([mem('2026-01-01T10:00:00', old, 'old'), mem('2026-02-01T10:00:00', newer, 'new')]);
  /** Each `[older, newer]` pair: the newer replaces the older by `rule`. */
  const eachReplaces = (cases: [string, string][], rule: string) => {
    for (const [old, replacement] of cases) assert.deepEqual(replaces(old, replacement), [['old', 'new', rule]], replacement);
  };
  it('from-to phrasings name the old value: the older memory holding it is superseded', () => {
    const cases: [string, string][] = [
      ['We test with Jest.', 'Moved from Jest to Vitest for tests.'],
      ['The cache is Memcached.', 'Replaced Memcached with Redis for the cache.'],
      ['The build uses Grunt.', 'Grunt was replaced by Vite in the build.'],
      ['Styles use Sass.', 'Styles use plain CSS instead of Sass.'],
      ['Alerts go to PagerDuty.', 'We stopped using PagerDuty; alerts go to Opsgenie.'],
      ['We use Docker Compose locally.', 'We no longer use Docker Compose.'],
      ['Metrics use StatsD.', 'Metrics use Prometheus, not StatsD.'],
      ['打包用 webpack', '打包從 webpack 改為 Vite'],
      ['文件使用 Confluence', '文件不再使用 Confluence'],
      // Told in the present as well as the past: the change is made, whatever the tense.
      ['Email goes through Postmark.', 'Email moves from Postmark to SES this week.'],
      ['The queue is RabbitMQ.', 'The queue switches from RabbitMQ to NATS.'],
      // A version is a value with a dot in it, and the product's name stays: the new version is the new value.
      ['The service runs on Ruby 3.2.', 'Upgraded the service from Ruby 3.2 to Ruby 3.3.'],
      ['CI uses Node 18.17.', 'Bumped CI from Node 18.17 to Node 20.'],
    ];
    eachReplaces(cases, 'from-to');
  });
  it("each from-to phrasing's hint is in every text it matches, and in its own examples", () => {
    const examples = [
      'Moved from Jest to Vitest for tests.',
      'Replaced Memcached with Redis for the cache.',
      'Grunt was replaced by Vite in the build.',
      'Styles use plain CSS instead of Sass.',
      'We stopped using PagerDuty; alerts go to Opsgenie.',
      'We no longer use Docker Compose.',
      'Metrics use Prometheus, not StatsD.',
      'We dropped Flow for TypeScript.',
      '打包從 webpack 改為 Vite',
      '文件不再使用 Confluence',
      'Moment 已被取代',
    ];
    // Each phrasing matches one example; upper case, other words around, and every phrasing against every example.
    FROM_TO.forEach(({ re }, i) => assert.ok(re.test(examples[i]), examples[i]));
    for (const text of examples.flatMap((e) => [e, e.toUpperCase(), `Note: ${e} Later, ${e.toLowerCase()}`])) {
      for (const { re, hint } of FROM_TO) if (re.test(text)) assert.ok(hint.test(text), `${re} matches "${text}", its hint ${hint} does not`);
    }
  });
  it('new-value phrasings supersede an older statement of the same subject', () => {
    assert.deepEqual(replaces('The linter is TSLint.', 'Switched to ESLint as the linter.'), [['old', 'new', 'new-value']]);
    assert.deepEqual(replaces('編輯器使用 Vim', '編輯器改用 Helix'), [['old', 'new', 'new-value']]);
    assert.deepEqual(replaces('The linter is TSLint.', 'The linter switches to ESLint.'), [['old', 'new', 'new-value']]);
    // A choice made names the new value too.
    assert.deepEqual(replaces('The test runner is Jest.', 'We went with Vitest as the test runner.'), [['old', 'new', 'new-value']]);
    assert.deepEqual(replaces('The test runner is Jest.', 'We chose Vitest for the test runner.'), [['old', 'new', 'new-value']]);
    // Upgrading to a version the older memory already names is no change.
    assert.deepEqual(replaces('The service runs on Ruby 3.3.', 'Upgraded the service from Ruby 3.2 to Ruby 3.3.'), []);
    // Two changes in one memory: each finds what it replaces, the second as well as the first.
    const twice = 'Upgraded stripe-node from 14 to 17.4 and moved the pinned apiVersion from 2023-10-16 to 2024-06-20.';
    assert.deepEqual(replaces('The client sets apiVersion 2023-10-16 explicitly.', twice), [['old', 'new', 'from-to']]);
    // A plan is no change yet: "should move from X to Y" names no done or current change.
    assert.deepEqual(replaces('We test with Jest.', 'We should move from Jest to Vitest.'), []);
  });
  it('a new owner supersedes an older statement of who owns the same thing, not one of another thing or naming the new owner', () => {
    const cases: [string, string][] = [
      ['[[Priya]] owns the billing engine: proration and the dunning job.', '[[Priya]] moves to the Payouts team. [[Tomás]] takes over ownership of billing — src/billing/** and the dunning job.'],
      ['Marco owns the dashboard.', 'The dashboard is now owned by Lena.'],
      ['Kenji is the owner of the on-call rotation.', 'Handed the on-call rotation over to Dana.'],
      ['[[Priya]] 負責 billing', '[[Tomás]] 接手 billing'],
    ];
    eachReplaces(cases, 'new-value');
    assert.deepEqual(replaces('Marco owns the dashboard.', 'Lena takes over the release checklist.'), []);
    assert.deepEqual(replaces('Tomás owns billing.', 'Tomás takes over billing.'), [], 'it already names the new owner');
  });
  it('a reference names the older memory by day and time (as coresoul correct writes it)', () => {
    assert.deepEqual(pairs([mem('2026-01-01T10:30:00', 'Port is 8080.', 'old'), mem('2026-02-01T10:00:00', 'Port is 9090 (corrects [[2026-01-01]] 10:30:00)', 'new')]), [['old', 'new', 'reference']]);
  });
  it('leaves alone: a newer memory, one that already names the new value, one of another subject, a mere mention', () => {
    const ms = [
      mem('2026-01-01T10:00:00', 'Vitest runs in watch mode locally.', 'names-new'),
      mem('2026-01-02T10:00:00', 'Jest docs are bookmarked in the wiki.', 'other-subject'),
      mem('2026-01-03T10:00:00', 'Moved from Jest to Vitest for tests.', 'new'),
      mem('2026-03-01T10:00:00', 'We test with Jest snapshots.', 'later'),
      mem('2026-01-04T10:00:00', 'VS Code settings are synced.', 'mention'),
      mem('2026-02-04T10:00:00', 'Switched to dark mode in VS Code.', 'unrelated'),
    ];
    assert.deepEqual(pairs(ms), []);
  });
  it('only the latest replacement claims an older memory', () => {
    const ms = [mem('2026-01-01T10:00:00', 'We test with Jest.', 'a'), mem('2026-02-01T10:00:00', 'Moved from Jest to Vitest for tests.', 'b'), mem('2026-03-01T10:00:00', 'Moved from Jest to Bun test for tests.', 'c')];
    assert.deepEqual(pairs(ms), [['a', 'c', 'from-to']]);
  });
});

describe('who wrote a memory is not what it says', () => {
  // As a day file holds them, after the time and kind: provenance, author, branch.
  const by = (who: string, text: string, more = '') => `${more}[by ${who} on laptop] ${text}`;
  it('one author on both memories makes no supersession, and markers do not hide a real one', () => {
    const pairs = (ms: ReturnType<typeof mem>[]) => findSupersessions(ms).map((p) => [p.older, p.newer]);
    // The queue moved off Redis; the report's use of Redis is another subject: only the author's name was shared.
    assert.deepEqual(pairs([mem('2026-01-01T10:00:00', by('Ada Lovelace', 'The nightly report reads from Redis.'), 'old'), mem('2026-02-01T10:00:00', by('Ada Lovelace', 'Switched from Redis to Kafka for the job queue.'), 'new')]), []);
    assert.deepEqual(pairs([mem('2026-01-01T10:00:00', by('Ada Lovelace', 'The job queue runs on Redis.'), 'old'), mem('2026-02-01T10:00:00', by('Ada Lovelace', 'Switched from Redis to Kafka for the job queue.'), 'new')]), [['old', 'new']]);
    assert.deepEqual(pairs([mem('2026-01-01T10:00:00', by('Ada Lovelace', 'The nightly report runs at 02:00.', '[on feature/queue] '), 'old'), mem('2026-02-01T10:00:00', by('Ada Lovelace', 'Switched from Redis to Kafka for the job queue.', '[from agent: codex] '), 'new')]), []);
    assert.deepEqual(pairs([mem('2026-01-01T10:00:00', by('Grace Hopper', 'We test with Jest.'), 'old'), mem('2026-02-01T10:00:00', by('Ada Lovelace', 'Moved from Jest to Vitest for tests.', '[from agent: claude-code] '), 'new')]), [['old', 'new']]);
  });
  it('two rules by one author are not duplicates; one rule by two authors is', () => {
    const ids = (ms: ReturnType<typeof mem>[]) => findDuplicates(ms).map((d) => [d.first, d.repeats]);
    assert.deepEqual(ids([mem('2026-01-01T10:00:00', by('Tess Tester', 'Use pnpm.'), 'a'), mem('2026-01-02T10:00:00', by('Tess Tester', 'Use tabs.'), 'b')]), []);
    assert.deepEqual(ids([mem('2026-01-01T10:00:00', by('Tess Tester', 'Always run the linter before committing.'), 'a'), mem('2026-01-02T10:00:00', by('Ada Lovelace', 'Always run the linter before committing.', '[from agent: copilot] '), 'b')]), [['a', ['b']]]);
  });
  it('a contradiction between two authors is found behind their markers', () => {
    const ms = [mem('2026-01-01T11:00:00', by('Tess Tester', 'Always squash merge.'), 'c'), mem('2026-02-01T11:00:00', by('Ada Lovelace', 'Never squash merge.', '[from agent: codex] '), 'd')];
    assert.deepEqual(findContradictions(ms).map((c) => [c.older, c.newer]), [['c', 'd']]);
  });
});

describe('duplicates', () => {
  it('reads a compound of letters as its words and n\'t as not, in both word readers', () => {
    const g = findDuplicates([
      mem('2026-01-01T10:00:00', 'Squash-merge feature branches.', 'a'),
      mem('2026-01-02T10:00:00', 'Feature branches are squash-merged.', 'b'),
      mem('2026-01-03T10:00:00', 'Do not log personal data.', 'x'),
      mem('2026-01-04T10:00:00', "Don't log personal data.", 'y'),
      mem('2026-01-05T10:00:00', 'Don’t log request bodies.', 'z'),
    ]);
    assert.deepEqual(g.map((d) => [d.first, d.repeats]), [['a', ['b']], ['x', ['y']]]);
    for (const t of ["Don't log personal-data, isn’t it", 'squash-merged pre-commit hooks; date-fns 2.0-beta']) assert.deepEqual(wordHashes(t), words(t).map(wordHash), t);
  });

  it('groups exact and near repeats under the earliest, in English and Chinese', () => {
    const g = findDuplicates([
      mem('2026-01-03T10:00:00', 'always run the linter before committing', 'b'),
      mem('2026-01-01T10:00:00', 'Always run the linter before committing.', 'a'),
      mem('2026-01-05T10:00:00', 'Remember: always run the linter before you commit!', 'c'),
      mem('2026-01-02T10:00:00', '部署前一定要跑測試', 'x'),
      mem('2026-01-04T10:00:00', '記得：部署前一定要跑測試', 'y'),
    ]);
    assert.deepEqual(g.map((d) => [d.first, d.repeats, d.similarity.map((s) => s === 1)]), [
      ['a', ['b', 'c'], [true, false]],
      ['x', ['y'], [false]],
    ]);
  });
  it('does not group rules that share words but say other things', () => {
    assert.deepEqual(
      findDuplicates([mem('2026-01-01T10:00:00', 'Always run the linter before committing.'), mem('2026-01-02T10:00:00', 'Always run the tests before pushing.'), mem('2026-01-03T10:00:00', '部署前一定要跑 lint'), mem('2026-01-04T10:00:00', '部署前一定要跑測試')]),
      [],
    );
  });
});

describe('contradictions', () => {
  it('two current values of one subject, and always against never; superseded memories are left out', () => {
    const ms = [mem('2026-01-01T10:00:00', 'The main database is MySQL.', 'a'), mem('2026-02-01T10:00:00', 'The main database is Postgres.', 'b'), mem('2026-01-01T11:00:00', 'Always squash merge.', 'c'), mem('2026-02-01T11:00:00', 'Never squash merge.', 'd')];
    assert.deepEqual(findContradictions(ms).map((c) => [c.older, c.newer]), [['a', 'b'], ['c', 'd']]);
    assert.deepEqual(findContradictions(ms, new Set(['a', 'c'])), []);
  });
  it('finds the same shapes behind [[links]] and writer markers, in any case, in English and Chinese', () => {
    const pairs = (a: string, b: string) => findContradictions([mem('2026-01-01T10:00:00', a, 'a'), mem('2026-02-01T10:00:00', b, 'b')]).map((c) => [c.older, c.newer]);
    const found = [['a', 'b']];
    assert.deepEqual(pairs('[by Al on box] The [[main database]] IS MySQL.', 'The main database [[Is]] [[Postgres]].'), found);
    assert.deepEqual(pairs('The CI RUNS ON Jenkins.', '[from agent: copilot] The CI [[runs]] on GitHub Actions.'), found);
    assert.deepEqual(pairs('[[ALWAYS]] squash merge.', '[by Al on box] [[Never|NEVER]] squash merge.'), found);
    assert.deepEqual(pairs('測試[[使用]] Jest', '測試使用 Vitest'), found);
    assert.deepEqual(pairs('主資料庫是 MySQL', '主資料庫是[[Postgres]]'), found);
  });
});

describe('memories read from the vault', () => {
  it('L1 entries with their time and kind, L2/L3 lines from their hour, entity text without its date tags', () => {
    const l1 = dayLines('d.md', '# 2026-01-05\n\n- 09:15:00 #decision use X\n  more\n- 10:00:00 plain\n', '2026-01-05');
    assert.deepEqual(l1.map((m) => [m.id, m.at, m.kind, m.text]), [['d.md:3', '2026-01-05T09:15:00', 'decision', 'use X\nmore'], ['d.md:5', '2026-01-05T10:00:00', undefined, 'plain']]);
    const l3 = dayLines('m.md', '# 2025-12\n\n## 2025-12-01\n\n### 14:00\n- a summary line\n', undefined);
    assert.deepEqual(l3.map((m) => [m.id, m.at]), [['m.md:6', '2025-12-01T14:00:00']]);
    const e = entityLines('e.md', '---\nkind: objects\naliases: []\ncreated: 2026-01-02\n---\n# E\n\nCode: src/e.ts\n\n- [[2026-01-03]] 10:00:00 tag\n', 'E');
    assert.deepEqual(e.map((m) => [m.id, m.at, m.text]), [['e.md:8', '2026-01-02T00:00:00', 'Code: src/e.ts']]);
  });
});

describe('supersededMemories', () => {
  it('maps each replaced memory of a vault to its replacer, by file:line', async () => {
    const { tempVault } = await import('../../support/helpers');
    const { supersededMemories } = await import('../../../src/core/truth/superseded');
    const v = await tempVault();
    fs.writeFileSync(path.join(v.chronoDir, '2026-03-01.md'), '# 2026-03-01\n\n- 10:00:00 We test with Jest.\n- 11:00:00 Moved from Jest to Vitest for tests.\n');
    const m = supersededMemories(v);
    assert.deepEqual([...m].map(([k, p]) => [k, p.newer, p.about]), [['.CoreSoul/memory/chronological/2026-03-01.md:3', '.CoreSoul/memory/chronological/2026-03-01.md:4', 'Jest']]);
  });
});

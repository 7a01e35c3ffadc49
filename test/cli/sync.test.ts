/**
 * `coresoul sync` through the built dist/cli.js, with a real bare repository and clones on local
 * disk (docs/sync.md). Entries are written through the core in this process (the CLI's write
 * path, without a process per entry) while syncs run as the CLI.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { hourlyDay, isHourlySummary } from '../../src/core/compress/hourlySummary';
import { extractiveSummary } from '../../src/core/compress/summarise';
import { authorMarker, entryBody, readDayEntries } from '../../src/core/vault/dayEntries';
import { commitVault } from '../../src/core/vault/history';
import { openVault } from '../../src/core/vault/layout';
import { linkTargets } from '../../src/core/vault/wikilinks';
import { CLI, cli, read, snapshot, tempDir, writeAt } from '../support/helpers';

const gitIn = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

function ok(args: string[]) {
  const r = cli(args);
  assert.equal(r.code, 0, `coresoul ${args.join(' ')}: ${r.stderr}`);
  return r;
}

/** A bare repository and `n` workspaces: the first makes the soul and publishes it, the others join it with sync. */
function team(n: number) {
  const dir = tempDir('coresoul-sync-');
  const remote = path.join(dir, 'remote.git');
  gitIn(dir, 'init', '-q', '--bare', remote);
  const roots = Array.from({ length: n }, (_, i) => path.join(dir, `m${i}`));
  for (const r of roots) fs.mkdirSync(r);
  ok(['init', '--root', roots[0], '--now', '2026-03-09T08:00:00']);
  ok(['sync', '--remote', remote, '--root', roots[0]]);
  for (const r of roots.slice(1)) {
    const joined = ok(['sync', '--remote', remote, '--root', r, '--json']).json;
    assert.equal(joined.joined, true);
    assert.ok(joined.pulled >= 1, 'a join says how many commits it pulled');
  }
  const sync = (r: string) => ok(['sync', '--root', r, '--json']).json;
  return { dir, remote, roots, sync };
}

/** The vault as it is shared: every file but git's, the CLI copy, caches, the personal scope, lock files and temp files (a process killed mid-rewrite leaves one; never shared). */
function sharedTree(root: string): Record<string, string> {
  const all = snapshot(root);
  return Object.fromEntries(Object.entries(all).filter(([f]) => !/^\.CoreSoul\/(bin|cache|proposals|personal)\/|\.lock|\.tmp$/.test(f)));
}

/** A small deterministic random source, so a failing order can be replayed. */
function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

const DAYS = ['2026-03-10', '2026-03-11'];
/** The person and machine of clone k. */
const member = (k: number) => ({ name: `Member ${k}`, machine: `machine-${k}` });
const clock = (day: string, seconds: number) => `${day}T${new Date(Date.UTC(2026, 0, 1, 8, 0, seconds)).toISOString().slice(11, 19)}`;

describe('coresoul sync: a team of machines on one bare repository', () => {
  it('concurrent writers on three clones, synced in random order: every entry once, in time order, links intact, identical trees', async () => {
    const { roots, sync } = team(3);
    const vaults = roots.map((r) => openVault(r));
    const expected = new Map<string, string[]>(DAYS.map((d) => [d, []]));
    const rand = random(22);
    const PER_ROUND = 70;
    for (let round = 0; round < 3; round++) {
      for (let k = 0; k < 3; k++) {
        for (let j = 0; j < PER_ROUND; j++) {
          const n = round * PER_ROUND + j;
          const day = DAYS[n % 2];
          const text = `clone ${k} entry ${n} on [[Atlas]] with [[Node${k}]]`;
          // Each clone is another person on another machine: every line keeps its author through the merges.
          writeAt(vaults[k], clock(day, n * 9 + k * 3), { text, author: member(k) });
          expected.get(day)!.push(`${authorMarker(member(k))}${text}`);
        }
      }
      // Syncs in a random order; one of them runs while its clone keeps writing.
      const order = [0, 1, 2].sort(() => rand() - 0.5);
      const busy = order[0];
      const running = new Promise<number>((resolve) => spawn(process.execPath, [CLI, 'sync', '--root', roots[busy]], { stdio: 'ignore' }).on('exit', (code) => resolve(code ?? -1)));
      for (let j = 0; j < 20; j++) {
        const day = DAYS[j % 2];
        const text = `clone ${busy} during sync ${round}.${j} on [[Atlas]]`;
        writeAt(vaults[busy], clock(day, 4000 + round * 100 + j), { text, author: member(busy) });
        expected.get(day)!.push(`${authorMarker(member(busy))}${text}`);
      }
      assert.equal(await running, 0);
      for (const k of order.slice(1)) sync(roots[k]);
    }
    for (const r of [...roots, ...roots]) sync(r);

    const trees = roots.map(sharedTree);
    assert.deepEqual(trees[1], trees[0]);
    assert.deepEqual(trees[2], trees[0]);
    const heads = roots.map((r) => gitIn(path.join(r, '.CoreSoul'), 'rev-parse', 'HEAD'));
    assert.deepEqual(new Set(heads).size, 1, 'every clone at the same commit');
    for (const day of DAYS) {
      const parsed = readDayEntries(day, trees[0][`.CoreSoul/memory/chronological/${day}.md`]);
      assert.deepEqual(parsed.odd, []);
      const texts = parsed.entries.map((e) => e.text);
      assert.deepEqual([...texts].sort(), [...expected.get(day)!].sort(), `${day}: every entry exactly once`);
      const times = parsed.entries.map((e) => e.time);
      assert.deepEqual(times, [...times].sort(), `${day}: in time order`);
      for (const e of parsed.entries) {
        const k = Number(/clone (\d)/.exec(e.text)![1]);
        assert.deepEqual([e.author.name, e.author.machine], [member(k).name, member(k).machine], `${day} ${e.time}: written on clone ${k}, by its person on its machine`);
      }
    }
    const atlas = trees[0]['.CoreSoul/memory/entities/objects/Atlas.md'];
    const tags = atlas.split('\n').filter((l) => l.startsWith('- [['));
    const total = [...expected.values()].reduce((n, l) => n + l.length, 0);
    assert.equal(tags.length, total, 'one date tag per entry in the shared entity');
    assert.equal(new Set(tags).size, total);
    for (let k = 0; k < 3; k++) assert.ok(trees[0][`.CoreSoul/memory/entities/objects/Node${k}.md`], `Node${k} is on every clone`);
    const map = trees[0]['.CoreSoul/memory/memory_map.md'];
    assert.match(map, /\| 2026-03-10 \| L1 \|[^\n]*\n\| 2026-03-11 \| L1 \|/);
    assert.match(map, /objects: 4\n/, 'counts match the merged entities (Atlas, Node0-2)');
  });

  it('a plain git pull merges with the registered drivers exactly as sync merges in its own process', () => {
    const { roots, sync } = team(3);
    const [a, b, c] = roots.map((r) => openVault(r));
    for (let i = 0; i < 30; i++) {
      writeAt(a, clock(DAYS[0], i * 10), `A ${i} on [[Atlas]] with [[Alice]]`);
      // b and c hold the same local work: one merges it with sync, the other with git alone.
      for (const v of [b, c]) writeAt(v, clock(DAYS[0], i * 10 + 5), `B ${i} on [[Atlas]] with [[Bob]]`);
    }
    sync(roots[0]);
    sync(roots[1]);
    const soul = path.join(roots[2], '.CoreSoul');
    gitIn(soul, 'add', '-A');
    gitIn(soul, 'commit', '-q', '--no-verify', '-m', 'local work');
    gitIn(soul, 'pull', '-q', '--no-rebase', '--no-edit', 'origin', gitIn(soul, 'symbolic-ref', '--short', 'HEAD').trim());
    assert.equal(gitIn(soul, 'diff', '--name-only', '--diff-filter=U'), '', 'the drivers merged every file');
    const [bySync, byGit] = [roots[1], roots[2]].map(sharedTree);
    assert.deepEqual(byGit, bySync);
    const day = readDayEntries(DAYS[0], bySync[`.CoreSoul/memory/chronological/${DAYS[0]}.md`]);
    assert.equal(day.entries.length, 60, 'every entry of both sides, once');
    assert.deepEqual(day.entries.map((e) => e.time), day.entries.map((e) => e.time).sort());
  });

  it('a week compressed on one clone and written on the others: compressed again from the union of raw entries, same everywhere', () => {
    const { roots, sync } = team(3);
    const [a, b, c] = roots.map((r) => openVault(r));
    const day = '2026-03-13';
    const raw: string[] = [];
    const put = (v: typeof a, seconds: number, text: string) => {
      writeAt(v, clock(day, seconds), text);
      raw.push(text);
    };
    put(a, 0, 'shared start with [[Atlas]]');
    sync(roots[0]);
    sync(roots[1]);
    sync(roots[2]);
    for (let i = 0; i < 30; i++) {
      put(a, 100 + i * 60, `A works ${i} with [[Alpha${i % 3}]]`);
      put(b, 130 + i * 60, `B works ${i} with [[Beta${i % 4}]]`);
      put(c, 150 + i * 60, `C works ${i} with [[Gamma${i % 2}]]`);
    }
    // A and C start the next week: their first write compresses the 13th; B still writes raw lines for it.
    // The CLI's write, which commits the raw week before it compresses (as every write path does).
    ok(['write', 'Monday on A', '--root', roots[0], '--now', '2026-03-16T09:00:00']);
    ok(['write', 'Monday on C', '--root', roots[2], '--now', '2026-03-16T09:30:00']);
    put(b, 20000, 'B late on Friday with [[Late]]');
    for (const r of [roots[0], roots[1], roots[2], roots[0], roots[1]]) sync(r);

    const trees = roots.map(sharedTree);
    assert.deepEqual(trees[1], trees[0]);
    assert.deepEqual(trees[2], trees[0]);
    const summary = read(roots[0], `.CoreSoul/memory/chronological/${day}.md`);
    assert.ok(isHourlySummary(summary));
    for (const t of raw) for (const link of linkTargets(t)) assert.ok(summary.includes(`[[${link}]]`), `[[${link}]] kept in the summary`);
    // Exactly the summary of the union of every raw entry, as either side would compute it.
    const history = gitIn(path.join(roots[0], '.CoreSoul'), 'log', '-p', '--format=', '--', `memory/chronological/${day}.md`);
    for (const t of raw) assert.ok(history.includes(t), `the raw line "${t}" is in the history`);
    const lines = [...new Set(history.split('\n').filter((l) => /^\+- \d\d:\d\d:\d\d /.test(l)).map((l) => l.slice(1)))].sort();
    const rawText = `# ${day}\n\n${lines.map((l) => `${l}\n`).join('')}`;
    assert.equal(readDayEntries(day, rawText).entries.length, raw.length);
    assert.equal(summary, hourlyDay(readDayEntries(day, rawText), extractiveSummary, rawText).text);
    // The machine that compressed it again keeps the union of raw lines for search.
    const cached = read(roots[2], `.CoreSoul/cache/raw/${day}.md`);
    for (const t of raw) assert.ok(cached.includes(t), `"${t}" in C's raw-day cache`);
    assert.match(trees[0]['.CoreSoul/memory/memory_map.md'], /last_compression_date: 2026-03-16\n[\s\S]*\| 2026-03-13 \| L2 \|[\s\S]*\| 2026-03-16 \| L1 \|/);
    const monday = readDayEntries('2026-03-16', trees[0]['.CoreSoul/memory/chronological/2026-03-16.md']).entries.map((e) => entryBody(e.text));
    assert.deepEqual(monday, ['Monday on A', 'Monday on C']);
  });

  // Replaces "the one published first is applied everywhere": a change that arrives from the remote is
  // never taken as published (issue #33, docs/sync.md#reviewed-team-rules), even when nothing here conflicts with it.
  it('a persona change from the remote is never taken: it waits for review as a pending proposal, each machine keeps the persona it reviewed', () => {
    const { dir, roots, sync } = team(2);
    const edit = (root: string, text: string, now: string) => {
      const file = path.join(dir, `${path.basename(root)}.md`);
      fs.writeFileSync(file, text);
      const p = ok(['persona', 'propose', '--section', 'Self-Awareness', '--content-file', file, '--trigger', 'explicit-command', '--reason', 'the user said so', '--root', root, '--now', now, '--json']);
      ok(['persona', 'apply', p.json.id, '--root', root, '--now', now]);
    };
    const pending = (root: string) => ok(['persona', 'pending', '--root', root, '--json']).json.pending.map((p: { id: string }) => p.id);
    // B has memory of its own (a vault nothing was written to joins the team's state as a whole).
    ok(['write', 'B was here', '--root', roots[1], '--now', '2026-03-10T09:00:00']);
    // Nothing local to conflict with: still a proposal, not a change.
    edit(roots[0], 'I review security first.\n', '2026-03-10T10:00:00');
    sync(roots[0]);
    const before = read(roots[1], '.CoreSoul/persona.md');
    const r = sync(roots[1]);
    assert.equal(r.persona.accepted, true);
    assert.deepEqual(r.persona.sections, ['Self-Awareness']);
    assert.equal(read(roots[1], '.CoreSoul/persona.md'), before, 'the remote\'s change is not taken');
    assert.deepEqual(pending(roots[1]), [r.persona.proposal]);
    // Syncing again neither proposes it twice nor pushes anything that undoes A's change for A.
    assert.equal(sync(roots[1]).persona, undefined);
    assert.equal(sync(roots[0]).persona, undefined);
    assert.match(read(roots[0], '.CoreSoul/persona.md'), /I review security first\./);
    // Reviewed and applied, it is this machine's own change.
    ok(['persona', 'apply', r.persona.proposal, '--root', roots[1], '--now', '2026-03-10T11:00:00']);
    assert.match(read(roots[1], '.CoreSoul/persona.md'), /I review security first\./);
    // Two different edits: each machine keeps its own; the other's waits for review.
    edit(roots[0], 'I write tests first.\n', '2026-03-10T12:00:00');
    edit(roots[1], 'I write the docs first.\n', '2026-03-10T12:05:00');
    sync(roots[0]);
    const b = sync(roots[1]);
    assert.equal(b.persona.accepted, true);
    assert.match(read(roots[1], '.CoreSoul/persona.md'), /docs first/);
    const a = sync(roots[0]);
    assert.equal(a.persona.accepted, true);
    assert.match(read(roots[0], '.CoreSoul/persona.md'), /tests first/);
    assert.deepEqual(pending(roots[0]), [a.persona.proposal]);
  });

  it('a sync killed with SIGKILL at any point is completed by the next sync; nothing is lost', async () => {
    const { roots, sync } = team(2);
    const [a, b] = roots.map((r) => openVault(r));
    let n = 0;
    const texts: string[] = [];
    for (const delay of [60, 250, 500]) {
      for (let i = 0; i < 40; i++, n++) {
        writeAt(a, clock('2026-03-10', n * 2), `A ${n} [[Atlas]]`);
        writeAt(b, clock('2026-03-10', n * 2 + 1), `B ${n} [[Atlas]]`);
        texts.push(`A ${n} [[Atlas]]`, `B ${n} [[Atlas]]`);
      }
      sync(roots[0]);
      const child = spawn(process.execPath, [CLI, 'sync', '--root', roots[1]], { stdio: 'ignore' });
      // Listened for from the start: a sync that ends before the kill must not be waited for forever.
      const exited = new Promise((resolve) => child.on('exit', resolve));
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill('SIGKILL');
      await exited;
      // git may still be finishing what the killed sync started
      for (let i = 0; i < 50 && fs.existsSync(path.join(roots[1], '.CoreSoul/.git/index.lock')); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      sync(roots[1]);
    }
    sync(roots[0]);
    assert.equal(gitIn(path.join(roots[1], '.CoreSoul'), 'status', '--porcelain'), '');
    for (const root of roots) {
      const entries = readDayEntries('2026-03-10', read(root, '.CoreSoul/memory/chronological/2026-03-10.md')).entries.map((e) => entryBody(e.text));
      assert.deepEqual([...entries].sort(), [...texts].sort());
    }
    assert.deepEqual(sharedTree(roots[1]), sharedTree(roots[0]));
  });

  // Fast enough to run on every pull (issue #33): each git command is a process start, which costs
  // more than git's work in it; the counts are the sync's own commands, not the ones git starts.
  it('a sync merging a day written on both machines starts at most 10 git commands; one with nothing new, 3', () => {
    const { dir, roots, sync } = team(2);
    const [a, b] = roots.map((r) => openVault(r));
    for (let i = 0; i < 20; i++) {
      writeAt(a, clock(DAYS[0], i * 10), `A ${i} on [[Atlas]] with [[Alice]]`);
      writeAt(b, clock(DAYS[0], i * 10 + 5), `B ${i} on [[Atlas]] with [[Bob]]`);
    }
    // Each CLI write commits its lines (here written through the core, they are committed by hand).
    for (const r of roots) {
      gitIn(path.join(r, '.CoreSoul'), 'add', '-A');
      gitIn(path.join(r, '.CoreSoul'), 'commit', '-q', '--no-verify', '-m', 'memory: the day');
    }
    sync(roots[0]);
    const shim = path.join(dir, 'shim');
    fs.mkdirSync(shim);
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const log = path.join(dir, 'git-commands');
    fs.writeFileSync(path.join(shim, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${realGit}' "$@"\n`, { mode: 0o755 });
    const counted = (root: string) => {
      fs.rmSync(log, { force: true });
      const r = cli(['sync', '--root', root, '--json'], { env: { PATH: `${shim}${path.delimiter}${process.env.PATH}` } });
      assert.equal(r.code, 0, r.stderr);
      return { report: r.json, commands: read(log).trim().split('\n') };
    };
    const merged = counted(roots[1]);
    assert.equal(merged.report.merged, true);
    assert.ok(merged.commands.length <= 10, merged.commands.join('\n'));
    const day = readDayEntries(DAYS[0], read(roots[1], `.CoreSoul/memory/chronological/${DAYS[0]}.md`));
    assert.equal(day.entries.length, 40, 'every entry of both sides, once');
    const quiet = counted(roots[1]);
    assert.deepEqual([quiet.report.pulled, quiet.report.pushed], [0, 0]);
    assert.ok(quiet.commands.length <= 3, quiet.commands.join('\n'));
  });

  // The merge commit is written without git when the configuration says plainly who commits
  // (src/core/vault/gitObjects.ts); anything git would decide otherwise is left to git commit-tree.
  it('a merge names who git would name: the configured person, or the one GIT_AUTHOR_* names; HEAD, index and files all at the merge', () => {
    const { roots, sync } = team(2);
    const [a, b] = roots.map((r) => openVault(r));
    const soul = path.join(roots[1], '.CoreSoul');
    gitIn(soul, 'config', 'user.name', 'Bea Example');
    gitIn(soul, 'config', 'user.email', 'bea@example.com');
    const round = (n: number, env: NodeJS.ProcessEnv) => {
      writeAt(a, clock(DAYS[0], n * 10), `A ${n} on [[Atlas]]`);
      writeAt(b, clock(DAYS[0], n * 10 + 5), `B ${n} on [[Atlas]]`);
      sync(roots[0]);
      const r = cli(['sync', '--root', roots[1], '--json'], { env });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.json.merged, true);
      assert.equal(gitIn(soul, 'status', '--porcelain'), '', 'the index and the files are the merge\'s');
      assert.equal(gitIn(soul, 'rev-list', '--parents', '-1', 'HEAD').trim().split(' ').length, 3, 'HEAD is the merge commit');
      assert.match(gitIn(soul, 'log', '-1', '--format=%s'), /^sync: merge \d+ commit\(s\) from the remote$/m);
      return gitIn(soul, 'log', '-1', '--format=%an <%ae>|%cn <%ce>').trim();
    };
    assert.equal(round(1, {}), 'Bea Example <bea@example.com>|Bea Example <bea@example.com>');
    const env = { GIT_AUTHOR_NAME: 'Bot', GIT_AUTHOR_EMAIL: 'bot@example.com', GIT_COMMITTER_NAME: 'Bot', GIT_COMMITTER_EMAIL: 'bot@example.com' };
    assert.equal(round(2, env), 'Bot <bot@example.com>|Bot <bot@example.com>');
    const day = readDayEntries(DAYS[0], read(roots[1], `.CoreSoul/memory/chronological/${DAYS[0]}.md`));
    assert.deepEqual(day.entries.map((e) => entryBody(e.text)), ['A 1 on [[Atlas]]', 'B 1 on [[Atlas]]', 'A 2 on [[Atlas]]', 'B 2 on [[Atlas]]']);
  });

  it('a writer committing while a sync merges loses nothing: HEAD moves to the merge only between its commits', async () => {
    const { roots, sync } = team(2);
    const [a, b] = roots.map((r) => openVault(r));
    const texts: string[] = [];
    let n = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 20; i++, n++) {
        writeAt(a, clock(DAYS[0], n * 4), `A ${n} [[Atlas]]`);
        writeAt(b, clock(DAYS[0], n * 4 + 1), `B ${n} [[Atlas]]`);
        texts.push(`A ${n} [[Atlas]]`, `B ${n} [[Atlas]]`);
      }
      await commitVault(a, 'memory: a');
      await commitVault(b, 'memory: b');
      sync(roots[0]);
      const running = new Promise<number>((resolve) => spawn(process.execPath, [CLI, 'sync', '--root', roots[1]], { stdio: 'ignore' }).on('exit', (code) => resolve(code ?? -1)));
      // Each of these is written, then committed as the CLI's writes are, while the sync runs.
      for (let j = 0; j < 15; j++, n++) {
        writeAt(b, clock(DAYS[0], n * 4 + 2), `during ${n} [[Atlas]]`);
        texts.push(`during ${n} [[Atlas]]`);
        await commitVault(b, `memory: during the sync ${j}`);
      }
      assert.equal(await running, 0);
    }
    for (const r of [...roots, ...roots]) sync(r);
    for (const root of roots) {
      assert.equal(gitIn(path.join(root, '.CoreSoul'), 'status', '--porcelain'), '');
      const entries = readDayEntries(DAYS[0], gitIn(path.join(root, '.CoreSoul'), 'show', `HEAD:memory/chronological/${DAYS[0]}.md`)).entries.map((e) => entryBody(e.text));
      assert.deepEqual([...entries].sort(), [...texts].sort(), 'every entry once, in the committed history');
    }
  });
});

describe('coresoul sync: bad input and faults', () => {
  it('offline: says so and changes nothing; no remote yet: says how to connect one', () => {
    const { dir, remote, roots } = team(1);
    writeAt(openVault(roots[0]), '2026-03-10T09:00:00', 'not synced yet');
    fs.renameSync(remote, path.join(dir, 'gone.git'));
    const before = snapshot(roots[0]);
    const head = gitIn(path.join(roots[0], '.CoreSoul'), 'rev-parse', 'HEAD');
    const r = cli(['sync', '--root', roots[0], '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json.offline, true);
    assert.match(r.stderr, /^offline: cannot reach .*remote\.git .*; nothing was changed\n$/);
    assert.deepEqual(snapshot(roots[0]), before);
    assert.equal(gitIn(path.join(roots[0], '.CoreSoul'), 'rev-parse', 'HEAD'), head);
    const typo = cli(['sync', '--root', roots[0], '--remote', path.join(dir, 'nowhere.git')]);
    assert.equal(typo.code, 1, 'a folder that is not there is a typo, not a network that is down');
    assert.equal(typo.stderr, `coresoul: --remote: no repository at ${path.join(dir, 'nowhere.git')}; nothing was synced\n`);
    assert.equal(gitIn(path.join(roots[0], '.CoreSoul'), 'remote', 'get-url', 'origin').trim(), remote, 'still connected where it was');

    const lone = tempDir();
    ok(['init', '--root', lone]);
    const none = cli(['sync', '--root', lone]);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /^coresoul: --remote: this vault has no remote yet, and the project has no origin to share it through: add one \(git remote add origin <url>\), or run coresoul sync --remote <url> once/);
    const empty = tempDir();
    assert.equal(cli(['sync', '--root', empty]).code, 2);
    assert.equal(cli(['sync', '--root', empty, '--remote', path.join(dir, 'nowhere.git')]).code, 1);
    assert.deepEqual(fs.readdirSync(empty), [], 'a join that could not fetch leaves nothing behind');
  });

  it('a remote holding another soul is refused in one line; a rejected push loses nothing', () => {
    const { dir, roots } = team(1);
    const other = team(1);
    writeAt(openVault(roots[0]), '2026-03-10T09:00:00', 'mine');
    const before = snapshot(roots[0]);
    const r = cli(['sync', '--root', roots[0], '--remote', other.remote]);
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /^coresoul: the remote holds another soul: its history has nothing in common with this vault's, so nothing was merged or changed[^\n]*\n$/);
    assert.deepEqual(snapshot(roots[0]), before);

    const hooked = path.join(dir, 'hooked.git');
    gitIn(dir, 'clone', '-q', '--bare', path.join(roots[0], '.CoreSoul'), hooked);
    fs.writeFileSync(path.join(hooked, 'hooks/pre-receive'), '#!/bin/sh\necho "pushes are closed today" >&2\nexit 1\n', { mode: 0o755 });
    const p = cli(['sync', '--root', roots[0], '--remote', hooked]);
    assert.equal(p.code, 1);
    assert.match(p.stderr, /^coresoul: the remote .*hooked\.git refused the push \(.*\); everything is merged and committed here, nothing is lost: run coresoul sync again later\n$/);
    assert.match(gitIn(path.join(roots[0], '.CoreSoul'), 'log', '-1', '--format=%s'), /^sync: local changes/);
  });

  it('sync starts fetching before the CLI has loaded, in its plain forms only: any other call, refused or asking for help, fetches nothing', () => {
    const { roots, sync } = team(2);
    writeAt(openVault(roots[0]), '2026-03-10T09:00:00', 'new on A');
    sync(roots[0]);
    const vault = path.join(roots[1], '.CoreSoul');
    const tracked = () => gitIn(vault, 'for-each-ref', 'refs/remotes/');
    const before = tracked();
    for (const args of [['--bogus'], ['--root', roots[1], '--bogus'], ['--root', roots[1], 'extra'], ['--root', roots[1], '--remote'], ['--root', roots[1], '--help']]) {
      const r = cli(['sync', ...args], { cwd: roots[1] });
      assert.equal(r.code, args.includes('--help') ? 0 : 1, `coresoul sync ${args.join(' ')}: ${r.stderr}`);
      assert.equal(tracked(), before, `coresoul sync ${args.join(' ')} fetched nothing`);
    }
    // From the workspace's folder (no --root) and with --json: fetched, merged and taken over as one sync.
    const r = cli(['sync', '--json'], { cwd: roots[1] });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.json.pulled >= 1);
    assert.notEqual(tracked(), before);
    assert.match(read(roots[1], '.CoreSoul/memory/chronological/2026-03-10.md'), /new on A/);
  });

  it('a note edited by hand on both machines is left with both sides for the person; the next sync completes', () => {
    const { roots, sync } = team(2);
    writeAt(openVault(roots[0]), '2026-03-10T09:00:00', 'about [[Atlas]]');
    sync(roots[0]);
    sync(roots[1]);
    const note = (root: string) => path.join(root, '.CoreSoul/memory/entities/objects/Atlas.md');
    fs.writeFileSync(note(roots[0]), read(note(roots[0])).replace('aliases: []', 'aliases: [atlas-a]'));
    fs.writeFileSync(note(roots[1]), read(note(roots[1])).replace('aliases: []', 'aliases: [atlas-b]'));
    writeAt(openVault(roots[1]), '2026-03-10T10:00:00', 'more on [[Atlas]] from B');
    sync(roots[0]);
    const r = cli(['sync', '--root', roots[1]]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^coresoul: sync is waiting for you: \.CoreSoul\/memory\/entities\/objects\/Atlas\.md could not be merged without losing something \(the front matter or title was edited on both sides\)/);
    const conflicted = read(note(roots[1]));
    assert.match(conflicted, /atlas-a/);
    assert.match(conflicted, /atlas-b/);
    assert.equal(cli(['sync', '--root', roots[1]]).code, 1, 'still waiting while the markers are there');
    // Meanwhile a write lands on disk, but is not committed: that would conclude the merge with its markers.
    const w = cli(['write', 'while the merge waits [[Atlas]]', '--root', roots[1], '--now', '2026-03-10T11:00:00']);
    assert.equal(w.code, 0, w.stderr);
    assert.match(w.stderr, /not committed to the vault history yet: a sync merge is waiting for you to resolve its conflict/);
    assert.match(gitIn(path.join(roots[1], '.CoreSoul'), 'diff', '--name-only', '--diff-filter=U'), /Atlas\.md/);
    fs.writeFileSync(note(roots[1]), read(note(roots[1])).replace(/<<<<<<< [^\n]*\n[\s\S]*?>>>>>>> [^\n]*\n/, 'aliases: [atlas-a, atlas-b]\n'));
    sync(roots[1]);
    sync(roots[0]);
    assert.equal(read(note(roots[0])), read(note(roots[1])));
    assert.match(read(note(roots[0])), /aliases: \[atlas-a, atlas-b\][\s\S]*about \[\[Atlas\]\][\s\S]*more on \[\[Atlas\]\] from B[\s\S]*while the merge waits/);
  });
});

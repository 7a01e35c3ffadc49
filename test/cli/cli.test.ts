import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { allCommands } from '../../src/cli/commands';
import { REPO, cli, read, snapshot, tempDir } from '../support/helpers';

const commits = (root: string) => Number(execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: path.join(root, '.CoreSoul'), encoding: 'utf8' }).trim());

function initialised(extra: string[] = []): string {
  const root = tempDir();
  const r = cli(['init', '--root', root, '--now', '2026-03-09T08:00:00', ...extra]);
  assert.equal(r.code, 0, r.stderr);
  return root;
}

describe('coresoul CLI (docs/cli.md)', () => {
  it('init → write → status, with --json documents on stdout', () => {
    const root = initialised();
    const w = cli(['write', 'Chose [[PostgreSQL]] for JSONB', '--kind', 'decision', '--entity', 'people/Alice', '--root', root, '--now', '2026-03-10T08:00:00', '--json']);
    assert.equal(w.code, 0, w.stderr);
    assert.deepEqual(w.json, {
      file: '.CoreSoul/memory/chronological/2026-03-10.md',
      line: 3,
      entities: [
        { path: '.CoreSoul/memory/entities/objects/PostgreSQL.md', created: true },
        { path: '.CoreSoul/memory/entities/people/Alice.md', created: true },
      ],
      compressed: false,
    });
    const s = cli(['status', '--json', '--root', root, '--now', '2026-03-10T09:00:00']);
    assert.equal(s.code, 0, s.stderr);
    assert.deepEqual([s.json.days, s.json.entities, s.json.compressionDue, s.json.git.enabled], [{ L1: 1, L2: 0, L3: 0 }, { people: 1, events: 0, places: 0, objects: 1 }, false, true], 'Alice; the profile is personal');
    assert.equal(s.json.git.dirty, false, 'the write was committed');
  });

  it('accepts options before or after positionals, and -- ends options', () => {
    const root = initialised();
    const r = cli(['write', '--root', root, '--now', '2026-03-10T08:00:00', '--', '--not-an-option [[X]]']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(read(root, '.CoreSoul/memory/chronological/2026-03-10.md'), /- 08:00:00 \[by Tess Tester on testbox\] --not-an-option \[\[X\]\]\n/);
    assert.match(r.stdout, /Wrote \.CoreSoul\/memory\/chronological\/2026-03-10\.md:3/);
  });

  it('commits each write to the vault history: one commit per call', () => {
    const root = initialised();
    const before = commits(root);
    for (const t of ['a', 'b', 'c']) assert.equal(cli(['write', t, '--root', root, '--now', '2026-03-10T08:00:00']).code, 0);
    assert.equal(commits(root), before + 3);
  });

  it('takes the clock from CORESOUL_NOW, and reads --now without an offset in the local zone (TZ)', () => {
    const root = initialised();
    assert.equal(cli(['write', 'from env', '--root', root], { env: { CORESOUL_NOW: '2026-03-10T07:00:00' } }).code, 0);
    assert.equal(cli(['write', 'late UTC', '--root', root, '--now', '2026-03-10T23:30:00Z'], { env: { TZ: 'Asia/Taipei' } }).code, 0);
    assert.equal(cli(['write', 'local', '--root', root, '--now', '2026-03-11T09:00:00'], { env: { TZ: 'Asia/Taipei' } }).code, 0);
    assert.match(read(root, '.CoreSoul/memory/chronological/2026-03-10.md'), /- 07:00:00 \[by Tess Tester on testbox\] from env/);
    assert.equal(read(root, '.CoreSoul/memory/chronological/2026-03-11.md'), '# 2026-03-11\n\n- 07:30:00 [by Tess Tester on testbox] late UTC\n- 09:00:00 [by Tess Tester on testbox] local\n');
  });

  it('keeps the local day and the Monday–Sunday week across a DST change (Europe/Berlin)', () => {
    const root = initialised();
    const env = { TZ: 'Europe/Berlin' };
    // 2026-03-29 is a Sunday: clocks jump from 02:00 to 03:00 (01:00 UTC).
    const before = cli(['write', 'before the jump', '--root', root, '--now', '2026-03-29T01:30:00', '--json'], { env });
    assert.equal(before.json.compressed, true, 'the first write since the week of init');
    const after = cli(['write', 'after the jump', '--root', root, '--now', '2026-03-29T01:30:00Z', '--json'], { env });
    assert.equal(after.json.compressed, false, 'same week');
    const monday = cli(['write', 'Monday', '--root', root, '--now', '2026-03-30T00:30:00', '--json'], { env });
    assert.equal(monday.json.compressed, true, 'Sunday → Monday is a new week');
    assert.match(read(root, '.CoreSoul/memory/chronological/2026-03-29.md'), /## 01:00\n- 01:30 \[by Tess Tester on testbox\] before the jump\n\n## 03:00\n- 03:30 \[by Tess Tester on testbox\] after the jump\n/);
    assert.match(read(root, '.CoreSoul/memory/chronological/2026-03-30.md'), /- 00:30:00 \[by Tess Tester on testbox\] Monday/);
  });

  it('reads the text from stdin with -', () => {
    const root = initialised();
    const r = cli(['write', '-', '--root', root, '--now', '2026-03-10T08:00:00', '--json'], { input: 'piped\nsecond line\n' });
    assert.equal(r.code, 0, r.stderr);
    assert.match(read(root, r.json.file), /- 08:00:00 \[by Tess Tester on testbox\] piped\n {2}second line\n/);
  });

  it('works from the copy in .CoreSoul/bin, as the skills call it', () => {
    const root = initialised();
    const out = execFileSync(process.execPath, ['.CoreSoul/bin/coresoul.js', 'write', 'via skill [[Skill]]', '--now', '2026-03-10T08:00:00', '--json'], { cwd: root, encoding: 'utf8' });
    assert.equal(JSON.parse(out).entities[0].path, '.CoreSoul/memory/entities/objects/Skill.md');
  });

  it('--hosts and --no-git reach init', () => {
    const root = initialised(['--hosts', 'claude', '--no-git']);
    assert.ok(fs.existsSync(path.join(root, '.claude/skills/CoreSoul_MemoryWrite/SKILL.md')));
    assert.equal(fs.existsSync(path.join(root, '.CoreSoul/.git')), false);
  });

  const cases: [string, (root: string) => string[], number, RegExp][] = [
    ['an unknown command', () => ['frobnicate'], 1, /unknown command "frobnicate"/],
    ['an unknown option', (root) => ['write', 'x', '--root', root, '--colour'], 1, /Unknown option '--colour'/],
    ['a missing text', (root) => ['write', '--root', root], 1, /missing the memory text/],
    ['an unknown --kind', (root) => ['write', 'x', '--kind', 'rumour', '--root', root], 1, /--kind: expected one of/],
    ['a bad --now', (root) => ['write', 'x', '--now', 'yesterday', '--root', root], 1, /--now/],
    ['a hostile entity name', (root) => ['write', 'x [[../../etc/passwd]]', '--root', root], 1, /entity name/],
    ['a folder without a vault', () => ['status', '--root', tempDir()], 2, /no Core Soul vault/],
    ...allCommands().filter((c) => !c.takesArguments).map(({ name }): (typeof cases)[number] => [
      `an argument ${name} does not take`,
      (root) => [name, 'stray', '--root', root],
      1,
      new RegExp(`^coresoul: ${name}: unexpected argument "stray" \\(usage: coresoul ${name}`),
    ]),
    ['a damaged memory_map', (root) => (fs.writeFileSync(path.join(root, '.CoreSoul/memory/memory_map.md'), 'garbage'), ['write', 'x', '--root', root]), 2, /damaged vault/],
  ];
  for (const [label, args, code, why] of cases) {
    it(`exits ${code} with a one-line reason on ${label}, changing nothing`, () => {
      const root = initialised();
      const argv = args(root);
      const before = snapshot(root);
      const r = cli(argv);
      assert.equal(r.code, code, r.stderr);
      assert.match(r.stderr, why);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.equal(r.stdout, '');
      assert.deepEqual(snapshot(root), before);
    });
  }

  it('with --json, an error is also one JSON document on stdout', () => {
    const r = cli(['status', '--json', '--root', tempDir()]);
    assert.equal(r.code, 2);
    assert.deepEqual(r.json, { error: { kind: 'vault', message: r.stderr.trim().replace(/^coresoul: /, '') } });
  });

  it('prints usage for --help on stdout; no command is a usage error, on stderr', () => {
    const help = cli(['--help']);
    assert.equal(help.code, 0);
    for (const c of ['init', 'write', 'compress', 'status']) assert.match(help.stdout, new RegExp(`\\n  ${c} `));
    assert.match(help.stdout, /\n {2}--root <dir> +the workspace \(default: the nearest folder, from here up, with a \.CoreSoul vault or a \.git\)\n/);
    const none = cli([]);
    assert.equal(none.code, 1);
    assert.equal(none.stdout, '');
    assert.match(none.stderr, /^usage: coresoul <command> \[options\]\n/);
  });

  it("every command's --help describes each of its options and shows an example", () => {
    for (const c of allCommands()) {
      assert.deepEqual(Object.keys(c.describe).sort(), Object.keys(c.options).sort(), `${c.name}: every option described, nothing else`);
      assert.ok(c.examples.length, `${c.name}: an example`);
      const r = cli([c.name, '--help']);
      assert.equal(r.code, 0, c.name);
      assert.equal(r.stderr, '');
      assert.match(r.stdout, new RegExp(`^usage: coresoul ${c.name}`));
      for (const name of Object.keys(c.options)) assert.match(r.stdout, new RegExp(`\\n  --${name}( <[^>]+>)? +\\S`), `${c.name} --${name}`);
      assert.match(r.stdout, /\nexamples:\n {2}\S/);
    }
  });

  it('--version prints the version alone', () => {
    const r = cli(['--version']);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, `${JSON.parse(read(REPO, 'package.json')).version}\n`);
  });
});

describe('coresoul status', () => {
  it('warns when an always-loaded file is over its size cap (docs/memory.md#user-profile-and-preferences)', () => {
    const root = initialised();
    fs.appendFileSync(path.join(root, '.CoreSoul/persona.md'), `\n${'- a very long lesson\n'.repeat(2000)}`);
    const r = cli(['status', '--root', root, '--json']);
    assert.deepEqual(r.json.warnings, ['.CoreSoul/persona.md is 43 KB, over its 30 KB cap: move detail into memory']);
    assert.match(cli(['status', '--root', root]).stdout, /warning: \.CoreSoul\/persona\.md is 43 KB/);
  });
});

describe('coresoul context', () => {
  it('prints the layered prompt, byte-identical on a second run, with per-layer counts from a named tokenizer', () => {
    const root = initialised();
    assert.equal(cli(['write', 'Chose [[PostgreSQL]] for [[Billing]]', '--kind', 'decision', '--root', root, '--now', '2026-03-10T08:00:00']).code, 0);
    const args = ['context', 'Which database does Billing use?', '--root', root, '--now', '2026-03-10T09:00:00'];
    const a = cli(args);
    assert.equal(a.code, 0, a.stderr);
    assert.equal(cli(args).stdout, a.stdout);
    assert.match(a.stdout, /^# Soul[\s\S]*# Persona[\s\S]*# Relevant memories\n\nRecorded notes from memory[^\n]*\n\n\[2026-03-10\.md:\d+\]\n(?:> [^\n]*\n|>\n)*> [^\n]*PostgreSQL[\s\S]*# Request\n\nWhich database does Billing use\?\n$/);
    const j = cli([...args, '--json']).json;
    assert.equal(j.tokenizer, 'cl100k_base (gpt-tokenizer)');
    assert.deepEqual(j.layers.map((l: { name: string }) => l.name), ['soul', 'persona', 'memories', 'recent', 'request']);
    assert.ok(j.tokens <= j.budget);
  });

  it('--no-memory keeps soul and persona only; a bad --mode is refused', () => {
    const root = initialised();
    const j = cli(['context', 'hi', '--no-memory', '--json', '--root', root]).json;
    assert.deepEqual(j.layers.map((l: { name: string }) => l.name), ['soul', 'persona', 'request']);
    const bad = cli(['context', 'hi', '--mode', 'huge', '--root', root]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--mode: expected one of full, focused, minimal/);
  });
});

describe('coresoul from anywhere in the project', () => {
  /** A git repository with a vault and a subfolder. */
  function project() {
    const root = fs.realpathSync(tempDir());
    execFileSync('git', ['init', '-q'], { cwd: root });
    const sub = path.join(root, 'src', 'deep');
    fs.mkdirSync(sub, { recursive: true });
    return { root, sub };
  }

  it('finds the vault from a subfolder, as git finds its repository; --root still wins', () => {
    const { root, sub } = project();
    assert.equal(cli(['init', '--no-git', '--now', '2026-03-09T08:00:00'], { cwd: sub }).code, 0);
    assert.ok(fs.existsSync(path.join(root, '.CoreSoul/memory/memory_map.md')), 'init in a subfolder makes the vault at the top of the repository');
    assert.ok(!fs.existsSync(path.join(sub, '.CoreSoul')));
    const status = cli(['status', '--json'], { cwd: sub });
    assert.equal(status.code, 0, status.stderr);
    assert.equal(status.json.root, root);
    assert.equal(cli(['write', 'Written from [[Deep]] inside', '--now', '2026-03-10T09:00:00'], { cwd: path.join(root, '.CoreSoul', 'memory') }).code, 0, 'inside the vault too');
    assert.match(read(root, '.CoreSoul/memory/chronological/2026-03-10.md'), /Written from \[\[Deep\]\] inside/);
    const elsewhere = cli(['status', '--root', sub], { cwd: sub });
    assert.equal(elsewhere.code, 2, '--root names the workspace itself');
  });

  it('pack and export write into the folder they run in, not into the project', () => {
    const { root, sub } = project();
    assert.equal(cli(['init', '--no-git', '--now', '2026-03-09T08:00:00'], { cwd: root }).code, 0);
    const out = tempDir();
    const packed = cli(['pack', '--root', root, '--no-history', '--json'], { cwd: out });
    assert.equal(packed.code, 0, packed.stderr);
    assert.equal(packed.json.out, path.join(fs.realpathSync(out), 'core_soul_deploy.tar.gz'));
    assert.equal(cli(['export', '--format', 'mcp-memory'], { cwd: sub }).code, 0);
    assert.ok(fs.existsSync(path.join(sub, 'coresoul-memory.jsonl')));
    assert.ok(!fs.readdirSync(root).some((f) => f.startsWith('core_soul_deploy') || f.startsWith('coresoul-memory')));
  });
});

describe('coresoul says what happened', () => {
  it('write --kind preference says what it learnt, without --json', () => {
    const root = initialised(['--no-git']);
    const r = cli(['write', 'I prefer tabs over spaces', '--kind', 'preference', '--root', root, '--now', '2026-03-10T09:00:00']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\n {2}learnt \(Preferences, seen 1×\): .*tabs/);
  });

  it('sync --remote to a folder that is not there is refused in one line (not reported as offline)', () => {
    const root = initialised();
    const missing = path.join(tempDir(), 'no-such-remote');
    const before = snapshot(root);
    const r = cli(['sync', '--remote', missing, '--root', root]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `coresoul: --remote: no repository at ${missing}; nothing was synced\n`);
    assert.deepEqual(snapshot(root), before);
  });

  it('warns when --now is later than the real clock, and not when it is earlier', () => {
    const root = initialised(['--no-git']);
    const future = cli(['write', 'from the future', '--root', root, '--now', '2999-01-04T09:00:00']);
    assert.equal(future.code, 0);
    assert.match(future.stderr, /^warning: --now 2999-01-04T09:00:00 is later than this machine's clock: /);
    assert.equal(cli(['write', 'from the past', '--root', root, '--now', '2026-03-10T09:00:00']).stderr, '');
  });
});

describe("the CLI's code cache (src/core/shared/codeCache.ts)", () => {
  it('is saved by the first run, used by the next, and anything wrong with it only means compiling', () => {
    const cache = tempDir();
    const root = initialised(['--no-git']);
    const env = { XDG_CACHE_HOME: cache };
    const first = cli(['status', '--root', root], { env });
    assert.equal(first.code, 0, first.stderr);
    const [file] = fs.readdirSync(path.join(cache, 'coresoul'));
    assert.match(file, /^cli-[0-9a-f]{32}-status-v\d+\.\d+\.\d+-\w+\.v8$/, 'the main code is cached per command');
    assert.equal((fs.statSync(path.join(cache, 'coresoul')).mode & 0o777).toString(8), '700');
    const saved = fs.readFileSync(path.join(cache, 'coresoul', file));
    assert.equal(cli(['status', '--root', root], { env }).stdout, first.stdout);
    // Another command compiles other code: it keeps a cache of its own and leaves status's as it was.
    assert.equal(cli(['recent', '--root', root], { env }).code, 0);
    assert.deepEqual(fs.readdirSync(path.join(cache, 'coresoul')).sort(), [file.replace('-status-', '-recent-'), file].sort());
    assert.deepEqual(fs.readFileSync(path.join(cache, 'coresoul', file)), saved);
    for (const f of fs.readdirSync(path.join(cache, 'coresoul'))) fs.writeFileSync(path.join(cache, 'coresoul', f), 'not a code cache');
    assert.equal(cli(['status', '--root', root], { env }).stdout, first.stdout, 'a damaged cache is rejected by V8 and replaced');
    fs.chmodSync(path.join(cache, 'coresoul'), 0o777);
    const shared = fs.readdirSync(path.join(cache, 'coresoul')).map((f) => fs.readFileSync(path.join(cache, 'coresoul', f), 'latin1'));
    assert.equal(cli(['status', '--root', root], { env }).stdout, first.stdout);
    assert.deepEqual(fs.readdirSync(path.join(cache, 'coresoul')).map((f) => fs.readFileSync(path.join(cache, 'coresoul', f), 'latin1')), shared, 'a folder others can write is not used');
    const off = tempDir();
    assert.equal(cli(['status', '--root', root], { env: { XDG_CACHE_HOME: off, CORESOUL_CODE_CACHE: '0' } }).code, 0);
    assert.deepEqual(fs.readdirSync(off), []);
  });

  it("keeps the 64 newest caches: older builds' go, oldest first, when a new one is saved", () => {
    const cache = tempDir();
    const dir = path.join(cache, 'coresoul');
    fs.mkdirSync(dir, { mode: 0o700 });
    const old = Array.from({ length: 70 }, (_, i) => `cli-${String(i).padStart(32, '0')}-status-${process.version}-${process.arch}.v8`);
    old.forEach((f, i) => {
      fs.writeFileSync(path.join(dir, f), 'an older build');
      fs.utimesSync(path.join(dir, f), 1_700_000_000 + i, 1_700_000_000 + i);
    });
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a cache');
    assert.equal(cli(['status', '--root', initialised(['--no-git'])], { env: { XDG_CACHE_HOME: cache } }).code, 0);
    const left = fs.readdirSync(dir);
    assert.equal(left.filter((f) => f.endsWith('.v8')).length, 64);
    assert.ok(left.some((f) => /^cli-[0-9a-f]{32}-status-/.test(f) && !old.includes(f)), 'the new cache is kept');
    assert.deepEqual(old.filter((f) => left.includes(f)), old.slice(-63), 'the newest older ones stay');
    assert.ok(left.includes('notes.txt'), 'only caches are pruned');
  });
});

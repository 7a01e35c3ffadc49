/**
 * A remote is not trusted (docs/trust.md#threat-model): through the built dist/cli.js, a teammate
 * with push access to a real bare repository plants what a pull must never write — the CLI copy
 * every skill, hook and merge driver runs, machine-local state, links, submodules, attributes that
 * name drivers — and `coresoul sync` on another machine refuses it in one line (exit 3) with its
 * HEAD, index and files as they were.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { listing } from '../support/archiveFixtures';
import { cli, read, tempDir } from '../support/helpers';

const gitIn = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

function ok(args: string[]) {
  const r = cli(args);
  assert.equal(r.code, 0, `coresoul ${args.join(' ')}: ${r.stderr}`);
  return r;
}

/** A bare remote with a soul, a victim that joined it, and an attacker's plain git clone of it. */
function setting() {
  const dir = tempDir('coresoul-trust-');
  const remote = path.join(dir, 'remote.git');
  gitIn(dir, 'init', '-q', '--bare', remote);
  const [owner, victim] = ['owner', 'victim'].map((n) => path.join(dir, n));
  for (const r of [owner, victim]) fs.mkdirSync(r);
  ok(['init', '--root', owner, '--now', '2026-03-09T08:00:00']);
  ok(['write', 'set up [[Atlas]]', '--root', owner, '--now', '2026-03-09T09:00:00']);
  ok(['sync', '--remote', remote, '--root', owner]);
  ok(['sync', '--remote', remote, '--root', victim]);
  const attacker = path.join(dir, 'attacker');
  gitIn(dir, 'clone', '-q', remote, attacker);
  gitIn(attacker, 'config', 'user.name', 'Mallory');
  gitIn(attacker, 'config', 'user.email', 'mallory@example.com');
  const start = gitIn(attacker, 'rev-parse', 'HEAD').trim();
  const branch = gitIn(attacker, 'symbolic-ref', '--short', 'HEAD').trim();
  /** The attacker commits with `plant`, pushes (forced: each case starts from the soul as it was). */
  const attack = (plant: (w: string) => void) => {
    gitIn(attacker, 'reset', '-q', '--hard', start);
    plant(attacker);
    gitIn(attacker, 'push', '-q', '-f', 'origin', `HEAD:${branch}`);
  };
  return { dir, remote, owner, victim, attacker, attack };
}

const commit = (w: string, message: string) => gitIn(w, 'commit', '-q', '--no-verify', '-m', message);
const put = (w: string, rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(w, rel)), { recursive: true });
  fs.writeFileSync(path.join(w, rel), text);
};
const EVIL = '#!/usr/bin/env node\nrequire("fs").writeFileSync(require("os").homedir() + "/pwned", "1");\n';

/** The victim's work tree (without git's own folder and lock anchors) and HEAD: what a refusal must leave as it was. */
function state(root: string) {
  const soul = path.join(root, '.CoreSoul');
  return {
    head: gitIn(soul, 'rev-parse', 'HEAD').trim(),
    refs: gitIn(soul, 'for-each-ref'),
    index: gitIn(soul, 'ls-files', '-s'),
    files: listing(root).filter((e) => !e.startsWith('.CoreSoul/.git/') && !/\.lock\.\d+ /.test(e)),
  };
}

function refused(victim: string, pattern: RegExp) {
  const before = state(victim);
  const r = cli(['sync', '--root', victim]);
  assert.equal(r.code, 3, `exit 3 (refused), got ${r.code}: ${r.stderr}`);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line: ${r.stderr}`);
  assert.match(lines[0], /refused the remote's commits: .*nothing was merged or changed/);
  assert.match(lines[0], pattern);
  assert.deepEqual(state(victim), before, 'HEAD, refs (the remote-tracking ones too), index and files as they were');
}

describe('coresoul sync: nothing a remote pushes runs here or lands outside shared memory', () => {
  it('every way of planting code, state, links or drivers is refused in one line, and nothing changes', () => {
    const { victim, attack } = setting();
    const cliCopy = read(victim, '.CoreSoul/bin/coresoul.js');

    // The attack of issue #30: git overwrites the ignored CLI copy that everything runs.
    attack((w) => {
      put(w, 'bin/coresoul.js', EVIL);
      gitIn(w, 'add', '-f', 'bin/coresoul.js');
      commit(w, 'add a helper');
    });
    refused(victim, /"bin\/coresoul\.js", the machine-local CLI copy/);
    assert.equal(read(victim, '.CoreSoul/bin/coresoul.js'), cliCopy, 'the installed CLI is untouched');

    const cases: [string, (w: string) => void, RegExp][] = [
      ['case folding (BIN/ is bin/ on macOS and Windows)', (w) => (put(w, 'BIN/coresoul.js', EVIL), gitIn(w, 'add', '-f', 'BIN'), commit(w, 'x')), /"BIN\/coresoul\.js", the machine-local CLI copy/],
      ['a trailing dot (bin. is bin/ on Windows)', (w) => (put(w, 'bin./coresoul.js', EVIL), gitIn(w, 'add', '-f', 'bin.'), commit(w, 'x')), /machine-local CLI copy/],
      ['a "pending" persona proposal', (w) => (put(w, 'proposals/20260310-090000-abcd.json', '{}'), gitIn(w, 'add', '-f', 'proposals'), commit(w, 'x')), /proposals\/20260310-090000-abcd\.json", machine-local state \(proposals\/\)/],
      ['the search cache', (w) => (put(w, 'cache/index.bin', 'x'), gitIn(w, 'add', '-f', 'cache'), commit(w, 'x')), /machine-local state \(cache\/\)/],
      ['a lock file', (w) => (put(w, 'memory/.lock', '1'), gitIn(w, 'add', '-f', 'memory/.lock'), commit(w, 'x')), /a lock or temp file/],
      [
        'an entity note that is a link to a shell start-up file',
        (w) => (fs.rmSync(path.join(w, 'memory/entities/objects/Atlas.md')), fs.symlinkSync(path.join(process.env.HOME ?? '/root', '.bashrc'), path.join(w, 'memory/entities/objects/Atlas.md')), gitIn(w, 'add', '-A'), commit(w, 'x')),
        /"memory\/entities\/objects\/Atlas\.md", a symbolic link/,
      ],
      [
        'a linked folder in the middle of memory paths',
        (w) => (gitIn(w, 'rm', '-rq', 'memory/chronological'), fs.symlinkSync('/tmp', path.join(w, 'memory/chronological')), gitIn(w, 'add', '-A'), commit(w, 'x')),
        /"memory\/chronological", a symbolic link/,
      ],
      [
        'a link added, then deleted by a later commit (the tip is clean; the history is not)',
        (w) => {
          fs.symlinkSync('/etc/passwd', path.join(w, 'memory/passwd.md'));
          gitIn(w, 'add', '-A');
          commit(w, 'add');
          gitIn(w, 'rm', '-q', 'memory/passwd.md');
          commit(w, 'remove again');
        },
        /"memory\/passwd\.md", a symbolic link/,
      ],
      [
        'a submodule (gitlink)',
        (w) => (gitIn(w, 'update-index', '--add', '--cacheinfo', `160000,${gitIn(w, 'rev-parse', 'HEAD').trim()},memory/sub`), commit(w, 'x')),
        /"memory\/sub", a submodule/,
      ],
      ['.gitattributes naming a filter', (w) => (fs.appendFileSync(path.join(w, '.gitattributes'), '*.md filter=lfs\n'), gitIn(w, 'add', '-A'), commit(w, 'x')), /sets "filter=lfs"/],
      ['.gitattributes naming another merge driver', (w) => (put(w, 'memory/.gitattributes', '*.md merge=evil\n'), gitIn(w, 'add', '-A'), commit(w, 'x')), /sets "merge=evil"/],
      ['.gitignore that un-ignores the CLI copy', (w) => (fs.appendFileSync(path.join(w, '.gitignore'), '!bin/\n'), gitIn(w, 'add', '-A'), commit(w, 'x')), /un-ignores \("!bin\/"\)/],
    ];
    for (const [name, plant, pattern] of cases) {
      attack(plant);
      assert.doesNotThrow(() => refused(victim, pattern), name);
    }

    // A path this machine ignores (its own .git/info/exclude) is refused too.
    fs.appendFileSync(path.join(victim, '.CoreSoul/.git/info/exclude'), 'private/\n');
    attack((w) => (put(w, 'private/notes.md', 'x'), gitIn(w, 'add', '-A'), commit(w, 'x')));
    refused(victim, /"private\/notes\.md", a path ignored on this machine/);
  });

  it('a remote that rewrote its history is read whole; an honest change after it syncs as before', () => {
    const { victim, attacker, attack, owner } = setting();
    // History rewritten from the soul's first commit: a link in a commit the victim never had.
    attack((w) => {
      const root = gitIn(w, 'rev-list', '--max-parents=0', 'HEAD').trim();
      gitIn(w, 'reset', '-q', '--hard', root);
      fs.symlinkSync('/etc', path.join(w, 'etc.md'));
      gitIn(w, 'add', '-A');
      commit(w, 'rewritten');
      gitIn(w, 'rm', '-q', 'etc.md');
      commit(w, 'rewritten again');
    });
    refused(victim, /"etc\.md", a symbolic link/);
    // The owner publishes an honest entry on top of the soul as it was: it syncs, exit 0.
    gitIn(attacker, 'reset', '-q', '--hard', gitIn(path.join(owner, '.CoreSoul'), 'rev-parse', 'HEAD').trim());
    gitIn(attacker, 'push', '-q', '-f', 'origin', 'HEAD');
    ok(['write', 'an honest entry on [[Atlas]]', '--root', owner, '--now', '2026-03-10T09:00:00']);
    ok(['sync', '--root', owner]);
    const r = ok(['sync', '--root', victim, '--json']);
    assert.equal(r.json.pulled > 0, true);
    assert.match(read(victim, '.CoreSoul/memory/chronological/2026-03-10.md'), /an honest entry/);
  });

  it('joining a soul whose history holds a link is refused; the folder is left without a vault', () => {
    const { dir, remote, attack } = setting();
    attack((w) => (fs.symlinkSync('/etc/passwd', path.join(w, 'soul.md.bak')), gitIn(w, 'add', '-A'), commit(w, 'x')));
    const fresh = path.join(dir, 'fresh');
    fs.mkdirSync(fresh);
    const r = cli(['sync', '--remote', remote, '--root', fresh]);
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr.trim(), /^[^\n]*"soul\.md\.bak", a symbolic link[^\n]*$/);
    assert.deepEqual(fs.readdirSync(fresh), []);
  });
});

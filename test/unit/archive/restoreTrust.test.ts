/**
 * An archive is not trusted (docs/trust.md#threat-model): restore never installs its code (the CLI
 * copy every skill and hook runs), one machine's state (pending proposals) or what the vault
 * ignores; the running CLI installs its own copy, as init does. An archive whose `.gitattributes`
 * names a filter or driver, whose `.gitignore` un-ignores, or whose history holds a link is
 * refused whole, the target as it was.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { packVault } from '../../../src/core/archive/pack';
import { restoreArchive } from '../../../src/core/archive/restore';
import { parseNow } from '../../../src/core/shared/clock';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { commitVault } from '../../../src/core/vault/history';
import { type RawEntry, listing, soulEntries, withManifest } from '../../support/archiveFixtures';
import { CLI, cli, tempDir, tempVault } from '../../support/helpers';

const NOW = parseNow('2026-03-11T12:00:00Z');
const EVIL = '#!/usr/bin/env node\nrequire("fs").writeFileSync(require("os").homedir() + "/pwned", "1");\n';

function archiveOf(entries: RawEntry[]): string {
  const file = path.join(tempDir(), 'a.tar.gz');
  fs.writeFileSync(file, withManifest([...soulEntries(), ...entries]));
  return file;
}

function runningCli(): string {
  const f = path.join(tempDir(), 'cli.js');
  fs.writeFileSync(f, '#!/usr/bin/env node\nconsole.log("the CLI the person installed")\n');
  return f;
}

/** Every file under `dir` whose content is `text`. */
const holding = (dir: string, text: string) => listing(dir).filter((e) => !e.endsWith('/') && !e.includes(' -> ') && fs.readFileSync(path.join(dir, e.slice(0, e.indexOf(' '))), 'utf8') === text);

/** The target's files (git's own objects and logs aside: the refs are compared where it matters). */
const filesOf = (target: string) => (fs.existsSync(target) ? listing(target).filter((e) => !e.startsWith('.CoreSoul/.git/')) : undefined);

async function refusedWhole(archive: string, pattern: RegExp, opts: { merge?: boolean; target?: string } = {}) {
  const target = opts.target ?? path.join(tempDir(), 'target');
  const before = filesOf(target);
  await assert.rejects(restoreArchive(archive, target, { merge: opts.merge }), (e: unknown) => e instanceof CoreSoulError && e.exitCode === 3 && !e.message.includes('\n') && pattern.test(e.message));
  assert.deepEqual(filesOf(target), before, 'the target as it was');
}

describe('restore installs no code and no machine-local state from an archive', () => {
  it("leaves out the archive's bin/coresoul.js (also as BIN/ or bin.) and its pending proposals; installs the running CLI", async () => {
    const archive = archiveOf([
      { path: '.CoreSoul/bin/', type: 'Directory' },
      { path: '.CoreSoul/bin/coresoul.js', body: EVIL, mode: 0o755 },
      { path: '.CoreSoul/BIN/coresoul.js', body: EVIL },
      { path: '.CoreSoul/bin./coresoul.js', body: EVIL },
      { path: '.CoreSoul/proposals/20260310-090000-abcd.json', body: '{"id":"20260310-090000-abcd"}' },
      { path: '.CoreSoul/memory/notes.md', body: 'kept\n' },
    ]);
    const target = path.join(tempDir(), 'ws');
    const running = runningCli();
    const r = await restoreArchive(archive, target, { cliBundle: running });
    assert.deepEqual(
      r.leftOut.map((l) => l.path).sort(),
      ['.CoreSoul/BIN/coresoul.js', '.CoreSoul/bin./coresoul.js', '.CoreSoul/bin/coresoul.js', '.CoreSoul/proposals/20260310-090000-abcd.json'].sort(),
    );
    assert.equal(fs.readFileSync(path.join(target, '.CoreSoul/bin/coresoul.js'), 'utf8'), fs.readFileSync(running, 'utf8'));
    assert.equal(r.cli, 'created');
    assert.deepEqual(holding(target, EVIL), [], 'the archive\'s code is nowhere in the workspace');
    assert.equal(fs.existsSync(path.join(target, '.CoreSoul/proposals')), false);
    assert.equal(fs.readFileSync(path.join(target, '.CoreSoul/memory/notes.md'), 'utf8'), 'kept\n');
    assert.ok(!r.added.some((f) => /bin|proposals/i.test(f)), JSON.stringify(r.added));
  });

  it('--merge into a workspace with a vault: its own CLI copy stays the one installed, never the archive\'s', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    const mine = path.join(v.binDir, 'coresoul.js');
    fs.mkdirSync(v.binDir);
    fs.writeFileSync(mine, fs.readFileSync(runningCli()));
    const before = fs.readFileSync(mine, 'utf8');
    const r = await restoreArchive(archiveOf([{ path: '.CoreSoul/bin/coresoul.js', body: EVIL }]), v.root, { merge: true });
    assert.equal(fs.readFileSync(mine, 'utf8'), before);
    assert.deepEqual(r.leftOut.map((l) => l.path), ['.CoreSoul/bin/coresoul.js']);
    assert.ok(!r.conflicts.some((c) => c.path.includes('bin/')));
  });

  it('`coresoul restore` installs the copy of the coresoul that runs', () => {
    const archive = archiveOf([{ path: '.CoreSoul/bin/coresoul.js', body: EVIL }]);
    const target = path.join(tempDir(), 'ws');
    const r = cli(['restore', archive, '--root', target]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout + r.stderr, /left out \.CoreSoul\/bin\/coresoul\.js: the machine-local CLI copy/);
    assert.ok(fs.readFileSync(path.join(target, '.CoreSoul/bin/coresoul.js')).equals(fs.readFileSync(CLI)));
  });

  it('a file the restored vault ignores is left out; the history keeps nothing of it', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    fs.appendFileSync(path.join(v.soulDir, '.gitignore'), 'private/\n');
    fs.mkdirSync(path.join(v.soulDir, 'private'));
    fs.writeFileSync(path.join(v.soulDir, 'private/run-me.sh'), 'rm -rf ~\n');
    await commitVault(v, 'ignore private/');
    const out = path.join(tempDir(), 'a.tar.gz');
    await packVault(v, { now: NOW, out });
    const target = path.join(tempDir(), 'ws');
    const r = await restoreArchive(out, target);
    assert.deepEqual(r.leftOut, [{ path: '.CoreSoul/private/run-me.sh', reason: 'ignored by the vault (.gitignore or .git/info/exclude)' }]);
    assert.equal(fs.existsSync(path.join(target, '.CoreSoul/private')), false);
  });
});

describe('restore refuses an archive that would have git run its code or rewrite files (exit 3, nothing written)', () => {
  it('a .gitattributes naming a filter, another merge driver or a macro; a .gitignore that un-ignores', async () => {
    for (const [p, body, pattern] of [
      ['.CoreSoul/.gitattributes', '*.md filter=lfs\n', /\.CoreSoul\/\.gitattributes: .*"filter=lfs"/],
      ['.CoreSoul/memory/.gitattributes', '*.md merge=evil\n', /"merge=evil"/],
      ['.github/skills/CoreSoul_MemoryWrite/.gitattributes', '* diff=exec\n', /"diff=exec"/],
      ['.CoreSoul/.gitattributes', '[attr]mine filter=x\n', /macro attribute/],
      ['.CoreSoul/.gitignore', 'cache/\n!bin/\n', /un-ignores \("!bin\/"\)/],
    ] as const) {
      await refusedWhole(archiveOf([{ path: p, body }]), pattern);
    }
    // Core Soul's own attributes come in as always.
    const ok = archiveOf([{ path: '.CoreSoul/.gitattributes', body: 'memory/chronological/*.md merge=coresoul-day\n*.md text eol=lf\n' }]);
    await restoreArchive(ok, path.join(tempDir(), 'ws'));
  });

  it('a history that holds a link (added, then removed: the files are clean, the history is not)', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    fs.symlinkSync('/etc/passwd', path.join(v.memoryDir, 'passwd.md'));
    await commitVault(v, 'a link');
    fs.rmSync(path.join(v.memoryDir, 'passwd.md'));
    await commitVault(v, 'gone again');
    const out = path.join(tempDir(), 'a.tar.gz');
    await packVault(v, { now: NOW, out });
    await refusedWhole(out, /unsafe archive: its history holds .*"memory\/passwd\.md", a symbolic link/);

    // Merged into a vault with its own history: the archive's refs are not kept either.
    const w = await tempVault('2026-03-10T09:00:00', { git: true });
    const refs = () => execFileSync('git', ['for-each-ref'], { cwd: w.soulDir, encoding: 'utf8' });
    const before = refs();
    await refusedWhole(out, /its history holds/, { merge: true, target: w.root });
    assert.equal(refs(), before);
  });
});

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { list } from 'tar';
import { parseNow } from '../../../src/core/shared/clock';
import { readDay } from '../../../src/core/vault/days';
import { commitVault } from '../../../src/core/vault/history';
import { packVault, registeredSkills } from '../../../src/core/archive/pack';
import { restoreArchive } from '../../../src/core/archive/restore';
import { searchMemory } from '../../../src/core/search/search';
import { vaultStatus } from '../../../src/core/memory/status';
import { PERSONA_MD } from '../../../src/core/init/templates/persona';
import { type Vault, openVault } from '../../../src/core/vault/layout';
import { files, listing, realisticVault } from '../../support/archiveFixtures';
import { cli, tempDir, tempVault, writeAt } from '../../support/helpers';

const NOW = parseNow('2026-03-11T12:00:00Z');
const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const gitOut = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: path.join(dir, '.CoreSoul'), encoding: 'utf8' }).trim();

async function entriesOf(archive: string): Promise<string[]> {
  const names: string[] = [];
  await list({ file: archive, onReadEntry: (e) => names.push(e.path) });
  return names;
}

/** What pack leaves out of the realistic vault: local state, unregistered folders, links. */
const LEFT_OUT = /(^|\/)\.lock(\.\d+)?$|\.tmp$|^\.CoreSoul\/cache(\/|$)|^\.github\/skills\/Other_Skill|^\.github\/workflows|agents-link\.md$|\.tar\.gz$|\.sh$/;

/** What `coresoul restore` never installs from an archive: one machine's state (the CLI copy, pending proposals). */
const NOT_RESTORED = /^\.CoreSoul\/(bin|proposals)\//;

/**
 * The restored workspace holds exactly the packed files of `source`, byte for byte, less one
 * machine's state (`sh`, the archive's own script, is told to keep it); returns their count.
 */
function assertSameSoul(source: string, restoredRoot: string, by: 'restore' | 'sh' = 'restore'): number {
  const original = files(source, (rel) => LEFT_OUT.test(rel) || (by === 'restore' && NOT_RESTORED.test(rel)));
  const restored = files(restoredRoot);
  assert.deepEqual([...restored.keys()].sort(), [...original.keys()].sort());
  for (const [rel, bytes] of original) assert.ok(bytes.equals(restored.get(rel) as Buffer), rel);
  return original.size;
}

describe('pack', () => {
  let v: Vault;
  let archive: string;
  before(async () => {
    v = await realisticVault();
    archive = path.join(tempDir(), 'core_soul_deploy.tar.gz');
    await packVault(v, { now: NOW, out: archive });
  });

  it('holds MANIFEST.json, the history bundle, AGENTS.md, the registered skills and .CoreSoul, nothing else', async () => {
    const names = await entriesOf(archive);
    assert.deepEqual(names.slice(0, 2), ['MANIFEST.json', 'HISTORY.bundle']);
    const packed = names.filter((n) => !n.endsWith('/')).slice(2).sort();
    const expected = [...files(v.root, (rel) => LEFT_OUT.test(rel)).keys()].sort();
    assert.deepEqual(packed, expected);
    for (const skill of ['MemoryWrite', 'MemorySearch', 'MemoryCompress', 'PersonaUpdate', 'PackSoul']) {
      assert.ok(packed.includes(`.github/skills/CoreSoul_${skill}/SKILL.md`), skill);
    }
    assert.ok(packed.includes('.CoreSoul/persona_backup_2026-03-10T16-45-00.md'));
    assert.ok(!names.some((n) => /(^|\/)\.git(\/|$)|cache|Other_Skill|workflows|\.lock|\.tmp/.test(n)), names.join('\n'));
  });

  it('writes a manifest with the format, the clock time and the size and sha256 of every file', async () => {
    const out = tempDir();
    execFileSync('tar', ['-xzf', archive, '-C', out, 'MANIFEST.json']);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'MANIFEST.json'), 'utf8'));
    assert.equal(manifest.format, 'coresoul-pack');
    assert.equal(manifest.version, 1);
    assert.equal(manifest.created, '2026-03-11T12:00:00.000Z');
    assert.equal(manifest.history, 'bundle');
    assert.equal(manifest.head, gitOut(v.root, 'symbolic-ref', 'HEAD'));
    const workspace = manifest.files.filter((f: { path: string }) => f.path !== 'HISTORY.bundle');
    assert.equal(workspace.length, files(v.root, (rel) => LEFT_OUT.test(rel)).size);
    for (const f of workspace) {
      const src = path.join(v.root, f.path);
      assert.equal(f.size, fs.statSync(src).size, f.path);
      assert.equal(f.sha256, sha(src), f.path);
    }
  });

  it('reports the links it left out', async () => {
    const r = await packVault(v, { now: NOW, out: path.join(tempDir(), 'a.tgz') });
    assert.deepEqual(r.skipped, [{ path: '.CoreSoul/agents-link.md', reason: 'symbolic link' }]);
    assert.equal(r.history, 'bundle');
    assert.equal(r.commits, Number(gitOut(v.root, 'rev-list', '--count', 'HEAD')));
    assert.equal(r.sha256, sha(r.out));
  });

  it('is deterministic: the same vault and clock give the same bytes, also after git gc repacked the history', async () => {
    const again = path.join(tempDir(), 'again.tar.gz');
    gitOut(v.root, 'gc', '-q', '--aggressive');
    await packVault(v, { now: NOW, out: again });
    assert.equal(sha(again), sha(archive));
    const later = path.join(tempDir(), 'later.tar.gz');
    await packVault(v, { now: parseNow('2026-03-11T12:00:01Z'), out: later });
    assert.notEqual(sha(later), sha(archive));
  });

  it('restores into an empty folder exactly: every file byte for byte, the whole history, a working vault (T5.1)', async () => {
    const target = path.join(tempDir(), 'restored');
    const report = await restoreArchive(archive, target);
    assert.equal(report.added.length, assertSameSoul(v.root, target));
    assert.equal(report.history, 'restored');
    assert.deepEqual(report.leftOut, [{ path: '.CoreSoul/bin/coresoul.js', reason: 'the machine-local CLI copy (bin/)' }]);

    for (const args of [['rev-list', '--count', 'HEAD'], ['rev-parse', 'HEAD'], ['symbolic-ref', 'HEAD'], ['log', '--format=%H %s', '--all']]) {
      assert.equal(gitOut(target, ...args), gitOut(v.root, ...args), args.join(' '));
    }
    assert.equal(gitOut(target, 'status', '--porcelain'), '');

    const r = openVault(target);
    const [a, b] = [await vaultStatus(v, NOW), await vaultStatus(r, NOW)];
    assert.deepEqual({ ...b, root: '', git: { ...b.git, dirty: false } }, { ...a, root: '', git: { ...a.git, dirty: false } });
    // History questions answered from the restored memory: L3, L2 and L1 days and their entities.
    assert.match(readDay(r, '2026-01-12')?.lines.join('\n') ?? '', /Set up \[\[PostgreSQL\]\] replication/);
    assert.match(readDay(r, '2026-03-02')?.lines.join('\n') ?? '', /cache sessions in \[\[Redis\]\]/);
    assert.match(readDay(r, '2026-03-10')?.lines.join('\n') ?? '', /Paired with \[\[小明\]\][^]*\n {2}root cause: clock skew/);
    for (const day of ['2026-01-12', '2026-01-14', '2026-03-02', '2026-03-09', '2026-03-10']) {
      assert.deepEqual(readDay(r, day)?.lines, readDay(v, day)?.lines, day);
    }
    // …and through the search pipeline, as an agent asks them: entity → date tags → day lines.
    const found = searchMemory(r, 'PostgreSQL replication');
    assert.ok(found.results.some((h) => h.date === '2026-01-12' && /Set up \[\[PostgreSQL\]\] replication/.test(h.text)), JSON.stringify(found.results));
    assert.ok(found.tokens <= 2000);
    const tags = fs.readFileSync(path.join(r.entitiesDir, 'objects/PostgreSQL.md'), 'utf8').match(/\[\[\d{4}-\d{2}-\d{2}\]\]/g);
    assert.deepEqual(tags, ['[[2026-01-12]]', '[[2026-03-02]]', '[[2026-03-09]]']);

    writeAt(r, '2026-03-11T13:00:00', 'First memory after the move to a new machine');
    assert.equal((await commitVault(r, 'memory: 2026-03-11')).committed, true);
    assert.equal(Number(gitOut(target, 'rev-list', '--count', 'HEAD')), Number(gitOut(v.root, 'rev-list', '--count', 'HEAD')) + 1);
  });

  it('--no-history leaves the history out; restore starts a new one holding the restored files', async () => {
    const out = path.join(tempDir(), 'nohist.tar.gz');
    const r = await packVault(v, { now: NOW, out, history: false });
    assert.equal(r.history, 'omitted');
    assert.ok(!(await entriesOf(out)).includes('HISTORY.bundle'));
    const target = path.join(tempDir(), 'restored');
    const report = await restoreArchive(out, target);
    assert.equal(report.history, 'started');
    assert.equal(gitOut(target, 'rev-list', '--count', 'HEAD'), '1');
    assert.equal(gitOut(target, 'status', '--porcelain'), '');
  });

  it('a vault without git packs and restores without one', async () => {
    const plain = await tempVault('2026-03-10T09:00:00');
    writeAt(plain, '2026-03-10T10:00:00', 'A note about [[Bob]]');
    const out = path.join(tempDir(), 'plain.tar.gz');
    assert.equal((await packVault(plain, { now: NOW, out })).history, 'off');
    const target = tempDir();
    assert.equal((await restoreArchive(out, target)).history, 'off');
    assert.ok(!fs.existsSync(path.join(target, '.CoreSoul/.git')));
    assert.deepEqual(files(target), files(plain.root, (rel) => LEFT_OUT.test(rel)));
  });

  it('ships the given CLI bundle as .CoreSoul/bin/coresoul.js when the vault has no copy; restore installs its own CLI, never the archive\'s', async () => {
    const plain = await tempVault('2026-03-10T09:00:00');
    const bundle = path.join(tempDir(), 'cli.js');
    fs.writeFileSync(bundle, '#!/usr/bin/env node\nconsole.log("cli")\n');
    const out = path.join(tempDir(), 'cli.tar.gz');
    assert.equal((await packVault(plain, { now: NOW, out, cliBundle: bundle })).cli, true);
    assert.ok((await entriesOf(out)).includes('.CoreSoul/bin/coresoul.js'), 'packed, for the self-extracting script');
    const running = path.join(tempDir(), 'running-cli.js');
    fs.writeFileSync(running, '#!/usr/bin/env node\nconsole.log("the CLI the person runs")\n');
    const target = tempDir();
    const report = await restoreArchive(out, target, { cliBundle: running });
    const cli = path.join(target, '.CoreSoul/bin/coresoul.js');
    assert.equal(fs.readFileSync(cli, 'utf8'), fs.readFileSync(running, 'utf8'));
    assert.equal(fs.statSync(cli).mode & 0o111, 0o111);
    assert.equal(report.cli, 'created');
    assert.ok(!report.added.includes('.CoreSoul/bin/coresoul.js'));
    const without = tempDir();
    await restoreArchive(out, without);
    assert.equal(fs.existsSync(path.join(without, '.CoreSoul/bin/coresoul.js')), false, 'no CLI given: none installed');
    assert.equal((await packVault(plain, { now: NOW, out })).cli, false);
  });

  it('packs only the skills registered in persona.md', async () => {
    const w = await tempVault('2026-03-10T09:00:00');
    fs.writeFileSync(w.persona, PERSONA_MD.replace(/^- `CoreSoul_PackSoul`.*\n/m, ''));
    const r = await packVault(w, { now: NOW, out: path.join(tempDir(), 'a.tgz') });
    assert.deepEqual(r.skills, ['CoreSoul_MemoryWrite', 'CoreSoul_MemorySearch', 'CoreSoul_MemoryCompress', 'CoreSoul_PersonaUpdate']);
    assert.ok(!(await entriesOf(r.out)).some((n) => n.includes('CoreSoul_PackSoul')));
    assert.deepEqual(registeredSkills('# 專屬技能註冊表 (Skill Registry)\n\n- `A_b`\n\n# Other\n- `C`\n'), ['A_b']);
  });

  it('stores every entry with the same time, no owner and mode 0644 or 0755', async () => {
    const modes = new Set<string>();
    await list({
      file: archive,
      onReadEntry: (e) => {
        assert.ok(!e.mtime || e.mtime.getTime() === Math.floor(NOW.getTime() / 1000) * 1000, e.path);
        assert.equal(e.uid ?? 0, 0);
        assert.equal(e.uname ?? '', '');
        modes.add(`${e.type}:${(e.mode ?? 0).toString(8)}`);
      },
    });
    assert.deepEqual([...modes].sort(), ['Directory:755', 'File:644', 'File:755']);
  });
});

describe('pack --format sh', () => {
  let v: Vault;
  let script: string;
  before(async () => {
    v = await realisticVault();
    script = path.join(tempDir(), 'core_soul_deploy.sh');
    await packVault(v, { now: NOW, out: script, format: 'sh' });
  });
  const sh = (...args: string[]) => spawnSync('sh', args, { encoding: 'utf8', cwd: tempDir() });

  it('restores with sh and POSIX tools: same files, checksums verified, history rebuilt', () => {
    const target = path.join(tempDir(), 'restored');
    const r = sh(script, target);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    assertSameSoul(v.root, target, 'sh');
    assert.equal(gitOut(target, 'rev-parse', 'HEAD'), gitOut(v.root, 'rev-parse', 'HEAD'));
    assert.equal(gitOut(target, 'rev-list', '--count', 'HEAD'), gitOut(v.root, 'rev-list', '--count', 'HEAD'));
    assert.equal(gitOut(target, 'status', '--porcelain'), '');
  });

  it('needs only tail, gzip, tar, find, sort, cmp and core utilities; without sha256sum it says checksums were not verified', () => {
    const bin = tempDir();
    for (const tool of ['tail', 'gzip', 'tar', 'find', 'sort', 'cmp', 'ls', 'mkdir', 'rm', 'rmdir', 'mv', 'cat', 'grep']) {
      const found = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
      fs.symlinkSync(found, path.join(bin, tool));
    }
    const target = path.join(tempDir(), 'restored');
    const r = spawnSync('/bin/sh', [script, target], { encoding: 'utf8', env: { PATH: bin } });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /checksums not verified/);
    assert.match(r.stderr, /git not found: the history is kept in \.CoreSoul\/history\.bundle/);
    const bundle = path.join(target, '.CoreSoul/history.bundle');
    const clone = path.join(tempDir(), 'clone');
    execFileSync('git', ['clone', '-q', bundle, clone]);
    assert.equal(execFileSync('git', ['rev-parse', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim(), gitOut(v.root, 'rev-parse', 'HEAD'));
    fs.rmSync(bundle);
    assertSameSoul(v.root, target, 'sh');
  });

  it('is deterministic like the .tar.gz', async () => {
    const again = path.join(tempDir(), 'again.sh');
    await packVault(v, { now: NOW, out: again, format: 'sh' });
    assert.equal(sha(again), sha(script));
  });

  it('refuses a non-empty folder with exit 3 and leaves it unchanged', () => {
    const target = tempDir();
    fs.writeFileSync(path.join(target, 'mine.txt'), 'keep me');
    const before = listing(target);
    const r = sh(script, target);
    assert.equal(r.status, 3);
    assert.match(r.stderr, /not empty/);
    assert.deepEqual(listing(target), before);
  });

  it('refuses a damaged payload or a checksum that does not match (exit 3), creating nothing', () => {
    const bytes = fs.readFileSync(script);
    const damaged = Buffer.from(bytes);
    damaged[damaged.length - 2000] ^= 0xff;
    const text = bytes.toString('latin1');
    const line = /^([0-9a-f]{64}) {2}\.\/\.CoreSoul\/soul\.md$/m.exec(text) as RegExpExecArray;
    const lying = Buffer.from(text.replace(line[0], `${line[1].replace(/^./, line[1][0] === '0' ? '1' : '0')}  ./.CoreSoul/soul.md`), 'latin1');
    for (const [name, content, reason] of [
      ['damaged', damaged, /damaged archive/],
      ['lying', lying, /checksum mismatch/],
    ] as const) {
      const file = path.join(tempDir(), `${name}.sh`);
      fs.writeFileSync(file, content);
      const box = tempDir();
      const r = sh(file, path.join(box, 'restored'));
      assert.equal(r.status, 3, `${name}: ${r.stderr}`);
      assert.match(r.stderr, reason);
      assert.deepEqual(fs.readdirSync(box), [], name);
    }
  });

  it('is read by coresoul restore as well', async () => {
    const target = tempDir();
    const report = await restoreArchive(script, target);
    assert.equal(report.history, 'restored');
    assertSameSoul(v.root, target);
  });
});

describe('restore --merge', () => {
  it('adds the soul to an existing project, keeps every file it had and adds the directive to its AGENTS.md', async () => {
    const v = await realisticVault();
    const archive = path.join(tempDir(), 'a.tgz');
    await packVault(v, { now: NOW, out: archive });
    const project = tempDir();
    fs.writeFileSync(path.join(project, 'AGENTS.md'), '# Project rules\n\nUse tabs.\n');
    fs.mkdirSync(path.join(project, 'src'));
    fs.writeFileSync(path.join(project, 'src/main.ts'), 'export {};\n');
    const report = await restoreArchive(archive, project, { merge: true });
    assert.deepEqual(report.conflicts.map((c) => c.path), ['AGENTS.md']);
    assert.deepEqual(report.updated, ['AGENTS.md']);
    const agents = fs.readFileSync(path.join(project, 'AGENTS.md'), 'utf8');
    assert.match(agents, /CRITICAL OVERRIDE/);
    assert.ok(agents.endsWith('# Project rules\n\nUse tabs.\n'));
    assert.equal(fs.readFileSync(path.join(project, 'src/main.ts'), 'utf8'), 'export {};\n');
    const original = files(v.root, (rel) => LEFT_OUT.test(rel) || NOT_RESTORED.test(rel) || rel === 'AGENTS.md');
    for (const [rel, bytes] of original) assert.ok(bytes.equals(fs.readFileSync(path.join(project, rel))), rel);
    assert.equal(report.added.length, original.size);
    assert.equal(report.history, 'restored');
    assert.equal(gitOut(project, 'rev-parse', 'HEAD'), gitOut(v.root, 'rev-parse', 'HEAD'));
  });

  it('never overwrites: a file changed after packing is a conflict and stays as it is; same files are unchanged', async () => {
    const v = await realisticVault();
    const archive = path.join(tempDir(), 'a.tgz');
    await packVault(v, { now: NOW, out: archive });
    const target = tempDir();
    await restoreArchive(archive, target);
    const day = path.join(target, '.CoreSoul/memory/chronological/2026-03-10.md');
    fs.appendFileSync(day, '- 18:00:00 written after the archive was made\n');
    fs.utimesSync(day, new Date('2026-03-12T00:00:00Z'), new Date('2026-03-12T00:00:00Z'));
    const changed = fs.readFileSync(day);
    const report = await restoreArchive(archive, target, { merge: true });
    assert.deepEqual(report.conflicts, [{ path: '.CoreSoul/memory/chronological/2026-03-10.md', newer: 'workspace' }]);
    assert.deepEqual(report.added, []);
    assert.equal(report.unchanged.length, files(target, (rel) => LEFT_OUT.test(rel)).size - 1);
    assert.ok(fs.readFileSync(day).equals(changed));
    assert.equal(report.history, 'fetched');
    assert.equal(gitOut(target, 'status', '--porcelain'), '');
  });
});

describe('coresoul pack / restore (CLI)', () => {
  it('packs to ./core_soul_deploy.tar.gz with the CLI, restores it, and the restored CLI runs on the restored vault', () => {
    const ws = tempDir();
    assert.equal(cli(['init', '--root', ws, '--now', '2026-03-09T09:00:00']).code, 0);
    for (const [at, text] of [
      ['2026-03-09T10:00:00', 'Chose [[PostgreSQL]] for the orders service'],
      ['2026-03-10T11:00:00', 'Fixed the timeout in [[AuthService]]'],
    ]) {
      assert.equal(cli(['write', text, '--root', ws, '--now', at]).code, 0);
    }
    const packed = cli(['pack', '--root', ws, '--now', '2026-03-11T12:00:00Z', '--json'], { cwd: ws }); // into the folder it runs in
    assert.equal(packed.code, 0, packed.stderr);
    assert.equal(packed.json.out, path.join(ws, 'core_soul_deploy.tar.gz'));
    assert.equal(packed.json.cli, true);
    assert.equal(packed.json.history, 'bundle');
    const again = cli(['pack', '--root', ws, '--now', '2026-03-11T12:00:00Z', '--out', path.join(tempDir(), 'b.tgz'), '--json']);
    assert.equal(again.json.sha256, packed.json.sha256);

    const target = path.join(tempDir(), 'new-machine');
    const restored = cli(['restore', packed.json.out, '--root', target, '--json']);
    assert.equal(restored.code, 0, restored.stderr);
    assert.equal(restored.json.history, 'restored');
    const status = spawnSync(process.execPath, [path.join(target, '.CoreSoul/bin/coresoul.js'), 'status', '--json'], { cwd: target, encoding: 'utf8' });
    assert.equal(status.status, 0, status.stderr);
    const s = JSON.parse(status.stdout);
    assert.equal(s.days.L1, 2);
    assert.equal(s.entities.objects, 2);
    assert.equal(s.git.commits, Number(gitOut(ws, 'rev-list', '--count', 'HEAD')));
    assert.equal(s.git.dirty, false);

    const again2 = cli(['restore', packed.json.out, '--root', target]);
    assert.equal(again2.code, 3);
    assert.match(again2.stderr, /not empty.*--merge/);
    const merged = cli(['restore', packed.json.out, '--root', target, '--merge']);
    assert.equal(merged.code, 0, merged.stderr);
    assert.match(merged.stdout, /0 file\(s\) added, \d+ unchanged, 0 conflict\(s\)/);
  });

  it('works from inside a git hook of another repository (GIT_DIR set) without touching that repository', async () => {
    const v = await realisticVault();
    const outer = tempDir();
    execFileSync('git', ['init', '-q'], { cwd: outer });
    const env = { GIT_DIR: path.join(outer, '.git'), GIT_WORK_TREE: outer, GIT_INDEX_FILE: path.join(outer, '.git/index') };
    const outerBefore = listing(path.join(outer, '.git'));
    const archive = path.join(tempDir(), 'a.tgz');
    assert.equal(cli(['pack', '--root', v.root, '--out', archive, '--now', '2026-03-11T12:00:00Z'], { env }).code, 0);
    const target = path.join(tempDir(), 't');
    const r = cli(['restore', archive, '--root', target, '--json'], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(gitOut(target, 'rev-parse', 'HEAD'), gitOut(v.root, 'rev-parse', 'HEAD'));
    assert.deepEqual(listing(path.join(outer, '.git')), outerBefore);
  });

  it('refuses bad options (exit 1) and a folder without a vault (exit 2)', () => {
    const ws = tempDir();
    assert.equal(cli(['pack', '--root', ws]).code, 2);
    assert.equal(cli(['init', '--root', ws, '--no-git']).code, 0);
    const bad = cli(['pack', '--root', ws, '--format', 'zip']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--format: expected tgz or sh/);
    assert.equal(cli(['pack', 'extra', '--root', ws]).code, 1);
    assert.ok(!fs.readdirSync(ws).some((f) => f.startsWith('core_soul_deploy')));
  });
});

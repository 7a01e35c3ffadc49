import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { readMemoryMap } from '../../../src/core/vault/memoryMap';
import { initVault, parseHosts } from '../../../src/core/init/scaffold';
import { OVERRIDE_DIRECTIVE } from '../../../src/core/init/templates/bootloader';
import { PERSONA_SECTIONS } from '../../../src/core/vault/personaSections';
import { openVault } from '../../../src/core/vault/layout';
import { read, snapshot, tempDir } from '../../support/helpers';
import { LAUNCH } from '../../../src/core/init/hostConfig';
import { escapeRegExp } from '../../../src/core/shared/text';

const clock = fixedClock('2026-03-10T09:00:00');
const SKILL_NAMES = ['CoreSoul_MemoryWrite', 'CoreSoul_MemorySearch', 'CoreSoul_MemoryCompress', 'CoreSoul_PersonaUpdate', 'CoreSoul_PackSoul'];

function frontMatter(text: string): Record<string, string> {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  assert.ok(m, 'has front matter');
  return Object.fromEntries(m[1].split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
}

describe('init (docs/memory.md#the-vault-on-disk)', () => {
  it('scaffolds AGENTS.md, five skills, soul, persona, memory map and entity folders', async () => {
    const root = tempDir();
    const report = await initVault(root, { clock, git: false });
    assert.equal(read(root, 'AGENTS.md'), `${OVERRIDE_DIRECTIVE}\n`, 'AGENTS.md holds the directive and nothing else');
    for (const name of SKILL_NAMES) {
      const skill = read(root, '.github/skills', name, 'SKILL.md');
      const fm = frontMatter(skill);
      assert.equal(fm.name, name, 'frontmatter name equals the folder name');
      assert.ok(JSON.parse(fm.description).length > 40, 'a real description');
      assert.ok(new RegExp(`${escapeRegExp(LAUNCH)} (write|search|compress|persona propose|pack) `).test(skill), 'the exact command to run, through the launcher');
    }
    const v = openVault(root);
    assert.equal(readMemoryMap(v).lastCompressionDate, '2026-03-10');
    for (const kind of ['people', 'events', 'places', 'objects']) assert.ok(fs.statSync(path.join(v.entitiesDir, kind)).isDirectory());
    assert.ok(report.created.includes('.CoreSoul/soul.md'));
    assert.equal(report.git, false);
    assert.equal(fs.existsSync(path.join(root, '.CoreSoul/.git')), false);
  });

  it('writes soul.md with its four sections and a machine-checkable Invariants list', async () => {
    const root = tempDir();
    await initVault(root, { clock, git: false });
    const soul = read(root, '.CoreSoul/soul.md');
    const headings = soul.split('\n').filter((l) => l.startsWith('## '));
    assert.deepEqual(headings, ['## System Boundary & Safety', '## Stable Memory Trigger', '## Cognitive Loop & Evolution', '## Invariants']);
    assert.match(soul, /clean-room sandbox/);
    assert.match(soul, /CoreSoul_MemoryWrite/);
    const invariants = soul.slice(soul.indexOf('## Invariants')).split('\n').filter((l) => /^- `[a-z-]+`: /.test(l));
    assert.ok(invariants.some((l) => l.startsWith('- `sandbox-first`:')), 'sandbox invariant has an id');
  });

  it('writes persona.md with exactly the four sections in order and the skill preference', async () => {
    const root = tempDir();
    await initVault(root, { clock, git: false });
    const persona = read(root, '.CoreSoul/persona.md');
    assert.deepEqual(persona.split('\n').filter((l) => l.startsWith('# ')), [...PERSONA_SECTIONS]);
    const registry = persona.slice(persona.indexOf(PERSONA_SECTIONS[3]));
    assert.match(registry, /優先調用以下註冊的 skill/);
    assert.match(registry, /preferred, not exclusive/);
    for (const name of SKILL_NAMES) assert.ok(registry.includes(`\`${name}\``), name);
  });

  it('adds the directive once to an existing AGENTS.md and keeps every byte of it', async () => {
    const root = tempDir();
    const mine = '\uFEFF# My agents\r\n\r\nUse pnpm.\r\n';
    fs.writeFileSync(path.join(root, 'AGENTS.md'), mine);
    await initVault(root, { clock, git: false });
    await initVault(root, { clock, git: false });
    const text = read(root, 'AGENTS.md');
    assert.equal(text, `\uFEFF${OVERRIDE_DIRECTIVE}\n\n${mine.slice(1)}`);
    assert.equal(text.split(OVERRIDE_DIRECTIVE).length, 2, 'directive appears once');
  });

  it('is idempotent and never overwrites a file the user changed', async () => {
    const root = tempDir();
    await initVault(root, { clock, git: false });
    fs.writeFileSync(path.join(root, '.CoreSoul/persona.md'), 'my own persona\n');
    fs.writeFileSync(path.join(root, '.github/skills/CoreSoul_MemoryWrite/SKILL.md'), 'edited\n');
    fs.rmSync(path.join(root, '.github/skills/CoreSoul_PackSoul'), { recursive: true });
    const before = snapshot(root);
    const again = await initVault(root, { clock: fixedClock('2027-01-01T00:00:00'), git: false });
    assert.deepEqual(again.created, ['.github/skills/CoreSoul_PackSoul/SKILL.md'], 'only the missing file comes back');
    const after = snapshot(root);
    delete after['.github/skills/CoreSoul_PackSoul/SKILL.md'];
    assert.deepEqual(after, before);
    assert.equal(readMemoryMap(openVault(root)).lastCompressionDate, '2026-03-10', 'memory map kept');
  });

  it('--hosts adds the skills for other agents and their bootloader files', async () => {
    const root = tempDir();
    await initVault(root, { clock, git: false, hosts: parseHosts('gemini,claude,agents') });
    for (const dir of ['.github/skills', '.gemini/skills', '.claude/skills', '.agents/skills']) {
      assert.ok(fs.existsSync(path.join(root, dir, 'CoreSoul_MemorySearch/SKILL.md')), dir);
    }
    assert.equal(read(root, 'CLAUDE.md'), `${OVERRIDE_DIRECTIVE}\n`);
    assert.equal(read(root, 'GEMINI.md'), `${OVERRIDE_DIRECTIVE}\n`);
    assert.throws(() => parseHosts('github,windsurf'), (e: unknown) => e instanceof CoreSoulError && /unknown host "windsurf"/.test(e.message));
  });

  it('creates the vault git repository with a first commit, and copies the CLI', async () => {
    const root = tempDir();
    const bundle = path.join(tempDir(), 'cli.js');
    fs.writeFileSync(bundle, '#!/usr/bin/env node\nconsole.log("cli")\n');
    const report = await initVault(root, { clock, cliBundle: bundle });
    assert.equal(report.git, true);
    const log = execFileSync('git', ['log', '--format=%s'], { cwd: path.join(root, '.CoreSoul'), encoding: 'utf8' });
    assert.equal(log.trim(), 'Core Soul: initialize vault');
    const tracked = execFileSync('git', ['ls-files'], { cwd: path.join(root, '.CoreSoul'), encoding: 'utf8' }).trim().split('\n');
    assert.ok(tracked.includes('memory/memory_map.md') && tracked.includes('soul.md'));
    assert.ok(!tracked.some((f) => f.startsWith('bin/')), 'the CLI copy is not history');
    assert.equal(read(root, '.CoreSoul/bin/coresoul.js'), read(bundle));
    assert.ok(fs.statSync(path.join(root, '.CoreSoul/bin/coresoul.js')).mode & 0o100, 'executable');
  });

  it('gives every new soul its own first commit, also two made from the same template in the same second', async () => {
    // git's clock is pinned, so without the soul's own id the two roots would be the same commit
    const pinned = { GIT_AUTHOR_DATE: '2026-03-10T09:00:00Z', GIT_COMMITTER_DATE: '2026-03-10T09:00:00Z' };
    Object.assign(process.env, pinned);
    try {
      const roots = [tempDir(), tempDir()];
      const reports = [await initVault(roots[0], { clock }), await initVault(roots[1], { clock })];
      assert.notEqual(reports[0].commit, reports[1].commit);
      for (const root of roots) {
        const soulId = execFileSync('git', ['log', '-1', '--format=%(trailers:key=Soul-Id,valueonly)'], { cwd: path.join(root, '.CoreSoul'), encoding: 'utf8' });
        assert.match(soulId.trim(), /^[0-9a-f-]{36}$/);
      }
      assert.equal((await initVault(roots[0], { clock })).commit, undefined, 'a second init of the same soul adds no commit');
    } finally {
      for (const k of Object.keys(pinned)) delete process.env[k];
    }
  });

  it('refuses a workspace whose .CoreSoul is a file, changing nothing', async () => {
    const root = tempDir();
    fs.writeFileSync(path.join(root, '.CoreSoul'), 'oops');
    await assert.rejects(initVault(root, { clock, git: false }), (e: unknown) => e instanceof CoreSoulError && e.kind === 'vault' && /is a file/.test(e.message));
    assert.deepEqual(Object.keys(snapshot(root)), ['.CoreSoul']);
  });
});

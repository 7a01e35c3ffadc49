/** The lint workflow in process: each rule it adds beyond core/truth, and stopping it. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { failsAt, lintVault, marked, memoriesToLint, truthOf } from '../../../src/core/lint/lint';
import { duplicateKeys, findDuplicates } from '../../../src/core/truth/duplicates';
import { readMemories } from '../../../src/core/truth/memories';
import type { Supersession } from '../../../src/core/truth/supersession';
import { profileFile } from '../../../src/core/profile/profile';
import { tempDir, tempVault } from '../../support/helpers';
import { buildTruthScenario } from '../../support/truthScenario';

describe('lint', () => {
  it('finds broken links, orphan notes, contradictions, secrets and caps; failsAt reads the severities', async () => {
    const v = await tempVault();
    fs.writeFileSync(path.join(v.chronoDir, '2026-03-01.md'), '# 2026-03-01\n\n- 09:00:00 See [[Nowhere]] and [[2026-02-30]]\n- 10:00:00 The main database is MySQL.\n- 11:00:00 token AKIAIOSFODNN7EXAMPLQ\n');
    fs.writeFileSync(path.join(v.chronoDir, '2026-03-02.md'), '# 2026-03-02\n\n- 10:00:00 The main database is Postgres ([[Linked]])\n');
    for (const name of ['Linked', 'Lonely']) fs.writeFileSync(path.join(v.entitiesDir, 'objects', `${name}.md`), `---\nkind: objects\naliases: []\ncreated: 2026-03-01\n---\n# ${name}\n`);
    fs.appendFileSync(v.soul, 'x'.repeat(31 * 1024));
    fs.mkdirSync(path.dirname(profileFile(v)), { recursive: true });
    const entries = Array.from({ length: 21 }, (_, i) => `- likes thing ${i} · seen 1× · last 2026-03-01`).join('\n');
    fs.writeFileSync(profileFile(v), `---\nkind: people\naliases: []\ncreated: 2026-03-01\n---\n# User\n\n## Preferences\n${entries}\n`);

    const r = await lintVault(v);
    const seen = r.findings.map((f) => `${f.rule} ${f.file}:${f.line}`);
    assert.ok(seen.includes('broken-link .CoreSoul/memory/chronological/2026-03-01.md:3'));
    assert.equal(r.findings.filter((f) => f.rule === 'broken-link').length, 2, 'an entity and a day that do not exist');
    assert.ok(seen.includes('orphan-note .CoreSoul/memory/entities/objects/Lonely.md:1'));
    assert.ok(!seen.some((s) => s.includes('Linked.md') || s.includes('User.md:1')));
    assert.ok(!seen.some((s) => s.startsWith('duplicate')), 'profile entries are counted by the profile, not linted as duplicates');
    assert.ok(seen.includes('contradiction .CoreSoul/memory/chronological/2026-03-02.md:3'));
    assert.ok(seen.includes('secret .CoreSoul/memory/chronological/2026-03-01.md:5'));
    assert.ok(seen.includes('cap .CoreSoul/soul.md:1'));
    assert.ok(seen.some((s) => s.startsWith('cap .CoreSoul/personal/User.md:')), 'the profile, in the personal scope');
    assert.equal(failsAt(r, 'error'), true);
    assert.equal(failsAt(r, 'never'), false);
  });

  it('a superseded memory is history: neither a contradiction nor the first of a duplicate', async () => {
    const v = await tempVault();
    fs.writeFileSync(path.join(v.chronoDir, '2026-03-01.md'), '# 2026-03-01\n\n- 10:00:00 The main database is MySQL.\n- 11:00:00 Replaced MySQL with Postgres: the main database is Postgres.\n');
    const r = await lintVault(v, { secrets: false });
    assert.equal(r.superseded, 1);
    assert.deepEqual(r.findings.filter((f) => f.rule !== 'orphan-note'), []);
  });

  it('a superseded memory is history: what it cites is not checked', async () => {
    const v = await tempVault();
    fs.mkdirSync(path.join(v.root, 'src'));
    fs.writeFileSync(path.join(v.chronoDir, '2026-03-01.md'), '# 2026-03-01\n\n- 10:00:00 The handler is in `src/old.ts` and we test with Jest.\n- 11:00:00 Switched from Jest to Vitest for tests.\n- 12:00:00 See `src/gone.ts` too\n');
    const r = await lintVault(v, { secrets: false });
    assert.equal(r.superseded, 1);
    assert.deepEqual(r.findings.filter((f) => f.rule === 'dead-citation').map((f) => f.line), [5], 'only the current memory');
  });

  it('a retracted entry is no memory: its mark and its author are neither superseded, repeated nor counted', async () => {
    const v = await tempVault();
    const mark = '[retracted [[2026-03-01]] 12:00:00: superseded by 2026-03-01 11:00:00 (Jest)] [by Tess Tester on testbox]';
    fs.writeFileSync(
      path.join(v.chronoDir, '2026-03-01.md'),
      `# 2026-03-01\n\n- 10:00:00 ${mark}\n- 10:30:00 ${mark}\n- 11:00:00 [by Tess Tester on testbox] Switched from Jest to Vitest for unit tests.\n`,
    );
    const r = await lintVault(v, { secrets: false });
    assert.equal(r.memories, 1);
    assert.equal(r.superseded, 0);
    assert.deepEqual(r.findings.filter((f) => f.rule !== 'orphan-note'), []);
  });

  it('finds the same with the supersessions and contradictions worked out beside it, duplicate keys and all', async () => {
    const s = await buildTruthScenario(tempDir('coresoul-lint-beside-'));
    let asked = 0;
    const beside = await lintVault(s.vault, {
      secrets: false,
      truthBeside: () => {
        asked++;
        let told: Supersession[] | undefined;
        const { contradictions } = truthOf(memoriesToLint(s.vault, readMemories(s.vault)), undefined, (found) => (told = found));
        return { supersessions: Promise.resolve(told!), contradictions: Promise.resolve(contradictions) };
      },
    });
    const alone = await lintVault(s.vault, { secrets: false });
    assert.equal(asked, 1);
    assert.ok(alone.counts.duplicate > 0 && alone.superseded > 0, JSON.stringify(alone.counts));
    assert.deepEqual(beside, alone);
  });

  it('marks memories by id through their file and line: every memory named, nothing else, an id of no memory ignored', async () => {
    const s = await buildTruthScenario(tempDir('coresoul-lint-marked-'));
    const ms = memoriesToLint(s.vault, readMemories(s.vault));
    const named = ms.filter((_, i) => i % 3 === 1).map((m) => m.id);
    const flags = marked(ms, [...named, `${ms[0].file}:100000`, 'nowhere.md:1', ms[2].id]);
    assert.deepEqual(
      ms.filter((_, i) => flags[i]).map((m) => m.id),
      ms.filter((_, i) => i % 3 === 1 || i === 2).map((m) => m.id),
    );
  });

  it('groups duplicates the same from keys worked out for a larger list, each memory at its place there', async () => {
    const s = await buildTruthScenario(tempDir('coresoul-lint-keys-'));
    const all = readMemories(s.vault);
    const at: number[] = [];
    const some = all.filter((_, i) => i % 5 !== 2 && at.push(i) > 0);
    const groups = findDuplicates(some);
    assert.ok(groups.length > 0);
    assert.deepEqual(findDuplicates(some, undefined, { of: duplicateKeys(all.map((m) => m.text)), at }), groups);
  });

  it('stops when its signal fires', async () => {
    const v = await tempVault();
    await assert.rejects(lintVault(v, {}, AbortSignal.abort()), { name: 'AbortError' });
  });
});

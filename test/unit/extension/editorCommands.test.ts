/** The logic behind the extension's commands, run on the core without VS Code. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { readMemoryMap } from '../../../src/core/vault/memoryMap';
import { memoryTextProblem, writeFromEditor } from '../../../src/extension/features/writeMemory/memoryWrite.model';
import { readMemoryEnabled } from '../../../src/extension/shared/settings.model';
import { read, snapshot, tempDir, tempVault } from '../../support/helpers';

const commits = (soulDir: string) => Number(execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: soulDir, encoding: 'utf8' }).trim());

describe('Write Memory from the editor', () => {
  it('is refused while the memory switch is off, and changes nothing', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    const before = snapshot(v.root);
    await assert.rejects(
      writeFromEditor(v.root, { text: 'secret [[Project]]' }, { clock: fixedClock('2026-03-10T10:00:00'), memoryEnabled: false }),
      (e: Error) => e instanceof CoreSoulError && e.kind === 'refused' && /memory is switched off/.test(e.message),
    );
    assert.deepEqual(snapshot(v.root), before);
  });

  it('appends the entry, tags its entities and makes one commit in the vault history', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    const before = commits(v.soulDir);
    const out = await writeFromEditor(v.root, { text: 'Chose [[PostgreSQL]] for JSONB' }, { clock: fixedClock('2026-03-10T10:11:12'), memoryEnabled: true });
    assert.deepEqual(out.result, {
      file: '.CoreSoul/memory/chronological/2026-03-10.md',
      line: 3,
      entities: [{ path: '.CoreSoul/memory/entities/objects/PostgreSQL.md', created: true }],
      compressed: false,
    });
    assert.equal(out.committed, true);
    assert.equal(out.commitProblem, undefined);
    assert.equal(commits(v.soulDir), before + 1);
    assert.equal(read(v.root, out.result.file).split('\n')[2], '- 10:11:12 [by Tess Tester on testbox] Chose [[PostgreSQL]] for JSONB');
  });

  it('compresses first on the first write of a new week', async () => {
    const v = await tempVault('2026-03-15T09:00:00'); // Sunday
    const out = await writeFromEditor(v.root, { text: 'Monday' }, { clock: fixedClock('2026-03-16T08:00:00'), memoryEnabled: true });
    assert.equal(out.result.compressed, true);
    assert.equal(readMemoryMap(v).lastCompressionDate, '2026-03-16');
  });

  it('keeps a written entry when the commit fails, and says why it is not in the history', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    fs.writeFileSync(path.join(v.soulDir, '.git', 'index'), 'not an index');
    const out = await writeFromEditor(v.root, { text: 'still on disk' }, { clock: fixedClock('2026-03-10T10:00:00'), memoryEnabled: true });
    assert.equal(out.committed, false);
    assert.match(out.commitProblem ?? '', /git add failed/);
    assert.match(read(v.root, out.result.file), /still on disk/);
  });

  it('says there is no vault, with the vault error, in a folder without one', async () => {
    const root = tempDir();
    await assert.rejects(
      writeFromEditor(root, { text: 'x' }, { clock: fixedClock('2026-03-10T10:00:00'), memoryEnabled: true }),
      (e: Error) => e instanceof CoreSoulError && e.kind === 'vault' && /no Core Soul vault/.test(e.message),
    );
    assert.deepEqual(fs.readdirSync(root), []);
  });

  it('validates the input box text as the core will', () => {
    assert.equal(memoryTextProblem('a fine [[Entry]]'), undefined);
    assert.equal(memoryTextProblem('   \n '), 'memory text is empty');
    assert.match(memoryTextProblem('bell \u0007') ?? '', /control character U\+0007/);
  });
});

describe('memory switch setting', () => {
  it('is on by default and follows a boolean', () => {
    assert.deepEqual(readMemoryEnabled(undefined), { enabled: true });
    assert.deepEqual(readMemoryEnabled(true), { enabled: true });
    assert.deepEqual(readMemoryEnabled(false), { enabled: false });
  });

  it('turns memory off, with a reason, for a value that is not a boolean', () => {
    for (const raw of ['false', 'true', 0, null, {}]) {
      const r = readMemoryEnabled(raw);
      assert.equal(r.enabled, false, JSON.stringify(raw));
      assert.match(r.problem ?? '', /coresoul\.memory\.enabled must be true or false/);
    }
  });
});

/**
 * The house's cancellation rule (docs/architecture.md#cancellation): every workflow that walks the
 * whole vault takes an AbortSignal as its last argument and, stopped, leaves everything as it was.
 * Each is stopped at a checkpoint past its start, so the test fails if a checkpoint goes missing
 * or if stopping there leaves something behind.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { packVault } from '../../../src/core/archive/pack';
import { restoreArchive } from '../../../src/core/archive/restore';
import { importMemories } from '../../../src/core/interop/importMemories';
import { lintVault } from '../../../src/core/lint/lint';
import { scanVault } from '../../../src/core/safety/scan';
import { fixedClock } from '../../../src/core/shared/clock';
import { isCancelled } from '../../../src/core/shared/errors';
import { syncVault } from '../../../src/core/sync/sync';
import { REPO, snapshot, tempDir, tempVault, writeAt } from '../../support/helpers';

const NOW = '2026-03-10T09:00:00';

/** A signal that lets `passes` checkpoints by, then stops the work at the next one. */
function stopAfter(passes: number): AbortSignal & { checked: number } {
  const signal = {
    checked: 0,
    aborted: false,
    throwIfAborted() {
      if (++signal.checked > passes) throw new DOMException('stopped by the test', 'AbortError');
    },
  };
  return signal as unknown as AbortSignal & { checked: number };
}

const head = (root: string) => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: path.join(root, '.CoreSoul'), encoding: 'utf8' }).trim();

async function writtenVault() {
  const v = await tempVault(NOW, { git: true });
  for (let i = 0; i < 5; i++) await writeAt(v, `2026-03-10T09:0${i}:00`, `entry ${i} about [[Postgres]]`);
  return v;
}

describe('cancellation: long workflows stop cleanly on their AbortSignal', () => {
  it('import stops before its commit with the vault unchanged', async () => {
    const v = await writtenVault();
    const [before, commit] = [snapshot(v.soulDir), head(v.root)];
    const signal = stopAfter(1);
    const source = path.join(REPO, 'test/support/fixtures/import/mcp-memory');
    await assert.rejects(importMemories(v, source, { clock: fixedClock(NOW) }, signal), isCancelled);
    assert.ok(signal.checked >= 2, 'stopped past the start');
    assert.deepEqual(snapshot(v.soulDir), before);
    assert.equal(head(v.root), commit);
  });

  it('lint stops between files and changes nothing', async () => {
    const v = await writtenVault();
    const before = snapshot(v.soulDir);
    const signal = stopAfter(2);
    await assert.rejects(lintVault(v, { secrets: false }, signal), isCancelled);
    assert.equal(signal.checked, 3);
    assert.deepEqual(snapshot(v.soulDir), before);
  });

  it('scan stops between files', async () => {
    const v = await writtenVault();
    const signal = stopAfter(2);
    await assert.rejects(scanVault(v, {}, signal), isCancelled);
    assert.equal(signal.checked, 3);
  });

  it('pack stops before the archive is published, and writes no archive', async () => {
    const v = await writtenVault();
    const out = path.join(tempDir(), 'soul.tar.gz');
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(packVault(v, { now: new Date(`${NOW}Z`), out }, abort.signal), isCancelled);
    assert.equal(fs.existsSync(out), false);
  });

  it('restore stops before placing files, and leaves no target folder behind', async () => {
    const v = await writtenVault();
    const archive = path.join(tempDir(), 'soul.tar.gz');
    await packVault(v, { now: new Date(`${NOW}Z`), out: archive });
    const target = path.join(tempDir(), 'restored');
    await assert.rejects(restoreArchive(archive, target, {}, stopAfter(0)), isCancelled);
    assert.equal(fs.existsSync(target), false);
  });

  it('sync stops before its merge: the remote and the vault stay as they were', async () => {
    const v = await writtenVault();
    const remote = path.join(tempDir(), 'remote.git');
    execFileSync('git', ['init', '-q', '--bare', remote]);
    const [before, commit] = [snapshot(v.soulDir), head(v.root)];
    const signal = stopAfter(1);
    await assert.rejects(syncVault(v.root, { clock: fixedClock(NOW), remote }, signal), isCancelled);
    assert.equal(signal.checked, 2);
    assert.deepEqual(snapshot(v.soulDir), before);
    assert.equal(head(v.root), commit);
    assert.equal(execFileSync('git', ['for-each-ref'], { cwd: remote, encoding: 'utf8' }), '', 'nothing pushed');
    assert.equal(execFileSync('git', ['remote'], { cwd: v.soulDir, encoding: 'utf8' }), '', 'not left connected to the remote');
  });
});

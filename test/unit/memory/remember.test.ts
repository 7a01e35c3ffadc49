/** rememberAll: the one write-and-commit path of the CLI, the editor, the chat and the tools. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { readMemoryMap } from '../../../src/core/vault/memoryMap';
import { rememberAll } from '../../../src/core/memory/remember';
import { read, snapshot, tempVault } from '../../support/helpers';

const git = (soulDir: string, ...args: string[]) => execFileSync('git', args, { cwd: soulDir, encoding: 'utf8' }).trim();
const subjects = (soulDir: string) => git(soulDir, 'log', '--format=%s').split('\n');

describe('rememberAll (write and commit)', () => {
  it('writes every entry in order and commits them once, naming the source', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    const before = subjects(v.soulDir).length;
    const r = await rememberAll(v, [{ text: 'Chose [[PostgreSQL]]', kind: 'decision' }, { text: 'Fixed the [[Billing]] timeout', kind: 'error' }], {
      clock: fixedClock('2026-03-10T10:00:00'),
      source: 'from chat on 2026-03-10',
    });
    assert.deepEqual(r.results.map((x) => x.line), [3, 4]);
    assert.equal(r.committed, true);
    assert.equal(subjects(v.soulDir).length, before + 1);
    assert.equal(subjects(v.soulDir)[0], 'memory: 2 entries from chat on 2026-03-10');
    assert.equal(git(v.soulDir, 'status', '--porcelain'), '');
  });

  it('commits the raw week before the weekly compression, so the raw entries stay in the history', async () => {
    const v = await tempVault('2026-03-13T09:00:00', { git: true });
    await rememberAll(v, [{ text: 'raw Friday detail [[Alpha]]' }], { clock: fixedClock('2026-03-13T10:00:00') });
    fs.appendFileSync(path.join(v.soulDir, 'memory/chronological/2026-03-13.md'), '- 11:00:00 hand-added, never committed\n');
    const r = await rememberAll(v, [{ text: 'Monday' }], { clock: fixedClock('2026-03-16T08:00:00') });
    assert.equal(r.results[0].compressed, true);
    assert.equal(r.compression?.ran, true);
    assert.deepEqual(r.compression?.l1ToL2, ['2026-03-13']);
    const [last, beforeCompression] = subjects(v.soulDir);
    assert.match(last, /^memory: 2026-03-16\.md line 3, after compress: week of 2026-03-16/);
    assert.equal(beforeCompression, 'memory: before weekly compression');
    assert.match(git(v.soulDir, 'show', 'HEAD~1:memory/chronological/2026-03-13.md'), /hand-added, never committed/);
  });

  it("leaves git's housekeeping to the weekly compression's commit: a write's commit runs no maintenance", async () => {
    const v = await tempVault('2026-03-13T09:00:00', { git: true });
    // GIT_TRACE logs every command git runs, its own `maintenance run --auto` after a commit included.
    const trace = path.join(v.root, 'git-trace.log');
    const maintenance = () => (fs.existsSync(trace) ? read(trace).split('\n').filter((l) => /\bmaintenance run --auto\b/.test(l)).length : 0);
    process.env.GIT_TRACE = trace;
    try {
      const w = await rememberAll(v, [{ text: 'Friday [[Alpha]]' }], { clock: fixedClock('2026-03-13T10:00:00') });
      assert.equal(w.committed, true);
      assert.equal(maintenance(), 0);
      const monday = await rememberAll(v, [{ text: 'Monday' }], { clock: fixedClock('2026-03-16T08:00:00') });
      assert.equal(monday.compression?.ran, true);
      assert.ok(maintenance() > 0, 'the compression commit lets git tidy');
    } finally {
      delete process.env.GIT_TRACE;
    }
    assert.equal(git(v.soulDir, 'status', '--porcelain'), '');
  });

  it('postpones the compression, and still writes, when the raw week cannot be committed first', async () => {
    const v = await tempVault('2026-03-13T09:00:00', { git: true });
    await rememberAll(v, [{ text: 'raw Friday detail' }], { clock: fixedClock('2026-03-13T10:00:00') });
    const friday = read(v.soulDir, 'memory/chronological/2026-03-13.md');
    fs.writeFileSync(path.join(v.soulDir, '.git', 'index'), 'not an index');
    const r = await rememberAll(v, [{ text: 'Monday' }], { clock: fixedClock('2026-03-16T08:00:00') });
    assert.match(r.postponed ?? '', /git add failed/);
    assert.equal(r.compression, undefined);
    assert.equal(r.results[0].compressed, false);
    assert.equal(read(v.soulDir, 'memory/chronological/2026-03-13.md'), friday);
    assert.equal(readMemoryMap(v).lastCompressionDate, '2026-03-13');
    assert.equal(r.committed, false);
    assert.match(r.commitProblem ?? '', /^git add failed[^\n]*$/);
    assert.match(read(v.root, r.results[0].file), /Monday/);
  });

  it('writes without history in a vault initialised without git', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    const r = await rememberAll(v, [{ text: 'no history here' }], { clock: fixedClock('2026-03-10T10:00:00') });
    assert.deepEqual({ committed: r.committed, problem: r.commitProblem }, { committed: false, problem: undefined });
    assert.match(read(v.root, r.results[0].file), /no history here/);
  });

  it('refuses bad text in any entry before writing any of them', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    const before = snapshot(v.root);
    await assert.rejects(
      rememberAll(v, [{ text: 'fine' }, { text: '  ' }], { clock: fixedClock('2026-03-10T10:00:00') }),
      (e: Error) => e instanceof CoreSoulError && e.message === 'memory text is empty',
    );
    assert.deepEqual(snapshot(v.root), before);
  });
});

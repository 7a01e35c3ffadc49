/**
 * Watched folders (index/files.ts watchFolders, the search server's listing): a file is asked for
 * its status only when a change notice named it, and every way a file changes behind the
 * process's back — an editor writing in place (its mtime even set back), a tool replacing it by a
 * rename as git does, a file added or removed, a link's target written — still shows at the next
 * listing after a turn of the event loop. A file of its own (this test turns watching on for its
 * process).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { listVaultFiles, watchFolders } from '../../../src/core/search/index/files';
import { tempDir, tempVault } from '../../support/helpers';
import { put } from '../../support/searchFixture';

// CommonJS under tsx: the listing calls fs.statSync through this very object.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fsModule = require('node:fs') as { statSync: typeof fs.statSync };

/** The notices of changes made so far come in (the search server takes this turn before each answer). */
const notices = () => new Promise((resolve) => setImmediate(resolve));

/** The listing, with the files it asked for their status. */
function listed(v: Parameters<typeof listVaultFiles>[0]) {
  const real = fsModule.statSync;
  const asked: string[] = [];
  fsModule.statSync = ((p: fs.PathLike, o?: fs.StatSyncOptions) => (asked.push(String(p)), real(p, o))) as typeof fs.statSync;
  try {
    const files = listVaultFiles(v);
    return { files, byRel: new Map(files.map((f) => [f.rel, f])), asked: asked.filter((p) => p.endsWith('.md')) };
  } finally {
    fsModule.statSync = real;
  }
}

describe('watched folders', { skip: process.platform !== 'linux' && 'change notices are relied on only on Linux' }, () => {
  it('asks no file for its status until a notice names it, and sees every change made behind its back', async () => {
    watchFolders();
    const v = await tempVault('2026-03-10T09:00:00');
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
    for (const d of days) put(v, `chronological/${d}.md`, [`# ${d}`, '', `- 09:00:00 entry of ${d}`]);
    put(v, 'entities/people/Ada Byron.md', ['# Ada Byron', '', '- [[2026-03-01]]']);
    const rel = (d: string) => `chronological/${d}.md`;
    const abs = (d: string) => path.join(v.memoryDir, rel(d));

    const first = listed(v);
    assert.ok(first.asked.length >= days.length + 1, 'the first listing asks every file');
    await notices();
    const quiet = listed(v);
    assert.deepEqual(quiet.asked, [], 'nothing changed: no file asked');
    assert.ok(quiet.files.every((f, i) => f === first.files[i]), 'the same files, the same objects');

    // An editor writes in place: same size, its mtime set back; only the notice (and the ctime) tell.
    const before = fs.statSync(abs(days[0]));
    fs.writeFileSync(abs(days[0]), fs.readFileSync(abs(days[0]), 'utf8').replace('entry', 'ENTRY'));
    fs.utimesSync(abs(days[0]), before.atime, before.mtime);
    await notices();
    const edited = listed(v);
    assert.deepEqual(edited.asked, [abs(days[0])], 'only the file a notice named is asked');
    assert.notEqual(edited.byRel.get(rel(days[0]))!.stamp, first.byRel.get(rel(days[0]))!.stamp);

    // git replaces a file by renaming a new one over it; adds one; removes one.
    const tmp = path.join(v.memoryDir, 'chronological', '.tmp-checkout');
    fs.writeFileSync(tmp, '# 2026-03-02\n\n- 09:00:00 checked out\n');
    fs.renameSync(tmp, abs(days[1]));
    put(v, rel('2026-03-05'), ['# 2026-03-05']);
    fs.rmSync(abs(days[2]));
    await notices();
    const checkedOut = listed(v);
    assert.deepEqual(
      checkedOut.files.filter((f) => f.kind === 'day').map((f) => f.rel),
      ['2026-03-01', '2026-03-02', '2026-03-04', '2026-03-05'].map(rel),
    );
    assert.equal(checkedOut.byRel.get(rel(days[1]))!.size, fs.statSync(abs(days[1])).size);
    assert.notEqual(checkedOut.byRel.get(rel(days[1]))!.stamp, first.byRel.get(rel(days[1]))!.stamp);

    // A note written in place (an append, as `write` does) in another watched folder.
    fs.appendFileSync(path.join(v.memoryDir, 'entities/people/Ada Byron.md'), '- [[2026-03-04]]\n');
    await notices();
    const note = listed(v).byRel.get('entities/people/Ada Byron.md')!;
    assert.equal(note.size, fs.statSync(path.join(v.memoryDir, 'entities/people/Ada Byron.md')).size);
  });

  it('asks a linked file at every listing: a write through its other name sends this folder no notice', async () => {
    watchFolders();
    const v = await tempVault('2026-03-10T09:00:00');
    const outside = tempDir();
    const target = path.join(outside, 'elsewhere.md');
    fs.writeFileSync(target, '# 2026-03-06\n\n- 09:00:00 linked\n');
    fs.symlinkSync(target, path.join(v.memoryDir, 'chronological', '2026-03-06.md'));
    const hard = path.join(outside, 'hard.md');
    fs.writeFileSync(hard, '# 2026-03-07\n\n- 09:00:00 hard linked\n');
    fs.linkSync(hard, path.join(v.memoryDir, 'chronological', '2026-03-07.md'));
    const first = listed(v);
    await notices();
    fs.appendFileSync(target, '- 10:00:00 more\n');
    fs.appendFileSync(hard, '- 10:00:00 more\n');
    await notices();
    const again = listed(v);
    assert.equal(again.byRel.get('chronological/2026-03-06.md')!.size, fs.statSync(target).size);
    assert.equal(again.byRel.get('chronological/2026-03-07.md')!.size, fs.statSync(hard).size);
    assert.notEqual(again.byRel.get('chronological/2026-03-06.md')!.stamp, first.byRel.get('chronological/2026-03-06.md')!.stamp);
  });
});

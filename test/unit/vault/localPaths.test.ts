/** One machine's state (vault/localPaths.ts): named the same on every file system, and kept out of commits whatever `.gitignore` says. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { VAULT_GITIGNORE, excludeLocalPaths, machineLocal } from '../../../src/core/vault/localPaths';
import { tempVault } from '../../support/helpers';

describe('machine-local paths', () => {
  it('are named however a case-insensitive or Windows file system would resolve them', () => {
    for (const p of ['bin/coresoul.js', 'BIN/coresoul.js', 'Bin./coresoul.js', 'bin /coresoul.js', 'proposals/x.json', 'PROPOS~1/x.json', 'cache/index.bin', 'personal/User.md', 'PERSONAL/User.md', 'memory/.lock', '.lock.4242', 'memory/chronological/2026-03-10.md.1.x.tmp', '.merge_file_a1B2c3', 'memory/.git/config']) {
      assert.ok(machineLocal(p), p);
    }
    for (const p of ['soul.md', 'memory/chronological/2026-03-10.md', 'memory/entities/objects/Plan~2.md', 'memory/entities/objects/bin.md', 'binaries/x.md']) {
      assert.equal(machineLocal(p), undefined, p);
    }
  });

  it('stay ignored through .git/info/exclude even when a .gitignore no longer names them; written once', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    assert.match(fs.readFileSync(path.join(v.soulDir, '.gitignore'), 'utf8'), /^bin\/$/m);
    assert.equal(VAULT_GITIGNORE, '# Core Soul: local state that is not memory\n.lock*\n*.tmp\n.merge_file_*\nbin/\ncache/\nproposals/\npersonal/\n');
    fs.writeFileSync(path.join(v.soulDir, '.gitignore'), '');
    const exclude = fs.readFileSync(path.join(v.soulDir, '.git/info/exclude'), 'utf8');
    excludeLocalPaths(v);
    assert.equal(fs.readFileSync(path.join(v.soulDir, '.git/info/exclude'), 'utf8'), exclude, 'init wrote it; again changes nothing');
    const ignored = execFileSync('git', ['check-ignore', '--no-index', 'bin/coresoul.js', 'proposals/x.json', 'cache/a', 'personal/User.md', '.merge_file_a1B2c3'], { cwd: v.soulDir, encoding: 'utf8' });
    assert.deepEqual(ignored.trim().split('\n'), ['bin/coresoul.js', 'proposals/x.json', 'cache/a', 'personal/User.md', '.merge_file_a1B2c3']);
    // A merge driver's versions, in the work tree while sync's merge runs beside its git status: not a local change.
    fs.writeFileSync(path.join(v.soulDir, '.merge_file_a1B2c3'), 'a version being merged\n');
    assert.doesNotMatch(execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: v.soulDir, encoding: 'utf8' }), /merge_file/);
  });
});

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
    for (const p of ['bin/coresoul.js', 'BIN/coresoul.js', 'Bin./coresoul.js', 'bin /coresoul.js', 'proposals/x.json', 'PROPOS~1/x.json', 'cache/index.bin', 'personal/User.md', 'PERSONAL/User.md', 'memory/.lock', '.lock.4242', 'memory/chronological/2026-03-10.md.1.x.tmp', 'memory/.git/config']) {
      assert.ok(machineLocal(p), p);
    }
    for (const p of ['soul.md', 'memory/chronological/2026-03-10.md', 'memory/entities/objects/Plan~2.md', 'memory/entities/objects/bin.md', 'binaries/x.md']) {
      assert.equal(machineLocal(p), undefined, p);
    }
  });

  it('stay ignored through .git/info/exclude even when a .gitignore no longer names them; written once', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    assert.match(fs.readFileSync(path.join(v.soulDir, '.gitignore'), 'utf8'), /^bin\/$/m);
    assert.equal(VAULT_GITIGNORE, '# Core Soul: local state that is not memory\n.lock*\n*.tmp\nbin/\ncache/\nproposals/\npersonal/\n');
    fs.writeFileSync(path.join(v.soulDir, '.gitignore'), '');
    const exclude = fs.readFileSync(path.join(v.soulDir, '.git/info/exclude'), 'utf8');
    excludeLocalPaths(v);
    assert.equal(fs.readFileSync(path.join(v.soulDir, '.git/info/exclude'), 'utf8'), exclude, 'init wrote it; again changes nothing');
    const ignored = execFileSync('git', ['check-ignore', '--no-index', 'bin/coresoul.js', 'proposals/x.json', 'cache/a', 'personal/User.md'], { cwd: v.soulDir, encoding: 'utf8' });
    assert.deepEqual(ignored.trim().split('\n'), ['bin/coresoul.js', 'proposals/x.json', 'cache/a', 'personal/User.md']);
  });
});

/** Git worktrees of one repository share one vault (src/core/vault/layout.ts, docs/sync.md#worktrees-share-one-vault). */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import { initVault } from '../../../src/core/init/scaffold';
import { SHARE_WORKTREES_ENV, openVault, vaultAt } from '../../../src/core/vault/layout';
import { read, tempDir, writeAt } from '../../support/helpers';

function repoWithWorktree() {
  const dir = tempDir();
  const main = path.join(dir, 'main');
  const wt = path.join(dir, 'feature');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: main, stdio: 'ignore' });
  fs.mkdirSync(main);
  git('init', '-q');
  fs.writeFileSync(path.join(main, 'README.md'), 'project\n');
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'start');
  git('worktree', 'add', '-q', wt);
  return { main, wt };
}

describe('git worktrees share one vault', () => {
  it("a worktree finds its main worktree's vault; init there links it instead of making a second", async () => {
    const { main, wt } = repoWithWorktree();
    await initVault(main, { clock: fixedClock('2026-03-10T09:00:00'), git: false });
    assert.equal(vaultAt(wt).soulDir, path.join(main, '.CoreSoul'));
    const r = await initVault(wt, { clock: fixedClock('2026-03-10T09:00:00'), git: false });
    assert.ok(r.created.includes('.CoreSoul'));
    assert.ok(r.created.includes('AGENTS.md'), 'the bootloader and skills are the worktree’s own');
    assert.equal(fs.realpathSync(path.join(wt, '.CoreSoul')), fs.realpathSync(path.join(main, '.CoreSoul')));
    writeAt(openVault(wt), '2026-03-10T10:00:00', 'written in the worktree about [[Atlas]]');
    assert.match(read(main, '.CoreSoul/memory/chronological/2026-03-10.md'), /written in the worktree/);
  });

  it('with the setting off, a worktree keeps a vault of its own', async () => {
    const { main, wt } = repoWithWorktree();
    await initVault(main, { clock: fixedClock('2026-03-10T09:00:00'), git: false });
    process.env[SHARE_WORKTREES_ENV] = '0';
    try {
      assert.equal(vaultAt(wt).soulDir, path.join(wt, '.CoreSoul'));
    } finally {
      delete process.env[SHARE_WORKTREES_ENV];
    }
    assert.equal(vaultAt(main).soulDir, path.join(main, '.CoreSoul'), 'a main worktree is itself');
  });
});

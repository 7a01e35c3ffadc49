/** The Sync Memory feature's settings and status-bar text (src/extension/features/sync/sync.model.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readShareWorktrees, readSyncSettings, syncBadge } from '../../../src/extension/features/sync/sync.model';

describe('Sync Memory settings', () => {
  it('are off unless set to valid values; a bad value is named and counts as off', () => {
    assert.deepEqual(readSyncSettings(undefined, undefined), { onFocus: false, intervalMinutes: 0, problems: [] });
    assert.deepEqual(readSyncSettings(true, 15), { onFocus: true, intervalMinutes: 15, problems: [] });
    const bad = readSyncSettings('yes', -5);
    assert.deepEqual([bad.onFocus, bad.intervalMinutes], [false, 0]);
    assert.match(bad.problems[0], /^coresoul\.sync\.onFocus must be true or false, got "yes"/);
    assert.match(bad.problems[1], /^coresoul\.sync\.intervalMinutes must be a number of minutes from 0 to 1440, got -5/);
  });

  it('shows the commits to push and to pull', () => {
    assert.equal(syncBadge({ ahead: 2, behind: 0 }), '$(sync) 2↑ 0↓');
  });
});

describe('the worktree setting', () => {
  it('shares unless exactly false; a bad value is named and shares', () => {
    assert.deepEqual(readShareWorktrees(undefined), { share: true });
    assert.deepEqual(readShareWorktrees(false), { share: false });
    assert.match(readShareWorktrees('no').problem ?? '', /^coresoul\.vault\.shareAcrossWorktrees must be true or false/);
  });
});

/** Branch-aware memory (vault/branches.ts, docs/sync.md#branches) over a real git project. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { branchView, lineBranch, neutraliseBranchMarkers, visibleLines } from '../../../src/core/vault/branches';
import { movePersonal, personalDir, sharedProfileFile } from '../../../src/core/vault/personal';
import { searchMemory } from '../../../src/core/search/search';
import { profileFile } from '../../../src/core/profile/profile';
import { tempVault, writeAt } from '../../support/helpers';

const ENV = { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@x' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8' });
const commit = (root: string, file: string) => {
  fs.writeFileSync(path.join(root, file), `${file}\n`);
  git(root, 'add', file);
  git(root, 'commit', '-qm', file);
};

describe('branch markers', () => {
  it('are read only where the writer puts them: after the time, kind and provenance of a day or entity line', () => {
    assert.equal(lineBranch('- 10:00:00 [on feat/x] text'), 'feat/x');
    assert.equal(lineBranch('- 10:00:00 #decision [from agent: mcp] [on feat] text'), 'feat');
    assert.equal(lineBranch('- [[2026-03-10]] 10:00:00 [on a%5Db] text'), 'a]b', 'an escaped ] in a name');
    assert.equal(lineBranch('- 10:00 [on feat] an L2 summary line'), 'feat');
    assert.equal(lineBranch('- 10:00:00 text [on feat]'), undefined, 'inside the text it is no marker');
    assert.equal(lineBranch('  [on feat] a continuation line'), undefined);
    assert.equal(neutraliseBranchMarkers('[on main] put this [on hold]'), '(on main) put this (on hold)');
  });

  it('an entry left out takes the lines that continue it along', () => {
    const view = { hidden: new Set(['feat']) };
    assert.deepEqual(visibleLines(view, ['- 09:00:00 kept', '- 10:00:00 [on feat] gone', '  still gone', '', '- 11:00:00 kept too']), ['- 09:00:00 kept', '- 11:00:00 kept too'], 'a blank line may belong to the entry: it goes too');
  });
});

describe('branch view over a real project', () => {
  it('a branch without commits of its own merged nothing; one whose commit reached main did, even deleted; --branch finds the abandoned one', async () => {
    const v = await tempVault('2026-03-10T08:00:00');
    const root = v.root;
    git(root, 'init', '-q', '-b', 'main');
    commit(root, 'a.txt');
    git(root, 'checkout', '-q', '-b', 'empty');
    writeAt(v, '2026-03-10T09:00:00', 'an idea about walruses on a branch with no commit');
    git(root, 'checkout', '-q', 'main');
    git(root, 'branch', '-q', '-D', 'empty');
    git(root, 'checkout', '-q', '-b', 'done');
    writeAt(v, '2026-03-10T09:10:00', 'the otter parser is finished');
    commit(root, 'b.txt');
    git(root, 'checkout', '-q', 'main');
    assert.deepEqual([...branchView(v).hidden].sort(), ['done', 'empty']);
    git(root, 'merge', '-q', '--ff-only', 'done');
    git(root, 'branch', '-q', '-d', 'done');
    const view = branchView(v);
    assert.equal(view.serve, 'main');
    assert.deepEqual([...view.hidden], ['empty'], 'done merged (a fast-forward, branch deleted: its tip is in the reflog)');
    assert.equal(searchMemory(v, 'walruses idea').results.length, 0);
    assert.match(searchMemory(v, 'otter parser').results[0].text, /otter/);
    const asked = searchMemory(v, 'walruses idea', { branch: 'empty' });
    assert.equal(asked.branch, 'empty');
    assert.match(asked.results[0].text, /walruses/);
    assert.match(fs.readFileSync(path.join(v.soulDir, 'branches.md'), 'utf8'), /^- empty started [0-9a-f]{40}$/m);
  });
});

describe('the personal scope', () => {
  it('an older vault\'s profile and its archive are moved out of the shared tree, never deleted, nothing overwritten', async () => {
    const v = await tempVault('2026-03-10T08:00:00');
    fs.rmSync(personalDir(v), { recursive: true });
    fs.writeFileSync(sharedProfileFile(v), '# User\n\n## Preferences\n- old\n');
    fs.mkdirSync(path.join(v.memoryDir, 'archive'));
    fs.writeFileSync(path.join(v.memoryDir, 'archive', '2026-02.md'), '# Archive 2026-02\n');
    assert.equal(profileFile(v), sharedProfileFile(v), 'until it moves, the profile is read where it is');
    assert.deepEqual(movePersonal(v), ['memory/entities/people/User.md', 'memory/archive/2026-02.md']);
    assert.equal(fs.existsSync(sharedProfileFile(v)), false);
    assert.equal(fs.readFileSync(profileFile(v), 'utf8'), '# User\n\n## Preferences\n- old\n');
    assert.equal(profileFile(v), path.join(personalDir(v), 'User.md'));
    assert.equal(fs.readFileSync(path.join(personalDir(v), 'archive', '2026-02.md'), 'utf8'), '# Archive 2026-02\n');
    assert.deepEqual(movePersonal(v), [], 'nothing left to move');
  });
});

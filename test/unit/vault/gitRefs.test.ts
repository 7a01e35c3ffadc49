/**
 * Refs read from a repository's files without running git (vault/gitHead.ts): sync lists the
 * remote-tracking refs this way, and branch-aware memory the project's branches, so they must be exactly what `git for-each-ref` lists — loose
 * refs, packed ones, a loose ref newer than its packed copy, a symbolic ref by its target.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { refsUnder } from '../../../src/core/vault/gitHead';
import { tempDir } from '../../support/helpers';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@x' } });

const listed = (cwd: string, prefix: string) =>
  new Map(git(cwd, 'for-each-ref', '--format=%(refname) %(objectname)', prefix).split('\n').filter(Boolean).map((l) => l.split(' ') as [string, string]));

describe('refsUnder: refs from .git, as git for-each-ref lists them', () => {
  it('lists loose, packed and symbolic refs under a prefix, a loose one over its packed copy, and nothing outside the prefix', () => {
    const dir = tempDir('coresoul-refs-');
    git(dir, 'init', '-q');
    fs.writeFileSync(path.join(dir, 'a'), '1');
    git(dir, 'add', 'a');
    git(dir, 'commit', '-qm', 'one');
    const first = git(dir, 'rev-parse', 'HEAD').trim();
    fs.writeFileSync(path.join(dir, 'a'), '2');
    git(dir, 'commit', '-qam', 'two');
    const second = git(dir, 'rev-parse', 'HEAD').trim();
    git(dir, 'update-ref', 'refs/remotes/origin/main', first);
    git(dir, 'update-ref', 'refs/remotes/origin/team/feature', first);
    git(dir, 'update-ref', 'refs/remotes/other/main', second);
    git(dir, 'pack-refs', '--all');
    // Loose again, and newer than the packed copy; one more only loose; a symbolic ref.
    git(dir, 'update-ref', 'refs/remotes/origin/main', second);
    git(dir, 'update-ref', 'refs/remotes/origin/loose', second);
    git(dir, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/team/feature');
    const want = listed(dir, 'refs/remotes/origin/');
    assert.equal(want.size, 4);
    assert.deepEqual(new Map([...refsUnder(dir, 'refs/remotes/origin/')].sort()), new Map([...want].sort()));
    assert.equal(refsUnder(dir, 'refs/remotes/origin/').get('refs/remotes/origin/main'), second);
    assert.deepEqual(refsUnder(dir, 'refs/remotes/nowhere/'), new Map());
    assert.deepEqual(refsUnder(tempDir('coresoul-norepo-'), 'refs/'), new Map());
  });

  it("lists a project's branches from a linked worktree (its refs are the main one's), packed, loose and deleted ones as git does", () => {
    const dir = tempDir('coresoul-refs-');
    git(dir, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(dir, 'a'), '1');
    git(dir, 'add', 'a');
    git(dir, 'commit', '-qm', 'one');
    for (const b of ['packed', 'gone', 'team/x']) git(dir, 'branch', b);
    git(dir, 'pack-refs', '--all');
    git(dir, 'branch', '-D', 'gone');
    const linked = path.join(tempDir('coresoul-refs-wt-'), 'wt');
    git(dir, 'worktree', 'add', '-q', '-b', 'feature', linked);
    fs.writeFileSync(path.join(linked, 'a'), '2');
    git(linked, 'commit', '-qam', 'two');
    for (const prefix of ['refs/heads/', 'refs/remotes/']) {
      const want = listed(linked, prefix);
      assert.deepEqual(new Map([...refsUnder(linked, prefix)].sort()), new Map([...want].sort()), prefix);
    }
    assert.deepEqual([...refsUnder(linked, 'refs/heads/').keys()].sort(), ['refs/heads/feature', 'refs/heads/main', 'refs/heads/packed', 'refs/heads/team/x']);
  });
});

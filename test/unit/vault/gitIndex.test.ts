/**
 * The unmerged entries read from `.git/index` without running git (vault/gitIndex.ts): sync reads
 * them right after its merge, so they must be exactly what `git ls-files -u` lists — for every
 * index version, with extended flags, paths that share a prefix or hold non-ASCII names, a
 * modify/delete conflict — and a split index, which keeps entries elsewhere, is left to git.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { unmergedStages } from '../../../src/core/vault/gitIndex';
import { tempDir } from '../../support/helpers';

const env = { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@x' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env });
const gitCode = (cwd: string, ...args: string[]) => {
  try {
    git(cwd, ...args);
    return 0;
  } catch (err) {
    return (err as { status: number }).status;
  }
};

/** What `git ls-files -u` lists, in unmergedStages' shape. */
function listed(cwd: string): Map<string, (string | undefined)[]> {
  const out = new Map<string, (string | undefined)[]>();
  for (const record of git(cwd, '-c', 'core.quotePath=false', 'ls-files', '-u', '-z').split('\0')) {
    const m = /^\d+ ([0-9a-f]+) ([123])\t([^]*)$/.exec(record);
    if (!m) continue;
    if (!out.has(m[3])) out.set(m[3], [undefined, undefined, undefined]);
    out.get(m[3])![Number(m[2]) - 1] = m[1];
  }
  return out;
}

const write = (dir: string, rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};

/** A repository in the middle of a merge with content conflicts (paths sharing prefixes, a non-ASCII one), a modify/delete and clean files. */
function conflicted(): string {
  const dir = tempDir('coresoul-index-');
  git(dir, 'init', '-q', '-b', 'main');
  const files = ['memory/chronological/2026-03-10.md', 'memory/chronological/2026-03-11.md', 'memory/entities/people/Zoë.md', 'memory/memory_map.md', 'gone.md', 'clean.md'];
  for (const f of files) write(dir, f, `base of ${f}\n`);
  for (let i = 0; i < 30; i++) write(dir, `memory/entities/objects/Thing${i}.md`, `thing ${i}\n`);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'base');
  git(dir, 'checkout', '-q', '-b', 'theirs');
  for (const f of files.slice(0, 5)) write(dir, f, `theirs of ${f}\n`);
  git(dir, 'commit', '-qam', 'theirs');
  git(dir, 'checkout', '-q', 'main');
  for (const f of files.slice(0, 4)) write(dir, f, `ours of ${f}\n`);
  fs.rmSync(path.join(dir, 'gone.md'));
  write(dir, 'clean.md', 'ours only\n');
  git(dir, 'commit', '-qam', 'ours');
  assert.equal(gitCode(dir, 'merge', '--no-commit', 'theirs'), 1);
  return dir;
}

describe('unmergedStages: the unmerged entries of .git/index, as git ls-files -u lists them', () => {
  for (const version of [2, 3, 4]) {
    it(`reads index version ${version}`, () => {
      const dir = conflicted();
      // An intent-to-add entry sets the extended flags (version 3; git writes 2 otherwise).
      if (version === 3) {
        write(dir, 'later.md', 'not yet\n');
        git(dir, 'add', '-N', 'later.md');
      }
      git(dir, 'update-index', '--index-version', String(version));
      assert.equal(fs.readFileSync(path.join(dir, '.git', 'index')).readUInt32BE(4), version);
      const want = listed(dir);
      assert.equal(want.size, 5, 'four content conflicts and a modify/delete');
      assert.deepEqual(unmergedStages(dir), want);
      assert.deepEqual(unmergedStages(dir)!.get('gone.md')![1], undefined, 'deleted on this side: no stage 2');
    });
  }

  it('answers an empty map when nothing is unmerged, and undefined for a split index or no repository', () => {
    const dir = conflicted();
    git(dir, 'add', '-A');
    assert.deepEqual(unmergedStages(dir), new Map());
    const split = conflicted();
    git(split, 'update-index', '--split-index');
    assert.ok(fs.readdirSync(path.join(split, '.git')).some((f) => f.startsWith('sharedindex.')));
    assert.equal(unmergedStages(split), undefined);
    assert.equal(unmergedStages(tempDir('coresoul-norepo-')), undefined);
    fs.writeFileSync(path.join(dir, '.git', 'index'), 'DIRC not an index');
    assert.equal(unmergedStages(dir), undefined);
  });
});

/**
 * Git objects written without running git (vault/gitObjects.ts): sync writes its merge's blobs,
 * trees and commit itself, in one pack, so each must be exactly the object git would write — the
 * same id for the same content, readable by git, the pack and its index passing `git verify-pack`
 * and `git fsck` — in a SHA-1 and a SHA-256 repository, with folders added, files replaced deep in
 * a tree, names that sort around a folder's, non-ASCII ones and sizes of every header length; and
 * an identity git would work out otherwise is left to git.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as zlib from 'node:zlib';
import { addObject, commitBody, objectBatch, objectId, objectStore, parseTree, serializeTree, tableCrc32, treeWith, writePack } from '../../../src/core/vault/gitObjects';
import { plainIdentity } from '../../../src/core/sync/fetch';
import { tempDir } from '../../support/helpers';

const git = (cwd: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', input: opts.input, env: { ...process.env, ...opts.env } });

const write = (dir: string, rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};

/** A repository (`format`: its object format) with a commit of files at several depths, some names sorting around a folder's. */
function repo(format: 'sha1' | 'sha256'): string {
  const dir = tempDir('coresoul-objects-');
  git(dir, ['init', '-q', `--object-format=${format}`]);
  const files = ['soul.md', 'memory/memory_map.md', 'memory/chronological/2026-03-10.md', 'memory/entities/people/Zoë.md', 'memory/entities/objects/Atlas.md', 'memory-notes.md', 'memory.md', 'a/b/c/d.md'];
  for (const f of files) write(dir, f, `${f}\n`);
  fs.chmodSync(path.join(dir, 'memory.md'), 0o755);
  git(dir, ['add', '-A']);
  git(dir, ['-c', 'user.name=T', '-c', 'user.email=t@x', 'commit', '-qm', 'base']);
  return dir;
}

for (const format of ['sha1', 'sha256'] as const) {
  describe(`git objects written without git (${format})`, () => {
    it('blobs of every size have the ids git gives them; their pack and its index pass git verify-pack', () => {
      const dir = repo(format);
      const batch = objectBatch(objectStore(dir));
      assert.equal(batch.store.hash, format);
      // Sizes whose pack headers take one, two, three and four bytes.
      const texts = ['', 'one line\n', 'x'.repeat(15), 'y'.repeat(16), 'Zoë — ünïcode\n'.repeat(150), 'z'.repeat(300_000)];
      const ids = texts.map((text) => addObject(batch, 'blob', Buffer.from(text)));
      assert.equal(addObject(batch, 'blob', Buffer.from('one line\n')), ids[1], 'the same content, the same object, once');
      writePack(batch);
      ids.forEach((id, i) => {
        assert.equal(id, git(dir, ['hash-object', '--stdin'], { input: texts[i] }).trim());
        assert.equal(git(dir, ['cat-file', 'blob', id]), texts[i]);
      });
      writePack(batch);
      const packs = fs.readdirSync(path.join(batch.store.dir, 'pack'));
      assert.deepEqual(packs.map((f) => path.extname(f)).sort(), ['.idx', '.pack'], 'one pack and its index (written once), no temporary file left');
      const listed = git(dir, ['verify-pack', '-v', path.join(batch.store.dir, 'pack', packs.find((f) => f.endsWith('.idx'))!)]);
      assert.equal(listed.split('\n').filter((l) => / blob /.test(l)).length, texts.length);
    });

    it('nothing to write writes nothing', () => {
      const dir = repo(format);
      const batch = objectBatch(objectStore(dir));
      writePack(batch);
      assert.deepEqual(fs.readdirSync(path.join(batch.store.dir, 'pack')), []);
    });

    it('a tree read and written again is the same object; files replaced or added deep in it give the tree git makes', () => {
      const dir = repo(format);
      const batch = objectBatch(objectStore(dir));
      const { store } = batch;
      const tree = git(dir, ['rev-parse', 'HEAD^{tree}']).trim();
      const read = (rev: string) => parseTree(store, execFileSync('git', ['cat-file', 'tree', rev], { cwd: dir }));
      assert.equal(objectId(store, 'tree', serializeTree(read(tree))), tree);
      // The same change made by git in the work tree and index, and by treeWith.
      const changes: Record<string, string> = {
        'memory/chronological/2026-03-10.md': 'merged day\n',
        'memory/entities/people/Zoë.md': 'merged note\n',
        'memory/entities/events/Launch.md': 'a folder that was not there\n',
        'memory.md': 'still executable\n',
        'persona.md': 'back at the root\n',
      };
      // The folders holding the changed files, as they are in the tree (memory/entities/events is not).
      const folders = ['', 'memory', 'memory/chronological', 'memory/entities', 'memory/entities/people', 'memory/entities/events'];
      const trees = new Map(folders.filter((f) => f !== 'memory/entities/events').map((f) => [f, read(f ? `${tree}:${f}` : tree)]));
      const ids = new Map(Object.entries(changes).map(([f, text]) => [f, addObject(batch, 'blob', Buffer.from(text))]));
      const ours = treeWith(batch, trees, ids);
      writePack(batch);
      for (const [f, text] of Object.entries(changes)) write(dir, f, text);
      git(dir, ['add', '-A']);
      assert.equal(ours, git(dir, ['write-tree']).trim());
      assert.equal(git(dir, ['ls-tree', ours, 'memory.md']).split(' ')[0], '100755', 'a file keeps its executable mode');
    });

    it('a commit is the one git commit-tree writes for the same tree, parents, identity and time; git fsck finds nothing wrong', () => {
      const dir = repo(format);
      const batch = objectBatch(objectStore(dir));
      const [tree, head] = [git(dir, ['rev-parse', 'HEAD^{tree}']).trim(), git(dir, ['rev-parse', 'HEAD']).trim()];
      const other = git(dir, ['-c', 'user.name=T', '-c', 'user.email=t@x', 'commit-tree', tree, '-p', head, '-m', 'another side']).trim();
      const now = new Date('2026-03-10T12:34:56Z');
      const ours = addObject(batch, 'commit', commitBody({ tree, parents: [head, other], who: 'Ann Example <ann@example.com>', message: 'sync: merge 1 commit(s) from the remote' }, now));
      writePack(batch);
      const zone = -now.getTimezoneOffset();
      const stamp = `${now.getTime() / 1000} ${zone < 0 ? '-' : '+'}${String(Math.floor(Math.abs(zone) / 60)).padStart(2, '0')}${String(Math.abs(zone) % 60).padStart(2, '0')}`;
      const env = { GIT_AUTHOR_NAME: 'Ann Example', GIT_AUTHOR_EMAIL: 'ann@example.com', GIT_COMMITTER_NAME: 'Ann Example', GIT_COMMITTER_EMAIL: 'ann@example.com', GIT_AUTHOR_DATE: stamp, GIT_COMMITTER_DATE: stamp };
      const theirs = git(dir, ['commit-tree', tree, '-p', head, '-p', other, '-m', 'sync: merge 1 commit(s) from the remote'], { env }).trim();
      assert.equal(ours, theirs);
      git(dir, ['update-ref', 'refs/heads/merged', ours]);
      git(dir, ['fsck', '--strict', '--no-dangling']);
    });
  });
}

describe('the CRC-32 of a pack index', () => {
  it('the table used where zlib has none gives zlib\'s values', () => {
    for (const text of ['', 'a', 'The quick brown fox', 'Zoë'.repeat(1000)]) assert.equal(tableCrc32(Buffer.from(text)), zlib.crc32(Buffer.from(text)));
  });
});

describe('who a commit written without git names', () => {
  const config = (lines: string[]) => `${lines.join('\n')}\n`;
  const plain = ['remote.origin.url /tmp/r.git', 'user.name Ann Example', 'user.email ann@example.com'];

  it('user.name and user.email, the last of each, when nothing else changes them', () => {
    assert.equal(plainIdentity(config(plain), {}), 'Ann Example <ann@example.com>');
    assert.equal(plainIdentity(config([...plain, 'user.name Ann Other', 'commit.gpgsign false']), {}), 'Ann Other <ann@example.com>');
  });

  it('anything git would decide otherwise is left to git', () => {
    const cases: [string, string | undefined, NodeJS.ProcessEnv][] = [
      ['no name', config(plain.slice(0, 1).concat(plain[2])), {}],
      ['no e-mail', config(plain.slice(0, 2)), {}],
      ['signed commits', config([...plain, 'commit.gpgsign true']), {}],
      ['an author setting', config([...plain, 'author.email other@example.com']), {}],
      ['a committer setting', config([...plain, 'committer.name Bot']), {}],
      ['another encoding', config([...plain, 'i18n.commitencoding ISO-8859-1']), {}],
      ['a name git would trim', config(['user.name Ann.', 'user.email ann@example.com']), {}],
      ['an address with brackets', config(['user.name Ann', 'user.email <ann@example.com>']), {}],
      ['GIT_AUTHOR_NAME', config(plain), { GIT_AUTHOR_NAME: 'Env' }],
      ['GIT_COMMITTER_DATE', config(plain), { GIT_COMMITTER_DATE: '@0 +0000' }],
    ].map(([why, text, env]) => [why as string, plainIdentity(text as string, env as NodeJS.ProcessEnv), env as NodeJS.ProcessEnv]);
    for (const [why, who] of cases) assert.equal(who, undefined, why);
  });
});

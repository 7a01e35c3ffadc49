/**
 * Who writes, as git names them (docs/memory.md#authors): the project's git `user.name` is read
 * as git reads it now — its own, global and system files — and kept in the vault's machine-local
 * cache only while those files stay as they were, so a write runs no git to learn it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { cli, read, tempDir } from '../support/helpers';

describe('author from git', () => {
  const root = tempDir('coresoul-author-');
  const home = tempDir('coresoul-author-home-');
  const noGit = tempDir('coresoul-author-nogit-'); // a PATH where no git can be found
  const env = (withGit: boolean) => ({ CORESOUL_AUTHOR: '', CORESOUL_MACHINE: 'box', HOME: home, XDG_CONFIG_HOME: '', GIT_CONFIG_NOSYSTEM: '1', ...(!withGit && { PATH: noGit }) });
  const git = (...args: string[]) => assert.equal(spawnSync('git', args, { cwd: root, env: { ...process.env, ...env(true) } }).status, 0);
  const write = (text: string, withGit = true) => {
    const r = cli(['write', text, '--root', root], { env: env(withGit) });
    assert.equal(r.code, 0, r.stderr);
    const day = fs.readdirSync(path.join(root, '.CoreSoul', 'memory', 'chronological')).find((f) => f.endsWith('.md'))!;
    return read(root, '.CoreSoul', 'memory', 'chronological', day).split('\n').find((l) => l.endsWith(text))!;
  };

  it('follows git configuration as it changes, and needs no git while it does not', () => {
    git('init', '-q');
    git('config', 'user.name', 'Ada One');
    assert.equal(cli(['init', '--root', root, '--no-git'], { env: env(true) }).code, 0);
    assert.match(write('first'), /\[by Ada One on box\] first$/);
    // Without git on PATH the name can only come from what the last write learnt.
    assert.match(write('second', false), /\[by Ada One on box\] second$/);
    git('config', 'user.name', 'Ada Two');
    assert.match(write('third'), /\[by Ada Two on box\] third$/);
    // A configuration file that did not exist when the name was learnt is seen when it appears.
    git('config', '--unset', 'user.name');
    fs.writeFileSync(path.join(home, '.gitconfig'), '[user]\n\tname = Ada Global\n');
    assert.match(write('fourth'), /\[by Ada Global on box\] fourth$/);
  });
});

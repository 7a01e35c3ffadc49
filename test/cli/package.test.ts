/**
 * The `coresoul` npm package (scripts/packCli.mjs): `npm pack` of it installs offline into an
 * empty prefix, and the installed command runs init, write, search (with the kinds of nouns inside it) and mcp.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { REPO, tempDir } from '../support/helpers';

describe('the coresoul npm package', () => {
  it('installs offline with one npm command and runs init, write, search and mcp', async () => {
    const tgz = execFileSync(process.execPath, [path.join(REPO, 'scripts/packCli.mjs'), tempDir()], { encoding: 'utf8' }).trim();
    const prefix = tempDir();
    // The install line of the package's own README, run beside the archive it names.
    const readme = execFileSync('tar', ['-xzOf', tgz, 'package/README.md'], { encoding: 'utf8' });
    const line = /^npm i -g (\S+)$/m.exec(readme);
    assert.ok(line, readme);
    assert.equal(line[1], `./${path.basename(tgz)}`, 'the README names the file the user has');
    const install = spawnSync('npm', ['i', '-g', line[1], '--prefix', prefix, '--offline', '--no-audit', '--no-fund'], { cwd: path.dirname(tgz), encoding: 'utf8' });
    assert.equal(install.status, 0, install.stderr);
    const bin = path.join(prefix, 'bin', 'coresoul');
    const root = tempDir();
    const run = (...args: string[]) => spawnSync(bin, [...args, '--root', root], { encoding: 'utf8', env: { ...process.env, CORESOUL_SEARCH_SERVER: '0' } });
    assert.equal(run('init', '--no-git').status, 0);
    assert.ok(fs.existsSync(path.join(root, '.CoreSoul/bin/coresoul.js')), 'init copies the installed CLI into the vault');
    assert.equal(run('write', 'Chose [[PostgreSQL]] for JSONB support', '--kind', 'decision').status, 0);
    assert.match(run('search', 'why PostgreSQL').stdout, /JSONB support/);
    assert.equal(run('write', 'Met the [[Acme]] team in Chicago').status, 0);
    assert.match(run('search', 'which cities').stdout, /in Chicago/, 'the kinds of nouns travel inside the CLI');
    assert.match(spawnSync(process.execPath, [path.join(root, '.CoreSoul/bin/coresoul.js'), 'search', 'which cities', '--root', root], { encoding: 'utf8', env: { ...process.env, CORESOUL_SEARCH_SERVER: '0' } }).stdout, /in Chicago/, 'and inside the vault’s copy');
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StdioClientTransport({ command: bin, args: ['mcp', '--root', root], stderr: 'pipe' }));
    try {
      assert.ok((await client.listTools()).tools.some((t) => t.name === 'memory_write'));
    } finally {
      await client.close();
    }
  });
});

// The main job of a fresh clone (after `npm run package` and scripts/packCli.mjs): scaffold a demo workspace with the freshly built CLI,
// write a few memories through it, and print where it is and what it holds.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const cli = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', 'dist', 'cli.js');
const { version } = JSON.parse(readFileSync(join(cli, '..', '..', 'package.json'), 'utf8'));
const root = mkdtempSync(join(tmpdir(), 'coresoul-demo-'));
const run = (...args) => execFileSync(process.execPath, [cli, ...args, '--root', root], { encoding: 'utf8' });

run('init');
run('write', 'Started the demo project [[CoreSoulDemo]] with [[Alice]]', '--entity', 'people/Alice');
run('write', 'Chose [[PostgreSQL]] over MySQL for JSONB support', '--kind', 'decision');
run('write', 'Fixed the flaky [[CI]] job: the cache key ignored the lockfile', '--kind', 'error');
process.stdout.write(run('status'));
process.stdout.write(
  `\nVSIX: ${join(cli, '..', '..', `core-soul-${version}.vsix`)} (install: code --install-extension <file>)\n` +
    `CLI package: ${join(cli, '..', '..', `coresoul-${version}.tgz`)} (install: npm i -g <file>)\n` +
    `Demo vault: ${root}\nTry: node ${join(root, '.CoreSoul/bin/coresoul.js')} status --root ${root}\n`,
);

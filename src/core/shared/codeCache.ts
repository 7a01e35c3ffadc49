/**
 * Runs code the bundles carry as text — the CLI's main code at the end of dist/cli.js, the large
 * libraries one command needs (esbuild.mjs) — through V8's code cache. The first run of a build compiles it as before and, as the process ends, saves
 * what V8 compiled (the functions that ran included) in the user's cache folder; later runs of
 * the same build start from that instead of compiling a megabyte of code again, which is most of
 * what a `write` or a `--help` costs (bench/cli.bench.ts). The cache is named by a hash of the
 * code itself (made by the build) and the Node version, kept in a folder only this user can write (a planted cache
 * would be code), and written whole or not at all; whatever is wrong with it — missing, rejected
 * by V8, unwritable — only means compiling, as without it. `CORESOUL_CODE_CACHE=0` turns it off.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';

/**
 * Runs the code `text()` returns as the module `mod` of the file `file` (its `require` given),
 * with the code cache named by `key` (the build's hash of that code: nothing to hash at run time).
 */
export function runCached(text: () => string, key: string, mod: NodeJS.Module, req: NodeJS.Require, file: string): void {
  const cacheFile = cachePath(key);
  let cachedData: Buffer | undefined;
  try {
    if (cacheFile) cachedData = fs.readFileSync(cacheFile);
  } catch {
    /* not cached yet */
  }
  const script = new vm.Script(`(function (module, exports, require, __filename, __dirname) {${text()}\n})`, { filename: file, cachedData });
  if (cacheFile && (!cachedData || script.cachedDataRejected)) process.once('exit', () => save(cacheFile, script));
  (script.runInThisContext() as (...args: unknown[]) => void)(mod, mod.exports, req, file, path.dirname(file));
}

function cachePath(key: string): string | undefined {
  if (process.env.CORESOUL_CODE_CACHE === '0') return undefined;
  const base = process.env.XDG_CACHE_HOME || (process.platform === 'win32' ? process.env.LOCALAPPDATA : undefined) || path.join(os.homedir(), '.cache');
  const dir = path.join(base, 'coresoul');
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = fs.lstatSync(dir);
    if (!st.isDirectory() || (process.getuid && (st.uid !== process.getuid() || (st.mode & 0o022) !== 0))) return undefined;
  } catch {
    return undefined;
  }
  return path.join(dir, `cli-${key}-${process.version}-${process.arch}.v8`);
}

function save(file: string, script: vm.Script): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
    fs.renameSync(tmp, file);
  } catch {
    fs.rmSync(tmp, { force: true });
  }
}

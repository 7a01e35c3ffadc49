/** Small timing helpers shared by the benchmarks. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

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

/** Wall time of a child process, in milliseconds. */
export function timeProcess(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): number {
  const t = process.hrtime.bigint();
  execFileSync(cmd, args, { ...opts, stdio: 'ignore' });
  return Number(process.hrtime.bigint() - t) / 1e6;
}

/**
 * The CLI's own start-up: `coresoul --version`, `--help` and a `write`, each a whole process,
 * against a bare `node -e 0` measured in the same run (targets: --version ≤ 1.5×, write ≤ 3×).
 * The calls take turns, run after run, so a burst of load from elsewhere lands on all of them;
 * figures are medians.
 */
import * as path from 'node:path';
import { benchDir, cliEnvNote, ms, percentile, timeProcess } from './util';

const CLI = path.resolve(__dirname, '../dist/cli.js');
const RUNS = 21;

export default async function () {
  const root = benchDir('cli');
  timeProcess(process.execPath, [CLI, 'init', '--root', root, '--no-git', '--now', '2026-03-10T08:00:00']);
  const calls: Record<string, string[]> = {
    'node -e 0': ['-e', '0'],
    'coresoul --version': [CLI, '--version'],
    'coresoul --help': [CLI, '--help'],
    'coresoul write --help': [CLI, 'write', '--help'],
    'coresoul write': [CLI, 'write', 'bench entry about [[Kubernetes]]', '--root', root, '--now', '2026-03-10T09:00:00'],
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(calls).map((k) => [k, []]));
  for (let i = 0; i < RUNS + 2; i++) {
    for (const [name, args] of Object.entries(calls)) {
      const t = timeProcess(process.execPath, args);
      if (i >= 2) times[name].push(t); // two unmeasured rounds warm the file cache
    }
  }
  const bare = percentile(times['node -e 0'], 50);
  for (const [name, t] of Object.entries(times)) {
    const p50 = percentile(t, 50);
    const target = name === 'coresoul --version' ? ' (target ≤ 1.5×)' : name === 'coresoul write' ? ' (target ≤ 3×)' : '';
    console.log(`${name.padEnd(22)} p50 ${ms(p50).padStart(9)}  ${(p50 / bare).toFixed(2)}× node -e 0${target}`);
  }
  console.log(`medians of ${RUNS} runs each, taking turns`);
  if (cliEnvNote) console.log(cliEnvNote);
}

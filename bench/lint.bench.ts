/**
 * `coresoul lint` on the generated ~100 MB vault (bench/vaultgen.ts), as CI runs it: a whole CLI
 * call with --json (the secret scan in a second process beside the rest), and without the secret
 * rule (--no-secrets), each against references measured in the same run — `rg` over the same
 * files (one pass looking for `[[links]]` and path-like citations: what any linter must read at
 * least) and a bare `node -e 0`. Issue #34's target: lint ≤ 10 s on the 100 MB vault.
 *
 *   npm run bench lint
 */
import { spawnSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliEnvNote, ms, timeProcess } from './util';
import { generateVault } from './vaultgen';

const CLI = path.resolve(__dirname, '../dist/cli.js');
const RUNS = 3;
const TARGET_MS = 10_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const hasRg = () => spawnSync('rg', ['--version']).status === 0;

export default async function run(): Promise<void> {
  const g = await generateVault();
  const memory = path.join(g.root, '.CoreSoul', 'memory');
  console.log(`vault: ${(g.bytes / 1e6).toFixed(0)} MB, ${g.files} files, ${g.days} days, ${g.entities} entities; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
  if (cliEnvNote) console.log(cliEnvNote);
  const lint = (extra: string[]) =>
    timeProcess(process.execPath, [CLI, 'lint', '--root', g.root, '--json', '--fail-on', 'never', ...extra]);
  const probe = spawnSync(process.execPath, [CLI, 'lint', '--root', g.root, '--json', '--fail-on', 'never'], { maxBuffer: 1 << 30, encoding: 'utf8' });
  const report = JSON.parse(probe.stdout) as { counts: Record<string, number>; memories: number; files: number };
  console.log(`lint read ${report.memories} memories in ${report.files} files; findings: ${Object.entries(report.counts).map(([k, n]) => `${n} ${k}`).join(', ')}`);

  const rows: [string, number[]][] = [
    ['coresoul lint --json', []],
    ['coresoul lint --json --no-secrets', []],
    ['rg (links and path citations, same files)', []],
    ['node -e 0', []],
  ];
  for (let i = 0; i < RUNS; i++) {
    rows[0][1].push(lint([]));
    rows[1][1].push(lint(['--no-secrets']));
    if (hasRg()) rows[2][1].push(timeProcess('rg', ['-c', '--no-ignore', '--hidden', '-e', String.raw`\[\[[^\]]+\]\]`, '-e', String.raw`\b[\w.-]+/[\w./-]+\.[A-Za-z]{1,8}\b`, memory]));
    rows[3][1].push(timeProcess(process.execPath, ['-e', '0']));
  }
  const ref = rows[2][1].length ? median(rows[2][1]) : undefined;
  console.log(`\nmedian of ${RUNS} runs:`);
  for (const [name, xs] of rows) {
    if (!xs.length) continue;
    console.log(`  ${name.padEnd(44)} ${ms(median(xs)).padStart(10)}${ref ? `  (${(median(xs) / ref).toFixed(1)}× rg)` : ''}`);
  }
  if (!ref) console.log('note: ripgrep (rg) is not installed: the rg reference is skipped');
  const t = median(rows[0][1]);
  console.log(`\ntarget: coresoul lint on the 100 MB vault in ≤ ${TARGET_MS / 1000} s   ${ms(t)}   ${t <= TARGET_MS ? 'met' : 'NOT MET'}`);
}

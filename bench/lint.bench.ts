/**
 * `coresoul lint` on the generated ~100 MB vault (bench/vaultgen.ts), as CI runs it: a whole CLI
 * call with --json (the secret scan in a second process, supersessions and contradictions in a
 * worker thread, beside the rest; CPU below counts all of them), and without the secret
 * rule (--no-secrets), each against references measured in the same run — `rg` over the same
 * files (one pass looking for `[[links]]` and path-like citations: what any linter must read at
 * least) and a bare `node -e 0`. Issue #34's target: lint ≤ 10 s on the 100 MB vault.
 *
 *   npm run bench lint
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliEnvNote, ms, timeProcess } from './util';
import { generateVault } from './vaultgen';

const CLI = path.resolve(__dirname, '../dist/cli.js');
const RUNS = 3;
const TARGET_MS = 10_000;

/**
 * CPU seconds used so far by this process's finished children (Linux: cutime + cstime of
 * /proc/self/stat, which include their own children): what a call costs whatever the load.
 */
function childrenCpu(): number | undefined {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // clock ticks (USER_HZ, 100 on Linux)
  } catch {
    return undefined;
  }
}

/** Wall time and CPU time of one child process. */
function timed(cmd: string, args: string[]): { wall: number; cpu?: number } {
  const before = childrenCpu();
  const wall = timeProcess(cmd, args);
  const after = childrenCpu();
  return { wall, cpu: before === undefined || after === undefined ? undefined : (after - before) * 1000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const hasRg = () => spawnSync('rg', ['--version']).status === 0;

export default async function run(): Promise<void> {
  const g = await generateVault();
  const memory = path.join(g.root, '.CoreSoul', 'memory');
  console.log(`vault: ${(g.bytes / 1e6).toFixed(0)} MB, ${g.files} files, ${g.days} days, ${g.entities} entities; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
  if (cliEnvNote) console.log(cliEnvNote);
  const lint = (extra: string[]) => timed(process.execPath, [CLI, 'lint', '--root', g.root, '--json', '--fail-on', 'never', ...extra]);
  const probe = spawnSync(process.execPath, [CLI, 'lint', '--root', g.root, '--json', '--fail-on', 'never'], { maxBuffer: 1 << 30, encoding: 'utf8' });
  const report = JSON.parse(probe.stdout) as { counts: Record<string, number>; memories: number; files: number };
  console.log(`lint read ${report.memories} memories in ${report.files} files; findings: ${Object.entries(report.counts).map(([k, n]) => `${n} ${k}`).join(', ')}`);

  const rows: [string, { wall: number; cpu?: number }[]][] = [
    ['coresoul lint --json', []],
    ['coresoul lint --json --no-secrets', []],
    ['coresoul scan --no-history --json', []],
    ['rg (links and path citations, same files)', []],
    ['node -e 0', []],
  ];
  for (let i = 0; i < RUNS; i++) {
    rows[0][1].push(lint([]));
    rows[1][1].push(lint(['--no-secrets']));
    rows[2][1].push(timed(process.execPath, [CLI, 'scan', '--no-history', '--json', '--root', g.root]));
    if (hasRg()) rows[3][1].push(timed('rg', ['-c', '--no-ignore', '--hidden', '-e', String.raw`\[\[[^\]]+\]\]`, '-e', String.raw`\b[\w.-]+/[\w./-]+\.[A-Za-z]{1,8}\b`, memory]));
    rows[4][1].push(timed(process.execPath, ['-e', '0']));
  }
  const wall = (xs: { wall: number }[]) => median(xs.map((x) => x.wall));
  const cpu = (xs: { cpu?: number }[]) => (xs.every((x) => x.cpu !== undefined) ? median(xs.map((x) => x.cpu!)) : undefined);
  const ref = rows[3][1].length ? wall(rows[3][1]) : undefined;
  console.log(`\nmedian of ${RUNS} runs (wall; CPU of the process and its children):`);
  for (const [name, xs] of rows) {
    if (!xs.length) continue;
    const c = cpu(xs);
    console.log(`  ${name.padEnd(44)} ${ms(wall(xs)).padStart(10)}${ref ? `  (${(wall(xs) / ref).toFixed(1)}× rg)` : ''}${c !== undefined ? `   CPU ${ms(c)}` : ''}`);
  }
  if (!ref) console.log('note: ripgrep (rg) is not installed: the rg reference is skipped');
  const t = wall(rows[0][1]);
  console.log(`\ntarget: coresoul lint on the 100 MB vault in ≤ ${TARGET_MS / 1000} s   ${ms(t)} wall   ${t <= TARGET_MS ? 'met' : 'NOT MET'}`);
  const [c1, c2] = [cpu(rows[1][1]), cpu(rows[2][1])];
  if (c1 !== undefined && c2 !== undefined) {
    // On an idle machine with two cores the lint and its scan run side by side: the longer one is the floor.
    console.log(`  with ${os.cpus().length} idle cores, its CPU bounds it near max(lint without secrets ${ms(c1)}, scan ${ms(c2)}) = ${ms(Math.max(c1, c2))}`);
  }
}

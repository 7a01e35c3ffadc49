/**
 * The Memory Health view's data on the generated ~100 MB vault (bench/vaultgen.ts), computed as
 * the extension computes it: the shipped worker (dist/healthWorker.js) in a worker thread. Beside
 * it, in the same run: `coresoul lint --json --no-secrets` (the same walk as a CLI call, the
 * reference); how long the calling thread — the extension host's, in VS Code — stalled while the
 * worker ran, against the same computation run on that thread; and a quiet timer, the machine's
 * own noise. Target: the caller never stalls (longest stall under 100 ms), whatever the worker takes.
 *
 *   npm run bench health
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { HealthAnswer } from '../src/extension/features/health/healthWorker';
import { ms, timeProcess } from './util';
import { generateVault } from './vaultgen';

const REPO = path.resolve(__dirname, '..');
const CLI = path.join(REPO, 'dist/cli.js');
const WORKER = path.join(REPO, 'dist/healthWorker.js');
const RUNS = 3;
const TARGET_DELAY_MS = 100;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs `work` while measuring the calling thread's longest stall: the longest gap between ticks
 * of a 5 ms timer (a thread that is blocked runs no timer; one tick after the work catches the last gap).
 */
async function held<T>(work: () => Promise<T>): Promise<{ value: T; wall: number; maxDelay: number }> {
  let last = performance.now();
  let maxDelay = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    maxDelay = Math.max(maxDelay, now - last - 5);
    last = now;
  }, 5);
  const t0 = performance.now();
  const value = await work();
  const wall = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 20));
  clearInterval(tick);
  return { value, wall, maxDelay };
}

const idle = (msToWait: number) => new Promise<void>((r) => setTimeout(r, msToWait));

const inWorker = (root: string) =>
  new Promise<HealthAnswer>((resolve, reject) => {
    const w = new Worker(WORKER, { workerData: { root } });
    w.once('message', (a: HealthAnswer) => {
      resolve(a);
      void w.terminate();
    });
    w.once('error', reject);
  });

export default async function run(): Promise<void> {
  const g = await generateVault();
  console.log(`vault: ${(g.bytes / 1e6).toFixed(0)} MB, ${g.files} files, ${g.entities} entities`);
  // The worker's own code, run on this thread: what the extension host would suffer without the worker.
  const { vaultHealth } = await import('../src/core/lint/health');
  const { viewData } = await import('../src/extension/features/health/health.model');
  const { openVault } = await import('../src/core/vault/layout');

  const worker: { wall: number; maxDelay: number }[] = [];
  const onThread: { wall: number; maxDelay: number }[] = [];
  const cli: number[] = [];
  const quiet: { wall: number; maxDelay: number }[] = [];
  let answer: HealthAnswer | undefined;
  for (let i = 0; i < RUNS; i++) {
    const w = await held(() => inWorker(g.root));
    answer = w.value;
    worker.push(w);
    onThread.push(await held(async () => viewData(await vaultHealth(openVault(g.root), { secrets: false }))));
    quiet.push(await held(() => idle(3000)));
    cli.push(timeProcess(process.execPath, [CLI, 'lint', '--root', g.root, '--json', '--no-secrets', '--fail-on', 'never']));
  }
  if (!answer?.ok) throw new Error(`the worker failed: ${answer && !answer.ok ? answer.message : 'no answer'}`);
  const h = answer.view.health;
  console.log(
    `health: ${h.report.memories} memories, ${answer.findings.length} findings (${answer.view.health.findings.length} listed), ${h.periods.length} ${h.period}s, graph ${h.graph.nodes.length} of ${h.graph.total.nodes} notes; view message ${(JSON.stringify(answer.view).length / 1e6).toFixed(1)} MB`,
  );
  console.log(`\nmedian of ${RUNS} runs:`);
  const row = (name: string, wall: number, delay?: number) => console.log(`  ${name.padEnd(46)} ${ms(wall).padStart(10)}${delay === undefined ? '' : `   caller held up at most ${ms(delay)}`}`);
  row('health in the worker (as the extension runs it)', median(worker.map((x) => x.wall)), median(worker.map((x) => x.maxDelay)));
  row('the same on the calling thread', median(onThread.map((x) => x.wall)), median(onThread.map((x) => x.maxDelay)));
  row('nothing but the timer, 3 s (the machine\'s noise)', median(quiet.map((x) => x.wall)), median(quiet.map((x) => x.maxDelay)));
  row('coresoul lint --json --no-secrets (reference)', median(cli));
  const d = median(worker.map((x) => x.maxDelay));
  console.log(`load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
  console.log(`\ntarget: the extension host is never held up by the health (longest stall < ${TARGET_DELAY_MS} ms)   ${ms(d)}   ${d < TARGET_DELAY_MS ? 'met' : 'NOT MET'}`);
}

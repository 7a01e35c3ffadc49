/**
 * The Claude Code hooks (docs/agents.md#hooks) on the generated ~100 MB vault: a whole
 * `coresoul hook prompt` call (the memories of a prompt; it runs on every prompt, answered by the
 * warm search server after the first) and `coresoul hook session-start`, against a bare
 * `node -e 0` start and a warm `coresoul search` of the same prompt, in the same run. The prompt
 * hook does what the search does and then builds the memories layer (tokenizer, secret redaction).
 *
 *   npm run bench hook
 */
import { execFileSync, spawn } from 'node:child_process';
import * as path from 'node:path';
import { askServer, socketPath } from '../src/cli/searchClient';
import { cliEnv, cliEnvNote, ms, percentile, timeProcess } from './util';
import { BENCH_NOW, generateVault } from './vaultgen';

const CLI = path.resolve(__dirname, '../dist/cli.js');
const PROMPTS = [
  'Why did we move Billing to Kubernetes?',
  'What did Alice Chen decide about the rollback timeout?',
  '上次資料庫遷移出了什麼問題？',
  'Which PR fixed PR-4821 and when?',
  'What happened with Kafka in June 2020?',
];
const RUNS = 3;

function timeHook(root: string, event: string, prompt = ''): number {
  const t = process.hrtime.bigint();
  const out = execFileSync(process.execPath, [CLI, 'hook', event, '--root', root, '--now', BENCH_NOW], { env: cliEnv, input: JSON.stringify({ hook_event_name: event, prompt }), encoding: 'utf8' });
  const elapsed = Number(process.hrtime.bigint() - t) / 1e6;
  if (!out.trim()) throw new Error(`hook ${event} injected nothing for "${prompt}"`);
  return elapsed;
}

export default async function () {
  const g = await generateVault(1);
  const root = g.root;
  console.log(`vault: ${(g.bytes / 1e6).toFixed(0)} MB in ${g.files} files`);
  // The hook answers from the warm search server, as from its second call on in a session.
  const server = spawn(process.execPath, [CLI, 'serve-search', '--root', root], { stdio: 'ignore', env: cliEnv });
  try {
    const socket = socketPath(CLI, root);
    while (!(await askServer(socket, { root, query: 'ready', options: {} }).catch(() => undefined))) await new Promise((r) => setTimeout(r, 50));
    const bare: number[] = [];
    const search: number[] = [];
    const prompt: number[] = [];
    const start: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      for (const p of PROMPTS) {
        bare.push(timeProcess(process.execPath, ['-e', '0']));
        search.push(timeProcess(process.execPath, [CLI, 'search', p, '--root', root, '--now', BENCH_NOW]));
        prompt.push(timeHook(root, 'prompt', p));
      }
      start.push(timeHook(root, 'session-start'));
    }
    const line = (label: string, xs: number[]) => `${label} p50 ${ms(percentile(xs, 50))}, p95 ${ms(percentile(xs, 95))}`;
    console.log(line('hook prompt', prompt));
    console.log(line('hook session-start', start));
    console.log(`${line('warm coresoul search', search)}; ${line('bare node -e 0', bare)}`);
    console.log(`prompt hook / bare node ${(percentile(prompt, 50) / percentile(bare, 50)).toFixed(1)}×, / warm search ${(percentile(prompt, 50) / percentile(search, 50)).toFixed(1)}× (p50)`);
    if (cliEnvNote) console.log(cliEnvNote);
  } finally {
    server.kill();
  }
}

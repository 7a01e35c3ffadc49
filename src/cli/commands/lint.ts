import { Worker } from 'node:worker_threads';
import { LINT_RULES, type LintReport, SEVERITIES, type Severity, type TruthBeside, failsAt, lintVault } from '../../core/lint/lint';
import type { Contradiction } from '../../core/truth/contradictions';
import type { Supersession } from '../../core/truth/supersession';
import { toSarif } from '../../core/lint/sarif';
import type { SecretHit } from '../../core/safety/scan';
import { CoreSoulError } from '../../core/shared/errors';
import { localDay } from '../../core/shared/clock';
import { openVault } from '../../core/vault/layout';
import { type Command, LINT_WORKER_ARG } from '../command';
import type { TruthRequest } from '../lintWorker';
import { childProcess } from '../../core/shared/nodeLazy';

declare const VERSION: string;

/** Exit code when findings at the `--fail-on` level (or above) were found; a secret exits 3 as `scan` does. */
export const LINT_FINDINGS_EXIT = 4;
/** Findings a person reads per rule without --json/--sarif; the rest are counted. */
const SHOWN_PER_RULE = 50;

export const lint: Command = {
  name: 'lint',
  cancellable: true,
  usage: 'lint [--sarif] [--fail-on error|warning|note|never] [--no-secrets]',
  summary: `report duplicates, contradictions, stale code citations, broken links, orphan notes, secrets and caps (exit 3 secret, ${LINT_FINDINGS_EXIT} findings)`,
  options: { sarif: { type: 'boolean' }, 'fail-on': { type: 'string' }, 'no-secrets': { type: 'boolean' } },
  describe: {
    sarif: 'print SARIF 2.1.0 instead of text, for CI systems that show findings inline',
    'fail-on': '<level> the lowest level that makes the exit code 4: error (default), warning, note, or never',
    'no-secrets': 'leave out the secret scan (it is the slowest rule)',
  },
  examples: ['coresoul lint', 'coresoul lint --json --fail-on warning', 'coresoul lint --sarif > coresoul.sarif'],
  async run(ctx, _args, opts) {
    const failOn = (opts['fail-on'] ?? 'error') as Severity | 'never';
    if (![...SEVERITIES, 'never'].includes(failOn)) throw new CoreSoulError('usage', `--fail-on: expected error, warning, note or never, got "${failOn}"`);
    if (opts.sarif && ctx.json) throw new CoreSoulError('usage', '--sarif and --json: choose one');
    const v = openVault(ctx.root);
    const secrets = opts['no-secrets'] ? false : ctx.bundle ? () => scanBeside(ctx.bundle!, v.root, ctx.signal) : undefined;
    const truthBeside = ctx.bundle ? () => truthInWorker(ctx.bundle!, v.root, ctx.signal) : undefined;
    const report = await lintVault(v, { secrets, today: localDay(ctx.clock.now()), truthBeside }, ctx.signal);
    const exitCode = report.counts.secret ? 3 : failsAt(report, failOn) ? LINT_FINDINGS_EXIT : 0;
    if (opts.sarif) return { json: undefined, text: JSON.stringify(toSarif(report, typeof VERSION === 'string' ? VERSION : '0.0.0'), null, 2), exitCode };
    return { json: report, text: render(report), exitCode };
  },
};

/**
 * The vault's secrets from `coresoul scan --no-history` in a second process, so the secret rules
 * run on the other core while this one checks the rest.
 */
function scanBeside(bundle: string, root: string, signal: AbortSignal): Promise<SecretHit[]> {
  return new Promise((resolve, reject) => {
    const child = childProcess().spawn(process.execPath, [bundle, 'scan', '--no-history', '--json', '--root', root], { stdio: ['ignore', 'pipe', 'ignore'], signal, windowsHide: true });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.on('error', reject);
    child.on('close', () => {
      try {
        const r = JSON.parse(out) as { found?: SecretHit[]; error?: { message: string } };
        if (r.found) resolve(r.found);
        else reject(new Error(`scan: ${r.error?.message ?? 'no answer'}`));
      } catch {
        reject(new Error('scan: no answer'));
      }
    });
  });
}

/** `truthOf` the vault's memories in a worker thread (this bundle again, lintWorker.ts), read there: on the other core while this one goes on. */
function truthInWorker(bundle: string, root: string, signal: AbortSignal): TruthBeside {
  const workerData: TruthRequest = { root };
  const worker = new Worker(bundle, { workerData, argv: [LINT_WORKER_ARG] });
  const stop = () => void worker.terminate();
  signal.addEventListener('abort', stop, { once: true });
  let supersessions!: { resolve: (s: Supersession[]) => void; reject: (e: unknown) => void };
  let contradictions!: { resolve: (c: Contradiction[]) => void; reject: (e: unknown) => void };
  const answer: TruthBeside = {
    supersessions: new Promise((resolve, reject) => (supersessions = { resolve, reject })),
    contradictions: new Promise((resolve, reject) => (contradictions = { resolve, reject })),
  };
  const fail = (err: unknown) => {
    supersessions.reject(err);
    contradictions.reject(err);
  };
  worker.on('message', (m: { supersessions?: Supersession[]; contradictions?: Contradiction[] }) => {
    if (m.supersessions) supersessions.resolve(m.supersessions);
    if (m.contradictions) contradictions.resolve(m.contradictions);
  });
  worker.once('error', fail);
  worker.once('exit', (code) => fail(signal.aborted ? signal.reason : new Error(`lint's worker thread ended (exit code ${code}) without an answer`)));
  const done = () => {
    signal.removeEventListener('abort', stop);
    stop();
  };
  answer.contradictions.then(done, done);
  return answer;
}

function render(r: LintReport): string {
  const out: string[] = [];
  const shown = new Map<string, number>();
  for (const f of r.findings) {
    const n = (shown.get(f.rule) ?? 0) + 1;
    shown.set(f.rule, n);
    if (n <= SHOWN_PER_RULE) out.push(`${f.file}:${f.line}: ${f.severity} ${f.rule}: ${f.message}`);
  }
  for (const [rule, n] of shown) if (n > SHOWN_PER_RULE) out.push(`… and ${n - SHOWN_PER_RULE} more ${rule} finding(s) (--json lists every one)`);
  const counts = (Object.keys(LINT_RULES) as (keyof typeof LINT_RULES)[]).filter((k) => r.counts[k]).map((k) => `${r.counts[k]} ${k}`);
  out.push(
    counts.length
      ? `${r.findings.length} finding(s) in ${r.memories} memories of ${r.files} files: ${counts.join(', ')}; ${r.superseded} superseded (kept as history).`
      : `No findings in ${r.memories} memories of ${r.files} files; ${r.superseded} superseded (kept as history).`,
  );
  return out.join('\n');
}

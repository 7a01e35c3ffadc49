/**
 * Search on a generated ~100 MB vault (`--scale N` for N × 100 MB; vaults are cached in
 * .bench-cache/): latency cold (no index on disk) and warm (index up to date), in process (as the
 * extension and LM tools call it) and as a whole `coresoul search` call (alone, and answered by
 * the warm search server as agents' calls are from the second on), against `rg -i -B5 -A5` over
 * the same files in the same run, and the token count of every answer. It ends with each target
 * of issue #4 next to the figure measured for it, met or not met. With `--scale N` the 100 MB
 * vault is measured in the same run too, for the ratio of the two.
 *
 *   npm run bench search              npm run bench search -- --scale 10
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { askServer, socketPath } from '../src/cli/searchClient';
import { DEFAULT_MAX_TOKENS, searchMemory } from '../src/core/search/search';
import { indexFile } from '../src/core/search/index/format';
import { refreshIndex } from '../src/core/search/index/refresh';
import { countTokens } from '../src/core/shared/tokens';
import { openVault } from '../src/core/vault/layout';
import { segmentWords } from '../src/core/search/words';
import { narrowerTable } from '../src/core/search/narrowerTable';
import { translationTable } from '../src/core/search/translationTable';
import { cliEnv, cliEnvNote, ms, percentile } from './util';
import { generateVault } from './vaultgen';

const CLI = path.resolve(__dirname, '../dist/cli.js');
const QUERIES = [
  'Kubernetes', // the most tagged entity: thousands of days
  'k8s', // an alias
  'Alice Chen', // a person
  'Kubernetes 遷移', // mixed, entity-locked
  '遷移', // Chinese, full text
  '資料庫遷移', // Chinese without spaces, two words
  'rollback timeout', // two common English words
  '"decided to deploy"', // a phrase
  'PR-4821', // a rare identifier
  '2021-06-15', // a day in an L3 monthly file
  'Kafka June 2020', // an entity within a month
  'zzzqx', // nothing
];
const WARM_RUNS = 5;
const CLI_RUNS = 3;
/** Issue #4's targets. */
const WARM_P50_MS = 150;
const RG_RATIO = 3;
const COLD_P95_MS = 1000;
const SCALE_RATIO = 10;
const T12_MS = 3000;

const elapsed = (fn: () => void) => {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const hasRg = () => spawnSync('rg', ['--version']).status === 0;
const verdict = (ok: boolean | undefined) => (ok === undefined ? 'skipped' : ok ? 'met' : 'NOT MET');

/** The literal patterns rg gets for a query: a quoted phrase whole, other text by word. */
function rgPatterns(query: string): string[] {
  const phrases = [...query.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  const rest = query.replace(/"[^"]*"/g, ' ').split(/\s+/).filter(Boolean);
  return [...phrases, ...rest.flatMap((w) => (/[\u3000-\u9fff]/.test(w) ? segmentWords(w) : [w]))];
}

/** rg over the memory folder, case-insensitive, 5 lines of context; returns the bytes printed. */
function rg(memoryDir: string, query: string): number {
  const args = ['-i', '-B5', '-A5', '-F', '--no-ignore', '--hidden', ...rgPatterns(query).flatMap((w) => ['-e', w]), memoryDir];
  const r = spawnSync('rg', args, { maxBuffer: 1 << 30 });
  return r.stdout?.length ?? 0;
}

/** A `coresoul search` call; `server: false` is a process on its own (CORESOUL_SEARCH_SERVER=0). */
const cliSearch = (root: string, q: string, server: boolean, env: NodeJS.ProcessEnv = {}) =>
  execFileSync(process.execPath, [CLI, 'search', q, '--root', root, '--json'], {
    maxBuffer: 1 << 26,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...cliEnv, CORESOUL_SEARCH_SERVER: server ? '1' : '0', ...env },
  });

/**
 * The first `coresoul search` in a vault with no index: it answers on its own, then starts a
 * search server — told to stop at once, and waited for, so that it neither builds the index
 * nor takes the processor from the next measurement.
 */
async function firstCall(root: string, q: string): Promise<number> {
  const t = elapsed(() => cliSearch(root, q, true, { CORESOUL_SEARCH_IDLE_MS: '1' }));
  const socket = socketPath(CLI, root);
  const until = async (done: () => boolean, ms: number) => {
    for (const end = Date.now() + ms; !done() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
  };
  await until(() => fs.existsSync(socket), 3000);
  await until(() => !fs.existsSync(socket), 10_000);
  return t;
}

/** Starts the search server for `root` as this bench's child, ready once it has answered. */
async function startServer(root: string) {
  const server = spawn(process.execPath, [CLI, 'serve-search', '--root', root], { stdio: 'ignore', env: cliEnv });
  const socket = socketPath(CLI, root);
  const ask = () => askServer(socket, { root, query: 'ready', options: {} }).catch(() => undefined);
  while (!(await ask())) await new Promise((r) => setTimeout(r, 50));
  return server;
}

const scaleArg = () => {
  const i = process.argv.indexOf('--scale');
  return Number(i === -1 ? (process.env.CORESOUL_BENCH_SCALE ?? 1) : process.argv[i + 1]);
};

interface Figures {
  label: string;
  coldCore: number[];
  /** The first CLI call (it starts the search server), and a CLI call with the server turned off. */
  coldCli: number[];
  coldAlone: number[];
  warm: number[];
  cli: number[];
  alone: number[];
  /** Per query: warm p50 / rg p50, CLI warm p50 / rg p50 (empty without rg). */
  ratios: number[];
  cliRatios: number[];
  maxTokens: number;
  /** A bare `node -e 0`, measured alongside: the floor of any CLI call on this machine. */
  nodeStart: number[];
}

async function measure(scale: number): Promise<Figures> {
  const g = await generateVault(scale);
  const v = openVault(g.root);
  const label = `${(g.bytes / 1e6).toFixed(0)} MB`;
  console.log(
    `\nvault: ${label} in ${g.files} files, ${g.days} days, ${g.entities} entities (generated in ${g.seconds.toFixed(1)} s, cached in ${path.relative(process.cwd(), g.root)})`,
  );
  const dropIndex = () => fs.rmSync(path.dirname(indexFile(v)), { recursive: true, force: true });

  // Cold: no index on disk. In process, as the first CLI call (which starts the server), and as a CLI call without the server.
  const coldCore: number[] = [];
  const coldCli: number[] = [];
  const coldAlone: number[] = [];
  // The bundles carry the word tables made at build time; from the sources they are made on first use: here, before any search is timed.
  narrowerTable();
  translationTable();
  for (const q of QUERIES) {
    dropIndex();
    coldCore.push(elapsed(() => searchMemory(v, q)));
    dropIndex();
    coldCli.push(await firstCall(g.root, q));
    dropIndex();
    coldAlone.push(elapsed(() => cliSearch(g.root, q, false)));
  }

  dropIndex();
  const build = elapsed(() => refreshIndex(v));
  const indexBytes = fs.statSync(indexFile(v)).size;
  const check = elapsed(() => refreshIndex(v));
  console.log(`index: built in ${ms(build)}, ${(indexBytes / 1e6).toFixed(1)} MB (${((100 * indexBytes) / g.bytes).toFixed(1)}% of the vault); up-to-date check ${ms(check)}`);

  const rgOk = hasRg();
  if (!rgOk) console.log('note: ripgrep (rg) is not installed: the ratio to rg is skipped (apt-get install ripgrep)');
  const rows: string[][] = [['query', 'cold', 'CLI first', 'CLI cold alone', 'warm p50', 'warm p95', 'rg', 'warm/rg', 'CLI alone', 'CLI warm', 'CLI/rg', 'results', 'tokens', 'rg output']];
  const f: Figures = { label, coldCore, coldCli, coldAlone, warm: [], cli: [], alone: [], ratios: [], cliRatios: [], maxTokens: 0, nodeStart: [] };
  const server = await startServer(g.root);
  for (const [qi, q] of QUERIES.entries()) {
    let answer = searchMemory(v, q);
    const warm = Array.from({ length: WARM_RUNS }, () => elapsed(() => (answer = searchMemory(v, q))));
    const alone = Array.from({ length: CLI_RUNS }, () => elapsed(() => cliSearch(g.root, q, false)));
    const cli = Array.from({ length: CLI_RUNS }, () => elapsed(() => cliSearch(g.root, q, true)));
    f.nodeStart.push(elapsed(() => execFileSync(process.execPath, ['-e', '0'], { env: cliEnv })));
    f.warm.push(...warm);
    f.alone.push(...alone);
    f.cli.push(...cli);
    f.maxTokens = Math.max(f.maxTokens, answer.tokens);
    const cells = { rg: '-', ratio: '-', cliRatio: '-', bytes: '-' };
    if (rgOk) {
      let bytes = 0;
      const rgP50 = percentile(
        Array.from({ length: CLI_RUNS }, () => elapsed(() => (bytes = rg(v.memoryDir, q)))),
        50,
      );
      f.ratios.push(percentile(warm, 50) / rgP50);
      f.cliRatios.push(percentile(cli, 50) / rgP50);
      Object.assign(cells, { rg: ms(rgP50), ratio: `${f.ratios.at(-1)!.toFixed(1)}×`, cliRatio: `${f.cliRatios.at(-1)!.toFixed(1)}×`, bytes: `${(bytes / 1e6).toFixed(1)} MB` });
    }
    rows.push([q, ms(coldCore[qi]), ms(coldCli[qi]), ms(coldAlone[qi]), ms(percentile(warm, 50)), ms(percentile(warm, 95)), cells.rg, cells.ratio, ms(percentile(alone, 50)), ms(percentile(cli, 50)), cells.cliRatio, String(answer.results.length), String(answer.tokens), cells.bytes]);
  }
  server.kill();
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  for (const r of rows) console.log(r.map((c, i) => c + ' '.repeat(widths[i] - [...c].length)).join('  '));
  return f;
}

/** Each target of issue #4 next to what was measured for it. */
function report(f: Figures): void {
  const p = (xs: number[], n: number) => percentile(xs, n);
  const line = (target: string, measured: string, ok: boolean | undefined) => console.log(`  ${target.padEnd(44)} ${measured.padEnd(58)} ${verdict(ok)}`);
  console.log(`\ntargets on ${f.label} (p50/p95 over ${QUERIES.length} queries; warm: ${WARM_RUNS} runs each in process, ${CLI_RUNS} as CLI calls):`);
  if (cliEnvNote) console.log(`  ${cliEnvNote}`);
  line(`warm p50 ≤ ${WARM_P50_MS} ms, in process`, `p50 ${ms(p(f.warm, 50))}, p95 ${ms(p(f.warm, 95))}`, p(f.warm, 50) <= WARM_P50_MS);
  line(`warm p50 ≤ ${WARM_P50_MS} ms, CLI (search server)`, `p50 ${ms(p(f.cli, 50))}, p95 ${ms(p(f.cli, 95))} (CLI alone p50 ${ms(p(f.alone, 50))})`, p(f.cli, 50) <= WARM_P50_MS);
  console.log(`  ${''.padEnd(44)} (a bare \`node -e 0\` meanwhile: p50 ${ms(p(f.nodeStart, 50))}, the floor of any CLI call here)`);
  if (f.ratios.length) {
    const over = (rs: number[]) => rs.filter((r) => r > RG_RATIO).length;
    const ratio = (rs: number[]) => `median ${p(rs, 50).toFixed(1)}×, worst ${Math.max(...rs).toFixed(1)}× (${over(rs)} of ${rs.length} above ${RG_RATIO}×)`;
    line(`warm ≤ ${RG_RATIO}× rg -i -B5 -A5, in process`, ratio(f.ratios), p(f.ratios, 50) <= RG_RATIO);
    line(`warm ≤ ${RG_RATIO}× rg -i -B5 -A5, CLI (search server)`, ratio(f.cliRatios), p(f.cliRatios, 50) <= RG_RATIO);
  } else {
    line(`warm ≤ ${RG_RATIO}× rg`, 'not measured: ripgrep (rg) is not installed', undefined);
  }
  line(`cold (no index) p95 ≤ ${COLD_P95_MS / 1000} s, in process`, `p50 ${ms(p(f.coldCore, 50))}, p95 ${ms(p(f.coldCore, 95))}`, p(f.coldCore, 95) <= COLD_P95_MS);
  line(`cold (no index) p95 ≤ ${COLD_P95_MS / 1000} s, CLI (first call)`, `p50 ${ms(p(f.coldCli, 50))}, p95 ${ms(p(f.coldCli, 95))}`, p(f.coldCli, 95) <= COLD_P95_MS);
  line(`cold (no index) p95 ≤ ${COLD_P95_MS / 1000} s, CLI without the server`, `p50 ${ms(p(f.coldAlone, 50))}, p95 ${ms(p(f.coldAlone, 95))}`, p(f.coldAlone, 95) <= COLD_P95_MS);
  line(`never more than the budget (${DEFAULT_MAX_TOKENS} tokens)`, `at most ${f.maxTokens} tokens per answer`, f.maxTokens <= DEFAULT_MAX_TOKENS);
  // T1.2's "< 2000 tokens" (docs/benchmarks.md) is the budget: answers fill it, up to exactly 2000.
  const slowest = Math.max(...f.coldCli, ...f.coldAlone, ...f.cli, ...f.alone);
  line(`T1.2: < ${T12_MS / 1000} s, within ${DEFAULT_MAX_TOKENS} tokens`, `slowest CLI answer ${ms(slowest)} (${(T12_MS / slowest).toFixed(1)}× margin), ≤ ${f.maxTokens} tokens`, slowest < T12_MS && f.maxTokens <= DEFAULT_MAX_TOKENS);
}

/** The large vault's figures over the 100 MB vault's, measured in the same run. */
function reportScaling(big: Figures, base: Figures): void {
  console.log(`\ntarget: ${big.label} within ${SCALE_RATIO}× of the ${base.label} time (same run):`);
  for (const [name, pick] of [
    ['warm p50, in process', (f: Figures) => percentile(f.warm, 50)],
    ['warm p50, CLI (search server)', (f: Figures) => percentile(f.cli, 50)],
    ['cold p95, in process', (f: Figures) => percentile(f.coldCore, 95)],
    ['cold p95, CLI (first call)', (f: Figures) => percentile(f.coldCli, 95)],
  ] as const) {
    const r = pick(big) / pick(base);
    console.log(`  ${name.padEnd(44)} ${`${ms(pick(big))} / ${ms(pick(base))} = ${r.toFixed(1)}×`.padEnd(58)} ${verdict(r <= SCALE_RATIO)}`);
  }
}

export default async function () {
  countTokens('load the tokenizer once, as a long-lived process would');
  const scale = scaleArg();
  const f = await measure(scale);
  const base = scale === 1 ? undefined : await measure(1);
  report(f);
  if (base) {
    report(base);
    reportScaling(f, base);
  }
}

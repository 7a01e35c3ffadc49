/**
 * Search on a generated ~100 MB vault (`--scale N` for N × 100 MB; the vault is cached in
 * .bench-cache/): latency cold (no index on disk) and warm (index up to date), in process (as the
 * extension and LM tools call it) and as a whole `coresoul search` call, against
 * `rg -i -B5 -A5` over the same files in the same run, and the token count of every answer.
 *
 *   npm run bench search              npm run bench search -- --scale 10
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { socketPath } from '../src/cli/searchClient';
import { DEFAULT_MAX_TOKENS, searchMemory } from '../src/core/search';
import { indexFile, refreshIndex } from '../src/core/searchIndex';
import { countTokens } from '../src/core/tokens';
import { openVault } from '../src/core/vault';
import { segmentWords } from '../src/core/words';
import { ms, percentile } from './util';
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

const elapsed = (fn: () => void) => {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const hasRg = () => spawnSync('rg', ['--version']).status === 0;

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

/** A `coresoul search` call; `server: false` is a process on its own, as the first call of a session is. */
const cliSearch = (root: string, q: string, server: boolean) =>
  execFileSync(process.execPath, [CLI, 'search', q, '--root', root, '--json'], {
    maxBuffer: 1 << 26,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, CORESOUL_SEARCH_SERVER: server ? '1' : '0' },
  });

/** Starts the search server for `root` as this bench's child, ready when its socket is. */
async function startServer(root: string) {
  const server = spawn(process.execPath, [CLI, 'serve-search', '--root', root], { stdio: 'ignore' });
  const socket = socketPath(CLI, root);
  while (!fs.existsSync(socket)) await new Promise((r) => setTimeout(r, 20));
  return server;
}
const scaleArg = () => {
  const i = process.argv.indexOf('--scale');
  return Number(i === -1 ? (process.env.CORESOUL_BENCH_SCALE ?? 1) : process.argv[i + 1]);
};

export default async function () {
  const scale = scaleArg();
  const g = await generateVault(scale);
  const v = openVault(g.root);
  console.log(
    `vault: ${(g.bytes / 1e6).toFixed(0)} MB in ${g.files} files, ${g.days} days, ${g.entities} entities (generated in ${g.seconds.toFixed(1)} s, cached in ${path.relative(process.cwd(), g.root)})`,
  );
  const dropIndex = () => fs.rmSync(path.dirname(indexFile(v)), { recursive: true, force: true });
  countTokens('load the tokenizer once, as a long-lived process would');

  // Cold: no index on disk. In process with the CLI's 300 ms indexing budget, and as a CLI call.
  const coldCore: number[] = [];
  const coldCli: number[] = [];
  for (const q of QUERIES) {
    dropIndex();
    coldCore.push(elapsed(() => searchMemory(v, q, { indexBudgetMs: 300 })));
    dropIndex();
    coldCli.push(elapsed(() => cliSearch(g.root, q, false)));
  }

  dropIndex();
  const build = elapsed(() => refreshIndex(v));
  const indexBytes = fs.statSync(indexFile(v)).size;
  const check = elapsed(() => refreshIndex(v));
  console.log(`index: built in ${ms(build)}, ${(indexBytes / 1e6).toFixed(1)} MB (${((100 * indexBytes) / g.bytes).toFixed(1)}% of the vault); up-to-date check ${ms(check)}`);

  const rgOk = hasRg();
  if (!rgOk) console.log('note: ripgrep (rg) is not installed: the ratio to rg is skipped (apt-get install ripgrep)');
  const rows: string[][] = [['query', 'cold', 'CLI cold', 'warm p50', 'warm p95', 'rg', 'warm/rg', 'CLI alone', 'CLI warm', 'CLI/rg', 'results', 'tokens', 'rg output']];
  const warmAll: number[] = [];
  const cliAll: number[] = [];
  const aloneAll: number[] = [];
  const server = await startServer(g.root);
  const ratios: number[] = [];
  const cliRatios: number[] = [];
  let maxTokens = 0;
  for (const [qi, q] of QUERIES.entries()) {
    let answer = searchMemory(v, q);
    const warm = Array.from({ length: WARM_RUNS }, () => elapsed(() => (answer = searchMemory(v, q))));
    const alone = Array.from({ length: CLI_RUNS }, () => elapsed(() => cliSearch(g.root, q, false)));
    const cli = Array.from({ length: CLI_RUNS }, () => elapsed(() => cliSearch(g.root, q, true)));
    warmAll.push(...warm);
    aloneAll.push(...alone);
    cliAll.push(...cli);
    maxTokens = Math.max(maxTokens, answer.tokens);
    let rgCell = '-';
    let ratio = '-';
    let cliRatio = '-';
    let rgBytes = '-';
    if (rgOk) {
      let bytes = 0;
      const times = Array.from({ length: CLI_RUNS }, () => elapsed(() => (bytes = rg(v.memoryDir, q))));
      const rgP50 = percentile(times, 50);
      rgCell = ms(rgP50);
      ratios.push(percentile(warm, 50) / rgP50);
      cliRatios.push(percentile(cli, 50) / rgP50);
      ratio = `${ratios[ratios.length - 1].toFixed(1)}×`;
      cliRatio = `${cliRatios[cliRatios.length - 1].toFixed(1)}×`;
      rgBytes = `${(bytes / 1e6).toFixed(1)} MB`;
    }
    rows.push([q, ms(coldCore[qi]), ms(coldCli[qi]), ms(percentile(warm, 50)), ms(percentile(warm, 95)), rgCell, ratio, ms(percentile(alone, 50)), ms(percentile(cli, 50)), cliRatio, String(answer.results.length), String(answer.tokens), rgBytes]);
  }
  server.kill();
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  for (const r of rows) console.log(r.map((c, i) => c + ' '.repeat(widths[i] - [...c].length)).join('  '));

  console.log(
    `cold (no index): in process p50 ${ms(percentile(coldCore, 50))} p95 ${ms(percentile(coldCore, 95))}; CLI p50 ${ms(percentile(coldCli, 50))} p95 ${ms(percentile(coldCli, 95))} (target ≤ 1 s)`,
  );
  console.log(`warm: in process p50 ${ms(percentile(warmAll, 50))} p95 ${ms(percentile(warmAll, 95))} (target p50 ≤ 150 ms); CLI with the server p50 ${ms(percentile(cliAll, 50))} p95 ${ms(percentile(cliAll, 95))}; CLI alone p50 ${ms(percentile(aloneAll, 50))}`);
  if (ratios.length) {
    console.log(
      `vs rg -i -B5 -A5 (a process, so compare it with the CLI too): in process median ${percentile(ratios, 50).toFixed(1)}×, worst ${Math.max(...ratios).toFixed(1)}×; ` +
        `CLI with the server median ${percentile(cliRatios, 50).toFixed(1)}×, worst ${Math.max(...cliRatios).toFixed(1)}× (target ≤ 3×)`,
    );
  }
  const worst = Math.max(...coldCli, ...cliAll, ...aloneAll);
  console.log(`tokens: at most ${maxTokens} per answer (budget ${DEFAULT_MAX_TOKENS}); T1.2: slowest CLI answer ${ms(worst)} (< 3 s) with ≤ ${maxTokens} tokens (< 2000)`);
}

/**
 * The `[[link]]` language server: completion latency with 10k entities over stdio (target
 * p95 ≤ 50 ms) against a plain LSP round trip of a request the server does not handle, in the
 * same run; and the link index on the 100 MB vault (bench/vaultgen.ts): build time against
 * reading the same files, memory, a one-file update and the backlinks of the most linked
 * entity; plus the whole server's time from start to its first answer on that vault.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import {
  type CompletionList,
  CompletionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  InitializeRequest,
  InitializedNotification,
  type ProtocolConnection,
  createProtocolConnection,
} from 'vscode-languageserver/node';
import { addDays, fixedClock } from '../src/core/shared/clock';
import { entityHeader } from '../src/core/vault/entities';
import { LinkIndex } from '../src/core/links/linkIndex';
import { diskWorkspace, linkScope } from '../src/core/links/linkScope';
import { initVault } from '../src/core/init/scaffold';
import { ENTITY_KINDS, openVault, vaultAt } from '../src/core/vault/layout';
import { ms, percentile } from './util';
import { BENCH_NOW, generateVault } from './vaultgen';

const SERVER = path.resolve(__dirname, '../dist/server.js');
const CACHE = path.resolve(__dirname, '../.bench-cache');
const ENTITIES = 10_000;
const DAYS = 120;
const REQUESTS = 300;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** A vault with 10k entity notes (English and Chinese names), each tagged on a few of 120 days. */
async function entityVault(): Promise<string> {
  const root = path.join(CACHE, `links-${ENTITIES}-v2`);
  if (fs.existsSync(path.join(root, '.generated'))) return root;
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  await initVault(root, { clock: fixedClock('2026-01-01T09:00:00'), git: false });
  const v = openVault(root);
  let seed = 42;
  const rand = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), Math.floor((seed / 2 ** 31) * n));
  const words = 'alpha beta gamma delta kappa lambda sigma omega nova orion atlas vega lyra 遷移 部署 索引 快取 專案 會議 王 李 張'.split(' ');
  const names = new Set<string>();
  while (names.size < ENTITIES) names.add(`${words[rand(words.length)]} ${words[rand(words.length)]} ${names.size}`);
  const first = '2026-01-01';
  const days: string[][] = Array.from({ length: DAYS }, () => []);
  for (const name of names) {
    const kind = ENTITY_KINDS[rand(ENTITY_KINDS.length)];
    const tags = Array.from({ length: 1 + rand(4) }, () => rand(DAYS)).sort((a, b) => a - b);
    for (const d of tags) days[d].push(`- 09:${String(rand(60)).padStart(2, '0')}:00 worked on [[${name}]]`);
    const lines = tags.map((d) => `- [[${addDays(first, d)}]] 09:00:00 worked on it`);
    fs.mkdirSync(path.join(v.entitiesDir, kind), { recursive: true });
    fs.writeFileSync(path.join(v.entitiesDir, kind, `${name}.md`), `${entityHeader(kind, name, first)}${lines.join('\n')}\n`);
  }
  days.forEach((lines, d) => fs.writeFileSync(path.join(v.chronoDir, `${addDays(first, d)}.md`), `# ${addDays(first, d)}\n\n${lines.join('\n')}\n`));
  fs.writeFileSync(path.join(root, '.generated'), '');
  return root;
}

interface Server {
  connection: ProtocolConnection;
  proc: ChildProcess;
  /** From spawn to the answer of the first request that needs the index. */
  readyMs: number;
  stop(): void;
}

async function startServer(root: string, now: string): Promise<Server> {
  const t0 = process.hrtime.bigint();
  const proc = spawn(process.execPath, [SERVER, '--stdio'], { env: { ...process.env, CORESOUL_NOW: now }, stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(proc.stdout!, proc.stdin!);
  connection.listen();
  const rootUri = pathToFileURL(root).href;
  await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'bench' }], capabilities: {} });
  await connection.sendNotification(InitializedNotification.type, {});
  await connection.sendRequest('workspace/symbol', { query: 'zzzz-none' }); // waits for the index
  const readyMs = Number(process.hrtime.bigint() - t0) / 1e6;
  return { connection, proc, readyMs, stop: () => (connection.dispose(), proc.kill()) };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = process.hrtime.bigint();
  const value = await fn();
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, value };
}

/** Completion while typing `[[<query>` in a new daily note, against an unhandled request's round trip. */
async function completionLatency(server: Server, root: string, queries: string[]) {
  const { connection } = server;
  const file = path.join(vaultAt(root).chronoDir, '2099-01-01.md');
  const uri = pathToFileURL(file).href;
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'markdown', version: 1, text: '# 2099-01-01\n\n' } });
  const completion: number[] = [];
  const roundTrip: number[] = [];
  let items = 0;
  let incomplete = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const query = queries[i % queries.length];
    const line = `- 10:00:00 [[${query}`;
    await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: i + 2 }, contentChanges: [{ text: `# 2099-01-01\n\n${line}` }] });
    const c = await timed(() => connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 2, character: line.length } }));
    const list = c.value as CompletionList;
    completion.push(c.ms);
    items += list.items.length;
    incomplete += list.isIncomplete ? 1 : 0;
    roundTrip.push((await timed(() => connection.sendRequest('textDocument/foldingRange', { textDocument: { uri } }).catch(() => undefined))).ms);
  }
  return { completion, roundTrip, items: items / REQUESTS, incomplete };
}

function report(label: string, r: Awaited<ReturnType<typeof completionLatency>>) {
  const [c50, c95, r50, r95] = [percentile(r.completion, 50), percentile(r.completion, 95), percentile(r.roundTrip, 50), percentile(r.roundTrip, 95)];
  console.log(
    `${label}: completion p50 ${ms(c50)}, p95 ${ms(c95)} (target p95 ≤ 50 ms); unhandled-request round trip p50 ${ms(r50)}, p95 ${ms(r95)}; ` +
      `p95 ratio ${(c95 / r95).toFixed(1)}×; ${r.items.toFixed(0)} items per answer, ${r.incomplete}/${REQUESTS} marked incomplete`,
  );
}

const QUERIES = ['', 'a', 'al', 'alp', 'alpha b', '遷', '遷移', '王', 'nova 1', 'x', '2026-0', 'kappa lambda 12', 'ga', 'o'];

export default async function () {
  const root10k = await entityVault();
  const server = await startServer(root10k, '2026-04-30T12:00:00');
  console.log(`10k-entity vault (${ENTITIES} entities, ${DAYS} daily files): server start to first indexed answer ${ms(server.readyMs)}`);
  report('10k entities', await completionLatency(server, root10k, QUERIES));
  server.stop();

  const big = await generateVault(1);
  const files = await linkScope(big.root).list();
  console.log(`\n100 MB vault: ${(big.bytes / 1e6).toFixed(0)} MB, ${files.length} Markdown files, ${big.entities} entities, ${big.days} days`);

  // Reference: just reading every file the index reads, the same way (8 at a time, utf8).
  const ws = diskWorkspace(linkScope(big.root));
  const read = await timed(async () => {
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => { while (next < files.length) await ws.readFile(files[next++]); }));
  });
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const index = new LinkIndex(vaultAt(big.root), ws);
  const build = await timed(() => index.build());
  gc();
  const heap = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  console.log(`index build ${ms(build.ms)} (${build.value.files} files); reading the same files alone ${ms(read.ms)}; ratio ${(build.ms / read.ms).toFixed(2)}×; index heap ${heap.toFixed(0)} MB`);

  const largest = files.reduce((a, b) => (fs.statSync(a).size >= fs.statSync(b).size ? a : b));
  const text = fs.readFileSync(largest, 'utf8');
  const updates: number[] = [];
  for (let i = 0; i < 10; i++) updates.push((await timed(async () => index.setText(largest, text))).ms);
  const update = percentile(updates, 50);
  const top = [...index.entities()].reduce((a, b) => (index.linkCount(a.name) >= index.linkCount(b.name) ? a : b));
  const back = await timed(async () => index.backlinks(top.name));
  console.log(
    `one-file update (largest file, ${(text.length / 1e3).toFixed(0)} k chars) p50 ${ms(update)}, i.e. ${((update / build.ms) * 100).toFixed(2)}% of a rebuild; ` +
      `backlinks of the most linked entity (${back.value.length} links) ${ms(back.ms)}`,
  );

  const bigServer = await startServer(big.root, BENCH_NOW);
  console.log(`server on the 100 MB vault: start to first indexed answer ${ms(bigServer.readyMs)}`);
  report('100 MB vault', await completionLatency(bigServer, big.root, QUERIES));
  bigServer.stop();
}

/**
 * A warm `coresoul search`. Loading the index and the tokenizer costs a fresh process more than
 * the search itself, so the first call answers on its own and leaves a small server behind
 * (`coresoul serve-search`) that keeps both loaded; later calls hand it their query over a
 * private local socket (searchClient.ts) and pay only node's start, not even the compilation
 * of the rest of the CLI (quickSearch.ts). The server answers for one vault and one build of
 * the CLI, only to its own user, and exits after ten idle minutes or when the vault is gone. It
 * keeps the bytes searches read (up to CHUNK_CACHE_BYTES) by each file's stamp, which every query
 * takes afresh: a file written since is read again (hand edits show at once), and the answer is
 * the one a search on its own gives. Where the system tells of changes as they are made (Linux,
 * a local disk), it watches the memory folders and asks only the files a change notice named for
 * their stamp, not every file at every query (index/files.ts watchFolders).
 * CORESOUL_SEARCH_SERVER=0 turns it off.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { CoreSoulError } from '../core/shared/errors';
import { searchMemory } from '../core/search/search';
import { buildIndex } from '../core/search/index/refresh';
import { watchFolders } from '../core/search/index/files';
import { keepChunkBytes } from '../core/search/lineReader';
import { countTokens } from '../core/shared/tokens';
import { type Vault, openVault } from '../core/vault/layout';
import { bestLine, servedKeys } from '../core/vault/usage';
import type { Reply, SearchRequest } from './searchClient';
import { printedSearch, searchOptions } from './searchAnswer';

const IDLE_MS = Number(process.env.CORESOUL_SEARCH_IDLE_MS) || 10 * 60_000;
/** The file bytes the server keeps across searches (lineReader.ts). */
const CHUNK_CACHE_BYTES = 64 * 1024 * 1024;
const VAULT_CHECK_MS = 5_000;

/**
 * Answers searches on `socket` until IDLE_MS pass without one, bringing the index up to date
 * meanwhile (in slices, so that the calls made while a large vault is indexed for the first
 * time are answered over the part done so far, not started again elsewhere). Resolves with why
 * it stopped; a second server for the same socket stops at once.
 */
export async function runSearchServer(v: Vault, socket: string): Promise<string> {
  const server = net.createServer((conn) => {
    let data = '';
    conn.setEncoding('utf8');
    conn.on('error', () => conn.destroy());
    conn.on('data', (chunk: string) => {
      data += chunk;
      if (!data.endsWith('\n')) return;
      conn.removeAllListeners('data');
      void answer(v, data, building).then((reply) => {
        // An unexpected failure gets no reply: the caller then searches on its own and reports it.
        if (reply) conn.end(JSON.stringify(reply));
        else conn.destroy();
        idle.refresh();
      });
    });
  });
  let why = 'search server stopped after being idle';
  let building = true;
  const idle = setTimeout(() => server.close(), IDLE_MS);
  const watch = setInterval(() => {
    if (fs.existsSync(v.memoryDir)) return;
    why = 'search server stopped: the vault is gone';
    server.close();
  }, VAULT_CHECK_MS);
  const stop = () => (clearTimeout(idle), clearInterval(watch));
  if (!(await listen(server, socket))) {
    stop();
    return 'a search server for this vault is already running';
  }
  const closing = new AbortController(); // the server closes when idle or when the vault is gone
  const closed = new Promise((resolve) => server.on('close', resolve));
  server.on('close', () => closing.abort());
  countTokens('load the tokenizer before the first query');
  keepChunkBytes(CHUNK_CACHE_BYTES);
  watchFolders();
  await buildIndex(v, {}, closing.signal);
  building = false;
  await closed;
  stop();
  return why;
}

/**
 * The reply to a request; while the index is being built, over the part built so far (the build
 * does the indexing). Asked for as printed (`print`), what the search command writes for it.
 */
async function answer(v: Vault, line: string, building: boolean): Promise<Reply | undefined> {
  // The change notices of the folders (watchFolders) come in first: a file written before the request was sent has been told of by now.
  await new Promise((resolve) => setImmediate(resolve));
  try {
    const req = JSON.parse(line) as SearchRequest;
    if (path.resolve(req.root) !== v.root) return undefined;
    openVault(v.root); // a vault gone or damaged since: the error the caller would get alone
    const result = searchMemory(v, req.query, building ? { ...searchOptions(req), indexBudgetMs: 0 } : searchOptions(req));
    const served = servedKeys(result.results.map(bestLine));
    if (req.print) return { printed: await printedSearch(result, req, served, req.print.json === true) };
    return { result, served };
  } catch (err) {
    return err instanceof CoreSoulError ? { error: { kind: err.kind, message: err.message } } : undefined;
  }
}

/** Listens on `socket`, taking over a stale socket file; false when a live server holds it. */
async function listen(server: net.Server, socket: string): Promise<boolean> {
  const attempt = () =>
    new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once('error', resolve);
      server.listen(socket, () => resolve(undefined));
    });
  let err = await attempt();
  if (err?.code === 'EADDRINUSE' && process.platform !== 'win32' && !(await isLive(socket))) {
    fs.rmSync(socket, { force: true });
    err = await attempt();
  }
  if (err?.code === 'EADDRINUSE') return false;
  if (err) throw err;
  return true;
}

const isLive = (socket: string) =>
  new Promise<boolean>((resolve) => {
    const conn = net.connect(socket);
    conn.on('connect', () => (conn.destroy(), resolve(true)));
    conn.on('error', () => resolve(false));
  });

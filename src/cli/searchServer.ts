/**
 * A warm `coresoul search`. Loading the index and the tokenizer costs a fresh process more than
 * the search itself, so the first call answers on its own and leaves a small server behind
 * (`coresoul serve-search`) that keeps both loaded; later calls hand it their query over a
 * private local socket and pay only node's start. The server answers for one vault and one
 * build of the CLI, only to its own user, reads the files afresh for every query (hand edits
 * show at once) and exits after ten idle minutes or when the vault is gone.
 * CORESOUL_SEARCH_SERVER=0 turns it off.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { CoreSoulError, type ErrorKind } from '../core/errors';
import { type SearchOptions, type SearchResult, searchMemory } from '../core/search';
import { refreshIndex } from '../core/searchIndex';
import { countTokens } from '../core/tokens';
import type { Vault } from '../core/vault';

export interface SearchRequest {
  root: string;
  query: string;
  options: SearchOptions;
}

type Reply = { result: SearchResult } | { error: { kind: ErrorKind; message: string } };

const IDLE_MS = Number(process.env.CORESOUL_SEARCH_IDLE_MS) || 10 * 60_000;
const VAULT_CHECK_MS = 5_000;
/** Longer than any answer takes; a server that does not reply by then is bypassed. */
const REPLY_TIMEOUT_MS = 20_000;

export const serverEnabled = () => process.env.CORESOUL_SEARCH_SERVER !== '0';

/**
 * The socket of the server for `root` run by `bundle` (a new build gets a new server). On POSIX
 * it lives in a folder only this user may enter, so no other account can query the vault.
 */
export function socketPath(bundle: string, root: string): string {
  const { mtimeMs, size } = fs.statSync(bundle);
  const id = createHash('sha256').update(`${bundle}\0${mtimeMs}\0${size}\0${root}`).digest('hex').slice(0, 20);
  if (process.platform === 'win32') return `\\\\.\\pipe\\coresoul-search-${id}`;
  const uid = process.getuid!();
  const dir = path.join(process.env.XDG_RUNTIME_DIR || os.tmpdir(), `coresoul-${uid}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.lstatSync(dir);
  if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o077) !== 0) throw new Error(`${dir} is not private to this user`);
  return path.join(dir, `search-${id}.sock`);
}

/** The server's answer, or undefined when there is no server (or it is not answering): search locally then. */
export function askServer(socket: string, req: SearchRequest): Promise<SearchResult | undefined> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(socket);
    let data = '';
    const done = (fn: () => void) => {
      conn.destroy();
      fn();
    };
    conn.setTimeout(REPLY_TIMEOUT_MS, () => done(() => resolve(undefined)));
    conn.on('error', () => done(() => resolve(undefined)));
    conn.on('connect', () => conn.end(`${JSON.stringify(req)}\n`));
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => (data += chunk));
    conn.on('end', () =>
      done(() => {
        let reply: Reply;
        try {
          reply = JSON.parse(data) as Reply;
        } catch {
          return resolve(undefined);
        }
        if ('error' in reply) reject(new CoreSoulError(reply.error.kind, reply.error.message));
        else resolve(reply.result);
      }),
    );
  });
}

/** Starts `coresoul serve-search` for `root` in the background, detached from this process. */
export function startServer(bundle: string, root: string): void {
  spawn(process.execPath, [bundle, 'serve-search', '--root', root], { detached: true, stdio: 'ignore', windowsHide: true }).unref();
}

/**
 * Loads the index and the tokenizer, then answers searches on `socket` until IDLE_MS pass
 * without one. Resolves with why it stopped; a second server for the same socket stops at once.
 */
export async function runSearchServer(v: Vault, socket: string): Promise<string> {
  refreshIndex(v);
  countTokens('load the tokenizer before the first query');
  const server = net.createServer((conn) => {
    let data = '';
    conn.setEncoding('utf8');
    conn.on('error', () => conn.destroy());
    conn.on('data', (chunk: string) => {
      data += chunk;
      if (!data.endsWith('\n')) return;
      conn.removeAllListeners('data');
      const reply = answer(v, data);
      // An unexpected failure gets no reply: the caller then searches on its own and reports it.
      if (reply) conn.end(JSON.stringify(reply));
      else conn.destroy();
      idle.refresh();
    });
  });
  let why = 'search server stopped after being idle';
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
  await new Promise((resolve) => server.on('close', resolve));
  stop();
  return why;
}

function answer(v: Vault, line: string): Reply | undefined {
  try {
    const req = JSON.parse(line) as SearchRequest;
    if (path.resolve(req.root) !== v.root) return undefined;
    return { result: searchMemory(v, req.query, req.options) };
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

/**
 * One `coresoul search` call as the CLI makes it — its options and its request — and the client
 * side of the warm search server (searchServer.ts). Light on purpose: the quick path
 * (quickSearch.ts) runs on this alone, before the rest of the CLI is compiled; what a search's
 * answer is printed as lives in searchAnswer.ts, which the server runs for it.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { localDay, parseNow } from '../core/shared/clock';
import { CoreSoulError, type ErrorKind, inputError } from '../core/shared/errors';
import { isBranchName } from '../core/shared/validation';
import { DEFAULT_LIMIT, DEFAULT_MAX_TOKENS, type SearchOptions, type SearchResult } from '../core/search/result';
import type { OptionSpec, OptionValues } from './command';
import { childProcess } from '../core/shared/nodeLazy';

export const SEARCH_OPTIONS: OptionSpec = { 'max-tokens': { type: 'string' }, limit: { type: 'string' }, page: { type: 'string' }, branch: { type: 'string' }, author: { type: 'string' }, archived: { type: 'boolean' } };

export interface SearchRequest {
  root: string;
  query: string;
  /** Without `render`: the request travels to the search server as JSON. */
  options: Omit<SearchOptions, 'render'>;
  /**
   * Shown as recorded notes (the text a person or an agent reads; not `--json`): labelled and
   * quoted like the hooks and MCP, the label and quotes inside the budget.
   */
  recorded?: boolean;
  /**
   * Answered as printed (the quick path): the server marks stale hits, records the lines it
   * found as used and sends what the search command writes (`Printed`), as `--json` or not.
   */
  print?: { json: boolean };
}

/** What the search command writes for an answer: its messages on stderr (in order, one a line), then stdout, and its exit code. */
export interface Printed {
  stderr: string[];
  stdout: string;
  exitCode: number;
}

/** `served`: the usage keys of the answer's hits (vault/usage.ts servedKeys), worked out by the server. */
export type Reply = { result: SearchResult; served?: string[] } | { printed: Printed } | { error: { kind: ErrorKind; message: string } };

/**
 * The usage keys a server sent with its answers: the caller records them as they are, without
 * loading node:crypto (their hash) for one append.
 */
const servedWith = new WeakMap<SearchResult, string[]>();

/** The usage keys the server sent with `r`, when it came from one. */
export const servedKeysOf = (r: SearchResult): string[] | undefined => servedWith.get(r);

const count = (name: string, value: unknown, fallback: number): number => {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(String(value))) throw inputError(`--${name}: expected a whole number, got "${value}"`);
  return Number(value);
};

/** `--author <name|agent>` as given, or a one-line error when it names nobody. */
export function authorOption(value: string): string {
  if (!value.trim()) throw inputError('--author: expected a name, an agent or host, an origin (person, agent, capture, import), a machine, or unknown');
  return value.trim();
}

/** The request for `coresoul search <args…>` in the vault at `root`; bad option values throw. */
export function searchRequest(root: string, args: string[], opts: OptionValues): SearchRequest {
  return {
    root,
    query: args.join(' '),
    options: {
      maxTokens: count('max-tokens', opts['max-tokens'], DEFAULT_MAX_TOKENS),
      limit: count('limit', opts.limit, DEFAULT_LIMIT),
      page: count('page', opts.page, 1),
      ...(typeof opts.branch === 'string' && { branch: branchName(opts.branch) }),
      ...(typeof opts.author === 'string' && { author: authorOption(opts.author) }),
      ...(opts.archived === true && { archived: true }),
      // Relative times in the query ("last week") count from --now, like every other command.
      today: localDay(parseNow(String(opts.now || process.env.CORESOUL_NOW || new Date().toISOString()))),
    },
    recorded: !opts.json,
  };
}

/** A `--branch` value: a git branch name, else a one-line error. */
function branchName(b: string): string {
  if (!isBranchName(b)) throw inputError(`--branch: expected a git branch name, got "${b}"`);
  return b;
}

/** Longer than any answer takes; a server that does not reply by then is bypassed. */
const REPLY_TIMEOUT_MS = 20_000;

export const serverEnabled = () => process.env.CORESOUL_SEARCH_SERVER !== '0';

/**
 * The socket of the server for `root` run by `bundle` (a new build gets a new server). On POSIX
 * it lives in a folder only this user may enter, so no other account can query the vault.
 */
export function socketPath(bundle: string, root: string): string {
  const { mtimeMs, size } = fs.statSync(bundle);
  const id = nameHash(`${bundle}\0${mtimeMs}\0${size}\0${root}`);
  if (process.platform === 'win32') return `\\\\.\\pipe\\coresoul-search-${id}`;
  const uid = process.getuid!();
  const dir = path.join(process.env.XDG_RUNTIME_DIR || os.tmpdir(), `coresoul-${uid}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.lstatSync(dir);
  if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o077) !== 0) throw new Error(`${dir} is not private to this user`);
  return path.join(dir, `search-${id}.sock`);
}

/**
 * 80 bits of three 32-bit multiplicative hashes of `text`, in hex: a socket's name, no secret (the
 * folder is private). Loading node:crypto would cost every warm search more than its reply. Two
 * names that clash cost a search on its own: a server answers only for its own vault.
 */
function nameHash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  let h3 = 0x2545f491;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 13);
    h3 = Math.imul(h3 ^ c, 0x85ebca6b) ^ (h3 >>> 15);
  }
  return [h1, h2, h3].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('').slice(0, 20);
}

/** The server's reply to `req`, or undefined when there is no server (or it is not answering, or the reply is not JSON). */
export function ask(socket: string, req: SearchRequest): Promise<Reply | undefined> {
  return new Promise((resolve) => {
    const conn = net.connect(socket);
    let data = '';
    const done = (reply: Reply | undefined) => {
      conn.destroy();
      resolve(reply);
    };
    conn.setTimeout(REPLY_TIMEOUT_MS, () => done(undefined));
    conn.on('error', () => done(undefined));
    conn.on('connect', () => conn.end(`${JSON.stringify(req)}\n`));
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => (data += chunk));
    conn.on('end', () => {
      try {
        done(JSON.parse(data) as Reply);
      } catch {
        done(undefined);
      }
    });
  });
}

/** The server's answer, or undefined when there is no server (or it is not answering): search locally then. An error it reports is thrown. */
export async function askServer(socket: string, req: SearchRequest): Promise<SearchResult | undefined> {
  const reply = await ask(socket, req);
  if (!reply) return undefined;
  if ('error' in reply) throw new CoreSoulError(reply.error.kind, reply.error.message);
  if (!('result' in reply)) return undefined;
  if (reply.served) servedWith.set(reply.result, reply.served);
  return reply.result;
}

/** Starts `coresoul serve-search` for `root` in the background, detached from this process. */
export function startServer(bundle: string, root: string): void {
  childProcess().spawn(process.execPath, [bundle, 'serve-search', '--root', root], { detached: true, stdio: 'ignore', windowsHide: true }).unref();
}

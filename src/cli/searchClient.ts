/**
 * One `coresoul search` call as the CLI makes it — its options, its request, how its answer is
 * printed — and the client side of the warm search server (searchServer.ts). Light on purpose:
 * the quick path (quickSearch.ts) runs on this alone, before the rest of the CLI is compiled.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { localDay, parseNow } from '../core/shared/clock';
import { CoreSoulError, type ErrorKind, inputError } from '../core/shared/errors';
import { isBranchName } from '../core/shared/validation';
import { DEFAULT_LIMIT, DEFAULT_MAX_TOKENS, type SearchOptions, type SearchResult, foundNothingFor } from '../core/search/result';
import { staleMarks } from '../core/truth/marks';
import { bestLine, recordServed } from '../core/vault/usage';
import { vaultAt } from '../core/vault/layout';
import { recordedSnippets } from '../core/context/recorded';
import type { CommandResult, OptionSpec, OptionValues } from './command';
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
}

/** `served`: the usage keys of the answer's hits (vault/usage.ts servedKeys), worked out by the server. */
export type Reply = { result: SearchResult; served?: string[] } | { error: { kind: ErrorKind; message: string } };

/**
 * The usage keys a server sent with its answers: the caller records them as they are, without
 * loading node:crypto (their hash) for one append.
 */
const servedWith = new WeakMap<SearchResult, string[]>();

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

/** The options a search runs `req` with: as recorded notes, their rendering counted in the budget. */
export function searchOptions(req: SearchRequest): SearchOptions {
  return req.recorded ? { ...req.options, render: (hits) => recordedSnippets(req.root, hits) } : req.options;
}

/**
 * What the search command prints for the answer to `req`: warnings and a count on stderr; on
 * stdout the hits as recorded notes (labelled, each cited and quoted, a stale one's mark after it),
 * which is the text the search counted against `--max-tokens` (`searchOptions`). The lines it
 * found count as used on the request's day (docs/truth.md#usage-aware-decay).
 */
export function searchReply(r: SearchResult, req: SearchRequest, warn: (m: string) => void): CommandResult {
  for (const w of r.warnings) warn(w);
  if (r.results.length) recordServed(vaultAt(req.root), r.results.map(bestLine), req.options.today ?? localDay(new Date()), servedWith.get(r));
  const { warnings: _w, matched: _m, ...json } = r;
  if (!r.results.length && r.matched && (req.options.page ?? 1) > 1) return { json, text: `nothing more: pages 1 to ${(req.options.page ?? 1) - 1} showed every match` };
  if (!r.results.length && r.matched) return { json, text: `nothing fits in ${req.options.maxTokens} tokens: ${r.matched} line(s) found (raise --max-tokens)` };
  if (!r.results.length) return { json, text: `nothing found for "${r.query}"` };
  warn(`${r.results.length} result(s), ${r.tokens} tokens (${r.tokenizer})${r.branch ? `, memory of branch ${r.branch}` : ''}${r.more ? `; ${r.more} more matching line(s): --page ${r.nextPage}` : ''}`);
  return { json, text: `${recordedSnippets(req.root, r.results as MarkedHit[], (h) => h.stale && `  (stale: ${h.stale})`)}${r.missing?.length ? `\n\n${foundNothingFor(r.missing)}` : ''}` };
}

// ---- stale marks (docs/truth.md#freshness): kept apart from the search itself ----------------

/** A hit with, when the code it cites changed since it was written, what changed. */
export type MarkedHit = SearchResult['results'][number] & { stale?: string };

/**
 * Adds a `stale` field to each hit whose cited code was deleted, moved or changed since; a failing
 * check marks nothing. No time bound: the same search in the same project gives the same marks,
 * however long git takes (the check costs nothing when no hit cites code).
 */
export async function markStale(r: SearchResult, root: string): Promise<SearchResult> {
  const marks = await staleMarks(root, r.results).catch(() => []);
  marks.forEach((mark, i) => {
    if (mark) (r.results[i] as MarkedHit).stale = mark;
  });
  return r;
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
        if ('error' in reply) return reject(new CoreSoulError(reply.error.kind, reply.error.message));
        if (reply.served) servedWith.set(reply.result, reply.served);
        resolve(reply.result);
      }),
    );
  });
}

/** Starts `coresoul serve-search` for `root` in the background, detached from this process. */
export function startServer(bundle: string, root: string): void {
  childProcess().spawn(process.execPath, [bundle, 'serve-search', '--root', root], { detached: true, stdio: 'ignore', windowsHide: true }).unref();
}

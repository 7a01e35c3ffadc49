/**
 * A warm `coresoul search`, answered before the rest of the CLI is even compiled. dist/cli.js
 * starts here (entry.ts) and holds the rest as text (esbuild.mjs): compiling and starting it
 * costs more than a warm server takes to answer. When the search server of this vault and
 * build is running, its answer is printed exactly as the search command prints it. Anything
 * else — --help, bad arguments, no server, an error reply — returns false, and the whole CLI
 * takes the call from the start (and reports what went wrong). entry.ts calls it for `search` only.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { findWorkspaceRoot } from '../core/vault/layout';
import { GLOBAL_OPTIONS, printResult } from './command';
import { SEARCH_OPTIONS, askServer, markStale, searchReply, searchRequest, serverEnabled, socketPath } from './searchClient';

export async function quickSearch(argv: string[], bundle: string): Promise<boolean> {
  if (!serverEnabled()) return false;
  try {
    const { values, positionals } = parseArgs({ args: argv.slice(1), options: { ...GLOBAL_OPTIONS, ...SEARCH_OPTIONS }, allowPositionals: true, strict: true });
    if (values.help) return false;
    const req = searchRequest(values.root === undefined ? findWorkspaceRoot(process.cwd()) : path.resolve(values.root as string), positionals, values);
    const answer = await askServer(socketPath(bundle, req.root), req);
    if (!answer) return false;
    process.exitCode = printResult(
      searchReply(await markStale(answer, req.root), req, (m) => process.stderr.write(`${m}\n`)),
      !!values.json,
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * A warm `coresoul search`, answered before the rest of the CLI is even compiled. dist/cli.js
 * starts here (entry.ts) and holds the rest as text (esbuild.mjs): compiling and starting it
 * costs more than a warm server takes to answer. When the search server of this vault and
 * build is running, it sends what the search command prints for the call (searchAnswer.ts:
 * stale marks checked, the lines found recorded as used), and that is written as it is: this
 * process runs no more of the search than its request and its socket. Anything else — --help,
 * bad arguments, no server, an error reply — returns false, and the whole CLI takes the call
 * from the start (and reports what went wrong). entry.ts calls it for `search` only.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { findWorkspaceRoot } from '../core/vault/layout';
import { GLOBAL_OPTIONS } from './command';
import { type Printed, SEARCH_OPTIONS, ask, searchRequest, serverEnabled, socketPath } from './searchClient';

export async function quickSearch(argv: string[], bundle: string): Promise<boolean> {
  if (!serverEnabled()) return false;
  let printed: Printed;
  try {
    const { values, positionals } = parseArgs({ args: argv.slice(1), options: { ...GLOBAL_OPTIONS, ...SEARCH_OPTIONS }, allowPositionals: true, strict: true });
    if (values.help) return false;
    const req = searchRequest(values.root === undefined ? findWorkspaceRoot(process.cwd()) : path.resolve(values.root as string), positionals, values);
    const reply = await ask(socketPath(bundle, req.root), { ...req, print: { json: !!values.json } });
    if (!reply || !('printed' in reply)) return false;
    printed = reply.printed;
  } catch {
    return false;
  }
  if (printed.stderr.length) write(2, printed.stderr.map((m) => `${m}\n`).join(''));
  if (printed.stdout) write(1, printed.stdout);
  process.exitCode = printed.exitCode;
  return true;
}

/**
 * Writes `text` to the descriptor `fd` (stdout, stderr) as it is, without making the stream
 * Node builds on first use of process.stdout; a pipe that would block takes the rest through
 * that stream after all.
 */
function write(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(text);
  for (let off = 0; off < bytes.length; ) {
    try {
      off += fs.writeSync(fd, bytes, off);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(off));
      return;
    }
  }
}

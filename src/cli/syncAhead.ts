/**
 * `coresoul sync` in its plain forms (`--root <dir>`, `--json`) starts fetching the vault's
 * origin here, in the CLI's entry, while the rest of the CLI loads (core/sync/fetch.ts); main.ts
 * then runs the sync, which takes the fetch over. Any other form — `--remote`, `--now`, `--help`,
 * an option main.ts would refuse — is left to main.ts alone, so bad input still changes nothing.
 */
import * as path from 'node:path';
import { fetchAhead } from '../core/sync/fetch';
import { findWorkspaceRoot, vaultAt } from '../core/vault/layout';

export function syncAhead(args: string[]): void {
  let root: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--json') continue;
    if (args[i] !== '--root' || i + 1 >= args.length || args[i + 1].startsWith('-') || root !== undefined) return;
    root = args[++i];
  }
  try {
    fetchAhead(vaultAt(root === undefined ? findWorkspaceRoot(process.cwd()) : path.resolve(root)));
  } catch {
    // (a folder gone from under the process, say) main.ts runs the sync from the start and says what is wrong
  }
}

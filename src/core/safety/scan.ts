/**
 * `scan` (docs/trust.md#secrets): the secrets already in a vault — in its files and in every
 * version its history keeps — each with file and line, so a person can remove them (and, for
 * history, rewrite it) before the vault travels. `pack` refuses a vault this finds anything in.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeUtf8Strict } from '../shared/text';
import { catFile, git, hasHistory } from '../vault/history';
import { type Vault, rel } from '../vault/layout';
import { type SecretFinding, secretsIn } from './secrets';

/** Larger files are not text a person wrote: skipped, like search does. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

export interface SecretHit {
  /** Relative to the workspace root. */
  file: string;
  /** 1-based. */
  line: number;
  kind: string;
  /** For a secret only an older version holds: a commit whose tree has that version. */
  commit?: string;
}

export interface ScanReport {
  found: SecretHit[];
  /** Files read in the vault folder, and versions read from its history. */
  files: number;
  versions: number;
}

/** Scans the vault's files and, unless `history` is false, every version in its history; `signal` stops it between files. */
export async function scanVault(v: Vault, opts: { history?: boolean } = {}, signal?: AbortSignal): Promise<ScanReport> {
  const found: SecretHit[] = [];
  const seen = new Set<string>();
  const add = (file: string, text: string, hits: SecretFinding[], commit?: string) => {
    for (const h of hits) {
      const key = `${file}\n${h.kind}\n${text.slice(h.start, h.end)}`;
      if (seen.has(key)) continue; // the same secret in the file now, or in an older version of it
      seen.add(key);
      found.push({ file, line: lineOf(text, h.start), kind: h.kind, ...(commit && { commit }) });
    }
  };
  const files = vaultFiles(v.soulDir);
  for (const file of files) {
    signal?.throwIfAborted();
    const text = readText(file);
    if (text !== undefined) add(rel(v, file), text, secretsIn(text));
  }
  let versions = 0;
  if (opts.history !== false && hasHistory(v)) {
    for (const blob of await historyBlobs(v)) {
      signal?.throwIfAborted();
      versions++;
      const hits = secretsIn(blob.text);
      if (!hits.length) continue;
      const commit = (await git(v, ['log', '--all', '-1', '--format=%h', `--find-object=${blob.sha}`])).stdout.trim();
      add(rel(v, path.join(v.soulDir, blob.path)), blob.text, hits, commit || undefined);
    }
  }
  return { found, files: files.length, versions };
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

function readText(file: string): string | undefined {
  try {
    return fs.statSync(file).size > MAX_FILE_BYTES ? undefined : decodeUtf8Strict(fs.readFileSync(file)); // undefined: binary
  } catch {
    return undefined; // gone since it was listed
  }
}

/**
 * What is not written memory: the history (scanned version by version), the cache (rebuilt from
 * that history) and the bundled CLI (our code, whose minified text looks like keys).
 */
const NOT_WRITTEN = new Set(['.git', 'cache', 'bin']);
const isWritten = (relToVault: string) => !NOT_WRITTEN.has(relToVault.split('/')[0]);

function vaultFiles(dir: string, top = true): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if ((top && !isWritten(e.name)) || e.name === '.git') continue; // the personal scope's history too (vault/personal.ts)
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...vaultFiles(p, false));
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

interface Blob {
  sha: string;
  /** Relative to the vault folder. */
  path: string;
  text: string;
}

/** Every distinct text file version reachable in the vault history, read with one `git cat-file --batch`. */
async function historyBlobs(v: Vault): Promise<Blob[]> {
  const listed = await git(v, ['rev-list', '--all', '--objects']);
  if (listed.code !== 0) return []; // no commit yet
  const paths = new Map<string, string>();
  for (const line of listed.stdout.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0 && isWritten(line.slice(space + 1))) paths.set(line.slice(0, space), line.slice(space + 1));
  }
  const types = await catFile(v, [...paths.keys()], '--batch-check');
  const blobs = [...paths].filter(([sha]) => types.get(sha)?.type === 'blob' && types.get(sha)!.size <= MAX_FILE_BYTES);
  const contents = await catFile(v, blobs.map(([sha]) => sha), '--batch');
  const out: Blob[] = [];
  for (const [sha, p] of blobs) {
    const text = decodeUtf8Strict(contents.get(sha)?.body ?? Buffer.alloc(0));
    if (text !== undefined) out.push({ sha, path: p, text }); // a binary version holds nothing to read
  }
  return out;
}

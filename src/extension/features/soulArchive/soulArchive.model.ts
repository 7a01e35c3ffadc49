/**
 * Pack Soul and Restore Soul's inputs when they come as command arguments (keybindings, tests,
 * other extensions) instead of dialogs: checked here, at the boundary, into typed requests.
 */
import * as path from 'node:path';
import * as z from 'zod/mini';
import { type PackFormat, defaultArchiveName } from '../../../core/archive/layout';
import { inputError } from '../../../core/shared/errors';

export interface PackRequest {
  out: string;
  format: PackFormat;
}

export interface RestoreRequest {
  archive: string;
  /** The folder to restore into; undefined: ask. */
  target?: string;
  /** Add to a non-empty folder without overwriting anything. */
  merge: boolean;
}

const PackArgs = z.union([z.string(), z.object({ out: z.string() })]);
const RestoreArgs = z.union([z.string(), z.object({ archive: z.string(), target: z.optional(z.string()), merge: z.optional(z.boolean()) })]);

/** `.sh` archives are self-extracting shell scripts; everything else is a .tar.gz. */
export const formatOf = (file: string): PackFormat => (file.toLowerCase().endsWith('.sh') ? 'sh' : 'tgz');

/** Where Pack Soul's save dialog starts: the workspace root, with the default archive name. */
export const defaultPackTarget = (root: string) => path.join(root, defaultArchiveName('tgz'));

/** Pack Soul's argument: the archive's path, or `{out}`; relative paths are taken from the workspace root. */
export function packRequest(raw: unknown, root: string): PackRequest {
  const parsed = PackArgs.safeParse(raw);
  if (!parsed.success) throw inputError('Pack Soul: expected the archive path, or {"out": "<archive path>"}');
  const out = absolute(typeof parsed.data === 'string' ? parsed.data : parsed.data.out, root, 'the archive path');
  return { out, format: formatOf(out) };
}

/** Restore Soul's argument: the archive's path, or `{archive, target?, merge?}`. */
export function restoreRequest(raw: unknown, root: string | undefined): RestoreRequest {
  const parsed = RestoreArgs.safeParse(raw);
  if (!parsed.success) throw inputError('Restore Soul: expected the archive path, or {"archive": "<file>", "target": "<folder>", "merge": false}');
  const args = typeof parsed.data === 'string' ? { archive: parsed.data } : parsed.data;
  return {
    archive: absolute(args.archive, root, 'the archive path'),
    target: args.target === undefined ? undefined : absolute(args.target, root, 'the target folder'),
    merge: args.merge ?? false,
  };
}

function absolute(p: string, root: string | undefined, what: string): string {
  if (!p.trim()) throw inputError(`${what} is empty`);
  if (path.isAbsolute(p)) return path.normalize(p);
  if (!root) throw inputError(`${what} "${p}" is relative, and no folder is open to take it from`);
  return path.resolve(root, p);
}

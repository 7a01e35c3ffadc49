/**
 * "Core Soul: Import Memories…" without VS Code: its argument, when it comes as one (keybindings,
 * tests, other extensions) instead of dialogs, checked into a typed request; and the report's totals.
 */
import * as path from 'node:path';
import * as z from 'zod/mini';
import type { ImportReport } from '../../../core/interop/importMemories';
import { IMPORT_FORMATS, type ImportFormat } from '../../../core/interop/plan';
import { inputError } from '../../../core/shared/errors';

export interface ImportRequest {
  /** The file or folder to import, absolute. */
  source: string;
  from?: ImportFormat;
}

const ImportArgs = z.union([z.string(), z.object({ source: z.string(), from: z.optional(z.enum(IMPORT_FORMATS)) })]);

/** The argument: the source's path, or `{source, from?}`; a relative path is taken from the workspace root. */
export function importRequest(raw: unknown, root: string): ImportRequest {
  const parsed = ImportArgs.safeParse(raw);
  if (!parsed.success) throw inputError(`Import Memories: expected the path to import, or {"source": "<path>", "from": "${IMPORT_FORMATS.join('|')}"}`);
  const args = typeof parsed.data === 'string' ? { source: parsed.data } : parsed.data;
  if (!args.source.trim()) throw inputError('Import Memories: the path to import is empty');
  return { source: path.resolve(root, args.source), ...(args.from && { from: args.from }) };
}

export interface ImportTotals {
  formats: string;
  imported: number;
  merged: number;
  skipped: number;
  /** Persona proposals made (or, in a dry run, to be made). */
  proposals: number;
}

/** The report summed over its formats, as the notifications say it. */
export function importTotals(r: ImportReport): ImportTotals {
  const sum = (f: (x: ImportReport['formats'][number]) => number) => r.formats.reduce((s, x) => s + f(x), 0);
  return {
    formats: r.formats.map((f) => f.format).join(', '),
    imported: sum((f) => f.imported),
    merged: sum((f) => f.merged),
    skipped: sum((f) => f.skipped.length),
    proposals: sum((f) => (r.dryRun ? (f.plan ?? []).filter((p) => p.day === 'persona proposal').length : f.proposals.length)),
  };
}

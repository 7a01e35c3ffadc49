import * as path from 'node:path';
import { EXPORT_FORMATS, type ExportFormat, exportMemories } from '../../core/interop/exportMemories';
import { inputError } from '../../core/shared/errors';
import { redactionNotice } from '../../core/safety/secrets';
import { openVault } from '../../core/vault/layout';
import type { Command } from '../command';

const DEFAULT_OUT: Record<ExportFormat, string> = { 'mcp-memory': 'coresoul-memory.jsonl', markdown: 'coresoul-memory' };

export const exportCommand: Command = {
  name: 'export',
  usage: `export --format ${EXPORT_FORMATS.join('|')} [--out <path>]`,
  summary: 'write everything the vault remembers in an open format (MCP memory JSON lines or a Markdown folder), secrets redacted',
  options: { format: { type: 'string' }, out: { type: 'string' } },
  describe: {
    format: '<mcp-memory|markdown> MCP memory JSON lines, or a folder of Markdown files',
    out: '<path> where to write (default: coresoul-memory.jsonl or coresoul-memory/ in the current folder)',
  },
  examples: [
    'coresoul export --format mcp-memory',
    'coresoul export --format markdown --out ~/notes/coresoul',
  ],
  async run(ctx, _args, opts) {
    const format = opts.format as string | undefined;
    if (!format || !(EXPORT_FORMATS as readonly string[]).includes(format)) {
      throw inputError(`expected one of ${EXPORT_FORMATS.join(', ')}, got ${format ? `"${format}"` : 'nothing'}`, 'format');
    }
    // Like tar or npm pack: into the folder the command runs in, not into the project's files.
    const out = path.resolve((opts.out as string | undefined) ?? DEFAULT_OUT[format as ExportFormat]);
    const r = exportMemories(openVault(ctx.root), format as ExportFormat, out);
    const what = r.format === 'markdown' ? `${r.days} day(s) and ${r.entities} entity note(s)` : `${r.entities} entities, ${r.observations} observations, ${r.relations} relations`;
    // Nothing leaves with a credential: what was redacted is said, never shown.
    const notice = redactionNotice(r.redacted, 'exporting');
    if (notice) ctx.warn(notice);
    return { json: r, text: `Exported ${what} to ${r.out}` };
  },
};

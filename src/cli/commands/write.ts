import * as fs from 'node:fs';
import { compress, compressWithHistory, compressionDue } from '../../core/compress';
import { CoreSoulError, inputError } from '../../core/errors';
import { commitVault } from '../../core/history';
import { openVault } from '../../core/vault';
import { ENTRY_KINDS, type EntryKind, type WriteDeps, parseEntityArg, writeMemory } from '../../core/write';
import type { Command } from '../command';
import { warnOdd } from './compress';

export const write: Command = {
  name: 'write',
  usage: 'write <text | -> [--entity kind/Name]… [--kind note|decision|error|correction|preference]',
  summary: "append an entry to today's memory and date-tag its [[entities]] (text - reads stdin)",
  options: { entity: { type: 'string', multiple: true }, kind: { type: 'string' } },
  async run(ctx, args, opts) {
    if (!args.length) throw inputError('write: missing the memory text (coresoul write "<text>")');
    const text = args.length === 1 && args[0] === '-' ? fs.readFileSync(0, 'utf8') : args.join(' ');
    const kind = opts.kind as string | undefined;
    if (kind !== undefined && !(ENTRY_KINDS as readonly string[]).includes(kind)) {
      throw inputError(`--kind: expected one of ${ENTRY_KINDS.join(', ')}, got "${kind}"`);
    }
    const entities = ((opts.entity as string[]) ?? []).map(parseEntityArg);
    const v = openVault(ctx.root);

    // A new week: compress first, between two commits, so the vault history keeps last week's
    // raw entries. writeMemory would compress by itself under its lock, but cannot commit; when
    // the first commit fails, compression waits for a later write instead.
    let compressed = false;
    let postponed = false;
    const now = ctx.clock.now();
    if (compressionDue(v, now)) {
      try {
        const report = await compressWithHistory(v, { now, warn: ctx.warn });
        warnOdd(ctx, report);
        compressed = report.ran;
      } catch (err) {
        if (!(err instanceof CoreSoulError)) throw err;
        ctx.warn(`warning: weekly compression postponed to the next write: ${err.message}`);
        postponed = true;
      }
    }
    const compressInline: WriteDeps['compress'] = postponed ? () => {} : (vault, at) => compress(vault, { now: at });
    const result = writeMemory(v, { text, kind: kind as EntryKind | undefined, entities }, { clock: ctx.clock, compress: compressInline });
    result.compressed = !postponed && (result.compressed || compressed);
    await commitVault(v, `memory: ${result.file.split('/').pop()} line ${result.line}`).catch((err) =>
      ctx.warn(`warning: written, but not committed to the vault history yet: ${String(err.message).split('\n')[0]}`),
    );
    const lines = [
      `${result.compressed ? 'Compressed last week, then wrote' : 'Wrote'} ${result.file}:${result.line}`,
      ...result.entities.map((e) => `  ${e.created ? 'new entity' : 'tagged'} ${e.path}`),
    ];
    return { json: result, text: lines.join('\n') };
  },
};

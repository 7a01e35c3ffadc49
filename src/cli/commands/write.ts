import * as fs from 'node:fs';
import { type CompressReport, compress, compressionCommitMessage, compressionDue } from '../../core/compress';
import { CoreSoulError, inputError } from '../../core/errors';
import { commitVault } from '../../core/history';
import { openVault } from '../../core/vault';
import { ENTRY_KINDS, type EntryKind, parseEntityArg, writeMemory } from '../../core/write';
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

    // A new week: writeMemory compresses it (under its lock, after checking the input, before
    // writing), and cannot commit; so the raw week goes into the vault history first. If that
    // commit fails, compression waits for a later write rather than lose the raw text.
    let postponed = false;
    if (compressionDue(v, ctx.clock.now())) {
      try {
        await commitVault(v, 'memory: before weekly compression');
      } catch (err) {
        if (!(err instanceof CoreSoulError)) throw err;
        ctx.warn(`warning: weekly compression postponed to the next write: ${err.message}`);
        postponed = true;
      }
    }
    let report: CompressReport | undefined;
    const result = writeMemory(v, { text, kind: kind as EntryKind | undefined, entities }, {
      clock: ctx.clock,
      compress: (vault, now) => {
        if (!postponed) report = compress(vault, { now });
      },
    });
    result.compressed = report?.ran ?? false;
    if (report) warnOdd(ctx, report);
    const message = `memory: ${result.file.split('/').pop()} line ${result.line}${report?.ran ? `, after ${compressionCommitMessage(report)}` : ''}`;
    await commitVault(v, message).catch((err) =>
      ctx.warn(`warning: written, but not committed to the vault history yet: ${String(err.message).split('\n')[0]}`),
    );
    const lines = [
      `${result.compressed ? 'Compressed last week, then wrote' : 'Wrote'} ${result.file}:${result.line}`,
      ...result.entities.map((e) => `  ${e.created ? 'new entity' : 'tagged'} ${e.path}`),
    ];
    return { json: result, text: lines.join('\n') };
  },
};

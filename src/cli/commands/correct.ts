import * as fs from 'node:fs';
import { correctMemory } from '../../core/memory/amend';
import { parseEntryRef } from '../../core/memory/retract';
import { type Origin, parseEntityArg } from '../../core/memory/write';
import { inputError } from '../../core/shared/errors';
import { ENTRY_KINDS, type EntryKind } from '../../core/vault/dayEntries';
import { openVault } from '../../core/vault/layout';
import { type Command, withPositionals } from '../command';

export const correct: Command = {
  name: 'correct',
  usage: 'correct <"YYYY-MM-DD HH:MM:SS" | day-file:line> <text | -> --reason <why> [--kind <kind>] [--entity kind/Name]… [--from person|agent] [--via <host>]',
  summary: 'replace a wrong memory entry: write the corrected one today and mark the old one superseded, with the reason',
  options: { reason: { type: 'string' }, kind: { type: 'string' }, entity: { type: 'string', multiple: true }, from: { type: 'string' }, via: { type: 'string' } },
  describe: {
    reason: '<why> required: why the old entry was wrong (kept beside it, secrets redacted)',
    kind: '<kind> the corrected entry\'s kind (default: the old entry\'s)',
    entity: '<kind/Name> also date-tag this entity; repeatable',
    from: '<who> person or agent (default person)',
    via: '<host> the agent host an agent wrote through',
  },
  examples: [
    'coresoul correct "2026-03-09 10:00:00" "We deploy with Fly.io, not Heroku" --reason "moved in March"',
    'coresoul correct .CoreSoul/memory/chronological/2026-03-09.md:7 - --reason "wrong port" < fixed.txt',
  ],
  takesArguments: true,
  async run(ctx, args, opts) {
    // `correct 2026-03-10 09:00:00 text` without quotes: the day and the time are one entry.
    const [entry, rest] = /^\d{4}-\d{2}-\d{2}$/.test(args[0] ?? '') && /^\d{2}:\d{2}:\d{2}$/.test(args[1] ?? '') ? [`${args[0]} ${args[1]}`, args.slice(2)] : [args[0], args.slice(1)];
    if (!entry || !rest.length) throw inputError('correct: missing the entry or the corrected text (coresoul correct "2026-03-10 09:00:00" "<text>" --reason "<why>")');
    if (opts.reason === undefined) throw inputError('correct: missing --reason (say why the old entry is wrong)');
    const kind = opts.kind as string | undefined;
    if (kind !== undefined && !(ENTRY_KINDS as readonly string[]).includes(kind)) throw inputError(`--kind: expected one of ${ENTRY_KINDS.join(', ')}, got "${kind}"`);
    const text = rest.length === 1 && rest[0] === '-' ? fs.readFileSync(0, 'utf8') : rest.join(' ');
    const r = await withPositionals(['entry'], () =>
      correctMemory(
        openVault(ctx.root),
        { entry: parseEntryRef(entry), text, reason: opts.reason as string, kind: kind as EntryKind | undefined, entities: ((opts.entity as string[]) ?? []).map(parseEntityArg) },
        { clock: ctx.clock, from: opts.from as Origin | undefined, via: opts.via as string | undefined },
      ),
    );
    if (r.warning) ctx.warn(`warning: ${r.warning}`);
    const lines = [
      `Corrected ${r.corrected.file}:${r.corrected.line} (${r.corrected.day} ${r.corrected.time}, now marked superseded)`,
      `Wrote ${r.entry.file}:${r.entry.line}`,
      ...r.marked.map((m) => `  marked ${m}`),
    ];
    return { json: r, text: lines.join('\n') };
  },
};

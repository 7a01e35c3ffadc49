import * as fs from 'node:fs';
import { inputError } from '../../core/shared/errors';
import { rememberAll } from '../../core/memory/remember';
import { openVault } from '../../core/vault/layout';
import { type Origin, parseEntityArg } from '../../core/memory/write';
import { ENTRY_KINDS, type EntryKind } from '../../core/vault/dayEntries';
import { type CliContext, type Command, warnOdd } from '../command';
import { notCommitted } from '../../core/vault/history';
import { redactionNotice } from '../../core/safety/secrets';
import { compressBeforeWrite } from '../../core/compress/compress';

export const write: Command = {
  name: 'write',
  usage: 'write <text | -> [--entity kind/Name]… [--kind note|decision|error|correction|preference] [--from person|agent|capture|import] [--via <host>]',
  summary: "append an entry to today's memory and date-tag its [[entities]] (text - reads stdin)",
  options: { entity: { type: 'string', multiple: true }, kind: { type: 'string' }, from: { type: 'string' }, via: { type: 'string' } },
  describe: {
    entity: '<kind/Name> also date-tag this entity (people, events, places, objects); repeatable',
    kind: '<kind> note, decision, error, correction or preference (a preference or correction also teaches the user profile)',
    from: '<who> person, agent, capture or import (default person): only the person\'s own words teach preferences',
    via: '<host> the agent host an agent wrote through (claude, codex…)',
  },
  examples: [
    'coresoul write "Chose [[PostgreSQL]] over MySQL for JSONB support" --kind decision',
    'coresoul write "Prefer small pull requests" --kind preference',
    'git log -1 --format=%B | coresoul write - --from agent --via codex',
  ],
  takesArguments: true,
  async run(ctx, args, opts) {
    if (!args.length) throw inputError('write: missing the memory text (coresoul write "<text>")');
    const text = args.length === 1 && args[0] === '-' ? fs.readFileSync(0, 'utf8') : args.join(' ');
    const kind = opts.kind as string | undefined;
    if (kind !== undefined && !(ENTRY_KINDS as readonly string[]).includes(kind)) {
      throw inputError(`--kind: expected one of ${ENTRY_KINDS.join(', ')}, got "${kind}"`);
    }
    const entities = ((opts.entity as string[]) ?? []).map(parseEntityArg);
    const { results, compression, postponed, commitProblem } = await rememberAll(
      openVault(ctx.root),
      [{ text, kind: kind as EntryKind | undefined, entities, from: opts.from as Origin | undefined, via: opts.via as string | undefined }],
      { clock: ctx.clock },
    );
    if (postponed) ctx.warn(`warning: weekly compression postponed to the next write: ${postponed}`);
    if (compression) warnOdd(ctx, compression);
    if (commitProblem) ctx.warn(`warning: ${notCommitted('written', commitProblem)}`);
    const result = results[0];
    const notice = redactionNotice(result.redacted ?? []);
    if (notice) ctx.warn(notice);
    for (const n of result.notLearned ?? []) ctx.warn(`not learnt as a preference: "${n.value}": ${n.why}`);
    const proposal = result.toReview?.length ? await proposeForReview(ctx, result.toReview) : undefined;
    const lines = [
      `${result.compressed ? 'Compressed last week, then wrote' : 'Wrote'} ${result.file}:${result.line}`,
      ...result.entities.map((e) => `  ${e.created ? 'new entity' : 'tagged'} ${e.path}`),
      ...(result.learned ?? []).map((l) => `  learnt (${l.section}${l.strong ? ', strong' : ''}, seen ${l.count}×): ${l.line}${l.replaced ? ` (replaces "${l.replaced}")` : ''}`),
    ];
    if (proposal) lines.push(`  proposed for review as persona change ${proposal} (coresoul persona apply ${proposal} | reject ${proposal})`);
    return { json: { ...result, ...(proposal && { proposal }) }, text: lines.join('\n') };
  },
};

/** Preferences that may not be learnt silently wait as a persona proposal: its id, or none when nothing new (or it was refused). */
async function proposeForReview(ctx: CliContext, items: { value: string; why: string }[]): Promise<string | undefined> {
  for (const n of items) ctx.warn(`${n.why}: "${n.value}"`);
  const { proposePreferences } = await import('../../core/persona/preferenceReview');
  const review = await proposePreferences(openVault(ctx.root), items.map((n) => n.value), { clock: ctx.clock, compress: compressBeforeWrite });
  if (review && !review.accepted) ctx.warn(`not proposed for review: ${review.violations.map((x) => x.why).join('; ') || review.gate.message}`);
  return review?.accepted ? review.id : undefined;
}

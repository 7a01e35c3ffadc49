import * as fs from 'node:fs';
import { compressBeforeWrite } from '../../core/compress/compress';
import { CoreSoulError, inputError } from '../../core/shared/errors';
import type { ApplyResult, PersonaDeps, Review, Trigger } from '../../core/persona/proposals';
import { TRIGGERS } from '../../core/persona/gate';
import { openVault } from '../../core/vault/layout';
import type { CliContext, Command, CommandResult, OptionValues } from '../command';

const USAGE = [
  'persona propose --section <name> --content-file <file|-> [--section … --content-file …] --trigger <explicit-command|repeated-correction|paradigm-shift> --reason <text> [--from agent --via <host>]',
  'persona apply <id> | persona reject <id> | persona pending | persona history | persona revert <commit> [--reason <text>]',
].join('\n       coresoul ');

// Which options each subcommand takes, and how many positional arguments (and what they are).
const SUBCOMMANDS: Record<string, { options: string[]; arg?: string }> = {
  propose: { options: ['section', 'content-file', 'trigger', 'reason', 'from', 'via'] },
  apply: { options: [], arg: 'id' },
  reject: { options: [], arg: 'id' },
  pending: { options: [] },
  history: { options: [] },
  revert: { options: ['reason'], arg: 'commit' },
};

export const persona: Command = {
  name: 'persona',
  usage: USAGE,
  summary: 'gated, soul-checked persona changes: propose (prints a diff), apply, reject, pending, history, revert',
  options: {
    section: { type: 'string', multiple: true },
    'content-file': { type: 'string', multiple: true },
    trigger: { type: 'string' },
    reason: { type: 'string' },
    from: { type: 'string' },
    via: { type: 'string' },
  },
  describe: {
    section: '<name> the section to change (Self-Awareness, Behavioral Guidelines, Key Memories & Beliefs, Skill Registry); once per --content-file',
    'content-file': '<file> the section\'s new body, without its heading',
    trigger: '<explicit-command|repeated-correction|paradigm-shift> why the persona may change (the gate checks the evidence)',
    reason: '<text> one line the history keeps',
    from: '<who> person or agent (default person): an agent\'s proposal always waits for the person\'s review',
    via: '<host> the agent host an agent proposed through',
  },
  examples: [
    'coresoul persona propose --section "Behavioral Guidelines" --content-file rules.md --trigger explicit-command --reason "the user asked for shorter answers"',
    'coresoul persona apply <id>',
    'coresoul persona history',
  ],
  takesArguments: true,
  async run(ctx, args, opts) {
    const [sub, ...rest] = args;
    const spec = sub === undefined ? undefined : SUBCOMMANDS[sub];
    if (!spec) throw new CoreSoulError('usage', `persona: ${sub ? `unknown subcommand "${sub}"` : 'missing a subcommand'} (one of: ${Object.keys(SUBCOMMANDS).join(', ')})`);
    for (const name of Object.keys(persona.options)) {
      if (opts[name] !== undefined && !spec.options.includes(name)) throw new CoreSoulError('usage', `persona ${sub}: --${name} is not an option of ${sub}`);
    }
    if (rest.length !== (spec.arg ? 1 : 0)) {
      throw new CoreSoulError('usage', spec.arg ? `persona ${sub}: expected one ${spec.arg}` : `persona ${sub}: unexpected argument "${rest[0]}"`);
    }
    const v = openVault(ctx.root);
    // Loaded only for this command, so other commands do not pay for the diff library and schemas.
    const [{ applyProposal, pendingProposals, proposePersonaChange, rejectProposal }, { personaHistory, revertPersona }, { sectionLabel }] = await Promise.all([
      import('../../core/persona/proposals'),
      import('../../core/persona/history'),
      import('../../core/persona/document'),
    ]);
    const deps: PersonaDeps = { clock: ctx.clock, compress: compressBeforeWrite };
    switch (sub) {
      case 'propose': {
        const review = await proposePersonaChange(v, proposalInput(opts), deps);
        return reviewResult(ctx, review);
      }
      case 'apply':
        return applyResult(ctx, await applyProposal(v, rest[0], deps));
      case 'reject': {
        const r = await rejectProposal(v, rest[0], deps);
        r.warnings.forEach((w) => ctx.warn(`warning: ${w}`));
        return { json: r, text: `Rejected proposal ${r.id} (${r.sections.join(', ')}); persona.md unchanged; logged in ${r.logged}` };
      }
      case 'pending': {
        const pending = pendingProposals(v).map((p) => ({ id: p.id, created: p.created, trigger: p.trigger, reason: p.reason, sections: p.changes.map((c) => sectionLabel(c.section)) }));
        const text = pending.length ? pending.map((p) => `${p.id}  ${p.sections.join(', ')} (${p.trigger}) — ${p.reason}`).join('\n') : 'No pending persona proposals.';
        return { json: { pending }, text };
      }
      case 'history': {
        const commits = await personaHistory(v);
        const text = commits.length
          ? commits.map((c) => `${c.short}  ${c.date.slice(0, 10)}  ${c.subject}${c.reason ? `\n    ${c.reason.replace(/\n/g, '\n    ')}` : ''}`).join('\n')
          : 'No commit has changed persona.md yet.';
        return { json: { commits }, text };
      }
      default: {
        const { review, applied } = await revertPersona(v, rest[0], deps, opts.reason as string | undefined);
        if (!applied) return reviewResult(ctx, review);
        const shown = await applyResult(ctx, applied);
        return { ...shown, text: `${shown.text}\n${review.diff}` };
      }
    }
  },
};

function proposalInput(opts: OptionValues) {
  const sections = (opts.section as string[] | undefined) ?? [];
  const files = (opts['content-file'] as string[] | undefined) ?? [];
  if (!sections.length) throw inputError('persona propose: missing --section <name>');
  if (sections.length !== files.length) throw inputError(`persona propose: give one --content-file for each --section (got ${sections.length} section(s), ${files.length} file(s))`);
  const trigger = opts.trigger as string | undefined;
  if (!trigger || !(TRIGGERS as readonly string[]).includes(trigger)) throw inputError(`--trigger: expected one of ${TRIGGERS.join(', ')}${trigger ? `, got "${trigger}"` : ''}`);
  if (opts.reason === undefined) throw inputError('persona propose: missing --reason <text>');
  if (files.filter((f) => f === '-').length > 1) throw inputError('--content-file -: stdin can be read for one section only');
  const from = (opts.from as string | undefined) ?? 'person';
  if (from !== 'person' && from !== 'agent') throw inputError(`--from: expected person or agent, got "${from}"`);
  const changes = sections.map((section, i) => ({ section, content: readContent(files[i]) }));
  // An agent says so (the skills tell it to): its explicit-command then only waits for the person's review.
  return { changes, trigger: trigger as Trigger, reason: String(opts.reason), ...(from === 'agent' && { by: { from: 'agent' as const, via: opts.via as string | undefined } }) };
}

function readContent(file: string): string {
  try {
    return fs.readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw inputError(`--content-file ${file}: ${code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a folder' : `cannot be read (${code})`}`);
  }
}

function reviewJson(r: Review) {
  const { id, accepted, diff, violations, gate, sections, trigger, reason, file, logged, revertOf, warnings } = r;
  const soul = { passed: r.soul.passed, invariants: r.soul.invariants, judge: r.soul.judge };
  return { id, accepted, diff, violations, gate, soul, sections, trigger, reason, file, logged, revertOf, warnings };
}

function checks(r: Review): string[] {
  const g = r.gate;
  const lines = [`Gate (${g.trigger}): ${g.passed ? 'passed' : 'refused'} — ${g.message}`];
  for (const e of g.evidence) lines.push(`  ${e.file}:${e.line}  ${e.text.replace(/\s+/g, ' ').slice(0, 100)}`);
  if (g.counted > g.evidence.length) lines.push(`  … and ${g.counted - g.evidence.length} older entries`);
  const judge = typeof r.soul.judge === 'object' ? `; the model judge failed (${r.soul.judge.error}), so the rules decided` : '';
  lines.push(
    r.soul.passed
      ? `Soul check: passed (${r.soul.invariants.join(', ')})${judge}`
      : `Soul check: refused — ${r.violations.length} violation${r.violations.length === 1 ? '' : 's'} of soul.md`,
  );
  for (const x of r.violations) lines.push(`  ${x.invariant} in ${x.section}: "${x.quote}" — ${x.why}${x.by === 'judge' ? ' (model judge)' : ''}`);
  return lines;
}

function reviewResult(ctx: CliContext, r: Review): CommandResult {
  r.warnings.forEach((w) => ctx.warn(`warning: ${w}`));
  const text = r.accepted
    ? [
        `Proposal ${r.id} (${r.sections.join(', ')}) is pending review; persona.md is unchanged until you apply it.`,
        ...checks(r),
        `Review the diff, then: coresoul persona apply ${r.id}   (or: coresoul persona reject ${r.id})`,
        r.diff,
      ]
    : [`Refused: persona.md is unchanged (attempt logged in ${r.logged}).`, ...checks(r)];
  return { json: reviewJson(r), text: text.join('\n').trimEnd(), exitCode: r.accepted ? 0 : 3 };
}

function applyResult(ctx: CliContext, a: ApplyResult): CommandResult {
  if (!a.applied) return { ...reviewResult(ctx, a.review), json: { ...reviewJson(a.review), applied: false } };
  a.warnings.forEach((w) => ctx.warn(`warning: ${w}`));
  const r = a.review;
  const text = [
    `Applied proposal ${r.id}: ${r.sections.join(', ')} (${r.trigger})`,
    `  backup ${a.backup}`,
    `  event logged in ${a.event}`,
    `  ${a.commit ? `commit ${a.commit.slice(0, 10)}` : 'no vault history (not committed)'}`,
  ].join('\n');
  return { json: { ...reviewJson(r), applied: true, backup: a.backup, event: a.event, commit: a.commit }, text };
}

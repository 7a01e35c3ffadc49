/**
 * Persona updates (docs/persona.md#persona-updates). A proposal replaces whole sections of persona.md; it must pass the
 * gate (gate.ts) and the soul check (safety/soulCheck.ts). An accepted proposal waits under
 * `.CoreSoul/proposals/<id>.json` with a diff for review; nothing is written to the persona
 * before apply, which checks everything again, backs up, writes, logs the event through
 * MemoryWrite into `entities/events/PersonaUpdate.md` and commits. A refused attempt changes
 * nothing but the memory log.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FILE_HEADERS_ONLY, createTwoFilesPatch } from 'diff';
import * as z from 'zod/mini';
import { localDay, localTime } from '../shared/clock';
import { fsError, inputError, vaultError } from '../shared/errors';
import { atomicWrite, createExclusive, readTextIfExists, withLock } from '../shared/fs';
import { commitVault, notCommitted } from '../vault/history';
import { type GateDecision, PERSONA_EVENT, type Proposer, TRIGGERS, type Trigger, personaGate } from './gate';
import { controlCharacter, decodeUtf8Strict } from '../shared/text';
import { normaliseBody, parsePersona, replaceSections, resolveSection, sectionBody, sectionLabel } from './document';
import { type SoulJudge, type SoulVerdict, type Violation, checkSoul } from '../safety/soulCheck';
import { redactText, redactionNotice } from '../safety/secrets';
import { parseInvariants } from '../safety/invariants';
import { firstIssue } from '../shared/validation';
import { PERSONA_SECTIONS } from '../vault/personaSections';
import { type Vault, rel } from '../vault/layout';
import { type WriteDeps, writeMemory } from '../memory/write';
import { nodeCrypto } from '../shared/nodeLazy';

export { TRIGGERS, type Proposer, type Trigger } from './gate';

export interface PersonaDeps extends WriteDeps {
  /** An extra soul-check judge (a language model) that may only refuse. */
  judge?: SoulJudge;
  /**
   * The memory switch (docs/memory.md#memory-switch), on unless `false`. Off, the gate reads no memory (only an
   * explicit command passes) and nothing is logged to memory; the backup and the vault commit
   * still record every change.
   */
  memory?: boolean;
}

/** A proposal as an agent, a model tool or the CLI gives it (validated here). */
export interface ProposalInput {
  /** `section`: an English name, a Chinese name or the full heading; `content`: the body without its heading. */
  changes: { section: string; content: string }[];
  trigger: Trigger;
  reason: string;
  /** Who proposes it; default the person. An agent's `explicit-command` only waits for the person's review. */
  by?: Proposer;
}

const ProposalInputSchema = z.object({
  changes: z.array(z.object({ section: z.string(), content: z.string() })).check(z.minLength(1, 'a proposal changes at least one section')),
  trigger: z.enum(TRIGGERS, `trigger must be one of ${TRIGGERS.join(', ')}`),
  reason: z.string(),
});

const ID_RE = /^\d{8}-\d{6}-[0-9a-f]{4,16}$/;
const MAX_REASON_CHARS = 2000;

const StoredProposal = z.object({
  version: z.literal(1),
  id: z.string().check(z.regex(ID_RE)),
  created: z.string(),
  trigger: z.enum(TRIGGERS),
  reason: z.string().check(z.minLength(1)),
  changes: z.array(z.object({ section: z.enum(PERSONA_SECTIONS), content: z.string() })).check(z.minLength(1)),
  personaSha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  revertOf: z.optional(z.string()),
  /** Set when an agent proposed it (through `via`): the person's review is what applies it. */
  from: z.optional(z.literal('agent')),
  via: z.optional(z.string()),
});

/** A pending proposal as stored in `.CoreSoul/proposals/<id>.json`. */
export type Proposal = z.infer<typeof StoredProposal>;

/** The outcome of checking a proposal: what `propose` shows and the VS Code diff review opens. */
export interface Review {
  id: string;
  accepted: boolean;
  trigger: Trigger;
  reason: string;
  /** English names of the sections that change. */
  sections: string[];
  gate: GateDecision;
  soul: SoulVerdict;
  violations: Violation[];
  /** Unified diff of persona.md, current → proposed. */
  diff: string;
  current: string;
  proposed: string;
  /** The stored proposal (relative path), when accepted. */
  file?: string;
  /** The memory entry (`file:line`) that logged a refusal (none while memory is off). */
  logged?: string;
  /** The commit whose change this proposal undoes. */
  revertOf?: string;
  /** The host or tool an agent proposed it through; absent when the person proposed it. */
  proposer?: string;
  warnings: string[];
}

export interface ApplyResult {
  applied: boolean;
  review: Review;
  /** The backup of the persona before the change, relative to the workspace root. */
  backup?: string;
  /** The memory entry (`file:line`) that logged the event (none while memory is off). */
  event?: string;
  commit?: string;
  /** Things that went wrong after the persona was safely written (e.g. the commit). */
  warnings: string[];
}

export interface RejectResult {
  id: string;
  sections: string[];
  /** The memory entry that logged the rejection (none while memory is off). */
  logged?: string;
  commit?: string;
  warnings: string[];
}

// ---- propose ----------------------------------------------------------------------------

export async function proposePersonaChange(v: Vault, input: ProposalInput, deps: PersonaDeps): Promise<Review> {
  const parsed = ProposalInputSchema.safeParse(input);
  if (!parsed.success) throw inputError(`persona proposal: ${firstIssue(parsed.error)}`);
  const reason = parsed.data.reason.trim();
  if (!reason) throw inputError('the reason is empty: say why the persona should change', 'reason');
  if (reason.length > MAX_REASON_CHARS) throw inputError(`the reason is longer than ${MAX_REASON_CHARS} characters`, 'reason');
  const ctrl = controlCharacter(reason);
  if (ctrl) throw inputError(`the reason contains control character ${ctrl}`, 'reason');
  const changes: Proposal['changes'] = [];
  for (const c of parsed.data.changes) {
    const { heading } = resolveSection(c.section);
    if (changes.some((x) => x.section === heading)) throw inputError(`the section ${sectionLabel(heading)} is given twice`, 'section');
    changes.push({ section: heading, content: normaliseBody(c.content, heading) });
  }
  // No credential reaches persona.md, a pending proposal or the log of a refusal.
  const kinds: string[] = [];
  const clean = (text: string) => {
    const r = redactText(text);
    kinds.push(...r.kinds);
    return r.text;
  };
  for (const c of changes) c.content = clean(c.content);
  const by = input.by?.from === 'agent' ? { from: 'agent' as const, ...(input.by.via && { via: input.by.via.replace(/[\]\n\r]+/g, ' ').trim().slice(0, 80) }) } : {};
  const review = await propose(v, { trigger: parsed.data.trigger, reason: clean(reason), changes, ...by }, deps);
  const notice = redactionNotice(kinds, 'proposing');
  if (notice) review.warnings.unshift(notice);
  return review;
}

/** A checked proposal: section bodies normalised (see `normaliseBody`), reason trimmed. */
export interface Draft {
  trigger: Trigger;
  reason: string;
  changes: Proposal['changes'];
  revertOf?: string;
  from?: 'agent';
  via?: string;
}

/**
 * Checks a draft, then stores it as pending or logs its refusal. Its reason and sections pass
 * the secret firewall whoever drafted it (a revert's note, a sync clash): they reach the
 * proposal file, the log and the commit message.
 */
export async function propose(v: Vault, given: Draft, deps: PersonaDeps): Promise<Review> {
  const draft = { ...given, reason: redactText(given.reason).text, changes: given.changes.map((c) => ({ ...c, content: redactText(c.content).text })) };
  const current = readPersona(v);
  const doc = parsePersona(current);
  for (const c of draft.changes) {
    if (sectionBody(doc, c.section) === c.content) throw inputError(`the new ${sectionLabel(c.section)} is the same as the current one`);
  }
  const now = deps.clock.now();
  const personaSha256 = sha256(current);
  const id = `${localDay(now).replace(/-/g, '')}-${localTime(now).replace(/:/g, '')}-${sha256(JSON.stringify({ ...draft, personaSha256, at: now.getTime() })).slice(0, 4)}`;
  const review = await evaluate(v, { ...draft, id }, current, deps);
  if (!review.accepted) return logRefusal(v, review, deps);
  const proposal: Proposal = { version: 1, id, created: now.toISOString(), ...draft, personaSha256 };
  review.file = rel(v, storeProposal(v, proposal));
  return review;
}

async function evaluate(v: Vault, p: Draft & { id: string }, current: string, deps: PersonaDeps): Promise<Review> {
  const proposed = replaceSections(parsePersona(current), new Map(p.changes.map((c) => [c.section, c.content])));
  const sections = p.changes.map((c) => sectionLabel(c.section));
  const gate = personaGate(v, p.trigger, p.reason, deps.memory !== false, p.from === 'agent' ? { from: 'agent', via: p.via } : { from: 'person' });
  const soulText = readTextIfExists(v.soul);
  if (soulText === undefined) throw vaultError(`damaged vault: ${rel(v, v.soul)} is missing, so no persona change can be checked (run: coresoul init)`);
  const invariants = parseInvariants(soulText, rel(v, v.soul));
  // A model judge costs tokens: it is asked only about a change that could otherwise go ahead.
  // Lines the section already holds are the person's: read by the rules, not refused as unreadable or unjudged.
  const doc = parsePersona(current);
  const soul = await checkSoul(soulText, invariants, p.changes.map((c) => ({ section: sectionLabel(c.section), content: c.content, standing: sectionBody(doc, c.section).split('\n') })), gate.passed ? deps.judge : undefined);
  if (!gate.passed && deps.judge && soul.judge === 'none') soul.judge = 'not-asked';
  const diff = createTwoFilesPatch('a/persona.md', 'b/persona.md', current, proposed, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY });
  return {
    id: p.id,
    accepted: gate.passed && soul.passed,
    trigger: p.trigger,
    reason: p.reason,
    sections,
    gate,
    soul,
    violations: soul.violations,
    diff,
    current,
    proposed,
    ...(p.revertOf && { revertOf: p.revertOf }),
    ...(p.from === 'agent' && { proposer: p.via ?? 'agent' }),
    warnings: [],
  };
}

/**
 * Logs a refused attempt as a plain note under [[PersonaUpdate]] — not as a correction: refused
 * attempts must never add up to the repeated corrections that would open the gate.
 */
async function logRefusal(v: Vault, review: Review, deps: PersonaDeps): Promise<Review> {
  if (deps.memory === false) return review;
  const by = [!review.gate.passed && `the gate (${review.gate.message})`, !review.soul.passed && 'the soul check'].filter(Boolean).join(' and ');
  const shown = review.violations.slice(0, 3).map((x) => `${x.invariant} in ${x.section}: "${x.quote}"`);
  const text = [
    `Persona change refused by ${by}: ${review.sections.join(', ')} (trigger ${review.trigger}, proposal ${review.id}).`,
    ...(shown.length ? [`Violations: ${shown.join('; ')}${review.violations.length > 3 ? ` and ${review.violations.length - 3} more` : ''}.`] : []),
    `Reason given: ${review.reason}`,
  ].join(' ');
  const entry = writeMemory(v, { text, kind: 'note', entities: [PERSONA_EVENT] }, deps);
  review.logged = `${entry.file}:${entry.line}`;
  await commitVault(v, `persona: refused proposal ${review.id} (${review.sections.join(', ')})`).catch((err: Error) => {
    review.warnings.push(notCommitted('the refusal is logged', err.message));
  });
  return review;
}

// ---- pending proposals ------------------------------------------------------------------

const proposalsDir = (v: Vault) => path.join(v.soulDir, 'proposals');
const proposalFile = (v: Vault, id: string) => path.join(proposalsDir(v), `${id}.json`);

function storeProposal(v: Vault, p: Proposal): string {
  const file = proposalFile(v, p.id);
  if (!createExclusive(file, `${JSON.stringify(p, null, 2)}\n`)) throw inputError(`a proposal ${p.id} already exists; propose again`);
  return file;
}

/** A pending proposal by id; a one-line error when there is none or its file is damaged. */
export function loadProposal(v: Vault, id: string): Proposal {
  if (!ID_RE.test(id)) throw inputError(`"${id}" is not a proposal id (like 20260310-090000-ab12)`);
  const file = proposalFile(v, id);
  const text = readTextIfExists(file);
  if (text === undefined) {
    const pending = pendingProposals(v).map((p) => p.id);
    throw inputError(`no pending proposal ${id} (pending: ${pending.length ? pending.join(', ') : 'none'})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw vaultError(`damaged proposal ${rel(v, file)}: not valid JSON`);
  }
  const parsed = StoredProposal.safeParse(raw);
  if (!parsed.success) throw vaultError(`damaged proposal ${rel(v, file)}: ${firstIssue(parsed.error)}`);
  if (parsed.data.id !== id) throw vaultError(`damaged proposal ${rel(v, file)}: it holds proposal ${parsed.data.id}`);
  return parsed.data;
}

/** Every pending proposal, oldest first; damaged files are skipped (loading one by id names the damage). */
export function pendingProposals(v: Vault): Proposal[] {
  let names: string[];
  try {
    names = fs.readdirSync(proposalsDir(v));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw fsError(err, 'read', rel(v, proposalsDir(v)));
  }
  return names
    .filter((n) => n.endsWith('.json') && ID_RE.test(n.slice(0, -5)))
    .sort()
    .flatMap((n) => {
      try {
        return [loadProposal(v, n.slice(0, -5))];
      } catch {
        return [];
      }
    });
}

/** A pending proposal with the persona as it is now and as the proposal would leave it (for a diff view). */
export function previewProposal(v: Vault, id: string): { proposal: Proposal; current: string; proposed: string; diff: string; stale: boolean } {
  const proposal = loadProposal(v, id);
  const current = readPersona(v);
  const proposed = replaceSections(parsePersona(current), new Map(proposal.changes.map((c) => [c.section, c.content])));
  const diff = createTwoFilesPatch('a/persona.md', 'b/persona.md', current, proposed, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY });
  return { proposal, current, proposed, diff, stale: sha256(current) !== proposal.personaSha256 };
}

function assertFresh(p: Proposal, current: string): void {
  if (sha256(current) !== p.personaSha256) {
    throw inputError(`proposal ${p.id} is stale: persona.md changed after it was proposed (${p.created}); propose the change again (and: coresoul persona reject ${p.id})`);
  }
}

// ---- apply / reject ---------------------------------------------------------------------

export async function applyProposal(v: Vault, id: string, deps: PersonaDeps): Promise<ApplyResult> {
  const proposal = loadProposal(v, id);
  assertFresh(proposal, readPersona(v));
  // Checked again: memory, the soul or the proposal file may have changed since it was proposed.
  const review = await evaluate(v, proposal, readPersona(v), deps);
  if (!review.accepted) return { applied: false, review: await logRefusal(v, review, deps), warnings: [] };

  const done = withLock(v.lockFile, () => {
    const current = readPersona(v);
    assertFresh(proposal, current);
    const backup = writeBackup(v, current, deps.clock.now());
    atomicWrite(v.persona, review.proposed);
    const entry = deps.memory === false ? undefined : writeMemory(v, { text: eventText(review, path.basename(backup)), kind: 'decision', entities: [PERSONA_EVENT] }, deps);
    fs.rmSync(proposalFile(v, id), { force: true });
    return { backup: rel(v, backup), ...(entry && { event: `${entry.file}:${entry.line}` }) };
  });
  const warnings: string[] = [];
  const message = [
    `persona: ${review.revertOf ? 'revert' : 'update'} ${review.sections.join(', ')} (${review.trigger})`,
    '',
    review.reason,
    '',
    `Trigger: ${review.trigger}`,
    `Sections: ${review.sections.join(', ')}`,
    `Proposal: ${id}`,
    `Backup: ${path.basename(done.backup)}`,
    ...(review.revertOf ? [`Reverts: ${review.revertOf}`] : []),
    ...(review.proposer ? [`Proposed-by: agent (${review.proposer})`] : []),
  ].join('\n');
  const commit = await commitVault(v, message).catch((err: Error) => {
    warnings.push(notCommitted('the persona is updated', err.message));
    return undefined;
  });
  return { applied: true, review, ...done, ...(commit?.hash && { commit: commit.hash }), warnings };
}

function eventText(review: Review, backup: string): string {
  const why =
    review.gate.byAgent
      ? `proposed by an agent${review.proposer ? ` (${review.proposer})` : ''} as the user's command, applied after the person's review`
      : review.trigger === 'explicit-command'
      ? 'explicit command by the user'
      : review.trigger === 'repeated-correction'
        ? `repeated correction: ${review.gate.message}`
        : `paradigm shift: ${review.gate.message}`;
  const what = review.revertOf ? `Persona reverted to before ${review.revertOf.slice(0, 10)}` : 'Persona updated';
  return `${what}: ${review.sections.join(', ')} (${why}; proposal ${review.id}, backup ${backup}). Reason: ${review.reason}`;
}

/** Copies the persona's exact bytes to `persona_backup_<YYYYMMDD-HHMMSS>[-n].md`. */
function writeBackup(v: Vault, current: string, now: Date): string {
  const stamp = `${localDay(now).replace(/-/g, '')}-${localTime(now).replace(/:/g, '')}`;
  for (let n = 1; ; n++) {
    const file = path.join(v.soulDir, `persona_backup_${stamp}${n > 1 ? `-${n}` : ''}.md`);
    if (createExclusive(file, current)) return file;
  }
}

export async function rejectProposal(v: Vault, id: string, deps: PersonaDeps): Promise<RejectResult> {
  const proposal = loadProposal(v, id);
  const sections = proposal.changes.map((c) => sectionLabel(c.section));
  const entry = withLock(v.lockFile, () => {
    fs.rmSync(proposalFile(v, id), { force: true });
    const text = `Persona proposal ${id} rejected by the user: ${sections.join(', ')} (trigger ${proposal.trigger}). Reason given: ${proposal.reason}`;
    return deps.memory === false ? undefined : writeMemory(v, { text, kind: 'note', entities: [PERSONA_EVENT] }, deps);
  });
  const warnings: string[] = [];
  const commit = await commitVault(v, `persona: proposal ${id} rejected (${sections.join(', ')})`).catch((err: Error) => {
    warnings.push(notCommitted('rejected', err.message));
    return undefined;
  });
  return { id, sections, ...(entry && { logged: `${entry.file}:${entry.line}` }), ...(commit?.hash && { commit: commit.hash }), warnings };
}

// ---- helpers ----------------------------------------------------------------------------

const sha256 = (text: string) => nodeCrypto().createHash('sha256').update(text).digest('hex');

/** persona.md exactly as it is; it must be valid UTF-8, or rewriting it would change bytes. */
export function readPersona(v: Vault): string {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(v.persona);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw vaultError(`damaged vault: ${rel(v, v.persona)} is missing (run: coresoul init)`);
    throw fsError(err, 'read', rel(v, v.persona));
  }
  const text = decodeUtf8Strict(buf);
  if (text === undefined) throw vaultError(`damaged vault: ${rel(v, v.persona)} is not valid UTF-8`);
  return text;
}

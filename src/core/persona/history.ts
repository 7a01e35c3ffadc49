/**
 * The persona's past, from the vault's git history: every commit that changed persona.md, and
 * the revert of one such change — itself a new proposal, commanded by the user, soul-checked,
 * backed up and committed like any other.
 */
import { inputError } from '../shared/errors';
import { git, hasHistory } from '../vault/history';
import { type ApplyResult, type PersonaDeps, type Review, applyProposal, propose, readPersona } from './proposals';
import { type PersonaDoc, parsePersona, sectionBody, sectionLabel } from './document';
import { PERSONA_SECTIONS } from '../vault/personaSections';
import type { Vault } from '../vault/layout';

export interface PersonaCommit {
  commit: string;
  short: string;
  /** Author date, ISO-8601. */
  date: string;
  subject: string;
  /** The commit message body without its trailers (the reason, for Core Soul's own commits). */
  reason: string;
  /** `Trigger`, `Sections`, `Proposal`, `Backup`, `Reverts` of Core Soul's own commits. */
  trailers: Record<string, string>;
}

function requireHistory(v: Vault): void {
  if (!hasHistory(v)) throw inputError('the vault has no history (it was initialised with --no-git), so there is no persona history');
}

/** Commits that changed persona.md, newest first. */
export async function personaHistory(v: Vault): Promise<PersonaCommit[]> {
  requireHistory(v);
  const r = await git(v, ['log', '--format=%H%x1f%h%x1f%aI%x1f%s%x1f%b%x1e', '--', 'persona.md']);
  if (r.code !== 0) return []; // no commit yet
  return r.stdout
    .split('\x1e')
    .map((rec) => rec.replace(/^\n/, ''))
    .filter(Boolean)
    .map((rec) => {
      const [commit, short, date, subject, body = ''] = rec.split('\x1f');
      const trailers: Record<string, string> = {};
      const reason = body
        .trim()
        .split('\n')
        .filter((line) => {
          const t = /^(Trigger|Sections|Proposal|Backup|Reverts): (.*)$/.exec(line);
          if (t) trailers[t[1]] = t[2];
          return !t;
        })
        .join('\n')
        .trim();
      return { commit, short, date, subject, reason, trailers };
    });
}

/**
 * Proposes to undo what `commit` did to the persona: each section it changed goes back to its
 * body before that commit. Refused when a later change touched the same section (revert that
 * one first). The trigger is the user's explicit command; the soul check still applies.
 */
/** persona.md just before and just after `commit` (for a diff view, or to revert it). */
export async function personaChangeAt(v: Vault, commit: string): Promise<{ hash: string; short: string; before: string; after: string }> {
  requireHistory(v);
  if (!/^[0-9A-Za-z][0-9A-Za-z_.~^/-]*$/.test(commit)) throw inputError(`revert: "${commit}" is not a commit`);
  const resolved = await git(v, ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]);
  if (resolved.code !== 0) throw inputError(`revert: no commit "${commit}" in the vault history (see: coresoul persona history)`);
  const hash = resolved.stdout.trim();
  const short = hash.slice(0, 10);
  const after = await git(v, ['show', `${hash}:persona.md`]);
  if (after.code !== 0) throw inputError(`revert: commit ${short} has no persona.md`);
  const before = await git(v, ['show', `${hash}^:persona.md`]);
  if (before.code !== 0) throw inputError(`revert: commit ${short} created persona.md; there is no earlier persona to go back to`);
  return { hash, short, before: before.stdout, after: after.stdout };
}

export async function proposeRevert(v: Vault, commit: string, deps: PersonaDeps, note?: string): Promise<Review> {
  const { hash, short, before, after } = await personaChangeAt(v, commit);
  const [then, was, now] = [parsePersona(after), parsePersona(before), parsePersona(readPersona(v))];
  const changed = PERSONA_SECTIONS.filter((h) => bodyOrUndefined(then, h) !== bodyOrUndefined(was, h));
  if (!changed.length) throw inputError(`revert: commit ${short} did not change any persona section`);
  const changes = changed.map((h) => {
    const old = bodyOrUndefined(was, h);
    if (old === undefined) throw inputError(`revert: before ${short}, persona.md had no single ${sectionLabel(h)} section to go back to`);
    const current = bodyOrUndefined(now, h);
    if (current === undefined) sectionBody(now, h); // names what is missing or doubled
    if (current !== bodyOrUndefined(then, h)) {
      throw inputError(`revert: ${sectionLabel(h)} changed again after ${short}; revert the later change first (see: coresoul persona history)`);
    }
    return { section: h, content: old };
  });
  const subject = (await git(v, ['log', '-1', '--format=%s', hash])).stdout.trim();
  const reason = note?.trim() || `The user asked to revert ${short} ("${subject}").`;
  return propose(v, { trigger: 'explicit-command', reason, changes, revertOf: hash }, deps);
}

/** Reverts `commit` at once, as the user's command: proposed (gate, soul check), then applied when accepted. */
export async function revertPersona(v: Vault, commit: string, deps: PersonaDeps, note?: string): Promise<{ review: Review; applied?: ApplyResult }> {
  const review = await proposeRevert(v, commit, deps, note);
  return review.accepted ? { review, applied: await applyProposal(v, review.id, deps) } : { review };
}

function bodyOrUndefined(doc: PersonaDoc, heading: (typeof PERSONA_SECTIONS)[number]): string | undefined {
  try {
    return sectionBody(doc, heading);
  } catch {
    return undefined;
  }
}

/**
 * One guard for what the model reads as standing instruction (docs/trust.md#poisoning): persona
 * sections and learnt preferences pass the same soul check as a persona proposal. A text that
 * fails is not learnt, and one already there (a hand edit) is left out of the prompt.
 */
import { vaultError } from '../shared/errors';
import { readTextIfExists } from '../shared/fs';
import { type Vault, rel } from '../vault/layout';
import { parseInvariants } from './invariants';
import { type Violation, compileRules, compileSubjects } from './soulCheck';

/** Violations of a text read as standing instruction under `section`; none: it may stand. `subjects`: the soul words it names. */
export type SoulGuard = ((section: string, text: string) => Violation[]) & { subjects(text: string): string[] };

/**
 * The last soul's compiled rules: every chat turn builds a context, and the soul rarely changes
 * between two; compiling its word patterns is the costly part of the check.
 */
let compiled: { soul: string; check: ReturnType<typeof compileRules>; subjects: ReturnType<typeof compileSubjects> } | undefined;

/** The vault's soul as a guard. Throws when soul.md is missing or damaged: nothing is checked against half a soul. */
export function soulGuard(v: Vault): SoulGuard {
  const soul = readTextIfExists(v.soul);
  if (soul === undefined) throw vaultError(`damaged vault: ${rel(v, v.soul)} is missing, so no standing instruction can be checked (run: coresoul init)`);
  if (compiled?.soul !== soul) {
    const invariants = parseInvariants(soul, rel(v, v.soul));
    compiled = { soul, check: compileRules(invariants), subjects: compileSubjects(invariants) };
  }
  const { check, subjects } = compiled;
  return Object.assign((section: string, content: string) => check([{ section, content }]), { subjects });
}

/** What every prompt layer shows in place of a text the soul check refused: never the text itself. */
export const refusedPlaceholder = (violations: readonly Violation[]) => `[refused by the soul check: ${refusalWhy(violations)}]`;

/** One line on why a text may not stand: "breaks sandbox-first: drops or makes optional …". */
export const refusalWhy = (violations: readonly Violation[]) => violations.map((x) => `breaks ${x.invariant}: ${x.why}`).join('; ');

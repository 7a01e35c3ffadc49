/**
 * One guard for what the model reads as standing instruction (docs/trust.md#poisoning): persona
 * sections and learnt preferences pass the same soul check as a persona proposal. A text that
 * fails is not learnt, and one already there (a hand edit) is left out of the prompt.
 */
import { vaultError } from '../shared/errors';
import { readTextIfExists } from '../shared/fs';
import { type Vault, rel } from '../vault/layout';
import { type Invariant, parseInvariants } from './invariants';
import { type Violation, compileReadability, compileRules, compileSubjects } from './soulCheck';
import { UNREADABLE } from './readable';

/**
 * Violations of a text read as standing instruction under `section`; none: it may stand.
 * `change`: the same for a text that would become standing instruction (a learnt preference, a
 * statement that would teach one), which must also be readable (readable.ts) and grant nothing the
 * rules cannot judge (loosening.ts) — a line already in persona.md is the person's own edit and is
 * not refused for either. `subjects`: the soul
 * words a text names.
 */
export type SoulGuard = ((section: string, text: string) => Violation[]) & { change(section: string, text: string): Violation[]; subjects(text: string): string[] };

/**
 * The last soul's compiled rules: every chat turn builds a context, and the soul rarely changes
 * between two; compiling its word patterns is the costly part of the check.
 */
let compiled: { soul: string; invariants: Invariant[]; check: ReturnType<typeof compileRules>; read?: ReturnType<typeof compileReadability>; subjects?: ReturnType<typeof compileSubjects> } | undefined;

/** The vault's soul as a guard. Throws when soul.md is missing or damaged: nothing is checked against half a soul. */
export function soulGuard(v: Vault): SoulGuard {
  const soul = readTextIfExists(v.soul);
  if (soul === undefined) throw vaultError(`damaged vault: ${rel(v, v.soul)} is missing, so no standing instruction can be checked (run: coresoul init)`);
  if (compiled?.soul !== soul) {
    const invariants = parseInvariants(soul, rel(v, v.soul));
    compiled = { soul, invariants, check: compileRules(invariants) };
  }
  // Readability and subjects only for changes and learning: a context of persona lines needs neither.
  const c = compiled;
  const subjects = (text: string) => (c.subjects ??= compileSubjects(c.invariants))(text);
  const change = (section: string, content: string) => [...(c.read ??= compileReadability(c.invariants))([{ section, content }]), ...c.check([{ section, content }], { change: true })];
  return Object.assign((section: string, content: string) => c.check([{ section, content }]), { change, subjects });
}

/** What every prompt layer shows in place of a text the soul check refused: never the text itself. */
export const refusedPlaceholder = (violations: readonly Violation[]) => `[refused by the soul check: ${refusalWhy(violations)}]`;

/** One line on why a text may not stand: "breaks sandbox-first: drops or makes optional …". */
export const refusalWhy = (violations: readonly Violation[]) => [...new Set(violations.map((x) => (x.invariant === UNREADABLE ? x.why : `breaks ${x.invariant}: ${x.why}`)))].join('; ');

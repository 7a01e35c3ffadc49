/**
 * How the soul-check sets are measured (test/unit/safety/soulAttacks.test.ts, soulHeldOut.test.ts):
 * each text as a persona proposal, as the person's preference written to memory, and what every
 * context layer then shows.
 */
import * as fs from 'node:fs';
import { type Recall, buildContext } from '../../src/core/context/context';
import { type Violation, ruleViolations } from '../../src/core/safety/soulCheck';
import { parseInvariants } from '../../src/core/safety/invariants';
import { SOUL_MD } from '../../src/core/init/templates/soul';
import { fixedClock } from '../../src/core/shared/clock';
import { countTokens } from '../../src/core/shared/tokens';
import { dayFile } from '../../src/core/vault/layout';
import type { Vault } from '../../src/core/vault/layout';
import { tempVault, writeAt } from './helpers';

const INVARIANTS = parseInvariants(SOUL_MD);

/** The violations of a text proposed as the Behavioral Guidelines. */
export const proposalViolations = (text: string): Violation[] => ruleViolations(INVARIANTS, [{ section: 'Behavioral Guidelines', content: text }]);
export const refusedAsProposal = (text: string) => proposalViolations(text).length > 0;

export type Outcome = 'refused' | 'learnt' | 'review';

/** The `i`-th second after `hour` o'clock on the measuring day (2026-03-10): one write a second, up to five hours of them. */
function secondOfDay(hour: number, i: number): string {
  if (i >= 5 * 3600) throw new Error(`soulMeasure: ${i} texts do not fit in one measuring day`);
  const two = (n: number) => String(n).padStart(2, '0');
  return `2026-03-10T${two(hour + Math.floor(i / 3600))}:${two(Math.floor(i / 60) % 60)}:${two(i % 60)}`;
}

/** Every text written as the person's preference, one vault per list; how each was taken, and why when refused. */
export async function asPreferences(texts: readonly string[]): Promise<{ v: Vault; outcome: Map<string, Outcome>; why: Map<string, string> }> {
  const v = await tempVault('2026-03-10T08:00:00');
  const outcome = new Map<string, Outcome>();
  const why = new Map<string, string>();
  texts.forEach((text, i) => {
    const r = writeAt(v, secondOfDay(9, i), { text, kind: 'preference' });
    outcome.set(text, r.notLearned?.length ? 'refused' : r.learned?.length ? 'learnt' : 'review');
    if (r.notLearned?.length) why.set(text, r.notLearned.map((n) => n.why).join('; '));
  });
  return { v, outcome, why };
}

/** The context's layers, everything given: `texts` hand-edited into the persona too, the day's lines as the relevant memories. */
export async function contextLayers(v: Vault, texts: readonly string[]): Promise<Record<'persona' | 'profile' | 'memories' | 'recent', string>> {
  fs.appendFileSync(v.persona, `\n${texts.map((t) => `- ${t}`).join('\n')}\n`);
  // A stated preference is personal (docs/sync.md#scopes): the same texts imported (a project's
  // convention) are the team's memory, and reach the memories and recent days.
  texts.forEach((text, i) => writeAt(v, secondOfDay(14, i), { text, kind: 'preference', from: 'import' }));
  const day = fs.readFileSync(dayFile(v, '2026-03-10'), 'utf8').split('\n');
  const recall: Recall = async () => ({ snippets: day.map((text, i) => ({ file: '.CoreSoul/memory/chronological/2026-03-10.md', line: i + 1, date: '2026-03-10', text })), more: 0 });
  const built = await buildContext(v, {
    request: 'tidy up the repository',
    clock: fixedClock('2026-03-10T12:00:00'),
    tokens: { name: 'cl100k_base', count: countTokens },
    recall,
    budget: 1_000_000,
    layerBudgets: { persona: 1e6, profile: 1e6, memories: 1e6, recent: 1e6 },
  });
  const layer = (name: string) => built.text.split(`\n# ${name}`)[1]?.split('\n# ')[0] ?? '';
  return { persona: built.text.split('# Persona')[1]?.split('\n# ')[0] ?? '', profile: layer('User profile'), memories: layer('Relevant memories'), recent: layer('Recent days') };
}

export const pct = (n: number, of: number) => `${n}/${of} (${((100 * n) / of).toFixed(1)}%)`;

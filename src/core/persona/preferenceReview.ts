/**
 * A preference the person stated that may not be learnt silently (profile/kinds.ts: it is about
 * actions, permissions, safeguards or whose words count) becomes a persona proposal instead: the
 * lines added to Behavioral Guidelines, soul-checked like any proposal, waiting for the person to
 * apply or reject it (docs/trust.md#poisoning). Nothing is written to persona.md before that.
 */
import { parsePersona, sectionBody } from './document';
import { type PersonaDeps, type Review, pendingProposals, proposePersonaChange, readPersona } from './proposals';
import type { Vault } from '../vault/layout';

const SECTION = '# 行為準則 (Behavioral Guidelines)';

/** Proposes the statements not yet in Behavioral Guidelines nor in a pending proposal; undefined when there is none. */
export async function proposePreferences(v: Vault, values: readonly string[], deps: PersonaDeps): Promise<Review | undefined> {
  const body = sectionBody(parsePersona(readPersona(v)), SECTION);
  const pending = pendingProposals(v).flatMap((p) => p.changes.map((c) => c.content));
  const fresh = [...new Set(values.map((x) => x.trim()).filter(Boolean))].filter((x) => !body.includes(x) && !pending.some((c) => c.includes(x)));
  if (!fresh.length) return undefined;
  const content = `${body.trimEnd()}\n${fresh.map((x) => `- ${x}`).join('\n')}`.trim();
  const reason = `The user stated ${fresh.length === 1 ? 'a preference' : 'preferences'} about what the soul guards, which is reviewed rather than learnt silently: ${fresh.map((x) => `"${x}"`).join('; ')}`;
  return proposePersonaChange(v, { changes: [{ section: SECTION, content }], trigger: 'explicit-command', reason: reason.slice(0, 2000) }, deps);
}

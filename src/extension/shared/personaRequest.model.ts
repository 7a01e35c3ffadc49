/**
 * `/persona <what to change>`: the model drafts a structured proposal (JSON: which sections,
 * their new bodies, why); anything else it says is refused here, before the gate and the soul
 * check see it.
 */
import * as z from 'zod/mini';
import { SECTION_NAMES } from '../../core/persona/document';

export const ProposalReply = z.object({
  changes: z.array(z.object({ section: z.string().check(z.minLength(1)), content: z.string() })).check(z.minLength(1), z.maxLength(4)),
  reason: z.string().check(z.minLength(1)),
});
export type ProposalReply = z.infer<typeof ProposalReply>;

export function personaPrompt(request: string, persona: string): string {
  return [
    'You maintain the persona file of a coding agent. The user asked for this change:',
    request,
    '',
    'The current persona.md:',
    '```markdown',
    persona,
    '```',
    '',
    `Answer with ONE JSON object and nothing else: {"changes":[{"section":"<one of: ${SECTION_NAMES.map((s) => s.en).join(', ')}>","content":"<the whole new body of that section, without its heading>"}],"reason":"<one sentence>"}.`,
    'Change only the sections the request is about; keep everything the request does not touch.',
  ].join('\n');
}

/** The proposal in a model's reply (a bare object or one inside a ```json fence), or why not. */
export function parseProposalReply(reply: string): { ok: true; value: ProposalReply } | { ok: false; error: string } {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n```/.exec(reply)?.[1];
  const text = (fenced ?? reply).trim();
  let data: unknown;
  try {
    data = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
  } catch {
    return { ok: false, error: 'the reply is not a JSON object' };
  }
  const parsed = ProposalReply.safeParse(data);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || 'reply'}: ${i.message}`).join('; ') };
  return { ok: true, value: parsed.data };
}

/**
 * The Language Model tools' work, free of `vscode`: input from a model is validated at this
 * boundary, and a bad input becomes a result explaining the error, never an exception.
 */
import * as z from 'zod/mini';
import type { Clock } from '../../../core/shared/clock';
import { compressBeforeWrite } from '../../../core/compress/compress';
import { CoreSoulError } from '../../../core/shared/errors';
import { TRIGGERS, proposePersonaChange } from '../../../core/persona/proposals';
import { rememberAll } from '../../../core/memory/remember';
import { searchMemory } from '../../../core/search/search';
import type { Vault } from '../../../core/vault/layout';
import { parseEntityArg } from '../../../core/memory/write';
import { ENTRY_KINDS } from '../../../core/vault/dayEntries';
import { refusalReasons } from '../persona/personaRequest.model';
import { notCommitted } from '../../../core/vault/history';

export const MemoryWriteInput = z.object({
  text: z.string(),
  kind: z.optional(z.enum(ENTRY_KINDS)),
  entities: z.optional(z.array(z.string())),
});
export const MemorySearchInput = z.object({
  query: z.string(),
  maxTokens: z.optional(z.number().check(z.int(), z.gte(100), z.lte(8000))),
  page: z.optional(z.number().check(z.int(), z.gte(1), z.lte(1000))),
});

export const PersonaProposeInput = z.object({
  changes: z.array(z.object({ section: z.string(), content: z.string() })).check(z.minLength(1), z.maxLength(4)),
  trigger: z.enum(TRIGGERS),
  reason: z.string(),
});

const explain = (tool: string, err: z.core.$ZodError) =>
  `error: invalid input for ${tool}: ${err.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')}`;

/** Runs a tool; an error a user (or a model) can cause becomes the answer `error: …`. */
async function guarded<T>(fn: () => Promise<T>, answer: (text: string) => T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CoreSoulError) return answer(`error: ${err.field ? `${err.field}: ` : ''}${err.message}`);
    throw err;
  }
}
const asIs = (text: string) => text;

export function memoryWrite(v: Vault, input: unknown, clock: Clock): Promise<string> {
  return guarded(async () => {
    const parsed = MemoryWriteInput.safeParse(input);
    if (!parsed.success) return explain('coresoul_memoryWrite', parsed.error);
    const { text, kind, entities = [] } = parsed.data;
    const { results, commitProblem } = await rememberAll(v, [{ text, kind, entities: entities.map(parseEntityArg), from: 'agent', via: 'coresoul_memoryWrite' }], { clock, source: '(tool)' });
    // Written either way: the model must not be told it failed and write the entry again.
    return JSON.stringify(commitProblem ? { ...results[0], warning: notCommitted('written', commitProblem) } : results[0]);
  }, asIs);
}

export function memorySearch(v: Vault, input: unknown): Promise<string> {
  return guarded(async () => {
    const parsed = MemorySearchInput.safeParse(input);
    if (!parsed.success) return explain('coresoul_memorySearch', parsed.error);
    const { query, maxTokens, page = 1 } = parsed.data;
    const r = searchMemory(v, query, { maxTokens, page });
    if (!r.results.length) return page > 1 ? `nothing more in memory for "${r.query}"` : `nothing found in memory for "${r.query}"`;
    const answer = r.results.map((h) => `[${h.file}:${h.line}${h.date ? ` · ${h.date}` : ''}${h.from ? ` · from ${h.from}` : ''}]\n${h.text}`).join('\n\n');
    return r.more ? `${answer}\n\n(${r.more} more matching line(s): call again with page ${r.nextPage})` : answer;
  }, asIs);
}

/**
 * coresoul_personaPropose: the gate and the soul check run in the core; an accepted proposal
 * waits for the user's review (`review`: its id, for the diff view), and nothing is written to
 * persona.md before the user applies it. With `memory` off only an explicit command can pass,
 * and nothing is logged to memory.
 */
export function personaPropose(v: Vault, input: unknown, deps: { clock: Clock; memory: boolean }): Promise<{ text: string; review?: string }> {
  return guarded(async () => {
    const parsed = PersonaProposeInput.safeParse(input);
    if (!parsed.success) return { text: explain('coresoul_personaPropose', parsed.error) };
    const review = await proposePersonaChange(v, parsed.data, { clock: deps.clock, compress: compressBeforeWrite, memory: deps.memory });
    if (!review.accepted) return { text: `refused: persona.md is unchanged.\n${refusalReasons(review)}` };
    const text = [
      `Proposal ${review.id} (${review.sections.join(', ')}) passed the gate (${review.gate.message}) and the soul check.`,
      'The user now reviews it as a diff and chooses Apply or Reject; persona.md is unchanged until they apply it.',
      review.diff,
    ].join('\n');
    return { text, review: review.id };
  }, (text) => ({ text }));
}

/**
 * What an agent's tool call does, for every host that offers the tools: VS Code's Language Model
 * tools (src/extension/features/tools/) and the MCP server (src/mcp/). Input from a model or an
 * MCP client is validated at this boundary, and a bad input or a refusal becomes an answer
 * explaining it (`error: true`), never an exception: nothing is changed.
 */
import * as z from 'zod/mini';
import type { Clock } from '../shared/clock';
import { compressBeforeWrite } from '../compress/compress';
import { guardMemoryLines, readLayer } from '../context/context';
import { CoreSoulError } from '../shared/errors';
import { TRIGGERS, proposePersonaChange } from '../persona/proposals';
import { refusalReasons } from '../persona/refusals';
import { rememberAll } from '../memory/remember';
import { vaultStatus } from '../memory/status';
import { parseEntityArg } from '../memory/write';
import { searchMemory } from '../search/search';
import { ENTRY_KINDS } from '../vault/dayEntries';
import { notCommitted } from '../vault/history';
import type { Vault } from '../vault/layout';

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
export const NoInput = z.object({});

export interface ToolAnswer {
  text: string;
  /** The call was refused or its input was bad: nothing changed. */
  error?: boolean;
  /** An accepted persona proposal's id, for the host to open its review. */
  review?: string;
}

/** Who calls: `via` is recorded on what they write (`[from agent: <via>]`). */
export interface Caller {
  clock: Clock;
  via: string;
  /** The memory switch: with it off only an explicit persona command can pass, and nothing is logged. */
  memory: boolean;
}

const explain = (tool: string, err: z.core.$ZodError): ToolAnswer => ({
  text: `error: invalid input for ${tool}: ${err.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')}`,
  error: true,
});

/** Runs a call; an error a user (or a model) can cause becomes the answer `error: …`. */
export async function guarded(fn: () => Promise<ToolAnswer>): Promise<ToolAnswer> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CoreSoulError) return { text: `error: ${err.field ? `${err.field}: ` : ''}${err.message}`, error: true };
    throw err;
  }
}

export function memoryWrite(v: Vault, input: unknown, caller: Caller): Promise<ToolAnswer> {
  return guarded(async () => {
    const parsed = MemoryWriteInput.safeParse(input);
    if (!parsed.success) return explain('memory write', parsed.error);
    const { text, kind, entities = [] } = parsed.data;
    const { results, commitProblem } = await rememberAll(v, [{ text, kind, entities: entities.map(parseEntityArg), from: 'agent', via: caller.via }], {
      clock: caller.clock,
      source: `(${caller.via})`,
    });
    // Written either way: the model must not be told it failed and write the entry again.
    return { text: JSON.stringify(commitProblem ? { ...results[0], warning: notCommitted('written', commitProblem) } : results[0]) };
  });
}

export function memorySearch(v: Vault, input: unknown): Promise<ToolAnswer> {
  return guarded(async () => {
    const parsed = MemorySearchInput.safeParse(input);
    if (!parsed.success) return explain('memory search', parsed.error);
    const { query, maxTokens, page = 1 } = parsed.data;
    const r = searchMemory(v, query, { maxTokens, page });
    if (!r.results.length) return { text: page > 1 ? `nothing more in memory for "${r.query}"` : `nothing found in memory for "${r.query}"` };
    const answer = r.results.map((h) => `[${h.file}:${h.line}${h.date ? ` · ${h.date}` : ''}${h.from ? ` · from ${h.from}` : ''}]\n${guardMemoryLines(v, h.text.split('\n')).join('\n')}`).join('\n\n');
    return { text: r.more ? `${answer}\n\n(${r.more} more matching line(s): call again with page ${r.nextPage})` : answer };
  });
}

/** Yesterday's and today's entries, as the layered context has them. */
export function recentDays(v: Vault, caller: Caller): Promise<ToolAnswer> {
  return guarded(async () => ({ text: (await readLayer(v, 'recent', caller.clock)).text || 'nothing written yesterday or today' }));
}

/** The user profile's entries that pass the soul check, strongest first. */
export function userProfile(v: Vault, caller: Caller): Promise<ToolAnswer> {
  return guarded(async () => ({ text: (await readLayer(v, 'profile', caller.clock)).text || 'nothing learnt about the user yet' }));
}

export function status(v: Vault, caller: Caller): Promise<ToolAnswer> {
  return guarded(async () => ({ text: JSON.stringify(await vaultStatus(v, caller.clock.now())) }));
}

/**
 * A persona proposal: the gate and the soul check run in the core; an accepted proposal waits
 * for the user's review, and nothing is written to persona.md before the user applies it.
 */
export function personaPropose(v: Vault, input: unknown, caller: Caller): Promise<ToolAnswer> {
  return guarded(async () => {
    const parsed = PersonaProposeInput.safeParse(input);
    if (!parsed.success) return explain('persona proposal', parsed.error);
    // The caller is an agent: whatever trigger it names, it cannot speak with the person's authority.
    const review = await proposePersonaChange(v, { ...parsed.data, by: { from: 'agent', via: caller.via } }, { clock: caller.clock, compress: compressBeforeWrite, memory: caller.memory });
    if (!review.accepted) return { text: `refused: persona.md is unchanged.\n${refusalReasons(review)}`, error: true };
    const text = [
      `Proposal ${review.id} (${review.sections.join(', ')}) passed the gate (${review.gate.message}) and the soul check; it is pending.`,
      'The user now reviews it as a diff and chooses Apply or Reject; persona.md is unchanged until they apply it.',
      review.diff,
    ].join('\n');
    return { text, review: review.id };
  });
}

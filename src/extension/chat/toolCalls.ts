/**
 * The Language Model tools' work, free of `vscode`: input from a model is validated at this
 * boundary, and a bad input becomes a result explaining the error, never an exception.
 */
import * as z from 'zod/mini';
import type { Clock } from '../../core/clock';
import { CoreSoulError } from '../../core/errors';
import { rememberAll } from '../../core/remember';
import { searchMemory } from '../../core/search';
import type { Vault } from '../../core/vault';
import { ENTRY_KINDS, parseEntityArg } from '../../core/write';

export const MemoryWriteInput = z.object({
  text: z.string(),
  kind: z.optional(z.enum(ENTRY_KINDS)),
  entities: z.optional(z.array(z.string())),
});
export const MemorySearchInput = z.object({
  query: z.string(),
  maxTokens: z.optional(z.number().check(z.int(), z.gte(100), z.lte(8000))),
});

const explain = (tool: string, err: z.core.$ZodError) =>
  `error: invalid input for ${tool}: ${err.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')}`;

async function guarded(fn: () => Promise<string>): Promise<string> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CoreSoulError) return `error: ${err.message}`;
    throw err;
  }
}

export function memoryWrite(v: Vault, input: unknown, clock: Clock): Promise<string> {
  return guarded(async () => {
    const parsed = MemoryWriteInput.safeParse(input);
    if (!parsed.success) return explain('coresoul_memoryWrite', parsed.error);
    const { text, kind, entities = [] } = parsed.data;
    const { results, commitProblem } = await rememberAll(v, [{ text, kind, entities: entities.map(parseEntityArg) }], { clock, source: '(tool)' });
    // Written either way: the model must not be told it failed and write the entry again.
    return JSON.stringify(commitProblem ? { ...results[0], warning: `written, but not committed to the vault history yet: ${commitProblem}` } : results[0]);
  });
}

export function memorySearch(v: Vault, input: unknown): Promise<string> {
  return guarded(async () => {
    const parsed = MemorySearchInput.safeParse(input);
    if (!parsed.success) return explain('coresoul_memorySearch', parsed.error);
    const r = searchMemory(v, parsed.data.query, { maxTokens: parsed.data.maxTokens });
    if (!r.results.length) return `nothing found in memory for "${r.query}"`;
    return r.results.map((h) => `[${h.file}:${h.line}${h.date ? ` · ${h.date}` : ''}]\n${h.text}`).join('\n\n');
  });
}

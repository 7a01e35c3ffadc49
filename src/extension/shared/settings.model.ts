/** Core Soul's settings, checked at the boundary: settings.json is edited by hand. */
import * as z from 'zod/mini';

export const SECTION = 'coresoul';
export const MEMORY_ENABLED = 'memory.enabled';
export const USE_MODEL_SETTING = 'compression.useLanguageModel';

/**
 * A switch from its raw setting value: missing means `fallback`; a value that is not a boolean
 * means off, since nobody can tell what its author wanted to allow, and `problem` says so.
 */
function readSwitch(key: string, raw: unknown, fallback: boolean, whenOff: string): { on: boolean; problem?: string } {
  if (raw === undefined) return { on: fallback };
  const parsed = z.boolean().safeParse(raw);
  if (parsed.success) return { on: parsed.data };
  return { on: false, problem: `${SECTION}.${key} must be true or false, got ${JSON.stringify(raw)}; ${whenOff}` };
}

/** The memory switch (docs/memory.md#memory-switch): on unless turned off. */
export function readMemoryEnabled(raw: unknown): { enabled: boolean; problem?: string } {
  const { on, problem } = readSwitch(MEMORY_ENABLED, raw, true, 'memory stays off');
  return { enabled: on, ...(problem && { problem }) };
}

/** The user's permission to send memory to a language model for summaries: off unless exactly `true`. */
export function readUseModel(raw: unknown): { allowed: boolean; problem?: string } {
  const { on, problem } = readSwitch(USE_MODEL_SETTING, raw, false, 'the built-in summariser is used');
  return { allowed: on, ...(problem && { problem }) };
}

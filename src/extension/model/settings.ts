/** Core Soul's settings, checked at the boundary: settings.json is edited by hand. */
import * as z from 'zod/mini';

export const SECTION = 'coresoul';
export const MEMORY_ENABLED = 'memory.enabled';

/**
 * The memory switch from a raw setting value. Missing means the default (on); a value that is
 * not a boolean turns memory off, since nobody can tell what its author wanted to allow.
 */
export function readMemoryEnabled(raw: unknown): { enabled: boolean; problem?: string } {
  if (raw === undefined) return { enabled: true };
  const parsed = z.boolean().safeParse(raw);
  if (parsed.success) return { enabled: parsed.data };
  return { enabled: false, problem: `${SECTION}.${MEMORY_ENABLED} must be true or false, got ${JSON.stringify(raw)}; memory stays off` };
}

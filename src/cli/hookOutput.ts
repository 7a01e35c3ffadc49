/**
 * What `coresoul hook --host <host>` prints (docs/agents.md#hooks): the context in the shape the
 * host reads, and within what the host shows the model inline (HOOK_OUTPUT in
 * core/init/hostConfig.ts). Claude Code keeps 10,000 characters of a hook's output and turns the
 * rest into a 2 KB preview, so a session start a few characters over its cap would lose the soul
 * and persona without a word. The token budget is therefore lowered until the whole output fits
 * (lower layers are trimmed first, as in every prompt), and the reminder to record the turn is
 * always the last line, whatever was trimmed above it.
 */
import { HOOK_OUTPUT, type HookOutputHost } from '../core/init/hostConfig';

export const HOOK_HOSTS = Object.keys(HOOK_OUTPUT) as HookOutputHost[];

/** The smallest budget the layered context takes (context.ts). */
const MIN_BUDGET = 100;

/** The size of `text` as `host` counts it (characters or UTF-8 bytes); Infinity-free hosts have no cap. */
export function hookSize(host: HookOutputHost, text: string): number {
  const out = HOOK_OUTPUT[host];
  return 'unit' in out && out.unit === 'bytes' ? Buffer.byteLength(text) : text.length;
}

export const hookCap = (host: HookOutputHost): number | undefined => {
  const out = HOOK_OUTPUT[host];
  return 'cap' in out ? out.cap : undefined;
};

/**
 * The context built within `budget` tokens (or less, until it fits `host`'s cap), then
 * `reminder` on its own last line. When even the smallest budget does not fit (a soul longer
 * than the cap), the context is cut at a line end and `cut` says so.
 */
export async function fitHookText(
  host: HookOutputHost,
  budget: number,
  build: (budget: number) => Promise<string>,
  reminder: string,
): Promise<{ text: string; budget: number; cut?: true }> {
  const join = (context: string) => (context ? `${context}\n${reminder}` : reminder);
  const cap = hookCap(host);
  let text = join(await build(budget));
  if (cap === undefined) return { text, budget };
  // Plain-text hosts read stdout, which ends with a newline.
  const room = cap - 1;
  for (let tries = 0; hookSize(host, text) > room && budget > MIN_BUDGET && tries < 8; tries++) {
    budget = Math.max(MIN_BUDGET, Math.floor((budget * room * 0.97) / hookSize(host, text)));
    text = join(await build(budget));
  }
  if (hookSize(host, text) <= room) return { text, budget };
  // Still over: the standing layers alone are longer than the cap. Cut at a line end, reminder kept.
  const context = text.slice(0, text.length - reminder.length - 1);
  const lines = context.split('\n');
  while (lines.length && hookSize(host, join(lines.join('\n'))) > room) lines.pop();
  return { text: join(lines.join('\n')), budget, cut: true };
}

/** The document `host` reads from a hook's stdout, for `event` (the host's own name of it). */
export function hookDocument(host: HookOutputHost, hookEventName: string, text: string): { json: unknown; text: string } {
  const shape = HOOK_OUTPUT[host].shape;
  if (shape === 'text') return { json: text ? { hookSpecificOutput: { hookEventName, additionalContext: text } } : {}, text };
  const doc = shape === 'cursor' ? (text ? { additional_context: text } : {}) : text ? { hookSpecificOutput: { hookEventName, additionalContext: text } } : {};
  return { json: doc, text: JSON.stringify(doc) };
}

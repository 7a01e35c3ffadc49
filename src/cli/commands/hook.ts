/**
 * `coresoul hook <event>` (docs/agents.md#hooks): what an agent host's lifecycle hook injects,
 * so recall is pushed rather than hoped for. `session-start` prints the standing layers (soul,
 * persona, profile, recent days); `prompt` prints the memories relevant to the prompt the host
 * hands over on stdin (Claude Code's and Gemini CLI's hook input, `{"prompt": …}`) and a
 * reminder of the Stable Memory Trigger, which ends every output. Hosts add what a hook prints
 * to the model's context; `--host` prints it as that host reads it and within what it shows the
 * model inline (hookOutput.ts): plain text for Claude Code and Codex, Gemini CLI's
 * `{"hookSpecificOutput": {"hookEventName", "additionalContext"}}`, Cursor's
 * `{"additional_context"}`. Without `--host`: Claude Code's text, or with `--json` Gemini CLI's JSON.
 *
 * It runs on every prompt, so the search is the warm search server's when one is running (as
 * `search` does it, warmSearch.ts). It
 * fails open: whatever goes wrong (no vault, a damaged one, bad input), it says so on stderr,
 * prints nothing and exits 0, so the host is never blocked.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildContext } from '../../core/context/context';
import { recallFrom } from '../../core/context/recall';
import { localDay } from '../../core/shared/clock';
import { inputError } from '../../core/shared/errors';
import { TOKENIZER, countTokens } from '../../core/shared/tokens';
import { type Vault, openVault } from '../../core/vault/layout';
import { shellQuote } from '../../core/shared/text';
import type { Command, CliContext, OptionValues } from '../command';
import { HOOK_HOSTS, fitHookText, hookDocument } from '../hookOutput';
import { searchWarm } from '../warmSearch';
import { bestLine, recordServed } from '../../core/vault/usage';
import type { HookOutputHost } from '../../core/init/hostConfig';

export const HOOK_EVENTS = ['session-start', 'prompt'] as const;
const SESSION_TOKENS = 2500;
const PROMPT_TOKENS = 800;
/** Hook input larger than this is not a prompt worth searching for. */
const MAX_INPUT_BYTES = 1024 * 1024;
/**
 * The last line of every hook's context. Its command names this vault's CLI by absolute path:
 * it works from any folder of the project and costs a few tokens a turn, where the launcher the
 * committed skills use (hostConfig.ts LAUNCH) costs a hundred; and it names the host, so what the
 * agent records says which agent wrote it.
 */
const reminder = (v: Vault, host: HookOutputHost) =>
  `Core Soul: before ending this turn, if it involved a new entity, an important decision or an error fix, record it with memory_write (or: node ${shellQuote(path.join(v.soulDir, 'bin', 'coresoul.js'))} write "…" --kind decision --from agent --via ${host}).`;

export const hook: Command = {
  name: 'hook',
  usage: `hook <${HOOK_EVENTS.join('|')}> [--host ${HOOK_HOSTS.join('|')}] [--max-tokens N] [--no-memory]`,
  summary: 'print the context an agent host injects from a lifecycle hook (never fails the host)',
  options: { host: { type: 'string' }, 'max-tokens': { type: 'string' }, 'no-memory': { type: 'boolean' } },
  describe: {
    host: '<claude|codex|cursor|gemini> print as this host reads a hook, within what it shows inline (default claude; with --json gemini)',
    'max-tokens': '<N> the token budget (default 2500 at session start, 800 per prompt), lowered further to fit the host',
    'no-memory': 'soul and persona only',
  },
  examples: [
    'coresoul hook session-start --host claude',
    'echo \'{"prompt": "why PostgreSQL?"}\' | coresoul hook prompt --host gemini',
  ],
  takesArguments: true,
  async run(ctx, args, opts) {
    // Without --host: Claude Code's plain text, or with --json the JSON of Gemini CLI (as earlier inits wired them).
    const host = (opts.host ?? (ctx.json ? 'gemini' : 'claude')) as HookOutputHost;
    try {
      if (!HOOK_HOSTS.includes(host)) throw inputError(`--host: expected one of ${HOOK_HOSTS.join(', ')}, got "${String(opts.host)}"`);
      const { text, hookEventName } = await context(ctx, host, args, opts);
      return hookDocument(host, hookEventName, text);
    } catch (err) {
      ctx.warn(`coresoul hook: ${String((err as Error)?.message ?? err).split('\n')[0]}; nothing injected`);
      return hookDocument(HOOK_HOSTS.includes(host) ? host : 'claude', '', '');
    }
  },
};

/** What the hook adds to the model's context, and the host's name of the event (for its JSON). */
async function context(ctx: CliContext, host: HookOutputHost, args: string[], opts: OptionValues): Promise<{ text: string; hookEventName: string }> {
  const event = args[0];
  if (!(HOOK_EVENTS as readonly string[]).includes(event)) throw inputError(`expected an event, one of ${HOOK_EVENTS.join(', ')}, got "${event ?? ''}"`);
  const maxTokens = opts['max-tokens'] === undefined ? undefined : Number(opts['max-tokens']);
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens >= 100)) throw inputError(`--max-tokens: expected a whole number ≥ 100, got "${opts['max-tokens']}"`);
  const memory = !opts['no-memory'];
  const v = openVault(ctx.root);
  const tokens = { name: TOKENIZER, count: countTokens };
  const fit = async (budget: number, build: (budget: number) => Promise<string>) => {
    const fitted = await fitHookText(host, budget, build, reminder(v, host));
    if (fitted.cut) ctx.warn(`coresoul hook: the context was cut at a line end to fit what ${host} shows inline`);
    return fitted.text;
  };
  if (event === 'session-start') {
    const guarded = new Set<string>();
    const text = await fit(maxTokens ?? SESSION_TOKENS, async (budget) => {
      const built = await buildContext(v, { request: 'session start', clock: ctx.clock, tokens, memory, budget, only: ['soul', 'persona', 'profile', 'recent'] });
      for (const g of built.guarded) guarded.add(g);
      return built.text;
    });
    for (const g of guarded) ctx.warn(`warning: ${g}`);
    return { text, hookEventName: 'SessionStart' };
  }
  const input = hookInput(readInput());
  // Claude Code's and Codex's UserPromptSubmit, Gemini CLI's BeforeAgent.
  const hookEventName = input.hook_event_name ?? 'UserPromptSubmit';
  if (!memory || !input.prompt.trim()) return { text: '', hookEventName };
  const today = localDay(ctx.clock.now());
  const recall = recallFrom(v, async (query, options) => {
    const r = await searchWarm(ctx.bundle, v, { root: v.root, query, options: { ...options, today } });
    recordServed(v, r.results.map(bestLine), today); // what the hook serves counts as used (docs/truth.md#usage-aware-decay)
    return r;
  });
  const text = await fit(maxTokens ?? PROMPT_TOKENS, async (budget) => (await buildContext(v, { request: input.prompt, clock: ctx.clock, tokens, budget, only: ['memories'], recall })).text);
  return { text, hookEventName };
}

function readInput(): string {
  if (process.stdin.isTTY) return '';
  const buf = fs.readFileSync(0);
  return buf.length > MAX_INPUT_BYTES ? '' : buf.toString('utf8');
}

/** A host's hook input (`{"hook_event_name", "prompt", …}` from Claude Code, Gemini CLI and Codex), else the text itself as the prompt. */
function hookInput(input: string): { prompt: string; hook_event_name?: string } {
  try {
    const data = JSON.parse(input) as { prompt?: unknown; hook_event_name?: unknown };
    return { prompt: typeof data?.prompt === 'string' ? data.prompt : '', ...(typeof data?.hook_event_name === 'string' && { hook_event_name: data.hook_event_name }) };
  } catch {
    return { prompt: input };
  }
}

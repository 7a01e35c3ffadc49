/**
 * What `init --hosts codex` writes into Codex's project configuration, `.codex/config.toml`
 * (docs/agents.md): the `coresoul` MCP server and, with `--hooks`, the `SessionStart` and
 * `UserPromptSubmit` hooks, in the tables Codex reads (codex-rs/config: `[mcp_servers.<name>]`
 * with `command` and `args`; `[[hooks.<Event>]]` matcher groups of `[[hooks.<Event>.hooks]]`
 * handlers with `type = "command"`, `command`, `timeout` in seconds). Codex searches for
 * `.codex/config.toml` from the folder it runs in up to the project root, and loads it once the
 * project is trusted. Every addition is appended as a block of its own, so the user's lines,
 * comments and layout keep every byte; what is there already (a `coresoul` server, a hook that
 * runs `coresoul … hook`) is kept as it is, and a second `init` changes nothing.
 */
import * as path from 'node:path';
import { readTextIfExists } from '../shared/fs';
import { type FilePlan, SERVER_NAME, hookCommand, launcherArgs } from './hostConfig';

export const CODEX_FILE = '.codex/config.toml';

// A TOML basic string: JSON's escapes (\" \\ \n \uXXXX) are TOML's too.
const str = (s: string) => JSON.stringify(s);

/** A `coresoul` server already configured: its table, a sub-table of it, or a dotted key. */
const HAS_SERVER = new RegExp(`^[ \\t]*(\\[[ \\t]*mcp_servers[ \\t]*\\.[ \\t]*"?${SERVER_NAME}"?[ \\t]*[\\].]|mcp_servers[ \\t]*\\.[ \\t]*"?${SERVER_NAME}"?[ \\t]*[.=])`, 'm');

const SERVER_BLOCK = [
  '# Core Soul (coresoul init): the memory server, started from whichever folder of the project Codex runs in',
  `[mcp_servers.${SERVER_NAME}]`,
  'command = "node"',
  `args = [${launcherArgs('mcp').map(str).join(', ')}]`,
].join('\n');

/** Codex's events, mapped to `coresoul hook <event>`. */
export const CODEX_HOOK_EVENTS = { SessionStart: 'session-start', UserPromptSubmit: 'prompt' } as const;

const hookBlock = (event: string, name: string) =>
  [
    `# Core Soul (coresoul init --hooks): ${name === 'prompt' ? 'the memories relevant to each prompt' : 'soul, persona and recent days at session start'}`,
    `[[hooks.${event}]]`,
    `[[hooks.${event}.hooks]]`,
    'type = "command"',
    `command = ${str(hookCommand('codex', name))}`,
    'timeout = 10',
  ].join('\n');

/** Whether the file already runs `coresoul … hook <name>` (this init's launcher, or the user's own line). */
const hasHook = (text: string, name: string) => new RegExp(`coresoul\\.js\\W.*\\bhook ${name}\\b`).test(text);

/** `.codex/config.toml` with the server and (with `hooks`) the hooks appended; no text when all are there. */
export function planCodexConfig(root: string, opts: { hooks: boolean }): FilePlan {
  const file = path.join(root, CODEX_FILE);
  const existing = readTextIfExists(file);
  const text = existing ?? '';
  const blocks = [
    ...(HAS_SERVER.test(text) ? [] : [SERVER_BLOCK]),
    ...(opts.hooks ? Object.entries(CODEX_HOOK_EVENTS).filter(([, name]) => !hasHook(text, name)).map(([event, name]) => hookBlock(event, name)) : []),
  ];
  if (!blocks.length) return { file, created: false };
  const lead = text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return { file, text: `${text}${lead}${blocks.join('\n\n')}\n`, created: existing === undefined };
}

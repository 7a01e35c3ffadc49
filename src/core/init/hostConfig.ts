/**
 * What `init --hosts` writes into each agent host's own configuration for this workspace
 * (docs/agents.md): the `coresoul` MCP server entry, and with `--hooks` the lifecycle hooks that
 * push the context into Claude Code's prompts. Every addition is an insertion made with
 * jsonc-parser into the host's file, so every byte the user had — other servers, other hooks,
 * settings, comments — stays; what is already there (an entry named `coresoul`, a hook that runs
 * `coresoul.js hook`) is the user's and is kept as it is. Codex keeps its servers in a per-user
 * TOML file: its lines are printed, not written. (jsonc-parser's ESM build: its UMD main loads
 * its parts with a require that bundlers cannot follow.)
 */
import * as path from 'node:path';
import { type JSONPath, applyEdits, format, modify, parse, type ParseError, printParseErrorCode } from 'jsonc-parser/lib/esm/main.js';
import { inputError } from '../shared/errors';
import { readTextIfExists } from '../shared/fs';

export const SERVER_NAME = 'coresoul';
const CLI = '.CoreSoul/bin/coresoul.js';

/** Hosts whose workspace file holds MCP servers: where, under which key, and the entry. */
export const MCP_FILES = {
  // Claude Code starts project servers in the project folder.
  claude: { file: '.mcp.json', key: 'mcpServers', entry: { type: 'stdio', command: 'node', args: [CLI, 'mcp'] } },
  // Gemini CLI starts them where it runs, the project folder.
  gemini: { file: '.gemini/settings.json', key: 'mcpServers', entry: { command: 'node', args: [CLI, 'mcp'] } },
  cursor: { file: '.cursor/mcp.json', key: 'mcpServers', entry: { command: 'node', args: [`\${workspaceFolder}/${CLI}`, 'mcp', '--root', '${workspaceFolder}'] } },
  vscode: { file: '.vscode/mcp.json', key: 'servers', entry: { type: 'stdio', command: 'node', args: [`\${workspaceFolder}/${CLI}`, 'mcp', '--root', '${workspaceFolder}'] } },
} as const;
export type McpFileHost = keyof typeof MCP_FILES;

/** What to add to `~/.codex/config.toml` (or a trusted project's `.codex/config.toml`). */
export const CODEX_LINES = `[mcp_servers.${SERVER_NAME}]\ncommand = "node"\nargs = ["${CLI}", "mcp"]`;

/**
 * Hosts with lifecycle hooks that inject the context (docs/agents.md#hooks): where they are
 * configured, each host's events mapped to `coresoul hook <event>`, and one hook's entry.
 * Claude Code reads what a hook prints; Gemini CLI reads JSON only, so its hooks ask for `--json`.
 */
export const HOOK_HOSTS = {
  claude: {
    file: '.claude/settings.json',
    events: { SessionStart: 'session-start', UserPromptSubmit: 'prompt' },
    // Seconds.
    hook: (event: string) => ({ type: 'command', command: hookCommand('$CLAUDE_PROJECT_DIR', event), timeout: 10 }),
  },
  gemini: {
    file: '.gemini/settings.json',
    events: { SessionStart: 'session-start', BeforeAgent: 'prompt' },
    // Milliseconds; the name is what `/hooks disable` takes.
    hook: (event: string) => ({ name: `coresoul-${event}`, type: 'command', command: `${hookCommand('$GEMINI_PROJECT_DIR', event)} --json`, timeout: 10_000, description: 'Core Soul: the context of this workspace' }),
  },
} as const;
export type HookHost = keyof typeof HOOK_HOSTS;
const hookCommand = (projectDir: string, event: string) => `node "${projectDir}/${CLI}" hook ${event} --root "${projectDir}"`;

export interface FilePlan {
  file: string;
  /** The new text, or undefined when everything is already there (kept as it is). */
  text?: string;
  created: boolean;
}

/** One insertion into `file`: `value` at `at` (an array index inserts there), unless `has` says it is there already. */
interface Insertion {
  file: string;
  at: JSONPath;
  value: unknown;
  has: (data: Record<string, unknown>) => boolean;
}

const FORMAT = { insertSpaces: true, tabSize: 2, eol: '\n' };

/**
 * A host file with the insertions made. Throws, before anything is written, when the file is
 * there but is not a JSON object: the user's text is never rewritten from a guess.
 */
function planInsertions(root: string, file: string, insertions: Insertion[]): FilePlan {
  const full = path.join(root, file);
  const existing = readTextIfExists(full);
  const errors: ParseError[] = [];
  const data: unknown = existing?.trim() ? parse(existing, errors, { allowTrailingComma: true }) : {};
  if (errors.length || typeof data !== 'object' || data === null || Array.isArray(data)) {
    const why = errors.length ? `${printParseErrorCode(errors[0].error)} at offset ${errors[0].offset}` : 'not a JSON object';
    throw inputError(`${file} is not valid JSON (${why}): fix it, then run init again; nothing was written`, 'hosts');
  }
  let text = existing?.trim() ? existing : '{}\n';
  let changed = false;
  for (const ins of insertions) {
    if (ins.has(parse(text) as Record<string, unknown>)) continue;
    // One insertion, then only the inserted text formatted: the user's own lines keep their layout.
    const [edit] = modify(text, ins.at, ins.value, { isArrayInsertion: typeof ins.at.at(-1) === 'number' });
    text = applyEdits(text, [edit]);
    text = applyEdits(text, format(text, { offset: edit.offset, length: edit.content.length }, FORMAT));
    changed = true;
  }
  if (!changed) return { file: full, created: false };
  return { file: full, text: existing === undefined ? applyEdits(text, format(text, undefined, FORMAT)) : text, created: existing === undefined };
}

const objectAt = (data: Record<string, unknown>, key: string) => {
  const v = data[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
};

/** The `coresoul` server in a host's MCP file. */
function mcpInsertion(host: McpFileHost): Insertion {
  const { key, entry } = MCP_FILES[host];
  return { file: MCP_FILES[host].file, at: [key, SERVER_NAME], value: entry, has: (d) => SERVER_NAME in (objectAt(d, key) ?? {}) };
}

/** A hook group for each of the host's events, after the user's own. */
function hookInsertions(host: HookHost): Insertion[] {
  const { file, events, hook } = HOOK_HOSTS[host];
  return Object.entries(events).map(([event, ours]) => ({
    file,
    at: ['hooks', event, -1],
    value: { hooks: [hook(ours)] },
    has: (d) => JSON.stringify(objectAt(d, 'hooks')?.[event] ?? []).includes(`${CLI}\\" hook `),
  }));
}

/**
 * Every host file `init` merges into, each planned once with all its insertions (Gemini CLI keeps
 * its MCP servers and its hooks in one file). Throws before anything is written when one of them
 * is not a JSON object.
 */
export function planHostFiles(root: string, hosts: { mcp: McpFileHost[]; hooks: HookHost[] }): FilePlan[] {
  const byFile = new Map<string, Insertion[]>();
  for (const ins of [...hosts.mcp.map(mcpInsertion), ...hosts.hooks.flatMap(hookInsertions)]) (byFile.get(ins.file) ?? byFile.set(ins.file, []).get(ins.file)!).push(ins);
  return [...byFile].map(([file, insertions]) => planInsertions(root, file, insertions));
}

/** Whether the host's MCP file already starts the `coresoul` server (a file that is not valid JSON does not). */
export function mcpFileHasServer(root: string, host: McpFileHost): boolean {
  const { file, key } = MCP_FILES[host];
  const data: unknown = parse(readTextIfExists(path.join(root, file)) ?? '', [], { allowTrailingComma: true });
  return typeof data === 'object' && data !== null && SERVER_NAME in (objectAt(data as Record<string, unknown>, key) ?? {});
}

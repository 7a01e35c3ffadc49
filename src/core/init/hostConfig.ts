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

/** Claude Code's hooks: the standing layers when a session starts (or resumes, or is compacted), the memories per prompt. */
export const CLAUDE_HOOKS_FILE = '.claude/settings.json';
const hookCommand = (event: string) => `node "$CLAUDE_PROJECT_DIR/${CLI}" hook ${event} --root "$CLAUDE_PROJECT_DIR"`;
export const CLAUDE_HOOKS = { SessionStart: hookCommand('session-start'), UserPromptSubmit: hookCommand('prompt') } as const;

export interface FilePlan {
  file: string;
  /** The new text, or undefined when everything is already there (kept as it is). */
  text?: string;
  created: boolean;
}

/** One insertion: `value` at `at` (an array index inserts there), unless `has` says it is there already. */
interface Insertion {
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

/** The host's MCP file with the `coresoul` server added. */
export function planMcpFile(root: string, host: McpFileHost): FilePlan {
  const { file, key, entry } = MCP_FILES[host];
  return planInsertions(root, file, [{ at: [key, SERVER_NAME], value: entry, has: (d) => SERVER_NAME in (objectAt(d, key) ?? {}) }]);
}

/** Whether the host's MCP file already starts the `coresoul` server (a file that is not valid JSON does not). */
export function mcpFileHasServer(root: string, host: McpFileHost): boolean {
  const { file, key } = MCP_FILES[host];
  const data: unknown = parse(readTextIfExists(path.join(root, file)) ?? '', [], { allowTrailingComma: true });
  return typeof data === 'object' && data !== null && SERVER_NAME in (objectAt(data as Record<string, unknown>, key) ?? {});
}

/** `.claude/settings.json` with a hook group for each event added after the user's own. */
export function planClaudeHooks(root: string): FilePlan {
  return planInsertions(
    root,
    CLAUDE_HOOKS_FILE,
    Object.entries(CLAUDE_HOOKS).map(([event, command]) => ({
      at: ['hooks', event, -1],
      value: { hooks: [{ type: 'command', command, timeout: 10 }] },
      has: (d) => JSON.stringify(objectAt(d, 'hooks')?.[event] ?? []).includes(`${CLI}\\" hook `),
    })),
  );
}

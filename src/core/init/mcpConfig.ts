/**
 * Each agent host's MCP configuration for this workspace, as `init --hosts` writes it
 * (docs/agents.md#mcp): the `coresoul` server entry inserted into the host's own file with
 * jsonc-parser, so every byte the user had — other servers, other settings, comments — stays. An entry named `coresoul` that is already there is the user's and is kept as it is.
 * Codex keeps its servers in a per-user TOML file: its lines are printed, not written. (The
 * package's ESM build: its UMD main loads its parts with a require that bundlers cannot follow.)
 */
import * as path from 'node:path';
import { applyEdits, format, modify, parse, type ParseError, printParseErrorCode } from 'jsonc-parser/lib/esm/main.js';
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

export interface McpFilePlan {
  file: string;
  /** The new text, or undefined when the file already names the server (kept as it is). */
  text?: string;
  created: boolean;
}

/**
 * The host's file with the server added. Throws, before anything is written, when the file is
 * there but is not a JSON object: the user's text is never rewritten from a guess.
 */
export function planMcpFile(root: string, host: McpFileHost): McpFilePlan {
  const { file, key, entry } = MCP_FILES[host];
  const full = path.join(root, file);
  const existing = readTextIfExists(full);
  if (existing === undefined) return { file: full, text: `${JSON.stringify({ [key]: { [SERVER_NAME]: entry } }, null, 2)}\n`, created: true };
  const errors: ParseError[] = [];
  const data: unknown = existing.trim() ? parse(existing, errors, { allowTrailingComma: true }) : {};
  if (errors.length || typeof data !== 'object' || data === null || Array.isArray(data)) {
    const why = errors.length ? `${printParseErrorCode(errors[0].error)} at offset ${errors[0].offset}` : 'not a JSON object';
    throw inputError(`${file} is not valid JSON (${why}): fix it, then run init again; nothing was written`, 'hosts');
  }
  const servers = (data as Record<string, unknown>)[key];
  if (servers && typeof servers === 'object' && SERVER_NAME in servers) return { file: full, created: false };
  const base = existing.trim() ? existing : '{}\n';
  // One insertion, then only the inserted text formatted: the user's own lines keep their layout.
  const [insert] = modify(base, [key, SERVER_NAME], entry, {});
  const text = applyEdits(base, [insert]);
  return { file: full, text: applyEdits(text, format(text, { offset: insert.offset, length: insert.content.length }, { insertSpaces: true, tabSize: 2, eol: '\n' })), created: false };
}

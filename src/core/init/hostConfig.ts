/**
 * What `init --hosts` writes into each agent host's own configuration for this workspace
 * (docs/agents.md): the `coresoul` MCP server entry, and with `--hooks` the lifecycle hooks that
 * push the context into the host's prompts. Every addition is an insertion made with
 * jsonc-parser into the host's file, so every byte the user had — other servers, other hooks,
 * settings, comments — stays; what is already there (an entry named `coresoul`, a hook that runs
 * `coresoul.js hook`) is the user's and is kept as it is. Codex's project file is TOML: see
 * codexConfig.ts. (jsonc-parser's ESM build: its UMD main loads its parts with a require that
 * bundlers cannot follow.)
 */
import * as path from 'node:path';
import { type JSONPath, applyEdits, format, modify, parse, type ParseError, printParseErrorCode } from 'jsonc-parser/lib/esm/main.js';
import { inputError } from '../shared/errors';
import { readTextIfExists } from '../shared/fs';

export const SERVER_NAME = 'coresoul';
const CLI = '.CoreSoul/bin/coresoul.js';

/**
 * A program for `node -e` that starts the vault's CLI wherever the host was started: it looks
 * for `.CoreSoul/bin/coresoul.js` in the current folder and each one above it (as git looks for
 * `.git`) and runs it with the arguments that follow. A host started in `repo/src`, and Gemini
 * CLI, whose `$GEMINI_PROJECT_DIR` is the session's folder rather than the repository's, then
 * reach the vault of `repo` with no path in the configuration at all (a `--root` among the
 * arguments, which Cursor and VS Code give as `${workspaceFolder}`, is where it starts looking): nothing for a host to
 * expand or quote, so a project path with spaces or parentheses cannot break it. It holds no
 * `"`, `$`, backquote, backslash, `!` or `%`, so it passes unchanged through a JSON or TOML
 * string, sh, bash, PowerShell and cmd.exe inside double quotes, and through the `$VAR`
 * expansion Claude Code and Gemini CLI apply to their settings. Without a vault it says so on
 * stderr and exits 2, or 0 for `hook` (a hook fails open).
 */
export const LAUNCHER = [
  "const f=require('fs'),p=require('path');let d=process.cwd();",
  "const r=process.argv.indexOf('--root');if(r>0&&process.argv[r+1])d=p.resolve(process.argv[r+1]);",
  "for(;;){const c=p.join(d,'.CoreSoul','bin','coresoul.js');",
  'if(f.existsSync(c)){process.argv.splice(1,0,c);require(c);break}',
  'const u=p.dirname(d);',
  "if(u===d){console.error('coresoul: no .CoreSoul/bin/coresoul.js in '+process.cwd()+' or a folder above it (run: coresoul init)');process.exitCode=process.argv[1]==='hook'?0:2;break}",
  'd=u}',
].join('');

/** The arguments of `node` that start `coresoul <args>` from wherever the host runs it. */
export const launcherArgs = (...args: string[]) => ['-e', LAUNCHER, ...args];
/**
 * The same as a shell command, for hosts that run hooks through a shell and for every text that
 * tells an agent how to run the CLI (skills, soul.md, the hook reminder): it works from any
 * folder of the project.
 */
export const LAUNCH = `node -e "${LAUNCHER}"`;
const launcherCommand = (...args: string[]) => `${LAUNCH} ${args.join(' ')}`;
/** The command a host's hook runs for `coresoul hook <event>`, shaped and capped for that host (HOOK_OUTPUT). */
export const hookCommand = (host: HookOutputHost, event: string) => launcherCommand('hook', event, '--host', host);

/** Hosts whose workspace file holds MCP servers: where, under which key, and the entry. */
export const MCP_FILES = {
  // Claude Code and Gemini CLI start project servers in the folder they were started in, which
  // may be below the project's: the launcher finds the vault from there.
  claude: { file: '.mcp.json', key: 'mcpServers', entry: { type: 'stdio', command: 'node', args: launcherArgs('mcp') } },
  gemini: { file: '.gemini/settings.json', key: 'mcpServers', entry: { command: 'node', args: launcherArgs('mcp') } },
  // Cursor and VS Code read these files in the folder they opened, which `${workspaceFolder}` names.
  // Through the launcher too: in a clone that has no vault yet it says so in one line and names `coresoul init`.
  cursor: { file: '.cursor/mcp.json', key: 'mcpServers', entry: { command: 'node', args: launcherArgs('mcp', '--root', '${workspaceFolder}') } },
  vscode: { file: '.vscode/mcp.json', key: 'servers', entry: { type: 'stdio', command: 'node', args: launcherArgs('mcp', '--root', '${workspaceFolder}') } },
} as const;
export type McpFileHost = keyof typeof MCP_FILES;

/**
 * What each host shows the model of a hook's output, and so what `coresoul hook --host` must
 * fit into (docs/agents.md#hooks): its shape, and the most it takes inline before it cuts the
 * rest to a preview. Claude Code: plain text, 10,000 characters (its hooks reference). Codex:
 * plain text, 2,500 tokens counted as bytes / 4 (codex-rs/hooks/src/output_spill.rs), so
 * 10,000 bytes. Cursor: `{"additional_context"}` from `sessionStart`; it documents no cap, so
 * Claude Code's. Gemini CLI: `{"hookSpecificOutput": {hookEventName, additionalContext}}`, no
 * cap (packages/core/src/hooks). A cap counts what the host counts: the text it injects.
 */
export const HOOK_OUTPUT = {
  claude: { shape: 'text', cap: 10_000, unit: 'chars' },
  codex: { shape: 'text', cap: 10_000, unit: 'bytes' },
  cursor: { shape: 'cursor', cap: 10_000, unit: 'chars' },
  gemini: { shape: 'hookSpecificOutput' },
} as const satisfies Record<string, { shape: 'text' | 'hookSpecificOutput' | 'cursor'; cap?: number; unit?: 'chars' | 'bytes' }>;
export type HookOutputHost = keyof typeof HOOK_OUTPUT;

/**
 * Hosts with lifecycle hooks that inject the context (docs/agents.md#hooks), in JSON settings:
 * where they are configured, each host's events mapped to `coresoul hook <event>`, one hook's
 * entry, and what else the file needs (Cursor's `version`). Every hook runs the launcher, in
 * the folder the host runs hooks in (the project, or the session's folder below it).
 */
export const HOOK_HOSTS = {
  claude: {
    file: '.claude/settings.json',
    events: { SessionStart: 'session-start', UserPromptSubmit: 'prompt' },
    // Seconds.
    hook: (event: string) => ({ type: 'command', command: hookCommand('claude', event), timeout: 10 }),
    base: {},
  },
  gemini: {
    file: '.gemini/settings.json',
    events: { SessionStart: 'session-start', BeforeAgent: 'prompt' },
    // Milliseconds; the name is what `/hooks disable` takes.
    hook: (event: string) => ({ name: `coresoul-${event}`, type: 'command', command: hookCommand('gemini', event), timeout: 10_000, description: 'Core Soul: the context of this workspace' }),
    base: {},
  },
  // Cursor's hooks: only `sessionStart` can add to the context (`beforeSubmitPrompt` may only block a prompt).
  cursor: {
    file: '.cursor/hooks.json',
    events: { sessionStart: 'session-start' },
    hook: (event: string) => ({ command: hookCommand('cursor', event), timeout: 10 }),
    base: { version: 1 },
  },
} as const;
export type HookHost = keyof typeof HOOK_HOSTS;

export interface FilePlan {
  file: string;
  /** The new text, or undefined when everything is already there (kept as it is). */
  text?: string;
  created: boolean;
}

/**
 * One change to `file`, worked out from the file as it is then: the values to set at their paths
 * (a trailing array index inserts there), or none when what it adds is there already.
 */
interface Change {
  file: string;
  edits: (data: Record<string, unknown>) => { at: JSONPath; value: unknown }[];
}

const FORMAT = { insertSpaces: true, tabSize: 2, eol: '\n' };

/**
 * A host file with the changes made. Throws, before anything is written, when the file is
 * there but is not a JSON object: the user's text is never rewritten from a guess.
 */
function planChanges(root: string, file: string, changes: Change[]): FilePlan {
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
  for (const change of changes) {
    for (const { at, value } of change.edits(parse(text, [], { allowTrailingComma: true }) as Record<string, unknown>)) {
      // One edit, then only the new text formatted: the user's own lines keep their layout.
      const [edit] = modify(text, at, value, { isArrayInsertion: typeof at.at(-1) === 'number' });
      text = applyEdits(text, [edit]);
      text = applyEdits(text, format(text, { offset: edit.offset, length: edit.content.length }, FORMAT));
      changed = true;
    }
  }
  if (!changed) return { file: full, created: false };
  return { file: full, text: existing === undefined ? applyEdits(text, format(text, undefined, FORMAT)) : text, created: existing === undefined };
}

const objectAt = (data: Record<string, unknown>, key: string) => {
  const v = data[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
};
const arrayAt = (data: Record<string, unknown> | undefined, key: string): unknown[] => (Array.isArray(data?.[key]) ? (data[key] as unknown[]) : []);

/**
 * What an earlier `init` wrote that no longer works, and is replaced where it stands (anything
 * else, even a near copy, is the user's and stays): its `.CoreSoul/bin/coresoul.js` relative to
 * the folder the host started in, and hooks that quoted a path Gemini CLI quotes itself.
 */
const OLD_MCP_ARGS = [JSON.stringify([CLI, 'mcp']), JSON.stringify([`\${workspaceFolder}/${CLI}`, 'mcp', '--root', '${workspaceFolder}'])];
const oldHookCommand = (host: HookHost, event: string): string | undefined =>
  host === 'claude'
    ? `node "$CLAUDE_PROJECT_DIR/${CLI}" hook ${event} --root "$CLAUDE_PROJECT_DIR"`
    : host === 'gemini'
      ? `node "$GEMINI_PROJECT_DIR/${CLI}" hook ${event} --root "$GEMINI_PROJECT_DIR" --json`
      : undefined;

/** The `coresoul` server in a host's MCP file; an older init's entry gets the launcher. */
function mcpChange(host: McpFileHost): Change {
  const { file, key, entry } = MCP_FILES[host];
  return {
    file,
    edits: (d) => {
      const mine = objectAt(objectAt(d, key) ?? {}, SERVER_NAME);
      if (!mine && !(SERVER_NAME in (objectAt(d, key) ?? {}))) return [{ at: [key, SERVER_NAME], value: entry }];
      return mine?.command === 'node' && OLD_MCP_ARGS.includes(JSON.stringify(mine.args)) && 'args' in entry ? [{ at: [key, SERVER_NAME, 'args'], value: entry.args }] : [];
    },
  };
}

/** Whether a hook command runs `coresoul … hook`: this init's or an earlier one's, or the user's own. */
const isOurHook = (command: unknown) => typeof command === 'string' && /coresoul\.js\W.*\bhook (session-start|prompt)\b/.test(command);

/** A hook for each of the host's events, after the user's own, and the keys the file itself needs. */
function hookChanges(host: HookHost): Change[] {
  const { file, events, hook, base } = HOOK_HOSTS[host];
  // Claude Code and Gemini CLI group hooks under a matcher; Cursor lists them as they are.
  const grouped = host !== 'cursor';
  const top: Change[] = Object.entries(base).map(([key, value]) => ({ file, edits: (d) => (key in d ? [] : [{ at: [key], value }]) }));
  return [
    ...top,
    ...Object.entries(events).map(([event, name]): Change => ({
      file,
      edits: (d) => {
        const list = arrayAt(objectAt(d, 'hooks'), event);
        const hooksOf = (g: unknown, i: number) => (grouped ? arrayAt(g as Record<string, unknown>, 'hooks').map((h, j) => ({ h, at: ['hooks', event, i, 'hooks', j] })) : [{ h: g, at: ['hooks', event, i] }]);
        const all = list.flatMap(hooksOf);
        const old = oldHookCommand(host, name);
        const stale = all.filter(({ h }) => old !== undefined && (h as { command?: unknown })?.command === old);
        if (stale.length) return stale.map(({ at }) => ({ at: [...at, 'command'], value: hook(name).command }));
        if (all.some(({ h }) => isOurHook((h as { command?: unknown })?.command))) return [];
        return [{ at: ['hooks', event, -1], value: grouped ? { hooks: [hook(name)] } : hook(name) }];
      },
    })),
  ];
}

/**
 * Every host file `init` merges into, each planned once with all its insertions (Gemini CLI keeps
 * its MCP servers and its hooks in one file). Throws before anything is written when one of them
 * is not a JSON object.
 */
export function planHostFiles(root: string, hosts: { mcp: McpFileHost[]; hooks: HookHost[] }): FilePlan[] {
  const byFile = new Map<string, Change[]>();
  for (const c of [...hosts.mcp.map(mcpChange), ...hosts.hooks.flatMap(hookChanges)]) (byFile.get(c.file) ?? byFile.set(c.file, []).get(c.file)!).push(c);
  return [...byFile].map(([file, changes]) => planChanges(root, file, changes));
}

/** Whether the host's MCP file already starts the `coresoul` server (a file that is not valid JSON does not). */
export function mcpFileHasServer(root: string, host: McpFileHost): boolean {
  const { file, key } = MCP_FILES[host];
  const data: unknown = parse(readTextIfExists(path.join(root, file)) ?? '', [], { allowTrailingComma: true });
  return typeof data === 'object' && data !== null && SERVER_NAME in (objectAt(data as Record<string, unknown>, key) ?? {});
}

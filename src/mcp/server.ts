/**
 * `coresoul mcp` (docs/agents.md#mcp): the vault of one workspace as a Model Context Protocol
 * server over stdio, on the official SDK. Its tools are the calls every host shares
 * (src/core/tools/calls.ts): nothing here decides what a tool does, only how MCP offers it.
 *
 * A missing or damaged vault is reported at start (stderr) and by every call, never as a crash:
 * the host keeps a working server that says what to fix. With the memory switch off
 * (`--no-memory`), the memory tools and today's file are not offered; soul, persona, the persona
 * proposal and status are. `--no-persona-tool` leaves the proposal out where the host has its own
 * (the VS Code extension, docs/agents.md#in-vs-code).
 */
import { type CallToolResult, McpServer, StdioServerTransport } from './sdkLib';
import { type Clock, localDay } from '../core/shared/clock';
import { readLayer } from '../core/context/context';
import { CoreSoulError } from '../core/shared/errors';
import { readTextIfExists } from '../core/shared/fs';
import { shown } from '../core/safety/secrets';
import * as calls from '../core/tools/calls';
import { type Vault, dayFile, openVault } from '../core/vault/layout';

export interface McpOptions {
  root: string;
  clock: Clock;
  /** The memory switch (docs/memory.md#memory-switch). */
  memory: boolean;
  /** Offer `persona_propose` (the VS Code extension offers its own, which opens the diff in the editor). */
  personaTool: boolean;
  version: string;
  /** One line for a person (stderr). */
  warn(message: string): void;
}

const INSTRUCTIONS = `Core Soul is this workspace's persistent memory and persona, shared by every agent.
Read the "soul" resource (safety rules you never break) and the "persona" resource (who you are here) and adopt them.
Before answering about past work, decisions, people or errors, call memory_search and cite its file:line.
Before ending a turn that involved a new entity, an important decision or an error fix, call memory_write (the Stable Memory Trigger).`;

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
/** Appends or proposes: never destroys, and calling twice writes twice. */
const APPENDS = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

/** The server, not yet connected: `serveMcp` runs it over stdio, tests may connect it otherwise. */
export function mcpServer(opts: McpOptions): McpServer {
  const server = new McpServer({ name: 'coresoul', version: opts.version }, { instructions: INSTRUCTIONS });
  const caller: calls.Caller = { clock: opts.clock, via: 'mcp', memory: opts.memory };
  /** The vault, opened per call: it may be created, repaired or damaged while the server runs. */
  const answer = async (run: (v: Vault) => Promise<calls.ToolAnswer>): Promise<CallToolResult> => {
    const result = await calls.guarded(() => run(openVault(opts.root)));
    return { content: [{ type: 'text', text: result.text }], ...(result.error && { isError: true }) };
  };

  if (opts.memory) {
    server.registerTool(
      'memory_write',
      {
        title: 'Write to memory',
        description:
          "Append one entry to today's Core Soul memory (append-only, no model). Link entities as [[Name]]. kind: decision, error (a fix), correction, preference or note. Secrets are redacted before the write.",
        inputSchema: calls.MemoryWriteInput.shape,
        annotations: APPENDS,
      },
      (input) => answer((v) => calls.memoryWrite(v, input, caller)),
    );
    server.registerTool(
      'memory_search',
      {
        title: 'Search memory',
        description: 'The few memory lines that answer a question, each cited by file, line and date, within a token budget (default 2000). Ask in plain words; names, dates and Chinese work. page 2 continues where page 1 stopped.',
        inputSchema: calls.MemorySearchInput.shape,
        annotations: READ_ONLY,
      },
      (input) => answer((v) => calls.memorySearch(v, input)),
    );
    server.registerTool(
      'memory_recent',
      { title: 'Recent days', description: "Yesterday's and today's memory entries.", inputSchema: calls.NoInput.shape, annotations: READ_ONLY },
      () => answer((v) => calls.recentDays(v, caller)),
    );
    server.registerTool(
      'user_profile',
      { title: 'User profile', description: 'What Core Soul has learnt about the user (preferences, background), strongest first.', inputSchema: calls.NoInput.shape, annotations: READ_ONLY },
      () => answer((v) => calls.userProfile(v, caller)),
    );
  }
  if (opts.personaTool) {
    server.registerTool(
      'persona_propose',
      {
        title: 'Propose a persona change',
        description:
          'Propose new text for persona sections (Self-Awareness, Behavioral Guidelines, Key Memories & Beliefs, Skill Registry). It must pass the gate (trigger: explicit-command, repeated-correction or paradigm-shift, with evidence in memory) and the soul check; an accepted proposal waits for the user to review and apply it. Never applies anything.',
        inputSchema: calls.PersonaProposeInput.shape,
        annotations: APPENDS,
      },
      (input) => answer((v) => calls.personaPropose(v, input, caller)),
    );
  }
  server.registerTool(
    'status',
    { title: 'Vault status', description: 'Vault statistics, the last compression, whether compression is due, the git state.', inputSchema: calls.NoInput.shape, annotations: READ_ONLY },
    () => answer((v) => calls.status(v, caller)),
  );

  const resource = (name: string, uri: string, description: string, read: (v: Vault) => Promise<string>) =>
    server.registerResource(name, uri, { description, mimeType: 'text/markdown' }, async (url) => ({ contents: [{ uri: url.href, mimeType: 'text/markdown', text: await read(openVault(opts.root)) }] }));
  resource('soul', 'coresoul://soul', 'The innate safety rules this agent never breaks (soul.md, as prose).', async (v) => (await readLayer(v, 'soul', opts.clock)).text);
  resource('persona', 'coresoul://persona', 'Who this agent is in this workspace (persona.md; lines that break the soul are left out).', async (v) => (await readLayer(v, 'persona', opts.clock)).text);
  if (opts.memory) {
    resource('today', 'coresoul://memory/today', "Today's memory file (L1, one line per entry).", async (v) => shown(readTextIfExists(dayFile(v, localDay(opts.clock.now()))) ?? ''));
  }
  return server;
}

/** Serves the workspace's vault over stdio until the client closes the connection. */
export async function serveMcp(opts: McpOptions): Promise<void> {
  try {
    openVault(opts.root);
  } catch (err) {
    if (!(err instanceof CoreSoulError)) throw err;
    opts.warn(`coresoul mcp: ${err.message}; every call will say so until it is fixed`);
  }
  const server = mcpServer(opts);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport());
  await closed;
}

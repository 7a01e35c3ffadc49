/**
 * `coresoul mcp` (docs/agents.md#mcp): the vault of one workspace as a Model Context Protocol
 * server over stdio, on the official SDK. Its tools are the calls every host shares
 * (src/core/tools/calls.ts): nothing here decides what a tool does, only how MCP offers it.
 *
 * A missing or damaged vault is reported at start (stderr) and by every call, never as a crash:
 * the host keeps a working server that says what to fix. With the memory switch off
 * (`--no-memory`), the memory tools and today's file are not offered; soul, persona, the persona
 * proposal and status are. `--no-persona-tool` leaves the proposal out where the host has its own
 * (the VS Code extension, docs/agents.md#in-vs-code). Before the SDK's transport reads stdin, the
 * guard (stdioGuard.ts) answers malformed, oversized and too-early messages with their JSON-RPC
 * errors, so none of them ends the server or runs a tool.
 */
import { type CallToolResult, McpServer, ReadResourceRequestSchema, type ReadResourceResult, StdioServerTransport } from './sdkLib';
import { MAX_MESSAGE_BYTES, StdioGuard, asMessage } from './stdioGuard';
import { type Clock, localDay } from '../core/shared/clock';
import { readLayer } from '../core/context/context';
import { quoted, recordedNotes } from '../core/context/recorded';
import { CoreSoulError } from '../core/shared/errors';
import { readTextIfExists } from '../core/shared/fs';
import { neutraliseInvisible } from '../core/shared/text';
import { shown } from '../core/safety/secrets';
import * as calls from '../core/tools/calls';
import { modelJudge } from '../core/safety/modelJudge';
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

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
/** Appends or proposes: never destroys, and calling twice writes twice. */
const APPENDS = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
/** Appends the corrected entry and marks the old one: nothing is lost, and a repeat is refused, changing nothing. */
const CORRECTS = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
/** Takes an entry's text out of the memory files (the vault history keeps it); a repeat is refused, changing nothing. */
const FORGETS = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } as const;

/** JSON-RPC error of a resource that does not exist (MCP 2025-06-18, resources: error handling). */
export const RESOURCE_NOT_FOUND = -32002;

/** The server, not yet connected: `serveMcp` runs it over stdio, tests may connect it otherwise. */
export function mcpServer(opts: McpOptions): McpServer {
  const server = new McpServer({ name: 'coresoul', version: opts.version }, { instructions: INSTRUCTIONS });
  // Which agent writes: the client's own name from `initialize` (claude-code, gemini-cli…), else `mcp`.
  const caller: calls.Caller = {
    clock: opts.clock,
    memory: opts.memory,
    get via() {
      return clientName(server.server.getClientVersion()?.name) ?? 'mcp';
    },
  };
  /**
   * The client's own model as the soul check's judge (core/safety/modelJudge.ts), through MCP
   * sampling, when the client offers it: asked about a persona proposal the rules passed, it can
   * only refuse. A client without sampling leaves the rules to decide alone.
   */
  const samplingJudge = (signal: AbortSignal) =>
    server.server.getClientCapabilities()?.sampling
      ? modelJudge(
          {
            complete: async (prompt, s) => {
              const reply = await server.server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 1000 }, { signal: s, timeout: 120_000 });
              return reply.content.type === 'text' ? reply.content.text : '';
            },
          },
          signal,
        )
      : undefined;
  /** The vault, opened per call: it may be created, repaired or damaged while the server runs. */
  const answer = async (run: (v: Vault) => Promise<calls.ToolAnswer>): Promise<CallToolResult> => {
    const result = await calls.guarded(() => run(openVault(opts.root)));
    if (result.error) return { content: [{ type: 'text', text: result.text }], isError: true };
    return { content: [{ type: 'text', text: result.text }], ...(result.data && { structuredContent: result.data }) };
  };

  if (opts.memory) {
    server.registerTool(
      'memory_write',
      {
        title: 'Write to memory',
        description:
          "Append one entry to today's Core Soul memory (append-only, no model). Link entities as [[Name]]. kind: decision, error (a fix), correction, preference or note. Secrets are redacted before the write. To change an entry already written, use memory_correct or memory_forget.",
        inputSchema: calls.MemoryWriteInput.shape,
        outputSchema: calls.WriteOutput.shape,
        annotations: APPENDS,
      },
      (input) => answer((v) => calls.memoryWrite(v, input, caller)),
    );
    server.registerTool(
      'memory_search',
      {
        title: 'Search memory',
        description:
          'The few memory lines that answer a question, each cited by file, line, date and author, within a token budget (default 2000). Ask in plain words; names, dates and Chinese work. page 2 continues where page 1 stopped. author: only what one person, agent or host wrote.',
        inputSchema: calls.MemorySearchInput.shape,
        outputSchema: calls.SearchOutput.shape,
        annotations: READ_ONLY,
      },
      (input) => answer((v) => calls.memorySearch(v, input, caller)),
    );
    server.registerTool(
      'memory_recent',
      {
        title: 'Recent days',
        description:
          'The memory of the last days, today included (default 2: yesterday and today; days up to 31), one line per entry: "- YYYY-MM-DD HH:MM:SS [from agent: host] [by person on machine] text". Older days show their summaries. author: only what one person, agent or host wrote.',
        inputSchema: calls.RecentInput.shape,
        outputSchema: calls.RecentOutput.shape,
        annotations: READ_ONLY,
      },
      (input) => answer((v) => calls.recentDays(v, input, caller)),
    );
    server.registerTool(
      'memory_read',
      {
        title: 'Read a note or a day',
        description:
          'Read one entity note (its aliases and every dated mention, linked [[YYYY-MM-DD]]) or one day of memory, whole, by name. A detailed day also comes as entries with their time and line, to cite in memory_correct or memory_forget. Long ones come in pages of 200 lines.',
        inputSchema: calls.ReadInput.shape,
        outputSchema: calls.ReadOutput.shape,
        annotations: READ_ONLY,
      },
      (input) => answer((v) => calls.memoryRead(v, input, caller)),
    );
    server.registerTool(
      'memory_entities',
      {
        title: 'List entities',
        description: 'The entities memory knows (people, events, places, objects), with how many entries link each and the last day it was mentioned: the most recent first, the most linked, or by name; filter by kind or by part of a name. Read one with memory_read.',
        inputSchema: calls.EntitiesInput.shape,
        outputSchema: calls.EntitiesOutput.shape,
        annotations: READ_ONLY,
      },
      (input) => answer((v) => calls.memoryEntities(v, input)),
    );
    server.registerTool(
      'memory_correct',
      {
        title: 'Correct a memory',
        description:
          'Replace a wrong memory entry: writes the corrected entry today, linked to the old one, and marks the old one "[superseded … : reason]" on its day and its entities. Nothing is deleted: the old text stays, marked, and in the vault history. Refused, changing nothing, for an unknown entry, an empty reason, a line that is not an entry, a summarised day, or an entry already corrected or forgotten.',
        inputSchema: calls.CorrectInput.shape,
        outputSchema: calls.CorrectOutput.shape,
        annotations: CORRECTS,
      },
      (input) => answer((v) => calls.memoryCorrect(v, input, caller)),
    );
    server.registerTool(
      'memory_forget',
      {
        title: 'Forget a memory',
        description:
          'Retract a memory entry that is wrong or must not be kept: its text is replaced by "[retracted … : reason]" on its day and its entities, so searches no longer find it; the vault history keeps the old text, and the commit says why. Prefer memory_correct when there is a right version. Refused, changing nothing, as memory_correct is.',
        inputSchema: calls.ForgetInput.shape,
        outputSchema: calls.ForgetOutput.shape,
        annotations: FORGETS,
      },
      (input) => answer((v) => calls.memoryForget(v, input, caller)),
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
          'Propose new text for persona sections (Self-Awareness, Behavioral Guidelines, Key Memories & Beliefs, Skill Registry). It must pass the gate (trigger: explicit-command, repeated-correction or paradigm-shift, with evidence in memory) and the soul check; an accepted proposal waits for the user to review and apply it. You cannot give the user\'s command: explicit-command from you only queues the change for their review. Never applies anything.',
        inputSchema: calls.PersonaProposeInput.shape,
        annotations: APPENDS,
      },
      (input, extra) => answer((v) => calls.personaPropose(v, input, { ...caller, judge: samplingJudge(extra.signal) })),
    );
  }
  server.registerTool(
    'status',
    {
      title: 'Vault status',
      description: 'Vault statistics, the last compression, whether compression is due, the git state.',
      inputSchema: calls.NoInput.shape,
      outputSchema: calls.StatusOutput.shape,
      annotations: READ_ONLY,
    },
    () => answer((v) => calls.status(v, caller)),
  );

  const readers = new Map<string, (v: Vault) => Promise<string>>();
  const readResource = async (uri: string): Promise<ReadResourceResult> => {
    const read = readers.get(uri);
    if (!read) throw Object.assign(new Error(`Resource ${uri.slice(0, 200)} not found (resources/list names the resources)`), { code: RESOURCE_NOT_FOUND, data: { uri } });
    return { contents: [{ uri, mimeType: 'text/markdown', text: await read(openVault(opts.root)) }] };
  };
  const resource = (name: string, uri: string, description: string, read: (v: Vault) => Promise<string>) => {
    readers.set(uri, read);
    server.registerResource(name, uri, { description, mimeType: 'text/markdown' }, (url) => readResource(url.href));
  };
  resource('soul', 'coresoul://soul', 'The innate safety rules this agent never breaks (soul.md, as prose).', async (v) => (await readLayer(v, 'soul', opts.clock)).text);
  resource('persona', 'coresoul://persona', 'Who this agent is in this workspace (persona.md; lines that break the soul are left out).', async (v) => (await readLayer(v, 'persona', opts.clock)).text);
  if (opts.memory) {
    resource('today', 'coresoul://memory/today', "Today's memory file (L1, one line per entry), as quoted recorded notes.", async (v) => {
      const day = readTextIfExists(dayFile(v, localDay(opts.clock.now())));
      return day ? recordedNotes(quoted(shown(day.trimEnd()))) : '';
    });
  }
  // The SDK answers an unknown resource with -32602 and its message prefixed twice; the spec says -32002.
  server.server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(request.params.uri));
  return server;
}

/** A client's name as a provenance marker holds it: one word of at most 40 letters, digits, `.`, `_`, `-`. */
export function clientName(name: string | undefined): string | undefined {
  const word = neutraliseInvisible(name ?? '').trim().replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return word || undefined;
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
  // stdin → the guard (malformed, oversized and early messages answered) → the SDK's transport.
  const guard: StdioGuard = new StdioGuard((answer) => void transport.send(asMessage(answer)));
  const transport = new StdioServerTransport(guard, process.stdout, { maxBufferSize: 2 * MAX_MESSAGE_BYTES });
  process.stdin.pipe(guard);
  await server.connect(transport);
  await closed;
}

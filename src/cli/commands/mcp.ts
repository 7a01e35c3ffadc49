import type { Command } from '../command';

export const mcp: Command = {
  name: 'mcp',
  usage: 'mcp [--no-memory] [--no-persona-tool]',
  summary: "serve the workspace's vault to any agent as a Model Context Protocol server over stdio",
  options: { 'no-memory': { type: 'boolean' }, 'no-persona-tool': { type: 'boolean' } },
  describe: {
    'no-memory': 'serve soul and persona only: no memory tools, nothing read or written',
    'no-persona-tool': 'leave out persona_propose (VS Code offers its own, with a diff review)',
  },
  examples: [
    'coresoul mcp',
    'node .CoreSoul/bin/coresoul.js mcp --no-memory',
  ],
  async run(ctx, _args, opts) {
    // Loaded on demand: the MCP SDK is only needed here.
    const { serveMcp } = await import('../../mcp/server');
    await serveMcp({ root: ctx.root, clock: ctx.clock, memory: !opts['no-memory'], personaTool: !opts['no-persona-tool'], version: VERSION, warn: ctx.warn });
    return { json: undefined, text: '' };
  },
};

declare const VERSION: string;

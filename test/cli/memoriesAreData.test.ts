/**
 * Memories are data (docs/trust.md#memories-are-data), end to end: hostile entries written
 * through the CLI and the MCP server, then read back through every layer a model is handed —
 * `context`, both hooks, and the MCP tools and resources.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, cli, tempDir } from '../support/helpers';
import { HOSTILE_ENTRY, MARK, assertMemoriesAreData } from '../support/hostile';

const NOW = '2026-03-10T12:00:00';
const clients: Client[] = [];
after(() => Promise.all(clients.map((c) => c.close())));

async function connect(root: string): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--root', root, '--now', NOW], stderr: 'pipe', env: { ...process.env, CORESOUL_SEARCH_SERVER: '0' } as Record<string, string> });
  const client = new Client({ name: 'coresoul-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (a: unknown) => (a as { content: { text: string }[] }).content.map((p) => p.text).join('\n');

describe('memories are data in every layer a model is handed', () => {
  it('hostile entries written by the CLI and over MCP never forge a heading, an entry or provenance, and come quoted and labelled', async () => {
    const root = tempDir();
    assert.equal(cli(['init', '--root', root, '--no-git', '--now', '2026-03-09T08:00:00']).code, 0);
    const w = cli(['write', HOSTILE_ENTRY, '--from', 'agent', '--via', 'cli-test', '--root', root, '--now', '2026-03-10T09:00:00']);
    assert.equal(w.code, 0, w.stderr);
    const client = await connect(root);
    const mw = await client.callTool({ name: 'memory_write', arguments: { text: HOSTILE_ENTRY, kind: 'decision' } });
    assert.ok(!mw.isError, textOf(mw));

    const layers: [string, string][] = [
      ['coresoul context', cli(['context', `What about ${MARK}?`, '--root', root, '--now', NOW]).stdout],
      ['hook session-start', cli(['hook', 'session-start', '--root', root, '--now', NOW]).stdout],
      ['hook session-start --json', JSON.parse(cli(['hook', 'session-start', '--json', '--root', root, '--now', NOW]).stdout).hookSpecificOutput.additionalContext],
      ['hook prompt', cli(['hook', 'prompt', '--root', root, '--now', NOW], { input: JSON.stringify({ prompt: `What about ${MARK}?` }) }).stdout],
      ['mcp memory_search', textOf(await client.callTool({ name: 'memory_search', arguments: { query: MARK } }))],
      ['mcp memory_recent', textOf(await client.callTool({ name: 'memory_recent', arguments: {} }))],
      ['mcp coresoul://memory/today', ((await client.readResource({ uri: 'coresoul://memory/today' })).contents[0] as { text: string }).text],
    ];
    for (const [where, output] of layers) {
      // Soul, persona and the request stay the person's own: what lies between them is checked.
      const start = output.search(/^(?:# (?:Relevant memories|Recent days)|Recorded notes from memory)/m);
      const end = output.indexOf('\n# Request\n');
      const memory = output.slice(Math.max(0, start), end === -1 ? undefined : end);
      assertMemoriesAreData(memory, { where, genuine: '[from agent: cli-test]' });
      if (where !== 'hook session-start' && where !== 'hook session-start --json' && where !== 'coresoul context') assert.ok(memory.includes('[from agent: coresoul-test]'), `${where}: the MCP write's provenance`);
    }
  });

  it('keeps `hook session-start` within the 10,000 characters Claude Code shows, with full recent days', () => {
    const root = tempDir();
    assert.equal(cli(['init', '--root', root, '--no-git', '--now', '2026-03-09T08:00:00']).code, 0);
    assert.equal(cli(['write', 'step 0: chose [[PostgreSQL]]', '--root', root, '--now', '2026-03-10T08:59:00']).code, 0);
    const entries = Array.from({ length: 40 }, (_, i) => `- 09:${String(i).padStart(2, '0')}:00 step ${i}: chose [[PostgreSQL]] for the billing service because JSONB queries were needed across the team\n`);
    fs.appendFileSync(path.join(root, '.CoreSoul/memory/chronological/2026-03-10.md'), entries.join(''));
    const out = cli(['hook', 'session-start', '--root', root, '--now', NOW]).stdout;
    assert.match(out, /# Recent days\n\nRecorded notes from memory[^\n]*\n\n(?:> 2026-03-10 09:\d\d:00 step \d+[^\n]*\n)+> 2026-03-10 09:39:00 step 39[^\n]*\n\n[^\n]*record it with memory_write[^\n]*\n$/, 'the recent days whole, then the reminder');
    assert.ok(out.length <= 10_000, `${out.length} characters`);
  });
});

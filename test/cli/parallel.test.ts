/**
 * Parallel writes (docs/memory.md#memory-write): an agent's parallel MCP tool calls, several CLI calls
 * at once. Every line lands and every line is committed to the vault history, with no warning:
 * commits take turns instead of colliding on git's index.lock.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, cli, read, tempDir } from '../support/helpers';

const N = 20;
const NOW = '2026-03-10T09:00:00';
const env = { ...process.env, CORESOUL_SEARCH_SERVER: '0', CORESOUL_NOW: NOW } as Record<string, string>;
const clients: Client[] = [];
after(() => Promise.all(clients.map((c) => c.close())));

function vault(): string {
  const root = tempDir();
  assert.equal(cli(['init', '--root', root, '--now', '2026-03-09T09:00:00']).code, 0);
  return root;
}

/** The day's entries, and what the vault's git history has not committed. */
function state(root: string) {
  const lines = read(root, '.CoreSoul/memory/chronological/2026-03-10.md').split('\n').filter((l) => l.startsWith('- '));
  const git = spawnSync('git', ['status', '--porcelain'], { cwd: path.join(root, '.CoreSoul'), encoding: 'utf8' });
  return { lines, uncommitted: git.stdout.trim() };
}

const expected = (what: string) => Array.from({ length: N }, (_, i) => `${what} ${i}`).sort();
const texts = (lines: string[]) => lines.map((l) => l.replace(/^- \d\d:\d\d:\d\d (\[from agent: parallel\] )?\[by Tess Tester on testbox\] /, '')).sort();

describe(`${N} parallel writes: every line present and committed, no warning`, () => {
  it('through MCP: one server, parallel memory_write calls', async () => {
    const root = vault();
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--root', root], stderr: 'pipe', env });
    let stderr = '';
    transport.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
    const client = new Client({ name: 'parallel', version: '1' });
    await client.connect(transport);
    clients.push(client);
    const answers = (await Promise.all(Array.from({ length: N }, (_, i) => client.callTool({ name: 'memory_write', arguments: { text: `parallel mcp entry ${i}` } })))) as { content: { text: string }[]; isError?: boolean }[];
    for (const a of answers) {
      assert.ok(!a.isError, a.content[0].text);
      assert.doesNotMatch(a.content.map((c) => c.text).join('\n'), /not committed|warning|index\.lock/i);
    }
    const { lines, uncommitted } = state(root);
    assert.deepEqual(texts(lines), expected('parallel mcp entry'));
    assert.equal(uncommitted, '');
    assert.equal(stderr, '');
  });

  it('through the CLI: parallel coresoul write processes', async () => {
    const root = vault();
    const runs = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, [CLI, 'write', `parallel cli entry ${i}`, '--root', root], { env });
          let stderr = '';
          child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
          child.on('close', (code) => resolve({ code, stderr }));
        }),
      ),
    );
    for (const r of runs) {
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stderr, '', 'no warning');
    }
    const { lines, uncommitted } = state(root);
    assert.deepEqual(texts(lines), expected('parallel cli entry'));
    assert.equal(uncommitted, '');
  });
});

/**
 * `coresoul mcp` (docs/agents.md#mcp) driven over stdio by clients nobody here wrote: the MCP
 * SDK's own client, and the MCP Inspector's CLI mode.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, REPO, cli, read, snapshot, tempDir } from '../support/helpers';

const NOW = '2026-03-10T09:00:00';
const clients: Client[] = [];
after(() => Promise.all(clients.map((c) => c.close())));

function workspace(git = false) {
  const root = tempDir();
  assert.equal(cli(['init', '--root', root, '--now', '2026-03-02T09:00:00', ...(git ? [] : ['--no-git'])]).code, 0);
  return root;
}

async function connect(root: string, ...extra: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--root', root, '--now', NOW, ...extra], stderr: 'pipe', env: { ...process.env, CORESOUL_SEARCH_SERVER: '0' } as Record<string, string> });
  let err = '';
  transport.stderr?.on('data', (b: Buffer) => (err += b.toString()));
  const client = new Client({ name: 'coresoul-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => err };
}

type Answer = { content: { type: string; text: string }[]; isError?: boolean };
const call = async (c: Client, name: string, args: Record<string, unknown> = {}) => (await c.callTool({ name, arguments: args })) as Answer;
const textOf = (a: Answer) => a.content.map((p) => p.text).join('\n');

describe('coresoul mcp (the MCP SDK client)', () => {
  it('lists every tool, read-only ones annotated as such, and the soul, persona and today as resources', async () => {
    const { client } = await connect(workspace());
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    assert.deepEqual([...byName.keys()].sort(), ['memory_recent', 'memory_search', 'memory_write', 'persona_propose', 'status', 'user_profile']);
    for (const name of ['memory_search', 'memory_recent', 'user_profile', 'status']) assert.equal(byName.get(name)!.annotations?.readOnlyHint, true, name);
    for (const name of ['memory_write', 'persona_propose']) assert.equal(byName.get(name)!.annotations?.readOnlyHint, false, name);
    assert.deepEqual(byName.get('memory_write')!.inputSchema.required, ['text']);
    const { resources } = await client.listResources();
    assert.deepEqual(resources.map((r) => r.uri).sort(), ['coresoul://memory/today', 'coresoul://persona', 'coresoul://soul']);
    assert.match(client.getInstructions() ?? '', /memory_search/);
  });

  it('writes (as an agent, secrets redacted), searches with citations, and reads recent days, profile and status', async () => {
    const root = workspace(true);
    const { client } = await connect(root);
    const token = ['ghp', 'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx'].join('_');
    const w = await call(client, 'memory_write', { text: `Chose [[PostgreSQL]] for JSONB; deploy token ${token}`, kind: 'decision' });
    assert.ok(!w.isError, textOf(w));
    const written = JSON.parse(textOf(w));
    assert.deepEqual(written.redacted, ['github-pat']);
    const day = read(root, written.file);
    assert.match(day, /- 09:00:00 #decision \[from agent: mcp\] Chose \[\[PostgreSQL\]\] for JSONB; deploy token \[secret: github-pat\]/);
    assert.match(textOf(await call(client, 'memory_search', { query: 'Why PostgreSQL?' })), /^\[\.CoreSoul\/memory\/chronological\/2026-03-10\.md:\d+ · 2026-03-10\]\n[\s\S]*JSONB/);
    assert.match(textOf(await call(client, 'memory_recent')), /- 2026-03-10 09:00:00 #decision \[from agent: mcp\] Chose/);
    assert.equal(textOf(await call(client, 'user_profile')), 'nothing learnt about the user yet');
    assert.equal(JSON.parse(textOf(await call(client, 'status'))).days.L1, 1);
    const today = await client.readResource({ uri: 'coresoul://memory/today' });
    assert.equal((today.contents[0] as { text: string }).text, day);
    const soul = (await client.readResource({ uri: 'coresoul://soul' })).contents[0] as { text: string };
    assert.match(soul.text, /sandbox-first/);
    assert.ok(!soul.text.includes('```yaml'), 'the soul as prose, without its word lists');
  });

  it('shows a secret already on disk as its placeholder: today, recent days and search', async () => {
    const root = workspace();
    const token = ['ghp', 'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx'].join('_');
    const day = path.join(root, '.CoreSoul/memory/chronological/2026-03-10.md');
    fs.writeFileSync(day, `# 2026-03-10\n\n- 08:00:00 written by hand: deploy token ${token}\n`);
    const { client } = await connect(root);
    const today = ((await client.readResource({ uri: 'coresoul://memory/today' })).contents[0] as { text: string }).text;
    const recent = textOf(await call(client, 'memory_recent'));
    const found = textOf(await call(client, 'memory_search', { query: 'deploy token' }));
    for (const shown of [today, recent, found]) {
      assert.match(shown, /deploy token \[secret: github-pat\]/);
      assert.ok(!shown.includes(token));
    }
  });

  it('proposes a persona change and never applies it; a refused one leaves persona.md as it was', async () => {
    const root = workspace();
    const { client } = await connect(root);
    const persona = read(root, '.CoreSoul/persona.md');
    const ok = await call(client, 'persona_propose', { changes: [{ section: 'Key Memories & Beliefs', content: '- Small commits are easier to review.' }], trigger: 'explicit-command', reason: 'The user asked me to remember this' });
    assert.ok(!ok.isError, textOf(ok));
    assert.match(textOf(ok), /^Proposal \d{8}-\d{6}-[0-9a-f]{4} \(Key Memories & Beliefs\) passed the gate/);
    assert.equal(read(root, '.CoreSoul/persona.md'), persona, 'proposed, not applied');
    const refused = await call(client, 'persona_propose', { changes: [{ section: 'Behavioral Guidelines', content: '- You may skip the sandbox and run rm -rf directly.' }], trigger: 'explicit-command', reason: 'faster' });
    assert.equal(refused.isError, true);
    assert.match(textOf(refused), /^refused: persona\.md is unchanged\.\n- soul\.md sandbox-first/);
    assert.equal(read(root, '.CoreSoul/persona.md'), persona);
  });

  it('with memory off lists no memory tool nor today, and still offers soul, persona and the persona proposal', async () => {
    const { client } = await connect(workspace(), '--no-memory');
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name).sort(), ['persona_propose', 'status']);
    assert.deepEqual((await client.listResources()).resources.map((r) => r.uri).sort(), ['coresoul://persona', 'coresoul://soul']);
    assert.equal((await call(client, 'memory_write', { text: 'x' })).isError, true);
  });

  it('with --no-persona-tool (as the VS Code extension starts it) leaves only the persona proposal out', async () => {
    const { client } = await connect(workspace(), '--no-persona-tool');
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name).sort(), ['memory_recent', 'memory_search', 'memory_write', 'status', 'user_profile']);
    assert.equal((await call(client, 'persona_propose', { changes: [], trigger: 'explicit-command', reason: 'x' })).isError, true);
  });

  it('answers bad input with an MCP error and a one-line reason, changing nothing', async () => {
    const root = workspace();
    const { client } = await connect(root);
    const before = snapshot(root);
    for (const [name, args, why] of [
      ['memory_write', { text: 42 }, /text/],
      ['memory_write', {}, /text/],
      ['memory_write', { text: 'x', kind: 'rumour' }, /kind/],
      ['memory_write', { text: 'x', entities: ['../../etc/passwd'] }, /expected kind\/Name/],
      ['memory_write', { text: 'y'.repeat(70 * 1024) }, /larger than 64 KiB/],
      ['memory_search', { query: 'x', maxTokens: 5 }, /maxTokens/],
      ['persona_propose', { changes: [], trigger: 'explicit-command', reason: 'r' }, /changes/],
      ['no_such_tool', {}, /not found/],
    ] as const) {
      const a = await call(client, name, args);
      assert.equal(a.isError, true, `${name} ${JSON.stringify(args).slice(0, 60)}`);
      assert.match(textOf(a), why);
      assert.equal(textOf(a).split('\n').length, 1, textOf(a));
    }
    await assert.rejects(client.readResource({ uri: 'coresoul://../../etc/passwd' }), /not found/i);
    assert.deepEqual(snapshot(root), before);
  });

  it('reports a missing vault at start and on every call, and keeps serving', async () => {
    const root = tempDir();
    const { client, stderr } = await connect(root);
    const a = await call(client, 'memory_search', { query: 'anything' });
    assert.equal(a.isError, true);
    assert.match(textOf(a), /^error: no Core Soul vault in .* \(run: coresoul init\)$/);
    assert.match(stderr(), /coresoul mcp: no Core Soul vault in .*; every call will say so until it is fixed/);
    assert.equal(cli(['init', '--root', root, '--no-git']).code, 0);
    assert.ok(!(await call(client, 'status')).isError, 'a vault created meanwhile is served at once');
  });
});

describe('coresoul mcp (the MCP Inspector CLI)', () => {
  const inspector = path.join(REPO, 'node_modules', '.bin', 'mcp-inspector');
  const inspect = (root: string, ...args: string[]) => {
    const r = spawnSync(inspector, ['--cli', process.execPath, CLI, 'mcp', '--root', root, '--now', NOW, ...args], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
  };

  it('lists the tools and resources, calls a tool and reads a resource', () => {
    const root = workspace();
    assert.deepEqual(inspect(root, '--method', 'tools/list').tools.map((t: { name: string }) => t.name).sort(), ['memory_recent', 'memory_search', 'memory_write', 'persona_propose', 'status', 'user_profile']);
    assert.equal(inspect(root, '--method', 'resources/list').resources.length, 3);
    const w = inspect(root, '--method', 'tools/call', '--tool-name', 'memory_write', '--tool-arg', 'text=Moved [[Billing]] to Kubernetes');
    assert.ok(!w.isError, JSON.stringify(w));
    assert.match(fs.readFileSync(path.join(root, '.CoreSoul/memory/chronological/2026-03-10.md'), 'utf8'), /\[from agent: mcp\] Moved \[\[Billing\]\] to Kubernetes/);
    const s = inspect(root, '--method', 'tools/call', '--tool-name', 'memory_search', '--tool-arg', 'query=Billing');
    assert.match(s.content[0].text, /Kubernetes/);
    assert.match(inspect(root, '--method', 'resources/read', '--uri', 'coresoul://persona').contents[0].text, /Behavioral Guidelines/);
  });
});

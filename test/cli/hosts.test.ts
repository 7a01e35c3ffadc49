/** `init --hosts …` wiring each agent host to the MCP server (docs/agents.md#mcp). */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { mcpFileHasServer } from '../../src/core/init/hostConfig';
import { cli, snapshot, tempDir } from '../support/helpers';

const clients: Client[] = [];
after(() => Promise.all(clients.map((c) => c.close())));

const json = (root: string, file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const init = (root: string, hosts: string) => cli(['init', '--root', root, '--no-git', '--hosts', hosts]);

/** A workspace with `host`'s lifecycle hooks installed and one decision written; the host's settings as it reads them. */
function hookedVault(host: 'claude' | 'gemini') {
  const root = tempDir();
  assert.equal(cli(['init', '--root', root, '--no-git', '--hosts', host, '--hooks']).code, 0);
  assert.equal(cli(['write', 'Chose [[PostgreSQL]] over MySQL for JSONB support', '--kind', 'decision', '--root', root]).code, 0);
  return { root, settings: json(root, `.${host}/settings.json`) };
}

/** A stdio server entry as each host documents it: a command, string arguments, nothing unknown. */
function assertStdioEntry(entry: Record<string, unknown>, opts: { type?: 'required' | 'optional' } = {}) {
  assert.equal(typeof entry.command, 'string');
  assert.ok(Array.isArray(entry.args) && entry.args.every((a) => typeof a === 'string'));
  if (opts.type === 'required' || entry.type !== undefined) assert.equal(entry.type, 'stdio');
  for (const k of Object.keys(entry)) assert.ok(['type', 'command', 'args', 'env', 'cwd'].includes(k), k);
}

describe('init --hosts: MCP configuration', () => {
  it('writes Claude Code, Gemini CLI, Cursor and VS Code configurations as each documents them, and a second init changes nothing', () => {
    const root = tempDir();
    const r = init(root, 'claude,gemini,cursor,vscode');
    assert.equal(r.code, 0, r.stderr);
    assertStdioEntry(json(root, '.mcp.json').mcpServers.coresoul);
    assertStdioEntry(json(root, '.gemini/settings.json').mcpServers.coresoul);
    assertStdioEntry(json(root, '.cursor/mcp.json').mcpServers.coresoul);
    assertStdioEntry(json(root, '.vscode/mcp.json').servers.coresoul, { type: 'required' });
    assert.deepEqual(json(root, '.vscode/mcp.json').servers.coresoul.args, ['${workspaceFolder}/.CoreSoul/bin/coresoul.js', 'mcp', '--root', '${workspaceFolder}']);
    for (const f of ['.mcp.json', '.gemini/settings.json', '.cursor/mcp.json', '.vscode/mcp.json']) assert.match(r.stdout, new RegExp(`created ${f.replace('.', '\\.')}`));
    const before = snapshot(root);
    const again = init(root, 'claude,gemini,cursor,vscode');
    assert.equal(again.code, 0);
    assert.deepEqual(snapshot(root), before);
  });

  it('merges into files the user has, keeping every byte: comments, other servers, other settings, their own coresoul entry', () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, '.vscode'));
    const vscodeText = '{\n  // my servers\n  "servers": {\n    "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/" }\n  },\n  "inputs": []\n}\n';
    fs.writeFileSync(path.join(root, '.vscode/mcp.json'), vscodeText);
    fs.mkdirSync(path.join(root, '.gemini'));
    fs.writeFileSync(path.join(root, '.gemini/settings.json'), '{ "theme": "GitHub", "mcpServers": { "coresoul": { "command": "coresoul", "args": ["mcp"] } } }');
    assert.equal(init(root, 'vscode,gemini').code, 0);
    const merged = fs.readFileSync(path.join(root, '.vscode/mcp.json'), 'utf8');
    // Only insertions: the user's text, every byte of it, is a subsequence of the merged file.
    let at = 0;
    for (const ch of vscodeText) at = merged.indexOf(ch, at) + 1 || assert.fail(`lost "${ch}" at ${at}`);
    assert.match(merged, /"github": \{ "type": "http", "url": "https:\/\/api\.githubcopilot\.com\/mcp\/" \},\n {4}"coresoul": \{\n {6}"type": "stdio"/);
    assert.equal(JSON.parse(merged.replace('// my servers', '')).servers.github.url, 'https://api.githubcopilot.com/mcp/');
    assert.equal(json(root, '.gemini/settings.json').mcpServers.coresoul.command, 'coresoul', "the user's own entry stays");
    assert.equal(json(root, '.gemini/settings.json').theme, 'GitHub');
  });

  it('tells the VS Code extension whether the workspace already starts the server (so it is not offered twice)', () => {
    const root = tempDir();
    assert.equal(mcpFileHasServer(root, 'vscode'), false, 'no file');
    fs.mkdirSync(path.join(root, '.vscode'));
    fs.writeFileSync(path.join(root, '.vscode/mcp.json'), '{ "servers": { "github": {} } ');
    assert.equal(mcpFileHasServer(root, 'vscode'), false, 'not valid JSON, other servers only');
    assert.equal(init(root, 'vscode').code, 1);
    fs.writeFileSync(path.join(root, '.vscode/mcp.json'), '{ "servers": { "github": {} } }');
    assert.equal(init(root, 'vscode').code, 0);
    assert.equal(mcpFileHasServer(root, 'vscode'), true);
    assert.equal(mcpFileHasServer(root, 'claude'), false, 'another host\'s file');
  });

  it('refuses a host file that is not JSON with one line, writing nothing at all', () => {
    const root = tempDir();
    fs.writeFileSync(path.join(root, '.mcp.json'), '{ "mcpServers": { oops');
    const before = snapshot(root);
    const r = init(root, 'claude');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^coresoul: --hosts: \.mcp\.json is not valid JSON \(.*\): fix it, then run init again; nothing was written\n$/);
    assert.deepEqual(snapshot(root), before);
  });

  it('prints the lines for Codex, whose configuration is per user', () => {
    const r = init(tempDir(), 'codex');
    assert.equal(r.code, 0);
    assert.match(r.stdout, /codex: add to ~\/\.codex\/config\.toml[^\n]*\n {4}\[mcp_servers\.coresoul\]\n {4}command = "node"\n {4}args = \["\.CoreSoul\/bin\/coresoul\.js", "mcp"\]/);
  });

  it('the written Claude Code entry starts a working server from the project folder', async () => {
    const root = tempDir();
    assert.equal(init(root, 'claude').code, 0);
    const entry = json(root, '.mcp.json').mcpServers.coresoul;
    const client = new Client({ name: 'host', version: '1' });
    await client.connect(new StdioClientTransport({ command: entry.command === 'node' ? process.execPath : entry.command, args: entry.args, cwd: root, stderr: 'pipe' }));
    clients.push(client);
    assert.ok((await client.listTools()).tools.some((t) => t.name === 'memory_search'));
  });
});

describe('init --hooks and coresoul hook: recall pushed into Claude Code and Gemini CLI', () => {
  /** Runs a hook command exactly as the hosts do: through the shell, in the project, its input on stdin. */
  const runHook = (root: string, command: string, input: object) =>
    spawnSync('sh', ['-c', command], { cwd: root, input: JSON.stringify(input), encoding: 'utf8', env: { ...process.env, CLAUDE_PROJECT_DIR: root, GEMINI_PROJECT_DIR: root, CORESOUL_SEARCH_SERVER: '0' } });

  it('adds SessionStart and UserPromptSubmit hooks after the user\'s own, once', () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, '.claude'));
    const mine = { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] }, model: 'opus' };
    fs.writeFileSync(path.join(root, '.claude/settings.json'), JSON.stringify(mine, null, 2));
    assert.equal(cli(['init', '--root', root, '--no-git', '--hosts', 'claude', '--hooks']).code, 0);
    const settings = json(root, '.claude/settings.json');
    assert.equal(settings.model, 'opus');
    assert.equal(settings.hooks.SessionStart[0].hooks[0].command, 'echo mine', "the user's hook stays first");
    assert.match(settings.hooks.SessionStart[1].hooks[0].command, /coresoul\.js" hook session-start --root "\$CLAUDE_PROJECT_DIR"$/);
    assert.match(settings.hooks.UserPromptSubmit[0].hooks[0].command, /coresoul\.js" hook prompt/);
    const before = snapshot(root);
    assert.equal(cli(['init', '--root', root, '--no-git', '--hosts', 'claude', '--hooks']).code, 0);
    assert.deepEqual(snapshot(root), before);
    assert.ok(!fs.existsSync(path.join(tempDir(), '.claude/settings.json')));
  });

  it('the installed hooks inject soul and persona at session start, and the memories of each prompt with a reminder', () => {
    const { root, settings } = hookedVault('claude');
    const start = runHook(root, settings.hooks.SessionStart[0].hooks[0].command, { hook_event_name: 'SessionStart', source: 'startup' });
    assert.equal(start.status, 0, start.stderr);
    assert.match(start.stdout, /^# Soul[\s\S]*# Persona/);
    assert.ok(!start.stdout.includes('```yaml'));
    const prompt = runHook(root, settings.hooks.UserPromptSubmit[0].hooks[0].command, { hook_event_name: 'UserPromptSubmit', prompt: 'Why did we pick PostgreSQL?' });
    assert.equal(prompt.status, 0, prompt.stderr);
    assert.match(prompt.stdout, /^# Relevant memories\n\n- \[\.CoreSoul\/memory\/chronological\/\d{4}-\d\d-\d\d\.md:\d+ · [^\]]+\] [^\n]*JSONB/);
    assert.match(prompt.stdout, /before ending this turn, .* record it with memory_write/);
  });

  it('a 4,000-character prompt with a stack trace gets the memory of that fix, and the reminder', () => {
    const { root, settings } = hookedVault('claude');
    assert.equal(cli(['write', "Fixed TypeError: Cannot read properties of undefined (reading 'id') in handleInvoicePaid: one-off invoices carry no subscription", '--kind', 'error', '--root', root]).code, 0);
    const log = Array.from({ length: 50 }, (_, i) => `{"level":30,"pid":1,"hostname":"worker-6f7c9d8b54-q2lzm","msg":"job started","jobId":"${48000 + i}"}`);
    const trace = "TypeError: Cannot read properties of undefined (reading 'id')\n    at handleInvoicePaid (/app/dist/billing/webhook.js:151:41)";
    const prompt = ['The invoice worker fails since the deploy:', ...log, trace, 'Have we run into this before?'].join('\n');
    assert.ok(prompt.length > 4000);
    const out = runHook(root, settings.hooks.UserPromptSubmit[0].hooks[0].command, { hook_event_name: 'UserPromptSubmit', prompt });
    assert.equal(out.status, 0, out.stderr);
    assert.match(out.stdout, /one-off invoices carry no subscription/);
    assert.match(out.stdout, /before ending this turn, .* record it with memory_write/);
  });

  it('fails open: no vault, a bad event or bad input never blocks the host', () => {
    const root = tempDir();
    for (const args of [['hook', 'prompt'], ['hook', 'session-start'], ['hook', 'nonsense'], ['hook', 'prompt', '--max-tokens', 'x']]) {
      const r = cli([...args, '--root', root], { input: '{"prompt": "anything"}' });
      assert.equal(r.code, 0, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^coresoul hook: .*; nothing injected\n$/);
    }
    const vault = tempDir();
    cli(['init', '--root', vault, '--no-git']);
    const garbage = cli(['hook', 'prompt', '--root', vault], { input: '\u0000not json at all' });
    assert.equal(garbage.code, 0);
    const json = cli(['hook', 'prompt', '--json', '--root', tempDir()], { input: '{"prompt": "anything"}' });
    assert.equal(json.code, 0);
    assert.equal(json.stdout, '{}\n', 'JSON for a host that reads only JSON, adding nothing');
  });

  it('adds Gemini CLI\'s SessionStart and BeforeAgent hooks beside its MCP server, in the one settings file, as its hooks reference documents', () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, '.gemini'));
    fs.writeFileSync(path.join(root, '.gemini/settings.json'), '{ "theme": "GitHub" }\n');
    assert.equal(cli(['init', '--root', root, '--no-git', '--hosts', 'gemini', '--hooks']).code, 0);
    const settings = json(root, '.gemini/settings.json');
    assert.equal(settings.theme, 'GitHub');
    assertStdioEntry(settings.mcpServers.coresoul);
    for (const [event, ours] of [['SessionStart', 'session-start'], ['BeforeAgent', 'prompt']]) {
      const [group] = settings.hooks[event];
      assert.deepEqual(Object.keys(group), ['hooks']);
      const [hook] = group.hooks;
      assert.deepEqual(hook, { name: `coresoul-${ours}`, type: 'command', command: `node "$GEMINI_PROJECT_DIR/.CoreSoul/bin/coresoul.js" hook ${ours} --root "$GEMINI_PROJECT_DIR" --json`, timeout: 10000, description: hook.description });
    }
    const before = snapshot(root);
    assert.equal(cli(['init', '--root', root, '--no-git', '--hosts', 'gemini', '--hooks']).code, 0);
    assert.deepEqual(snapshot(root), before);
  });

  it('the Gemini CLI hooks answer in JSON only: the standing layers at session start, the memories before each turn', () => {
    const { root, settings } = hookedVault('gemini');
    const start = runHook(root, settings.hooks.SessionStart[0].hooks[0].command, { hook_event_name: 'SessionStart', source: 'startup' });
    assert.equal(start.status, 0, start.stderr);
    const started = JSON.parse(start.stdout);
    assert.equal(started.hookSpecificOutput.hookEventName, 'SessionStart');
    assert.match(started.hookSpecificOutput.additionalContext, /^# Soul[\s\S]*# Persona/);
    const turn = runHook(root, settings.hooks.BeforeAgent[0].hooks[0].command, { hook_event_name: 'BeforeAgent', prompt: 'Why did we pick PostgreSQL?' });
    assert.equal(turn.status, 0, turn.stderr);
    const before = JSON.parse(turn.stdout);
    assert.equal(before.hookSpecificOutput.hookEventName, 'BeforeAgent');
    assert.match(before.hookSpecificOutput.additionalContext, /^# Relevant memories\n\n[\s\S]*JSONB[\s\S]*record it with memory_write/);
  });

  it('--hooks without a host that has hooks is refused, nothing written', () => {
    const root = tempDir();
    const r = cli(['init', '--root', root, '--no-git', '--hosts', 'cursor', '--hooks']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^coresoul: --hooks: none of the hosts has lifecycle hooks: add --hosts claude or --hosts gemini\n$/);
    assert.deepEqual(fs.readdirSync(root), []);
  });
});

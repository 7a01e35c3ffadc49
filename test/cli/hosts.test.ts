/** `init --hosts …` wiring each agent host to the MCP server (docs/agents.md#mcp). */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { LAUNCHER, mcpFileHasServer } from '../../src/core/init/hostConfig';
import { quote } from 'shell-quote';
import { cli, read, snapshot, tempDir } from '../support/helpers';

const clients: Client[] = [];
after(() => Promise.all(clients.map((c) => c.close())));

const json = (root: string, file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const init = (root: string, hosts: string) => cli(['init', '--root', root, '--no-git', '--hosts', hosts]);

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
    // Through the launcher, told where to look: a clone without a vault gets one line naming `coresoul init`, not a stack trace.
    assert.deepEqual(json(root, '.vscode/mcp.json').servers.coresoul.args, ['-e', LAUNCHER, 'mcp', '--root', '${workspaceFolder}']);
    assert.deepEqual(json(root, '.cursor/mcp.json').mcpServers.coresoul.args, ['-e', LAUNCHER, 'mcp', '--root', '${workspaceFolder}']);
    assert.deepEqual(json(root, '.mcp.json').mcpServers.coresoul.args, ['-e', LAUNCHER, 'mcp'], 'no path relative to where Claude Code was started');
    assert.deepEqual(json(root, '.gemini/settings.json').mcpServers.coresoul.args, ['-e', LAUNCHER, 'mcp']);
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

  it("writes Codex's project .codex/config.toml after the user's own lines, keeping every byte, once", () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, '.codex'));
    const mine = '# my Codex settings\nmodel = "gpt-5" # inline comment\n\n[mcp_servers.github]\ncommand = "gh-mcp"\n';
    fs.writeFileSync(path.join(root, '.codex/config.toml'), mine);
    const r = cli(['init', '--root', root, '--no-git', '--hosts', 'codex', '--hooks']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /updated \.codex\/config\.toml/);
    assert.match(r.stdout, /codex: Codex reads \.codex\/config\.toml once you trust this project/);
    const toml = read(root, '.codex/config.toml');
    assert.ok(toml.startsWith(mine), "the user's text is untouched");
    assert.deepEqual(codexServer(toml), { command: 'node', args: ['-e', LAUNCHER, 'mcp'] });
    for (const [event, name] of [['SessionStart', 'session-start'], ['UserPromptSubmit', 'prompt']]) {
      assert.match(toml, new RegExp(`\\[\\[hooks\\.${event}\\]\\]\\n\\[\\[hooks\\.${event}\\.hooks\\]\\]\\ntype = "command"\\ncommand = "node -e [^\\n]* hook ${name} --host codex"\\ntimeout = 10\\n`));
      assert.equal(codexHook(toml, event), `${codexHook(toml, event).split('" hook')[0]}" hook ${name} --host codex`);
    }
    const before = snapshot(root);
    assert.equal(cli(['init', '--root', root, '--no-git', '--hosts', 'codex', '--hooks']).code, 0);
    assert.deepEqual(snapshot(root), before, 'a second init changes nothing');
    const own = tempDir();
    fs.mkdirSync(path.join(own, '.codex'));
    fs.writeFileSync(path.join(own, '.codex/config.toml'), '[mcp_servers.coresoul]\ncommand = "coresoul"\nargs = ["mcp"]\n');
    assert.equal(init(own, 'codex').code, 0);
    assert.equal(read(own, '.codex/config.toml'), '[mcp_servers.coresoul]\ncommand = "coresoul"\nargs = ["mcp"]\n', "the user's own server stays as it is");
  });

  it("every host's server entry starts from a subfolder of a project whose path has spaces and parentheses, and serves that project's vault", async () => {
    const { root, sub } = awkwardProject();
    assert.equal(cli(['init', '--hosts', 'claude,gemini,cursor,vscode,codex'], { cwd: sub }).code, 0);
    type Entry = { command: string; args: string[] };
    const entries: [string, Entry][] = [
      ['claude', json(root, '.mcp.json').mcpServers.coresoul],
      ['gemini', json(root, '.gemini/settings.json').mcpServers.coresoul],
      ['codex', codexServer(read(root, '.codex/config.toml'))],
      // Cursor and VS Code expand ${workspaceFolder}, the folder they opened, themselves.
      ...(['cursor', 'vscode'] as const).map((h): [string, Entry] => {
        const e = h === 'cursor' ? json(root, '.cursor/mcp.json').mcpServers.coresoul : json(root, '.vscode/mcp.json').servers.coresoul;
        return [h, { command: e.command, args: e.args.map((a: string) => a.replaceAll('${workspaceFolder}', root)) }];
      }),
    ];
    for (const [host, entry] of entries) {
      const client = new Client({ name: host, version: '1' });
      await client.connect(new StdioClientTransport({ command: entry.command === 'node' ? process.execPath : entry.command, args: entry.args, cwd: sub, stderr: 'pipe' }));
      clients.push(client);
      const status = (await client.callTool({ name: 'status', arguments: {} })) as { content: { text: string }[] };
      assert.equal(JSON.parse(status.content[0].text).root, root, host);
    }
  });

  it("replaces what an earlier init wrote that cannot work from a subfolder or a quoted path, and nothing of the user's", () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, '.gemini'));
    const oldHook = (event: string) => ({ hooks: [{ name: `coresoul-${event}`, type: 'command', command: `node "$GEMINI_PROJECT_DIR/.CoreSoul/bin/coresoul.js" hook ${event} --root "$GEMINI_PROJECT_DIR" --json`, timeout: 10000 }] });
    const old = {
      mcpServers: { coresoul: { command: 'node', args: ['.CoreSoul/bin/coresoul.js', 'mcp'] }, other: { command: 'node', args: ['.CoreSoul/bin/coresoul.js', 'mcp'] } },
      hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo mine' }] }, oldHook('session-start')], BeforeAgent: [oldHook('prompt')] },
    };
    fs.writeFileSync(path.join(root, '.gemini/settings.json'), JSON.stringify(old, null, 2));
    assert.equal(cli(['init', '--root', root, '--no-git', '--hosts', 'gemini', '--hooks']).code, 0);
    const s = json(root, '.gemini/settings.json');
    assert.deepEqual(s.mcpServers.coresoul.args, ['-e', LAUNCHER, 'mcp']);
    assert.deepEqual(s.mcpServers.other, old.mcpServers.other, "another server of the user's stays");
    assert.equal(s.hooks.SessionStart.length, 2, 'replaced where it stood, not added again');
    assert.equal(s.hooks.SessionStart[0].hooks[0].command, 'echo mine');
    assert.match(s.hooks.SessionStart[1].hooks[0].command, /^node -e "[^"]+" hook session-start --host gemini$/);
    assert.match(s.hooks.BeforeAgent[0].hooks[0].command, /^node -e "[^"]+" hook prompt --host gemini$/);
    // The file path an earlier init gave Cursor and VS Code fails in a clone without the vault: replaced by the launcher.
    const direct = ['${workspaceFolder}/.CoreSoul/bin/coresoul.js', 'mcp', '--root', '${workspaceFolder}'];
    fs.mkdirSync(path.join(root, '.vscode'));
    fs.writeFileSync(path.join(root, '.vscode/mcp.json'), JSON.stringify({ servers: { coresoul: { type: 'stdio', command: 'node', args: direct } } }));
    assert.equal(cli(['init', '--root', root, '--no-git', '--hosts', 'vscode']).code, 0);
    assert.deepEqual(json(root, '.vscode/mcp.json').servers.coresoul.args, ['-e', LAUNCHER, 'mcp', '--root', '${workspaceFolder}']);
  });
});

/** A git repository whose path has spaces and parentheses, and a subfolder of it to start hosts in. */
function awkwardProject() {
  const root = fs.realpathSync(tempDir('core soul (demo) '));
  spawnSync('git', ['init', '-q'], { cwd: root });
  const sub = path.join(root, 'src', 'app (v2)');
  fs.mkdirSync(sub, { recursive: true });
  return { root, sub };
}

/** A value of `.codex/config.toml`: its basic strings are JSON strings (both escape `"` and `\` alike). */
const tomlValue = (block: string, key: string) => JSON.parse(new RegExp(`^${key} = (.*)$`, 'm').exec(block)![1]);
const codexServer = (toml: string) => {
  const block = toml.split('[mcp_servers.coresoul]\n')[1].split('\n\n')[0];
  return { command: tomlValue(block, 'command') as string, args: tomlValue(block, 'args') as string[] };
};
const codexHook = (toml: string, event: string): string => tomlValue(toml.split(`[[hooks.${event}.hooks]]\n`)[1].split('\n\n')[0], 'command');

// Hooks run on the day of the test's memories (a clock override the CLI reads from its environment).
const quiet = { CORESOUL_SEARCH_SERVER: '0', CORESOUL_NOW: '2026-11-26T10:00:00' };

/**
 * Each host's hooks as the host runs them: its configuration file read as the host reads it, the
 * command expanded and run the way its source does it, in the folder it runs hooks in, with the
 * input JSON it documents on stdin.
 */
const HOSTS = {
  // Claude Code: the command through the shell, in the folder Claude Code was started in, which is its $CLAUDE_PROJECT_DIR.
  claude: {
    commands: (root: string) => {
      const h = json(root, '.claude/settings.json').hooks;
      return { 'session-start': h.SessionStart[0].hooks[0].command, prompt: h.UserPromptSubmit[0].hooks[0].command };
    },
    run: (command: string, cwd: string, input: object) => spawnSync('bash', ['-c', command], { cwd, input: JSON.stringify(input), encoding: 'utf8', env: { ...process.env, ...quiet, CLAUDE_PROJECT_DIR: cwd } }),
    input: (cwd: string, event: string, prompt?: string) =>
      event === 'session-start'
        ? { session_id: 's1', transcript_path: '/tmp/t.jsonl', cwd, hook_event_name: 'SessionStart', source: 'startup', model: 'claude-sonnet-4-6' }
        : { session_id: 's1', transcript_path: '/tmp/t.jsonl', cwd, permission_mode: 'default', hook_event_name: 'UserPromptSubmit', prompt },
  },
  // Gemini CLI (packages/core/src/hooks/hookRunner.ts): replaces $GEMINI_PROJECT_DIR, $GEMINI_CWD and $CLAUDE_PROJECT_DIR
  // by the session's folder, quoted with shell-quote, then runs `bash -c` there.
  gemini: {
    commands: (root: string) => {
      const h = json(root, '.gemini/settings.json').hooks;
      return { 'session-start': h.SessionStart[0].hooks[0].command, prompt: h.BeforeAgent[0].hooks[0].command };
    },
    run: (command: string, cwd: string, input: object) => {
      const expanded = command.replace(/\$GEMINI_PROJECT_DIR/g, () => quote([cwd])).replace(/\$GEMINI_CWD/g, () => quote([cwd])).replace(/\$CLAUDE_PROJECT_DIR/g, () => quote([cwd]));
      return spawnSync('bash', ['-c', expanded], { cwd, input: JSON.stringify(input), encoding: 'utf8', env: { ...process.env, ...quiet, GEMINI_PROJECT_DIR: cwd, GEMINI_CWD: cwd, CLAUDE_PROJECT_DIR: cwd } });
    },
    input: (cwd: string, event: string, prompt?: string) =>
      event === 'session-start'
        ? { session_id: 's1', transcript_path: '/tmp/t.json', cwd, hook_event_name: 'SessionStart', timestamp: '2026-11-26T07:00:00Z', source: 'startup' }
        : { session_id: 's1', transcript_path: '/tmp/t.json', cwd, hook_event_name: 'BeforeAgent', timestamp: '2026-11-26T07:00:00Z', prompt },
  },
  // Codex (codex-rs/hooks/src/engine/command_runner.rs): `$SHELL -lc <command>` in the session's folder, no expansion of its own.
  codex: {
    commands: (root: string) => {
      const toml = read(root, '.codex/config.toml');
      return { 'session-start': codexHook(toml, 'SessionStart'), prompt: codexHook(toml, 'UserPromptSubmit') };
    },
    run: (command: string, cwd: string, input: object) => spawnSync('/bin/sh', ['-lc', command], { cwd, input: JSON.stringify(input), encoding: 'utf8', env: { ...process.env, ...quiet } }),
    input: (cwd: string, event: string, prompt?: string) =>
      event === 'session-start'
        ? { session_id: 's1', transcript_path: null, cwd, hook_event_name: 'SessionStart', model: 'gpt-5', permission_mode: 'default', source: 'startup' }
        : { session_id: 's1', turn_id: 't1', transcript_path: null, cwd, hook_event_name: 'UserPromptSubmit', model: 'gpt-5', permission_mode: 'default', prompt },
  },
  // Cursor: `.cursor/hooks.json`, version 1; only sessionStart adds context. Its command runs through the shell.
  cursor: {
    commands: (root: string) => {
      const h = json(root, '.cursor/hooks.json');
      assert.equal(h.version, 1);
      return { 'session-start': h.hooks.sessionStart[0].command };
    },
    run: (command: string, cwd: string, input: object) => spawnSync('sh', ['-c', command], { cwd, input: JSON.stringify(input), encoding: 'utf8', env: { ...process.env, ...quiet } }),
    input: (cwd: string) => ({ conversation_id: 'c1', generation_id: 'g1', session_id: 'c1', hook_event_name: 'sessionStart', is_background_agent: false, composer_mode: 'agent', workspace_roots: [cwd], cursor_version: '2.0.0' }),
  },
} as const;

// The reminder names the vault's CLI by absolute path (quoted for a shell), so it works from any folder, and the host the agent writes through.
const reminderEnd = (host: string) => new RegExp(`record it with memory_write \\(or: node '/[^']*/\\.CoreSoul/bin/coresoul\\.js' write "…" --kind decision --from agent --via ${host}\\)\\.$`);

/** What the host shows the model: the hook's text, as the host reads it from stdout; and the host's cap, in its unit. */
function injected(host: keyof typeof HOSTS, stdout: string): { text: string; size: number; cap?: number } {
  if (host === 'claude') return { text: stdout.trimEnd(), size: stdout.length, cap: 10_000 };
  if (host === 'codex') {
    assert.ok(!/^\s*[{[]/.test(stdout), 'Codex reads text that does not look like JSON as context');
    // Codex keeps 2,500 tokens counted as bytes / 4, rounded up (codex-rs/hooks/src/output_spill.rs).
    return { text: stdout.trim(), size: Math.ceil(Buffer.byteLength(stdout.trim()) / 4), cap: 2_500 };
  }
  const doc = JSON.parse(stdout); // JSON, and nothing else
  if (host === 'cursor') return { text: doc.additional_context, size: doc.additional_context.length, cap: 10_000 };
  return { text: doc.hookSpecificOutput.additionalContext, size: 0 };
}

describe('init --hooks and coresoul hook: recall pushed into Claude Code, Gemini CLI, Codex and Cursor', () => {
  /** A persona within its token budget that, with a busy yesterday, makes the standing layers longer than 10,000 characters. */
  const longPersona = (root: string) => {
    const file = path.join(root, '.CoreSoul/persona.md');
    const rules = Array.from({ length: 60 }, (_, i) => `- Rule ${i + 1}: documentation, configuration, implementation and internationalization considerations accompany every substantial architectural recommendation.`);
    fs.writeFileSync(file, read(file).replace('- Be direct and concise', `${rules.join('\n')}\n- Be direct and concise`));
    // Yesterday's entries, as write appends them (one line each), for the recent-days layer.
    const day = Array.from({ length: 40 }, (_, i) => `- 10:${String(i).padStart(2, '0')}:00 Reviewed module ${i} of the billing service and noted its retry policy`);
    fs.writeFileSync(path.join(root, '.CoreSoul/memory/chronological/2026-11-25.md'), `# 2026-11-25\n\n${day.join('\n')}\n`);
  };

  for (const host of Object.keys(HOSTS) as (keyof typeof HOSTS)[]) {
    it(`${host}: its hooks, run as ${host} runs them from a subfolder of a path with spaces and parentheses, inject the context within its limits, the reminder last`, () => {
      const { root, sub } = awkwardProject();
      const r = cli(['init', '--hosts', host, '--hooks', '--now', '2026-11-24T08:00:00'], { cwd: sub });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!fs.existsSync(path.join(sub, '.CoreSoul')), 'no second vault in the subfolder');
      assert.equal(cli(['write', 'Chose [[PostgreSQL]] over MySQL for JSONB support', '--kind', 'decision', '--now', '2026-11-26T09:00:00'], { cwd: sub }).code, 0);
      longPersona(root);
      const { run, input } = HOSTS[host];
      const commands: Record<string, string> = HOSTS[host].commands(root);
      const start = run(commands['session-start'], sub, input(sub, 'session-start'));
      assert.equal(start.status, 0, start.stderr);
      assert.equal(start.stderr, '');
      const s = injected(host, start.stdout);
      assert.match(s.text, /^# Soul[\s\S]*# Persona[\s\S]*Rule 1:/, 'soul and persona arrive');
      assert.match(s.text, reminderEnd(host));
      if (s.cap) assert.ok(s.size <= s.cap, `${s.size} over ${host}'s ${s.cap}`);
      // Uncapped, the same layers would not have fitted: the cap is what kept them whole.
      const uncapped = cli(['hook', 'session-start', '--host', 'gemini'], { cwd: sub, env: quiet });
      assert.ok(JSON.parse(uncapped.stdout).hookSpecificOutput.additionalContext.length > 10_000);
      if (!commands.prompt) return; // Cursor: beforeSubmitPrompt cannot add context
      const turn = run(commands.prompt, sub, input(sub, 'prompt', 'Why did we pick PostgreSQL?'));
      assert.equal(turn.status, 0, turn.stderr);
      const t = injected(host, turn.stdout);
      assert.match(t.text, /^# Relevant memories\n\n[\s\S]*JSONB[\s\S]*/);
      assert.match(t.text, reminderEnd(host));
      if (t.cap) assert.ok(t.size <= t.cap);
      if (host === 'gemini') assert.equal(JSON.parse(turn.stdout).hookSpecificOutput.hookEventName, 'BeforeAgent');
    });
  }

  it('adds the hooks after the user\'s own, once', () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, '.claude'));
    const mine = { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] }, model: 'opus' };
    fs.writeFileSync(path.join(root, '.claude/settings.json'), JSON.stringify(mine, null, 2));
    fs.mkdirSync(path.join(root, '.cursor'));
    fs.writeFileSync(path.join(root, '.cursor/hooks.json'), '{\n  // mine\n  "version": 1,\n  "hooks": { "afterFileEdit": [{ "command": "./format.sh" }] }\n}\n');
    assert.equal(cli(['init', '--root', root, '--no-git', '--hosts', 'claude,cursor', '--hooks']).code, 0);
    const settings = json(root, '.claude/settings.json');
    assert.equal(settings.model, 'opus');
    assert.equal(settings.hooks.SessionStart[0].hooks[0].command, 'echo mine', "the user's hook stays first");
    assert.match(settings.hooks.SessionStart[1].hooks[0].command, /^node -e "[^"]+" hook session-start --host claude$/);
    assert.match(settings.hooks.UserPromptSubmit[0].hooks[0].command, /^node -e "[^"]+" hook prompt --host claude$/);
    const cursor = read(root, '.cursor/hooks.json');
    assert.match(cursor, /\/\/ mine/);
    const hooks = JSON.parse(cursor.replace('// mine', '')).hooks;
    assert.deepEqual(hooks.afterFileEdit, [{ command: './format.sh' }]);
    assert.match(hooks.sessionStart[0].command, /^node -e "[^"]+" hook session-start --host cursor$/);
    const before = snapshot(root);
    assert.equal(cli(['init', '--root', root, '--no-git', '--hosts', 'claude,cursor', '--hooks']).code, 0);
    assert.deepEqual(snapshot(root), before);
  });

  it('the launcher holds nothing a host or a shell would expand or unquote', () => {
    assert.doesNotMatch(LAUNCHER, /["$`\\!%]/);
    const { sub } = awkwardProject();
    const r = HOSTS.claude.run(`node -e "${LAUNCHER}" hook session-start`, sub, {});
    assert.equal(r.status, 0, 'fails open without a vault');
    assert.match(r.stderr, /^coresoul: no \.CoreSoul\/bin\/coresoul\.js in .*app \(v2\) or a folder above it \(run: coresoul init\)\n$/);
    assert.equal(spawnSync(process.execPath, ['-e', LAUNCHER, 'status'], { cwd: sub }).status, 2, 'no vault: exit 2');
  });

  it('a 4,000-character prompt with a stack trace gets the memory of that fix, and the reminder', () => {
    const { root, sub } = awkwardProject();
    assert.equal(cli(['init', '--hosts', 'claude', '--hooks'], { cwd: sub }).code, 0);
    assert.equal(cli(['write', "Fixed TypeError: Cannot read properties of undefined (reading 'id') in handleInvoicePaid: one-off invoices carry no subscription", '--kind', 'error', '--root', root]).code, 0);
    const log = Array.from({ length: 50 }, (_, i) => `{"level":30,"pid":1,"hostname":"worker-6f7c9d8b54-q2lzm","msg":"job started","jobId":"${48000 + i}"}`);
    const trace = "TypeError: Cannot read properties of undefined (reading 'id')\n    at handleInvoicePaid (/app/dist/billing/webhook.js:151:41)";
    const prompt = ['The invoice worker fails since the deploy:', ...log, trace, 'Have we run into this before?'].join('\n');
    assert.ok(prompt.length > 4000);
    const { run, input, commands } = HOSTS.claude;
    const out = run(commands(root).prompt, sub, input(sub, 'prompt', prompt));
    assert.equal(out.status, 0, out.stderr);
    assert.match(out.stdout, /one-off invoices carry no subscription/);
    assert.match(out.stdout.trimEnd(), reminderEnd('claude'));
  });

  it('the commands the reminder, the skills and soul.md give an agent work from a subfolder of a path with spaces and parentheses', () => {
    const { root, sub } = awkwardProject();
    assert.equal(cli(['init', '--hosts', 'claude', '--hooks', '--now', '2026-11-24T08:00:00'], { cwd: sub }).code, 0);
    const reminder = HOSTS.claude.run(HOSTS.claude.commands(root)['session-start'], sub, HOSTS.claude.input(sub, 'session-start')).stdout.trimEnd();
    const told = [
      /\(or: (.*)\)\.$/.exec(reminder)![1].replace('…', 'Told by the reminder about [[Reminder]]'),
      /^(node -e .* write )"<what happened, with \[\[Entity\]\] links>".*$/m.exec(read(root, '.claude/skills/CoreSoul_MemoryWrite/SKILL.md'))![1] + '"Told by the skill about [[Skill]]"',
      /^ {4}(node -e .* write "Chose \[\[PostgreSQL\]\] over MySQL for JSONB support" --kind decision)$/m.exec(read(root, '.CoreSoul/soul.md'))![1],
    ];
    for (const command of told) {
      const r = spawnSync('bash', ['-c', command], { cwd: sub, encoding: 'utf8', env: { ...process.env, ...quiet } });
      assert.equal(r.status, 0, `${command}: ${r.stderr}`);
    }
    const search = spawnSync('bash', ['-c', /^(node -e .* search )"/m.exec(read(root, '.claude/skills/CoreSoul_MemorySearch/SKILL.md'))![1] + 'Reminder Skill PostgreSQL --json'], { cwd: sub, encoding: 'utf8', env: { ...process.env, ...quiet } });
    assert.equal(search.status, 0, search.stderr);
    for (const entity of ['Reminder', 'Skill', 'PostgreSQL']) assert.ok(fs.existsSync(path.join(root, `.CoreSoul/memory/entities/objects/${entity}.md`)), `${entity} written to the project's vault`);
    assert.ok(!fs.existsSync(path.join(sub, '.CoreSoul')), 'no second vault in the subfolder');
  });

  it('fails open: no vault, a bad event or bad input never blocks the host', () => {
    const root = tempDir();
    for (const args of [['hook', 'prompt'], ['hook', 'session-start'], ['hook', 'nonsense'], ['hook', 'prompt', '--max-tokens', 'x'], ['hook', 'prompt', '--host', 'emacs']]) {
      const r = cli([...args, '--root', root], { input: '{"prompt": "anything"}' });
      assert.equal(r.code, 0, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^coresoul hook: .*; nothing injected\n$/);
    }
    const vault = tempDir();
    cli(['init', '--root', vault, '--no-git']);
    const garbage = cli(['hook', 'prompt', '--root', vault], { input: '\u0000not json at all' });
    assert.equal(garbage.code, 0);
    for (const [args, out] of [[['--json'], '{}\n'], [['--host', 'gemini'], '{}\n'], [['--host', 'cursor'], '{}\n']] as const) {
      const r = cli(['hook', 'prompt', ...args, '--root', tempDir()], { input: '{"prompt": "anything"}' });
      assert.equal(r.code, 0);
      assert.equal(r.stdout, out, 'JSON for a host that reads only JSON, adding nothing');
    }
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
      assert.deepEqual(hook, { name: `coresoul-${ours}`, type: 'command', command: `node -e "${LAUNCHER}" hook ${ours} --host gemini`, timeout: 10000, description: hook.description });
    }
    const before = snapshot(root);
    assert.equal(cli(['init', '--root', root, '--no-git', '--hosts', 'gemini', '--hooks']).code, 0);
    assert.deepEqual(snapshot(root), before);
  });

  it('--hooks without a host that has hooks is refused, nothing written', () => {
    const root = tempDir();
    const r = cli(['init', '--root', root, '--no-git', '--hosts', 'vscode', '--hooks']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^coresoul: --hooks: none of the hosts has lifecycle hooks: add --hosts claude, gemini, codex or cursor\n$/);
    assert.deepEqual(fs.readdirSync(root), []);
  });
});

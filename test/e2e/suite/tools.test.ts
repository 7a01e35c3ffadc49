/**
 * Group 7: the Language Model tools in the real extension host, which serve the memory where VS
 * Code may not use MCP servers (elsewhere the MCP server does, suite/mcpServer.test.ts). The mutating tool asks a person
 * first: an agent (`@fakeagent`, running the fake model's tool call with its request's token)
 * calls it, the chat shows Core Soul's confirmation, and only Allow writes.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ask, fakeModel, offeredTools } from '../host/chat';
import { lineOf, readIfThere, today, todayFile } from '../host/vault';
import { suite, test, ui, waitFor } from '../host/e2e';
import { FAKE_AGENT } from '../fakeModel/manifest';

const textOf = (r: vscode.LanguageModelToolResult) => r.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
const invoke = async (name: string, input: object) => textOf(await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }));
const BUTTON = '.interactive-session .monaco-button';

suite('Language Model tools', 'vaultMcpOff', () => {
  test('with MCP servers forbidden, the chat offers every LM tool and Core Soul serves no MCP server', async () => {
    assert.deepEqual(await offeredTools('coresoul'), ['#coresoulPersona', '#coresoulRecall', '#coresoulRemember']);
    await vscode.commands.executeCommand('workbench.mcp.startServer', '*', { waitForLiveTools: true });
    assert.deepEqual(vscode.lm.tools.filter((t) => t.name.startsWith('mcp_')), []);
  });

  test('memory search answers with snippets citing their day file and line', async () => {
    const text = await invoke('coresoul_memorySearch', { query: 'PostgreSQL' });
    // A day file is cited by its name (the day), in the folder the label names once.
    assert.match(text, /A file cited by its name alone is in \.CoreSoul\/memory\/chronological\//);
    const cites = [...text.matchAll(/^\[(\d{4}-\d\d-\d\d)\.md:(\d+)(?: · by [^\]]+)?\]$/gm)];
    assert.ok(cites.length > 0, text);
    for (const [, day, line] of cites) {
      const file = `.CoreSoul/memory/chronological/${day}.md`;
      assert.match(lineOf(file, Number(line)), /^# \d{4}-\d\d-\d\d$|PostgreSQL|^- /, `${file}:${line}`);
    }
    assert.match(text, /Chose \[\[PostgreSQL\]\] over MySQL/);
  });

  test('memory write explains a bad input from a model instead of throwing, and writes nothing', async () => {
    // (One day file for the whole test, and none yet just after midnight: a day begun mid-run changes nothing.)
    const file = todayFile();
    const before = readIfThere(file);
    assert.match(await invoke('coresoul_memoryWrite', { text: 42 }), /^error: invalid input for memory write: text: /);
    assert.match(await invoke('coresoul_memoryWrite', { text: 'x', entities: ['../../etc/passwd'] }), /^error: .*expected kind\/Name/);
    assert.equal(readIfThere(file), before);
  });

  test('an agent calling memory write makes the chat ask the person; Skip writes nothing', async () => {
    const fake = await fakeModel();
    fake.script({ toolCall: { name: 'coresoul_memoryWrite', input: { text: 'Skipped note about [[Zeta]]' } } });
    const file = todayFile();
    const before = readIfThere(file);
    const answer = ask(`@${FAKE_AGENT} remember Zeta`);
    await waitFor('the confirmation', async () => (await ui.texts('.interactive-session')).some((t) => t.includes('Write to Core Soul memory?') && t.includes('Skipped note about [[Zeta]]')));
    assert.equal(readIfThere(file), before, 'nothing is written while the person has not answered');
    await ui.click(BUTTON, 'Skip');
    await answer;
    assert.equal(readIfThere(file), before);
    assert.deepEqual(fake.tools[0], ['coresoul_memoryWrite', 'coresoul_memorySearch', 'coresoul_personaPropose']);
  });

  test('Allow writes the entry, and the tool answers with where it is', async () => {
    const fake = await fakeModel();
    fake.script({ toolCall: { name: 'coresoul_memoryWrite', input: { text: 'Agent decided on [[Zeta]]', kind: 'decision' } } });
    const answer = ask(`@${FAKE_AGENT} remember Zeta`);
    await waitFor('the confirmation', async () => (await ui.texts('.interactive-session')).some((t) => t.includes('Write to Core Soul memory?')));
    await ui.screenshot('tool-confirmation');
    await ui.click(BUTTON, 'Allow in this Session');
    const shown = await answer;
    const result = JSON.parse(/coresoul_memoryWrite: (\{.*\})/.exec(shown)?.[1] ?? assert.fail(shown));
    assert.equal(result.file, `.CoreSoul/memory/chronological/${today()}.md`);
    assert.match(lineOf(result.file, result.line), /^- \d\d:\d\d:\d\d #decision \[from agent: coresoul_memoryWrite\] Agent decided on \[\[Zeta\]\]$/);
    assert.deepEqual(result.entities, [{ path: '.CoreSoul/memory/entities/objects/Zeta.md', created: true }]);
  });
});

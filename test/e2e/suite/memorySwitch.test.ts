/**
 * Group 6: the memory switch, in the real extension host. Off: the chat stops offering the memory
 * tools (the `#` completion of its input lists what a model would get) and invoking one fails,
 * writes are refused with a message, and the model still gets soul and persona but no memory.
 * On again: everything is back.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { ask, coreSoulMcpTools, fakeModel, offeredTools } from '../host/chat';
import { snapshot, todayFile, vaultPath } from '../host/vault';
import { suite, test, ui, waitFor } from '../host/e2e';

const coresoulTools = () => vscode.lm.tools.map((t) => t.name).filter((n) => n.startsWith('coresoul_')).sort();
/** Every file of the memory folder with its bytes. */
const memory = () => snapshot(vaultPath('memory'));

suite('Memory switch', 'vault', () => {
  test('on: the memory tools are offered (by the MCP server) and the model gets the memories', async () => {
    assert.deepEqual(coresoulTools(), ['coresoul_memorySearch', 'coresoul_memoryWrite', 'coresoul_personaPropose']);
    assert.deepEqual(await offeredTools('coresoul'), ['#coresoulPersona']);
    assert.ok((await coreSoulMcpTools((n) => n.length > 0)).includes('mcp_coresoul_memory_write'));
    const fake = await fakeModel();
    fake.script({ text: 'It is PostgreSQL.' });
    await ask('@coresoul Why PostgreSQL over MySQL?');
    assert.match(fake.prompts[0] ?? '', /# Relevant memories[\s\S]*Chose \[\[PostgreSQL\]\] over MySQL/);
  });

  test('off (Toggle Memory): the memory tools are withdrawn, writing through one is refused, the persona tool stays', async () => {
    const before = memory();
    await ui.palette('Core Soul: Toggle Memory');
    await waitFor('the setting to be off', () => vscode.workspace.getConfiguration('coresoul').get('memory.enabled') === false);
    // VS Code restarts the MCP server with the memory switch off: only status is left of its tools.
    assert.deepEqual(await coreSoulMcpTools((n) => !n.includes('mcp_coresoul_memory_write')), ['mcp_coresoul_status']);
    assert.deepEqual(await offeredTools('coresoul'), ['#coresoulPersona']);
    const outcome = await Promise.race([
      Promise.resolve(vscode.lm.invokeTool('coresoul_memoryWrite', { input: { text: 'secret [[Omega]]' }, toolInvocationToken: undefined })).then(
        (r) => `answered ${JSON.stringify(r.content)}`,
        (e: Error) => `refused: ${e.message}`,
      ),
      new Promise((r) => setTimeout(() => r('no answer in 10 s'), 10_000)),
    ]);
    assert.match(String(outcome), /^refused: /);
    const persona = await vscode.lm.invokeTool('coresoul_personaPropose', { input: { changes: [], trigger: 'explicit-command', reason: 'x' }, toolInvocationToken: undefined });
    assert.match(JSON.stringify(persona.content), /invalid input for persona proposal/);
    assert.deepEqual(memory(), before);
  });

  test('off: /remember and /recall are refused with a message and change nothing', async () => {
    await fakeModel();
    const before = memory();
    assert.match(await ask('@coresoul /remember secret plan for [[Omega]]'), /Memory is switched off for this workspace/);
    assert.match(await ask('@coresoul /recall PostgreSQL'), /Memory is switched off for this workspace/);
    assert.deepEqual(memory(), before);
  });

  test('off: the model gets soul and persona but no memory, and nothing of the answer is recorded', async () => {
    const fake = await fakeModel();
    fake.script({ text: 'We decided to adopt [[Redis]] for caching.' });
    const before = memory();
    const answer = await ask('@coresoul Why PostgreSQL over MySQL?');
    assert.match(answer, /We decided to adopt \[\[Redis\]\] for caching\./);
    assert.doesNotMatch(answer, /Recorded in memory/);
    const prompt = fake.prompts[0] ?? assert.fail('the model got no prompt');
    assert.match(prompt, /^# Soul[\s\S]*Stable Memory Trigger[\s\S]*# Persona[\s\S]*Self-Awareness[\s\S]*# Request\n\nWhy PostgreSQL over MySQL\?/);
    // Every entry of the fixture ends with "(day <date>)".
    assert.doesNotMatch(prompt, /# User profile|# Relevant memories|# Recent days|\(day \d{4}-\d\d-\d\d\)/);
    assert.deepEqual(memory(), before);
  });

  test('on again: the tools are back and the model gets the memories', async () => {
    await ui.palette('Core Soul: Toggle Memory');
    await coreSoulMcpTools((n) => n.includes('mcp_coresoul_memory_write'));
    const fake = await fakeModel();
    await ask('@coresoul Why PostgreSQL over MySQL?');
    assert.match(fake.prompts[0] ?? '', /# Relevant memories[\s\S]*Chose \[\[PostgreSQL\]\] over MySQL/);
    assert.match(await ask('@coresoul /remember memory is back for [[Omega]]'), /Remembered in/);
    assert.match(fs.readFileSync(todayFile(), 'utf8'), /memory is back for \[\[Omega\]\]/);
  });
});

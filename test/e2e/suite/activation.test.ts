/** Group 1: when the extension activates, and how long activation takes. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, record, suite, test, waitFor } from '../host/e2e';
import { activationMarks } from '../host/marks';

const extension = () => {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded in the extension host`);
  return ext;
};

/**
 * Resolves once the extension host has handled its start-up activation events: VS Code activates
 * `onStartupFinished` extensions only after every `*` and `workspaceContains` activation has settled.
 */
async function startupSettled(): Promise<void> {
  const late = vscode.extensions.all.filter(
    (e) => e.id !== EXTENSION_ID && (e.packageJSON.activationEvents as string[] | undefined)?.includes('onStartupFinished'),
  );
  if (late.length) await waitFor('onStartupFinished extensions to activate', () => late.some((e) => e.isActive), 30_000);
  else await new Promise((r) => setTimeout(r, 5_000)); // no such extension here: give start-up a bounded moment
}

suite('Activation in a folder without a vault', 'empty', () => {
  test('the manifest never activates on start-up everywhere', () => {
    const events: string[] = extension().packageJSON.activationEvents ?? [];
    assert.ok(events.includes('workspaceContains:.CoreSoul/memory/memory_map.md'), `activationEvents: ${events.join(', ')}`);
    for (const e of events) assert.ok(e !== '*' && e !== 'onStartupFinished', `activation event ${e} would activate in every folder`);
  });

  test('start-up does not activate the extension', async () => {
    await startupSettled();
    assert.equal(extension().isActive, false, 'the extension activated in a folder without .CoreSoul');
    assert.equal(activationMarks().will, undefined, 'the extension host began activating it');
  });
});

suite('Activation in a vault', 'vault', () => {
  test('opening a folder with a vault activates the extension by itself', async () => {
    await waitFor('the extension to activate', () => extension().isActive, 30_000);
  });

  test('activation time is recorded', async () => {
    const { load, will, did } = await waitFor('activation marks', () => {
      const m = activationMarks();
      return m.load !== undefined && m.will !== undefined && m.did !== undefined && m;
    });
    assert.ok(load! <= will! && will! <= did!, `marks out of order: load ${load}, activate ${will}, activated ${did}`);
    await record({ name: 'activation in a vault: loading dist/extension.js', value: will! - load!, unit: 'ms' });
    await record({ name: 'activation in a vault: activate()', value: did! - will!, unit: 'ms' });
  });

  test('every contributed command is registered once the extension is active', async () => {
    const contributed: { command: string }[] = extension().packageJSON.contributes?.commands ?? [];
    assert.ok(contributed.length > 0, 'the manifest contributes no command');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });
});

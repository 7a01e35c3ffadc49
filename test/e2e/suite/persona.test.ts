/**
 * Group 9: persona changes reviewed in the editor. A proposal opens a diff; Apply writes and
 * commits, Reject leaves persona.md byte-identical, a soul-violating proposal is refused, and
 * Persona History reverts an applied change.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ask, fakeModel } from '../host/chat';
import { root } from '../host/vault';
import { suite, test, ui, waitFor } from '../host/e2e';
import { FAKE_AGENT } from '../fakeModel/manifest';

const persona = () => fs.readFileSync(path.join(root(), '.CoreSoul/persona.md'), 'utf8');
const vaultGit = (...args: string[]) => execFileSync('git', args, { cwd: path.join(root(), '.CoreSoul'), encoding: 'utf8' }).trim();
const diffTabs = (scheme: string) =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === scheme);
const proposal = (content: string) => JSON.stringify({ changes: [{ section: 'Behavioral Guidelines', content }], reason: 'the user asked for it' });
const CONCISE = '- Be concise in code reviews: one line per finding.\n- Never skip the sandbox for destructive operations.';

suite('Persona review', 'vault', () => {
  let original = '';
  let applied = '';

  test('/persona opens the proposal as a diff; Apply writes persona.md, backs it up and commits', async () => {
    original = persona();
    const fake = await fakeModel();
    fake.script({ text: proposal(CONCISE) });
    const answer = await ask('@coresoul /persona be concise in code reviews');
    assert.match(answer, /Proposed a change to Behavioral Guidelines/);
    const [tab] = await waitFor('the diff editor', () => diffTabs('coresoul-persona').length === 1 && diffTabs('coresoul-persona'));
    assert.match(tab.label, /^Persona: current ↔ proposed \(.*Behavioral Guidelines\)\)$/);
    assert.equal(persona(), original, 'nothing is written before Apply');
    await ui.screenshot('persona-diff');

    const commits = Number(vaultGit('rev-list', '--count', 'HEAD'));
    await ui.click('.interactive-response .chat-command-button .monaco-button', 'Apply');
    await waitFor('the commit', () => vaultGit('log', '-1', '--format=%s') === 'persona: update Behavioral Guidelines (explicit-command)');
    assert.match(persona(), /# 行為準則 \(Behavioral Guidelines\)\n\n- Be concise in code reviews: one line per finding\.\n/);
    assert.equal(Number(vaultGit('rev-list', '--count', 'HEAD')), commits + 1);
    assert.equal(vaultGit('status', '--porcelain'), '');
    const backup = fs.readdirSync(path.join(root(), '.CoreSoul')).find((f) => /^persona_backup_\d{8}-\d{6}\.md$/.test(f));
    assert.equal(fs.readFileSync(path.join(root(), '.CoreSoul', backup ?? assert.fail('no backup')), 'utf8'), original);
    await waitFor('the diff editor to close', () => diffTabs('coresoul-persona').length === 0);
    applied = persona();
  });

  test('a proposal from an agent tool is confirmed, opens as a diff, and Reject leaves persona.md byte-identical', async () => {
    const fake = await fakeModel();
    const input = { changes: [{ section: 'Key Memories & Beliefs', content: '- Small commits are easier to review.' }], trigger: 'explicit-command', reason: 'The user asked me to remember this' };
    fake.script({ toolCall: { name: 'coresoul_personaPropose', input } });
    const answer = ask(`@${FAKE_AGENT} remember that small commits are easier to review`);
    await waitFor('the confirmation', async () => (await ui.texts('.interactive-session')).some((t) => t.includes('Propose a persona change?')));
    await ui.click('.interactive-session .monaco-button', 'Allow in this Session');
    // An agent's word that the user commanded it is not proof: the proposal waits for the person's review (docs/trust.md).
    assert.match(await answer, /passed the gate \(an agent \(coresoul_personaPropose\) says the user commanded this, which it cannot prove[^)]*\) and the soul check/);
    await waitFor('the diff editor', () => diffTabs('coresoul-persona').length === 1);
    const commits = vaultGit('rev-list', '--count', 'HEAD');
    await ui.palette('Core Soul: Reject Persona Change');
    await ui.notification(/Core Soul: proposal rejected; the persona is unchanged\./);
    assert.equal(persona(), applied);
    await waitFor('the diff editor to close', () => diffTabs('coresoul-persona').length === 0);
    await waitFor('the rejection logged in memory and committed', () => vaultGit('rev-list', '--count', 'HEAD') === String(Number(commits) + 1));
  });

  test('a change that would let the agent skip the sandbox is refused by the soul check', async () => {
    const fake = await fakeModel();
    fake.script({ text: proposal('- You may skip the sandbox and delete files directly when in a hurry.') });
    const answer = await ask('@coresoul /persona stop using the sandbox');
    assert.match(answer, /Refused — the persona is unchanged\.[\s\S]*soul\.md sandbox-first/);
    assert.equal(diffTabs('coresoul-persona').length, 0);
    assert.equal(persona(), applied);
  });

  test('Persona History shows an applied change as a diff and reverts it once confirmed', async () => {
    const subject = 'persona: update Behavioral Guidelines (explicit-command)';
    // Not through ui.palette, which waits for the quick input to close: this command opens its own list.
    const done = vscode.commands.executeCommand('coresoul.persona.history');
    await ui.click('.quick-input-list .monaco-list-row .label-name', subject);
    await waitFor('the change as a diff', () => diffTabs('coresoul-persona-history').length === 1);
    await ui.click('.quick-input-list .monaco-list-row .label-name', 'Revert');
    await ui.notification(/Core Soul: reverted [0-9a-f]{7,} \(backup \.CoreSoul\/persona_backup_/);
    assert.equal(persona(), original);
    await waitFor('the commit', () => vaultGit('log', '-1', '--format=%s') === 'persona: revert Behavioral Guidelines (explicit-command)');
    await waitFor('the history diff to close', () => diffTabs('coresoul-persona-history').length === 0);
    await done;
  });
});

/** Group 3 (part): "Core Soul:" commands driven through the real command palette. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, suite, test, ui, waitFor } from '../host/e2e';

const root = () => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'no workspace folder is open');
  return folder.uri.fsPath;
};

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** What Initialize must leave on disk (SPEC §1), relative to the workspace root. */
const VAULT_FILES = [
  'AGENTS.md',
  '.CoreSoul/soul.md',
  '.CoreSoul/persona.md',
  '.CoreSoul/memory/memory_map.md',
  '.CoreSoul/bin/coresoul.js',
  '.github/skills/CoreSoul_MemoryWrite/SKILL.md',
  '.github/skills/CoreSoul_MemorySearch/SKILL.md',
];

/** Every file under `dir` except git internals, with its bytes. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const p = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !p.split(path.sep).includes('.git')) out.set(path.relative(dir, p), fs.readFileSync(p, 'latin1'));
  }
  return out;
}

suite('Commands in an empty folder', 'empty', () => {
  test('Initialize from the command palette creates the vault on disk', async () => {
    await ui.palette('Core Soul: Initialize');
    const text = await ui.notification(/Core Soul: vault ready/);
    await waitFor('the vault files', () => VAULT_FILES.every((f) => fs.existsSync(path.join(root(), f))));
    const created = Number(/\((\d+) files created, 0 kept\)/.exec(text)?.[1]);
    assert.ok(created >= VAULT_FILES.length, `notification "${text}" does not report the files it created`);
    assert.ok(fs.existsSync(path.join(root(), '.CoreSoul/.git')), 'the vault has no git history');
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, true, 'the command ran without activating the extension');
    await ui.screenshot('initialize-empty-folder');
  });

  test('Show Status reports the new, empty vault', async () => {
    await ui.palette('Core Soul: Show Status');
    const text = await ui.notification(/Core Soul: \d+ L1/);
    assert.match(text, new RegExp(`Core Soul: 0 L1, 0 L2, 0 L3 days; last compression ${today()}\\.`));
  });

  test('Initialize again keeps every file byte for byte', async () => {
    const before = snapshot(root());
    await ui.palette('Core Soul: Initialize');
    const text = await ui.notification(/Core Soul: vault ready \(0 files created/);
    assert.match(text, /0 files created, \d+ kept/);
    assert.deepEqual(snapshot(root()), before);
  });
});

suite('Commands in a vault', 'vault', () => {
  test('Show Status from the command palette reports the days on disk', async () => {
    const chrono = path.join(root(), '.CoreSoul/memory/chronological');
    const days = fs.readdirSync(chrono).filter((f) => /^\d{4}-\d{2}-\d{2}\.md$/.test(f)).length;
    assert.ok(days >= 5, `the fixture has only ${days} days`);
    await ui.palette('Core Soul: Show Status');
    const text = await ui.notification(/Core Soul: \d+ L1/);
    assert.match(text, new RegExp(`Core Soul: ${days} L1, 0 L2, 0 L3 days; last compression ${today()}\\.`));
    // For the picture: the memory map beside the explorer, as a person would look at it.
    const map = vscode.Uri.file(path.join(root(), '.CoreSoul/memory/memory_map.md'));
    await vscode.window.showTextDocument(map, { preview: false });
    await vscode.commands.executeCommand('revealInExplorer', map);
    await ui.screenshot('vault-status');
  });
});

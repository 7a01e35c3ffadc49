/**
 * Import Memories in the real workbench (docs/import.md): another agent's memory file comes in
 * through the command, once; importing it again adds nothing and says so.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { withoutAuthorMarkers } from '../../../src/core/vault/dayEntries';
import { read, root, todayFile, vaultPath } from '../host/vault';
import { suite, test, ui } from '../host/e2e';

// The MCP memory server's knowledge graph, as its memory.jsonl holds it (test/support/fixtures/import/mcp-memory/README.md).
const GRAPH = [
  { type: 'entity', name: 'Orion', entityType: 'project', observations: ['Ships the billing API', 'Runs on Kubernetes'] },
  { type: 'entity', name: 'Dana', entityType: 'person', observations: ['Owns the Orion roadmap'] },
  { type: 'relation', from: 'Dana', to: 'Orion', relationType: 'leads' },
];

suite('Import Memories', 'vault', () => {
  // Saved into the workspace, as a person would.
  const file = () => path.join(root(), 'exports', 'memory.jsonl');

  test('imports a file another agent kept: every observation and relation is in the vault, marked as imported', async () => {
    fs.mkdirSync(path.dirname(file()));
    fs.writeFileSync(file(), GRAPH.map((x) => JSON.stringify(x)).join('\n') + '\n');
    // With the source given, the command skips its file dialog and its (modal) confirmation, which the test host refuses to show.
    const report = await vscode.commands.executeCommand<{ formats: { format: string; imported: number }[]; committed: boolean }>('coresoul.importMemories', { source: file() });
    assert.deepEqual(report?.formats.map((f) => [f.format, f.imported]), [['mcp-memory', 4]]);
    assert.equal(report?.committed, true);
    assert.match(await ui.notification(/imported 4 entries/), /imported 4 entries \(0 already there, 0 skipped/);
    const today = read(todayFile());
    for (const line of ['Ships the billing API [[Orion]]', 'Owns the Orion roadmap [[Dana]]', '[[Dana]] leads [[Orion]]']) assert.ok(withoutAuthorMarkers(today).includes(`[from import: mcp-memory] ${line}`), line);
    const notes = fs.readdirSync(vaultPath('memory', 'entities'), { recursive: true }).map(String);
    for (const name of ['Orion.md', 'Dana.md']) assert.ok(notes.some((n) => path.basename(n) === name), `${name} in ${notes.join(', ')}`);
  });

  test('importing the same file again adds nothing and says so', async () => {
    const before = read(todayFile());
    assert.equal(await vscode.commands.executeCommand('coresoul.importMemories', { source: file() }), undefined);
    assert.match(await ui.notification(/nothing new to import/), /4 item\(s\) already there, 0 skipped/);
    assert.equal(read(todayFile()), before);
  });
});

/**
 * Group 10: the packaged `.vsix`, installed into a VS Code of its own, works without the
 * repository: it activates in a vault, registers its commands, tools and chat participant, runs
 * a command from the palette, starts its [[link]] server, its CLI and its MCP server, from the package's files alone.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { coreSoulMcpTools } from '../host/chat';
import { EXTENSION_ID, suite, test, ui, waitFor } from '../host/e2e';

const extension = () => {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed`);
  return ext;
};
const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;

/** What `.vscodeignore` lets into the package: the bundles, assets, manifest and documents (the README links to docs/). */
const PACKAGED = /^(dist\/(extension|server|cli|languageclient|healthWorker|healthView)\.js|dist\/cl100k_base\.json\.gz|dist\/(?:narrower|translation|lexicon)\.txt|dist\/[\w.-]+\.LEGAL\.txt|media\/.+|syntaxes\/.+|l10n\/.+|package(\.nls(\.[\w-]+)?)?\.json|docs\/[\w-]+\.md|docs\/screenshots\/[\w-]+\.png|readme\.md|changelog\.md|LICENSE\.txt|\.vsixmanifest)$/i;

suite(
  'Installed from the VSIX',
  'vault',
  () => {
    test('the extension runs from its installed package, which holds only what it needs', () => {
      const ext = extension();
      assert.equal(ext.extensionKind, vscode.ExtensionKind.Workspace);
      assert.ok(!fs.existsSync(path.join(ext.extensionPath, 'src')), `${ext.extensionPath} is a source checkout, not the installed package`);
      const files = fs
        .readdirSync(ext.extensionPath, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(ext.extensionPath, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
      const extra = files.filter((f) => !PACKAGED.test(f));
      assert.deepEqual(extra, [], `the package carries files it does not need: ${extra.join(', ')}`);
      for (const f of ['dist/extension.js', 'dist/server.js', 'dist/cli.js', 'dist/languageclient.js', 'dist/cl100k_base.json.gz', 'dist/narrower.txt', 'dist/translation.txt', 'dist/lexicon.txt', 'package.json']) assert.ok(files.includes(f), `the package lacks ${f}`);
    });

    test('it activates by itself in a vault and registers every command and language model tool', async () => {
      await waitFor('the installed extension to activate', () => extension().isActive, 30_000);
      const contributed: { command: string }[] = extension().packageJSON.contributes.commands;
      const registered = new Set(await vscode.commands.getCommands(true));
      assert.deepEqual(contributed.map((c) => c.command).filter((c) => !registered.has(c)), []);
      const tools = vscode.lm.tools.map((t) => t.name);
      for (const t of extension().packageJSON.contributes.languageModelTools as { name: string }[]) assert.ok(tools.includes(t.name), `tool ${t.name} is not offered`);
    });

    test('Show Status runs from the command palette', async () => {
      await ui.palette('Core Soul: Show Status');
      assert.match(await ui.notification(/Core Soul: \d+ L1/), /Core Soul: \d+ L1, 0 L2, 0 L3 days/);
    });

    test('its [[link]] server answers from the packaged dist/server.js', async () => {
      const chrono = path.join(root(), '.CoreSoul/memory/chronological');
      const day = fs.readdirSync(chrono).find((f) => /^\d{4}-\d{2}-\d{2}\.md$/.test(f))!;
      const doc = await vscode.workspace.openTextDocument(path.join(chrono, day));
      const at = doc.positionAt(doc.getText().indexOf('[[') + 3);
      const found = await waitFor(
        'a definition from the link server',
        async () => (await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeDefinitionProvider', doc.uri, at)).at(0),
        30_000,
      );
      assert.match(('targetUri' in found ? (found as unknown as vscode.LocationLink).targetUri : found.uri).fsPath, /\.CoreSoul[\\/]memory[\\/]entities[\\/]/);
    });

    test('Search Memory answers, counting tokens with the packaged rank table (dist/cl100k_base.json.gz)', async () => {
      const hits = await vscode.commands.executeCommand<{ file: string; text: string }[]>('coresoul.searchMemory', 'PostgreSQL');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.ok(hits?.length, 'Search Memory found nothing');
      assert.match(hits[0].text, /\[\[PostgreSQL\]\]/);
    });

    test('Search Memory knows kinds of things from the packaged WordNet table (dist/narrower.txt): cities → Berlin', async () => {
      const hits = await vscode.commands.executeCommand<{ text: string }[]>('coresoul.searchMemory', 'Which cities did we work in?');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.ok(hits?.some((h) => /\[\[Berlin\]\]/.test(h.text)), `no line of Berlin: ${JSON.stringify(hits)}`);
    });

    test('its packaged CLI runs on its own, as the skills call it', () => {
      const cli = path.join(extension().extensionPath, 'dist/cli.js');
      const out = execFileSync(process.execPath, [cli, 'status', '--json', '--root', root()], { encoding: 'utf8', env: { ...process.env, NODE_PATH: '' } });
      const status = JSON.parse(out) as { days: { L1: number } };
      assert.ok(status.days.L1 >= 5, `status: ${out}`);
    });

    test('VS Code starts its MCP server from the packaged CLI, and its search answers', async () => {
      assert.ok((await coreSoulMcpTools((n) => n.length > 0)).includes('mcp_coresoul_memory_search'));
      const result = await vscode.lm.invokeTool('mcp_coresoul_memory_search', { input: { query: 'PostgreSQL' }, toolInvocationToken: undefined });
      assert.match(JSON.stringify(result.content), /Chose \[\[PostgreSQL\]\] over MySQL/);
    });
  },
  { from: 'vsix' },
);

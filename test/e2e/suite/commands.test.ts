/**
 * Group 3: every "Core Soul:" command runs, with its arguments where the UI would ask; Write
 * Memory and Search Memory are also driven through the real command palette, input box and
 * quick pick. Memory switched off: Search and Compress refuse, Pack and Restore still work.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PackReport } from '../../../src/core/archive/pack';
import type { RestoreReport } from '../../../src/core/archive/restore';
import type { SearchHit } from '../../../src/core/search/search';
import type { WriteResult } from '../../../src/core/memory/write';
import { EXTENSION_ID, suite, test, ui, waitFor } from '../host/e2e';
import { chronoPath, dayFiles, lineOf, read, root, snapshot, thisMonday, today, vaultPath } from '../host/vault';

/** What Initialize must leave on disk (docs/memory.md#the-vault-on-disk), relative to the workspace root. */
const VAULT_FILES = [
  'AGENTS.md',
  '.CoreSoul/soul.md',
  '.CoreSoul/persona.md',
  '.CoreSoul/memory/memory_map.md',
  '.CoreSoul/bin/coresoul.js',
  '.github/skills/CoreSoul_MemoryWrite/SKILL.md',
  '.github/skills/CoreSoul_MemorySearch/SKILL.md',
];

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

const closeQuickPick = () => vscode.commands.executeCommand('workbench.action.closeQuickOpen');
const memoryEnabled = () => vscode.workspace.getConfiguration('coresoul').get<boolean>('memory.enabled');
/** A new folder beside the workspace, in the run's own temporary folder (removed at teardown). */
const tempFolder = (name: string) => fs.mkdtempSync(path.join(path.dirname(root()), `${name}-`));
const entryLine = (file: string, text: string) => read(file).split('\n').findIndex((l) => l.includes(text)) + 1;

suite('Commands through the palette, input box and quick pick', 'vault', () => {
  const entry = 'Picked [[Redis]] for the session cache';

  test('Write Memory: palette, then the input box', async () => {
    await ui.palette('Core Soul: Write Memory');
    assert.equal(await ui.input(entry, { enter: true }), 'Core Soul: Write Memory');
    const file = chronoPath(`${today()}.md`);
    await waitFor("the entry in today's file", () => read(file).includes(` ${entry}\n`));
    await ui.notification(/Core Soul: remembered in .+, tagged Redis\./);
    assert.match(read(vaultPath('memory', 'entities', 'objects', 'Redis.md')), new RegExp(`^- \\[\\[${today()}\\]\\]`, 'm'));
  });

  test('Search Memory: palette, input box, then a quick pick of ranked snippets that opens at the line', async () => {
    await ui.palette('Core Soul: Search Memory');
    assert.equal(await ui.input('Redis session cache', { enter: true }), 'Core Soul: Search Memory');
    const { title, rows } = await ui.quickPick();
    assert.match(title, /^Core Soul: (?:1 memory|\d+ memories) for "Redis session cache"$/);
    const file = chronoPath(`${today()}.md`);
    const line = entryLine(file, entry);
    const { description, ...row } = rows[0];
    assert.deepEqual(row, { label: `${/\d\d:\d\d:\d\d/.exec(read(file).split('\n')[line - 1])![0]} ${entry}`, detail: `.CoreSoul/memory/chronological/${today()}.md:${line}` });
    assert.match(description ?? '', new RegExp(`^${today()} · by .+ on .+$`), 'the day and who wrote it');
    await ui.screenshot('search-memory');
    await ui.pick(/Picked \[\[Redis\]\]/);
    const editor = await waitFor('the day to open at the entry', () => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.fsPath === file && e;
    });
    assert.equal(editor.selection.active.line, line - 1);
  });
});

suite('Commands with their arguments', 'vault', () => {
  let archive = '';

  test('every contributed command is registered under the Core Soul category', async () => {
    const contributed: { command: string; category?: string }[] = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.commands;
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const c of contributed) {
      assert.ok(registered.has(c.command), `${c.command} is not registered`);
      assert.ok(['Core Soul', '%category%'].includes(c.category ?? ''), `${c.command} is not under "Core Soul:"`);
    }
    for (const id of ['coresoul.searchMemory', 'coresoul.compressNow', 'coresoul.packSoul', 'coresoul.restoreSoul']) {
      assert.ok(contributed.some((c) => c.command === id), `${id} is not contributed`);
    }
  });

  test('Write Memory, Search Memory and Open Today', async () => {
    const written = await vscode.commands.executeCommand<WriteResult>('coresoul.writeMemory', 'Benchmarked [[Redis]] at 40k ops/s');
    assert.ok(written, 'Write Memory returned nothing');
    assert.equal(lineOf(written.file, written.line).slice(11), 'Benchmarked [[Redis]] at 40k ops/s');

    const hits = await vscode.commands.executeCommand<SearchHit[]>('coresoul.searchMemory', 'Redis ops');
    await closeQuickPick();
    assert.ok(hits?.length, 'Search Memory found nothing');
    assert.equal(hits[0].file, written.file);
    assert.match(hits[0].text, /Benchmarked \[\[Redis\]\] at 40k ops\/s/);

    await vscode.commands.executeCommand('coresoul.openToday');
    await waitFor("today's file in the editor", () => vscode.window.activeTextEditor?.document.uri.fsPath === chronoPath(`${today()}.md`));
  });

  test('Compress Now turns the days before this week into hourly summaries', async () => {
    const before = dayFiles().filter((f) => f.slice(0, 10) < thisMonday());
    assert.ok(before.length >= 5, `the fixture has ${before.length} days before this week`);
    const report = await vscode.commands.executeCommand<{ l1ToL2: string[]; linksLost: number }>('coresoul.compressNow');
    assert.deepEqual(report?.l1ToL2, before.map((f) => f.slice(0, 10)));
    assert.equal(report?.linksLost, 0);
    for (const f of before) assert.match(read(chronoPath(f)), /^## \d\d:00$/m, `${f} is not summarised by hour`);
    await ui.notification(/^Core Soul: compressed memory \(week of /);
  });

  test('Pack Soul writes the archive; Restore Soul brings it back in another folder', async () => {
    const out = (archive = path.join(tempFolder('pack'), 'soul.tar.gz'));
    const packed = await vscode.commands.executeCommand<PackReport>('coresoul.packSoul', out);
    assert.equal(packed?.out, out);
    assert.ok(fs.statSync(out).size > 0);
    await ui.notification(/^Core Soul: packed \d+ files into /);

    const target = path.join(tempFolder('restore'), 'restored');
    const restored = await vscode.commands.executeCommand<RestoreReport>('coresoul.restoreSoul', { archive: out, target });
    assert.equal(restored?.root, target);
    assert.deepEqual(snapshot(path.join(target, '.CoreSoul', 'memory')), snapshot(vaultPath('memory')));
    await ui.notification(/^Core Soul: restored \d+ files into /);
  });

  test('Restore Soul refuses a folder that is not empty unless told to merge, in one line', async () => {
    assert.ok(archive, 'the previous test made no archive');
    const before = snapshot(vaultPath());
    const result = await vscode.commands.executeCommand('coresoul.restoreSoul', { archive, target: root() });
    assert.equal(result, undefined);
    await ui.notification(/^Core Soul: restore target .+ is not empty: restore into an empty folder, or add --merge to add to it$/);
    assert.deepEqual(snapshot(vaultPath()), before);
  });

  test('Rebuild Link Index, Refresh Vault and Initialize run', async () => {
    await vscode.commands.executeCommand('coresoul.links.reindex');
    await ui.notification(/^Core Soul: \d+ files indexed for \[\[links\]\]\.$/);
    await vscode.commands.executeCommand('coresoul.vault.refresh');
    await vscode.commands.executeCommand('coresoul.initialize');
    await ui.notification(/^Core Soul: vault ready \(0 files created, \d+ kept\)\.$/);
  });

  test('with memory off, Search and Compress refuse and change nothing; Pack and Restore still work', async () => {
    await vscode.commands.executeCommand('coresoul.toggleMemory');
    await waitFor('memory to be off', () => memoryEnabled() === false);
    const before = snapshot(vaultPath());
    assert.equal(await vscode.commands.executeCommand('coresoul.searchMemory', 'Redis'), undefined);
    await ui.notification(/^Core Soul: memory is off in this workspace, so nothing was searched\.$/);
    assert.equal(await vscode.commands.executeCommand('coresoul.compressNow'), undefined);
    await ui.notification(/^Core Soul: memory is off in this workspace, so nothing was compressed\.$/);
    assert.deepEqual(snapshot(vaultPath()), before);

    const out = path.join(tempFolder('pack-off'), 'soul.sh');
    const packed = await vscode.commands.executeCommand<PackReport>('coresoul.packSoul', { out });
    assert.equal(packed?.format, 'sh');
    const target = path.join(tempFolder('restore-off'), 'restored');
    const restored = await vscode.commands.executeCommand<RestoreReport>('coresoul.restoreSoul', { archive: out, target });
    assert.ok(restored?.added.includes('.CoreSoul/memory/memory_map.md'));

    await vscode.commands.executeCommand('coresoul.toggleMemory');
    await waitFor('memory to be on again', () => memoryEnabled() === true);
  });
});

suite('Restore Soul into an empty folder', 'empty', () => {
  test('brings the soul into the open workspace, and the Vault view shows it', async () => {
    // An archive made elsewhere with the CLI, as on another machine.
    const cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist/cli.js');
    const elsewhere = tempFolder('origin');
    const run = (...args: string[]) => execFileSync(process.execPath, [cli, ...args, '--root', elsewhere], { encoding: 'utf8' });
    run('init');
    run('write', 'Met [[Dana]] about the roadmap');
    run('pack', '--out', path.join(elsewhere, 'soul.tar.gz'));

    const report = await vscode.commands.executeCommand<RestoreReport>('coresoul.restoreSoul', { archive: path.join(elsewhere, 'soul.tar.gz'), target: root() });
    assert.equal(report?.history, 'restored');
    assert.equal(read(vaultPath('memory', 'memory_map.md')), read(path.join(elsewhere, '.CoreSoul/memory/memory_map.md')));
    await vscode.commands.executeCommand('coresoul.vault.focus');
    await waitFor('the vault in the Vault view', async () => (await ui.treeRows('Vault')).rows.some((r) => r.label === 'Chronological'));
  });
});

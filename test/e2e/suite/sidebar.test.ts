/**
 * Group 2: the Core Soul side bar as a person sees it (rows read from the workbench by
 * Playwright): the Vault tree with its counts, live updates from disk, the Backlinks view, and
 * a vault edited, broken or deleted by hand while it is open.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { UiRow } from '../protocol';
import { EXTENSION_ID, suite, test, ui, waitFor } from '../host/e2e';
import { dayFiles, extensionHostErrors, read, root, thisMonday, today, vaultPath } from '../host/vault';

const KINDS = ['people', 'events', 'places', 'objects'] as const;
const KIND_LABELS = { people: 'People', events: 'Events', places: 'Places', objects: 'Objects' };
const entityNames = (kind: string) =>
  fs
    .readdirSync(vaultPath('memory', 'entities', kind), { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => e.name.slice(0, -3));

/** Waits until the view shows rows that satisfy `ok`, and returns them. */
function rowsWhen(view: string, what: string, ok: (rows: UiRow[], message?: string) => boolean) {
  return waitFor(what, async () => {
    const { rows, message } = await ui.treeRows(view);
    return ok(rows, message) && { rows, message };
  });
}
const row = (rows: UiRow[], label: string) => rows.find((r) => r.label === label);
const exactly = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
/** Clicks a collapsed row and waits until it shows as expanded. */
async function expand(view: string, label: string) {
  const { rows } = await ui.treeRows(view);
  if (row(rows, label)?.expanded) return;
  await ui.clickTreeRow(view, exactly(label));
  await rowsWhen(view, `${label} to expand`, (rows) => row(rows, label)?.expanded === true);
}
async function collapse(view: string, label: string) {
  await ui.clickTreeRow(view, exactly(label));
  await rowsWhen(view, `${label} to collapse`, (rows) => row(rows, label)?.expanded === false);
}

const cli = () => path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist/cli.js');

suite('Sidebar in a vault', 'vault', () => {
  test('the Vault tree lists soul, persona, the personal profile, memory map, the days by level and the entities by kind, with counts', async () => {
    await vscode.commands.executeCommand('coresoul.vault.focus');
    const days = dayFiles().map((f) => f.slice(0, -3));
    const { rows } = await rowsWhen('Vault', 'the vault rows', (rows) => rows.length >= 6);
    const entities = KINDS.reduce((n, k) => n + entityNames(k).length, 0);
    assert.deepEqual(
      rows.map((r) => [r.label, r.description]),
      [
        ['Soul', ''],
        ['Persona', ''],
        ['Profile', 'personal'],
        ['Memory map', ''],
        ['Chronological', `${days.length} days`],
        ['Entities', String(entities)],
      ],
    );

    await expand('Vault', 'Chronological');
    const week = days.filter((d) => d >= thisMonday()).length;
    const periods = (await rowsWhen('Vault', 'the periods', (rows) => rows.filter((r) => r.level === 2).length === 3)).rows.filter((r) => r.level === 2);
    assert.deepEqual(
      periods.map((r) => [r.label, r.description]),
      [
        ['This week', week === 1 ? '1 day' : `${week} days`],
        ['This month', `${days.length - week} days`],
        ['Archive', '0 days'],
      ],
    );
    await collapse('Vault', 'Chronological');

    await expand('Vault', 'Entities');
    const kinds = (await rowsWhen('Vault', 'the kinds', (rows) => rows.filter((r) => r.level === 2).length === KINDS.length)).rows.filter((r) => r.level === 2);
    assert.deepEqual(
      kinds.map((r) => [r.label, r.description]),
      KINDS.map((k) => [KIND_LABELS[k], String(entityNames(k).length)]),
    );
    await expand('Vault', 'People');
    const people = (await rowsWhen('Vault', 'the people', (rows) => rows.filter((r) => r.level === 3).length === entityNames('people').length)).rows.filter((r) => r.level === 3).map((r) => r.label);
    assert.deepEqual(people, entityNames('people').sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    await ui.screenshot('sidebar-tree');
  });

  test('a write made on disk while the window is open appears in the tree without a reload', async () => {
    const before = entityNames('people').length;
    execFileSync(process.execPath, [cli(), 'write', 'Met [[Carol]] at the [[Berlin]] office', '--entity', 'people/Carol', '--root', root()]);
    const { rows } = await rowsWhen('Vault', 'Carol in the tree', (rows) => !!row(rows, 'Carol'));
    assert.equal(row(rows, 'People')?.description, String(before + 1));
    assert.equal(row(rows, 'Carol')?.level, 3);
  });

  test("a day's entries show who wrote each: the person and machine, or the agent in whose session", async () => {
    const write = (text: string, env: Record<string, string>, ...more: string[]) =>
      execFileSync(process.execPath, [cli(), 'write', text, '--root', root(), ...more], { env: { ...process.env, ...env } });
    write('Chose [[PostgreSQL]] for the ledger', { CORESOUL_AUTHOR: 'Alice Liddell', CORESOUL_MACHINE: 'alice-laptop' }, '--kind', 'decision');
    write('Ran the [[PostgreSQL]] migration', { CORESOUL_AUTHOR: 'Bob Builder', CORESOUL_MACHINE: 'bob-desk' }, '--from', 'agent', '--via', 'claude');
    await vscode.commands.executeCommand('coresoul.vault.focus');
    await expand('Vault', 'Chronological');
    await expand('Vault', 'This week');
    await expand('Vault', today());
    const { rows } = await rowsWhen('Vault', "today's entries with their authors", (rows) => rows.some((r) => r.label.endsWith('claude (agent) for Bob Builder')));
    const entries = rows.filter((r) => r.level === 4);
    const alice = entries.find((r) => r.description === 'Chose [[PostgreSQL]] for the ledger');
    const bob = entries.find((r) => r.description === 'Ran the [[PostgreSQL]] migration');
    assert.match(alice?.label ?? '', /^\d\d:\d\d Alice Liddell$/, 'who wrote it leads the row; the marker is not in the text');
    assert.match(bob?.label ?? '', /^\d\d:\d\d claude \(agent\) for Bob Builder$/);
    await ui.screenshot('sidebar-authors');
    await collapse('Vault', 'Chronological');
  });

  test('Backlinks lists every line that links to the note in the editor, and opens at the link', async () => {
    const alice = vaultPath('memory', 'entities', 'people', 'Alice.md');
    await vscode.window.showTextDocument(vscode.Uri.file(alice));
    // What a person would find by hand: every line of another note or day that has [[Alice]].
    const linking = (dir: string, label: (file: string) => string) =>
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.md') && path.join(dir, f) !== alice)
        .flatMap((f) =>
          read(path.join(dir, f))
            .split('\n')
            .flatMap((text, line) => (text.includes('[[Alice]]') ? [{ label: label(f), description: text.trim(), file: path.join(dir, f), line }] : [])),
        );
    const byDay = linking(vaultPath('memory', 'chronological'), (f) => f.slice(0, -3)).sort((a, b) => b.label.localeCompare(a.label) || a.line - b.line);
    const byNote = KINDS.flatMap((k) => linking(vaultPath('memory', 'entities', k), (f) => f.slice(0, -3))).sort((a, b) => a.label.localeCompare(b.label) || a.line - b.line);
    const expected = [...byDay, ...byNote];
    assert.ok(byDay.length >= 3 && byNote.length >= 1, `the fixture links Alice from ${byDay.length} day lines and ${byNote.length} note lines`);

    const { rows } = await rowsWhen('Backlinks', 'the backlinks of Alice', (rows) => rows.length >= Math.min(expected.length, 5));
    // The list shows what fits in the view: it must be the start of the expected list, in order.
    assert.deepEqual(
      rows.map((r) => [r.label, r.description]),
      expected.slice(0, rows.length).map((e) => [e.label, e.description]),
    );
    await ui.screenshot('backlinks');

    const first = expected[0];
    await ui.clickTreeRow('Backlinks', exactly(first.label));
    const editor = await waitFor('the linking day to open', () => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.fsPath === first.file && e;
    });
    assert.ok(
      expected.some((e) => e.file === first.file && e.line === editor.selection.start.line),
      `the cursor is on line ${editor.selection.start.line + 1}, which does not link to Alice`,
    );
    assert.equal(editor.document.getText(editor.selection), '[[Alice]]');
  });
});

suite('Sidebar when the vault is edited by hand', 'vault', () => {
  test('odd file names are listed as they are and open; a folder named like a note is not one', async () => {
    const odd = "O'Brien [ops] #1 – 東京";
    const file = vaultPath('memory', 'entities', 'people', `${odd}.md`);
    fs.writeFileSync(file, `# ${odd}\n\n- met at the [[Berlin]] office\n`);
    fs.mkdirSync(vaultPath('memory', 'entities', 'places', 'Not a note.md'));
    await vscode.commands.executeCommand('coresoul.vault.focus');
    await expand('Vault', 'Entities');
    await expand('Vault', 'People');
    const { rows } = await rowsWhen('Vault', `${odd} in the tree`, (rows) => !!row(rows, odd));
    assert.equal(row(rows, 'Places')?.description, String(entityNames('places').length));
    await ui.clickTreeRow('Vault', exactly(odd));
    await waitFor('the odd note to open', () => vscode.window.activeTextEditor?.document.uri.fsPath === file);
  });

  test('a memory map edited into nonsense is reported in one line, and the tree recovers when it is fixed', async () => {
    const map = vaultPath('memory', 'memory_map.md');
    const good = read(map);
    fs.writeFileSync(map, '---\nlast_compression_date: [not a date\n---\n');
    const { message } = await rowsWhen('Vault', 'a message about the memory map', (_rows, message) => /memory_map/.test(message ?? ''));
    assert.doesNotMatch(message!, /\n/);
    await ui.palette('Core Soul: Show Status');
    const status = await ui.notification(/^Core Soul: .*memory_map/);
    assert.doesNotMatch(status, /\n|at .*\.js/, 'a one-line message, no stack trace');
    fs.writeFileSync(map, good);
    await rowsWhen('Vault', 'the message to go', (rows, message) => message === undefined && !!row(rows, 'Chronological'));
  });

  test('a deleted .CoreSoul shows the welcome view, and the memory commands say there is no vault', async () => {
    fs.rmSync(vaultPath(), { recursive: true, force: true });
    const { message } = await rowsWhen('Vault', 'the welcome view', (_rows, message) => /no Core Soul vault yet/.test(message ?? ''));
    assert.match(message!, /Initialize Core Soul.*Restore Soul/s);
    await vscode.commands.executeCommand('coresoul.searchMemory', 'Alice');
    await ui.notification(/Core Soul: this workspace has no vault yet\./);
    assert.equal(fs.existsSync(vaultPath()), false, 'nothing was recreated behind the user');
  });

  test('none of it put an error from Core Soul in the extension host log', async () => {
    assert.deepEqual(await extensionHostErrors(), []);
  });
});

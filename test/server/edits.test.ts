import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  type CodeAction,
  type CreateFile,
  type Diagnostic,
  DiagnosticSeverity,
  FileChangeType,
  type Hover,
  type Location,
  type RenameFile,
  type TextDocumentEdit,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { entityHeader } from '../../src/core/vault/entities';
import { REINDEX_METHOD } from '../../src/server/protocol';
import { type Fixture, TEXT, fixture } from './fixture';
import { type Lsp, startServer, uri } from './lsp';

/** Applies a WorkspaceEdit to the disk as an editor would, and reports the file events it caused. */
function applyEdit(lsp: Lsp, edit: WorkspaceEdit): void {
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change && change.kind === 'rename') {
      const op = change as RenameFile;
      const [from, to] = [fileURLToPath(op.oldUri), fileURLToPath(op.newUri)];
      assert.ok(!fs.existsSync(to), 'never overwrites');
      fs.renameSync(from, to);
      lsp.fileChanged(from, FileChangeType.Deleted);
      lsp.fileChanged(to, FileChangeType.Created);
    } else if ('kind' in change && change.kind === 'create') {
      const file = fileURLToPath((change as CreateFile).uri);
      assert.ok(!fs.existsSync(file), 'never overwrites');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, '');
      lsp.fileChanged(file, FileChangeType.Created);
    } else {
      const e = change as TextDocumentEdit;
      const file = fileURLToPath(e.textDocument.uri);
      const doc = TextDocument.create(e.textDocument.uri, 'markdown', 0, fs.readFileSync(file, 'utf8'));
      fs.writeFileSync(file, TextDocument.applyEdits(doc, e.edits as TextEdit[]));
      lsp.fileChanged(file, FileChangeType.Changed);
    }
  }
}

const read = (file: string) => fs.readFileSync(file, 'utf8');
const msg = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);

describe('language server: diagnostics, quick fixes, rename, incremental updates (over stdio)', () => {
  let f: Fixture;
  let lsp: Lsp;
  let scratch: string;
  before(async () => {
    f = await fixture();
    lsp = await startServer(f.root);
    scratch = path.join(f.v.soulDir, 'scratch.md');
  });
  after(() => lsp.stop());

  const SCRATCH = [
    '# Scratch',
    '',
    'Met [[Nobody Yet]] and [[Kubernetes]] on [[2025-12-31]].',
    'Bad: [[a/b]]. Alias: [[kube]]. Example: `[[InCode]]`.',
    '```',
    '[[InFence]]',
    '```',
  ];

  it('reports broken links: missing entity (warning), impossible name (error), missing day (information); not code', async () => {
    fs.writeFileSync(scratch, SCRATCH.join('\n'));
    lsp.open(scratch);
    const ds = await lsp.diagnostics(scratch);
    const seen = ds.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.character} ${d.severity} ${d.code}`);
    assert.deepEqual(seen, [
      `2:4-18 ${DiagnosticSeverity.Warning} broken-link`,
      `2:41-55 ${DiagnosticSeverity.Information} missing-day`,
      `3:5-12 ${DiagnosticSeverity.Error} bad-entity-name`,
      `3:21-29 ${DiagnosticSeverity.Warning} broken-link`,
    ]);
    assert.match(msg(ds[0]), /No entity "Nobody Yet"/);
    assert.match(msg(ds[2]), /contains "\/"/);
    assert.match(msg(ds[3]), /alias of \[\[Kubernetes\]\]: link \[\[Kubernetes\|kube\]\]/);
    const hover = await lsp.request<Hover>('textDocument/hover', { textDocument: { uri: uri(scratch) }, position: { line: 2, character: 8 } });
    assert.match((hover.contents as { value: string }).value, /No note for `Nobody Yet`/);
  });

  it('offers "Create entity" in each kind; the edit creates the note with the standard header, then the warning goes', async () => {
    const ds = await lsp.diagnostics(scratch);
    const actions = await lsp.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: uri(scratch) },
      range: ds[0].range,
      context: { diagnostics: [ds[0]] },
    });
    assert.deepEqual(
      actions.map((a) => [a.title, !!a.isPreferred]),
      [
        ['Create entity "Nobody Yet" in people', false],
        ['Create entity "Nobody Yet" in events', false],
        ['Create entity "Nobody Yet" in places', false],
        ['Create entity "Nobody Yet" in objects', true],
      ],
    );
    const people = actions[0].edit!;
    const [create, write] = people.documentChanges as [CreateFile, TextDocumentEdit];
    const target = path.join(f.v.entitiesDir, 'people', 'Nobody Yet.md');
    assert.equal(fileURLToPath(create.uri), target);
    assert.deepEqual(create.options, { overwrite: false, ignoreIfExists: false });
    assert.equal((write.edits[0] as { newText: string }).newText, entityHeader('people', 'Nobody Yet', '2026-03-10'));

    applyEdit(lsp, people);
    const after = await lsp.diagnostics(scratch, (d) => !d.some((x) => msg(x).includes('Nobody Yet')));
    assert.equal(after.length, 3);
    assert.equal(read(target), entityHeader('people', 'Nobody Yet', '2026-03-10'));
  });

  it('no quick fix for a name that cannot be a file', async () => {
    const ds = await lsp.diagnostics(scratch);
    const bad = ds.find((d) => d.code === 'bad-entity-name')!;
    const actions = await lsp.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri(scratch) }, range: bad.range, context: { diagnostics: [bad] } });
    assert.deepEqual(actions, []);
  });

  it('indexes unsaved edits: a link typed in an open document is a backlink at once', async () => {
    const edited = [...SCRATCH, 'Later: [[Berlin Office]]'];
    lsp.open(f.month, TEXT.month.join('\n'));
    lsp.change(scratch, edited.join('\n'));
    const refs = await lsp.request<Location[]>('textDocument/references', {
      textDocument: { uri: uri(f.month) },
      position: { line: 4, character: TEXT.month[4].indexOf('[[Berlin') + 3 },
      context: { includeDeclaration: false },
    });
    assert.ok(refs.some((r) => r.uri === uri(scratch) && r.range.start.line === 7));
    assert.ok(!fs.readFileSync(scratch, 'utf8').includes('Berlin'), 'never saved');
  });

  it('sees a deleted entity note: links to it become broken', async () => {
    fs.rmSync(f.berlin);
    lsp.fileChanged(f.berlin, FileChangeType.Deleted);
    const ds = await lsp.diagnostics(scratch, (d) => d.some((x) => msg(x).includes('Berlin Office')));
    assert.equal(ds.find((d) => msg(d).includes('Berlin Office'))?.range.start.line, 7);
  });

  it('renames an entity: every link keeps its #heading and |alias, the title changes, the file is renamed', async () => {
    lsp.open(f.day, TEXT.day.join('\n'));
    const at = { line: 3, character: TEXT.day[3].indexOf('[[Kubernetes#') + 4 };
    const prep = await lsp.request<{ range: unknown; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri: uri(f.day) }, position: at });
    const col = TEXT.day[3].indexOf('Kubernetes#');
    assert.deepEqual(prep, { range: { start: { line: 3, character: col }, end: { line: 3, character: col + 'Kubernetes'.length } }, placeholder: 'Kubernetes' });

    const edit = await lsp.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: uri(f.day) }, position: at, newName: 'K8s Cluster' });
    const changes = edit.documentChanges!;
    const last = changes[changes.length - 1] as RenameFile;
    assert.deepEqual([last.kind, fileURLToPath(last.oldUri), fileURLToPath(last.newUri)], ['rename', f.kubernetes, path.join(path.dirname(f.kubernetes), 'K8s Cluster.md')]);
    const dayEdit = changes.find((c) => 'textDocument' in c && c.textDocument.uri === uri(f.day)) as TextDocumentEdit;
    assert.equal(dayEdit.textDocument.version, 1, 'an open document is edited at its version');
    const scratchEdit = changes.find((c) => 'textDocument' in c && c.textDocument.uri === uri(scratch)) as TextDocumentEdit;
    assert.deepEqual([scratchEdit.textDocument.version, scratchEdit.edits.length], [2, 1], 'the unsaved text of an open document is what is edited');

    lsp.close(f.day);
    applyEdit(lsp, edit);
    const renamed = path.join(path.dirname(f.kubernetes), 'K8s Cluster.md');
    assert.equal(read(f.day).split('\n')[2], '- 09:00:00 met [[Alice Chen]] about [[K8s Cluster]]');
    assert.equal(read(f.day).split('\n')[3], '- 10:00:00 [[張三]] reviewed [[K8s Cluster#Setup|k8s]] with [[alice chen]]');
    assert.equal(read(f.alice).split('\n')[8], '- [[2026-03-10]] 09:00:00 talked about [[K8s Cluster#Setup|k8s]]');
    assert.match(read(f.month), /tried \[\[Kafka\]\] and \[\[K8s Cluster\]\]/);
    assert.match(read(f.agents), /\[\[K8s Cluster\]\]/);
    assert.match(read(renamed), /^# K8s Cluster$/m);
    assert.doesNotMatch(read(f.outside), /K8s Cluster/, 'files outside the served scope are left alone');
    assert.ok(!fs.existsSync(f.kubernetes));

    // The watched-file events reached the index: the new name resolves.
    lsp.open(f.day);
    const def = await lsp.request<Location>('textDocument/definition', { textDocument: { uri: uri(f.day) }, position: at });
    assert.equal(def.uri, uri(renamed));
  });

  it('refuses renames that would break the vault, and days', async () => {
    const at = { line: 2, character: read(f.day).split('\n')[2].indexOf('[[Alice') + 3 };
    const refused = (newName: string) =>
      lsp.request('textDocument/rename', { textDocument: { uri: uri(f.day) }, position: at, newName }).then(
        () => assert.fail('renamed'),
        (e: Error) => e.message,
      );
    assert.match(await refused('a/b'), /contains "\/"/);
    assert.match(await refused('kafka'), /An entity "Kafka" already exists \(objects\)/);
    lsp.open(f.alice, TEXT.alice.join('\n'));
    const day = await lsp
      .request('textDocument/prepareRename', { textDocument: { uri: uri(f.alice) }, position: { line: 7, character: 5 } })
      .then(() => 'accepted', (e: Error) => e.message);
    assert.equal(day, 'A day cannot be renamed.');
  });

  it('keeps a document open in the editor but not on disk through a full reindex', async () => {
    const draft = path.join(f.v.soulDir, 'draft.md');
    lsp.open(draft, 'Draft about [[Kafka]]');
    const { files } = await lsp.request<{ files: number }>(REINDEX_METHOD, {});
    assert.ok(files >= 10);
    lsp.open(f.kafka);
    const refs = await lsp.request<Location[]>('textDocument/references', { textDocument: { uri: uri(f.kafka) }, position: { line: 5, character: 3 }, context: { includeDeclaration: false } });
    assert.ok(refs.some((r) => r.uri === uri(draft)));
    assert.ok(!fs.existsSync(draft));
  });

  it('clears the diagnostics of a closed document', async () => {
    lsp.close(scratch);
    const cleared: Diagnostic[] = await lsp.diagnostics(scratch, (d) => d.length === 0);
    assert.deepEqual(cleared, []);
  });
});

import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, CompletionList, DocumentLink, Hover, Location, SymbolInformation, TextEdit } from 'vscode-languageserver/node';
import { BACKLINKS_METHOD, type BacklinksResult } from '../../src/server/protocol';
import { type Fixture, TEXT, agentsLinkLine, fixture } from './fixture';
import { type Lsp, startServer, uri } from './lsp';

/** Where `needle` starts on line `line` of `lines`, plus `offset` characters. */
function pos(lines: string[], line: number, needle: string, offset = 0) {
  const character = lines[line].indexOf(needle);
  assert.ok(character !== -1, `"${needle}" on line ${line}`);
  return { line, character: character + offset };
}

const where = (locs: Location[] | null) => (locs ?? []).map((l) => `${path.basename(decodeURIComponent(l.uri))}:${l.range.start.line}:${l.range.start.character}`);

describe('language server: completion, navigation, symbols (over stdio)', () => {
  let f: Fixture;
  let lsp: Lsp;
  before(async () => {
    f = await fixture();
    lsp = await startServer(f.root);
  });
  after(() => lsp.stop());

  const completeAt = async (file: string, lines: string[], line: number, character: number) => {
    const u = lsp.open(file, lines.join('\n'));
    return lsp.request<CompletionList | null>('textDocument/completion', { textDocument: { uri: u }, position: { line, character } });
  };

  it('completes entities after [[ with their kind as detail, ranked by how often and how recently they are linked', async () => {
    const lines = [...TEXT.day.slice(0, -1), '- 11:00:00 [['];
    const list = await completeAt(f.day, lines, 4, 13);
    assert.ok(list);
    const labels = list.items.map((i) => i.label);
    const item = (label: string) => list.items.find((i) => i.label === label)!;
    assert.equal(labels[0], 'Kubernetes', 'the most linked, most recent entity comes first');
    assert.ok(labels.indexOf('Kubernetes') < labels.indexOf('Kafka'), 'Kafka: one link, months ago');
    assert.ok(labels.indexOf('Alice Chen') < labels.indexOf('Berlin Office'));
    assert.equal(item('Kubernetes').detail, 'objects');
    assert.equal(item('張三').detail, 'people');
    // No closing brackets after the cursor: the item closes the link.
    assert.deepEqual((item('Kubernetes').textEdit as TextEdit).range, { start: { line: 4, character: 13 }, end: { line: 4, character: 13 } });
    assert.equal((item('Kubernetes').textEdit as TextEdit).newText, 'Kubernetes]]');
    // Aliases insert the entity with the alias; days are offered, L3 ones marked as monthly.
    assert.equal((item('Ally').textEdit as TextEdit).newText, 'Alice Chen|Ally]]');
    assert.equal(item('Ally').detail, 'alias of Alice Chen · people');
    assert.equal(item('2026-03-10').detail, 'today');
    assert.equal(item('2026-01-05').detail, 'day · monthly summary');
  });

  it('filters by what was typed (CJK too) and replaces the typed text inside an auto-closed [[…]]', async () => {
    const lines = ['# scratch', '', 'with [[張]] and [[ku]]'];
    const zh = await completeAt(f.day, lines, 2, lines[2].indexOf('張') + 1);
    assert.equal(zh?.items[0].label, '張三');
    const edit = zh!.items[0].textEdit as TextEdit;
    assert.equal(edit.newText, '張三', 'the ]] is already there');
    assert.deepEqual(edit.range, { start: { line: 2, character: 7 }, end: { line: 2, character: 8 } });

    const ku = await completeAt(f.day, lines, 2, lines[2].indexOf('ku]]') + 2);
    assert.deepEqual(ku?.items.slice(0, 2).map((i) => i.label), ['Kubernetes', 'kube'], 'prefix matches of a name and an alias');
    assert.ok(!ku?.items.some((i) => i.label === 'Alice Chen'), 'no match, not offered');
  });

  it('offers nothing outside [[, and nothing in files it does not serve', async () => {
    assert.equal(await completeAt(f.day, ['- plain text'], 0, 5), null);
    assert.equal(await completeAt(f.day, ['[[Kubernetes]] after'], 0, 18), null);
    assert.equal(await completeAt(f.outside, ['[['], 0, 2), null);
    lsp.close(f.outside);
  });

  it('shows the first lines of a completion item on resolve', async () => {
    const resolved = await lsp.request<CompletionItem>('completionItem/resolve', { label: 'Kubernetes', data: { target: 'Kubernetes' } });
    assert.match(String((resolved.documentation as { value: string }).value), /helm install, then kubectl apply/);
  });

  it('goes to an entity note, a daily file, an L3 day section and a #heading', async () => {
    const def = async (file: string, lines: string[], p: { line: number; character: number }) => {
      lsp.open(file, lines.join('\n'));
      return lsp.request<Location | null>('textDocument/definition', { textDocument: { uri: uri(file) }, position: p });
    };
    assert.deepEqual(await def(f.day, TEXT.day, pos(TEXT.day, 2, '[[Alice Chen', 3)), { uri: uri(f.alice), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
    const l3 = await def(f.alice, TEXT.alice, pos(TEXT.alice, 7, '[[2026-01-05', 4));
    assert.equal(l3?.uri, uri(f.month));
    assert.equal(l3?.range.start.line, TEXT.month.indexOf('## 2026-01-05'), 'the heading of the day in the monthly file');
    const daily = await def(f.alice, TEXT.alice, pos(TEXT.alice, 8, '[[2026-03-10', 4));
    assert.equal(daily?.uri, uri(f.day));
    const heading = await def(f.day, TEXT.day, pos(TEXT.day, 3, '[[Kubernetes#Setup', 4));
    assert.deepEqual([heading?.uri, heading?.range.start.line], [uri(f.kubernetes), TEXT.kubernetes.indexOf('## Setup')]);
    assert.equal(await def(f.day, TEXT.day, { line: 0, character: 3 }), null, 'no link under the cursor');
  });

  it('finds every link to an entity (case-insensitive, with #heading and |alias), only in served files', async () => {
    lsp.open(f.day, TEXT.day.join('\n'));
    const refs = await lsp.request<Location[]>('textDocument/references', {
      textDocument: { uri: uri(f.day) },
      position: pos(TEXT.day, 2, '[[Kubernetes', 5),
      context: { includeDeclaration: false },
    });
    assert.deepEqual(where(refs).sort(), [
      `2026-01.md:4:${TEXT.month[4].indexOf('[[Kubernetes')}`,
      `2026-03-10.md:2:${TEXT.day[2].indexOf('[[Kubernetes')}`,
      `2026-03-10.md:3:${TEXT.day[3].indexOf('[[Kubernetes')}`,
      `AGENTS.md:${agentsLinkLine(f)}:22`,
      `Alice Chen.md:8:${TEXT.alice[8].indexOf('[[Kubernetes')}`,
    ]);
    const one = refs.find((r) => r.uri === uri(f.day) && r.range.start.line === 3)!;
    assert.equal(one.range.end.character - one.range.start.character, '[[Kubernetes#Setup|k8s]]'.length);
  });

  it('lists backlinks of the note itself: an entity from its title, an L3 day from its section', async () => {
    lsp.open(f.alice, TEXT.alice.join('\n'));
    const alice = await lsp.request<Location[]>('textDocument/references', { textDocument: { uri: uri(f.alice) }, position: { line: 5, character: 4 }, context: { includeDeclaration: true } });
    assert.deepEqual(where(alice).sort(), [
      `2026-01.md:4:${TEXT.month[4].indexOf('[[Alice')}`,
      `2026-03-10.md:2:${TEXT.day[2].indexOf('[[Alice')}`,
      `2026-03-10.md:3:${TEXT.day[3].indexOf('[[alice')}`,
      'Alice Chen.md:0:0',
      `Kubernetes.md:13:${TEXT.kubernetes[13].indexOf('[[Alice')}`,
    ]);

    lsp.open(f.month, TEXT.month.join('\n'));
    const day5 = await lsp.request<Location[]>('textDocument/references', { textDocument: { uri: uri(f.month) }, position: { line: 4, character: 0 }, context: { includeDeclaration: false } });
    assert.deepEqual(where(day5).sort(), [`2026-01.md:8:${TEXT.month[8].indexOf('[[')}`, 'Alice Chen.md:7:2', 'Kafka.md:7:2']);

    const viaRequest = await lsp.request<BacklinksResult>(BACKLINKS_METHOD, { uri: uri(f.kafka) });
    assert.deepEqual(viaRequest.targets, ['Kafka']);
    assert.deepEqual(viaRequest.links.map((l) => [path.basename(decodeURIComponent(l.uri)), l.line, l.text]), [['2026-01.md', 4, TEXT.month[4].trim()]]);
  });

  it('previews a link target on hover: entity notes from a #heading, L3 sections', async () => {
    lsp.open(f.alice, TEXT.alice.join('\n'));
    const hoverAt = (p: { line: number; character: number }) => lsp.request<Hover | null>('textDocument/hover', { textDocument: { uri: uri(f.alice) }, position: p });
    const k8s = await hoverAt(pos(TEXT.alice, 8, '[[Kubernetes', 3));
    const text = (h: Hover | null) => (h?.contents as { value: string }).value;
    assert.match(text(k8s), /^\*\*Kubernetes\*\* · objects · 5 links/);
    assert.match(text(k8s), /## Setup\n\nhelm install/, 'from the #Setup heading on');
    const l3 = await hoverAt(pos(TEXT.alice, 7, '[[2026-01-05', 3));
    assert.match(text(l3), /monthly summary in 2026-01\.md/);
    assert.match(text(l3), /Met \[\[Alice Chen\]\] at \[\[Berlin Office\]\]/);
    assert.doesNotMatch(text(l3), /quiet day/, 'only that day’s section');
  });

  it('turns resolvable links into document links (L3 days at their heading line)', async () => {
    lsp.open(f.alice, TEXT.alice.join('\n'));
    const links = await lsp.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: uri(f.alice) } });
    const day = links.find((l) => l.range.start.line === 7 && l.range.start.character === 4)!;
    assert.equal(day.target, `${uri(f.month)}#L3`);
    assert.equal(links.length, 4);
  });

  it('finds entities (by name or alias, CJK too) and days as workspace symbols', async () => {
    const names = async (query: string) => (await lsp.request<SymbolInformation[]>('workspace/symbol', { query })).map((s) => `${s.name}@${s.containerName}`);
    assert.deepEqual(await names('張'), ['張三@people']);
    assert.deepEqual(await names('k8s'), ['Kubernetes@objects']);
    assert.deepEqual((await names('2026-01')).slice(0, 2), ['2026-01-05@2026-01.md', '2026-01-06@2026-01.md'], 'prefix matches first');
  });

  it('serves files outside the vault once coresoul.links.include names them', async () => {
    const ask = () =>
      lsp.request<Location[]>('textDocument/references', { textDocument: { uri: uri(f.day) }, position: pos(TEXT.day, 2, '[[Kubernetes', 5), context: { includeDeclaration: false } });
    assert.ok(!where(await ask()).some((w) => w.startsWith('notes.md')));
    lsp.configure(['docs/**/*.md']);
    assert.ok(where(await ask()).includes('notes.md:2:9'));
    const list = await completeAt(f.outside, ['[['], 0, 2);
    assert.ok(list?.items.length);
    lsp.close(f.outside);
    lsp.configure([]);
  });

  it('answers a request cancelled before it started with RequestCancelled', async () => {
    const answer = (await lsp.requestCancelled('workspace/symbol', { query: '' })) as { code?: number };
    assert.equal(answer.code, -32800);
  });
});

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Cancelled, LinkIndex, type LinkWorkspace, linkAtColumn, maskCode, placeLinks, targetColumns } from '../../../src/core/links/linkIndex';
import { diskWorkspace, linkScope } from '../../../src/core/links/linkScope';
import { vaultAt } from '../../../src/core/vault/layout';
import { tempDir } from '../../support/helpers';

const v = vaultAt('/ws');
const entity = (kind: string, name: string) => path.join(v.entitiesDir, kind, `${name}.md`);
const chrono = (name: string) => path.join(v.chronoDir, `${name}.md`);
const note = (kind: string, fm: string, body = '') => `---\nkind: ${kind}\n${fm}---\n# title\n\n${body}`;

/** An in-memory workspace; `reads` counts readFile calls. */
function memory(files: Record<string, string>) {
  const store = new Map(Object.entries(files));
  const ws: LinkWorkspace & { store: Map<string, string>; reads: number } = {
    store,
    reads: 0,
    listFiles: async () => [...store.keys()],
    readFile: async (f) => {
      ws.reads++;
      return store.get(f);
    },
  };
  return ws;
}

async function built(files: Record<string, string>) {
  const ws = memory(files);
  const index = new LinkIndex(v, ws);
  await index.build();
  return { index, ws };
}

const VAULT = {
  [entity('people', 'Alice')]: note('people', 'aliases: [Ally, "A. C."]\ncreated: 2026-01-02\n', '- [[2026-01-05]] 10:00:00 met\n- [[2026-03-10]] 09:00:00 again\n'),
  [entity('objects', 'Alice')]: note('objects', 'aliases: []\ncreated: 2026-01-01\n'),
  [entity('objects', 'Kubernetes')]: note('objects', 'aliases:\n  - k8s\n  - kube\ncreated: 2026-01-03\n'),
  [entity('places', '台北')]: note('places', 'aliases: 台北市\ncreated: 2026-02-01\n'),
  [entity('events', 'Broken FM')]: '---\naliases: [unclosed\n---\n# Broken FM\n',
  [chrono('2026-03-10')]: '# 2026-03-10\n\n- 09:00:00 [[alice]] in [[台北]] about [[Kubernetes#Setup|k8s]]\n',
  [chrono('2026-01')]: '# 2026-01\n\n## 2026-01-05\n\n- [[Alice]] and [[Kubernetes]]\n\n## 2026-01-06\n\n- quiet\n',
  [chrono('2026-02')]: '# 2026-02\n\n## 2026-02-03\n\n- x\n',
  [chrono('2026-02-03')]: '# 2026-02-03\n\n- daily file still here\n',
  '/ws/AGENTS.md': 'See [[Kubernetes]] and `[[NotALink]]`.\n',
};

describe('link index', () => {
  it('resolves entities case-insensitively, the first kind in kind order winning a name clash', async () => {
    const { index } = await built(VAULT);
    const alice = index.resolve('ALICE');
    assert.equal(alice?.type === 'entity' && alice.entity.kind, 'people');
    assert.equal(alice?.file, entity('people', 'Alice'));
    assert.equal(index.resolve('Nobody'), undefined);
    assert.equal(index.entityOf(entity('objects', 'Kubernetes'))?.name, 'Kubernetes');
  });

  it('resolves a day to its daily file, else to the ## section of its monthly file (days.ts), else nothing', async () => {
    const { index } = await built(VAULT);
    assert.deepEqual(index.resolve('2026-03-10'), { type: 'day', day: '2026-03-10', file: chrono('2026-03-10'), line: 0, monthly: false });
    assert.deepEqual(index.resolve('2026-01-06'), { type: 'day', day: '2026-01-06', file: chrono('2026-01'), line: 6, monthly: true });
    assert.equal(index.resolve('2026-02-03')?.file, chrono('2026-02-03'), 'the daily file wins over a section');
    assert.equal(index.resolve('2026-01-07'), undefined, 'monthly file exists but has no such section');
    assert.deepEqual(index.days(), ['2026-03-10', '2026-02-03', '2026-01-06', '2026-01-05']);
    assert.deepEqual(index.targetsOf(chrono('2026-02')), [], 'its only section is shadowed by the daily file');
    assert.deepEqual(index.targetsOf(chrono('2026-01')), ['2026-01-05', '2026-01-06']);
  });

  it('reads aliases from front matter (flow list, block list, one string; broken YAML gives none) and the last mention', async () => {
    const { index } = await built(VAULT);
    assert.deepEqual(index.entity('alice')?.aliases, ['Ally', 'A. C.']);
    assert.deepEqual(index.entity('kubernetes')?.aliases, ['k8s', 'kube']);
    assert.deepEqual(index.entity('台北')?.aliases, ['台北市']);
    assert.deepEqual(index.entity('Broken FM')?.aliases, []);
    assert.equal(index.entity('Alice')?.lastDay, '2026-03-10', 'latest date tag');
    assert.equal(index.entity('Kubernetes')?.lastDay, '2026-01-03', 'no tag: created');
    assert.deepEqual(index.entitiesWithAlias('KUBE').map((e) => e.name), ['Kubernetes']);
    index.setText(entity('objects', 'Odd'), note('objects', 'aliases: []\ncreated: 2026-01-01\n', '- [[2026-02-01]] x\n- [[2026-99-99]] not a day\n- [[Zed]]\n'));
    assert.equal(index.entity('Odd')?.lastDay, '2026-02-01', 'a date-shaped non-day is not a mention date');
  });

  it('records every link occurrence with line and UTF-16 columns; links in code are not links', async () => {
    const { index } = await built(VAULT);
    assert.deepEqual(index.backlinks('kubernetes'), [
      { file: chrono('2026-01'), line: 4, start: 16, end: 30 },
      { file: chrono('2026-03-10'), line: 2, start: 37, end: 61 },
      { file: '/ws/AGENTS.md', line: 0, start: 4, end: 18 },
    ]);
    assert.deepEqual(index.backlinks('台北'), [{ file: chrono('2026-03-10'), line: 2, start: 24, end: 30 }]);
    assert.equal(index.linkCount('Kubernetes'), 3);
    assert.equal(index.linkCount('NotALink'), 0);
  });

  it('updates one file at a time: edits, new and deleted notes, removed folders', async () => {
    const { index, ws } = await built(VAULT);
    const reads = ws.reads;
    const changes: string[][] = [];
    index.onDidChange((files) => changes.push(files));

    index.setText('/ws/AGENTS.md', 'no links any more\n\n[[Kubernetes]] [[Kubernetes]]');
    assert.deepEqual(index.backlinks('Kubernetes').filter((l) => l.file === '/ws/AGENTS.md').map((l) => [l.line, l.start]), [[2, 0], [2, 15]]);
    assert.equal(index.linkCount('Kubernetes'), 4);

    index.setText(entity('people', 'Bob'), note('people', 'aliases: []\ncreated: 2026-03-01\n'));
    assert.equal(index.resolve('bob')?.file, entity('people', 'Bob'));
    index.remove(entity('people', 'Alice'));
    assert.equal(index.resolve('Alice')?.file, entity('objects', 'Alice'), 'the other kind now answers');

    index.remove(v.chronoDir);
    assert.deepEqual(index.days(), []);
    assert.equal(index.linkCount('台北'), 0);
    assert.equal(ws.reads, reads, 'no file was read again');
    assert.deepEqual(changes.slice(0, 3), [['/ws/AGENTS.md'], [entity('people', 'Bob')], [entity('people', 'Alice')]]);
    assert.equal(changes[3].length, 4);
  });

  it('refresh re-reads one file; a slow read never overwrites a newer update', async () => {
    const { index, ws } = await built(VAULT);
    let gate: Promise<void> | undefined;
    let release!: () => void;
    const slow: LinkWorkspace = {
      listFiles: ws.listFiles,
      readFile: async (f) => {
        const text = ws.store.get(f); // the text as it was when the read started
        await gate;
        return text;
      },
    };
    const racing = new LinkIndex(v, slow);
    await racing.build();
    gate = new Promise<void>((r) => (release = r));
    const pending = racing.refresh('/ws/AGENTS.md');
    racing.setText('/ws/AGENTS.md', '[[Alice]]');
    release();
    await pending;
    assert.deepEqual(racing.backlinks('Kubernetes').filter((l) => l.file === '/ws/AGENTS.md'), []);
    assert.equal(racing.backlinks('Alice').filter((l) => l.file === '/ws/AGENTS.md').length, 1);

    ws.store.delete(chrono('2026-02-03'));
    await index.refresh(chrono('2026-02-03'));
    assert.equal(index.resolve('2026-02-03')?.file, chrono('2026-02'), 'the L3 section answers once the daily file is gone');
  });

  it('a cancelled build throws Cancelled and keeps the previous index', async () => {
    const { index } = await built(VAULT);
    await assert.rejects(index.build(AbortSignal.abort()), Cancelled);
    assert.equal(index.resolve('Kubernetes')?.type, 'entity');
  });

  it('excerpts: an entity after its front matter, an L3 section only, from a #heading', async () => {
    const { index } = await built({ ...VAULT, [entity('objects', 'Kubernetes')]: note('objects', 'aliases: []\ncreated: 2026-01-03\n', '## Setup\n\nhelm\n') });
    const k = index.resolve('Kubernetes')!;
    assert.deepEqual(await index.excerpt(k), { file: k.file, line: 5, lines: ['# title', '', '## Setup', '', 'helm'] });
    assert.deepEqual(await index.excerpt(k, 'setup', 2), { file: k.file, line: 7, lines: ['## Setup'] });
    assert.equal(await index.lineOf(k, 'Setup'), 7);
    assert.equal(await index.lineOf(k, 'Missing'), 0);
    const l3 = index.resolve('2026-01-05')!;
    assert.deepEqual(await index.excerpt(l3), { file: chrono('2026-01'), line: 2, lines: ['## 2026-01-05', '', '- [[Alice]] and [[Kubernetes]]'] });
  });
});

describe('link positions', () => {
  it('places links on lines and columns, skipping fenced and inline code', () => {
    const text = 'a [[X]]\r\n```\n[[Fenced]]\n```\n`[[Inline]]` [[Y#h|z]]\n~~~md\n[[Open fence';
    assert.deepEqual(
      placeLinks(text).map((l) => [l.target, l.line, l.character, l.endCharacter]),
      [
        ['X', 0, 2, 7],
        ['Y', 4, 13, 22],
      ],
    );
    assert.equal(maskCode('`[[a]]`').length, 7);
  });

  it('finds the link under a column and the columns of its target', () => {
    const line = 'see [[ Kubernetes #Setup|k8s]] now';
    const link = linkAtColumn(line, 10)!;
    assert.equal(link.target, 'Kubernetes');
    assert.deepEqual(targetColumns(line, link), { start: 7, end: 17 });
    assert.equal(linkAtColumn(line, 2), undefined);
  });
});

describe('link scope', () => {
  it('serves .CoreSoul Markdown and AGENTS.md by default, and what the include globs add', async () => {
    const root = tempDir();
    for (const f of ['.CoreSoul/soul.md', '.CoreSoul/memory/entities/people/A.md', '.CoreSoul/.git/x.md', '.CoreSoul/bin/coresoul.js', 'AGENTS.md', 'README.md', 'docs/a/b.md', 'node_modules/p/readme.md']) {
      fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      fs.writeFileSync(path.join(root, f), '[[A]]');
    }
    const rel = (files: string[]) => files.map((f) => path.relative(root, f).split(path.sep).join('/'));
    const plain = linkScope(root);
    assert.deepEqual(rel(await plain.list()), ['.CoreSoul/memory/entities/people/A.md', '.CoreSoul/soul.md', 'AGENTS.md']);
    assert.equal(plain.includes(path.join(root, 'README.md')), false);
    assert.equal(plain.includes(path.join(root, '..', 'AGENTS.md')), false);

    const wide = linkScope(root, ['docs/**/*.md', '*.md']);
    assert.deepEqual(rel(await wide.list()), ['.CoreSoul/memory/entities/people/A.md', '.CoreSoul/soul.md', 'AGENTS.md', 'README.md', 'docs/a/b.md']);

    const ws = diskWorkspace(wide, (f) => (f.endsWith('README.md') ? 'unsaved [[B]]' : undefined));
    assert.equal(await ws.readFile(path.join(root, 'README.md')), 'unsaved [[B]]');
    assert.equal(await ws.readFile(path.join(root, 'docs/a/b.md')), '[[A]]');
    assert.equal(await ws.readFile(path.join(root, 'gone.md')), undefined);
  });
});

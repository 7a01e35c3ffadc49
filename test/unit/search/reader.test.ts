/**
 * What a search reads of a large vault (docs/search.md#what-a-search-reads): only the lines whose
 * bytes may hold a word of the query are decoded, as a whole read would cut them; what the index
 * filters say of a word and what a day says it replaces are kept while the file is unchanged, so a
 * warm search answers as a search on its own does.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { listVaultFiles, splitLines } from '../../../src/core/search/index/files';
import { buildIndex, refreshIndex } from '../../../src/core/search/index/refresh';
import { LineReader, keepChunkBytes } from '../../../src/core/search/lineReader';
import { lookupQuery, parseQuery } from '../../../src/core/search/query';
import { Scoring } from '../../../src/core/search/score';
import { searchMemory } from '../../../src/core/search/search';
import { foldsToAscii, lineHas, needle, needleStarts } from '../../../src/core/search/words';
import { findSupersessions, mayReplace } from '../../../src/core/truth/supersession';
import { tempVault, writeAt } from '../../support/helpers';
import { put } from '../../support/searchFixture';

const LINES = [
  '# 2026-02-20',
  '',
  '- 09:00:00 Fixed the FLAKY [[CI]] job: the Cache Key ignored the lockfile (Pr-4821)\r',
  '- 09:10:00 與[[王小明]]討論KUBERNETES遷移計畫',
  '  a continuation line of that entry, about the lockfile',
  '- 09:20:00 the Kelvin sign: \u212a8S cluster',
  '- 09:30:00 MÜLLER reviewed the Node.JS upgrade',
  ...Array.from({ length: 150 }, (_, i) => `- 10:${String(i % 60).padStart(2, '0')}:00 routine line ${i}${i % 37 === 5 ? ' about the lockfile' : ''}`),
];

describe('lines decoded one by one', () => {
  for (const indexed of [true, false]) {
    it(`decodes exactly the lines whose bytes may hold a needle, as a whole read cuts them, and the lines around them (${indexed ? 'an indexed day' : 'a day not indexed yet'})`, async () => {
      const v = await tempVault('2026-03-10T09:00:00');
      put(v, 'chronological/2026-02-20.md', LINES);
      if (indexed) await buildIndex(v);
      const whole = fs.readFileSync(path.join(v.memoryDir, 'chronological/2026-02-20.md'), 'utf8').split(/\r?\n/);
      for (const text of ['lockfile', 'cache key', 'pr-4821', '遷移', 'k8s', 'müller', 'routine line 12']) {
        const view = indexed ? refreshIndex(v) : refreshIndex(v, { budgetMs: 0 });
        assert.equal(view.indexed.has('chronological/2026-02-20.md'), indexed);
        const reader = new LineReader(view);
        const file = reader.byRel.get('chronological/2026-02-20.md')!;
        const n = needle(text)!;
        const definite = needleStarts(Buffer.from(LINES.join('\n')), n, () => true) !== undefined;
        const found = reader.chunks(file).map((chunk) => ({ chunk, ...reader.linesWith(file, chunk, [n]) }));
        for (const { chunk, lines, at } of found) {
          for (const i of at) assert.equal(lines[i], whole[i], `${text}: line ${i} as a whole read cuts it`);
          if (definite) for (const i of at) assert.ok(whole[i].toLowerCase().includes(n.text), `${text}: line ${i} is given only if it holds the text`);
          for (let i = chunk.start; i < chunk.end; i++) {
            if (lineHas(whole[i].toLowerCase(), n)) assert.ok(at.includes(i), `${text}: line ${i} holds it`);
            else if (definite && !found.some((x) => x.at.includes(i))) assert.equal(lines[i], undefined, `${text}: line ${i} is not decoded`);
          }
        }
        for (const { at } of found) {
          const some = at[0] ?? 0;
          const [from, to] = [Math.max(0, some - 5), Math.min(whole.length - 1, some + 6)];
          const around = reader.around(file, from, to);
          for (let i = from; i < to; i++) assert.equal(around[i], whole[i], `${text}: line ${i} around`);
        }
        reader.close();
      }
    });
  }

  it('finds in bytes every place a line holds the needle, in any letter case, or says it cannot tell', () => {
    const buf = Buffer.from(LINES.join('\n'));
    const starts = [0];
    for (let p = buf.indexOf(10); p !== -1; p = buf.indexOf(10, p + 1)) starts.push(p + 1);
    for (const text of ['lockfile', 'flaky', 'cache key', 'pr-4821', '遷移', '王小明', 'kubernetes', 'k8s', 'müller', 'node.js', 'ci']) {
      const n = needle(text)!;
      const at = needleStarts(buf, n, () => foldsToAscii(buf));
      if (!at) {
        assert.ok(Buffer.byteLength(text) !== text.length || foldsToAscii(buf), `${text}: only a cased non-ASCII letter or a folding one leaves it to the lines`);
        continue;
      }
      const lineOf = (p: number) => starts.filter((s) => s <= p).length - 1;
      const held = new Set(at.map(lineOf));
      LINES.forEach((line, i) => lineHas(line.toLowerCase(), n) && assert.ok(held.has(i), `${text}: line ${i}`));
      assert.deepEqual([...at].sort((a, b) => a - b), at, 'in order');
    }
  });
});

describe('a file read whole', () => {
  it('finds where a needle is once for the whole file: the same lines per chunk as looking in each chunk alone, and "cannot tell" in the same chunks', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    // A month file of three days, the Kelvin sign (a letter that folds to ASCII) in the second day only.
    const day = (d: string, extra: string[]) => [`## 2026-01-${d}`, '', ...extra, ...Array.from({ length: 90 }, (_, i) => `- 10:${String(i % 60).padStart(2, '0')}:00 routine line ${i}${i % 29 === 3 ? ' about the Lockfile and PR-4821' : ''}${i % 41 === 7 ? ' 遷移計畫 with MÜLLER' : ''}`)];
    put(v, 'chronological/2026-01.md', ['# 2026-01', '', ...day('05', ['- 09:00:00 FLAKY [[CI]] job, k8s ok']), ...day('06', ['- 09:00:00 the Kelvin sign: \u212a8S cluster']), ...day('07', ['- 09:00:00 k8s again\r'])]);
    const view = refreshIndex(v, { budgetMs: 0 });
    const file = new LineReader(view).byRel.get('chronological/2026-01.md')!;
    let cannotTell = 0;
    for (const text of ['lockfile', 'pr-4821', 'k8s', 'flaky', '遷移', 'müller', 'routine line 1', '[[ci]]']) {
      const n = needle(text)!;
      const whole = new LineReader(view); // reads the file whole and cuts it itself
      const alone = new LineReader(view); // the same, but each chunk's bytes copied: looked at chunk by chunk
      const chunks = whole.chunks(file);
      assert.ok(chunks.length >= 4, 'several chunks');
      const views = whole.bytesOf(file, chunks);
      const copies = alone.bytesOf(file, alone.chunks(file)).map((b) => Buffer.from(b!));
      chunks.forEach((chunk, k) => {
        const got = whole.linesHolding(file, chunk, views[k]!, n);
        const want = alone.linesHolding(file, chunk, copies[k], n);
        assert.deepEqual(got, want, `${text}: chunk at line ${chunk.start}`);
        if (!got) cannotTell++;
        // And the lines decoded for it are those a whole read cuts.
        const { lines, at } = whole.linesWith(file, chunk, [n]);
        for (const i of at) assert.equal(lines[i], splitLines(fs.readFileSync(file.abs, 'utf8'))[i], `${text}: line ${i}`);
      });
      whole.close();
      alone.close();
    }
    assert.ok(cannotTell > 0, 'some chunks cannot tell (a cased non-ASCII needle, or the folding letter beside a cased one)');
  });
});

describe('what a long-lived search keeps', () => {
  it('skips the chunks the filters rule out, through what they said before while the file is unchanged', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    put(v, 'chronological/2026-02-20.md', LINES);
    await buildIndex(v);
    const lookup = lookupQuery(parseQuery('lockfile kubernetes', []));
    const s = new Scoring(lookup);
    const holding = () => {
      const chunks = refreshIndex(v).indexed.get('chronological/2026-02-20.md')!.chunks;
      const masks = [0b01, 0b10, 0b11];
      return { chunks, kept: masks.map((m) => s.chunksHolding(chunks, m)), direct: masks.map((m) => chunks.filter((c) => s.mayHold(c, m))) };
    };
    const first = holding();
    assert.deepEqual(first.kept, first.direct);
    assert.deepEqual(holding().kept, first.direct, 'again, from what was kept');
    fs.appendFileSync(path.join(v.memoryDir, 'chronological/2026-02-20.md'), Array.from({ length: 80 }, (_, i) => `- 12:00:00 later line ${i}${i === 70 ? ' on the lockfile' : ''}\n`).join(''));
    const grown = holding();
    assert.notEqual(grown.chunks, first.chunks);
    assert.deepEqual(grown.kept, grown.direct, 'the file indexed again: its new chunks');
    assert.ok(grown.kept[0].some((c) => c.start >= LINES.length), 'the appended chunk that holds the word');
  });

  it('finds a replacement written since a warm search walked its day, as a search on its own does', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-02T10:00:00', { text: 'Test runner setup: the monorepo runs [[Jest]] 29 with ts-jest', entities: [{ kind: 'objects', name: 'Jest' }] });
    writeAt(v, '2025-10-28T10:00:00', { text: '[[Jest]] printed a deprecation warning again', entities: [{ kind: 'objects', name: 'Jest' }] });
    await buildIndex(v);
    const q = 'Which test runner do we use?';
    const answer = () => JSON.stringify(searchMemory(v, q, { today: '2025-12-22' }).results.map((h) => h.text));
    keepChunkBytes(64 * 1024 * 1024);
    try {
      const before = answer();
      assert.equal(answer(), before, 'warm, the same answer');
      assert.doesNotMatch(before, /Moved the monorepo/);
      writeAt(v, '2025-10-28T11:00:00', { text: 'Moved the monorepo from [[Jest]] to [[Vitest]]: cold start was over 40 s', entities: [{ kind: 'objects', name: 'Jest' }, { kind: 'objects', name: 'Vitest' }] });
      const after = answer();
      assert.match(after, /Moved the monorepo/, 'the day written since is read again');
      keepChunkBytes(0);
      assert.equal(answer(), after, 'a search with nothing kept gives the same answer');
    } finally {
      keepChunkBytes(0);
    }
  });

  it('keeps what searches worked out across the searches of a process by file stamp: a day written since is read again', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-02T10:00:00', { text: 'Test runner setup: the monorepo runs [[Jest]] 29 with ts-jest', entities: [{ kind: 'objects', name: 'Jest' }] });
    writeAt(v, '2025-10-28T10:00:00', { text: '[[Jest]] printed a deprecation warning again', entities: [{ kind: 'objects', name: 'Jest' }] });
    await buildIndex(v);
    const answer = () => JSON.stringify(searchMemory(v, 'Which test runner do we use?', { today: '2025-12-22' }).results.map((h) => h.text));
    const before = answer();
    assert.equal(answer(), before, 'the next search in the process, the same answer');
    writeAt(v, '2025-10-28T11:00:00', { text: 'Moved the monorepo from [[Jest]] to [[Vitest]]: cold start was over 40 s', entities: [{ kind: 'objects', name: 'Jest' }, { kind: 'objects', name: 'Vitest' }] });
    const after = answer();
    assert.match(after, /Moved the monorepo/, 'the day written since: its replacing lines worked out again');
    keepChunkBytes(0); // the facts start afresh
    assert.equal(answer(), after, 'a search with nothing kept gives the same answer');
  });

  it('finds a hand-written line of an entity note not indexed yet wherever it is: near its top, or after thousands of tag lines', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    const tags = Array.from({ length: 3000 }, (_, i) => `- [[2025-${String((i % 12) + 1).padStart(2, '0')}-01]] 09:00:00 routine entry ${i} about [[Harbor]]`);
    put(v, 'entities/objects/Harbor.md', ['---', 'aliases: [harbour]', '---', '# Harbor', '', ...tags, 'The registry mirror keeps a zephyrine copy of every image']);
    put(v, 'entities/objects/Dock.md', ['# Dock', '', 'The dock holds the quartzite ledger', ...tags.map((t) => t.replace('[[Harbor]]', '[[Dock]]'))]);
    put(v, 'entities/objects/Pier.md', ['# Pier', '', ...tags.map((t) => t.replace('[[Harbor]]', '[[Pier]]'))]);
    const nothingIndexed = { indexBudgetMs: 0, today: '2026-03-10' };
    assert.match(searchMemory(v, 'zephyrine', nothingIndexed).results[0]?.text ?? '', /zephyrine copy/, 'a line after 3000 tag lines');
    assert.match(searchMemory(v, 'quartzite', nothingIndexed).results[0]?.text ?? '', /quartzite ledger/, 'a line near the top');
    assert.ok(!searchMemory(v, 'routine entry 17', nothingIndexed).results.some((h) => h.file.endsWith('Pier.md')), 'a note of tag lines alone: nothing of it is searched');
  });

  it('tells the lines that may replace another from the others, as the supersession rules read the newer one', () => {
    const older = { id: 'o', at: '2025-09-01T10:00:00', text: 'The monorepo runs Jest 29 with ts-jest; the port is 5432' };
    const newer = [
      'Moved the monorepo from Jest to Vitest',
      'Replaced Jest with Vitest in the monorepo',
      'We use Vitest instead of Jest in the monorepo',
      'No longer using Jest.',
      'The monorepo switched to Vitest',
      '從Jest改為Vitest',
      '(corrects [[2025-09-01]] 10:00:00) the port is 5433',
    ];
    for (const text of newer) {
      assert.ok(mayReplace(text), text);
      const pairs = findSupersessions([older, { id: 'n', at: '2025-10-01T10:00:00', text }]);
      assert.ok(!pairs.length || mayReplace(text));
    }
    for (const text of ['Jest printed a warning', 'moving boxes from the attic', 'The port is 5433', '']) {
      assert.ok(!mayReplace(text), text);
      assert.equal(findSupersessions([older, { id: 'n', at: '2025-10-01T10:00:00', text }]).length, 0, text);
    }
  });
});

describe('the listing a long-lived search keeps', () => {
  it('gives the same file for an unchanged one, a new one for a file written since, and reads a folder again whenever its change may be recent', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    const dir = path.join(v.memoryDir, 'chronological');
    put(v, 'chronological/2026-02-20.md', LINES);
    put(v, 'chronological/2026-02-21.md', ['# 2026-02-21', '', '- 09:00:00 a line']);
    const old = new Date('2026-01-01T00:00:00Z');
    fs.utimesSync(dir, old, old);
    const rels = () => listVaultFiles(v).filter((f) => f.kind === 'day');
    const first = rels();
    assert.deepEqual(first.map((f) => f.rel), ['chronological/2026-02-20.md', 'chronological/2026-02-21.md']);
    const again = rels();
    assert.ok(again.every((f, i) => f === first[i]), 'unchanged files: the same objects');
    fs.appendFileSync(path.join(dir, '2026-02-21.md'), '- 10:00:00 another line\n');
    fs.utimesSync(dir, old, old);
    const grown = rels();
    assert.equal(grown[0], first[0]);
    assert.notEqual(grown[1], first[1], 'a file written since is looked at afresh');
    assert.notEqual(grown[1].stamp, first[1].stamp);
    // A folder changed since, its mtime recent: read again, even when a second change leaves the same mtime.
    const recent = new Date();
    put(v, 'chronological/2026-02-22.md', ['# 2026-02-22']);
    fs.utimesSync(dir, recent, recent);
    assert.equal(rels().length, 3);
    put(v, 'chronological/2026-02-23.md', ['# 2026-02-23']);
    fs.utimesSync(dir, recent, recent);
    assert.equal(rels().length, 4, 'a change within the same clock tick is not missed');
    fs.rmSync(path.join(dir, '2026-02-23.md'));
    fs.utimesSync(dir, recent, recent);
    assert.equal(rels().length, 3, 'a file gone is not listed');
  });

  it('learns the names again when a note changes', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-02T10:00:00', { text: '[[Harriet Vane]] reviewed the ledger migration', entities: [{ kind: 'people', name: 'Harriet Vane' }] });
    await buildIndex(v);
    const note = path.join(v.memoryDir, 'entities/people/Harriet Vane.md');
    const found = () => searchMemory(v, 'Hattie', { today: '2025-12-22' }).results.map((h) => h.text).join('\n');
    assert.equal(found(), '');
    fs.writeFileSync(note, fs.readFileSync(note, 'utf8').replace(/^aliases: \[\]$/m, 'aliases: [Hattie]'));
    assert.match(found(), /reviewed the ledger migration/, 'the alias written since names her');
  });
});

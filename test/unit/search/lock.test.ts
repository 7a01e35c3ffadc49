/**
 * Same inputs, same answer, and the entity lock as evidence (docs/search.md#candidates): the
 * answer never depends on how much of the index is built, and an entity's old, compressed day
 * that holds the query's other words beats any number of recent lines with one of them.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { MAX_MATCHED_LINES } from '../../../src/core/search/candidates';
import { buildIndex, refreshIndex } from '../../../src/core/search/index/refresh';
import { ChunkCache, keepChunkBytes } from '../../../src/core/search/lineReader';
import { searchMemory } from '../../../src/core/search/search';
import type { Vault } from '../../../src/core/vault/layout';
import { tempVault } from '../../support/helpers';
import { entityNote, fixtureVault, put } from '../../support/searchFixture';

/** Recent L1 days full of a word, an L3 month where an entity's day holds it too. */
async function crowdedVault(needleLine: string, otherTag = '2026-02-01'): Promise<Vault> {
  const v = await tempVault('2026-03-11T09:00:00');
  const perDay = 400;
  const days = Math.ceil((MAX_MATCHED_LINES + 500) / perDay);
  for (let d = 0; d < days; d++) {
    const day = `2026-02-${String(d + 1).padStart(2, '0')}`;
    put(v, `chronological/${day}.md`, [`# ${day}`, '', ...Array.from({ length: perDay }, (_, i) => `- 10:${String(i % 60).padStart(2, '0')}:00 tuned the harmonium again, take ${i}`)]);
  }
  put(v, 'chronological/2019-06.md', ['# 2019-06', '', '## 2019-06-20', '', '### 09:00', '', '- nothing much', '', '## 2019-06-21', '', '### 10:00', '', '- bought strings', needleLine, '- went home']);
  put(v, 'entities/people/Fennick Arlowe.md', entityNote('people', 'Fennick Arlowe', [], ['- [[2019-06-21]] mentioned', `- [[${otherTag}]] mentioned`]));
  return v;
}

describe('same inputs, same answer', () => {
  it('answers byte for byte the same without the index, with a stale one and with a whole one', async () => {
    const v = await fixtureVault();
    const queries = ['Kubernetes 遷移', 'rollback', 'pool connection', 'Alice Chen', '2025-12-01', 'k8s resized'];
    const cold = queries.map((q) => JSON.stringify(searchMemory(v, q, { indexBudgetMs: 0 })));
    await buildIndex(v);
    const warm = queries.map((q) => JSON.stringify(searchMemory(v, q)));
    assert.deepEqual(warm, cold);
    // A file changed since it was indexed is searched without the index: still the same answer.
    const day = path.join(v.memoryDir, 'chronological/2026-02-20.md');
    fs.appendFileSync(day, '- a later line\n');
    const stale = queries.map((q) => JSON.stringify(searchMemory(v, q, { indexBudgetMs: 0 })));
    refreshIndex(v);
    assert.deepEqual(queries.map((q) => JSON.stringify(searchMemory(v, q))), stale);
  });
});

describe('bytes kept across searches (the search server)', () => {
  it('answers as a search on its own does, through a cache too small to hold them all, and sees a file rewritten at the same size', async () => {
    const v = await fixtureVault();
    await buildIndex(v);
    const queries = ['Kubernetes 遷移', 'rollback', 'pool connection', 'Alice Chen', '2025-12-01', 'k8s resized'];
    const alone = () => queries.map((q) => JSON.stringify(searchMemory(v, q)));
    const before = alone();
    for (const budget of [64 * 1024 * 1024, 4096]) {
      keepChunkBytes(budget);
      try {
        assert.deepEqual(alone(), before, `kept up to ${budget} bytes`);
        assert.deepEqual(alone(), before, `kept up to ${budget} bytes, again`);
      } finally {
        keepChunkBytes(0);
      }
    }
    // A hand edit that keeps the size: the file's stamp changes, so its kept bytes are not served.
    keepChunkBytes(64 * 1024 * 1024);
    try {
      assert.deepEqual(alone(), before);
      const day = fs.readdirSync(path.join(v.memoryDir, 'chronological')).map((f) => path.join(v.memoryDir, 'chronological', f)).find((f) => /rollback/.test(fs.readFileSync(f, 'utf8')))!;
      const text = fs.readFileSync(day, 'utf8');
      fs.writeFileSync(day, text.replace(/rollback/g, 'rollbask'));
      const edited = alone();
      keepChunkBytes(0);
      assert.deepEqual(alone(), edited, 'the same answer as a search with nothing kept');
      assert.notDeepEqual(edited, before);
    } finally {
      keepChunkBytes(0);
    }
  });

  it('keeps at most its budget, the files least recently used dropped first, and nothing of a file whose stamp changed', () => {
    const cache = new ChunkCache(100);
    const file = (name: string, stamp = '1') => ({ rel: name, abs: `/v/${name}`, kind: 'day' as const, size: 60, mtimeMs: 0, stamp });
    cache.add(file('a'), 0, Buffer.alloc(60));
    cache.add(file('b'), 0, Buffer.alloc(30));
    assert.equal(cache.of(file('a')).size, 1); // a is now the most recently used
    cache.add(file('c'), 0, Buffer.alloc(30));
    assert.equal(cache.size, 90);
    assert.equal(cache.of(file('b')).size, 0, 'b, least recently used, was dropped');
    assert.equal(cache.of(file('a', '2')).size, 0, 'a changed since: not served');
    assert.equal(cache.size, 30);
  });
});

describe('the entity lock as evidence', () => {
  it('brings back an old compressed line that holds the entity and the word, past any cap on recent lines', async () => {
    const v = await crowdedVault('- [[Fennick Arlowe]] rewound the copper harmonium reed');
    for (const budget of [0, undefined]) {
      const r = searchMemory(v, 'Fennick Arlowe harmonium', { indexBudgetMs: budget });
      assert.equal(r.results[0].date, '2019-06-21', `index budget ${budget}`);
      assert.match(r.results[0].text, /copper harmonium reed/);
    }
  });

  it('counts the entity as held on the days its note tags, even when the line does not name it', async () => {
    // Its other tagged day has no harmonium: the lines of the crowded days hold one word of two.
    const v = await crowdedVault('- rewound the copper harmonium reed after the storm', '2026-03-05');
    const r = searchMemory(v, 'Fennick Arlowe harmonium');
    assert.equal(r.results[0].date, '2019-06-21');
    assert.equal(r.results[0].entity, 'Fennick Arlowe');
  });

  it('knows a person by the first word of their name when no other person shares it', async () => {
    const v = await crowdedVault('- rewound the copper harmonium reed after the storm', '2026-03-05');
    const r = searchMemory(v, 'Fennick harmonium');
    assert.equal(r.results[0].date, '2019-06-21');
    assert.equal(r.results[0].entity, 'Fennick Arlowe');
    put(v, 'entities/people/Fennick Brandt.md', entityNote('people', 'Fennick Brandt', [], []));
    assert.notEqual(searchMemory(v, 'Fennick harmonium').results[0].date, '2019-06-21', 'two Fennicks: the first name names no one');
  });

  it('makes the lines that name an entity of some days candidates, though they hold none of the query\'s other words', async () => {
    const v = await tempVault('2026-03-11T09:00:00');
    put(v, 'chronological/2026-03-01.md', ['# 2026-03-01', '', ...Array.from({ length: 40 }, (_, i) => `- 10:${String(i).padStart(2, '0')}:00 we use the staging box for job ${i}`)]);
    put(v, 'chronological/2025-10-28.md', ['# 2025-10-28', '', '- 11:00:40 Moved the monorepo from [[Jest]] to [[Vitest]]: cold start was over 40 s']);
    put(v, 'chronological/2025-09-02.md', ['# 2025-09-02', '', '- 14:40:44 We plan the quarter']);
    for (const name of ['Jest', 'Vitest']) put(v, `entities/objects/${name}.md`, entityNote('objects', name, [], ['- [[2025-10-28]] mentioned']));
    const r = searchMemory(v, 'do we use Vitest or Jest?', { today: '2026-03-11' });
    assert.match(r.results[0]?.text ?? '', /Moved the monorepo from \[\[Jest\]\] to \[\[Vitest\]\]/, JSON.stringify(r.results.map((h) => h.text)));
  });

  it('answers a Chinese question from English memories, and back, through the aliases an entity note declares', async () => {
    const v = await tempVault('2026-03-11T09:00:00');
    put(v, 'chronological/2026-03-02.md', ['# 2026-03-02', '', '- 10:05:41 [[Dana]] owns the [[deploy pipeline]] end to end: GitHub Actions builds, Argo CD syncs']);
    put(v, 'chronological/2026-03-03.md', ['# 2026-03-03', '', '- 10:30:41 決定：[[發票編號]]格式改成 TW-{年份}-{六位流水號}']);
    put(v, 'chronological/2026-03-04.md', ['# 2026-03-04', '', ...Array.from({ length: 30 }, (_, i) => `- 11:${String(i).padStart(2, '0')}:00 誰負責 standup ${i}，format 討論`)]);
    put(v, 'entities/objects/deploy pipeline.md', entityNote('objects', 'deploy pipeline', ['部署流程'], ['- [[2026-03-02]] mentioned']));
    put(v, 'entities/objects/發票編號.md', entityNote('objects', '發票編號', ['invoice numbers', 'invoice number'], ['- [[2026-03-03]] mentioned']));
    assert.match(searchMemory(v, '誰負責部署流程？').results[0]?.text ?? '', /owns the \[\[deploy pipeline\]\]/);
    assert.match(searchMemory(v, 'What format do our invoice numbers follow?').results[0]?.text ?? '', /TW-\{年份\}/);
  });

  it('finds a Chinese word where its characters are, whatever the segmenter makes of the line', async () => {
    const v = await tempVault('2026-03-11T09:00:00');
    put(v, 'chronological/2026-03-01.md', ['# 2026-03-01', '', ...Array.from({ length: 30 }, (_, i) => `- 10:${String(i).padStart(2, '0')}:00 灑水器 ${i}`)]);
    put(v, 'chronological/2020-10.md', ['# 2020-10', '', '## 2020-10-02', '', '### 09:00', '', '- [[蘇映雪]] 把溫室的灑水器換成滴灌系統，節水三成。']);
    put(v, 'entities/people/蘇映雪.md', entityNote('people', '蘇映雪', [], ['- [[2020-10-02]] mentioned', '- [[2026-03-02]] mentioned']));
    assert.match(searchMemory(v, '蘇映雪 灑水器').results[0].text, /滴灌系統/);
  });
});

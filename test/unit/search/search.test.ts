import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { authorMarker } from '../../../src/core/vault/dayEntries';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { type SearchHit, renderHits, searchMemory } from '../../../src/core/search/search';
import { LinkIndex } from '../../../src/core/links/linkIndex';
import { diskWorkspace, linkScope } from '../../../src/core/links/linkScope';
import { dayLinks, entityHead } from '../../../src/core/search/index/files';
import { indexFile } from '../../../src/core/search/index/format';
import { buildIndex, refreshIndex } from '../../../src/core/search/index/refresh';
import { TOKENIZER, countTokens } from '../../../src/core/shared/tokens';
import type { Vault } from '../../../src/core/vault/layout';
import { tempVault, writeAt } from '../../support/helpers';
import { L2_DAY, MONTH, fixtureVault, put } from '../../support/searchFixture';

/** The lines a hit cites, read back from its file: the citation must point at the text. */
function cited(v: Vault, h: SearchHit): string {
  const lines = fs.readFileSync(path.join(v.root, h.file), 'utf8').split('\n');
  assert.ok(h.line >= h.start && h.line < h.start + h.text.split('\n').length, 'the cited line is inside the snippet');
  // The hit's author is a field: its marker is left out of the snippet's lines (docs/memory.md#authors).
  const marker = h.author?.name ? ` ${authorMarker(h.author)}` : undefined;
  return lines
    .slice(h.start - 1, h.start - 1 + h.text.split('\n').length)
    .map((l) => (marker ? l.replace(marker, ' ') : l))
    .join('\n');
}

const inputFails = (fn: () => unknown, re: RegExp) =>
  assert.throws(fn, (e: unknown) => e instanceof CoreSoulError && e.exitCode === 1 && re.test(e.message) && !e.message.includes('\n'));

describe('search pipeline', () => {
  it('locks onto an entity and follows its date tags into L1 files, L2 files and L3 sections', async () => {
    const v = await fixtureVault();
    const r = searchMemory(v, 'Kubernetes');
    const on = (d: string) => r.results.filter((h) => h.date === d);
    assert.deepEqual([...new Set(r.results.map((h) => h.date))].sort(), ['2025-12-01', '2026-02-20', '2026-03-10']);
    const l3 = on('2025-12-01');
    assert.ok(l3.every((h) => h.file === '.CoreSoul/memory/chronological/2025-12.md' && h.entity === 'Kubernetes'));
    assert.match(l3.map((h) => h.text).join('\n'), /Planned the \[\[Kubernetes\]\] 遷移/);
    assert.match(l3.map((h) => h.text).join('\n'), /k8s node pool resized/, 'an alias is a match too');
    assert.equal(on('2026-02-20')[0].file, '.CoreSoul/memory/chronological/2026-02-20.md');
    assert.equal(on('2026-03-10')[0].file, '.CoreSoul/memory/chronological/2026-03-10.md');
    for (const h of r.results) assert.equal(cited(v, h), h.text, `${h.file}:${h.line} cites its text`);
    assert.equal(r.tokenizer, TOKENIZER);
    assert.equal(r.tokens, countTokens(renderHits(r.results)));
  });

  it('ranks a line that gives the kind of value the question asks for above one with more of its words', async () => {
    const v = await tempVault('2026-03-02T08:00:00');
    writeAt(v, '2026-03-02T09:00:00', 'runsync takes an flock on /run/runsync.lock, so a slow run cannot overlap the next run');
    writeAt(v, '2026-03-03T09:00:00', 'runsync uploads each run folder to raw-runs/<run_id>/ and logs the run to the LIMS');
    writeAt(v, '2026-03-04T09:00:00', '[[runsync]] schedule changed: it now runs every 4 hours instead of nightly');
    const r = searchMemory(v, 'how often does runsync run now?', { today: '2026-03-05', maxTokens: 120 });
    assert.match(r.results[0]?.text ?? '', /every 4 hours/, JSON.stringify(r.results.map((h) => h.text)));
  });

  it('gives the best hit 4 lines before and 5 after, clipped to its day, and later hits less', async () => {
    const v = await fixtureVault();
    // Line 19 of the month file ends the day 2025-12-01: 5 lines after it would run into the next day.
    const [best] = searchMemory(v, 'resized alarm').results;
    assert.equal(best.start, 15);
    assert.equal(best.line, 19, 'the citation names the line that matched, not the snippet\'s first');
    assert.deepEqual(best.text.split('\n'), MONTH.slice(14, 19));
    const lines = Array.from({ length: 40 }, (_, i) => `- 10:${String(i).padStart(2, '0')}:00 filler ${i}`);
    lines[20] = '- 10:20:00 zebra crossing'; // file line 23
    lines[30] = '- 10:30:00 zebra again'; // file line 33
    put(v, 'chronological/2025-11-03.md', ['# 2025-11-03', '', ...lines]);
    const [first, second] = searchMemory(v, 'zebra crossing').results;
    assert.deepEqual([first.start, first.line, first.text.split('\n').length], [19, 23, 10]);
    assert.deepEqual([second.start, second.line, second.text.split('\n').length], [30, 33, 8], 'the second hit: 3 lines before, 4 after');
    for (const h of [best, first, second]) assert.equal(cited(v, h), h.text);
    // A smaller budget (a hook's 800 tokens) gives each hit less context, in proportion to the square of its share: 1 before and 1 after.
    const [small] = searchMemory(v, 'zebra crossing', { maxTokens: 800 }).results;
    assert.deepEqual([small.start, small.line, small.text.split('\n').length], [22, 23, 3]);
  });

  it('shows more days, each hit from the sixth on with its line and the next, when five days or more answer about as well as the best', async () => {
    // Seven days each tell one kayak trip: none is clearly best, the answer is spread over time.
    const days = ['2025-10-01', '2025-10-02', '2025-10-03', '2025-10-06', '2025-10-07', '2025-10-08', '2025-10-09'];
    const day = (d: string, trip: string) => [`# ${d}`, '', '- 10:00:00 filler one', '- 10:01:00 filler two', `- 10:02:00 ${trip}`, '- 10:03:00 a reply about it', '- 10:04:00 filler three'];
    const spread = await fixtureVault();
    days.forEach((d, k) => put(spread, `chronological/${d}.md`, day(d, `kayak trip number ${k}`)));
    const lineAndNext = (h: SearchHit) => h.start === h.line && h.text.split('\n').length === 2 && /kayak/.test(h.text.split('\n')[0]) && /a reply/.test(h.text.split('\n')[1]);
    const r = searchMemory(spread, 'kayak trip');
    assert.equal(new Set(r.results.map((h) => h.date)).size, 7, 'every day answers');
    assert.equal(r.results.filter(lineAndNext).length, 2, 'the sixth and seventh hits: the line and the one after it');
    assert.ok(r.results.slice(0, 5).every((h) => h.text.split('\n').length >= 3), 'the first five keep their context');
    for (const h of r.results) assert.equal(cited(spread, h), h.text);
    // A question about a time asks what was so then, not about something spread over time.
    assert.equal(searchMemory(spread, 'kayak trip in October 2025').results.filter(lineAndNext).length, 0, 'a question naming a time keeps the context');
    // One day clearly best (it alone names the lagoon): the later hits keep a line either side.
    const steep = await fixtureVault();
    days.forEach((d, k) => put(steep, `chronological/${d}.md`, day(d, k ? `kayak trip number ${k}` : 'kayak trip to the lagoon with Ines')));
    const s = searchMemory(steep, 'kayak lagoon');
    assert.equal(s.results[0].date, '2025-10-01');
    assert.equal(new Set(s.results.map((h) => h.date)).size, 7);
    assert.equal(s.results.filter(lineAndNext).length, 0, 'no answer spread over time: one line before and one after');
  });

  it('shows a hit on a continuation line (a pasted trace) with the head of its entry, whatever the context', async () => {
    const v = await fixtureVault();
    const lines = Array.from({ length: 30 }, (_, i) => `- 10:${String(i).padStart(2, '0')}:00 filler ${i}`);
    lines.splice(10, 1, '- 10:10:00 #error Fixed the webhook crash: the signature check read the parsed body', '  Error: No signatures found matching the expected signature', '    at Object.verifyHeader (Webhooks.js:118:19)', '    at Object.constructEvent (Webhooks.js:19:24)');
    put(v, 'chronological/2025-11-04.md', ['# 2025-11-04', '', ...lines]);
    for (const maxTokens of [2000, 800, 300]) {
      const [hit] = searchMemory(v, 'verifyHeader', { maxTokens }).results;
      assert.match(hit.text, /^- 10:10:00 #error Fixed the webhook crash/m, `${maxTokens}: ${hit.text}`);
      assert.equal(hit.line, 15, 'the citation still names the line that matched');
    }
  });

  it('shows the head of a long entry (a block of JSON) with a hit far below it, giving up lines after the hit', async () => {
    const v = await fixtureVault();
    const lines = Array.from({ length: 30 }, (_, i) => `- 10:${String(i).padStart(2, '0')}:00 filler ${i}`);
    const json = Array.from({ length: 7 }, (_, k) => `    {"rule": ${k}, "condition": {"age": ${k * 10}}},`);
    lines.splice(10, 1, '- 10:10:00 Landing bucket lifecycle changed:', '  ```json', ...json, '  ```', '  Nearline after 14 days (was 30).');
    put(v, 'chronological/2025-11-04.md', ['# 2025-11-04', '', ...lines]);
    const [hit] = searchMemory(v, 'nearline', { maxTokens: 2000 }).results;
    assert.match(hit.text, /^- 10:10:00 Landing bucket lifecycle changed:/, hit.text);
    assert.match(hit.text, /Nearline after 14 days/);
    assert.ok(hit.text.split('\n').length <= 12, 'a snippet is at most 12 lines');
  });

  it('reaches the entity through an alias', async () => {
    const v = await fixtureVault();
    const r = searchMemory(v, 'k8s');
    assert.ok(r.results.length >= 3);
    assert.ok(r.results.every((h) => h.entity === 'Kubernetes'));
  });

  it('finds Chinese words inside Chinese text and next to Latin words (「遷移」)', async () => {
    const v = await fixtureVault();
    const r = searchMemory(v, '遷移');
    const texts = r.results.map((h) => h.text).join('\n');
    assert.match(texts, /Kubernetes 遷移 finished/);
    assert.match(texts, /資料庫遷移計畫/);
    assert.match(texts, /Planned the \[\[Kubernetes\]\] 遷移/);
    const mixed = searchMemory(v, '資料庫遷移');
    assert.match(mixed.results[0].text, /資料庫遷移計畫/);
  });

  it('finds who owns a file through a glob of its folder, above the many lines about its siblings', async () => {
    const v = await fixtureVault();
    const day = (d: string, line: string) => put(v, `chronological/${d}.md`, [`# ${d}`, '', `- 10:00:00 ${line}`]);
    day('2025-09-02', 'Reorg: [[Lena]] owns app/payments/** now; ask her to review anything there.');
    for (let d = 1; d <= 12; d++) day(`2025-11-${String(d).padStart(2, '0')}`, `[[Ravi]] reviewed my change to app/payments/ledger_${d}.py: approved.`);
    day('2025-11-20', 'Fixtures for app/payments/*.sql moved to the seed folder; review went fine.');
    const [first] = searchMemory(v, 'Who should review app/payments/stripe/refund.py?').results;
    assert.match(first.text, /Lena\]\] owns app\/payments\/\*\*/, 'the glob that holds the file, though older than every review of a sibling');
    const r = searchMemory(v, 'Who should review app/payments/stripe/refund.py?', { maxTokens: 120 });
    assert.ok(!r.results.some((h) => /\.sql/.test(h.text) && h.score === 1), 'a glob of its folder that names other files is no match');
  });

  it('ranks snippets with every concept of a mixed query above those with some', async () => {
    const v = await fixtureVault();
    const r = searchMemory(v, 'Kubernetes 遷移');
    assert.equal(r.results[0].score, 1);
    assert.match(r.results[0].text, /遷移/);
    const scores = r.results.map((h) => h.score);
    assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
    assert.ok(scores.some((s) => s < 1), 'lines with only one of the two are kept below');
    // Equal scores: the newer day first.
    const full = r.results.filter((h) => h.score === 1).map((h) => h.date!);
    assert.deepEqual(full, [...full].sort().reverse());
  });

  it('ranks a snippet with a rare word of the query above one with only a word found everywhere (IDF, as BM25)', async () => {
    const v = await fixtureVault();
    const day = (d: string, line: string) => put(v, `chronological/${d}.md`, [`# ${d}`, '', `- 10:00:00 ${line}`]);
    for (let d = 1; d <= 20; d++) day(`2025-11-${String(d).padStart(2, '0')}`, `deploy went fine, round ${d}`);
    day('2025-10-01', 'the zeppelin arrived');
    const r = searchMemory(v, 'deploy zeppelin');
    assert.match(r.results[0].text, /zeppelin/, 'the rare word first, though its day is older than every deploy');
    const common = r.results.filter((h) => /deploy/.test(h.text));
    assert.equal(common.length, 19, 'the common word is still found');
    assert.ok(common.every((h) => h.score < 0.5 && h.score > 0) && r.results[0].score > 0.5, JSON.stringify(r.results.map((h) => h.score)));
    // Every concept in one snippet beats either alone, and equal scores go newest first.
    day('2025-09-01', 'deploy the zeppelin');
    const both = searchMemory(v, 'deploy zeppelin').results;
    assert.deepEqual([both[0].date, both[0].score], ['2025-09-01', 1]);
    assert.deepEqual(both.slice(2, 5).map((h) => h.date), ['2025-11-20', '2025-11-19', '2025-11-18']);
  });

  it('ranks a line with every word above lines with one each, and finds words in neighbouring chunks of a day', async () => {
    const v = await fixtureVault();
    put(v, 'chronological/2025-11-01.md', ['# 2025-11-01', '', '- 10:00:00 alpha and beta on one line']);
    // 64-line chunks: file line 62 ends the first chunk, line 67 is in the second.
    const lines = Array.from({ length: 100 }, (_, i) => `- 10:00:${String(i % 60).padStart(2, '0')} filler ${i}`);
    lines[59] = '- 10:30:00 alpha here';
    lines[64] = '- 10:31:00 beta here';
    put(v, 'chronological/2025-11-02.md', ['# 2025-11-02', '', ...lines]);
    const all = searchMemory(v, 'alpha beta', { limit: 1000, maxTokens: 1_000_000 }).results;
    assert.deepEqual([all[0].date, all[0].score], ['2025-11-01', 1]);
    const other = all.filter((h) => h.date === '2025-11-02').map((h) => h.text).join('\n');
    assert.match(other, /alpha here/);
    assert.match(other, /beta here/);
    assert.deepEqual(searchMemory(v, 'alpha beta', { limit: 1, maxTokens: 1_000_000 }).results, all.slice(0, 1));
  });

  it('matches quoted phrases exactly and regex metacharacters literally', async () => {
    const v = await fixtureVault();
    const phrase = searchMemory(v, '"connection pool"');
    assert.equal(phrase.results.length, 1);
    assert.match(phrase.results[0].text, /connection pool exhausted/);
    assert.ok(!/pool connection reset/.test(phrase.results[0].text.split('\n').find((l) => l.includes('connection'))!));
    const meta = searchMemory(v, '"a.b*c (x)"');
    assert.equal(meta.results.length, 1);
    assert.equal(meta.results[0].date, '2025-12-02');
    for (const q of ['(x', '.*', 'a|b', '\\', '[[']) assert.doesNotThrow(() => searchMemory(v, `${q} notes`));
    // Unquoted identifiers stay whole: a.b*c is one literal, not the words a, b and c.
    assert.deepEqual(searchMemory(v, 'a.b*c').results.map((h) => h.date), ['2025-12-02']);
    writeAt(v, '2026-03-11T12:00:00', 'Merged PR-4821 and PR 4821b, see pr-48');
    const id = searchMemory(v, 'PR-4821').results;
    assert.equal(id.length, 1);
    assert.equal(id[0].score, 1);
  });

  it('answers a date with that day, wherever it lives', async () => {
    const v = await fixtureVault();
    const r = searchMemory(v, '2025-12-02');
    assert.ok(r.results.length >= 1);
    assert.ok(r.results.every((h) => h.date === '2025-12-02'));
    assert.equal(r.results[0].file, '.CoreSoul/memory/chronological/2025-12.md');
    assert.equal(r.results[0].start, 25, 'its first line, headings left out');
    // A whole day, in order, as far as the budget goes (not just one hit's context).
    const day = searchMemory(v, '2025-12-01').results;
    assert.deepEqual(day.flatMap((h) => h.text.split('\n')), MONTH.slice(6, 19), 'headings before the first line left out');
    const part = searchMemory(v, '2025-12-01', { maxTokens: countTokens(renderHits(day)) - 12 }).results.flatMap((h) => h.text.split('\n'));
    assert.ok(part.length > 5 && part.length < 13, part.join('\n'));
    assert.deepEqual(part, MONTH.slice(6, 19).slice(0, part.length));
    const month = searchMemory(v, 'rollback February 2026');
    assert.ok(month.results.length && month.results.every((h) => h.date === '2026-02-20'));
    // A month without the word still answers from the days that have it, first: people misremember when.
    assert.equal(searchMemory(v, 'rollback 2025-12').results[0].date, '2026-02-20');
  });

  it('searches the whole vault when no entity is named, and when the entity days hold no match', async () => {
    const v = await fixtureVault();
    const r = searchMemory(v, 'rollback');
    assert.equal(r.results[0].date, '2026-02-20');
    assert.equal(cited(v, r.results[0]), r.results[0].text);
    assert.ok([L2_DAY[4], L2_DAY[8]].every((l) => r.results[0].text.includes(l)), 'both rollback lines, in one snippet');
    // Ghost's only tag points at a day that is no longer in the vault: it changes nothing.
    put(v, 'entities/people/Ghost.md', ['# Ghost', '', '- [[2024-01-01]] 09:00:00 was here']);
    const ghost = searchMemory(v, 'Ghost rollback');
    assert.deepEqual(ghost.results.map((h) => h.text), searchMemory(v, 'rollback').results.map((h) => h.text));
  });

  it("searches an entity note's own lines, never its date tags", async () => {
    const v = await fixtureVault();
    const r = searchMemory(v, 'container platform');
    assert.equal(r.results.length, 1);
    assert.equal(r.results[0].file, '.CoreSoul/memory/entities/objects/Kubernetes.md');
    assert.equal(r.results[0].entity, 'Kubernetes');
    assert.equal(r.results[0].date, null);
    assert.equal(cited(v, r.results[0]), r.results[0].text);
    // "upgrade rolled back" is in a tag excerpt and in the L2 day: only the day is cited.
    const tagged = searchMemory(v, '"upgrade rolled back"');
    assert.deepEqual(tagged.results.map((h) => h.file), ['.CoreSoul/memory/chronological/2026-02-20.md']);
  });

  it('never exceeds the token budget; a window too big shrinks around its best line', async () => {
    const v = await fixtureVault();
    writeAt(v, '2026-03-11T09:00:00', `huge ${'lorem ipsum dolor sit amet '.repeat(400)}`);
    for (const maxTokens of [1, 5, 20, 60, 150, 400, 2000]) {
      for (const q of ['Kubernetes', 'huge', '遷移', '2025-12-01']) {
        const r = searchMemory(v, q, { maxTokens });
        assert.ok(r.tokens <= maxTokens, `${q} @ ${maxTokens}: ${r.tokens}`);
        assert.equal(r.tokens, countTokens(renderHits(r.results)));
      }
    }
    const none = searchMemory(v, 'Kubernetes', { maxTokens: 1 });
    assert.deepEqual(none.results, []);
    assert.ok(none.matched > 0, 'what was found is still counted');
    const small = searchMemory(v, 'Kubernetes', { maxTokens: 60 });
    assert.ok(small.results.length >= 1, 'something useful still fits');
    assert.match(small.results[0].text, /Kubernetes/);
    const cut = searchMemory(v, 'huge', { maxTokens: 50 });
    assert.equal(cut.results.length, 1);
    assert.ok(cut.results[0].text.startsWith('- 09:00:00 huge lorem') && cut.results[0].text.endsWith('…'));
  });

  it('returns at most --limit results', async () => {
    const v = await fixtureVault();
    assert.equal(searchMemory(v, 'Kubernetes', { limit: 1 }).results.length, 1);
    assert.throws(() => searchMemory(v, 'x', { limit: 0 }), (e) => e instanceof CoreSoulError && e.field === 'limit' && /from 1 to 1000, got 0/.test(e.message));
    assert.throws(() => searchMemory(v, 'x', { maxTokens: 1.5 }), (e) => e instanceof CoreSoulError && e.field === 'maxTokens');
  });

  it('stops early only when nothing left could rank higher: the top results equal those of a full visit', async () => {
    const v = await fixtureVault();
    for (let d = 1; d <= 28; d++) {
      const day = `2025-11-${String(d).padStart(2, '0')}`;
      put(v, `chronological/${day}.md`, [`# ${day}`, '', `- 10:00:00 rollback drill ${d}`, ...Array(12).fill('- filler'), `- 11:00:00 ${d % 7 === 0 ? 'rollback timeout' : 'timeout'} seen`]);
    }
    for (const q of ['rollback timeout', 'timeout', 'rollback', 'drill 14']) {
      const all = searchMemory(v, q, { limit: 1000, maxTokens: 1_000_000 }).results;
      for (const limit of [1, 3, 5]) {
        const top = searchMemory(v, q, { limit, maxTokens: 1_000_000 }).results;
        assert.deepEqual(top, all.slice(0, limit), `${q} limit ${limit}`);
        const unindexed = searchMemory(v, q, { limit, maxTokens: 1_000_000, indexBudgetMs: -1 }).results;
        assert.deepEqual(unindexed, all.slice(0, limit), `${q} limit ${limit} without the index`);
      }
    }
  });

  it('says nothing found with an empty result, not an error', async () => {
    const v = await fixtureVault();
    const r = searchMemory(v, 'zebra xylophone');
    assert.deepEqual(r.results, []);
    assert.equal(r.tokens, 0);
  });

  it('refuses an empty query with a one-line reason, and reads punctuation alone as literal text', async () => {
    const v = await fixtureVault();
    inputFails(() => searchMemory(v, ''), /empty/);
    inputFails(() => searchMemory(v, '   \n\t '), /empty/);
    assert.deepEqual(searchMemory(v, '?!…。，——"" ()').results, []);
    assert.deepEqual(searchMemory(v, '.*[(').results, []);
    assert.doesNotThrow(() => searchMemory(v, 'word '.repeat(2048)), 'a long prompt is reduced, not refused (prompt.test.ts)');
  });

  it('skips binary and huge files with a warning and still answers', async () => {
    const v = await fixtureVault();
    fs.writeFileSync(path.join(v.chronoDir, '2026-01-05.md'), Buffer.from([0x23, 0x20, 0x00, 0xff, 0x4b, 0x75, 0x62, 0x65, 0x0a]));
    const huge = path.join(v.chronoDir, '2026-01-06.md');
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 17 * 1024 * 1024);
    const r = searchMemory(v, 'rollback');
    assert.ok(r.results.length > 0);
    assert.ok(r.warnings.some((w) => /2026-01-05\.md: not a text file/.test(w)));
    assert.ok(r.warnings.some((w) => /2026-01-06\.md: larger than 16 MiB/.test(w)));
    assert.ok(searchMemory(v, 'rollback').warnings.some((w) => /2026-01-05\.md/.test(w)), 'warned again while it is there');
    // An entity note may be larger (a line per mention): skipped only past 64 MiB.
    const note = path.join(v.entitiesDir, 'objects', 'Kubernetes.md');
    const line = '- [[2026-03-10]] 10:00:00 padding\n';
    fs.appendFileSync(note, line.repeat(Math.ceil((17 * 1024 * 1024) / line.length)));
    const big = searchMemory(v, 'k8s');
    assert.ok(!big.warnings.some((w) => /Kubernetes\.md/.test(w)) && big.results.length > 0, '17 MiB note searched');
    fs.truncateSync(note, 65 * 1024 * 1024);
    assert.ok(searchMemory(v, 'k8s').warnings.some((w) => /Kubernetes\.md: larger than 64 MiB/.test(w)));
  });

  it('rebuilds a damaged index and answers the same', async () => {
    const v = await fixtureVault();
    const before = searchMemory(v, 'Kubernetes 遷移');
    assert.ok(fs.existsSync(indexFile(v)));
    const magic = fs.readFileSync(indexFile(v)).toString('latin1', 0, 8);
    for (const damage of ['garbage', `${magic}\u0000\u0000\u0000\u0010{"files":`, '']) {
      fs.writeFileSync(indexFile(v), damage);
      const after = searchMemory(v, 'Kubernetes 遷移');
      assert.deepEqual(after.results, before.results);
      assert.ok(after.warnings.some((w) => /search index .* was damaged/.test(w)), JSON.stringify(after.warnings));
      assert.deepEqual(searchMemory(v, 'Kubernetes 遷移').warnings, [], 'the rebuilt index is sound');
    }
  });

  it("rebuilds another version's index without a warning, and answers the same", async () => {
    const v = await fixtureVault();
    const before = searchMemory(v, 'Kubernetes 遷移');
    fs.writeFileSync(indexFile(v), 'CSIX0001\u0000\u0000\u0000\u0010{"files": an older layout');
    const after = searchMemory(v, 'Kubernetes 遷移');
    assert.deepEqual(after.results, before.results);
    assert.deepEqual(after.warnings, []);
    assert.notEqual(fs.readFileSync(indexFile(v)).toString('latin1', 0, 8), 'CSIX0001', 'written again in this version');
  });

  it('answers the same with the index and without it (an indexing budget already spent)', async () => {
    const v = await fixtureVault();
    const queries = ['Kubernetes', '遷移', 'rollback', '"connection pool"', 'Alice', '2025-12-01', 'container platform', 'owner', 'k8s'];
    const cold = queries.map((q) => searchMemory(v, q, { indexBudgetMs: -1 }).results);
    assert.ok(!fs.existsSync(indexFile(v)), 'nothing was indexed');
    assert.equal(cold[7].length, 1, 'a note line is found in a note that is not indexed');
    fs.rmSync(path.join(v.soulDir, 'cache'), { recursive: true, force: true });
    const fresh = queries.map((q) => searchMemory(v, q).results);
    const warm = queries.map((q) => searchMemory(v, q).results);
    assert.deepEqual(fresh, cold);
    assert.deepEqual(warm, cold);
  });

  it('builds the index in slices kept in memory, and saves them when asked', async () => {
    const v = await fixtureVault();
    const sliced = refreshIndex(v, { budgetMs: 0 });
    assert.ok(sliced.pending > 0 && sliced.indexed.size === 0, 'a budget of 0 leaves every file for later');
    assert.equal(refreshIndex(v, { save: false }).pending, 0);
    assert.equal(refreshIndex(v, { budgetMs: 0 }).pending, 0, 'and reads what is kept in memory');
    assert.ok(!fs.existsSync(indexFile(v)), 'nothing written yet: neither call may');
    const saved = refreshIndex(v);
    assert.ok(fs.existsSync(indexFile(v)), 'the work kept in memory is saved, though no file changed since');
    assert.equal(saved.pending, 0);
    assert.deepEqual(searchMemory(v, 'Kubernetes 遷移').warnings, [], 'and it is sound');

    const other = await fixtureVault();
    assert.equal(await buildIndex(other, {}, AbortSignal.abort()), false);
    assert.ok(!fs.existsSync(indexFile(other)), 'stopped before it began: nothing saved');
    assert.equal(await buildIndex(other, { sliceMs: 1 }), true);
    assert.ok(fs.existsSync(indexFile(other)), 'built, then saved');
    assert.equal(refreshIndex(other, { budgetMs: 0 }).pending, 0);
  });

  it('reads the days a note links to as the link syntax has them', () => {
    const lines = ['- [[2020-01-01]] x', '[[[2020-01-02]]', '[[2020-01-03|x [[2020-02-02]]', '[[2020-01-04#h]] and [[2020-01-05]]', '[[20-01-01]] [[2020-01-06', '[[2020-01-07\n]]', '[[2020-01-08]][[2020-01-09]]'];
    assert.deepEqual(dayLinks(lines), ['2020-01-01', '2020-01-02', '2020-01-03', '2020-01-04', '2020-01-05', '2020-01-08', '2020-01-09']);
    assert.deepEqual(dayLinks(lines, 6), ['2020-01-08', '2020-01-09']);
  });

  it('keeps the index in step with appends, edits and deletions', async () => {
    const v = await fixtureVault();
    searchMemory(v, 'Kubernetes');
    writeAt(v, '2026-03-11T10:00:00', 'Second [[Kubernetes]] cluster named zanzibar');
    assert.match(searchMemory(v, 'zanzibar').results[0]?.text ?? '', /zanzibar/, 'an append is found');
    assert.ok(searchMemory(v, 'Kubernetes').results.some((h) => h.text.includes('zanzibar')));
    put(v, 'chronological/2026-02-20.md', ['# 2026-02-20', '', '## 09:00', '', '- rewritten by hand: quokka']);
    const edited = searchMemory(v, 'quokka').results;
    assert.equal(edited.length, 1, 'an edit is found');
    assert.equal(edited[0].line, 5, 'the matching line, not the heading');
    assert.match(edited[0].text, /quokka$/);
    assert.equal(searchMemory(v, 'rollback').results.filter((h) => h.date === '2026-02-20').length, 0);
    fs.rmSync(path.join(v.chronoDir, '2026-02-20.md'));
    assert.deepEqual(searchMemory(v, 'quokka').results, [], 'a deleted file is gone');
  });

  it('indexes an appended file from its last chunk on, the same as from scratch', async () => {
    const v = await fixtureVault();
    const many = (from: number, n: number) => Array.from({ length: n }, (_, i) => `- 10:${String((from + i) % 60).padStart(2, '0')}:00 line ${from + i} about [[Kubernetes]] ${i % 9 === 0 ? 'walrus' : ''}`);
    put(v, 'chronological/2026-03-09.md', ['# 2026-03-09', '', ...many(0, 100)]);
    searchMemory(v, 'walrus');
    fs.appendFileSync(path.join(v.chronoDir, '2026-03-09.md'), `${many(100, 90).join('\n')}\n`);
    const appended = searchMemory(v, 'walrus', { limit: 1000, maxTokens: 1_000_000 }).results;
    fs.rmSync(path.join(v.soulDir, 'cache'), { recursive: true });
    const scratch = searchMemory(v, 'walrus', { limit: 1000, maxTokens: 1_000_000 }).results;
    assert.deepEqual(appended, scratch);
    assert.ok(appended.some((h) => h.text.includes('line 181 ')), 'the appended part is searched');
  });

  it('reads aliases written as a YAML block list', async () => {
    const v = await fixtureVault();
    put(v, 'entities/places/Taipei Office.md', ['---', 'kind: places', 'aliases:', '  - 台北辦公室', '  - "TPE"', '---', '# Taipei Office', '']);
    writeAt(v, '2026-03-11T12:00:00', 'Moved desks at [[Taipei Office]]');
    for (const q of ['台北辦公室', 'tpe']) {
      const r = searchMemory(v, q);
      assert.equal(r.results.length, 1, q);
      assert.equal(r.results[0].entity, 'Taipei Office');
      assert.match(r.results[0].text, /Moved desks/);
    }
  });

  it('reads an entity\'s aliases exactly as the link index does (one front matter reader)', async () => {
    const v = await fixtureVault();
    // A single quoted string is one alias, commas and all; a flow list may quote its items.
    put(v, 'entities/people/Grace Hopper.md', ['---', 'kind: people', 'aliases: "Amazing Grace, Admiral"', '---', '# Grace Hopper', '']);
    put(v, 'entities/objects/COBOL.md', ['---', 'kind: objects', 'aliases: [cobol-85, "Common, Business"]', '---', '# COBOL', '']);
    writeAt(v, '2026-03-11T12:00:00', 'Read the [[Grace Hopper]] memo about [[COBOL]]');
    const links = new LinkIndex(v, diskWorkspace(linkScope(v.root)));
    await links.build();
    for (const [name, aliases] of [['Grace Hopper', ['Amazing Grace, Admiral']], ['COBOL', ['cobol-85', 'Common, Business']]] as const) {
      assert.deepEqual(links.entity(name)?.aliases, aliases);
      const head = entityHead(fs.readFileSync(path.join(v.entitiesDir, name === 'COBOL' ? 'objects' : 'people', `${name}.md`), 'utf8').split('\n'));
      assert.deepEqual(head.aliases, aliases, name);
    }
    assert.equal(searchMemory(v, 'Amazing Grace, Admiral').results[0]?.entity, 'Grace Hopper');
    assert.equal(searchMemory(v, 'Admiral').results.length, 0, 'a part of an alias is not an alias');
  });
});

describe('a search tells its caller what the index leaves out', () => {
  it('calls onPending once with the files the index as read leaves out, before it answers; never when the index is up to date or the input is refused', async () => {
    const v = await fixtureVault();
    fs.rmSync(indexFile(v), { force: true });
    const files = refreshIndex(v, { budgetMs: 0 }).files.length;
    const told: number[] = [];
    const cold = searchMemory(v, 'Kubernetes', { indexBudgetMs: 0, onPending: (n) => told.push(n) });
    assert.deepEqual(told, [files], 'every file, once');
    assert.ok(!fs.existsSync(indexFile(v)), 'a search with no budget saves nothing');
    await buildIndex(v);
    const warm = searchMemory(v, 'Kubernetes', { indexBudgetMs: 0, onPending: (n) => told.push(n) });
    assert.deepEqual(told, [files], 'not told when nothing is left out');
    assert.deepEqual(warm.results, cold.results);
    fs.rmSync(indexFile(v));
    assert.throws(() => searchMemory(v, '  ', { indexBudgetMs: 0, onPending: (n) => told.push(n) }), CoreSoulError);
    assert.deepEqual(told, [files], 'not told when the query is refused');
  });
});

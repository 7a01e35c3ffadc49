/**
 * A question in one language finds memory written in the other (docs/search.md#other-languages):
 * the CC-CEDICT word table, which words of a query are translated, and search across languages.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type EntityName, parseQuery } from '../../../src/core/search/query';
import { chineseOf, englishOf, withTranslations } from '../../../src/core/search/translate';
import { translationTable } from '../../../src/core/search/translationTable';
import { refreshIndex } from '../../../src/core/search/index/refresh';
import { searchMemory } from '../../../src/core/search/search';
import type { Vault } from '../../../src/core/vault/layout';
import { tempVault, writeAt } from '../../support/helpers';

const ENTITIES: EntityName[] = [{ name: 'Priya', aliases: [], rel: 'entities/people/Priya.md' }];
/** Per concept label, its translations. */
const translated = (q: string, chinese = true) => Object.fromEntries(withTranslations(parseQuery(q, ENTITIES), chinese).concepts.map((c) => [c.label, (c.translations ?? []).map((n) => n.text)]));

describe('translate: the word table (CC-CEDICT)', () => {
  it('carries CC-CEDICT’s attribution and licence at its head', () => {
    const head = translationTable().split('\n').slice(0, 4).join('\n');
    assert.match(head, /^# .*CC-CEDICT/);
    assert.match(head, /MDBG/);
    assert.match(head, /Creative Commons Attribution-ShareAlike 4\.0/);
    assert.match(head, /shared under the same licence/);
  });

  it('gives an English word its Chinese words in both forms, the commoner first, and an inflected word those of its base', () => {
    const forecast = chineseOf('forecast');
    assert.ok(forecast.includes('預報') && forecast.includes('预报'), forecast.join(' '));
    assert.ok(chineseOf('warehouses').includes('倉庫'), 'a plural: its singular’s');
    assert.ok(chineseOf('translated').includes('翻譯'), 'a past tense: its verb’s');
    assert.equal(chineseOf('report')[0], '報告', 'the word in the most headwords (研究報告, 報告書) first');
  });

  it('gives a Chinese word, Traditional or Simplified, the English words it translates', () => {
    assert.ok(englishOf('預報').includes('forecast'));
    assert.ok(englishOf('预报').includes('forecast'));
    assert.ok(englishOf('倉庫').includes('warehouse'));
    assert.ok(englishOf('備份').includes('backup'));
    assert.deepEqual(englishOf('預'), [], 'one character alone is no word of the table');
  });

  it('leaves out what translates no word a question asks with: one character, rare English words, surnames', () => {
    assert.ok(chineseOf('weather').every((w) => [...w].length >= 2), chineseOf('weather').join(' '));
    assert.deepEqual(chineseOf('aardvark'), [], 'not one token of cl100k_base: too rare to be asked');
    assert.deepEqual(chineseOf('surname'), []);
    assert.deepEqual(chineseOf('zzyzx'), []);
  });
});

describe('translate: which words of a query', () => {
  it('translates a Chinese word into English always, an English word into Chinese only when the vault may hold Chinese', () => {
    assert.ok(translated('倉庫的備份')['備份'].includes('backup'));
    assert.ok(translated('倉庫的備份', false)['備份'].includes('backup'));
    assert.ok(translated('When is the weather forecast updated?').forecast.includes('預報'));
    assert.deepEqual(translated('When is the weather forecast updated?', false).forecast, []);
  });

  it('does not translate names, entities, phrases, identifiers or the words of a relative time', () => {
    const t = translated('Did Priya check PR-12 and the "weather forecast" in Seattle last week?');
    assert.deepEqual([t.Priya, t['"weather forecast"'], t.seattle, t['pr-12'], t.last, t.week], [[], [], [], [], [], []]);
    assert.ok(t.check.length > 0, 'a plain word still is');
    assert.deepEqual(translated('倉庫 backup 放在哪裡？').backup, [], 'a Latin word in a Chinese question is written as memory writes it');
  });
});

/** A vault with the given lines on 2026-03-02, each at its own minute. */
async function vaultWith(lines: string[]): Promise<Vault> {
  const v = await tempVault('2026-03-02T08:00:00');
  lines.forEach((text, i) => writeAt(v, `2026-03-02T10:${String(i).padStart(2, '0')}:00`, text));
  return v;
}
/** A vault with the given lines on each day. */
async function diaryOf(days: Record<string, string[]>): Promise<Vault> {
  const v = await tempVault('2026-03-02T08:00:00');
  for (const [day, lines] of Object.entries(days)) lines.forEach((text, i) => writeAt(v, `${day}T10:${String(i).padStart(2, '0')}:00`, text));
  return v;
}
const filler = Array.from({ length: 8 }, (_, i) => `stand-up number ${i}: nothing new on the release train`);

describe('translate: search across languages', () => {
  it('a Chinese question finds the English memory that answers it', async () => {
    const v = await vaultWith([...filler, 'Moved the nightly warehouse backup to the cold storage bucket; it now runs at 02:00 UTC', ...filler]);
    const hits = searchMemory(v, '倉庫的備份現在幾點跑？').results;
    assert.match(hits[0]?.text ?? '', /nightly warehouse backup/);
  });

  it('an English question finds the Chinese memory that answers it', async () => {
    const v = await vaultWith([...filler, '決定：天氣預報的快取改成十分鐘，API 的額度不夠用。', ...filler]);
    const hits = searchMemory(v, 'How long do we cache the weather forecast?').results;
    assert.match(hits[0]?.text ?? '', /天氣預報的快取/);
  });

  it('ranks a translation below the word itself, however much newer', async () => {
    // (Not 改成, "changed to": a newer line that says a change comes first, in any language: current before stale.)
    const v = await diaryOf({ '2026-03-02': ['The weather forecast cache lasts ten minutes'], '2026-03-05': ['天氣預報的快取只有十分鐘'] });
    const dates = searchMemory(v, 'weather forecast cache').results.map((h) => h.date);
    assert.deepEqual(dates, ['2026-03-02', '2026-03-05']);
  });

  it('counts a word once on a line that says it in both languages', async () => {
    // The same words and as many Chinese characters: only the translations differ, so the newer day comes first unless they count again.
    const v = await diaryOf({ '2026-03-02': ['weather forecast cache 天氣預報快取'], '2026-03-05': ['weather forecast cache 晴天雨天陰天'] });
    const dates = searchMemory(v, 'weather forecast cache').results.map((h) => h.date);
    assert.deepEqual(dates, ['2026-03-05', '2026-03-02']);
  });

  it('knows from the index whether the vault holds Chinese: a file indexed without a Han character cannot match a translation', async () => {
    const english = await vaultWith(['The weather forecast cache now lasts ten minutes']);
    assert.equal(refreshIndex(english, { budgetMs: 0 }).han, true, 'not indexed yet: it may');
    assert.equal(refreshIndex(english).han, false);
    const mixed = await vaultWith(['The weather forecast cache now lasts ten minutes', '天氣預報']);
    assert.equal(refreshIndex(mixed).han, true);
    assert.equal(refreshIndex(english, { budgetMs: 0 }).han, false, 'read from the saved index');
  });
});

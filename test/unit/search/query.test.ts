import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type EntityName, parseQuery } from '../../../src/core/search/query';
import { NO_DATES, queryDates, withYears } from '../../../src/core/search/dates';

const ENTITIES: EntityName[] = [
  { name: 'Alice', aliases: [], rel: 'entities/people/Alice.md' },
  { name: 'Alice Chen', aliases: ['AC'], rel: 'entities/people/Alice Chen.md' },
  { name: 'Kubernetes', aliases: ['k8s'], rel: 'entities/objects/Kubernetes.md' },
  { name: '王小明', aliases: [], rel: 'entities/people/王小明.md' },
  { name: 'Go', aliases: [], rel: 'entities/objects/Go.md' },
];
const labels = (q: string) => parseQuery(q, ENTITIES).concepts.map((c) => c.label);

describe('query', () => {
  it('finds entities by name or alias, the longest first, at word boundaries', () => {
    assert.deepEqual(labels('what did Alice Chen say about k8s'), ['Alice Chen', 'Kubernetes', 'say']);
    assert.deepEqual(labels('Alice'), ['Alice']);
    assert.deepEqual(labels('與王小明討論遷移'), ['王小明', '討論', '遷移']);
    assert.deepEqual(labels('good google'), ['good', 'google'], 'Go is not inside other words');
    const k = parseQuery('K8S', ENTITIES).concepts[0];
    assert.deepEqual(k.needles.map((n) => n.text), ['kubernetes', 'k8s']);
  });

  it('reads a word with its clitic as the word ("who\'s" is a stop word, "Lin\'s" is "lin"), a negated helper verb as none', () => {
    assert.deepEqual(labels("who's on call for the release?"), ['call', 'release']);
    assert.deepEqual(labels("what\u2019s Lin's test result, it didn't pass"), ['lin', 'test', 'result', 'pass']);
    assert.deepEqual(labels("we're sure they've"), ['sure'], 'what is left of a question of function words and one word');
  });

  it('keeps an identifier that begins with an entity\'s name whole, beside the entity, and finds it where a glob names it', () => {
    const lims: EntityName[] = [{ name: 'LIMS', aliases: [], rel: 'entities/objects/LIMS.md' }];
    const concepts = parseQuery('add a column to lims_sample', lims).concepts;
    assert.deepEqual(concepts.map((c) => c.label), ['LIMS', 'lims_sample', 'add', 'column']);
    assert.deepEqual(concepts[1].needles.map((n) => n.text), ['lims_sample', 'lims_']);
    assert.deepEqual(parseQuery('the LIMS database', lims).concepts.map((c) => c.label), ['LIMS', 'database'], 'a name on its own is the entity');
  });

  it('keeps quoted phrases and identifiers whole, drops stop words unless nothing else is left', () => {
    assert.deepEqual(labels('"connection pool" of the cluster'), ['"connection pool"', 'cluster']);
    assert.deepEqual(labels('「資料庫遷移」'), ['"資料庫遷移"']);
    assert.deepEqual(labels('PR-4821 node.js v1.2.3'), ['pr-4821', 'node.js', 'v1.2.3']);
    assert.deepEqual(labels('the'), ['the']);
  });

  it('reads words joined by a slash alone as one concept either word holds: memory writes "lint" or "formatting", not "lint/formatting"', () => {
    const [slashed] = parseQuery('the lint/formatting setup', ENTITIES).concepts;
    assert.equal(slashed.label, 'lint/formatting');
    assert.deepEqual(slashed.needles.map((n) => n.text), ['lint', 'formatting']);
    const [tag] = parseQuery('naming/tag rules', ENTITIES).concepts;
    assert.deepEqual(tag.needles.map((n) => n.text), ['naming', 'tag', 'tags'], 'a short word is also found in its plural');
    assert.deepEqual(labels('naming/tag rules for staging/prod'), ['naming/tag', 'staging/prod', 'rules']);
    assert.deepEqual(labels('v1/v2 and rb-admin/src'), ['v1/v2', 'rb-admin/src'], 'a part with a digit or another joiner is a name');
    assert.deepEqual(parseQuery('v1/v2', ENTITIES).concepts[0].needles.map((n) => n.text), ['v1/v2']);
  });

  it('keeps a file\'s path whole, also before a comma or a question mark, and finds it through the globs of its folders', () => {
    const [path] = parseQuery('Who reviews app/payments/stripe/refund.py? And ./infra/deploy.yml, too', ENTITIES).concepts;
    assert.equal(path.label, 'app/payments/stripe/refund.py');
    assert.deepEqual(path.needles.map((n) => [n.text, n.path ?? null]), [
      ['app/payments/stripe/refund.py', null],
      ['app/payments/stripe/', 'app/payments/stripe/refund.py'],
      ['app/payments/', 'app/payments/stripe/refund.py'],
      ['app/', 'app/payments/stripe/refund.py'],
    ]);
    assert.ok(labels('Who reviews app/payments/stripe/refund.py? And ./infra/deploy.yml, too').includes('./infra/deploy.yml'));
    assert.deepEqual(labels('node.js and v1.2.3'), ['node.js', 'v1.2.3'], 'a name without a folder is no path');
  });

  it('drops a Chinese piece made only of function characters (還是, 哪個, 一下, 幫我查, 時候), and keeps no function word beside a name', () => {
    assert.deepEqual(labels('幫我查一下 staging 是哪個 port？'), ['staging', 'port']);
    assert.deepEqual(labels('客戶升級方案的時候怎麼算？'), ['客戶', '升級', '方案', '算']);
    assert.deepEqual(labels('我們現在用 Kubernetes 還是 Go？'), ['Kubernetes', 'Go'], 'only names: the function words are no subject');
    assert.deepEqual(labels('是不是'), ['是不是'], 'nothing else is left: the query stays');
  });

  it('reads dates in several forms as filters', () => {
    const q = (s: string) => {
      const p = parseQuery(s, []);
      return { days: p.days, months: p.months, words: p.concepts.map((c) => c.label) };
    };
    assert.deepEqual(q('2020-06-15'), { days: ['2020-06-15'], months: [], words: [] });
    assert.deepEqual(q('rollback 2020-06'), { days: [], months: ['2020-06'], words: ['rollback'] });
    assert.deepEqual(q('June 2020 deploy'), { days: [], months: ['2020-06'], words: ['deploy'] });
    assert.deepEqual(q('Sept. 2021'), { days: [], months: ['2021-09'], words: [] });
    assert.deepEqual(q('2020年6月15日 部署'), { days: ['2020-06-15'], months: [], words: ['部署'] });
    assert.deepEqual(q('2020-02-30 x'), { days: [], months: [], words: ['2020-02-30', 'x'] });
    assert.deepEqual(q('may 2020'), { days: [], months: ['2020-05'], words: [] });
  });

  it('reads a day written out in English, day or month first, with or without ordinal and comma', () => {
    const days = (s: string) => parseQuery(s, []).days;
    const words = (s: string) => parseQuery(s, []).concepts.map((c) => c.label);
    assert.deepEqual(days('What did Maria adopt on 3 June, 2023?'), ['2023-06-03']);
    assert.deepEqual(days('the call on October 13, 2023'), ['2023-10-13']);
    assert.deepEqual(days('the 21st of Sept 2021 outage'), ['2021-09-21']);
    assert.deepEqual(days('Jan. 5th 2024'), ['2024-01-05']);
    assert.deepEqual(words('dinner on May 3, 2023'), ['dinner'], 'the date is taken out of the words');
    assert.deepEqual(parseQuery('31 February 2023', []).months, ['2023-02'], 'no such day: the month stands');
    assert.deepEqual(days('15 June'), [], 'no year: no day');
    assert.deepEqual(days('room 12 Mayfair 2023'), [], 'not a month');
  });
});

describe('query: dates by kind, resolved against today', () => {
  // [kind, query, today, days it favours (first and last of a range), a day it does not]
  const TABLE: [string, string, string, string[], string][] = [
    ['ISO day', 'deploy on 2025-03-04', '2025-12-22', ['2025-03-04'], '2025-03-05'],
    ['ISO month', 'rollback 2025-03', '2025-12-22', ['2025-03-01', '2025-03-31'], '2025-04-01'],
    ['day month year', 'the 4th of March 2025', '2025-12-22', ['2025-03-04'], '2025-03-05'],
    ['month day year', 'March 4, 2025 outage', '2025-12-22', ['2025-03-04'], '2025-03-03'],
    ['month year', 'Sept. 2025', '2025-12-22', ['2025-09-01', '2025-09-30'], '2025-10-01'],
    ['Chinese day', '2025年3月4日 部署', '2025-12-22', ['2025-03-04'], '2025-03-05'],
    ['month day, no year', 'What did we fix on Wednesday, November 26?', '2025-12-22', ['2025-11-26'], '2024-11-26'],
    ['day month, no year', 'the 3rd of May incident', '2025-12-22', ['2025-05-03'], '2025-05-04'],
    ['no year, later than today: last year', 'the December 30 release', '2025-12-22', ['2024-12-30'], '2025-12-30'],
    ['Chinese, no year', '11月26日 修了什麼', '2025-12-22', ['2025-11-26'], '2025-11-27'],
    ['yesterday', 'what broke yesterday', '2025-12-22', ['2025-12-21'], '2025-12-10'],
    ['N days ago', 'the fix 3 days ago', '2025-12-22', ['2025-12-19'], '2025-12-01'],
    ['last week', 'decisions last week', '2025-12-22', ['2025-12-15', '2025-12-18'], '2025-12-01'],
    ['last weekday', 'what did we decide last Tuesday', '2025-12-22', ['2025-12-16'], '2025-12-09'],
    ['Chinese relative', '上週 的決定', '2025-12-22', ['2025-12-15'], '2025-11-01'],
    ['last week is the calendar week before this one', 'decisions last week', '2025-12-22', ['2025-12-15', '2025-12-21'], '2025-12-14'],
    ['this week, Monday to today', 'what did we ship this week', '2025-12-24', ['2025-12-22', '2025-12-24'], '2025-12-21'],
    ['last month is the calendar month', 'invoices sent last month', '2025-12-22', ['2025-11-01', '2025-11-30'], '2025-12-01'],
    ['the past N days', 'errors in the past 10 days', '2025-12-22', ['2025-12-12', '2025-12-22'], '2025-12-10'],
    ['a couple of units ago', 'what broke a couple of weeks ago', '2025-12-22', ['2025-12-08'], '2025-11-20'],
    ['a weekday of last week', 'the Tuesday of last week', '2025-12-25', ['2025-12-16'], '2025-12-23'],
    ['on a weekday', 'what did we fix on Friday', '2025-12-22', ['2025-12-19'], '2025-12-12'],
    ['a month without its year', 'What changed in September?', '2025-12-22', ['2025-09-01', '2025-09-30'], '2024-09-15'],
    ['a month without its year, later than today: last year', 'the release in December', '2025-11-10', ['2024-12-01', '2024-12-31'], '2025-12-05'],
    ['a part of a month', 'the dunning emails in early October', '2025-12-22', ['2025-10-01', '2025-10-10'], '2025-10-20'],
    ['since a month', 'everything since September', '2025-12-22', ['2025-09-01', '2025-12-22'], '2025-08-31'],
    ['Chinese weekday of last week', '上週二 決定了什麼', '2025-12-22', ['2025-12-16'], '2025-12-09'],
    ['Chinese N units ago', '三天前 修了什麼', '2025-12-22', ['2025-12-19'], '2025-12-01'],
    ['Chinese part of a month', '十月初 發生了什麼', '2025-12-22', ['2025-10-01', '2025-10-10'], '2025-10-25'],
    ['numeric day, year first', 'the deploy on 2025/03/04', '2025-12-22', ['2025-03-04'], '2025-04-03'],
    ['numeric day, month or day first, with its year', 'the outage of 13/4/2025', '2025-12-22', ['2025-04-13'], '2025-04-14'],
    ['numeric day without its year: both readings when both are days', 'what broke in prod on 3/12?', '2025-12-22', ['2025-03-12', '2025-12-03'], '2025-03-13'],
    ['numeric day without its year, later than today: last year', 'what went out on 12/20?', '2025-12-10', ['2024-12-20'], '2025-12-20'],
    ['a day of the month without its month', 'what did we agree on the 12th re: dbt tests?', '2025-12-22', ['2025-12-12'], '2025-11-12'],
    ['a day of the month not come yet: the month before', 'what did we agree on the 28th?', '2025-12-22', ['2025-11-28'], '2025-12-28'],
    ['the 31st: the latest month that has one', 'the release on the 31st', '2025-12-22', ['2025-10-31'], '2025-11-30'],
    // A week of a month by the calendar: Monday to Sunday, the first the one that holds the month's first Thursday (ISO 8601), only the month's days.
    ['the first week of a month that starts on a Tuesday: from the 1st', 'Which decisions did we make in the first week of April?', '2025-05-09', ['2025-04-01', '2025-04-06'], '2025-04-07'],
    ['the first week of a month that starts on a Tuesday: not the Monday before', 'the first week of April', '2025-05-09', ['2025-04-02'], '2025-03-31'],
    ['the first week of a month that starts on a Saturday: the week after its first weekend', 'what shipped in the first week of March?', '2025-05-09', ['2025-03-03', '2025-03-09'], '2025-03-02'],
    ['the second week of a month, its latest time before today', 'which country was Tim in during the second week of November?', '2025-12-22', ['2025-11-10', '2025-11-16'], '2025-11-09'],
    ['the third week of a month with its year', 'deploys in the 3rd week of June 2024', '2025-12-22', ['2024-06-17', '2024-06-23'], '2024-06-24'],
    ['the last week of a month: the one that holds its last Thursday', 'the last week of April', '2025-05-09', ['2025-04-21', '2025-04-27'], '2025-04-28'],
    ['a week of a month not come yet this year: last year', 'the first week of December', '2025-05-09', ['2024-12-02', '2024-12-08'], '2025-12-02'],
    ['the week of a day: Monday to Sunday', 'what happened the week of May 5?', '2025-05-09', ['2025-05-05', '2025-05-11'], '2025-05-04'],
    ['the week of a day named day first, with its year', 'the week of 2 April 2025', '2025-05-09', ['2025-03-31', '2025-04-06'], '2025-04-07'],
    ['the week of a day written as a date', 'deploys the week of 2025-04-02', '2025-05-09', ['2025-03-31', '2025-04-06'], '2025-03-30'],
    ['the week of a day not come yet this year: last year', 'the week of May 20', '2025-05-09', ['2024-05-20', '2024-05-26'], '2025-05-20'],
    ['a week of a month in Chinese', '4月第一週的決定', '2025-05-09', ['2025-04-01', '2025-04-06'], '2025-04-07'],
    ['the last week of a month in Chinese', '四月的最後一週', '2025-05-09', ['2025-04-21', '2025-04-27'], '2025-04-28'],
    ['the end of a month', 'what did we change at the end of April?', '2025-05-09', ['2025-04-21', '2025-04-30'], '2025-05-01'],
  ];
  it('reads no time into words that only look like one', () => {
    for (const text of ['the first week of the project', 'the week of planning', 'the second week of work', 'May I ask about the deploy?', 'the sun sat on the mat', 'we march on', 'three months of work', '3/4 of the pods restarted', 'on 40/12 of them', 'the 12th attempt']) {
      assert.equal(queryDates(withYears(parseQuery(text, []), '2025-12-22'), '2025-12-22'), NO_DATES, text);
    }
  });
  it('keeps a relative time as words too (memory retells it: "4 years ago"), but not a month named as a date', () => {
    const labels = (t: string) => parseQuery(t, []).concepts.map((c) => c.label);
    assert.deepEqual(labels('Where did we move from 4 years ago?'), ['move', '4', 'years', 'ago']);
    assert.deepEqual(labels('What changed in September?'), ['changed']);
  });
  it('reads the kind of entry a word names in a question about a time: its tag is a form of the word (decide → #decision, break → #error)', () => {
    const tags = (t: string) => Object.fromEntries(parseQuery(t, []).concepts.map((c) => [c.label, c.tag?.text]));
    assert.deepEqual(tags('what did we decide on Tuesday?'), { decide: '#decision', tuesday: undefined });
    assert.equal(tags('Which decisions did we make in the first week of April?').decisions, '#decision');
    assert.equal(tags('anything break yesterday?').break, '#error');
    assert.equal(tags('what went wrong with the upload on 2025-05-08').wrong, '#error');
    assert.equal(tags('which tests failed last week').failed, '#error');
    assert.equal(tags('上週決定了什麼')['決定'], '#decision');
    assert.equal(tags('what did Lei prefer in March?').prefer, '#preference');
    assert.equal(tags('what did they correct yesterday').correct, '#correction');
    assert.deepEqual(tags('what changed on the upload job yesterday'), { changed: undefined, upload: undefined, job: undefined, yesterday: undefined }, 'a note has no tag: "changed" names no kind');
    assert.equal(tags('ship a quick fix today').fix, undefined, '"fix" is also work about to be done');
    assert.deepEqual(tags('the job failed with this error'), { job: undefined, failed: undefined, error: undefined }, 'without a time, no kind: a pasted log\'s words are its own');
  });
  it('reads "these days", "currently", 目前 as the present: not words of the subject, no day favoured', () => {
    for (const text of ['What does Tomas own these days?', 'Who currently owns billing?', '目前 誰 負責 billing']) {
      const q = parseQuery(text, []);
      assert.ok(!q.concepts.some((c) => /^(?:these|days|currently|目前)$/.test(c.label)), text);
      assert.ok(!queryDates(q, '2025-12-22')('2025-12-21'), text);
    }
  });
  for (const [kind, text, today, on, off] of TABLE) {
    it(kind, () => {
      const q = withYears(parseQuery(text, []), today);
      const test = queryDates(q, today);
      for (const d of on) assert.ok(test(d), `${text}: ${d}`);
      assert.ok(!test(off), `${text}: not ${off}`);
      assert.ok(!q.concepts.some((c) => /^(?:26|30|4|4th|3rd|november|may|december|wednesday|march|april|june|first|second)$/.test(c.label)), `${text}: the date is not a word of the query`);
    });
  }
});

describe('query: kinds of a plural noun (WordNet)', () => {
  const kinds = (q: string) => Object.fromEntries(parseQuery(q, ENTITIES).concepts.map((c) => [c.label, (c.kinds ?? []).map((n) => n.text)]));

  it('a plural noun brings the words of its kinds and instances, the familiar ones first', () => {
    const { cities } = kinds('Which cities has Alice visited?');
    assert.ok(['chicago', 'new york', 'seattle'].every((c) => cities.includes(c)), cities.join(', '));
    assert.ok(cities.length <= 100);
    assert.ok(kinds('What sports does she like?').sports.includes('swimming'));
    assert.ok(kinds('which countries').countries.includes('australia'));
  });

  it('two words that name one thing are looked up together, and the first brings nothing of its own', () => {
    const k = kinds('What musical instruments does Alice play?');
    assert.ok(k.instruments.includes('guitar') && k.instruments.includes('piano'), k.instruments.join(', '));
    assert.ok(!k.instruments.includes('thermometer'), 'not the kinds of "instrument" alone');
    assert.deepEqual(k.musical, []);
  });

  it('a singular noun, an unknown word, an entity or a phrase brings none: a question about one thing names it', () => {
    assert.deepEqual(kinds('Which city did Alice visit?'), { Alice: [], city: [], visit: [] });
    assert.deepEqual(kinds('zzyzxes k8s "board games"'), { zzyzxes: [], Kubernetes: [], '"board games"': [] });
  });

  it('a noun asked for by its kind ("what kind of art", "types of", "sort of") brings its kinds, singular or plural', () => {
    assert.ok(kinds('What kind of art does Alice make?').art.includes('painting'));
    assert.ok(kinds('Which types of fiction does she write?').fiction.includes('novel'));
    assert.ok(kinds('what sort of music').music.includes('song'));
    assert.deepEqual(kinds('What art does Alice make?').art, [], 'not without the kind asked for');
    assert.deepEqual(kinds('What kind words did Alice say about art?').art, [], '"kind" as an adjective asks no kind');
  });

  it('keeps a kind only in its main sense: "end" is a place only in its fifth', () => {
    const { places } = kinds('What places has Alice been to?');
    assert.ok(places.includes('birthplace') && !places.includes('end') && !places.includes('top'), places.join(', '));
  });
});

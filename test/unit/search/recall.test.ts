/**
 * What makes search remember (docs/search.md): word forms, a ranking that rewards the line that
 * answers, budget shared across days, relative times, pages, and the raw lines of compressed
 * days brought back from the vault history.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { withoutAuthorMarkers } from '../../../src/core/vault/dayEntries';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { compressWithHistory } from '../../../src/core/compress/compress';
import { rawDir } from '../../../src/core/compress/rawDays';
import { recallFrom } from '../../../src/core/context/recall';
import { renderHits, searchMemory } from '../../../src/core/search/search';
import { countTokens } from '../../../src/core/shared/tokens';
import type { Vault } from '../../../src/core/vault/layout';
import { cli, tempVault, writeAt } from '../../support/helpers';

const texts = (v: Vault, q: string, opts = {}) => searchMemory(v, q, opts).results.map((h) => h.text).join('\n');

/** A diary of `days` days from 2026-03-02, `perDay` lines a day of filler around the given lines. */
async function diary(lines: Record<string, string[]>, opts: { git?: boolean; now?: string } = {}): Promise<Vault> {
  const v = await tempVault(opts.now ?? '2026-03-02T08:00:00', { git: opts.git });
  for (const [day, said] of Object.entries(lines)) {
    said.forEach((text, i) => writeAt(v, `${day}T10:${String(i).padStart(2, '0')}:00`, text));
  }
  return v;
}

const filler = (day: string, n: number) => Array.from({ length: n }, (_, i) => `small talk number ${i} about the weather on ${day}`);

describe('recall: ranking', () => {
  it('finds other forms of a word: activities → activity, adopted → adoption', async () => {
    const v = await diary({ '2026-03-02': ['[[Melanie]]: pottery is my favourite activity', '[[Caroline]]: the adoption agency called back'] });
    assert.match(texts(v, 'What activities does Melanie do?'), /favourite activity/);
    assert.match(texts(v, 'When was the child adopted?'), /adoption agency/);
  });

  it('puts the one line that holds every word above a long stretch that holds each once', async () => {
    const v = await diary({
      '2026-03-02': ['the support meeting was long', ...filler('2026-03-02', 4), 'a group of friends came', ...filler('2026-03-02b', 3), 'Caroline was there too'],
      '2026-03-03': ['Caroline went to the support group on Tuesday'],
    });
    const [first] = searchMemory(v, 'When did Caroline go to the support group?').results;
    assert.equal(first.date, '2026-03-03');
    assert.match(first.text, /went to the support group/);
  });

  it('shares the budget across days: the evidence of several sessions fits, not one day’s many mentions', async () => {
    const busy = Array.from({ length: 30 }, (_, i) => `hiking trip plan number ${i} with gear and maps`);
    const v = await diary({ '2026-03-02': ['I went hiking at the lake with my kids'], '2026-03-05': busy, '2026-03-09': ['hiking again, this time in the mountains'] });
    const days = new Set(searchMemory(v, 'Where did she go hiking?', { maxTokens: 600 }).results.map((h) => h.date));
    assert.ok(days.has('2026-03-02') && days.has('2026-03-09') && days.has('2026-03-05'), [...days].join(', '));
  });

  it('favours the days a relative time points at, without filtering the others', async () => {
    const v = await diary({ '2026-03-02': ['went to the concert with Anna'], '2026-03-20': ['went to the concert with Ben'] });
    assert.equal(searchMemory(v, 'concert last week', { today: '2026-03-10' }).results[0].date, '2026-03-02');
    assert.equal(searchMemory(v, 'concert last week', { today: '2026-03-27' }).results[0].date, '2026-03-20');
    assert.equal(searchMemory(v, 'concert last week', { today: '2026-03-10' }).results.length, 2, 'the other day is still there');
  });


  describe('a time the question names or tells is evidence (asked on Friday 2026-03-13)', () => {
    const today = '2026-03-13';
    const week = async () => {
      const v = await tempVault('2026-02-16T08:00:00');
      writeAt(v, '2026-02-17T10:00:00', { text: 'We decided to keep the old queue', kind: 'decision' });
      writeAt(v, '2026-02-18T10:00:00', { text: 'upload job broke: disk full, fixed by cleaning scratch', kind: 'error' });
      writeAt(v, '2026-03-02T10:00:00', { text: 'Portal moves to Django 5.2 in May', kind: 'decision' });
      writeAt(v, '2026-03-02T11:00:00', 'Lunch with the core facility');
      writeAt(v, '2026-03-10T08:00:00', 'Standup');
      writeAt(v, '2026-03-10T09:00:00', 'Two runs picked up over the weekend');
      writeAt(v, '2026-03-10T10:00:00', { text: 'FASTQs are deleted two years after a project closes', kind: 'decision' });
      writeAt(v, '2026-03-12T08:00:00', 'Standup');
      writeAt(v, '2026-03-12T09:00:00', { text: 'the upload job hit its Slurm time limit; raised to 18 h', kind: 'error' });
      writeAt(v, '2026-03-12T10:00:00', 'Dmitri merged the Django upgrade');
      writeAt(v, '2026-03-12T11:00:00', 'Core sync: nine runs processed');
      writeAt(v, '2026-01-20T10:00:00', 'what happened to the old cluster: it was retired');
      return v;
    };
    /** The line the best hit cites (its snippet also shows the lines around it). */
    const first = (v: Vault, q: string) => {
      const [h] = searchMemory(v, q, { today }).results;
      return h ? h.text.split('\n')[h.line - h.start] : '';
    };
    const day = (v: Vault, q: string) => searchMemory(v, q, { today }).results[0]?.date;

    it('the kind of entry a verb names answers it: a #decision for "decide", an #error for "break"', async () => {
      const v = await week();
      assert.match(first(v, 'what did we decide on Tuesday?'), /FASTQs are deleted/);
      assert.match(first(v, 'anything break yesterday?'), /Slurm time limit/);
    });

    it('a time whose days hold none of the words asked ("what happened yesterday?") answers with its days\' entries', async () => {
      const v = await week();
      const hits = searchMemory(v, 'what happened yesterday?', { today }).results;
      assert.equal(hits[0]?.date, '2026-03-12');
      assert.ok(hits.some((h) => /nine runs/.test(h.text)), hits.map((h) => h.text).join(' | '));
    });

    it('a week of a month by the calendar: its decision first', async () => {
      const v = await week();
      assert.match(first(v, 'Which decisions did we make in the second week of March?'), /FASTQs are deleted/);
      assert.equal(day(v, 'decisions the week of March 2'), '2026-03-02');
    });
  });

  it('favours a month the question names, and still answers when the person is a year off', async () => {
    const v = await diary({ '2025-12-10': ['[[Maria]]: I started a yoga class at the gym'], '2026-12-03': ['[[Maria]]: the gym was closed again'], '2026-12-20': ['[[Maria]]: I met Ana'] });
    const named = searchMemory(v, 'What did Maria start at the gym in December 2025?').results;
    assert.equal(named[0].date, '2025-12-10');
    const off = searchMemory(v, 'What class did Maria start in December 2026?').results;
    assert.ok(off.some((h) => /yoga class/.test(h.text)), 'a wrong year costs order, not the answer');
  });

  it('on a day the question names, its entity narrows: the lines of that person that day', async () => {
    const v = await diary({
      '2026-04-15': ['[[Nate]]: I lost ten kilos since winter', '[[Joanna]]: the script is done'],
      '2026-01-21': ['[[Nate]]: my physical therapy starts next week'],
    });
    const hits = searchMemory(v, 'What physical transformation did Nate undergo in April 2026?').results;
    assert.ok(hits.some((h) => /lost ten kilos/.test(h.text)), hits.map((h) => h.text).join(' | '));
  });
  it('answers a question asked in a category’s words with the lines that name its members (kinds from WordNet)', async () => {
    const v = await diary({
      '2026-03-02': ['[[Jon]]: I was in Chicago for a dance conference', ...filler('2026-03-02', 12)],
      '2026-03-05': [...filler('2026-03-05', 12), '[[Jon]]: the flight back from Seattle was late'],
      '2026-03-09': ['[[Jon]]: I visited my aunt on Sunday'],
    });
    const found = texts(v, 'Which cities has Jon visited?', { maxTokens: 400 });
    assert.match(found, /Chicago/);
    assert.match(found, /Seattle/);
    assert.match(found, /visited my aunt/, 'the words of the question still count');
  });

  it('answers "what kind of X" with the lines that name a kind of X, X singular', async () => {
    const anas = (day: string, n: number) => Array.from({ length: n }, (_, i) => `[[Ana]]: errand number ${i} in town on ${day}`);
    const v = await diary({
      '2026-03-02': ['[[Ana]]: finished a watercolor of the harbour last night', ...anas('2026-03-02', 12)],
      '2026-03-05': [...anas('2026-03-05', 12), '[[Ana]]: the sculpture for the show is half done'],
      '2026-03-09': ['[[Ana]]: the art supply shop on Main Street closed', ...anas('2026-03-09', 12)],
      '2026-03-12': [...anas('2026-03-12', 12), '[[Bo]]: a podcast about art history, episode 3'],
    });
    const found = texts(v, 'What kind of art does Ana make?', { maxTokens: 250 });
    assert.match(found, /watercolor/);
    assert.match(found, /sculpture/);
  });

  it('falls back to the lines of a named entity when the other words find nothing', async () => {
    const v = await diary({ '2026-03-02': ['Chose [[PostgreSQL]] for [[Billing]]'] });
    assert.match(texts(v, 'Which database does Billing use?'), /Chose \[\[PostgreSQL\]\] for \[\[Billing\]\]/);
  });
});

describe('recall: pages', () => {
  it('says what it left out, and the next page shows it within its own budget, never a line twice', async () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, d) => [`2026-03-${String(d + 2).padStart(2, '0')}`, [`the garden needed water on day ${d}`, ...filler(`d${d}`, 6)]]));
    const v = await diary(many);
    const first = searchMemory(v, 'garden water', { maxTokens: 150 });
    assert.ok(first.more && first.more > 0 && first.nextPage === 2, JSON.stringify(first.more));
    const second = searchMemory(v, 'garden water', { maxTokens: 150, page: 2 });
    assert.ok(second.results.length > 0 && countTokens(renderHits(second.results)) <= 150);
    const shown = (r: typeof first) => r.results.flatMap((h) => h.text.split('\n').map((_, i) => `${h.file}:${h.start + i}`));
    assert.deepEqual(shown(first).filter((l) => shown(second).includes(l)), []);
    const last = searchMemory(v, 'garden water', { maxTokens: 1_000_000, page: 2 });
    assert.deepEqual([last.results.length, last.more], [0, undefined], 'one big page showed everything');
  });

  it('pages from the command line: --page, and the count of what is left on stderr', async () => {
    const many = Object.fromEntries(Array.from({ length: 8 }, (_, d) => [`2026-03-${String(d + 2).padStart(2, '0')}`, [`the garden needed water on day ${d}`, ...filler(`d${d}`, 6)]]));
    const v = await diary(many);
    const one = cli(['search', 'garden water', '--max-tokens', '150', '--root', v.root]);
    assert.match(one.stderr, /more matching line\(s\): --page 2/);
    const two = cli(['search', 'garden water', '--max-tokens', '150', '--page', '2', '--json', '--root', v.root]);
    assert.equal(two.code, 0, two.stderr);
    assert.ok(two.json.results.length > 0);
    assert.equal(cli(['search', 'garden water', '--page', 'x', '--root', v.root]).code, 1);
  });
});

describe('recall: compressed days', () => {
  async function compressedVault(): Promise<Vault> {
    const v = await diary(
      {
        '2026-03-02': ['[[Caroline]]: I went to the LGBTQ support group yesterday, it was so powerful', ...filler('2026-03-02', 12)],
        '2026-03-03': ['[[Melanie]]: we painted a sunrise over the lake together', ...filler('2026-03-03', 12)],
      },
      { git: true },
    );
    await compressWithHistory(v, { now: new Date('2026-04-20T09:00:00'), force: true, warn: assert.fail });
    return v;
  }

  it('brings back raw lines a summary dropped, cited by the file that holds the day now, from history', async () => {
    const v = await compressedVault();
    assert.ok(!fs.readFileSync(path.join(v.chronoDir, '2026-03.md'), 'utf8').includes('small talk number 7 about the weather on 2026-03-02'), 'the summary dropped the detail');
    const r = searchMemory(v, 'small talk number 7 weather');
    const hit = r.results.find((h) => h.text.includes('small talk number 7 about the weather on 2026-03-02'));
    assert.ok(hit, JSON.stringify(r.results));
    // The day file is gone: the month that holds the day now is cited, at the day's heading.
    assert.ok(!fs.existsSync(path.join(v.chronoDir, '2026-03-02.md')));
    assert.equal(hit.file, '.CoreSoul/memory/chronological/2026-03.md');
    assert.equal(fs.readFileSync(path.join(v.root, hit.file), 'utf8').split('\n')[hit.line - 1], '## 2026-03-02');
    assert.equal(hit.date, '2026-03-02');
    assert.match(hit.from ?? '', /^history [0-9a-f]{7,}$/);
    const commit = hit.from!.split(' ')[1];
    const raw = (await import('node:child_process')).execFileSync('git', ['show', `${commit}:memory/chronological/2026-03-02.md`], { cwd: v.soulDir, encoding: 'utf8' });
    assert.equal(withoutAuthorMarkers(raw.split('\n')[hit.start - 1]), hit.text.split('\n')[0], 'the text starts at that line of the day file in that commit (its author is a field)');
  });

  it('hands chat and the context builder the raw lines with where to open them', async () => {
    const v = await compressedVault();
    const { snippets } = await recallFrom(v)('small talk number 7 weather', 2000);
    const s = snippets.find((x) => x.text.includes('number 7 about the weather on 2026-03-02'));
    assert.ok(s?.from && s.open, JSON.stringify(snippets));
    assert.equal(s.open, '.CoreSoul/cache/raw/2026-03-02.md');
    assert.equal(withoutAuthorMarkers(fs.readFileSync(path.join(v.root, s.open), 'utf8').split('\n')[s.openLine! - 1]), s.text.split('\n')[0]);
  });

  it('shows an entry once: its summary, which joins and cuts its lines, is no second answer beside its raw lines', async () => {
    const trace = ['worker lost its channel mid-batch in Test', '  RabbitMQ.Client.Exceptions.AlreadyClosedException: Already closed: The AMQP operation was interrupted, delivery acknowledgement timed out', '     at RabbitMQ.Client.Impl.SessionBase.Transmit(OutgoingCommand& cmd)', '     at RabbitMQ.Client.Impl.ModelBase.BasicAck(UInt64 deliveryTag, Boolean multiple)'].join('\n');
    const v = await diary({ '2026-03-02': [trace, 'Fix for the delivery acknowledgement timeout: consumer prefetch cut from 50 to 20', ...filler('2026-03-02', 12)] }, { git: true });
    await compressWithHistory(v, { now: new Date('2026-04-20T09:00:00'), force: true, warn: assert.fail });
    assert.match(fs.readFileSync(path.join(v.chronoDir, '2026-03.md'), 'utf8'), /lost its channel mid-batch in Test RabbitMQ/, 'the summary joins the entry into one line');
    const lines = searchMemory(v, 'AlreadyClosedException delivery acknowledgement timed out channel', { maxTokens: 800 }).results.flatMap((h) => h.text.split('\n'));
    assert.equal(lines.filter((l) => l.includes('lost its channel mid-batch')).length, 1, lines.join('\n'));
    assert.ok(lines.some((l) => l.includes('prefetch cut from 50 to 20')), 'the room goes to its fix');
  });

  it('rebuilds the raw lines from the vault history when the cache is gone', async () => {
    const v = await compressedVault();
    fs.rmSync(rawDir(v), { recursive: true, force: true });
    fs.rmSync(path.join(v.soulDir, 'cache', 'search-index.bin'), { force: true });
    const hit = searchMemory(v, 'small talk number 9 weather').results.find((h) => h.text.includes('number 9 about the weather on 2026-03-03'));
    assert.ok(fs.existsSync(path.join(rawDir(v), '2026-03-03.md')), 'the cache is back');
    assert.ok(hit?.from?.startsWith('history '), 'found again, from history');
    assert.equal(hit?.date, '2026-03-03');
  });
});

/**
 * Current before stale as the answer's order (search/current.ts `currentFirst`), on snippets laid
 * out by hand: which newer snippet replaces which older one, where it moves, and which is marked
 * earlier. The lines carry no [[links]].
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Shared, shareBudget } from '../../../src/core/search/budget';
import { type About, askedValue, asksPresent, asksPresentValue, currentFirst, laterStatements, namesAThing } from '../../../src/core/search/current';
import type { VaultFile } from '../../../src/core/search/index/files';
import type { ScoredLine } from '../../../src/core/search/rank';
import { lineHas, needle } from '../../../src/core/search/words';

/** One snippet: a day's lines, the best one at `best`, all of them shown. */
function snippet(day: string, lines: string[], best = 0) {
  const file = { rel: `chronological/${day}.md`, kind: 'day' } as unknown as VaultFile;
  const line: ScoredLine = { block: { file, day, sectionStart: 0, sectionEnd: lines.length, start: best, end: best + 1, lines, narrow: 0 }, i: best, score: 1 };
  return { line, start: 0, end: lines.length };
}

/** What a query of these words (each a concept, in order; those in `who` entities) says of a line. */
function about(words: string[], opts: { present?: boolean; presentValue?: (line: string) => boolean; who?: number; question?: string } = {}): About {
  const needles = words.map((w) => needle(w, { exact: true })!);
  const names = words.reduce((m, w, k) => (!((opts.who ?? 0) & (1 << k)) && namesAThing({ label: w }) ? m | (1 << k) : m), 0);
  // The question, when given, asks for a kind of value or not (search.ts builds the same).
  const asked = opts.question === undefined ? undefined : askedValue(opts.question);
  const value = asked ? 1 << words.length : 0;
  return {
    holds: ({ block, i }) => needles.reduce((m, n, k) => (lineHas((block.lines[i] ?? '').toLowerCase(), n) ? m | (1 << k) : m), asked?.(block.lines[i] ?? '') ? value : 0),
    who: opts.who ?? 0,
    names,
    present: (opts.present ?? false) || !!asked,
    ...(opts.presentValue && { presentValue: opts.presentValue }),
    value,
  };
}

const days = (out: { snippet: ReturnType<typeof snippet> }[]) => out.map((o) => o.snippet.line.block.day);

describe('current before stale: the order of an answer', () => {
  it('moves a newer snippet that says a change of what the older says above it, and marks the older earlier', () => {
    const older = snippet('2026-01-14', ['- 03:15 the access token lifetime is 3600 s']);
    const newer = snippet('2026-03-18', ['- 03:00 the access token lifetime was cut to 900 s']);
    const out = currentFirst([older, newer], about(['access', 'token', 'lifetime']));
    assert.deepEqual(days(out), ['2026-03-18', '2026-01-14']);
    assert.equal(out[1].earlier, '2026-03-18');
    assert.equal(out[0].earlier, undefined);
  });

  it('reads what a line says, not its time: the entry at 10:30 that moves a job from 02:00 to 01:30 does not already name the new value', () => {
    const q = about(['cron', 'schedule', 'nightly', 'reconciliation']);
    const older = snippet('2026-03-30', ["- 10:30:00 [from agent: claude-code] Nightly reconciliation job (k8s CronJob recon-nightly), schedule '0 2 * * *'."]);
    const newer = snippet('2026-05-11', ["- 10:30 #decision [from agent: claude-code] Nightly recon moved from '0 2 * * *' to '30 1 * * *': the extract now lands at 01:15."]);
    const out = currentFirst([older, newer], q);
    assert.deepEqual(days(out), ['2026-05-11', '2026-03-30']);
    assert.equal(out[1].earlier, '2026-05-11');
  });

  it('needs a word of a change, unless the question asks about the present', () => {
    const older = snippet('2026-01-14', ['- 03:15 the access token lifetime is 3600 s']);
    const newer = snippet('2026-03-18', ['- 03:00 the access token lifetime: 900 s']);
    assert.deepEqual(days(currentFirst([older, newer], about(['access', 'token', 'lifetime']))), ['2026-01-14', '2026-03-18']);
    const now = currentFirst([older, newer], about(['access', 'token', 'lifetime'], { present: true }));
    assert.deepEqual(days(now), ['2026-03-18', '2026-01-14']);
    assert.equal(now[1].earlier, '2026-03-18');
  });

  it('groups entries that share two or more concepts of the query: the newer need not repeat all the older says', () => {
    // "What's the per-player rate limit on reward claims?": the later entry drops "rate", the value chain is one subject.
    const q = about(['rate', 'limit', 'claim', 'player']);
    const first = snippet('2026-01-08', ['- 09:41 POST /v1/rewards/claim: rate limit 20 requests/min per player']);
    const lowered = snippet('2026-03-04', ['- 11:36 Rewards claim rate limit lowered from 20/min to 5/min per player']);
    const relaxed = snippet('2026-04-01', ['- 08:57 Rewards claim limit relaxed from 5/min to 10/min per player']);
    const out = currentFirst([first, lowered, relaxed], q);
    assert.deepEqual(days(out), ['2026-04-01', '2026-03-04', '2026-01-08']);
    assert.deepEqual(out.map((o) => o.earlier), [undefined, '2026-04-01', '2026-04-01']);
    // One concept in common is another subject: the Redis note says "limit" of something else.
    const other = snippet('2026-04-02', ['- 10:00 rw-redis memory limit raised to 2gb']);
    assert.deepEqual(days(currentFirst([first, other], q)), ['2026-01-08', '2026-04-02']);
    // A newer entry of the subject that states no new value replaces nothing: "changed" or "now" without a value is speech.
    for (const said of ['- 09:00 Rewards claim limit dashboards added', '- 09:00 the claim limit changed my mind about the player', '- 09:00 the claim limit is fine now'])
      for (const present of [false, true]) assert.deepEqual(days(currentFirst([first, snippet('2026-04-03', [said])], about(['rate', 'limit', 'claim', 'player'], { present }))), ['2026-01-08', '2026-04-03'], said);
  });

  it('reads a new value in what a change or "now" is followed by in its clause: a number, a version, a host, an identifier', () => {
    // The newer lines leave out "client": only the rule of the same subject in other words can move them.
    const q = about(['unity', 'editor', 'client']);
    const older = snippet('2026-01-06', ['- 15:42 Unity client is on editor 2022.3.20f1 LTS']);
    for (const said of ['- 12:13 Unity editor bumped to 2022.3.34f1', '- 12:13 Unity editor now points at builds.example.net', '- 12:13 Unity editor now reads UNITY_EDITOR_PATH', '- 12:13 Unity editor: 2022.3.20f1 -> 2022.3.34f1'])
      assert.deepEqual(days(currentFirst([older, snippet('2026-02-10', [said])], q)), ['2026-02-10', '2026-01-06'], said);
    for (const said of ['- 12:13 Unity editor bumped, see the wiki. Build 34 next', '- 12:13 the Unity editor is now our favourite'])
      assert.deepEqual(days(currentFirst([older, snippet('2026-02-10', [said])], q)), ['2026-01-06', '2026-02-10'], said);
  });

  it('reads "now" in an entry of the subject as what it is now: "uvicorn now listens on 8080"', () => {
    const q = about(['port', 'device', 'registry', 'listening']);
    const older = snippet('2024-06-19', ['- 11:52 Device registry skeleton: uvicorn listens on port 8000']);
    const newer = snippet('2024-09-10', ['- 15:40 registry 1.1 deployed for the device history; uvicorn now listens on 8080']);
    assert.deepEqual(days(currentFirst([older, newer], q)), ['2024-09-10', '2024-06-19']);
  });

  it('needs two concepts of the subject besides people', () => {
    const older = snippet('2026-01-14', ['- 03:15 [[Dana]] said the token lifetime is 3600 s']);
    const fewer = snippet('2026-03-18', ['- 03:00 [[Dana]] moved the lifetime to 900 s']);
    assert.deepEqual(days(currentFirst([older, fewer], about(['token', 'lifetime'], { present: true }))), ['2026-01-14', '2026-03-18']);
    const who = snippet('2026-03-18', ['- 03:00 [[Dana]] moved the token desk']);
    assert.deepEqual(days(currentFirst([older, who], about(['[[dana]]', 'token'], { present: true, who: 1 }))), ['2026-01-14', '2026-03-18']);
  });

  it('moves a newer snippet naming the identifier the older entry names, when its entry says it changed: "120 -> 80" in a continuation line', () => {
    const older = snippet('2026-01-06', ['- 03:00 scheduler DB pool settings: max_open_conns=50, max_idle_conns=10']);
    const fix = snippet('2026-02-18', ['- 15:05 Booking errors: too many connections', '  12 tasks × max_open_conns 120 can open 1440', '  Fix: max_open_conns 120 -> 80'], 1);
    const mention = snippet('2026-02-20', ['- 09:00 max_open_conns shows up in the dashboard']);
    const q = about(['max_open_conns', 'scheduler', 'pool']);
    assert.deepEqual(days(currentFirst([older, mention, fix], q)), ['2026-02-18', '2026-01-06', '2026-02-20']);
    // Asked about the present, the newest statement of the thing comes first, change or not.
    assert.deepEqual(days(currentFirst([older, mention, fix], about(['max_open_conns', 'scheduler', 'pool'], { present: true }))), ['2026-02-20', '2026-02-18', '2026-01-06']);
  });

  it('reads the identifier in the older entry\'s continuation lines, and "now" as what it is now', () => {
    const older = snippet('2026-01-22', ['- 08:15 Fixed the search-indexer rebalance storm', '  Cause: bulk requests took longer than session.timeout.ms=10000']);
    const newer = snippet('2026-03-10', ['- 08:40 session.timeout.ms is 30000 now']);
    assert.deepEqual(days(currentFirst([older, newer], about(['session.timeout.ms', 'search-indexer']))), ['2026-03-10', '2026-01-22']);
    const was = snippet('2026-03-10', ['- 08:40 heartbeat tuned:', '  session.timeout.ms: 30000  # was 45000']);
    assert.deepEqual(days(currentFirst([older, was], about(['session.timeout.ms', 'search-indexer']))), ['2026-03-10', '2026-01-22']);
    // A plain word is no identifier: "now" beside it is speech.
    const word = snippet('2026-03-10', ['- 08:40 the rebalance is quiet now']);
    assert.deepEqual(days(currentFirst([older, word], about(['rebalance']))), ['2026-01-22', '2026-03-10']);
  });

  it('reads a many-line entry as one: its head names the subject, a later line says the change', () => {
    const older = snippet('2026-03-05', ['- 16:40 GCS lifecycle rule on the landing bucket: NEARLINE at age 30 days']);
    const lines = ['- 10:15 Landing bucket lifecycle changed:', '  ```json', '  {"storageClass": "NEARLINE", "age": 14}', '  ```', '  Nearline after 14 days (was 30).'];
    const newer = snippet('2026-05-19', lines);
    const q = about(['landing', 'bucket', 'nearline', 'days']);
    const out = currentFirst([older, newer], q);
    assert.deepEqual(days(out), ['2026-05-19', '2026-03-05']);
    assert.equal(out[1].earlier, '2026-05-19');
    // Without a word of change in the entry it is no replacement.
    const same = snippet('2026-05-19', ['- 10:15 Landing bucket lifecycle:', '  Nearline after 14 days.']);
    assert.deepEqual(days(currentFirst([older, same], q)), ['2026-03-05', '2026-05-19']);
  });

  it('never moves a snippet above a newer one that replaces it in turn', () => {
    const first = snippet('2026-01-10', ['- 10:00 the config key_a is 1']);
    const current = snippet('2026-03-01', ['- 10:00 key_b now 9']);
    const stale = snippet('2026-02-01', ['- 10:00 key_a moved to 2, key_b is 7']);
    const out = currentFirst([first, current, stale], about(['key_a', 'key_b']));
    assert.deepEqual(days(out), ['2026-01-10', '2026-03-01', '2026-02-01']);
    assert.equal(out[2].earlier, '2026-03-01');
  });

  it('keeps the order of snippets of the same day and without a day', () => {
    const a = snippet('2026-01-10', ['- 10:00 the access token lifetime is 3600 s']);
    const b = snippet('2026-01-10', ['- 11:00 the access token lifetime moved to 900 s']);
    assert.deepEqual(days(currentFirst([a, b], about(['access', 'token', 'lifetime']))), ['2026-01-10', '2026-01-10']);
    const note = snippet('', ['access token lifetime is 3600 s']);
    assert.deepEqual(days(currentFirst([note, b], about(['access', 'token', 'lifetime'], { present: true }))), ['', '2026-01-10']);
  });

  it('puts first the newest entry of the subject that gives the kind of value the question asks for, with or without a word of a change', () => {
    const q = about(['snakemake', 'version'], { question: 'What Snakemake version are we on?' });
    const older = snippet('2025-02-04', ['- 11:30 Snakemake is pinned at 7.32.4 in envs/snakemake.yaml']);
    const newer = snippet('2025-04-14', ['- 10:50 #decision pin Snakemake at 8.30.0 until the Slurm executor plugin supports 9.x']);
    const out = currentFirst([older, newer], q);
    assert.deepEqual(days(out), ['2025-04-14', '2025-02-04']);
    assert.equal(out[1].earlier, '2025-04-14');
    // Without the question's kind of value the same two stay as ranked: "Snakemake" and a number are no subject.
    assert.deepEqual(days(currentFirst([older, newer], about(['snakemake', 'version']))), ['2025-02-04', '2025-04-14']);
    // A day shows several entries: the one that gives the value is a statement of it, whichever line ranked best.
    const day = snippet('2025-02-04', ['- 10:05 STAR 2.7.11a in envs/rnaseq.yaml: Genome version is INCOMPATIBLE', '- 11:30 Snakemake is pinned at 7.32.4 in envs/snakemake.yaml']);
    assert.deepEqual(days(currentFirst([day, newer], q)), ['2025-04-14', '2025-02-04']);
  });

  it('takes no entry without the value asked for as a newer statement of it, whatever change it says', () => {
    const q = about(['multiqc', 'qc'], { question: 'what MultiQC version is in the qc env?' });
    const version = snippet('2025-02-12', ['- 15:40 MultiQC 1.25 in envs/qc.yaml, one report per run']);
    const threshold = snippet('2025-03-12', ['- 14:40 MultiQC highlight threshold changed to 15M in config/qc_thresholds.yaml']);
    assert.deepEqual(days(currentFirst([version, threshold], q)), ['2025-02-12', '2025-03-12']);
    // Asked for a percentage, "on for everyone … at 100%" is the newest statement; "rolled back" of a date is none.
    const p = about(['checkout v2', 'users'], { question: 'what % of users is checkout v2 rolled out to at the moment?' });
    const widened = snippet('2025-06-10', ['- 06:10 Rolling checkout v2 back from 25% to 10% of users: a duplicate Apple Pay sheet']);
    const all = snippet('2025-07-02', ['- 01:00 Checkout v2 is on for everyone: checkout_v2_enabled at 100% on both platforms']);
    const talk = snippet('2025-07-03', ['- 09:00 Checkout v2 retro with the users panel moved to Friday']);
    assert.deepEqual(days(currentFirst([widened, talk, all], p)), ['2025-07-02', '2025-06-10', '2025-07-03']);
  });

  it('tells the kind of value a question asks for, and none when it asks about the past', () => {
    const kinds: [string, string, string][] = [
      ['What Snakemake version are we on?', 'pinned at 8.30.0', 'pinned in March'],
      ['what % of users get the new checkout', 'at 25% of users', 'for most users'],
      ['How long are raw run folders kept before they expire?', 'it is 120 days, not 90', 'kept for a while'],
      ['what time does the alipay recon job run', 'it fired at 18:30', 'it fired late'],
      ['what URL goes into QUILLON_S3_ENDPOINT?', 'the S3 endpoint is https://s3.quillon.lab', 'the S3 endpoint is fixed'],
      ['which port does staging Postgres listen on', 'listens on :5433', 'listens on the default'],
      ['staging 的 Postgres 用哪個端口', 'db.internal:5433', '換了'],
      ['how often does runsync run now?', 'it now runs every 4 hours (`0 */4 * * *`)', 'runsync takes an flock on /run/runsync.lock'],
      ['what cadence do the backups run at', 'backups go out nightly at 02:00', 'backups go to the NAS'],
      ['報表多久一次？', '改成每天 08:00 寄出', '報表改用新模板'],
    ];
    for (const [question, gives, not] of kinds) {
      const value = askedValue(question);
      assert.ok(value?.(gives), `${question} / ${gives}`);
      assert.ok(!value?.(not), `${question} / ${not}`);
    }
    for (const q of ['What Snakemake version did we start with?', 'which port was staging on before the move', 'whats session.timeout.ms on the search indexer these days', 'why did we pick PostgreSQL', '當初用的是哪個版本']) assert.equal(askedValue(q), undefined, q);
  });

  it('tells a question about the present, in English and Chinese, and an identifier from a word', () => {
    for (const q of ['Which test runner do we use now?', 'what is the lifetime currently', 'is it still at 50%?', 'the latest Go version', 'do we use Jest anymore', 'these days', 'staging Postgres 現在是哪個 port？', '目前用哪個版本', '還在用 Jest 嗎']) assert.ok(asksPresent(q), q);
    for (const q of ['Which test runner do we use?', 'What did we decide last week?', 'known issues', 'snowflake', '還是']) assert.ok(!asksPresent(q), q);
    for (const w of ['max_open_conns', 'session.timeout.ms', 'waiting-room-v2', 'src/db/pool.go', 'connection pool']) assert.ok(namesAThing({ label: w }), w);
    for (const w of ['pool', 'auth0', "what's", '連線上限']) assert.ok(!namesAThing({ label: w }), w);
    assert.ok(!namesAThing({ label: 'Ana-Maria', entity: { name: 'Ana-Maria', aliases: [], rel: 'entities/people/Ana-Maria.md' } }), 'a person is who, not a thing');
  });

  it('tells a question in the simple present that asks what a value is from one about the past or about what someone does', () => {
    for (const q of ["what's the prefetch on the results consumer?", 'How many days of message content does Mirth keep before the pruner deletes it?', 'Which pins is the SHT40 on?', 'Which port is the registry on?']) assert.ok(asksPresentValue(q), q);
    for (const q of ['What was the prefetch before the split?', 'How did we fix the ack timeout?', 'Which decision changed the deploy flow?', 'the prefetch of the results consumer', 'Why did we pick PostgreSQL?']) assert.ok(!asksPresentValue(q), q);
    // (Nor what someone likes or does: a conversation's newer lines are no newer values.)
    for (const q of ['What sports does John like besides basketball?', 'How does John describe the game season for his team?']) assert.ok(!asksPresentValue(q), q);
  });

  it('puts first, asked what a value is, the newest entry of the subject that gives a number, with no word of a change', () => {
    const q = about(['prefetch', 'results', 'consumer'], { presentValue: (line) => /prefetch \d/.test(line) });
    const older = snippet('2026-03-30', ['- 11:45 Fix for the ack timeout: results consumer prefetch cut from 50 to 20.']);
    const newer = snippet('2026-05-11', ['- 10:40 #decision Results consumers split per analyzer routing key (one consumer each) with prefetch 10.']);
    const out = currentFirst([older, newer], q);
    assert.deepEqual(days(out), ['2026-05-11', '2026-03-30']);
    assert.equal(out[1].earlier, '2026-05-11');
    // Not asked what it is: "split" is no word of a change.
    assert.deepEqual(days(currentFirst([older, newer], about(['prefetch', 'results', 'consumer']))), ['2026-03-30', '2026-05-11']);
    // A newer entry of the same concepts that gives no number beside them is another statement, not the value now.
    const other = snippet('2026-05-11', ['- 10:40 #decision Results consumers log the prefetch window at startup, on 2 hosts.']);
    assert.deepEqual(days(currentFirst([older, other], q)), ['2026-03-30', '2026-05-11']);
    // Nor is the time it was written at a number of it.
    const anyNumber = about(['prefetch', 'results', 'consumer'], { presentValue: (line) => /\d/.test(line) });
    const timed = snippet('2026-05-11', ['- 10:40 #decision Results consumers split per analyzer routing key (one consumer each), same prefetch.']);
    assert.deepEqual(days(currentFirst([older, timed], anyNumber)), ['2026-03-30', '2026-05-11']);
  });
});



describe('current before stale: what the budget picks', () => {
  /** Lines of one day as a block; `at` maps each scored line's index to its score. */
  function ranked(day: string, lines: string[], at: Record<number, number>): ScoredLine[] {
    const file = { rel: `chronological/${day}.md`, kind: 'day' } as unknown as VaultFile;
    const block = { file, day, sectionStart: 0, sectionEnd: lines.length, start: 0, end: lines.length, lines, narrow: 0 };
    return Object.entries(at).map(([i, score]) => ({ block, i: +i, score }));
  }
  const filler = (n: number) => Array.from({ length: n }, (_, k) => `- 08:${String(k).padStart(2, '0')} coffee ${k}`);
  const q = about(['mender', 'server', 'gateways']);
  const best = ranked('2026-01-05', ['- 10:00 mender server: gateways point at eu.hosted.mender.io'], { 0: 10 });
  const sameDay = ranked('2026-03-05', ['- 07:30 mender server cutover done: gateways now point at ota.example.net', ...filler(12), '- 11:45 mender server upload failed: 413'], { 13: 9.5, 0: 9 });
  const other = ranked('2026-02-01', ['- 09:00 mender server dashboards for the gateways'], { 0: 8 });
  const scored = [...best, ...sameDay, ...other].sort((a, b) => b.score - a.score);
  const opts = { maxTokens: 2000, limit: 3, page: 1, rawCommits: () => new Map<string, string>(), holder: () => ({ rel: 'x.md', line: 1 }) };

  it('finds the later statements of the best line\'s subject: newer, two concepts in common, a change or "now"', () => {
    const later = laterStatements(scored, q);
    assert.deepEqual([...later].map((l) => l.block.lines[l.i]), ['- 07:30 mender server cutover done: gateways now point at ota.example.net']);
    assert.equal(laterStatements(scored, about(['mender', 'gateways', 'server'], { who: 0b110 })).size, 0, 'people are no subject');
  });

  it('finds, when the question asks for a kind of value, the later entries of the subject that give one', () => {
    const asked = about(['mender', 'server', 'gateways'], { question: 'what URL do the gateways use for the mender server?' });
    const hosts = [...ranked('2026-01-05', ['- 10:00 mender server: gateways point at eu.hosted.mender.io'], { 0: 10 }), ...ranked('2026-03-09', ['- 08:00 mender server for the gateways: ota.lk-fleet.example.net', '- 09:00 mender server gateways dashboard reviewed'], { 0: 9, 1: 8 })];
    assert.deepEqual([...laterStatements(hosts, asked)].map((l) => l.block.lines[l.i]), ['- 08:00 mender server for the gateways: ota.lk-fleet.example.net']);
    // Not asked for a value, the same line states no change: no later statement.
    assert.equal(laterStatements(hosts, q).size, 0);
  });

  it('does not discount a later statement for a day that already gave a hit', () => {
    const texts = (r: Shared) => r.hits.map((h) => h.text);
    const picked = texts(shareBudget(scored, { ...opts, about: q }));
    assert.ok(picked.some((t) => t.includes('cutover done')), JSON.stringify(picked));
    // The current statement leads; the January line is marked earlier.
    assert.match(picked[0], /cutover done/);
    // Without the question's subject (a question about a time), the day's second hit is discounted: another day is picked.
    const timed = texts(shareBudget(scored, { ...opts, timed: true }));
    assert.ok(!timed.some((t) => t.includes('cutover done')) && timed.some((t) => t.includes('dashboards')), JSON.stringify(timed));
  });
});

/**
 * What an answer puts first and how long it is: current before stale (the newer of two entries
 * about the same subject comes first), and a question naming something memory never mentions gets
 * a short answer that says so.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { namedConcepts, parseQuery } from '../../../src/core/search/query';
import { renderHits, searchMemory } from '../../../src/core/search/search';
import { derived, terms } from '../../../src/core/search/terms';
import { tempVault, writeAt } from '../../support/helpers';

describe('current before stale', () => {
  it('puts the newer entry about the same subject first, even when the older ranks higher', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-03T10:00:00', 'Staging Postgres port is 5432, staging Postgres port for every service');
    writeAt(v, '2025-10-15T10:00:00', 'Staging Postgres moved to port 5433 after the upgrade');
    writeAt(v, '2025-10-20T10:00:00', 'Unrelated: the port of the docs server is 8080');
    const r = searchMemory(v, 'What port does staging Postgres use?', { today: '2025-12-22' });
    const at = (s: string) => r.results.findIndex((h) => h.text.includes(s));
    assert.ok(at('5433') >= 0 && at('5432') >= 0);
    assert.ok(at('5433') < at('5432'), JSON.stringify(r.results.map((h) => h.text)));
  });

  it('puts first a newer entry that says the earlier decision was reversed', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-10-03T11:40:00', 'Not caching the price catalogue for now: the price catalogue query is 4 ms, caching the price catalogue can wait');
    writeAt(v, '2025-12-16T14:20:00', 'Caching decision: the price catalogue is now cached in Redis with a 5-minute TTL, so the earlier call is reversed');
    const r = searchMemory(v, 'Is the price catalogue cached?', { today: '2025-12-22' });
    const at = (s: string) => r.results.findIndex((h) => h.text.includes(s));
    assert.ok(at('5-minute TTL') >= 0 && at('4 ms') >= 0, JSON.stringify(r.results.map((h) => h.text)));
    assert.ok(at('5-minute TTL') < at('4 ms'), JSON.stringify(r.results.map((h) => h.text)));
  });

  it('brings the entry that replaced the best one, though it says none of the query\'s words, and puts it first', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-02T10:00:00', { text: 'Test runner setup: the monorepo runs [[Jest]] 29 with ts-jest; pnpm fans out to every package', entities: [{ kind: 'objects', name: 'Jest' }] });
    for (let i = 0; i < 12; i++) writeAt(v, `2025-09-${String(3 + i).padStart(2, '0')}T10:00:00`, `The CI runner pool was resized to ${i + 2} machines`);
    writeAt(v, '2025-10-28T11:00:00', { text: 'Moved the monorepo from [[Jest]] to [[Vitest]]: cold start was over 40 s on CI', entities: [{ kind: 'objects', name: 'Jest' }, { kind: 'objects', name: 'Vitest' }] });
    const r = searchMemory(v, 'Which test runner do we use?', { today: '2025-12-22' });
    const at = (s: string) => r.results.findIndex((h) => h.text.includes(s));
    assert.ok(at('Moved the monorepo from') >= 0, JSON.stringify(r.results.map((h) => h.text)));
    assert.ok(at('Moved the monorepo from') <= at('runs [[Jest]] 29'), JSON.stringify(r.results.map((h) => h.text)));
    const then = searchMemory(v, 'Which test runner did we use in September 2025?', { today: '2025-12-22' });
    assert.ok(!then.results.slice(0, 1).some((h) => h.text.includes('Moved the monorepo from')), 'a question about a time asks what was so then');
  });
});

describe('current before stale without links', () => {
  const order = (r: { results: { text: string }[] }, ...says: string[]) => says.map((s) => r.results.findIndex((h) => h.text.includes(s)));

  it('reads a thing\'s note as part of the subject, a person\'s as who: [[Unity]] and "editor" are two concepts in common', async () => {
    const v = await tempVault('2026-01-01T08:00:00');
    writeAt(v, '2026-01-06T15:42:00', { text: '[[Unity]] editor is 2022.3.20f1 LTS for the client; asset bundles are built per editor version, every editor upgrade needs a rebuild', entities: [{ kind: 'objects', name: 'Unity' }] });
    writeAt(v, '2026-02-10T12:13:00', { text: '[[Unity]] editor bumped to 2022.3.34f1', entities: [{ kind: 'objects', name: 'Unity' }] });
    const r = searchMemory(v, 'Which Unity editor do we build with?', { today: '2026-04-13' });
    const [newer, older] = order(r, '2022.3.34f1', '2022.3.20f1');
    assert.ok(newer >= 0 && older > newer, JSON.stringify(r.results.map((h) => h.text)));
    assert.equal(r.results[older].earlier, '2026-02-10');
  });

  it('answers a question about the present with the newest entry about the same subject first, and marks the older as earlier', async () => {
    const v = await tempVault('2026-01-01T08:00:00');
    writeAt(v, '2026-01-14T03:15:00', 'Access token lifetime: the Auth0 access token lifetime is 3600 s; the mobile apps get refresh tokens');
    writeAt(v, '2026-02-02T10:00:00', 'Unrelated: the docs server listens on 8080');
    writeAt(v, '2026-03-18T03:00:00', 'Auth0 access token lifetime 900 s after the security review');
    const now = searchMemory(v, "What's the Auth0 access token lifetime currently?", { today: '2026-04-08' });
    const [newer, older] = order(now, '900 s', '3600 s');
    assert.ok(newer >= 0 && older > newer, JSON.stringify(now.results.map((h) => h.text)));
    assert.equal(now.results[older].earlier, '2026-03-18');
    assert.match(renderHits(now.results), /· 2026-01-14 [^\n]*· earlier than 2026-03-18\n/);
    // Asked what it is in the simple present, the newer entry that gives a number beside the question's words comes first too.
    const asked = searchMemory(v, "What's the Auth0 access token lifetime?", { today: '2026-04-08' });
    const [n1, o1] = order(asked, '900 s', '3600 s');
    assert.ok(n1 >= 0 && o1 > n1, JSON.stringify(asked.results.map((h) => h.text)));
    assert.equal(asked.results[o1].earlier, '2026-03-18');
    // Without a question of the present, and with no word of a change, the better match stays first and nothing is marked.
    const plain = searchMemory(v, 'notes on the Auth0 access token lifetime', { today: '2026-04-08' });
    const [n2, o2] = order(plain, '900 s', '3600 s');
    assert.ok(o2 >= 0 && n2 > o2, JSON.stringify(plain.results.map((h) => h.text)));
    assert.ok(plain.results.every((h) => !h.earlier));
  });

  it('answers a question in the simple present as one about now when the newer entry gives a number beside its words', async () => {
    const v = await tempVault('2026-03-01T08:00:00');
    writeAt(v, '2026-03-30T11:45:00', 'Fix for the ack timeout: results consumer prefetch cut from 50 to 20');
    writeAt(v, '2026-05-11T10:40:00', 'Results consumers split per analyzer routing key, one consumer each, with prefetch 10');
    const r = searchMemory(v, "what's the prefetch on the results consumer?", { today: '2026-06-01' });
    const [ten, twenty] = order(r, 'prefetch 10', 'from 50 to 20');
    assert.ok(ten >= 0 && twenty > ten, JSON.stringify(r.results.map((h) => h.text)));
    assert.equal(r.results[twenty].earlier, '2026-05-11');
  });

  it('puts first a newer entry that names the same identifier and says it changed or what it is now, though it shares no other word', async () => {
    const v = await tempVault('2026-01-01T08:00:00');
    writeAt(v, '2026-01-06T03:00:00', 'appt-scheduler DB pool settings as of today: max_open_conns=50, max_idle_conns=10, pool settings hard-coded in the scheduler');
    writeAt(v, '2026-02-18T15:05:00', 'Booking errors: "Too many connections" from MySQL\n12 tasks could open 1440 connections.\nFix (deployed 14:38):\n  max_open_conns 120 -> 80');
    writeAt(v, '2026-01-15T02:00:00', 'appointments index on the old cluster: refresh_interval 1s (the default) for the appointments index');
    writeAt(v, '2026-03-19T09:00:00', 'refresh_interval at 5s from today');
    writeAt(v, '2026-03-20T09:00:00', 'refresh_interval now 5s: at 30s clinicians missed fresh bookings');
    const pool = searchMemory(v, 'max_open_conns on the scheduler DB pool?', { today: '2026-04-08' });
    const [fix, settings] = order(pool, '120 -> 80', 'max_open_conns=50');
    assert.ok(fix >= 0 && settings > fix, JSON.stringify(pool.results.map((h) => h.text)));
    const index = searchMemory(v, 'refresh_interval on the appointments index?', { today: '2026-04-08' });
    const [now, today, old] = order(index, 'refresh_interval now 5s', 'refresh_interval at 5s', 'refresh_interval 1s');
    assert.ok(now >= 0 && old > now, JSON.stringify(index.results.map((h) => h.text)));
    // An identifier named again, with no word of a change or of now, is no replacement.
    assert.ok(today > old, JSON.stringify(index.results.map((h) => h.text)));
  });

  it('does the same in Chinese: 現在 asks about the present, 改成 says a change', async () => {
    const v = await tempVault('2026-01-01T08:00:00');
    writeAt(v, '2026-01-10T10:00:00', '資料庫連線上限：staging 資料庫的連線上限是 50，連線上限寫在設定檔');
    writeAt(v, '2026-02-10T10:00:00', 'staging 資料庫連線上限 80，上週的壓測之後調整，也順便檢查了監控的告警規則、儀表板和值班手冊');
    const now = searchMemory(v, 'staging 資料庫的連線上限現在是多少？', { today: '2026-04-08' });
    const [newer, older] = order(now, '上限 80', '上限是 50');
    assert.ok(newer >= 0 && older > newer, JSON.stringify(now.results.map((h) => h.text)));
    const plain = searchMemory(v, 'staging 資料庫的連線上限是多少？', { today: '2026-04-08' });
    const [n2, o2] = order(plain, '上限 80', '上限是 50');
    assert.ok(o2 >= 0 && n2 > o2, JSON.stringify(plain.results.map((h) => h.text)));
    const w = await tempVault('2026-01-01T08:00:00');
    writeAt(w, '2026-01-12T10:00:00', '提醒簡訊：預約前 24 小時發一則提醒簡訊，提醒簡訊走 Twilio');
    writeAt(w, '2026-03-04T10:00:00', '提醒簡訊改成預約前發兩則，24 小時前和 2 小時前各一則，已經上線了，監控的儀表板也更新了');
    const sms = searchMemory(w, '預約前的提醒簡訊發幾則？', { today: '2026-04-08' });
    const [changed, before] = order(sms, '改成預約前發兩則', '發一則');
    assert.ok(changed >= 0 && before > changed, JSON.stringify(sms.results.map((h) => h.text)));
  });
});

describe('a date as a term of the query', () => {
  it('answers with the lines of a day the query names by its date, though they hold none of its other words', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    for (let i = 0; i < 40; i++) writeAt(v, `2025-${i < 20 ? '10' : '12'}-${String(1 + (i % 20)).padStart(2, '0')}T10:00:00`, `Fixed flaky test number ${i} in the billing suite`);
    writeAt(v, '2025-11-26T15:30:00', { text: 'invoice-renderer crashed on the new node pool: /dev/shm was 64 MB; mounted an emptyDir at /dev/shm', kind: 'error' });
    for (const q of ['What did we fix on Wednesday, November 26?', 'What did we fix on 2025-11-26?']) {
      const r = searchMemory(v, q, { today: '2025-12-22' });
      assert.match(r.results[0]?.text ?? '', /mounted an emptyDir/, `${q}: ${JSON.stringify(r.results.map((h) => h.text))}`);
    }
  });

  it('leaves a time told relative to today to the words: "last weekend" in a question may be a story\'s, not today\'s', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-10T10:00:00', 'Last weekend I volunteered at the food bank');
    for (let i = 0; i < 30; i++) writeAt(v, `2025-12-20T10:${String(i).padStart(2, '0')}:00`, `Cleaned up the staging cluster, step ${i}`);
    const r = searchMemory(v, 'Where did I volunteer last weekend?', { today: '2025-12-22' });
    assert.match(r.results[0]?.text ?? '', /volunteered at the food bank/);
  });

  it('does not read an older line\'s "last week" as the week asked about, unless it holds another word of the query', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    for (let i = 0; i < 8; i++) writeAt(v, `2025-09-${String(10 + i).padStart(2, '0')}T10:00:00`, `Bounce rate was 0.${i}% last week, nothing to do`);
    for (let i = 0; i < 8; i++) writeAt(v, `2025-12-${String(15 + (i % 5)).padStart(2, '0')}T1${i}:00:00`, `Reviewed PR ${i} from the platform team`);
    writeAt(v, '2025-12-19T11:00:00', { text: 'Deploy freeze from 22 Dec to 2 Jan: only hotfixes go to prod', kind: 'decision' });
    const r = searchMemory(v, 'Which decisions did we make last week?', { today: '2025-12-22', maxTokens: 300 });
    assert.match(r.results.map((h) => h.text).join('\n'), /Deploy freeze/, JSON.stringify(r.results.map((h) => h.text)));
    assert.ok(!r.results.some((h) => /Bounce rate/.test(h.text)), 'a September "last week" is another week');
  });
});

describe('names as people write them', () => {
  it('finds an entity by its name without accents, its number without leading zeros, and its numeronym', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-02T10:00:00', { text: '[[Tomás]] takes over the dunning job', entities: [{ kind: 'people', name: 'Tomás' }] });
    writeAt(v, '2025-09-03T10:00:00', { text: 'Follow-up to [[INC-047]]: usage is reported every 15 minutes', entities: [{ kind: 'events', name: 'INC-047' }] });
    writeAt(v, '2025-09-04T10:00:00', { text: 'The PDF pods on [[Kubernetes]] get 1 GiB of shared memory', entities: [{ kind: 'objects', name: 'Kubernetes' }] });
    const first = (q: string) => searchMemory(v, q, { today: '2025-12-22' }).results[0]?.text ?? '';
    assert.match(first('What does Tomas do?'), /takes over the dunning job/);
    assert.match(first('What did INC-47 change?'), /every 15 minutes/);
    assert.match(first('shared memory of the k8s pods'), /1 GiB of shared memory/);
  });
});

describe('a word and its derivations', () => {
  it('joins a word and what is derived from it (own, ownership; pay, payment), never a word that only begins alike', () => {
    assert.ok(derived('own', 'ownership') && derived('ownership', 'own') && derived('pay', 'payment') && derived('lead', 'leadership') && derived('kind', 'kindness'));
    assert.ok(!derived('care', 'career') && !derived('own', 'owner') && !derived('ow', 'owment') && !derived('own', 'owning'));
  });

  it('reads a name in camel case as its words too, a brand\'s or a device\'s capitals as one word', () => {
    assert.deepEqual(terms('accessTokenLifespan: 900'), ['accesstokenlifespan', 'access', 'token', 'lifespan', '900']);
    assert.deepEqual(terms('getUserById'), ['getuserbyid', 'user', 'id'], 'its stop words dropped');
    assert.deepEqual(terms('PostgreSQL on GitHub, an iPhone, ttyUSB2'), ['postgresql', 'github', 'iphon', 'ttyusb2'], 'a brand\'s or a device\'s capitals are one word');
  });

  it('finds the entry that names the question\'s words only inside a camel-case setting', async () => {
    const v = await tempVault('2026-03-01T08:00:00');
    writeAt(v, '2026-03-04T13:50:00', 'Access to the realm admin console needs a hardware token from the security desk.');
    writeAt(v, '2026-03-05T10:00:00', 'The realm export on main has accessTokenLifespan: 900 since the review.');
    writeAt(v, '2026-03-06T10:00:00', 'Realm halyard federates users from AD over LDAPS; an access request goes to the realm owner.');
    const r = searchMemory(v, 'What is the access token lifespan on the realm?', { today: '2026-04-01', maxTokens: 200 });
    assert.match(r.results[0]?.text ?? '', /accessTokenLifespan: 900/, JSON.stringify(r.results.map((h) => h.text)));
  });

  it('ranks the line that names the entity and a derivation of the question\'s word first', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-02T10:00:00', { text: '[[Tomás]] is on the customers page', entities: [{ kind: 'people', name: 'Tomás' }] });
    writeAt(v, '2025-09-02T11:00:00', 'Atlas had their own webhook endpoint returning 500s');
    writeAt(v, '2025-09-02T12:00:00', 'Each test now builds its own fixture');
    writeAt(v, '2025-11-03T10:00:00', { text: '[[Tomás]] takes over ownership of billing and the dunning job', entities: [{ kind: 'people', name: 'Tomás' }] });
    writeAt(v, '2025-11-03T11:00:00', 'Refactored the row menu into its own component');
    const r = searchMemory(v, 'What does Tomas own these days?', { today: '2025-12-22' });
    assert.match(r.results[0]?.text.split('\n').find((l) => l.includes('ownership')) ?? '', /takes over ownership/, JSON.stringify(r.results.map((h) => h.text)));
  });
});

describe('questions memory cannot answer', () => {
  it('tells names from words', () => {
    const q = parseQuery('Why did we move off Kafka and GraphQL? 我們為什麼把 MongoDB 換掉', []);
    const named = q.concepts.filter((_c, k) => namedConcepts(q) & (1 << k)).map((c) => c.label);
    assert.deepEqual(named.sort(), ['graphql', 'kafka', 'mongodb']);
    const month = parseQuery('When did we go camping in June?', []);
    assert.equal(namedConcepts(month), 0, 'a month is a time, not a name');
    const plain = parseQuery('Why did we move off the queue?', []);
    assert.equal(namedConcepts(plain), 0, 'a sentence\'s first word and plain words are not names');
    for (const text of ['Is there a max size for an upload? someone pushes a 3GB scan', 'it fell over at 6am, what did we do?', 'a 500ms timeout or 2.5s?', 'we scaled it 2x last week, why?']) {
      assert.equal(namedConcepts(parseQuery(text, [])), 0, `a number with its unit is a value, not a name: ${text}`);
    }
    const s3 = parseQuery('Why did the S3 bucket move?', []);
    assert.deepEqual(s3.concepts.filter((_c, k) => namedConcepts(s3) & (1 << k)).map((c) => c.label), ['s3'], 'letters and digits that are no quantity still name');
  });

  it('answers briefly, and says so, when the question names something memory never mentions', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    for (let i = 0; i < 40; i++) writeAt(v, `2025-09-${String(2 + (i % 20)).padStart(2, '0')}T1${i % 10}:00:00`, `We decided to move the billing queue to BullMQ, step ${i} of the plan`);
    const full = searchMemory(v, 'Why did we move the queue?');
    const none = searchMemory(v, 'Why did we move off Kafka?');
    assert.ok(full.tokens > 1000);
    assert.ok(none.tokens <= 250, `${none.tokens} tokens`);
    assert.deepEqual(none.missing, ['kafka']);
  });

  it('answers briefly when one proper name of the question is unknown beside known ones, showing the best of what memory knows first', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    for (let i = 0; i < 40; i++) writeAt(v, `2025-09-${String(2 + (i % 20)).padStart(2, '0')}T1${i % 10}:00:00`, { text: `We decided to move the [[intake]] queue to BullMQ, step ${i} of the plan`, entities: [{ kind: 'objects', name: 'intake' }] });
    const known = searchMemory(v, 'Why did we move the intake queue to BullMQ?');
    assert.ok(known.tokens > 1000 && known.missing === undefined, 'every name known: a full answer');
    for (const q of ['Why did we move BullMQ off Kafka?', 'Why did we drop Kafka for the intake queue?']) {
      const r = searchMemory(v, q);
      assert.deepEqual(r.missing, ['kafka'], q);
      assert.ok(r.tokens <= 250, `${q}: ${r.tokens} tokens`);
      assert.match(r.results[0]?.text ?? '', /BullMQ/, 'what memory knows of the rest still comes first');
    }
    // A plain Latin word of a Chinese question may be said in Chinese in memory: it is no proper name.
    writeAt(v, '2025-09-25T10:00:00', 'BullMQ 的 queue 部署在 staging，由 Dana 負責');
    const mixed = searchMemory(v, 'BullMQ 的 rollout 在哪裡？');
    assert.equal(mixed.missing, undefined, JSON.stringify(mixed.missing));
  });

  it("reads a short acronym's plural as the acronym memory writes: \"APIs\" is no unknown name where memory says \"API\"", async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    for (let i = 0; i < 40; i++) writeAt(v, `2025-09-${String(2 + (i % 20)).padStart(2, '0')}T1${i % 10}:00:00`, `The billing API moved to version ${i} of the REST schema, step ${i} of the plan`);
    const r = searchMemory(v, 'Which version are the billing APIs on?');
    assert.equal(r.missing, undefined, JSON.stringify(r.missing));
    assert.ok(r.tokens > 1000, `${r.tokens} tokens`);
    const none = searchMemory(v, 'Which version are the billing SDKs on?');
    assert.deepEqual(none.missing, ['sdks'], 'an acronym memory never writes is still unknown');
  });

  it('keeps a full answer for a pasted trace whose code names something memory never mentions', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-03T10:00:00', "Fixed TypeError: Cannot read properties of undefined (reading 'id') in handleInvoicePaid: one-off invoices have no subscription");
    for (let i = 0; i < 30; i++) writeAt(v, `2025-09-${String(4 + (i % 9)).padStart(2, '0')}T1${i % 10}:00:00`, `invoice worker job ${i} started after the deploy`);
    const trace = [
      'The invoice worker fails since the deploy:',
      ...Array.from({ length: 30 }, (_, i) => `{"level":30,"msg":"job started","jobId":"${48000 + i}","queue":"invoiceQueueZephyr"}`),
      '{"level":50,"err":{"type":"TypeError","stack":"TypeError: Cannot read properties of undefined (reading \'id\')\\n    at handleInvoicePaid (/app/dist/billing/webhook.js:151:41)"}}',
      'Have we run into this before?',
    ].join('\n');
    const r = searchMemory(v, trace);
    assert.equal(r.missing, undefined);
    assert.match(r.results[0]?.text ?? '', /one-off invoices/);
  });

  it('answers in full when the question also names an entity memory knows, in words memory does not use', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    for (let i = 0; i < 40; i++) writeAt(v, `2025-09-${String(2 + (i % 20)).padStart(2, '0')}T1${i % 10}:00:00`, { text: `[[Nate]] played on his Nintendo Switch again, evening ${i}, and won the gaming tournament round`, entities: [{ kind: 'people', name: 'Nate' }] });
    const r = searchMemory(v, 'What Console does Nate own for gaming?');
    assert.equal(r.missing, undefined);
    assert.ok(r.tokens > 1000, `${r.tokens} tokens`);
  });
});

describe('what is searchable', () => {
  it('finds PostgreSQL for postgres, and never a redaction marker or a copied citation', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-03T10:00:00', 'Staging PostgreSQL listens on 5433');
    writeAt(v, '2025-09-04T10:00:00', 'Rotated the connection string [secret: postgre-sql-connection] for the worker');
    writeAt(v, '2025-09-05T10:00:00', 'See .CoreSoul/memory/chronological/2025-09-03.md:4 about the worker');
    const texts = searchMemory(v, 'postgres').results.map((h) => h.text).join('\n');
    assert.match(texts, /Staging PostgreSQL listens on 5433/);
    assert.doesNotMatch(texts, /secret: postgre/);
    assert.deepEqual(searchMemory(v, 'chronological').results, [], 'a citation is not text of the memory');
    writeAt(v, '2025-09-06T10:00:00', 'As the answer cited it: [2025-08.md:214 · 2025-08-08 · from history 3f2a9c1] for the worker');
    assert.deepEqual(searchMemory(v, 'history').results, [], 'nor is one in the short form an answer shows');
  });
});

/**
 * Queries as agents write them (docs/search.md#prompts): a pasted trace is reduced to its subject,
 * a prompt that asks several things is split into topics that share the budget, and the answer
 * names a topic that found nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { needsReduction, pastedQuery, topicsOf } from '../../../src/core/search/prompt';
import { searchMemory } from '../../../src/core/search/search';
import { tempVault, writeAt } from '../../support/helpers';
import { put } from '../../support/searchFixture';

const subjectOf = (text: string) => pastedQuery(text).subject;

const TRACE = [
  'Getting failures in the invoice worker logs since the deploy. Here is what the pod prints:',
  ...Array.from({ length: 40 }, (_, i) => `{"level":30,"time":17661360${String(i).padStart(5, '0')},"pid":1,"hostname":"worker-6f7c9d8b54-q2lzm","msg":"job started","jobId":"${48000 + i}"}`),
  '{"level":50,"msg":"handler failed","err":{"type":"TypeError","message":"Cannot read properties of undefined (reading \'id\')","stack":"TypeError: Cannot read properties of undefined (reading \'id\')\\n    at handleInvoicePaid (/app/dist/billing/webhook.js:151:41)\\n    at dispatch (/app/dist/billing/webhook.js:64:14)"}}',
  'Have we run into this before?',
].join('\n');

describe('long prompts', () => {
  it('reduces a pasted trace to its error message, exception, file and identifiers', () => {
    assert.ok(TRACE.length > 4000);
    assert.ok(needsReduction(TRACE));
    assert.ok(!needsReduction('Fennick harmonium'));
    const subject = subjectOf(TRACE);
    assert.ok(subject.length <= 900);
    // A message is searched for by its constant words: what it quotes or brackets varies (another property the next time).
    assert.match(subject, /"Cannot read properties of undefined"/);
    assert.match(subject, /TypeError/);
    assert.match(subject, /webhook\.js/);
    assert.match(subject, /handleInvoicePaid/);
    assert.doesNotMatch(subject, /6f7c9d8b54/, 'generated names (pods, hashes) identify nothing');
  });

  it('reads error messages as logs write them, by their constant words', () => {
    const log = (lines: string[]) => subjectOf([...lines, ...Array.from({ length: 30 }, (_, i) => `{"level":"info","ts":"2026-04-13T08:52:0${i % 10}Z","msg":"tick","n":${i}}`), 'Seen this before?'].join('\n'));
    // A Go panic, lower case; a structured log's error field; a Kafka error written last time with another partition.
    assert.match(log(['panic: assignment to entry in nil map', 'goroutine 87 [running]:']), /"assignment to entry in nil map"/);
    assert.match(log(['WARN mm_svc::redis: command failed cmd="ZADD" err="OOM command not allowed when used memory > \'maxmemory\'."']), /"OOM command not allowed when used memory"/);
    const kafka = log(['2026-04-07T22:14:03.118Z level=error msg="consume failed" err="kafka: error while consuming appt.booking.updated.v1/7: kafka server: The provided member is not known in the current generation"']);
    assert.match(kafka, /"The provided member is not known in the current generation"/);
    assert.doesNotMatch(kafka, /v1\/7/);
    // A JSON error's snake_case type is an exception name; upper-case ERROR opens a message.
    assert.match(log(['{"error":{"root_cause":[{"type":"circuit_breaking_exception","reason":"[parent] Data too large"}]}}']), /circuit_breaking_exception/);
    assert.match(log(['ERROR: lk-gateway-image-1.1.0-r0 do_image_sdimg: Size of rootfs is greater than the calculated partition space (1180 MB > 1024 MB)']), /"Size of rootfs is greater than the calculated partition space"/);
  });

  it('asks each question of a pasted prompt of what it pasted, and keeps the question however long the paste', () => {
    const paste = Array.from({ length: 30 }, (_, i) => `/home/maya/lk/fw/boards/larkspur/ls1/file_${i}.conf: warning: "CONFIG_OPTION_${i}" was assigned the value "y"`);
    const prompt = ['I need BT debug logs on a rev C board.', ...paste, 'FATAL ERROR: command exited with status 1', 'Have we hit this overflow before? What is the sane way to get full logging into the image without blowing the slot?'].join('\n');
    const topics = pastedQuery(prompt).topics;
    assert.equal(topics.length, 2, JSON.stringify(topics));
    for (const t of topics) assert.match(t, /"command exited with status"/, 'every topic opens with the signals');
    assert.match(topics[1], /full logging into the image without blowing the slot/);
    assert.ok(topics.every((t) => t.length <= 900));
    // One question: one topic, the reduced prompt.
    assert.deepEqual(pastedQuery(TRACE).topics, [subjectOf(TRACE)]);
  });

  it('finds the memory of the earlier fix for a 4,000-character prompt with a stack trace', async () => {
    const v = await tempVault('2026-03-11T09:00:00');
    writeAt(v, '2026-01-05T10:00:00', "Fixed TypeError: Cannot read properties of undefined (reading 'id') in handleInvoicePaid: the invoice event has no subscription for one-off invoices");
    for (let i = 0; i < 30; i++) writeAt(v, `2026-03-0${1 + (i % 9)}T1${i % 10}:00:00`, `worker job ${i} started on the invoice queue after the deploy`);
    const r = searchMemory(v, TRACE);
    assert.match(r.results[0]?.text ?? '', /one-off invoices/);
  });

  it('brings the entry that fixed a reported error right after the report, though the report matches the paste better', async () => {
    const v = await tempVault('2026-03-11T09:00:00');
    const frames = (n: number) => Array.from({ length: 6 }, (_, i) => `     at RabbitMQ.Client.Impl.Session${n}.Frame${i}.Transmit(OutgoingCommand& cmd)`);
    const message = "AlreadyClosedException: Already closed: The AMQP operation was interrupted: code=406, text='PRECONDITION_FAILED - delivery acknowledgement on channel 1 timed out'";
    writeAt(v, '2026-03-02T10:10:00', { text: ['worker lost its channel mid-batch in Test', `  RabbitMQ.Client.Exceptions.${message}`, ...frames(1)].join('\n'), kind: 'error' });
    writeAt(v, '2026-03-02T11:45:00', { text: "Fix for 'PRECONDITION_FAILED - delivery acknowledgement on channel 1 timed out': prefetch cut from 50 to 20", kind: 'error' });
    // Other reports of the same kind of error, each matching the paste about as well as the first.
    for (let n = 2; n < 6; n++) writeAt(v, `2026-03-0${n + 1}T09:00:00`, { text: [`worker ${n} lost its channel again under load`, `  RabbitMQ.Client.Exceptions.AlreadyClosedException: Already closed: The AMQP operation was interrupted`, ...frames(n)].join('\n'), kind: 'error' });
    const paste = ['The results consumer keeps losing its channel. From the worker log:', `2026-03-10T14:41:06Z ERR RabbitMQ.Client.Exceptions.${message}`, ...frames(1), 'Have we seen this before?'].join('\n');
    const hits = searchMemory(v, paste, { maxTokens: 300 }).results.map((h) => h.text);
    const report = hits.findIndex((t) => t.includes('worker lost its channel mid-batch'));
    assert.ok(report >= 0, hits.join('\n'));
    assert.match(hits[report + 1] ?? '', /prefetch cut from 50 to 20/, hits.join('\n'));
  });
});

describe('topics', () => {
  it('splits a prompt into its questions, a preamble joining the question after it', () => {
    assert.deepEqual(topicsOf('Before I refactor the webhook handler, remind me why we picked BullMQ and who owns deploys.'), ['Before I refactor the webhook handler, remind me why we picked BullMQ', 'who owns deploys.']);
    assert.deepEqual(topicsOf('Two quick ones: what caused INC-031, and who is the incident commander?'), ['what caused INC-031', 'who is the incident commander?']);
    assert.deepEqual(topicsOf('Which env var holds the signing secret, and where is it stored?'), ['Which env var holds the signing secret, where is it stored?'], 'a clause that points back belongs to the one before');
    assert.deepEqual(topicsOf("Who owns the Flutter app and when's its next release?"), ["Who owns the Flutter app, when's its next release?"], 'the pronoun that points back is no word of a subject of its own');
    assert.deepEqual(topicsOf('Who owns deploys and when is the next release train?'), ['Who owns deploys', 'when is the next release train?'], 'a clause with a subject of its own is a topic');
    assert.deepEqual(topicsOf('What are the task sizes for the gateway and for the search indexer?'), ['What are the task sizes for the gateway', 'What are the task sizes for the search indexer?'], 'one question asked of two things: a topic each');
    assert.deepEqual(topicsOf('any conventions for the request models and for the queries?'), ['any conventions for the request models', 'any conventions for the queries?'], 'a question need not open with a question word');
    assert.deepEqual(topicsOf('I moved in June and in July I left.'), ['I moved in June and in July I left.'], 'a statement asks nothing of two things');
    assert.deepEqual(topicsOf('What is the replica count in staging and prod?'), ['What is the replica count in staging and prod?'], 'without the preposition again, one thing');
    assert.deepEqual(topicsOf('whats our reindex procedure, and the rules for changing proto fields?'), ['whats our reindex procedure', 'the rules for changing proto fields?'], 'after ", and" a noun phrase of its own is asked the same way');
    assert.deepEqual(topicsOf('Before I refactor the handler, and the tests, remind me why we picked BullMQ'), ['Before I refactor the handler, and the tests, remind me why we picked BullMQ'], 'not after a clause that asks nothing');
    assert.deepEqual(topicsOf('whats the staging port, and hows it configured?'), ['whats the staging port, hows it configured?'], 'question words written without their apostrophe');
    assert.deepEqual(topicsOf('Fennick harmonium'), ['Fennick harmonium']);
    assert.deepEqual(topicsOf('What areas of the U.S. has John been to?'), ['What areas of the U.S. has John been to?'], 'an initial ends no sentence');
    assert.deepEqual(topicsOf('What does Nate do that he loves and can make money from?'), ['What does Nate do that he loves and can make money from?'], 'after a bare "and" only a question word opens a topic');
    assert.deepEqual(topicsOf('What did Caroline and Melanie do together?'), ['What did Caroline and Melanie do together?']);
    assert.deepEqual(topicsOf('Why "a, and who" matters?'), ['Why "a, and who" matters?'], 'quoted text is never cut');
  });

  it('gives every topic its share of the budget and names the topic that found nothing', async () => {
    const v = await tempVault('2026-03-11T09:00:00');
    for (let i = 0; i < 40; i++) writeAt(v, `2026-03-${String(1 + (i % 9)).padStart(2, '0')}T1${i % 10}:00:00`, `BullMQ queue tuning note ${i}: we picked BullMQ for retries and the dashboard`);
    writeAt(v, '2026-02-02T10:00:00', 'Dana owns deploys from now on');
    const r = searchMemory(v, 'Remind me why we picked BullMQ, and who owns deploys?', { maxTokens: 400 });
    assert.ok(r.results.some((h) => /Dana owns deploys/.test(h.text)), 'the second topic is not crowded out');
    assert.ok(r.tokens <= 400);
    assert.equal(r.missing, undefined);
    const none = searchMemory(v, 'Why did we pick BullMQ, and what is the Zeppelin quota?');
    assert.deepEqual(none.missing, ['what is the Zeppelin quota?']);
    assert.ok(none.results.length);
  });

  it('shows an entry two topics both find once, though each shows more or less of it', async () => {
    const v = await tempVault('2026-03-11T09:00:00');
    const frames = Array.from({ length: 8 }, (_, i) => `     at RabbitMQ.Client.Impl.Frame${i}.Transmit(OutgoingCommand& cmd)`);
    writeAt(v, '2026-03-02T10:00:00', ['worker lost its channel mid-batch', '  RabbitMQ.Client.Exceptions.AlreadyClosedException: delivery acknowledgement timed out', ...frames, '     at LabBridge.Worker.ResultConsumer.HandleBasicDeliver(String consumerTag)'].join('\n'));
    for (let i = 0; i < 12; i++) writeAt(v, `2026-03-0${3 + (i % 6)}T1${i % 10}:00:00`, `worker note ${i} about the results queue`);
    const r = searchMemory(v, 'Why did the worker lose its channel mid-batch, and what does HandleBasicDeliver in ResultConsumer do?', { maxTokens: 800 });
    const lines = r.results.flatMap((h) => h.text.split('\n'));
    assert.equal(lines.filter((l) => l.includes('lost its channel mid-batch')).length, 1, lines.join('\n'));
  });

  it('says in the context layer which topic found nothing', async () => {
    const v = await tempVault('2026-03-11T09:00:00');
    put(v, 'chronological/2026-03-01.md', ['# 2026-03-01', '', '- 10:00:00 we picked BullMQ for retries']);
    const { recallFrom } = await import('../../../src/core/context/recall');
    const recalled = await recallFrom(v)('Why did we pick BullMQ, and what is the Zeppelin quota?', 800);
    assert.deepEqual(recalled.missing, ['what is the Zeppelin quota?']);
  });
});

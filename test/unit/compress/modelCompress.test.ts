import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { fixedClock, parseNow } from '../../../src/core/shared/clock';
import { type LanguageModel, compressWith } from '../../../src/core/compress/modelCompress';
import { type Vault, dayFile } from '../../../src/core/vault/layout';
import { writeMemory } from '../../../src/core/memory/write';
import { type Block, blocks, fakeModel, linksOf } from '../../support/fakeSummariser';
import { read, snapshot, tempVault } from '../../support/helpers';

const NOW = parseNow('2026-03-10T09:00:00');

/** Last week's Tuesday and Wednesday: three hours of entries with links. */
async function vault(): Promise<Vault> {
  const v = await tempVault('2026-03-02T08:00:00');
  const w = (when: string, text: string) => writeMemory(v, { text }, { clock: fixedClock(when), compress: () => ({ ran: false }) });
  w('2026-03-03T09:05:00', 'planned the sprint with [[Alice]]');
  w('2026-03-03T09:40:00', '#decision move to [[Postgres]] 16');
  w('2026-03-03T14:10:00', 'lunch talk about [[Budget]]');
  w('2026-03-04T10:00:00', 'reviewed [[PR 42]] for [[Bob]]');
  return v;
}

const goodAnswer = (b: Block) => [`- model summary of ${b.entries.length} entries: ${linksOf(b).join(' ')}`];

describe('compressWith: summaries from a language model', () => {
  it('batches the hours into one prompt, outside the vault lock, and writes the model summaries', async () => {
    const v = await vault();
    let lockHeld: boolean | undefined;
    const { model, prompts } = fakeModel((b) => {
      lockHeld = fs.existsSync(v.lockFile);
      return goodAnswer(b);
    });
    const report = await compressWith(v, { now: NOW, model });
    assert.equal(lockHeld, false, 'writers are not blocked while the model works');
    assert.equal(prompts.length, 1);
    assert.deepEqual(blocks(prompts[0]).map((b) => b.header), ['=== 2026-03-03 09:00', '=== 2026-03-03 14:00', '=== 2026-03-04 10:00']);
    assert.ok(!prompts[0].includes('entities/'), 'no entity note is sent');
    assert.deepEqual(report.summariser, { model: 'fake-model', prompts: 1, fromModel: 3, fallbacks: [] });
    assert.deepEqual(report.l1ToL2, ['2026-03-03', '2026-03-04']);
    assert.equal(report.linksLost, 0);
    assert.match(read(dayFile(v, '2026-03-03')), /## 09:00\n- model summary of 2 entries: \[\[Alice\]\] \[\[Postgres\]\]\n- by: Tess Tester on testbox\n\n## 14:00\n- model summary of 1 entries: \[\[Budget\]\]\n- by: Tess Tester on testbox\n$/);
  });

  it('asks again when a summary drops a link, and uses the second answer', async () => {
    const v = await vault();
    const { model, prompts } = fakeModel((b, call) => (call === 1 && b.header.endsWith('09:00') ? ['- planned, decided'] : goodAnswer(b)));
    const report = await compressWith(v, { now: NOW, model });
    assert.equal(prompts.length, 2);
    assert.deepEqual(blocks(prompts[1]).map((b) => b.header), ['=== 2026-03-03 09:00'], 'only the failed hour is asked again');
    assert.deepEqual(report.summariser.fallbacks, []);
    assert.match(read(dayFile(v, '2026-03-03')), /## 09:00\n- model summary of 2 entries: \[\[Alice\]\] \[\[Postgres\]\]\n/);
  });

  it('falls back to the extractive summary for an hour that keeps dropping a link', async () => {
    const v = await vault();
    const { model, prompts } = fakeModel((b) => (b.header.endsWith('10:00') ? ['- reviewed a PR'] : goodAnswer(b)));
    const report = await compressWith(v, { now: NOW, model });
    assert.equal(prompts.length, 2);
    assert.deepEqual(report.summariser.fallbacks, [{ day: '2026-03-04', hour: '10:00', reason: 'dropped [[PR 42]] [[Bob]]' }]);
    assert.equal(report.summariser.fromModel, 2);
    assert.match(read(dayFile(v, '2026-03-04')), /## 10:00\n- 10:00 \[by Tess Tester on testbox\] reviewed \[\[PR 42\]\] for \[\[Bob\]\]\n$/);
    assert.equal(report.linksLost, 0);
  });

  it('falls back when the reply is garbage', async () => {
    for (const reply of ['I am sorry, I cannot help with that.', '=== 2026-03-03 09:00\n## A heading\nprose, not bullets', '']) {
      const v = await vault();
      const model: LanguageModel = { name: 'garbage', maxPromptTokens: 4000, complete: async () => reply };
      const report = await compressWith(v, { now: NOW, model });
      assert.equal(report.summariser.prompts, 2, reply);
      assert.equal(report.summariser.fromModel, 0);
      assert.equal(report.summariser.fallbacks.length, 3);
      assert.match(report.summariser.fallbacks[0].reason, reply.startsWith('===') ? /not a "- " bullet line/ : /missing from the reply/);
      assert.match(read(dayFile(v, '2026-03-03')), /## 09:00\n- 09:05 \[by Tess Tester on testbox\] planned the sprint with \[\[Alice\]\]\n- 09:40 \[by Tess Tester on testbox\] #decision move to \[\[Postgres\]\] 16\n/);
    }
  });

  it('gives up on a model that does not answer in time, after one retry, and aborts its requests', async () => {
    const v = await vault();
    let aborted = 0;
    const model: LanguageModel = {
      name: 'silent',
      maxPromptTokens: 4000,
      complete: (_prompt, signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            aborted++;
            reject(new Error('cancelled'));
          }),
        ),
    };
    const report = await compressWith(v, { now: NOW, model, timeoutMs: 25 });
    assert.equal(aborted, 2);
    assert.equal(report.summariser.prompts, 2);
    assert.deepEqual(report.summariser.fallbacks.map((f) => f.reason), Array(3).fill('no usable reply: no reply within 25 ms'));
    assert.equal(report.ran, true);
    assert.deepEqual(report.l1ToL2, ['2026-03-03', '2026-03-04']);
  });

  it('keeps every prompt within the token limit, and leaves an hour too big for one to the extractive summary', async () => {
    const v = await tempVault('2026-03-02T08:00:00');
    for (let h = 8; h < 18; h++) {
      writeMemory(v, { text: `hour ${h} work on [[Service${h}]]` }, { clock: fixedClock(`2026-03-03T${String(h).padStart(2, '0')}:00:00`), compress: () => ({ ran: false }) });
    }
    for (let m = 10; m < 40; m++) {
      writeMemory(v, { text: `busy minute ${m} of a crowded hour, see [[Ticket${m}]]` }, { clock: fixedClock(`2026-03-04T09:${m}:00`), compress: () => ({ ran: false }) });
    }
    writeMemory(v, { text: `${'huge '.repeat(2000)}[[Big]]` }, { clock: fixedClock('2026-03-05T09:00:00'), compress: () => ({ ran: false }) });
    const countTokens = (text: string) => Math.ceil(text.length / 4);
    const { model, prompts } = fakeModel(goodAnswer, { maxPromptTokens: 300, countTokens });
    const report = await compressWith(v, { now: NOW, model });
    assert.ok(prompts.length >= 3, `${prompts.length} prompts`);
    for (const p of prompts) assert.ok(countTokens(p) <= 300, `${countTokens(p)} tokens`);
    assert.equal(report.summariser.fromModel, 11, 'ten hours and the shortened huge entry');
    assert.ok(prompts.some((p) => /- 09:00:00 \[by Tess Tester on testbox\] (huge )+huge… \[\[Big\]\]/.test(p)), 'a huge entry is shortened in the prompt, its link kept');
    assert.deepEqual(report.summariser.fallbacks, [{ day: '2026-03-04', hour: '09:00', reason: "larger than the model's prompt limit of 300 tokens" }]);
    for (let m = 10; m < 40; m++) assert.ok(read(dayFile(v, '2026-03-04')).includes(`[[Ticket${m}]]`));
  });

  it('uses the extractive summary for an hour edited while the model worked', async () => {
    const v = await vault();
    const { model } = fakeModel((b) => {
      if (b.header.endsWith('14:00')) fs.appendFileSync(dayFile(v, '2026-03-03'), '- 14:30:00 added by hand with [[Late]]\n');
      return goodAnswer(b);
    });
    const report = await compressWith(v, { now: NOW, model });
    assert.deepEqual(report.summariser.fallbacks, [{ day: '2026-03-03', hour: '14:00', reason: 'entries changed while the model worked' }]);
    const text = read(dayFile(v, '2026-03-03'));
    assert.match(text, /## 14:00\n- 14:10 \[by Tess Tester on testbox\] lunch talk about \[\[Budget\]\]\n- 14:30 added by hand with \[\[Late\]\]\n$/);
    assert.match(text, /## 09:00\n- model summary of 2 entries/);
  });

  it('sends nothing and writes nothing on a dry run', async () => {
    const v = await vault();
    const before = snapshot(v.soulDir);
    const { model, prompts } = fakeModel(goodAnswer);
    const report = await compressWith(v, { now: NOW, model, dryRun: true });
    assert.equal(prompts.length, 0);
    assert.deepEqual(report.l1ToL2, ['2026-03-03', '2026-03-04']);
    assert.deepEqual(snapshot(v.soulDir), before);
  });
});

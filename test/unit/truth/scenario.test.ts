/**
 * Issue #34's measure: on a project that changes over four months while memories are written
 * about it (test/support/truthScenario.ts, labelled before the rules were tuned), the stale,
 * superseded and duplicate flags each reach a precision and a recall of at least 0.9.
 */
import * as assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { findDuplicates } from '../../../src/core/truth/duplicates';
import { checkFreshness, gitCodeWorkspace } from '../../../src/core/truth/freshness';
import { type TruthMemory, readMemories } from '../../../src/core/truth/memories';
import { findSupersessions } from '../../../src/core/truth/supersession';
import { tempDir } from '../../support/helpers';
import { type Scenario, buildTruthScenario } from '../../support/truthScenario';

const THRESHOLD = 0.9;
let s: Scenario;
let memories: TruthMemory[];

before(async () => {
  s = await buildTruthScenario(tempDir('coresoul-truth-'));
  memories = readMemories(s.vault);
});

/** Precision and recall of `predicted` against `labelled`, and the misses for the message. */
function score(predicted: Set<string>, labelled: Set<string>) {
  const tp = [...predicted].filter((p) => labelled.has(p)).length;
  const fp = [...predicted].filter((p) => !labelled.has(p));
  const fn = [...labelled].filter((l) => !predicted.has(l));
  return { precision: predicted.size ? tp / predicted.size : 1, recall: labelled.size ? tp / labelled.size : 1, tp, fp, fn };
}

function report(name: string, r: ReturnType<typeof score>) {
  console.log(`${name}: precision ${r.precision.toFixed(3)} recall ${r.recall.toFixed(3)} (tp ${r.tp}, fp ${r.fp.length}, fn ${r.fn.length})`);
  assert.ok(r.precision >= THRESHOLD && r.recall >= THRESHOLD, `${name}: false ${JSON.stringify(r.fp)} missed ${JSON.stringify(r.fn)}`);
}

test('the scenario reads back every memory it labelled', () => {
  const ids = new Set(memories.map((m) => m.id));
  for (const id of s.labels.all) assert.ok(ids.has(id), id);
});

test('stale: code citations checked against the git history reach precision and recall ≥ 0.9', async () => {
  const marks = await checkFreshness(memories, gitCodeWorkspace(s.root));
  const predicted = new Set(memories.filter((_, i) => marks[i].length).map((m) => m.id));
  report('stale', score(predicted, s.labels.stale));
});

test('superseded: replaced facts (EN and Chinese phrasings, corrections) reach precision and recall ≥ 0.9', () => {
  const pairs = findSupersessions(memories);
  // A pair counts only when it names the right replacer.
  const predicted = new Set(pairs.map((p) => `${p.older} → ${p.newer}`));
  const labelled = new Set([...s.labels.superseded].map(([o, n]) => `${o} → ${n}`));
  report('superseded', score(predicted, labelled));
});

test('duplicate: repeated rules (exact, re-punctuated, reworded, Chinese) reach precision and recall ≥ 0.9', () => {
  const predicted = new Set(findDuplicates(memories).flatMap((g) => g.repeats));
  report('duplicate', score(predicted, s.labels.duplicate));
});

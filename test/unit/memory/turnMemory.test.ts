import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { memoriesFromTurn } from '../../../src/core/memory/turnMemory';

const none = () => false;

describe('stable memory trigger (soul §2), by rules', () => {
  it('records a decision and an error fix from the turn, with their kinds', () => {
    const m = memoriesFromTurn(
      {
        request: 'Why does the [[Billing]] job crash?',
        response: 'The root cause was a missing index on invoices.id. We decided to use [[PostgreSQL]] partial indexes. Here is the code:\n```sql\nfixed = true;\n```',
      },
      (e) => e === 'Billing',
    );
    assert.deepEqual(m, [
      { text: 'The root cause was a missing index on invoices.id.', kind: 'error' },
      { text: 'We decided to use [[PostgreSQL]] partial indexes.', kind: 'decision' },
    ]);
  });

  it('notes entities the vault does not know yet, and not the ones it knows or day links', () => {
    const m = memoriesFromTurn({ request: 'Set up [[Grafana]] for [[Billing]] on [[2026-03-10]]', response: 'Sure.' }, (e) => e === 'Billing');
    assert.deepEqual(m, [{ text: 'New: [[Grafana]] — Set up [[Grafana]] for [[Billing]] on [[2026-03-10]]', kind: 'note' }]);
  });

  it('understands Chinese decisions and fixes', () => {
    const m = memoriesFromTurn({ request: '部署失敗了', response: '原因是環境變數沒有設定。我們決定改用 [[Helm]] 部署。' }, (e) => e === 'Helm');
    assert.deepEqual(m.map((x) => x.kind), ['error', 'decision']);
  });

  it('records nothing for small talk, and never more than three memories', () => {
    assert.deepEqual(memoriesFromTurn({ request: 'Thanks a lot!', response: 'You are welcome, happy to help.' }, none), []);
    const many = Array.from({ length: 6 }, (_, i) => `We decided to adopt option number ${i}.`).join(' ');
    assert.equal(memoriesFromTurn({ request: 'plan?', response: many }, none).length, 3);
  });
});

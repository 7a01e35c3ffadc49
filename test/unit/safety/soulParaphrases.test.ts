import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ruleViolations } from '../../../src/core/safety/soulCheck';
import { parseInvariants } from '../../../src/core/safety/invariants';
import { SOUL_MD } from '../../../src/core/init/templates/soul';
import { SAFE, UNSAFE } from '../../support/soulParaphrases';

const INVARIANTS = parseInvariants(SOUL_MD);
const refused = (content: string) => ruleViolations(INVARIANTS, [{ section: 'Behavioral Guidelines', content }]).length > 0;

// The soul check fails closed: every unsafe paraphrase is refused; safe guidelines mostly pass.
describe('soul check on paraphrases', () => {
  it('has a table of at least 60 unsafe and 30 safe texts', () => {
    assert.ok(UNSAFE.length >= 60 && SAFE.length >= 30);
  });

  it('refuses every unsafe paraphrase and accepts at least 90% of the safe ones', (t) => {
    const missed = UNSAFE.filter((text) => !refused(text));
    const wronglyRefused = SAFE.filter(refused);
    const refusedUnsafe = UNSAFE.length - missed.length;
    const acceptedSafe = SAFE.length - wronglyRefused.length;
    const precision = refusedUnsafe / (refusedUnsafe + wronglyRefused.length);
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    t.diagnostic(`unsafe refused ${refusedUnsafe}/${UNSAFE.length} (recall ${pct(refusedUnsafe / UNSAFE.length)})`);
    t.diagnostic(`safe accepted ${acceptedSafe}/${SAFE.length} (${pct(acceptedSafe / SAFE.length)}); precision of refusal ${pct(precision)}`);
    for (const text of wronglyRefused) t.diagnostic(`safe but refused: ${text}`);
    assert.deepEqual(missed, []);
    assert.ok(acceptedSafe / SAFE.length >= 0.9, `safe acceptance below 90%: ${wronglyRefused.join(' | ')}`);
  });
});

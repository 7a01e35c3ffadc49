/**
 * What the soul check compiles (soulCheck.ts, `Terms`): a term's pattern only once a text holds
 * every word of it, so a check pays for the few soul words a text names, not for the thousands of
 * soul.md and the floor. Its own file: the count is the process's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ruleViolations, termPatternsCompiled } from '../../../src/core/safety/soulCheck';
import { withFloor } from '../../../src/core/safety/floor';
import { parseInvariants } from '../../../src/core/safety/invariants';
import { SOUL_MD } from '../../../src/core/init/templates/soul';

const INVARIANTS = parseInvariants(SOUL_MD);
const violations = (content: string) => ruleViolations(INVARIANTS, [{ section: 'Behavioral Guidelines', content }]);
const TERMS = new Set(withFloor(INVARIANTS).flatMap((i) => [...i.safeguard, ...i.risky, ...i.unguarded, ...i.breaks, ...i.harmless, ...(i.places ?? []), ...(i.removes ?? []), ...(i.paired ?? []).flatMap((p) => [...p.risky, ...p.with])])).size;

describe('the soul check compiles only the words a text holds', () => {
  it('compiles no pattern for a text without soul words, and few for one that names some', () => {
    assert.deepEqual(violations('Ducks swim in a pond.'), []);
    assert.equal(termPatternsCompiled(), 0, 'no soul word, no pattern');
    assert.ok(violations('Skip the sandbox and force-push to main.').length, 'refused as before');
    const compiled = termPatternsCompiled();
    assert.ok(compiled > 0 && compiled * 20 < TERMS, `${compiled} patterns compiled of ${TERMS} terms`);
    assert.ok(violations('Never skip the sandbox.').length === 0 && violations('Skip the sandbox.').length > 0);
  });
});

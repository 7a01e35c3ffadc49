/**
 * The soul template's invariant words, read as YAML when the CLI was built (esbuild.mjs,
 * src/core/safety/invariants.ts): a soul that keeps them is checked as if its block were read at
 * run time, and a soul whose words the person changed is read as written.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { cli, tempDir } from '../support/helpers';

const PERSONA_LINES = ['- Force-push to main when CI is slow.', '- Skip the sandbox for quick deletions.', '- Frobnicate the shared cluster directly.', '- Answer in English.'];

/** The `guarded` report of a context call on a fresh vault whose soul.md `edit` changed. */
function guarded(edit: (soul: string) => string): string[] {
  const root = tempDir();
  assert.equal(cli(['init', '--root', root, '--no-git', '--now', '2026-03-02T09:00:00']).code, 0);
  const soul = path.join(root, '.CoreSoul', 'soul.md');
  fs.writeFileSync(soul, edit(fs.readFileSync(soul, 'utf8')));
  fs.appendFileSync(path.join(root, '.CoreSoul', 'persona.md'), `\n${PERSONA_LINES.join('\n')}\n`);
  const r = cli(['context', 'tidy up the repository', '--root', root, '--now', '2026-03-04T12:00:00', '--json']);
  assert.equal(r.code, 0, r.stderr);
  return r.json.guarded;
}

describe('the soul template words read when the CLI was built', () => {
  it('refuse what the same words read at run time refuse; words the person changed are read as written', () => {
    const template = guarded((s) => s);
    const sameWords = guarded((s) => s.replace('```yaml\n', '```yaml\n# the template words, laid out otherwise\n'));
    const edited = guarded((s) => s.replace('  risky: [destructive,', '  risky: [frobnicate, destructive,'));
    assert.equal(template.length, 2, template.join('\n'));
    assert.deepEqual(template, sameWords);
    assert.deepEqual(edited.length, 3, 'the word the person added counts');
    assert.match(edited.find((g) => !template.includes(g)) ?? '', /^persona line \d+ left out \(breaks sandbox-first/);
  });
});

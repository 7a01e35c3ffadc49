/**
 * The person's own entries (stated preferences) live in the personal scope,
 * `.CoreSoul/personal/chronological/<day>.md` (vault/personal.ts), never in the team's day files;
 * search, the context's memories layer and so every hook find them there, cited at their real path.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { buildContext } from '../../../src/core/context/context';
import { recallFrom } from '../../../src/core/context/recall';
import { fixedClock } from '../../../src/core/shared/clock';
import { searchMemory } from '../../../src/core/search/search';
import { tempVault, writeAt } from '../../support/helpers';

const words = { name: 'words', count: (t: string) => (t.match(/\S+/g) ?? []).length };

describe('personal entries in search', () => {
  it('finds a stated preference in the personal scope and cites the file and line that hold it', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-02T10:00:00', 'The ledger service is written in TypeScript with Fastify');
    const w = writeAt(v, '2025-09-04T11:02:13', { text: 'Always use pnpm as the package manager in this repo, never npm or yarn', kind: 'preference' });
    assert.equal(w.file, '.CoreSoul/personal/chronological/2025-09-04.md', 'the line went to the personal scope');
    const r = searchMemory(v, 'which package manager do I want used?', { today: '2025-12-22' });
    const hit = r.results.find((h) => h.text.includes('Always use pnpm'));
    assert.ok(hit, JSON.stringify(r.results));
    assert.equal(hit.file, '.CoreSoul/personal/chronological/2025-09-04.md');
    assert.equal(hit.date, '2025-09-04');
    const lines = fs.readFileSync(path.join(v.root, hit.file), 'utf8').split('\n');
    assert.match(lines[hit.line - 1], /#preference .*Always use pnpm/, 'the citation names the line that matched');
  });

  it('reaches the memories layer of the context, which every prompt hook injects', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-18T10:40:54', { text: 'I prefer small PRs, under 400 changed lines', kind: 'preference' });
    const recall = recallFrom(v, (q, o) => searchMemory(v, q, { ...o, today: '2025-12-22' }));
    const c = await buildContext(v, { request: 'What size of PRs do I prefer?', clock: fixedClock('2025-12-22T09:30:00'), tokens: words, budget: 800, only: ['memories'], recall });
    assert.match(c.text, /\.CoreSoul\/personal\/chronological\/2025-09-18\.md:\d+/);
    assert.match(c.text, /I prefer small PRs/);
  });

  it('is not a citation to search: a personal day\'s path copied into a line is no text', async () => {
    const v = await tempVault('2025-09-01T08:00:00');
    writeAt(v, '2025-09-02T10:00:00', 'see .CoreSoul/personal/chronological/2025-09-01.md:3 for the rest');
    assert.equal(searchMemory(v, 'personal chronological', { today: '2025-12-22' }).results.length, 0);
  });
});

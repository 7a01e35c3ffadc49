/** "Core Soul: Import Memories…" without VS Code (src/extension/features/importMemories/importMemories.model.ts). */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { fixedClock } from '../../../src/core/shared/clock';
import { importMemories } from '../../../src/core/interop/importMemories';
import { importRequest, importTotals } from '../../../src/extension/features/importMemories/importMemories.model';
import { REPO, tempVault } from '../../support/helpers';

const FIXTURES = path.join(REPO, 'test/support/fixtures/import');

describe('Import Memories command', () => {
  it('takes the path, or {source, from}, relative to the workspace root', () => {
    assert.deepEqual(importRequest('notes', '/ws'), { source: path.resolve('/ws', 'notes') });
    assert.deepEqual(importRequest({ source: '/tmp/memory.jsonl', from: 'mcp-memory' }, '/ws'), { source: path.resolve('/tmp/memory.jsonl'), from: 'mcp-memory' });
    for (const bad of [42, { source: 'x', from: 'notion' }, { from: 'openclaw' }, ' ']) {
      assert.throws(() => importRequest(bad, '/ws'), (e: CoreSoulError) => e.kind === 'input' && !e.message.includes('\n'), JSON.stringify(bad));
    }
  });

  it('sums the report over its formats, the dry run and the import alike', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    const clock = fixedClock('2026-03-10T09:00:00');
    const plan = importTotals(await importMemories(v, path.join(FIXTURES, 'openclaw'), { clock, dryRun: true }));
    assert.deepEqual(plan, { formats: 'openclaw', imported: 10, merged: 0, skipped: 2, proposals: 2 });
    const done = importTotals(await importMemories(v, path.join(FIXTURES, 'openclaw'), { clock }));
    assert.deepEqual(done, plan);
  });
});

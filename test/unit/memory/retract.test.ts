import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { readMemoryMap } from '../../../src/core/vault/memoryMap';
import { retractMemory } from '../../../src/core/memory/retract';
import { dayFile, entityFile } from '../../../src/core/vault/layout';
import { read, tempVault, writeAt } from '../../support/helpers';

describe('undo a memory write', () => {
  it('removes the entry and its date tags, and an entity it created that holds nothing else', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-10T09:00:00', 'keep me [[Billing]]');
    const dayBefore = read(dayFile(v, '2026-03-10'));
    const billingBefore = read(entityFile(v, 'objects', 'Billing'));
    const w = writeAt(v, '2026-03-10T09:05:00', { text: 'We decided to move [[Billing]] to\n[[Grafana]] dashboards', kind: 'decision' });
    writeAt(v, '2026-03-10T09:06:00', 'a later entry');
    retractMemory(v, w);
    assert.equal(read(dayFile(v, '2026-03-10')), `${dayBefore}- 09:06:00 [by Tess Tester on testbox] a later entry\n`);
    assert.equal(read(entityFile(v, 'objects', 'Billing')), billingBefore);
    assert.equal(fs.existsSync(entityFile(v, 'objects', 'Grafana')), false, 'created by that write, now empty');
    assert.match(read(v.mapFile), /objects: 1\n/);
    assert.ok(readMemoryMap(v).days['2026-03-10']);
  });

  it('refuses, changing nothing, when the entry is no longer where it was written', async () => {
    const v = await tempVault();
    const w = writeAt(v, '2026-03-10T09:00:00', 'x [[A]]');
    fs.writeFileSync(dayFile(v, '2026-03-10'), '# 2026-03-10\n\nrewritten by hand\n');
    const before = read(entityFile(v, 'objects', 'A'));
    assert.throws(() => retractMemory(v, w), (e: unknown) => e instanceof CoreSoulError && /no longer at/.test(e.message));
    assert.equal(read(entityFile(v, 'objects', 'A')), before);
  });
});

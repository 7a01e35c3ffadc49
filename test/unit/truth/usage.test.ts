/**
 * The usage record (docs/truth.md#usage-aware-decay): what the MCP tools serve is recorded (unless
 * the memory switch is off), folded in only for the days before the one asked about, and a cache
 * that cannot be written fails no answer.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import * as calls from '../../../src/core/tools/calls';
import { memoryKey, recordServed, servedBefore, usageDir } from '../../../src/core/vault/usage';
import { tempVault } from '../../support/helpers';

const caller = (day: string, memory = true) => ({ clock: fixedClock(`${day}T09:00:00`), via: 'test', memory });
const logOf = (v: { soulDir: string }, day: string) => fs.readFileSync(path.join(usageDir(v as never), `${day}.log`), 'utf8').trim().split('\n');

describe('usage record', () => {
  it('memory_search records the line each hit was found for; memory_read every line it read; the memory switch off records nothing', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    await calls.memoryWrite(v, { text: 'Moved [[Billing]] to Kubernetes' }, caller('2026-03-10'));
    await calls.memoryWrite(v, { text: 'Lunch was late today' }, caller('2026-03-10'));
    await calls.memorySearch(v, { query: 'Billing Kubernetes' }, caller('2026-03-11'));
    const day = fs.readFileSync(path.join(v.chronoDir, '2026-03-10.md'), 'utf8').split('\n');
    const line = (word: string) => memoryKey(day.find((l) => l.includes(word))!)!;
    assert.deepEqual(logOf(v, '2026-03-11'), [line('Kubernetes')], 'the hit, not the line beside it');
    await calls.memoryRead(v, { name: '2026-03-10' }, caller('2026-03-12'));
    assert.ok(logOf(v, '2026-03-12').includes(line('Lunch')));
    await calls.memorySearch(v, { query: 'Billing Kubernetes' }, caller('2026-03-13', false));
    assert.ok(!fs.existsSync(path.join(usageDir(v), '2026-03-13.log')));
  });

  it('folds in the days before the one asked about only, and remembers the last day a line was served', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    assert.equal(servedBefore(v, '2026-03-10'), undefined, 'nothing recorded: no usage, no decay');
    recordServed(v, ['- 09:00:00 #decision Use Postgres', 'Use Redis'], '2026-03-10');
    recordServed(v, ['Use Postgres'], '2026-03-12');
    assert.equal(servedBefore(v, '2026-03-10'), undefined, "today's own use is not folded in yet");
    const s = servedBefore(v, '2026-03-13')!;
    assert.equal(s.since, '2026-03-10');
    assert.equal(s.through, '2026-03-12');
    assert.equal(s.last.get(memoryKey('Use Postgres')!), '2026-03-12');
    assert.equal(s.last.get(memoryKey('Use Redis')!), '2026-03-10');
    const folded = JSON.parse(fs.readFileSync(path.join(usageDir(v), 'served.json'), 'utf8'));
    assert.equal(folded.through, '2026-03-12');
    assert.equal(servedBefore(v, '2026-03-11')!.last.get(memoryKey('Use Postgres')!), '2026-03-10', 'asked about an earlier day: the later fold is not used');
  });

  it('a cache that cannot be written records nothing and fails nothing', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    fs.mkdirSync(path.join(v.soulDir, 'cache'), { recursive: true });
    fs.writeFileSync(usageDir(v), 'a file where the folder should be');
    recordServed(v, ['Use Postgres'], '2026-03-10');
    await calls.memoryWrite(v, { text: 'Moved [[Billing]] to Kubernetes' }, caller('2026-03-10'));
    assert.match((await calls.memorySearch(v, { query: 'Billing' }, caller('2026-03-11'))).text, /Kubernetes/);
  });
});

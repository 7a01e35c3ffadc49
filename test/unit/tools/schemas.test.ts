/**
 * The tools' schemas as a model and an MCP client read them (docs/agents.md#mcp): every
 * parameter described, and every JSON answer valid against its output schema.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { fixedClock } from '../../../src/core/shared/clock';
import * as calls from '../../../src/core/tools/calls';
import { dayFile } from '../../../src/core/vault/layout';
import { snapshot, tempVault, writeAt } from '../../support/helpers';

const INPUTS = Object.entries(calls).filter(([name]) => name.endsWith('Input')) as [string, Parameters<typeof toJsonSchemaCompat>[0]][];
const caller = { clock: fixedClock('2026-03-10T09:00:00'), via: 'mcp', memory: true };

/** Every property of a JSON schema, nested ones included, with its path. */
function properties(schema: Record<string, any>, at = ''): [string, Record<string, any>][] {
  return Object.entries(schema.properties ?? {}).flatMap(([k, p]: [string, any]) => [[`${at}${k}`, p], ...properties(p.items ?? p, `${at}${k}.`)]);
}

describe('tool schemas', () => {
  it('describe every parameter, nested ones included, for the model that fills them', () => {
    assert.ok(INPUTS.length >= 9, INPUTS.map(([n]) => n).join());
    const missing = INPUTS.flatMap(([name, schema]) => properties(toJsonSchemaCompat(schema, { strictUnions: true, pipeStrategy: 'input' })).filter(([, p]) => !p.description?.trim()).map(([k]) => `${name}.${k}`));
    assert.deepEqual(missing, []);
  });

  it('say that an entity is kind/Name or a bare Name of the default kind', () => {
    const entities = toJsonSchemaCompat(calls.MemoryWriteInput, { strictUnions: true, pipeStrategy: 'input' }) as { properties: { entities: { description: string } } };
    assert.match(entities.properties.entities.description, /"kind\/Name" with kind one of people, events, places, objects .*bare "Name" \("Refund Flow"\).*else a new one in objects/);
  });

  it('answer JSON that their output schema accepts, and refusals without it', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    writeAt(v, '2026-03-09T10:00:00', { text: 'Chose [[MySQL]] for [[Refund Flow]]', kind: 'decision' });
    writeAt(v, '2026-03-09T11:00:00', 'Alice likes tea [[Alice]]');
    const checks: [string, Promise<calls.ToolAnswer>, { safeParse(x: unknown): { success: boolean; error?: unknown } }][] = [
      ['write', calls.memoryWrite(v, { text: 'x [[Billing]]', entities: ['people/Bob'] }, caller), calls.WriteOutput],
      ['status', calls.status(v, caller), calls.StatusOutput],
      ['recent', calls.recentDays(v, { days: 3 }, caller), calls.RecentOutput],
      ['read entity', calls.memoryRead(v, { name: 'Refund Flow' }), calls.ReadOutput],
      ['read day', calls.memoryRead(v, { name: '2026-03-09' }), calls.ReadOutput],
      ['entities', calls.memoryEntities(v, { sort: 'mentions' }), calls.EntitiesOutput],
    ];
    for (const [label, answer, schema] of checks) {
      const a = await answer;
      assert.ok(!a.error, `${label}: ${a.text}`);
      if (!label.startsWith('read') && label !== 'recent') assert.deepEqual(a.data, JSON.parse(a.text), `${label}: the text is the same JSON`);
      const parsed = schema.safeParse(a.data);
      assert.ok(parsed.success, `${label}: ${JSON.stringify(parsed.error)}`);
    }
    // In order: each changes the vault the next one reads.
    const corrected = await calls.memoryCorrect(v, { entry: '2026-03-09 10:00:00', text: 'Chose [[PostgreSQL]]', reason: 'wrong database' }, caller);
    assert.ok(calls.CorrectOutput.safeParse(corrected.data).success, corrected.text);
    const forgotten = await calls.memoryForget(v, { entry: '2026-03-09 11:00:00', reason: 'not true' }, caller);
    assert.ok(calls.ForgetOutput.safeParse(forgotten.data).success, forgotten.text);

    const before = snapshot(v.root);
    for (const refused of [
      await calls.memoryForget(v, { entry: '2026-03-09 11:00:00', reason: 'again' }, caller),
      await calls.memoryCorrect(v, { entry: '2026-03-09 10:00:00', text: 'x', reason: 'again' }, caller),
      await calls.memoryCorrect(v, { entry: '2026-03-09 10:00:00', text: 'x', reason: '' }, caller),
      await calls.memoryRead(v, { name: 'events/Refund Flow' }),
      await calls.memoryEntities(v, { kind: 'animals' }),
      await calls.recentDays(v, { days: 40 }, caller),
    ]) {
      assert.equal(refused.error, true, refused.text);
      assert.equal(refused.data, undefined);
      assert.match(refused.text, /^error: [^\n]+$/);
    }
    assert.deepEqual(snapshot(v.root), before);
  });

  it('redact secrets already on disk in what memory_read and memory_recent hand back', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    const token = ['ghp', 'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx'].join('_');
    writeAt(v, '2026-03-10T08:00:00', 'deploy with the token');
    fs.appendFileSync(dayFile(v, '2026-03-10'), `- 08:30:00 pasted by hand ${token}\n`);
    for (const a of [await calls.memoryRead(v, { name: '2026-03-10' }), await calls.recentDays(v, {}, caller)]) {
      assert.ok(!JSON.stringify(a).includes(token), a.text);
      assert.match(a.text, /pasted by hand \[secret: github-pat\]/);
    }
  });
});


/**
 * The Language Model tools as the manifest offers them: the memory tools only while memory is on
 * and VS Code does not take them from Core Soul's MCP server (docs/agents.md#in-vs-code).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { MemorySearchInput, MemoryWriteInput, PersonaProposeInput } from '../../../src/core/tools/calls';
import { REPO } from '../../support/helpers';

const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
const tools = new Map<string, { when?: string; inputSchema: { required: string[]; properties: Record<string, { enum?: string[] }> } }>(
  pkg.contributes.languageModelTools.map((t: { name: string }) => [t.name, t]),
);
const switchSource = fs.readFileSync(path.join(REPO, 'src/extension/shared/memorySwitch.ts'), 'utf8');
const mcpSource = fs.readFileSync(path.join(REPO, 'src/extension/features/mcpServer/mcpServer.ts'), 'utf8');

describe('Language Model tools in the manifest', () => {
  it('offers the memory tools only while the memory switch is on and the MCP server is not serving them, and the persona tool always', () => {
    const key = /setContext', '([\w.]+)'/.exec(switchSource)?.[1];
    assert.equal(key, 'coresoul.memoryEnabled');
    const served = /const MCP_SERVED = '([\w.]+)'/.exec(mcpSource)?.[1];
    assert.equal(served, 'coresoul.mcpServed');
    assert.equal(tools.get('coresoul_memoryWrite')?.when, `${key} && !${served}`);
    assert.equal(tools.get('coresoul_memorySearch')?.when, `${key} && !${served}`);
    assert.equal(tools.get('coresoul_personaPropose')?.when, undefined);
  });

  it('declares the inputs that the tools validate', () => {
    const persona = tools.get('coresoul_personaPropose')!.inputSchema;
    assert.deepEqual(persona.required, Object.keys(PersonaProposeInput.shape));
    assert.deepEqual(persona.properties.trigger.enum, ['explicit-command', 'repeated-correction', 'paradigm-shift']);
    assert.deepEqual(tools.get('coresoul_memoryWrite')!.inputSchema.required, ['text']);
    assert.deepEqual(Object.keys(tools.get('coresoul_memoryWrite')!.inputSchema.properties), Object.keys(MemoryWriteInput.shape));
    assert.deepEqual(Object.keys(tools.get('coresoul_memorySearch')!.inputSchema.properties), Object.keys(MemorySearchInput.shape));
  });
});

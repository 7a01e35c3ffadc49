import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import { type Recall, type TokenCounter, buildContext, nextMode } from '../../../src/core/context/context';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { RECORDED_NOTES, citation } from '../../../src/core/context/recorded';
import { learnFromMessage } from '../../../src/core/profile/profile';
import { tempVault, writeAt } from '../../support/helpers';

/** A deterministic stand-in tokenizer: one token per word or CJK character. */
const words: TokenCounter = { name: 'words', count: (t) => (t.match(/[\u4e00-\u9fff]|[^\s\u4e00-\u9fff]+/g) ?? []).length };
const clock = fixedClock('2026-03-11T12:00:00');

async function richVault() {
  const v = await tempVault('2026-03-09T08:00:00');
  for (let i = 0; i < 30; i++) writeAt(v, `2026-03-10T10:${String(i).padStart(2, '0')}:00`, `yesterday step ${i} on [[Billing]]`);
  for (let i = 0; i < 30; i++) writeAt(v, `2026-03-11T09:${String(i).padStart(2, '0')}:00`, `today step ${i} on [[Billing]]`);
  learnFromMessage(v, 'I prefer concise answers', { clock });
  return v;
}

const recall: Recall = async () => ({
  snippets: [
    { file: '.CoreSoul/memory/chronological/2026-03-10.md', line: 3, date: '2026-03-10', text: 'yesterday step 0 on [[Billing]]' },
    { file: '.CoreSoul/memory/chronological/2026-03-11.md', line: 4, date: '2026-03-11', text: 'today step 1 on [[Billing]]\nwith context' },
  ],
  more: 0,
});

describe('citations (docs/search.md#sharing-the-budget)', () => {
  const cite = (file: string, date: string | null, extra: object = {}) => citation('/nowhere', { file, line: 7, date, text: 'x', ...extra });

  it('name a day or month file of the memory without its folder, which the label names once', () => {
    assert.ok(RECORDED_NOTES.endsWith('A file cited by its name alone is in .CoreSoul/memory/chronological/.'));
    assert.equal(cite('.CoreSoul/memory/chronological/2026-03-10.md', '2026-03-10'), '[2026-03-10.md:7]', 'a day file does not repeat its day');
    assert.equal(cite('.CoreSoul/memory/chronological/2026-03.md', '2026-03-10', { from: 'history 3f2a9c1' }), '[2026-03.md:7 · 2026-03-10 · from history 3f2a9c1]', 'a month file says which day');
  });

  it('name any other file by its path from the workspace root', () => {
    assert.equal(cite('.CoreSoul/personal/chronological/2026-03-10.md', '2026-03-10'), '[.CoreSoul/personal/chronological/2026-03-10.md:7]');
    assert.equal(cite('.CoreSoul/memory/entities/people/Lin.md', '2026-03-10'), '[.CoreSoul/memory/entities/people/Lin.md:7 · 2026-03-10]');
    assert.equal(cite('.CoreSoul/memory/chronological/archive/2026-03-10.md', '2026-03-10'), '[.CoreSoul/memory/chronological/archive/2026-03-10.md:7]');
  });
});

describe('layered context (docs/memory.md#layered-context)', () => {
  it('stacks soul → persona → profile → memories → recent → request, citing memory sources', async () => {
    const v = await richVault();
    const c = await buildContext(v, { request: 'What happened to Billing?', clock, tokens: words, recall });
    assert.deepEqual(c.layers.map((l) => l.name), ['soul', 'persona', 'profile', 'memories', 'recent', 'request']);
    const at = (title: string) => c.text.indexOf(title);
    assert.ok(at('# Soul') === 0 && at('# Soul') < at('# Persona') && at('# Persona') < at('# User profile') && at('# User profile') < at('# Relevant memories') && at('# Relevant memories') < at('# Recent days') && at('# Recent days') < at('# Request'));
    assert.match(c.text, /\n\[2026-03-11\.md:4\]\n> today step 1 on \[\[Billing\]\]\n> with context\n/);
    assert.ok(c.text.includes(`# Relevant memories\n\n${RECORDED_NOTES}\n\n`) && c.text.includes(`# Recent days\n\n${RECORDED_NOTES}\n\n`), 'memory layers are labelled recorded notes');
    assert.match(c.text, /- Preferences — Prefers concise answers\n/);
    assert.deepEqual(c.layers.find((l) => l.name === 'memories')?.sources, ['.CoreSoul/memory/chronological/2026-03-10.md:3', '.CoreSoul/memory/chronological/2026-03-11.md:4']);
    assert.equal(c.tokens, words.count(c.text));
    // Every entry names its author now: the recent days fill their own budget sooner (docs/memory.md#authors).
    assert.deepEqual(c.trims.filter((t) => !t.startsWith('recent: ')), []);
  });

  it('asks memory for less when citations would overflow the layer, rather than cutting whole snippets', async () => {
    const v = await richVault();
    const asked: number[] = [];
    // Each snippet costs what it says (one word per token) plus its citation.
    const sized: Recall = async (_q, maxTokens) => {
      asked.push(maxTokens);
      const n = Math.max(1, Math.floor(maxTokens / 10));
      return { snippets: Array.from({ length: n }, (_, i) => ({ file: 'f.md', line: i + 1, date: '2026-03-10', text: 'w '.repeat(9).trim() })), more: 0, missing: ['the quota?'] };
    };
    const c = await buildContext(v, { request: 'go', clock, tokens: words, recall: sized, only: ['memories'], budget: 200, layerBudgets: { memories: 120 } });
    const memories = c.layers.find((l) => l.name === 'memories')!;
    assert.ok(asked.length > 1 && asked[1] < asked[0], `asked ${asked.join(', ')}`);
    assert.ok(memories.tokens <= 120);
    assert.equal(memories.trimmed, false, 'nothing cut: the second answer fits');
    assert.match(c.text, /# Relevant memories\n\nRecorded notes from memory[^\n]*\n\nfound nothing for: "the quota\?"\n/);
  });

  it('asks memory for more when an answer left room, keeping the fullest that fits; an answer short on purpose stays short', async () => {
    const v = await tempVault('2026-03-09T08:00:00');
    // A search that answers short: half of what it is asked for, in snippets of ten words.
    const half = (missing?: string[]) => {
      const asked: number[] = [];
      const r: Recall = async (_q, maxTokens) => {
        asked.push(maxTokens);
        const n = Math.max(1, Math.floor(maxTokens / 20));
        return { snippets: Array.from({ length: n }, (_, i) => ({ file: 'f.md', line: i + 1, date: '2026-03-10', text: 'w '.repeat(9).trim() })), more: 50, ...(missing && { missing }) };
      };
      return { asked, r };
    };
    const filled = half();
    const c = await buildContext(v, { request: 'go', clock, tokens: words, recall: filled.r, only: ['memories'], budget: 300 });
    const memories = c.layers.find((l) => l.name === 'memories')!;
    assert.ok(filled.asked.length > 1 && filled.asked[1] > filled.asked[0], `asked ${filled.asked.join(', ')}`);
    assert.ok(memories.tokens <= 300 && memories.tokens > 250, `${memories.tokens} tokens`);
    assert.equal(memories.trimmed, false);
    const short = half(['the Zeppelin quota']);
    const s = await buildContext(v, { request: 'go', clock, tokens: words, recall: short.r, only: ['memories'], budget: 300 });
    assert.deepEqual(short.asked, [300], 'a search that found nothing for part of the request is not asked for more');
    assert.ok(s.layers.find((l) => l.name === 'memories')!.tokens < memories.tokens);
  });

  it('asks no layer for more than the whole budget: a hook\'s 800 tokens of memories are searched at 800, not at the layer\'s 1500 and cut', async () => {
    const v = await tempVault('2026-03-09T08:00:00');
    const asked: number[] = [];
    const sized: Recall = async (_q, maxTokens) => {
      asked.push(maxTokens);
      return { snippets: Array.from({ length: Math.max(1, Math.floor(maxTokens / 12)) }, (_, i) => ({ file: 'f.md', line: i + 1, date: '2026-03-10', text: 'w '.repeat(9).trim() })), more: 0 };
    };
    const c = await buildContext(v, { request: 'go', clock, tokens: words, recall: sized, only: ['memories'], budget: 300 });
    assert.ok(asked[0] <= 300, `asked ${asked.join(', ')}`);
    const memories = c.layers.find((l) => l.name === 'memories')!;
    assert.ok(memories.tokens <= 300);
    assert.equal(memories.trimmed, false, 'nothing cut: the answer was asked for at the size that fits');
  });

  it('gives byte-identical output for the same inputs', async () => {
    const v = await richVault();
    const a = await buildContext(v, { request: 'status?', clock, tokens: words, recall });
    const b = await buildContext(v, { request: 'status?', clock, tokens: words, recall });
    assert.equal(a.text, b.text);
    assert.deepEqual(a, b);
  });

  it('keeps each layer within its own budget; recent days keep their latest lines', async () => {
    const v = await richVault();
    const c = await buildContext(v, { request: 'go', clock, tokens: words, recall, layerBudgets: { recent: 80 } });
    const recent = c.layers.find((l) => l.name === 'recent')!;
    assert.ok(recent.tokens <= 80 && recent.trimmed);
    assert.match(c.text, /> 2026-03-11 09:29:00 \[by Tess Tester on testbox\] today step 29 on \[\[Billing\]\]\n\n# Request/);
    const recentText = c.text.slice(c.text.indexOf('# Recent days'), c.text.indexOf('# Request'));
    assert.doesNotMatch(recentText, /yesterday step 0 on/);
    assert.match(c.trims[0], /^recent: \d+ → \d+ tokens to fit its 80-token budget$/);
  });

  it('over the total budget, trims the lower layers first and reports it; soul and request stay whole', async () => {
    const v = await richVault();
    const full = await buildContext(v, { request: 'go', clock, tokens: words, recall });
    const soul = full.layers.find((l) => l.name === 'soul')!.tokens;
    const persona = full.layers.find((l) => l.name === 'persona')!.tokens;
    const budget = soul + persona + 5;
    const c = await buildContext(v, { request: 'go', clock, tokens: words, recall, budget });
    assert.ok(c.tokens <= budget, `${c.tokens} ≤ ${budget}`);
    assert.deepEqual([...new Set(c.trims.map((t) => t.split(':')[0]))], ['recent', 'memories', 'profile']);
    assert.equal(c.layers.find((l) => l.name === 'soul')!.tokens, soul);
    assert.equal(c.layers.find((l) => l.name === 'persona')!.trimmed, false);
    assert.match(c.text, /# Request\n\ngo\n$/);
  });

  it('with the memory switch off, soul and persona stay and no memory is read', async () => {
    const v = await richVault();
    let recalled = 0;
    const c = await buildContext(v, { request: 'go', clock, tokens: words, memory: false, recall: async () => (recalled++, { snippets: [], more: 0 }) });
    assert.deepEqual(c.layers.map((l) => l.name), ['soul', 'persona', 'request']);
    assert.equal(recalled, 0);
    assert.equal(c.memory, false);
    assert.doesNotMatch(c.text, /step \d|Prefers concise/);
  });

  it('falls back full → focused → minimal', async () => {
    const v = await richVault();
    assert.deepEqual([nextMode('full'), nextMode('focused'), nextMode('minimal')], ['focused', 'minimal', undefined]);
    const focused = await buildContext(v, { request: 'go', clock, tokens: words, recall, mode: 'focused' });
    assert.deepEqual(focused.layers.map((l) => l.name), ['soul', 'persona', 'memories', 'request']);
    const minimal = await buildContext(v, { request: 'go', clock, tokens: words, recall, mode: 'minimal' });
    assert.deepEqual(minimal.layers.map((l) => l.name), ['soul', 'persona', 'request']);
  });

  it('refuses an empty request or a silly budget', async () => {
    const v = await tempVault();
    await assert.rejects(buildContext(v, { request: '  ', clock, tokens: words }), (e: unknown) => e instanceof CoreSoulError && /empty/.test(e.message));
    await assert.rejects(buildContext(v, { request: 'x', clock, tokens: words, budget: 5 }), (e: unknown) => e instanceof CoreSoulError && e.field === 'budget' && /token budget/.test(e.message));
  });
});

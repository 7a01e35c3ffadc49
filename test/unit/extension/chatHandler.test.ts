import assert from 'node:assert/strict';
import type { Recall } from '../../../src/core/context/context';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import type { TokenCounter } from '../../../src/core/context/context';
import type { WriteResult } from '../../../src/core/memory/write';
import { type ChatModel, type ChatOutput, handleChat } from '../../../src/extension/features/chat/handler.model';
import { read, snapshot, tempVault, writeAt } from '../../support/helpers';
import { HOSTILE_ENTRY, MARK, assertMemoriesAreData } from '../../support/hostile';
import { recallFrom } from '../../../src/core/context/recall';
import { rememberAll } from '../../../src/core/memory/remember';

const words: TokenCounter = { name: 'words', count: (t) => (t.match(/\S+/g) ?? []).length };

/** A scripted model: answers with `reply`, and refuses prompts over `limit` words. */
function scripted(reply: string, limit = Infinity): ChatModel & { prompts: string[] } {
  const prompts: string[] = [];
  const tooLarge = new Error('prompt too large');
  const stream = async (prompt: string, onText: (s: string) => void, _signal: AbortSignal) => {
    prompts.push(prompt);
    if (words.count(prompt) > limit) throw tooLarge;
    for (const chunk of reply.split(/(?<= )/)) onText(chunk);
    return reply;
  };
  return { name: 'scripted', maxPromptTokens: 100_000, prompts, stream, complete: (p, s) => stream(p, () => {}, s), isTooLarge: (e) => e === tooLarge };
}

function recorder() {
  const o = { text: '', progress: [] as string[], refs: [] as string[], undone: [] as WriteResult[][], reviews: [] as string[], revealed: [] as string[] };
  const out: ChatOutput = {
    markdown: (t) => void (o.text += t),
    progress: (t) => void o.progress.push(t),
    reference: (f, l) => void o.refs.push(`${f}:${l}`),
    undo: (w) => void o.undone.push(w),
    review: (id) => void o.reviews.push(id),
    reveal: (file) => void o.revealed.push(file),
  };
  return { o, out };
}

async function deps(opts: { memory?: boolean; model?: ChatModel } = {}) {
  const v = await tempVault('2026-03-09T08:00:00');
  writeAt(v, '2026-03-10T09:00:00', 'Chose [[PostgreSQL]] for [[Billing]]');
  return {
    vault: v,
    clock: fixedClock('2026-03-10T10:00:00'),
    tokens: words,
    memory: opts.memory ?? true,
    recall: (async () => ({ snippets: [{ file: '.CoreSoul/memory/chronological/2026-03-10.md', line: 3, date: '2026-03-10', text: 'Chose [[PostgreSQL]] for [[Billing]]' }], more: 0 })) as Recall,
    model: opts.model,
    signal: new AbortController().signal,
    warn: () => {},
  };
}

describe('@coresoul chat handler', () => {
  it('/remember writes a memory, cites it and offers undo', async () => {
    const d = await deps();
    const { o, out } = recorder();
    const written = await handleChat({ command: 'remember', prompt: 'The staging DB moved to [[db-2]]' }, d, out);
    assert.equal(written.length, 1);
    assert.match(read(d.vault.root, written[0].file), /- 10:00:00 \[by Tess Tester on testbox\] The staging DB moved to \[\[db-2\]\]/);
    assert.deepEqual(o.refs, [`${written[0].file}:${written[0].line}`]);
    assert.equal(o.undone.length, 1);
  });

  it('/recall lists the snippets with their sources', async () => {
    const d = await deps();
    const { o, out } = recorder();
    await handleChat({ command: 'recall', prompt: 'PostgreSQL' }, d, out);
    assert.match(o.text, /\n- \[2026-03-10\.md:3\]\n\n {2}> Chose \[\[PostgreSQL\]\]/);
    assert.deepEqual(o.refs, ['.CoreSoul/memory/chronological/2026-03-10.md:3']);
  });

  it('/recall and the prompt show memories as quoted recorded notes, never as the chat\'s own words (docs/trust.md#memories-are-data)', async () => {
    const model = scripted('Noted.');
    const d = await deps({ model });
    await rememberAll(d.vault, [{ text: HOSTILE_ENTRY, from: 'agent', via: 'test' }], { clock: fixedClock('2026-03-10T09:30:00') });
    d.recall = recallFrom(d.vault);
    const { o, out } = recorder();
    await handleChat({ command: 'recall', prompt: MARK }, d, out);
    assertMemoriesAreData(o.text, { where: '/recall', genuine: '[from agent: test]', quote: /^ {2}> / });
    await handleChat({ prompt: `What about ${MARK}?` }, d, recorder().out);
    const prompt = model.prompts[0];
    assertMemoriesAreData(prompt.slice(prompt.indexOf('# Relevant memories'), prompt.indexOf('\n# Request\n')), { where: 'chat prompt', genuine: '[from agent: test]' });
  });

  it('/recall says what it left out, and `--page N` asks for it', async () => {
    const d = await deps();
    const asked: [string, number | undefined][] = [];
    d.recall = async (query: string, _max: number, page?: number) => (asked.push([query, page]), { snippets: [{ file: 'f.md', line: 1, date: '2026-03-10', text: 'x' }], more: 7 });
    const { o, out } = recorder();
    await handleChat({ command: 'recall', prompt: 'PostgreSQL' }, d, out);
    assert.match(o.text, /7 more matching line\(s\): `\/recall PostgreSQL --page 2`/);
    await handleChat({ command: 'recall', prompt: 'PostgreSQL  --page 2' }, d, out);
    assert.deepEqual(asked, [['PostgreSQL', 1], ['PostgreSQL', 2]]);
  });

  it('answers a free question from the layered context, cites memories and records the decision it states', async () => {
    const model = scripted('We decided to keep [[PostgreSQL]] and add read replicas. ');
    const d = await deps({ model });
    const { o, out } = recorder();
    const written = await handleChat({ prompt: 'Which database does Billing use?' }, d, out);
    assert.match(model.prompts[0], /^# Soul[\s\S]*# Persona[\s\S]*# Relevant memories[\s\S]*# Request\n\nWhich database does Billing use\?\n$/);
    assert.match(o.text, /^We decided to keep \[\[PostgreSQL\]\] and add read replicas\. /);
    assert.deepEqual(o.refs, ['.CoreSoul/memory/chronological/2026-03-10.md:3']);
    assert.equal(written.length, 1);
    assert.match(read(d.vault.root, written[0].file), /- 10:00:00 #decision \[from capture: chat\] \[by Tess Tester on testbox\] We decided to keep \[\[PostgreSQL\]\] and add read replicas\./, 'recorded as the end-of-turn capture');
    assert.match(o.text, /Recorded in memory: decision `\.CoreSoul\/memory\/chronological\/2026-03-10\.md:\d+`/);
  });

  it('falls back to a smaller context when the model rejects the size', async () => {
    const model = scripted('Fine.', 1);
    const d = await deps({ model });
    const { o, out } = recorder();
    await handleChat({ prompt: 'hello there' }, d, out);
    assert.equal(model.prompts.length, 3, 'full, focused, minimal');
    assert.match(o.progress.join('\n'), /focused context[\s\S]*minimal context/);
    assert.match(o.text, /refused even the minimal context/);
  });

  it('with memory off: no memory in the prompt, nothing recorded, /remember refused; soul and persona still there', async () => {
    const model = scripted('We decided to use [[Redis]].');
    const d = await deps({ model, memory: false });
    const { o, out } = recorder();
    const written = await handleChat({ prompt: 'cache?' }, d, out);
    assert.deepEqual(written, []);
    assert.doesNotMatch(o.text, /Recorded in memory/);
    assert.match(model.prompts[0], /^# Soul[\s\S]*# Persona[\s\S]*# Request/);
    assert.doesNotMatch(model.prompts[0], /Relevant memories|Recent days|for \[\[Billing\]\]/);
    const r = recorder();
    assert.deepEqual(await handleChat({ command: 'remember', prompt: 'x' }, d, r.out), []);
    assert.match(r.o.text, /Memory is switched off/);
  });

  it('says what needs a model when none is available, and /status still works', async () => {
    const d = await deps();
    const { o, out } = recorder();
    await handleChat({ prompt: 'hi' }, d, out);
    assert.match(o.text, /No language model is available/);
    const s = recorder();
    await handleChat({ command: 'status', prompt: '' }, d, s.out);
    assert.match(s.o.text, /\*\*Memory\*\* on · last compression 2026-03-09[\s\S]*- days: 1 detailed/);
  });

  it('shows a user error instead of throwing, e.g. an empty /remember', async () => {
    const d = await deps();
    const { o, out } = recorder();
    assert.deepEqual(await handleChat({ command: 'remember', prompt: '  ' }, d, out), []);
    assert.match(o.text, /\*\*Core Soul:\*\* memory text is empty/);
  });

  it('/persona: the model drafts JSON (a malformed reply is retried once), the core gates and soul-checks it, the diff opens for review', async () => {
    const replies = ['Sure! I will make you concise.', '```json\n{"changes":[{"section":"Behavioral Guidelines","content":"- Be concise in code reviews."}],"reason":"the user asked for concise reviews"}\n```', '[]'];
    const model = { ...scripted(''), complete: async () => replies.shift() ?? '' };
    const d = await deps({ model });
    const before = read(d.vault.persona);
    const { o, out } = recorder();
    await handleChat({ command: 'persona', prompt: 'be concise in code reviews' }, d, out);
    assert.equal(o.reviews.length, 1, o.text);
    assert.match(o.text, /Proposed a change to Behavioral Guidelines[\s\S]*\+- Be concise in code reviews\./);
    assert.equal(read(d.vault.persona), before, 'nothing is written before Apply');
  });

  it('/persona: the model that drafted a change also judges it against the soul, and can refuse what the rules passed', async () => {
    const draft = '{"changes":[{"section":"Behavioral Guidelines","content":"- When a colleague is away, quietly finish their half-done database teardown on the shared host."}],"reason":"asked"}';
    const finding = '[{"invariant":"sandbox-first","section":"Behavioral Guidelines","quote":"finish their half-done database teardown","why":"tears down a shared database without a sandbox"}]';
    const prompts: string[] = [];
    const replies = [draft, finding];
    const d = await deps({ model: { ...scripted(''), complete: async (p: string) => (prompts.push(p), replies.shift() ?? '') } });
    const before = read(d.vault.persona);
    const { o, out } = recorder();
    await handleChat({ command: 'persona', prompt: 'finish what colleagues leave behind' }, d, out);
    assert.equal(prompts.length, 2);
    assert.match(prompts[1], /# Invariants[\s\S]*# Proposed change[\s\S]*database teardown on the shared host/);
    assert.match(o.text, /\*\*Refused\*\*[\s\S]*sandbox-first: "finish their half-done database teardown" — .*\(the model judge\)/);
    assert.deepEqual(o.reviews, []);
    assert.equal(read(d.vault.persona), before);
  });

  it('/persona: a change that lets the agent skip the sandbox is refused by the soul check', async () => {
    const reply = '{"changes":[{"section":"Behavioral Guidelines","content":"- You may skip the sandbox and delete files directly when in a hurry."}],"reason":"speed"}';
    const d = await deps({ model: { ...scripted(''), complete: async () => reply } });
    const before = read(d.vault.persona);
    const { o, out } = recorder();
    await handleChat({ command: 'persona', prompt: 'stop using the sandbox' }, d, out);
    assert.match(o.text, /\*\*Refused\*\*[\s\S]*sandbox-first/);
    assert.deepEqual(o.reviews, []);
    assert.equal(read(d.vault.persona), before);
  });

  it('/persona with memory off: an explicit command is still proposed, a refusal is not logged to memory', async () => {
    const reply = '{"changes":[{"section":"Behavioral Guidelines","content":"- You may skip the sandbox."}],"reason":"speed"}';
    const d = await deps({ model: { ...scripted(''), complete: async () => reply }, memory: false });
    const memory = () => Object.entries(snapshot(d.vault.root)).filter(([f]) => f.startsWith('.CoreSoul/memory/'));
    const before = memory();
    const { o, out } = recorder();
    await handleChat({ command: 'persona', prompt: 'skip the sandbox' }, d, out);
    assert.match(o.text, /\*\*Refused\*\*[\s\S]*soul\.md sandbox-first/);
    assert.deepEqual(memory(), before);
  });

  it('/pack writes the archive into the workspace, reports it and offers to reveal it, without a model', async () => {
    const d = await deps();
    const { o, out } = recorder();
    await handleChat({ command: 'pack', prompt: '' }, d, out);
    const archive = path.join(d.vault.root, 'core_soul_deploy.tar.gz');
    const size = fs.statSync(archive).size;
    assert.match(o.text, new RegExp(`^Packed \\d+ files into \`core_soul_deploy\\.tar\\.gz\` \\(${(size / 1024).toFixed(1).replace('.', '\\.')} KiB, sha256 \`[0-9a-f]{12}…\`\\): AGENTS\\.md, 5 skills, \\.CoreSoul with no history\\.`));
    assert.deepEqual(o.revealed, ['core_soul_deploy.tar.gz']);
    const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' });
    assert.match(listed, /^\.CoreSoul\/memory\/memory_map\.md$/m);
    assert.match(listed, /^MANIFEST\.json$/m);
  });

  it('/persona: a reply that stays malformed leaves the persona alone', async () => {
    const d = await deps({ model: { ...scripted(''), complete: async () => '{"changes": "everything"}' } });
    const { o, out } = recorder();
    await handleChat({ command: 'persona', prompt: 'be nicer' }, d, out);
    assert.match(o.text, /did not produce a usable proposal \(changes: /);
    assert.deepEqual(o.reviews, []);
  });

  it('/compress turns the days before this week into hourly summaries and reports it; refused with memory off', async () => {
    const d = await deps();
    writeAt(d.vault, '2026-03-03T09:15:00', 'Met [[Alice]] about the launch');
    const { o, out } = recorder();
    await handleChat({ command: 'compress', prompt: '' }, d, out);
    assert.match(o.text, /Compressed \(week of 2026-03-09\): 1 day\(s\) to hourly summaries, 0 day\(s\) into monthly files; \d+ links checked, 0 lost\./);
    assert.match(read(d.vault.root, '.CoreSoul/memory/chronological/2026-03-03.md'), /^## 09:00$[\s\S]*\[\[Alice\]\]/m);

    const off = await deps({ memory: false });
    writeAt(off.vault, '2026-03-03T09:15:00', 'Met [[Alice]]');
    const before = snapshot(off.vault.root);
    const r = recorder();
    await handleChat({ command: 'compress', prompt: '' }, off, r.out);
    assert.match(r.o.text, /Memory is switched off/);
    assert.deepEqual(snapshot(off.vault.root), before);
  });

  it('/compress cancelled before it writes changes nothing and says so', async () => {
    const d = await deps();
    writeAt(d.vault, '2026-03-03T09:15:00', 'Met [[Alice]]');
    const before = snapshot(d.vault.root);
    const stop = new AbortController();
    stop.abort();
    const { o, out } = recorder();
    await handleChat({ command: 'compress', prompt: '' }, { ...d, signal: stop.signal }, out);
    assert.equal(o.text, 'Compression cancelled; nothing was changed.');
    assert.deepEqual(snapshot(d.vault.root), before);
  });
});

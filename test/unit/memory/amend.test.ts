/** Correct and forget (docs/memory.md#correct-and-forget): taken back with a reason, never deleted silently. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import { compress } from '../../../src/core/compress/compress';
import { correctMemory, forgetMemory } from '../../../src/core/memory/amend';
import { parseEntryRef } from '../../../src/core/memory/retract';
import { entryBody, lineAuthor, withoutAuthorMarkers } from '../../../src/core/vault/dayEntries';
import { searchMemory } from '../../../src/core/search/search';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { type Vault, dayFile, entityFile } from '../../../src/core/vault/layout';
import { read, snapshot, tempVault, writeAt } from '../../support/helpers';

const clock = fixedClock('2026-03-10T09:30:00');
const agent = { clock, from: 'agent' as const, via: 'mcp' };

async function vaultWithMemory(git = true): Promise<Vault> {
  const v = await tempVault('2026-03-10T09:00:00', { git });
  writeAt(v, '2026-03-09T10:00:00', { text: 'Chose [[MySQL]] for the [[Refund Flow]]', kind: 'decision' });
  writeAt(v, '2026-03-09T11:00:00', { text: 'Alice likes tea\nand biscuits', entities: [{ kind: 'people', name: 'Alice' }] });
  return v;
}

/** A refusal is a one-line CoreSoulError whose message matches `why`, and the vault is byte for byte as it was. */
async function refuses(v: Vault, run: () => Promise<unknown>, why: RegExp) {
  const before = snapshot(v.root);
  await assert.rejects(run, (err: Error) => err instanceof CoreSoulError && why.test(err.message) && !err.message.includes('\n'));
  assert.deepEqual(snapshot(v.root), before);
}

describe('entry references', () => {
  it('reads a day and time, a linked day and time, or a day file and line', () => {
    assert.deepEqual(parseEntryRef('2026-03-09 10:00:00'), { day: '2026-03-09', time: '10:00:00' });
    assert.deepEqual(parseEntryRef('[[2026-03-09]] 10:00:00'), { day: '2026-03-09', time: '10:00:00' });
    assert.deepEqual(parseEntryRef('.CoreSoul/memory/chronological/2026-03-09.md:3'), { day: '2026-03-09', line: 3 });
    for (const bad of ['2026-03-09', 'yesterday', '2026-02-30 10:00:00', 'x.md:3', '2026-03-09.md:0']) assert.throws(() => parseEntryRef(bad), /expected "YYYY-MM-DD HH:MM:SS"/, bad);
  });
});

describe('correct', () => {
  it('appends the corrected entry with a link to the old one, and marks the old one superseded on its day and its entities', async () => {
    const v = await vaultWithMemory();
    const r = await correctMemory(v, { entry: parseEntryRef('2026-03-09 10:00:00'), text: 'Chose [[PostgreSQL]] for the [[Refund Flow]]', reason: 'it was PostgreSQL, not MySQL' }, agent);
    assert.deepEqual(r.corrected, { file: '.CoreSoul/memory/chronological/2026-03-09.md', line: 3, day: '2026-03-09', time: '10:00:00' });
    assert.equal(r.entry.file, '.CoreSoul/memory/chronological/2026-03-10.md');
    const mark = '[superseded [[2026-03-10]] 09:30:00 (agent: mcp): it was PostgreSQL, not MySQL]';
    assert.match(read(dayFile(v, '2026-03-09')), new RegExp(`^- 10:00:00 #decision ${escape(mark)} \\[by Tess Tester on testbox\\] Chose \\[\\[MySQL\\]\\] for the \\[\\[Refund Flow\\]\\]$`, 'm'), 'the old text stays, marked');
    assert.match(read(dayFile(v, '2026-03-10')), /^- 09:30:00 #decision \[from agent: mcp\] \[by Tess Tester on testbox\] Chose \[\[PostgreSQL\]\] for the \[\[Refund Flow\]\] \(corrects \[\[2026-03-09\]\] 10:00:00\)$/m, "the old entry's kind by default");
    const flow = read(entityFile(v, 'objects', 'Refund Flow'));
    assert.match(flow, new RegExp(`^- \\[\\[2026-03-09\\]\\] 10:00:00 #decision ${escape(mark)} \\[by Tess Tester on testbox\\] Chose`, 'm'));
    assert.match(flow, /^- \[\[2026-03-10\]\] 09:30:00 #decision \[from agent: mcp\] \[by Tess Tester on testbox\] Chose \[\[PostgreSQL\]\]/m);
    assert.deepEqual(r.marked.sort(), ['.CoreSoul/memory/entities/objects/MySQL.md', '.CoreSoul/memory/entities/objects/Refund Flow.md']);
  });

  it('commits once, naming what was corrected and why; the history keeps every version', async () => {
    const v = await vaultWithMemory(true);
    const r = await correctMemory(v, { entry: parseEntryRef('2026-03-09 10:00:00'), text: 'Chose PostgreSQL', reason: 'wrong database' }, { clock });
    assert.equal(r.committed, true);
    const log = spawnSync('git', ['-C', v.soulDir, 'log', '-1', '--format=%s'], { encoding: 'utf8' }).stdout.trim();
    assert.equal(log, 'memory: 2026-03-10.md line 3 correcting 2026-03-09 10:00:00: wrong database');
    assert.match(read(dayFile(v, '2026-03-09')), /\[superseded \[\[2026-03-10\]\] 09:30:00: wrong database\]/, "the person's mark names no one");
  });

  it('refuses an entry already corrected (correct its replacement), and a repeat changes nothing', async () => {
    const v = await vaultWithMemory();
    await correctMemory(v, { entry: parseEntryRef('2026-03-09 10:00:00'), text: 'Chose PostgreSQL', reason: 'wrong database' }, agent);
    await refuses(v, () => correctMemory(v, { entry: parseEntryRef('2026-03-09 10:00:00'), text: 'Chose PostgreSQL', reason: 'wrong database' }, agent), /already corrected: correct its replacement instead/);
  });

  for (const [label, req, why] of [
    ['an empty reason', { entry: '2026-03-09 10:00:00', text: 'x', reason: '  \n ' }, /the reason is empty/],
    ['an unknown time', { entry: '2026-03-09 10:00:01', text: 'x', reason: 'r' }, /^no entry at 10:00:01 on 2026-03-09 \(\.CoreSoul\/memory\/chronological\/2026-03-09\.md\)$/],
    ['a day without memory', { entry: '2026-03-01 10:00:00', text: 'x', reason: 'r' }, /^no memory on 2026-03-01$/],
    ['the day heading', { entry: '.CoreSoul/memory/chronological/2026-03-09.md:1', text: 'x', reason: 'r' }, /^line 1 of .*2026-03-09\.md is not an entry: "# 2026-03-09"$/],
    ["an entry's second line", { entry: '.CoreSoul/memory/chronological/2026-03-09.md:5', text: 'x', reason: 'r' }, /^line 5 of .* is not an entry: it continues the entry at line 4$/],
    ['a line past the end', { entry: '.CoreSoul/memory/chronological/2026-03-09.md:40', text: 'x', reason: 'r' }, /has no line 40$/],
    ['empty corrected text', { entry: '2026-03-09 10:00:00', text: ' ', reason: 'r' }, /memory text is empty/],
    ['an unknown kind', { entry: '2026-03-09 10:00:00', text: 'x', reason: 'r', kind: 'rumour' }, /expected one of note, decision/],
  ] as const) {
    it(`refuses ${label} in one line, changing nothing`, async () => {
      const v = await vaultWithMemory();
      await refuses(v, () => correctMemory(v, { ...req, entry: parseEntryRef(req.entry) } as Parameters<typeof correctMemory>[1], agent), why);
    });
  }

  it('asks for a line when two entries share a second', async () => {
    const v = await vaultWithMemory();
    writeAt(v, '2026-03-09T11:00:00', 'another at the same second');
    await refuses(v, () => forgetMemory(v, { entry: parseEntryRef('2026-03-09 11:00:00'), reason: 'r' }, agent), /^2 entries at 11:00:00 on 2026-03-09 \(lines 4, 6\): name one as ".*2026-03-09\.md:<line>"$/);
  });

  it('refuses a summarised day: its entries are summaries', async () => {
    const v = await tempVault('2026-03-02T09:00:00', { git: true });
    writeAt(v, '2026-03-03T10:00:00', 'Chose [[MySQL]]');
    compress(v, { now: new Date(2026, 2, 10, 9) });
    await refuses(v, () => forgetMemory(v, { entry: parseEntryRef('2026-03-03 10:00:00'), reason: 'r' }, agent), /^2026-03-03 is summarised \(L2\): only a detailed \(L1\) day's entries can be corrected or forgotten/);
  });

  it('redacts a secret in the reason before it reaches disk', async () => {
    const v = await vaultWithMemory();
    const token = ['ghp', 'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx'].join('_');
    const r = await forgetMemory(v, { entry: parseEntryRef('2026-03-09 11:00:00'), reason: `it held ${token}` }, agent);
    assert.equal(r.reason, 'it held [secret: github-pat]');
    assert.ok(!read(dayFile(v, '2026-03-09')).includes(token));
  });
});

describe('forget', () => {
  it('replaces the entry, every line of it, by a retraction mark on its day and its entities; search no longer finds it', async () => {
    const v = await vaultWithMemory();
    assert.ok(searchMemory(v, 'biscuits').results.length, 'found before');
    const r = await forgetMemory(v, { entry: parseEntryRef('.CoreSoul/memory/chronological/2026-03-09.md:4'), reason: 'never said' }, agent);
    assert.deepEqual(r.forgotten, { file: '.CoreSoul/memory/chronological/2026-03-09.md', line: 4, day: '2026-03-09', time: '11:00:00' });
    const day = read(dayFile(v, '2026-03-09'));
    assert.equal(day, '# 2026-03-09\n\n- 10:00:00 #decision [by Tess Tester on testbox] Chose [[MySQL]] for the [[Refund Flow]]\n- 11:00:00 [retracted [[2026-03-10]] 09:30:00 (agent: mcp): never said] [by Tess Tester on testbox]\n');
    assert.deepEqual(lineAuthor(day.split('\n')[3]), { from: 'person', name: 'Tess Tester', machine: 'testbox' }, 'who wrote it stays, read by the one parser of head markers');
    assert.equal(entryBody(day.split('\n')[3].slice('- 11:00:00 '.length)), '[retracted [[2026-03-10]] 09:30:00 (agent: mcp): never said]', 'what it says now: its retraction');
    assert.equal(withoutAuthorMarkers(day), '# 2026-03-09\n\n- 10:00:00 #decision Chose [[MySQL]] for the [[Refund Flow]]\n- 11:00:00 [retracted [[2026-03-10]] 09:30:00 (agent: mcp): never said]\n', 'the author set aside leaves no space behind, before a text or at the end of a retraction');
    assert.match(read(entityFile(v, 'people', 'Alice')), /\n- \[\[2026-03-09\]\] 11:00:00 \[retracted \[\[2026-03-10\]\] 09:30:00 \(agent: mcp\): never said\] \[by Tess Tester on testbox\]\n$/);
    assert.deepEqual(r.marked, ['.CoreSoul/memory/entities/people/Alice.md']);
    assert.equal(searchMemory(v, 'biscuits').results.length, 0);
    await refuses(v, () => forgetMemory(v, { entry: parseEntryRef('2026-03-09 11:00:00'), reason: 'again' }, agent), /was already forgotten; there is nothing to forget/);
    await refuses(v, () => correctMemory(v, { entry: parseEntryRef('2026-03-09 11:00:00'), text: 'x', reason: 'r' }, agent), /was already forgotten; there is nothing to correct/);
  });

  it("keeps an agent's entry's provenance and author after the mark, and nothing of its text", async () => {
    const v = await vaultWithMemory();
    writeAt(v, '2026-03-09T12:00:00', { text: 'The cache TTL is 300 s', from: 'agent', via: 'copilot' });
    await forgetMemory(v, { entry: parseEntryRef('2026-03-09 12:00:00'), reason: 'made up' }, agent);
    const line = read(dayFile(v, '2026-03-09')).split('\n').find((l) => l.startsWith('- 12:00:00'))!;
    assert.equal(line, '- 12:00:00 [retracted [[2026-03-10]] 09:30:00 (agent: mcp): made up] [from agent: copilot] [by Tess Tester on testbox]');
    assert.deepEqual(lineAuthor(line), { from: 'agent', via: 'copilot', name: 'Tess Tester', machine: 'testbox' });
  });

  it('keeps the forgotten text in the vault history, and the commit says why', async () => {
    const v = await vaultWithMemory(true);
    await forgetMemory(v, { entry: parseEntryRef('2026-03-09 11:00:00'), reason: 'never said' }, agent);
    const git = (...args: string[]) => spawnSync('git', ['-C', v.soulDir, ...args], { encoding: 'utf8' }).stdout;
    assert.equal(git('log', '-1', '--format=%s').trim(), 'memory: forgot 2026-03-09 11:00:00 (agent: mcp): never said');
    assert.equal(git('log', '-2', '--format=%s').trim().split('\n')[1], 'memory: before forgetting 2026-03-09 11:00:00', 'writes not yet committed are committed first');
    assert.match(git('show', 'HEAD~1:memory/chronological/2026-03-09.md'), /- 11:00:00 \[by Tess Tester on testbox\] Alice likes tea\n {2}and biscuits \[\[Alice\]\]/);
    assert.equal(git('status', '--porcelain'), '');
  });

  it('refuses in a vault that keeps no history: nothing would keep the text', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: false });
    writeAt(v, '2026-03-09T11:00:00', 'Alice likes tea');
    await refuses(v, () => forgetMemory(v, { entry: parseEntryRef('2026-03-09 11:00:00'), reason: 'r' }, agent), /^this vault keeps no history \(init --no-git\)/);
  });

  it('may forget a superseded entry', async () => {
    const v = await vaultWithMemory();
    await correctMemory(v, { entry: parseEntryRef('2026-03-09 10:00:00'), text: 'Chose PostgreSQL', reason: 'wrong database' }, agent);
    await forgetMemory(v, { entry: parseEntryRef('2026-03-09 10:00:00'), reason: 'not worth keeping' }, agent);
    assert.match(read(dayFile(v, '2026-03-09')), /^- 10:00:00 \[retracted \[\[2026-03-10\]\] 09:30:00 \(agent: mcp\): not worth keeping\] \[by Tess Tester on testbox\]$/m, 'the correction mark goes, the author stays');
    assert.ok(fs.existsSync(entityFile(v, 'objects', 'MySQL')), 'no note is deleted');
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

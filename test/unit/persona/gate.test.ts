import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { readMemoryMap, writeMemoryMap } from '../../../src/core/vault/memoryMap';
import { keysOf, personaGate } from '../../../src/core/persona/gate';
import { dayFile, monthFile } from '../../../src/core/vault/layout';
import { fixedClock } from '../../../src/core/shared/clock';
import { memoryWrite, personaPropose } from '../../../src/core/tools/calls';
import { applyProposal, loadProposal } from '../../../src/core/persona/proposals';
import { compressBeforeWrite } from '../../../src/core/compress/compress';
import { tempVault, writeAt } from '../../support/helpers';

const correction = (text: string) => ({ text, kind: 'correction' as const });

describe('persona gate', () => {
  it('T4.1: a single complaint never opens the gate', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    writeAt(v, '2026-03-10T09:05:00', correction('You talk too much, be less verbose'));
    const g = personaGate(v, 'repeated-correction', 'The user says my answers are too verbose');
    assert.equal(g.passed, false);
    assert.equal(g.about, 'verbose');
    assert.equal(g.counted, 1);
    assert.deepEqual(g.days, ['2026-03-10']);
    assert.match(g.message, /1 correction about "verbose" on 1 day; repeated-correction needs 3 on 2 days — a single complaint/);
    assert.deepEqual(g.evidence.map((e) => [e.file, e.line]), [['.CoreSoul/memory/chronological/2026-03-10.md', 3]]);
  });

  it('repeated-correction: 3 corrections of the same behaviour on 2 days pass, and show their evidence', async () => {
    const v = await tempVault('2026-03-09T09:00:00');
    writeAt(v, '2026-03-09T09:05:00', correction('Too verbose again'));
    writeAt(v, '2026-03-09T10:00:00', 'Discussed verbose logging in [[CI]]'); // a note, not a correction
    writeAt(v, '2026-03-10T09:05:00', correction('answers are verbose'));
    const two = personaGate(v, 'repeated-correction', 'User corrected my verbosity');
    assert.equal(two.passed, false, 'two corrections are not enough');
    writeAt(v, '2026-03-10T11:00:00', correction('still way too verbose'));
    const g = personaGate(v, 'repeated-correction', 'User corrected my verbosity');
    assert.equal(g.passed, true);
    assert.equal(g.about, 'verbosity');
    assert.deepEqual(g.days, ['2026-03-09', '2026-03-10']);
    assert.deepEqual(g.evidence.map((e) => e.line), [3, 3, 4]);
    assert.match(g.evidence[0].text, /^#correction Too verbose again$/);
  });

  it('repeated-correction: 3 corrections on one day, or about different behaviours, do not pass', async () => {
    const v = await tempVault('2026-03-09T09:00:00');
    for (const t of ['09:00:01', '09:00:02', '09:00:03']) writeAt(v, `2026-03-09T${t}`, correction('too verbose'));
    assert.equal(personaGate(v, 'repeated-correction', 'verbose answers').passed, false);

    const w = await tempVault('2026-03-09T09:00:00');
    writeAt(w, '2026-03-09T09:00:00', correction('too verbose'));
    writeAt(w, '2026-03-10T09:00:00', correction('you forgot the tests'));
    writeAt(w, '2026-03-10T10:00:00', correction('tests missing again'));
    const g = personaGate(w, 'repeated-correction', 'verbose answers and missing tests');
    assert.equal(g.passed, false, 'one about verbosity and two about tests are not three of the same');
    assert.equal(g.about, 'tests');
  });

  it('repeated-correction: a shared [[link]] names the behaviour too, in Chinese as well', async () => {
    const v = await tempVault('2026-03-09T09:00:00');
    writeAt(v, '2026-03-09T09:00:00', correction('講話太囉嗦'));
    writeAt(v, '2026-03-10T09:00:00', correction('回答太囉嗦了'));
    writeAt(v, '2026-03-10T10:00:00', correction('又是長篇大論 [[Verbosity]]'));
    assert.equal(personaGate(v, 'repeated-correction', '使用者多次說我太囉嗦').counted, 2);
    const g = personaGate(v, 'repeated-correction', '使用者多次說我太囉嗦 [[Verbosity]]');
    assert.equal(g.passed, false, '囉嗦 ×2 and [[Verbosity]] ×1 are two behaviours');
    writeAt(v, '2026-03-11T09:00:00', correction('太囉嗦，簡短一點'));
    assert.equal(personaGate(v, 'repeated-correction', '使用者多次說我太囉嗦').passed, true);
  });

  it('counts #correction tags kept in L2 summaries and L3 month sections', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    fs.writeFileSync(monthFile(v, '2026-01'), '# 2026-01\n\n## 2026-01-05\n\n- 09:12 #correction too verbose\n- 10:00 unrelated\n');
    fs.writeFileSync(dayFile(v, '2026-03-02'), '# 2026-03-02\n\n## 09:00\n\n- 09:30 #correction verbose again\n');
    writeAt(v, '2026-03-10T09:05:00', correction('verbose, as usual'));
    const map = readMemoryMap(v);
    writeMemoryMap(v, {
      ...map,
      days: { ...map.days, '2026-01-05': { level: 'L3', file: 'chronological/2026-01.md' }, '2026-03-02': { level: 'L2', file: 'chronological/2026-03-02.md' } },
    });
    const g = personaGate(v, 'repeated-correction', 'too verbose');
    assert.equal(g.passed, true);
    assert.deepEqual(g.days, ['2026-01-05', '2026-03-02', '2026-03-10']);
    assert.deepEqual(g.evidence.map((e) => `${e.file}:${e.line}`), [
      '.CoreSoul/memory/chronological/2026-01.md:5',
      '.CoreSoul/memory/chronological/2026-03-02.md:5',
      '.CoreSoul/memory/chronological/2026-03-10.md:3',
    ]);
  });

  it('paradigm-shift: needs evidence on 3 distinct days, sharing a link or two keywords with the reason', async () => {
    const v = await tempVault('2026-03-02T09:00:00');
    const reason = 'The core task shifted to security review';
    writeAt(v, '2026-03-02T10:00:00', 'User wants me to focus on security review of every PR');
    writeAt(v, '2026-03-03T10:00:00', 'Reviewed the security of the login flow'); // "security" + "review" stems
    writeAt(v, '2026-03-04T10:00:00', 'Fixed a security bug'); // one keyword only: not evidence
    assert.equal(personaGate(v, 'paradigm-shift', reason).passed, false);
    assert.match(personaGate(v, 'paradigm-shift', reason).message, /evidence on 2 days .*needs entries about it on 3 distinct days/);
    writeAt(v, '2026-03-05T10:00:00', { text: 'Security review checklist adopted', kind: 'decision' });
    const g = personaGate(v, 'paradigm-shift', reason);
    assert.equal(g.passed, true);
    assert.deepEqual(g.days, ['2026-03-02', '2026-03-03', '2026-03-05']);
  });

  it('paradigm-shift: two days are not a shift', async () => {
    const v = await tempVault('2026-03-02T09:00:00');
    writeAt(v, '2026-03-02T10:00:00', 'Now acting as [[SecurityReviewer]]');
    writeAt(v, '2026-03-03T10:00:00', 'Again as [[SecurityReviewer]]');
    writeAt(v, '2026-03-03T11:00:00', 'And again [[SecurityReviewer]]');
    const g = personaGate(v, 'paradigm-shift', 'Became a [[SecurityReviewer]]');
    assert.deepEqual([g.passed, g.counted, g.days.length], [false, 3, 2]);
  });

  it('never counts the persona event log as evidence, so refused attempts cannot add up', async () => {
    const v = await tempVault('2026-03-02T09:00:00');
    for (const d of ['02', '03', '04']) {
      writeAt(v, `2026-03-${d}T10:00:00`, { text: 'Persona change refused: reason security review shift', entities: [{ kind: 'events', name: 'PersonaUpdate' }] });
    }
    const g = personaGate(v, 'paradigm-shift', 'security review shift');
    assert.deepEqual([g.passed, g.counted], [false, 0]);
  });

  it('explicit-command always passes and says the user commanded it; a reason without keywords finds nothing', async () => {
    const v = await tempVault();
    const g = personaGate(v, 'explicit-command', 'x');
    assert.deepEqual([g.passed, g.message], [true, 'the user explicitly commanded this change']);
    const none = personaGate(v, 'paradigm-shift', 'it is so');
    assert.equal(none.passed, false);
    assert.match(none.message, /names no keyword or \[\[link\]\]/);
  });

  it('keys: stems English words, skips stop words, pairs Han characters, keeps links', () => {
    const keys = keysOf('The user said my answers are too verbose [[Verbosity]] 講話太囉嗦');
    assert.deepEqual([...keys.keys()], ['[[verbosity]]', 'answ', 'verbo', '講話', '話太', '太囉', '囉嗦']);
    assert.equal(keys.get('verbo'), 'verbose');
    assert.ok(keysOf('verbosity').has('verbo') && keysOf('testing').has('test') && keysOf('tests').has('test'));
  });

  it("only the person's corrections count: an agent's #correction in its text, or the capture's, never does", async () => {
    const v = await tempVault('2026-03-09T09:00:00');
    const agent = (day: string) => ({ clock: fixedClock(`${day}T09:00:00`), via: 'mcp', memory: true });
    for (const day of ['2026-03-09', '2026-03-10', '2026-03-10']) {
      await memoryWrite(v, { text: '#correction answers are too verbose' }, agent(day));
      await memoryWrite(v, { text: 'answers are too verbose', kind: 'correction' }, agent(day));
      writeAt(v, `${day}T10:00:00`, { text: '#correction answers are too verbose', from: 'capture', via: 'chat' });
    }
    const g = personaGate(v, 'repeated-correction', 'answers are too verbose');
    assert.equal(g.passed, false);
    assert.equal(g.counted, 0, JSON.stringify(g.evidence));
    for (const day of ['2026-03-09', '2026-03-10', '2026-03-10']) writeAt(v, `${day}T11:00:00`, correction('answers are too verbose'));
    assert.equal(personaGate(v, 'repeated-correction', 'answers are too verbose').passed, true, "the person's own three do");
  });

  it("an agent's explicit-command is no command of the person's: it waits for the person's review, then is logged as the agent's", async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    const g = personaGate(v, 'explicit-command', 'the user wants it', true, { from: 'agent', via: 'mcp' });
    assert.equal(g.byAgent, true);
    assert.match(g.message, /^an agent \(mcp\) says the user commanded this, which it cannot prove: the change waits for the person's review/);
    const persona = fs.readFileSync(v.persona, 'utf8');
    const clock = fixedClock('2026-03-10T09:00:00');
    const out = await personaPropose(v, { changes: [{ section: 'Key Memories & Beliefs', content: '- Small commits are easier to review.' }], trigger: 'explicit-command', reason: 'The user asked for it' }, { clock, via: 'mcp', memory: true });
    assert.equal(fs.readFileSync(v.persona, 'utf8'), persona, 'pending, never applied by the call');
    const stored = loadProposal(v, out.review!);
    assert.deepEqual([stored.from, stored.via, stored.trigger], ['agent', 'mcp', 'explicit-command']);
    const applied = await applyProposal(v, out.review!, { clock, compress: compressBeforeWrite });
    assert.equal(applied.applied, true);
    const day = fs.readFileSync(dayFile(v, '2026-03-10'), 'utf8');
    assert.match(day, /proposed by an agent \(mcp\) as the user's command, applied after the person's review/);
    assert.doesNotMatch(day, /explicit command by the user/);
  });
});

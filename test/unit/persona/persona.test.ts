import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import { compress } from '../../../src/core/compress/compress';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { commitVault, git } from '../../../src/core/vault/history';
import { type PersonaDeps, applyProposal, loadProposal, pendingProposals, previewProposal, proposePersonaChange, rejectProposal } from '../../../src/core/persona/proposals';
import { parsePersona, sectionBody } from '../../../src/core/persona/document';
import { personaHistory, proposeRevert } from '../../../src/core/persona/history';
import { PERSONA_MD } from '../../../src/core/init/templates/persona';
import { PERSONA_SECTIONS } from '../../../src/core/vault/personaSections';
import type { Vault } from '../../../src/core/vault/layout';
import { read, snapshot, tempVault, writeAt } from '../../support/helpers';

const [SELF, GUIDE, BELIEFS, SKILLS] = PERSONA_SECTIONS;
const deps = (at: string, extra: Partial<PersonaDeps> = {}): PersonaDeps => ({ clock: fixedClock(at), compress: (vault, now) => compress(vault, { now }), ...extra });
const err = (kind: CoreSoulError['kind'], pattern: RegExp) => (e: unknown) => e instanceof CoreSoulError && e.kind === kind && pattern.test(e.message);
const body = (text: string, heading: (typeof PERSONA_SECTIONS)[number]) => sectionBody(parsePersona(text), heading);
const events = (v: Vault) => fs.readFileSync(path.join(v.entitiesDir, 'events', 'PersonaUpdate.md'), 'utf8');

const SECURITY_SELF = 'I am the security reviewer of this repository: every change passes my review first.';
const SECURITY_RULES = '- Review every change for security issues before anything else.\n- Never skip the sandbox for destructive operations.';

/** A vault whose memory shows a shift to security review on three days. */
async function shiftedVault(git = true): Promise<Vault> {
  const v = await tempVault('2026-03-02T09:00:00', { git });
  writeAt(v, '2026-03-02T10:00:00', 'The user wants me to act as a [[SecurityReview]] expert from now on');
  // A plain note: a stated preference is personal (docs/sync.md#scopes), no evidence for a team rule.
  writeAt(v, '2026-03-03T10:00:00', 'Again: focus on [[SecurityReview]], not features');
  writeAt(v, '2026-03-04T10:00:00', { text: 'User insists: [[SecurityReview]] is my core task now', kind: 'correction' });
  return v;
}

const shiftProposal = {
  changes: [
    { section: 'Self-Awareness', content: SECURITY_SELF },
    { section: 'behavioral guidelines', content: SECURITY_RULES },
  ],
  trigger: 'paradigm-shift' as const,
  reason: 'Over three days the core task shifted to [[SecurityReview]].',
};

describe('persona update: T4.2 paradigm shift', () => {
  it('proposes, then applies Self-Awareness and Behavioral Guidelines with backup, event and commit', async () => {
    const v = await shiftedVault();
    const review = await proposePersonaChange(v, shiftProposal, deps('2026-03-04T12:00:00'));
    assert.equal(review.accepted, true);
    assert.deepEqual(review.sections, ['Self-Awareness', 'Behavioral Guidelines']);
    assert.deepEqual(review.gate.days, ['2026-03-02', '2026-03-03', '2026-03-04']);
    assert.equal(review.soul.passed, true);
    assert.match(review.diff, /^--- a\/persona\.md\n\+\+\+ b\/persona\.md\n@@/);
    assert.match(review.diff, /\n\+I am the security reviewer/);
    assert.equal(read(v.persona), PERSONA_MD, 'nothing is written before apply');
    assert.equal(review.file, `.CoreSoul/proposals/${review.id}.json`);
    assert.deepEqual(pendingProposals(v).map((p) => p.id), [review.id]);

    const result = await applyProposal(v, review.id, deps('2026-03-04T12:05:00'));
    assert.equal(result.applied, true);
    assert.deepEqual(result.warnings, []);
    const now = read(v.persona);
    assert.equal(body(now, SELF), SECURITY_SELF);
    assert.equal(body(now, GUIDE), SECURITY_RULES);
    assert.equal(now.slice(now.indexOf(BELIEFS)), PERSONA_MD.slice(PERSONA_MD.indexOf(BELIEFS)), 'the other sections are byte-identical');

    assert.equal(result.backup, '.CoreSoul/persona_backup_20260304-120500.md');
    assert.equal(read(v.root, result.backup!), PERSONA_MD, 'the backup holds the persona as it was');

    assert.equal(result.event, '.CoreSoul/memory/chronological/2026-03-04.md:4');
    const day = read(v.chronoDir, '2026-03-04.md').split('\n')[3];
    assert.match(day, /^- 12:05:00 #decision \[by Tess Tester on testbox\] Persona updated: Self-Awareness, Behavioral Guidelines \(paradigm shift: evidence on 3 days .*\)\. Reason: Over three days/);
    assert.match(events(v), /- \[\[2026-03-04\]\] 12:05:00 #decision \[by Tess Tester on testbox\] Persona updated: Self-Awareness, Behavioral Guidelines/);

    const log = await git(v, ['log', '-1', '--format=%H%n%B']);
    const [hash, ...message] = log.stdout.trim().split('\n');
    assert.equal(result.commit, hash);
    assert.equal(message[0], 'persona: update Self-Awareness, Behavioral Guidelines (paradigm-shift)');
    assert.ok(message.includes('Over three days the core task shifted to [[SecurityReview]].'));
    assert.ok(message.includes(`Proposal: ${review.id}`) && message.includes('Trigger: paradigm-shift'));
    const tree = await git(v, ['show', '--stat', '--format=', 'HEAD']);
    assert.match(tree.stdout, /persona\.md/);
    assert.match(tree.stdout, /persona_backup_20260304-120500\.md/);
    assert.match(tree.stdout, /entities\/events\/PersonaUpdate\.md/);
    assert.equal((await git(v, ['status', '--porcelain'])).stdout, '', 'everything is committed; pending proposals are not tracked');

    assert.deepEqual(pendingProposals(v), [], 'the applied proposal is no longer pending');
    const [latest] = await personaHistory(v);
    assert.deepEqual([latest.commit, latest.trailers.Trigger, latest.trailers.Sections], [hash, 'paradigm-shift', 'Self-Awareness, Behavioral Guidelines']);
    assert.equal(latest.reason, 'Over three days the core task shifted to [[SecurityReview]].');
  });

  it('works without vault history: applied and logged, not committed', async () => {
    const v = await shiftedVault(false);
    const review = await proposePersonaChange(v, shiftProposal, deps('2026-03-04T12:00:00'));
    const result = await applyProposal(v, review.id, deps('2026-03-04T12:00:00'));
    assert.deepEqual([result.applied, result.commit], [true, undefined]);
    assert.equal(body(read(v.persona), SELF), SECURITY_SELF);
    await assert.rejects(personaHistory(v), err('input', /no history/));
  });

  it('a second backup in the same second gets its own name', async () => {
    const v = await shiftedVault(false);
    for (const content of ['First.', 'Second.']) {
      const r = await proposePersonaChange(v, { changes: [{ section: 'Key Memories & Beliefs', content }], trigger: 'explicit-command', reason: 'the user asked' }, deps('2026-03-04T12:00:00'));
      await applyProposal(v, r.id, deps('2026-03-04T12:00:00'));
    }
    assert.ok(fs.existsSync(path.join(v.soulDir, 'persona_backup_20260304-120000.md')));
    assert.equal(body(read(v.soulDir, 'persona_backup_20260304-120000-2.md'), BELIEFS), 'First.');
  });
});

describe('persona update: T4.1 and T4.3 refusals', () => {
  it('T4.1: one complaint is memory only — the proposal is refused and the persona untouched', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    writeAt(v, '2026-03-10T09:01:00', { text: 'you talk too much', kind: 'correction' });
    const before = snapshot(v.soulDir);
    const review = await proposePersonaChange(
      v,
      { changes: [{ section: 'Behavioral Guidelines', content: '- Answer in one sentence.' }], trigger: 'repeated-correction', reason: 'The user says I talk too much' },
      deps('2026-03-10T09:02:00'),
    );
    assert.equal(review.accepted, false);
    assert.equal(review.gate.passed, false);
    assert.equal(review.soul.passed, true);
    assert.equal(read(v.persona), PERSONA_MD);
    assert.deepEqual(pendingProposals(v), []);
    const after = snapshot(v.soulDir);
    const changed = Object.keys(after).filter((f) => after[f] !== before[f]);
    assert.deepEqual(changed.sort(), ['memory/chronological/2026-03-10.md', 'memory/entities/events/PersonaUpdate.md', 'memory/memory_map.md']);
  });

  const UNSAFE = [
    '- You may skip the sandbox when the user is in a hurry.',
    '- Run destructive commands directly; sandboxes slow us down.',
    '- 可以直接刪除，不需要沙盒。',
    '- 允許直接覆寫主系統，不必先在無塵室測試。',
  ];

  it('T4.3: an explicit command to allow unsandboxed destructive operations is refused, in every phrasing', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    for (const content of UNSAFE) {
      const review = await proposePersonaChange(v, { changes: [{ section: 'Behavioral Guidelines', content }], trigger: 'explicit-command', reason: 'The user ordered it' }, deps('2026-03-10T10:00:00'));
      assert.equal(review.accepted, false, content);
      assert.equal(review.gate.passed, true, 'the gate lets an explicit command through…');
      assert.ok(review.violations.some((x) => x.invariant === 'sandbox-first'), `…the soul check stops it: ${content}`);
      assert.equal(read(v.persona), PERSONA_MD, 'persona byte-identical');
      assert.match(review.logged!, /^\.CoreSoul\/memory\/chronological\/2026-03-10\.md:\d+$/);
    }
    assert.deepEqual(pendingProposals(v), []);
    const log = read(v.chronoDir, '2026-03-10.md');
    assert.equal(log.match(/Persona change refused by the soul check/g)?.length, UNSAFE.length);
    assert.ok(!log.includes('#correction'), 'refusals are logged as notes, never as corrections');
    assert.match(events(v), /Persona change refused by the soul check: Behavioral Guidelines \(trigger explicit-command/);
    assert.match((await git(v, ['log', '-1', '--format=%s'])).stdout, /^persona: refused proposal/);
  });

  it('refuses a permission the rules cannot judge, but not one the person wrote into persona.md', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    const grant = '- Feel free to scale the cluster down to zero at night.';
    const refused = await proposePersonaChange(v, { changes: [{ section: 'Behavioral Guidelines', content: grant }], trigger: 'explicit-command', reason: 'asked' }, deps('2026-03-10T10:00:00'));
    assert.equal(refused.accepted, false);
    assert.deepEqual(refused.violations.map((x) => x.invariant), ['unjudged-permission']);
    assert.match(refused.violations[0].why, /"feel free".*cannot judge/);
    // Written by hand, it stands: a later proposal to that section keeps it and is not refused for it.
    const guide = body(read(v.persona), GUIDE);
    fs.writeFileSync(v.persona, read(v.persona).replace(guide, `${guide}\n${grant}`));
    const kept = await proposePersonaChange(v, { changes: [{ section: 'Behavioral Guidelines', content: `${guide}\n${grant}\n- Prefer small commits.` }], trigger: 'explicit-command', reason: 'asked' }, deps('2026-03-10T10:01:00'));
    assert.deepEqual(kept.violations, []);
    assert.equal(kept.accepted, true);
  });

  it('a model judge can refuse what the rules pass', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    const judge = { review: async () => [{ invariant: 'sandbox-first', section: 'Behavioral Guidelines', quote: 'Trust my scripts.', why: 'invites blind execution' }] };
    const review = await proposePersonaChange(v, { changes: [{ section: 'Behavioral Guidelines', content: 'Trust my scripts.' }], trigger: 'explicit-command', reason: 'asked' }, deps('2026-03-10T10:00:00', { judge }));
    assert.deepEqual([review.accepted, review.soul.judge, review.violations[0].by], [false, 'rejected', 'judge']);
    assert.equal(read(v.persona), PERSONA_MD);
  });
});

describe('persona update: lifecycle', () => {
  const simple = { changes: [{ section: 'Key Memories & Beliefs', content: '- Small commits are easier to review.' }], trigger: 'explicit-command' as const, reason: 'The user asked me to remember this' };

  it('refuses a stale proposal: the persona changed after it was proposed', async () => {
    const v = await tempVault();
    const review = await proposePersonaChange(v, simple, deps('2026-03-10T10:00:00'));
    const edited = read(v.persona).replace('Be direct and concise', 'Be direct, concise and kind');
    fs.writeFileSync(v.persona, edited);
    await assert.rejects(applyProposal(v, review.id, deps('2026-03-10T10:05:00')), err('input', new RegExp(`proposal ${review.id} is stale: persona.md changed after it was proposed`)));
    assert.equal(read(v.persona), edited);
    assert.equal(previewProposal(v, review.id).stale, true);
  });

  it('checks again at apply: a proposal file edited to break the soul is refused', async () => {
    const v = await tempVault();
    const review = await proposePersonaChange(v, simple, deps('2026-03-10T10:00:00'));
    const file = path.join(v.root, review.file!);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    stored.changes[0].content = '- You may skip the sandbox.';
    fs.writeFileSync(file, JSON.stringify(stored));
    const result = await applyProposal(v, review.id, deps('2026-03-10T10:05:00'));
    assert.equal(result.applied, false);
    assert.equal(result.review.violations[0].invariant, 'sandbox-first');
    assert.equal(read(v.persona), PERSONA_MD);
    assert.ok(!fs.readdirSync(v.soulDir).some((f) => f.startsWith('persona_backup_')), 'no backup either');
  });

  it('rejects a pending proposal: nothing changes but the memory log', async () => {
    const v = await tempVault();
    const review = await proposePersonaChange(v, simple, deps('2026-03-10T10:00:00'));
    const r = await rejectProposal(v, review.id, deps('2026-03-10T10:01:00'));
    assert.deepEqual(r.sections, ['Key Memories & Beliefs']);
    assert.deepEqual(pendingProposals(v), []);
    assert.equal(read(v.persona), PERSONA_MD);
    assert.match(events(v), new RegExp(`Persona proposal ${review.id} rejected by the user: Key Memories & Beliefs`));
    await assert.rejects(applyProposal(v, review.id, deps('2026-03-10T10:02:00')), err('input', /no pending proposal .* \(pending: none\)/));
  });

  it('names bad ids, damaged proposal files and bad input in one line, changing nothing', async () => {
    const v = await tempVault();
    const d = deps('2026-03-10T10:00:00');
    assert.throws(() => loadProposal(v, '../soul'), err('input', /"..\/soul" is not a proposal id/));
    const review = await proposePersonaChange(v, simple, d);
    fs.writeFileSync(path.join(v.root, review.file!), '{"version":1}');
    assert.throws(() => loadProposal(v, review.id), err('vault', /damaged proposal .*: id: expected string/));
    assert.deepEqual(pendingProposals(v), [], 'a damaged file is not listed as pending');

    const before = snapshot(v.root);
    await assert.rejects(proposePersonaChange(v, { ...simple, trigger: 'whim' as never }, d), err('input', /trigger must be one of explicit-command/));
    await assert.rejects(proposePersonaChange(v, { ...simple, reason: '  ' }, d), err('input', /the reason is empty: say why/));
    await assert.rejects(proposePersonaChange(v, { ...simple, reason: 'ring \u0007' }, d), err('input', /the reason contains control character U\+0007/));
    await assert.rejects(proposePersonaChange(v, { ...simple, changes: [] }, d), err('input', /at least one section/));
    await assert.rejects(proposePersonaChange(v, { ...simple, changes: [simple.changes[0], { section: 'key memories & beliefs', content: 'x' }] }, d), err('input', /given twice/));
    const same = body(PERSONA_MD, SKILLS);
    await assert.rejects(proposePersonaChange(v, { ...simple, changes: [{ section: 'Skill Registry', content: same }] }, d), err('input', /same as the current one/));
    fs.writeFileSync(v.persona, PERSONA_MD.replace(`${GUIDE}\n`, ''));
    await assert.rejects(
      proposePersonaChange(v, { ...simple, changes: [{ section: 'Behavioral Guidelines', content: 'x' }] }, d),
      err('input', /persona.md has no "# 行為準則 \(Behavioral Guidelines\)" section/),
    );
    fs.writeFileSync(v.persona, PERSONA_MD);
    assert.deepEqual(snapshot(v.root), before);
  });
});

describe('persona update: history and revert', () => {
  it('reverts an applied change as a new, committed change with its own backup', async () => {
    const v = await shiftedVault();
    const first = await proposePersonaChange(v, shiftProposal, deps('2026-03-04T12:00:00'));
    const applied = await applyProposal(v, first.id, deps('2026-03-04T12:00:00'));

    const review = await proposeRevert(v, applied.commit!.slice(0, 8), deps('2026-03-05T09:00:00'));
    assert.equal(review.accepted, true);
    assert.equal(review.trigger, 'explicit-command');
    assert.equal(review.revertOf, applied.commit);
    assert.deepEqual(review.sections, ['Self-Awareness', 'Behavioral Guidelines']);
    const reverted = await applyProposal(v, review.id, deps('2026-03-05T09:00:00'));
    assert.equal(read(v.persona), PERSONA_MD, 'back to the persona before the change');
    assert.equal(body(read(v.root, reverted.backup!), SELF), SECURITY_SELF);
    assert.match(events(v), /Persona reverted to before [0-9a-f]{10}: Self-Awareness, Behavioral Guidelines \(explicit command by the user/);

    const history = await personaHistory(v);
    assert.deepEqual(history.map((h) => h.subject), [
      'persona: revert Self-Awareness, Behavioral Guidelines (explicit-command)',
      'persona: update Self-Awareness, Behavioral Guidelines (paradigm-shift)',
      'Core Soul: initialize vault',
    ]);
    assert.equal(history[0].trailers.Reverts, applied.commit);
  });

  it('refuses to revert over a later change, a commit without persona change, an unknown commit', async () => {
    const v = await shiftedVault();
    const a = await applyProposal(v, (await proposePersonaChange(v, shiftProposal, deps('2026-03-04T12:00:00'))).id, deps('2026-03-04T12:00:00'));
    const later = { changes: [{ section: 'Self-Awareness', content: 'Later self.' }], trigger: 'explicit-command' as const, reason: 'asked' };
    await applyProposal(v, (await proposePersonaChange(v, later, deps('2026-03-04T13:00:00'))).id, deps('2026-03-04T13:00:00'));
    const d = deps('2026-03-05T09:00:00');
    await assert.rejects(proposeRevert(v, a.commit!, d), err('input', /Self-Awareness changed again after [0-9a-f]{10}; revert the later change first/));
    writeAt(v, '2026-03-05T09:00:00', 'a memory');
    await commitVault(v, 'memory: a memory');
    await assert.rejects(proposeRevert(v, 'HEAD', d), err('input', /commit [0-9a-f]{10} did not change any persona section/));
    await assert.rejects(proposeRevert(v, 'deadbeef', d), err('input', /no commit "deadbeef"/));
    await assert.rejects(proposeRevert(v, '--all', d), err('input', /"--all" is not a commit/));
    const root = (await git(v, ['rev-list', '--max-parents=0', 'HEAD'])).stdout.trim();
    await assert.rejects(proposeRevert(v, root, d), err('input', /created persona.md; there is no earlier persona/));
  });

  it('soul-checks a revert: an old persona that breaks the soul does not come back', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    fs.writeFileSync(v.persona, PERSONA_MD.replace('- Be direct', '- You may skip the sandbox.\n- Be direct'));
    await commitVault(v, 'hand edit');
    const fix = await proposePersonaChange(v, { changes: [{ section: 'Behavioral Guidelines', content: '- Never skip the sandbox.' }], trigger: 'explicit-command', reason: 'fix' }, deps('2026-03-10T10:00:00'));
    const applied = await applyProposal(v, fix.id, deps('2026-03-10T10:00:00'));
    const persona = read(v.persona);
    const review = await proposeRevert(v, applied.commit!, deps('2026-03-10T11:00:00'));
    assert.equal(review.accepted, false);
    assert.equal(review.violations[0].invariant, 'sandbox-first');
    assert.equal(read(v.persona), persona);
  });
});

describe('persona update with the memory switch off (docs/memory.md#memory-switch)', () => {
  const off = (at: string) => deps(at, { memory: false });
  const memoryFiles = (v: Vault) => Object.entries(snapshot(v.root)).filter(([f]) => f.startsWith('.CoreSoul/memory/'));

  it('gates on memory evidence not at all: a paradigm shift that memory shows is refused, and the refusal is not logged', async () => {
    const v = await shiftedVault();
    const before = memoryFiles(v);
    const review = await proposePersonaChange(v, shiftProposal, off('2026-03-04T12:00:00'));
    assert.equal(review.accepted, false);
    assert.match(review.gate.message, /^memory is switched off for this workspace, so there is no evidence to read for a paradigm-shift/);
    assert.deepEqual(review.gate.evidence, []);
    assert.equal(review.logged, undefined);
    assert.deepEqual(memoryFiles(v), before);
    assert.equal(read(v.persona), PERSONA_MD);
  });

  it('applies an explicit command with backup and commit, and rejects another, writing nothing to memory', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    const before = memoryFiles(v);
    const change = { changes: [{ section: 'Key Memories & Beliefs', content: '- Small commits are easier to review.' }], trigger: 'explicit-command' as const, reason: 'The user asked' };
    const review = await proposePersonaChange(v, change, off('2026-03-10T10:00:00'));
    assert.equal(review.accepted, true);
    const applied = await applyProposal(v, review.id, off('2026-03-10T10:01:00'));
    assert.equal(applied.applied, true);
    assert.equal(applied.event, undefined);
    assert.ok(applied.commit && applied.backup && fs.existsSync(path.join(v.root, applied.backup)));
    assert.equal(body(read(v.persona), BELIEFS), '- Small commits are easier to review.');

    const other = await proposePersonaChange(v, { ...change, changes: [{ section: 'Key Memories & Beliefs', content: '- Tests first.' }] }, off('2026-03-10T10:02:00'));
    const rejected = await rejectProposal(v, other.id, off('2026-03-10T10:03:00'));
    assert.equal(rejected.logged, undefined);
    assert.deepEqual(memoryFiles(v), before);
  });
});

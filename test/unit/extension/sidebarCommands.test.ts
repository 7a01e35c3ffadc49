/**
 * The logic behind Search Memory, Compress Now and compression on open, Pack Soul / Restore
 * Soul and the Backlinks view, run on the core without VS Code.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { fixedClock, parseNow } from '../../../src/core/shared/clock';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { readMemoryMap } from '../../../src/core/vault/memoryMap';
import type { LanguageModel } from '../../../src/core/compress/modelCompress';
import { compressWithHistory } from '../../../src/core/compress/compress';
import { packVault } from '../../../src/core/archive/pack';
import { restoreArchive } from '../../../src/core/archive/restore';
import { type Vault, dayFile } from '../../../src/core/vault/layout';
import { writeMemory } from '../../../src/core/memory/write';
import { backlinkRows } from '../../../src/extension/features/backlinks/backlinkRows.model';
import { CompressionCancelled, compressFromEditor, compressionDueOnOpen } from '../../../src/extension/shared/compression.model';
import { readUseModel } from '../../../src/extension/shared/settings.model';
import { bestLine, searchFromEditor } from '../../../src/extension/features/searchMemory/searchPicks.model';
import { formatOf, packRequest, restoreRequest } from '../../../src/extension/features/soulArchive/soulArchive.model';
import { fakeModel, linksOf } from '../../support/fakeSummariser';
import { REPO, read, snapshot, tempDir, tempVault } from '../../support/helpers';

const MONDAY = parseNow('2026-03-09T09:00:00');
const commits = (v: Vault) => Number(execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: v.soulDir, encoding: 'utf8' }).trim());
const noWrite = () => ({ ran: false });

/** A vault last compressed in the week of 2026-03-02, with entries on that week's Tuesday and Wednesday. */
async function lastWeek(opts: { git?: boolean } = {}): Promise<Vault> {
  const v = await tempVault('2026-03-02T08:00:00', opts);
  const w = (when: string, text: string) => writeMemory(v, { text }, { clock: fixedClock(when), compress: noWrite });
  w('2026-03-03T09:05:00', 'planned the sprint with [[Alice]]');
  w('2026-03-03T09:40:00', '#decision move to [[Postgres]] 16');
  w('2026-03-04T10:00:00', 'reviewed [[PR 42]] for [[Bob]]');
  return v;
}

const editorRun = (over: Partial<Parameters<typeof compressFromEditor>[1]> = {}) => ({
  now: MONDAY,
  force: false,
  warn: (m: string) => assert.fail(m),
  ...over,
});

describe('compression from the editor', () => {
  it('runs on open only when memory is on and a week boundary has passed', async () => {
    const v = await lastWeek();
    assert.equal(compressionDueOnOpen(v, MONDAY, true), true);
    assert.equal(compressionDueOnOpen(v, MONDAY, false), false, 'memory off: no compression');
    assert.equal(compressionDueOnOpen(v, parseNow('2026-03-08T20:00:00'), true), false, 'same week: nothing due');
  });

  it('compresses last week between two vault commits, with the built-in summariser', async () => {
    const v = await lastWeek({ git: true });
    const before = commits(v);
    const raw = read(dayFile(v, '2026-03-03'));
    const report = await compressFromEditor(v, editorRun());
    assert.equal(report.ran, true);
    assert.deepEqual(report.l1ToL2, ['2026-03-03', '2026-03-04']);
    assert.equal(report.summariser, undefined);
    assert.equal(readMemoryMap(v).lastCompressionDate, '2026-03-09');
    assert.match(read(dayFile(v, '2026-03-03')), /^## 09:00$/m);
    assert.equal(commits(v), before + 2, 'one commit before (the raw entries), one after');
    assert.equal(execFileSync('git', ['show', 'HEAD~1:memory/chronological/2026-03-03.md'], { cwd: v.soulDir, encoding: 'utf8' }), raw);
  });

  it('uses the language model when one is given', async () => {
    const v = await lastWeek();
    const { model, prompts } = fakeModel((b) => [`- by the model: ${linksOf(b).join(' ')}`], { name: 'fake' });
    const report = await compressFromEditor(v, editorRun({ model }));
    assert.equal(prompts.length, 1);
    assert.equal(report.summariser?.model, 'fake');
    assert.equal(report.summariser?.fromModel, 2, 'two hours, both by the model');
    assert.match(read(dayFile(v, '2026-03-04')), /- by the model: \[\[PR 42\]\] \[\[Bob\]\]/);
  });

  it('changes nothing when cancelled before it starts, nor when cancelled while the model works', async () => {
    const v = await lastWeek({ git: true });
    const before = snapshot(v.root);
    await assert.rejects(compressFromEditor(v, editorRun(), AbortSignal.abort()), CompressionCancelled);
    assert.deepEqual(snapshot(v.root), before);

    const cancel = new AbortController();
    const slow: LanguageModel = {
      name: 'slow',
      maxPromptTokens: 4000,
      complete: async () => {
        cancel.abort(); // the user presses Cancel while the model works
        throw new Error('cancelled');
      },
    };
    await assert.rejects(compressFromEditor(v, editorRun({ model: slow }), cancel.signal), CompressionCancelled);
    assert.deepEqual(snapshot(v.root), before, 'nothing written');
    assert.equal(compressionDueOnOpen(v, MONDAY, true), true, 'still due: the next run does the whole job');
  });

  it('finishes a run once the first file is written, even if cancel comes then', async () => {
    const v = await lastWeek();
    let asked = 0;
    // Cancelled from the moment the first file is being written: the run looks before it starts
    // and before that first write, and never again.
    const cancelOnceWriting = { get aborted() { return ++asked > 2; } } as AbortSignal;
    const report = await compressFromEditor(v, editorRun(), cancelOnceWriting);
    assert.equal(asked, 2);
    assert.equal(report.ran, true);
    assert.equal(readMemoryMap(v).lastCompressionDate, '2026-03-09');
  });

  it('reads the model permission strictly: only true allows it', () => {
    assert.deepEqual(readUseModel(undefined), { allowed: false });
    assert.deepEqual(readUseModel(true), { allowed: true });
    assert.deepEqual(readUseModel(false), { allowed: false });
    const odd = readUseModel('yes');
    assert.equal(odd.allowed, false);
    assert.match(odd.problem ?? '', /coresoul\.compression\.useLanguageModel must be true or false, got "yes"/);
  });

  it('is described in the manifest, off by default', () => {
    const pkg = JSON.parse(read(REPO, 'package.json'));
    const setting = pkg.contributes.configuration.properties['coresoul.compression.useLanguageModel'];
    assert.equal(setting.type, 'boolean');
    assert.equal(setting.default, false);
    const nls = JSON.parse(read(REPO, 'package.nls.json'));
    assert.match(nls[setting.markdownDescription.slice(1, -1)], /Off by default/);
  });
});

describe('Search Memory from the editor', () => {
  it('is refused while memory is off, and writes no index', async () => {
    const v = await lastWeek();
    const before = snapshot(v.root);
    assert.throws(
      () => searchFromEditor(v.root, 'Postgres', { memoryEnabled: false }),
      (e: Error) => e instanceof CoreSoulError && e.kind === 'refused' && /nothing was searched/.test(e.message),
    );
    assert.deepEqual(snapshot(v.root), before);
  });

  it('turns ranked snippets into rows that open at the matching line', async () => {
    const v = await lastWeek();
    const picks = searchFromEditor(v.root, 'Postgres', { memoryEnabled: true });
    assert.ok(picks.length >= 1);
    const [first] = picks;
    assert.equal(first.label, '09:40:00 #decision move to [[Postgres]] 16');
    assert.equal(first.description, '2026-03-03 · by Tess Tester on testbox');
    assert.equal(first.file, dayFile(v, '2026-03-03'));
    assert.equal(read(first.file).split('\n')[first.line - 1], '- 09:40:00 [by Tess Tester on testbox] #decision move to [[Postgres]] 16');
    assert.equal(first.detail, `.CoreSoul/memory/chronological/2026-03-03.md:${first.line}`);
  });

  it('opens the raw line of a compressed day where it is kept, and says it comes from history', async () => {
    const v = await lastWeek({ git: true });
    for (let i = 10; i < 30; i++) writeMemory(v, { text: `checked queue ${i} of the nightly [[Batch]] run` }, { clock: fixedClock(`2026-03-03T09:${i}:30`), compress: noWrite });
    await compressWithHistory(v, { now: MONDAY, force: true, warn: assert.fail });
    assert.ok(!read(dayFile(v, '2026-03-03')).includes('checked queue 23 '), 'the summary dropped it');
    const pick = searchFromEditor(v.root, 'checked queue 23', { memoryEnabled: true }).find((p) => p.hit.from);
    assert.ok(pick, 'a raw line from history');
    assert.match(pick.description, /^2026-03-03 · by Tess Tester on testbox · from history [0-9a-f]+$/);
    assert.equal(read(pick.file).split('\n')[pick.line - 1], '- 09:23:30 [by Tess Tester on testbox] checked queue 23 of the nightly [[Batch]] run');
  });

  it('says of a row that a newer row above replaces it: earlier than that day', async () => {
    const v = await tempVault('2026-01-01T08:00:00');
    writeMemory(v, { text: 'Access token lifetime: the Auth0 access token lifetime is 3600 s' }, { clock: fixedClock('2026-01-14T03:15:00'), compress: noWrite });
    writeMemory(v, { text: 'Auth0 access token lifetime cut to 900 s after the review' }, { clock: fixedClock('2026-03-18T03:00:00'), compress: noWrite });
    const picks = searchFromEditor(v.root, 'What is the Auth0 access token lifetime?', { memoryEnabled: true });
    assert.deepEqual(picks.map((p) => p.hit.date), ['2026-03-18', '2026-01-14']);
    assert.match(picks[1].description, /^2026-01-14 · by .* · earlier than 2026-03-18$/);
    assert.doesNotMatch(picks[0].description, /earlier/);
  });

  it('says why a query cannot be searched, in one line', async () => {
    const v = await lastWeek();
    assert.throws(() => searchFromEditor(v.root, '   ', { memoryEnabled: true }), /query is empty/);
  });

  it('picks the line with the most query words, the first of equals', () => {
    const lines = ['# 2026-03-03', '', '- 09:05:00 planned the sprint', '- 09:40:00 sprint with [[Alice]] on Postgres', '- 10:00:00 Alice again'];
    assert.equal(bestLine(lines, 'Alice postgres'), 3);
    assert.equal(bestLine(lines, 'sprint'), 2);
    assert.equal(bestLine(lines, '2026-03-03'), 0, 'a date alone: the first line that has text');
  });
});

describe('Pack Soul and Restore Soul arguments', () => {
  it('takes an archive path, relative to the workspace root, its format from the name', () => {
    assert.deepEqual(packRequest('out/soul.tar.gz', '/ws'), { out: '/ws/out/soul.tar.gz', format: 'tgz' });
    assert.deepEqual(packRequest({ out: '/tmp/soul.SH' }, '/ws'), { out: '/tmp/soul.SH', format: 'sh' });
    assert.equal(formatOf('a.tgz'), 'tgz');
  });

  it('refuses arguments it cannot read, in one line', () => {
    for (const bad of [42, { file: 'x' }, '', ' ', null]) {
      assert.throws(() => packRequest(bad, '/ws'), (e: Error) => e instanceof CoreSoulError && e.kind === 'input' && !e.message.includes('\n'), String(bad));
    }
    assert.throws(() => restoreRequest({ archive: 'a.tar.gz', merge: 'yes' }, '/ws'), /Restore Soul: expected/);
    assert.throws(() => restoreRequest('a.tar.gz', undefined), /relative, and no folder is open/);
  });

  it('takes an archive, a target folder and merge', () => {
    assert.deepEqual(restoreRequest('/a/soul.tar.gz', undefined), { archive: '/a/soul.tar.gz', target: undefined, merge: false });
    assert.deepEqual(restoreRequest({ archive: 'soul.sh', target: '../other', merge: true }, '/ws/here'), {
      archive: '/ws/here/soul.sh',
      target: '/ws/other',
      merge: true,
    });
  });

  it('packs and restores the whole soul while memory is off: the requests carry no switch', async () => {
    const v = await lastWeek({ git: true });
    const req = packRequest('soul.tar.gz', v.root);
    const packed = await packVault(v, { now: MONDAY, out: req.out, format: req.format });
    const target = path.join(tempDir(), 'restored');
    const restored = await restoreArchive(restoreRequest({ archive: packed.out, target }, v.root).archive, target);
    assert.equal(restored.history, 'restored');
    assert.equal(read(dayFile({ ...v, chronoDir: path.join(target, '.CoreSoul/memory/chronological') }, '2026-03-03')), read(dayFile(v, '2026-03-03')));
  });
});

describe('Backlinks rows', () => {
  const link = (file: string, line: number, text: string) => ({ uri: pathToFileURL(file).href, line, start: 2, end: 11, text });

  it('names each linking note or day, the day of a monthly line, newest days first, then notes by name; leaves out self-links', async () => {
    const v = await tempVault();
    const month = path.join(v.chronoDir, '2026-01.md');
    fs.writeFileSync(month, '# 2026-01\n\n## 2026-01-05\n### 09:00\n- met [[Alice]]\n\n## 2026-01-20\n- [[Alice]] again\n');
    const alice = path.join(v.entitiesDir, 'people', 'Alice.md');
    const rows = backlinkRows(
      v,
      alice,
      [
        link(alice, 8, '- [[2026-03-03]] 09:05:00 planned with [[Alice]]'),
        link(path.join(v.entitiesDir, 'people', 'Bob.md'), 4, '- [[Alice]] is his manager'),
        link(dayFile(v, '2026-03-03'), 2, '- 09:05:00 planned with [[Alice]]'),
        link(month, 4, '- met [[Alice]]'),
        link(month, 7, '- [[Alice]] again'),
        link(path.join(v.root, 'AGENTS.md'), 0, 'ask [[Alice]]'),
        link(path.join(v.entitiesDir, 'objects', 'Éclair [v2] #1.md'), 3, 'see [[Alice]]'),
      ],
      (file) => fs.readFileSync(file, 'utf8').split('\n'),
    );
    assert.deepEqual(
      rows.map((r) => [r.label, r.source.type, r.tooltip]),
      [
        ['2026-03-03', 'day', '.CoreSoul/memory/chronological/2026-03-03.md:3'],
        ['2026-01-20', 'day', '.CoreSoul/memory/chronological/2026-01.md:8'],
        ['2026-01-05', 'day', '.CoreSoul/memory/chronological/2026-01.md:5'],
        ['AGENTS.md', 'file', 'AGENTS.md:1'],
        ['Bob', 'entity', '.CoreSoul/memory/entities/people/Bob.md:5'],
        ['Éclair [v2] #1', 'entity', '.CoreSoul/memory/entities/objects/Éclair [v2] #1.md:4'],
      ],
    );
    assert.deepEqual(rows[4].source, { type: 'entity', kind: 'people' });
    assert.equal(rows[1].description, '- [[Alice]] again');
    assert.deepEqual([rows[1].line, rows[1].start, rows[1].end], [7, 2, 11]);
  });

  it('reads each monthly file once, and copes with one that is gone', async () => {
    const v = await tempVault();
    const month = path.join(v.chronoDir, '2025-12.md');
    let reads = 0;
    const rows = backlinkRows(v, dayFile(v, '2025-12-01'), [link(month, 3, 'a'), link(month, 5, 'b')], () => (reads++, []));
    assert.equal(reads, 1);
    assert.deepEqual(rows.map((r) => r.label), ['2025-12', '2025-12'], 'no section found: the month');
  });
});

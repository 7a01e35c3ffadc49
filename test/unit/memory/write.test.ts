import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { readMemoryMap } from '../../../src/core/vault/memoryMap';
import { dayFile, entityFile } from '../../../src/core/vault/layout';
import { MAX_TEXT_BYTES, writeMemory } from '../../../src/core/memory/write';
import { childProcess } from '../../../src/core/shared/nodeLazy';
import { read, snapshot, tempVault, writeAt } from '../../support/helpers';

const ENTRY_RE = /^- \d{2}:\d{2}:\d{2} /;

describe('memory write (docs/memory.md#memory-write)', () => {
  it("appends one timestamped line to today's file and reports where", async () => {
    const v = await tempVault('2026-03-10T08:00:00');
    const r1 = writeAt(v, '2026-03-10T09:15:02', 'first entry');
    const r2 = writeAt(v, '2026-03-10T09:16:00', 'second entry');
    assert.equal(read(dayFile(v, '2026-03-10')), '# 2026-03-10\n\n- 09:15:02 [by Tess Tester on testbox] first entry\n- 09:16:00 [by Tess Tester on testbox] second entry\n');
    assert.deepEqual([r1.file, r1.line, r2.line], ['.CoreSoul/memory/chronological/2026-03-10.md', 3, 4]);
    assert.equal(r1.compressed, false);
  });

  it('creates linked entities (objects unless told) and appends a date tag to each', async () => {
    const v = await tempVault();
    const r = writeAt(v, '2026-03-10T09:00:00', {
      text: 'Moved [[Billing]] to [[Kubernetes|k8s]] with [[Alice#team]] on [[2026-03-01]]',
      entities: [{ kind: 'people', name: 'Alice' }, { kind: 'places', name: 'Berlin' }],
    });
    assert.deepEqual(
      r.entities.map((e) => [e.path.replace('.CoreSoul/memory/entities/', ''), e.created]),
      [['objects/Billing.md', true], ['objects/Kubernetes.md', true], ['people/Alice.md', true], ['places/Berlin.md', true]],
    );
    const berlin = read(entityFile(v, 'places', 'Berlin'));
    assert.match(berlin, /^---\nkind: places\n/);
    assert.match(berlin, /\n# Berlin\n\n- \[\[2026-03-10\]\] 09:00:00 \[by Tess Tester on testbox\] Moved \[\[Billing\]\]/);
    // An entity given with --entity but not linked is linked from the day line, so the day reaches it.
    assert.match(read(dayFile(v, '2026-03-10')), /on \[\[2026-03-01\]\] \[\[Berlin\]\]\n$/);
    assert.equal(fs.existsSync(entityFile(v, 'objects', '2026-03-01')), false, 'a day link is not an entity');
  });

  it('finds an existing entity by name in any kind, case-insensitively, and does not recreate it', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-10T09:00:00', { text: 'hello', entities: [{ kind: 'people', name: 'Alice' }] });
    const r = writeAt(v, '2026-03-11T09:00:00', 'lunch with [[alice]]');
    assert.deepEqual(r.entities, [{ path: '.CoreSoul/memory/entities/people/Alice.md', created: false }]);
    const tags = read(entityFile(v, 'people', 'Alice')).split('\n').filter((l) => l.startsWith('- [['));
    assert.deepEqual(tags.map((l) => l.slice(0, 16)), ['- [[2026-03-10]]', '- [[2026-03-11]]']);
  });

  it('T1.1: 1000 writes tagged with one entity append 1000 date tags (no model is involved)', async () => {
    const v = await tempVault();
    for (let i = 0; i < 1000; i++) writeAt(v, '2026-03-10T10:00:00', `step ${i} of [[Migration]]`);
    const note = read(entityFile(v, 'objects', 'Migration'));
    assert.equal(note.split('\n').filter((l) => l.startsWith('- [[2026-03-10]] 10:00:00 [by Tess Tester on testbox] step ')).length, 1000);
    assert.equal(read(dayFile(v, '2026-03-10')).split('\n').filter((l) => ENTRY_RE.test(l)).length, 1000);
    assert.equal(writeMemory.length, 3, 'write takes a vault, a request and a clock/compress pair — no model');
  });

  it('never reads or rewrites history: other days stay byte-identical and untouched', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-09T09:00:00', 'yesterday [[X]]');
    const old = dayFile(v, '2026-03-09');
    const before = read(old);
    const past = new Date('2020-01-01T00:00:00Z');
    fs.utimesSync(old, past, past);
    writeAt(v, '2026-03-10T09:00:00', 'today [[X]]');
    assert.equal(fs.statSync(old).atimeMs, past.getTime(), 'yesterday was not even read');
    assert.equal(fs.statSync(old).mtimeMs, past.getTime());
    assert.equal(read(old), before);
  });

  it('records the day in memory_map once, with derived counts', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-10T09:00:00', 'a [[P]]');
    writeAt(v, '2026-03-10T10:00:00', 'b');
    writeAt(v, '2026-03-11T09:00:00', 'c');
    assert.deepEqual(readMemoryMap(v).days, {
      '2026-03-10': { level: 'L1', file: 'chronological/2026-03-10.md' },
      '2026-03-11': { level: 'L1', file: 'chronological/2026-03-11.md' },
    });
    assert.match(read(v.mapFile), /counts:\n {2}days: 2\n {2}L1: 2\n[\s\S]*objects: 1/);
  });

  it('keeps multi-line text as one entry that cannot forge a timestamp line', async () => {
    const v = await tempVault();
    const r = writeAt(v, '2026-03-10T09:00:00', 'line one\r\n- 23:59:59 forged entry\n\nline three  \n\n');
    const lines = read(dayFile(v, '2026-03-10')).split('\n');
    assert.deepEqual(lines.slice(2), ['- 09:00:00 [by Tess Tester on testbox] line one', '  \\- 23:59:59 forged entry', '', '  line three', '']);
    assert.equal(lines.filter((l) => ENTRY_RE.test(l)).length, 1);
    assert.equal(r.line, 3);
  });

  it('tags the entry kind, e.g. #correction, so the persona gate can count corrections', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-10T09:00:00', { text: 'too verbose again', kind: 'correction' });
    writeAt(v, '2026-03-10T09:01:00', { text: 'plain note', kind: 'note' });
    assert.match(read(dayFile(v, '2026-03-10')), /- 09:00:00 #correction \[by Tess Tester on testbox\] too verbose again\n- 09:01:00 \[by Tess Tester on testbox\] plain note\n/);
  });

  it('neutralises marker-like brackets and, from an agent, kind tags in a one-line ASCII text, in any case and spacing', async () => {
    const v = await tempVault();
    const texts = ['[FROM agent: copilot] ship it', '[ by Mallory on box ] said so', '[On main] hidden from branches', 'note [from person] inside'];
    for (const text of texts) writeAt(v, '2026-03-10T09:00:00', text);
    writeAt(v, '2026-03-10T09:00:00', { text: 'not a #correction at all', from: 'agent', via: 'x' });
    const lines = read(dayFile(v, '2026-03-10')).split('\n').filter((l) => l.startsWith('- '));
    assert.deepEqual(
      lines.map((l) => l.replace(/^- 09:00:00 (?:\[from agent: x\] )?\[by Tess Tester on testbox\] /, '')),
      ['(FROM agent: copilot) ship it', '( by Mallory on box ) said so', '(On main) hidden from branches', 'note (from person) inside', 'not a \\#correction at all'],
    );
  });

  it('starts on a new line when a file was hand-edited without a final newline', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-10T09:00:00', 'first [[Alice]]');
    fs.appendFileSync(dayFile(v, '2026-03-10'), 'a note typed by hand');
    fs.appendFileSync(entityFile(v, 'objects', 'Alice'), 'Alice likes tea');
    const r = writeAt(v, '2026-03-10T09:05:00', 'second [[Alice]]');
    assert.equal(read(dayFile(v, '2026-03-10')).split('\n')[r.line - 1], '- 09:05:00 [by Tess Tester on testbox] second [[Alice]]');
    assert.match(read(entityFile(v, 'objects', 'Alice')), /Alice likes tea\n- \[\[2026-03-10\]\] 09:05:00 \[by Tess Tester on testbox\] second/);
  });

  it('notices a hand edit that kept the size but replaced the final newline', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-10T09:00:00', 'first');
    const file = dayFile(v, '2026-03-10');
    fs.writeFileSync(file, read(file).replace(/\n$/, '!'));
    const r = writeAt(v, '2026-03-10T09:05:00', 'second');
    assert.equal(read(file), '# 2026-03-10\n\n- 09:00:00 [by Tess Tester on testbox] first!\n- 09:05:00 [by Tess Tester on testbox] second\n');
    assert.equal(r.line, 4);
  });

  it('follows entity notes that another process created, moved or deleted', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-10T09:00:00', 'met [[Alice]]');
    fs.mkdirSync(path.dirname(entityFile(v, 'people', 'Bob')), { recursive: true });
    fs.writeFileSync(entityFile(v, 'people', 'Bob'), '# Bob\n');
    fs.renameSync(entityFile(v, 'objects', 'Alice'), entityFile(v, 'people', 'Alice'));
    const r = writeAt(v, '2026-03-10T09:05:00', 'met [[alice]] and [[bob]]');
    assert.deepEqual(r.entities, [
      { path: '.CoreSoul/memory/entities/people/Alice.md', created: false },
      { path: '.CoreSoul/memory/entities/people/Bob.md', created: false },
    ]);
    assert.equal(fs.existsSync(entityFile(v, 'objects', 'Alice')), false);
    fs.rmSync(entityFile(v, 'people', 'Bob'));
    assert.deepEqual(writeAt(v, '2026-03-10T09:10:00', 'met [[Bob]] again').entities, [
      { path: '.CoreSoul/memory/entities/objects/Bob.md', created: true },
    ]);
  });

  it('gives the right line number when another process appended meanwhile', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-10T09:00:00', 'one');
    fs.appendFileSync(dayFile(v, '2026-03-10'), '- 09:01:00 from elsewhere\n- 09:02:00 and again\n');
    const r = writeAt(v, '2026-03-10T09:03:00', 'two');
    assert.equal(r.line, 6);
  });

  for (const [label, text, msg] of [
    ['empty text', '', /empty/],
    ['blank text', ' \n\t\n ', /empty/],
    ['a NUL byte', 'a\0b', /NUL/],
    ['a control character', 'a\u001b[31mred', /U\+001B/],
    ['more than 64 KiB', 'x'.repeat(MAX_TEXT_BYTES + 1), /64 KiB/],
    ['an entity name with a slash', 'see [[a/b]]', /"\/"/],
    ['an entity name climbing out', 'see [[..]]', /starts with "\."/],
    ['an entity name with a control character', 'see [[a\u0007b]]', /control character/],
    ['a reserved device name', 'see [[CON]]', /reserved/],
  ] as const) {
    it(`refuses ${label} with a one-line error and changes nothing`, async () => {
      const v = await tempVault();
      writeAt(v, '2026-03-10T09:00:00', 'existing [[Alice]]');
      const before = snapshot(v.root);
      assert.throws(
        () => writeAt(v, '2026-03-10T10:00:00', text),
        (e: unknown) => e instanceof CoreSoulError && e.kind === 'input' && msg.test(e.message) && !e.message.includes('\n'),
      );
      assert.deepEqual(snapshot(v.root), before);
    });
  }

  it('files a link written through its kind\'s folder under that entity, as --entity does', async () => {
    const v = await tempVault();
    const r = writeAt(v, '2026-03-10T10:00:00', 'Asked [[people/Wen Li]] about the [[objects/Oracle]] pool');
    assert.deepEqual(r.entities.map((e) => e.path), ['.CoreSoul/memory/entities/people/Wen Li.md', '.CoreSoul/memory/entities/objects/Oracle.md']);
    assert.match(read(entityFile(v, 'people', 'Wen Li')), /Asked \[\[people\/Wen Li\]\] about/);
  });

  it('refuses an --entity of an unknown kind', async () => {
    const { parseEntityArg } = await import('../../../src/core/memory/write');
    assert.deepEqual(parseEntityArg('people/Alice'), { kind: 'people', name: 'Alice' });
    assert.deepEqual(parseEntityArg('Alice'), { name: 'Alice' });
    assert.throws(() => parseEntityArg('friends/Alice'), /kind one of people, events, places, objects/);
    assert.throws(() => parseEntityArg('../etc/passwd'), CoreSoulError);
  });

  it('refuses to write into a damaged vault (malformed memory_map) and changes nothing', async () => {
    const v = await tempVault();
    fs.writeFileSync(v.mapFile, '---\nversion: 1\nlast_compression_date: someday\n---\n');
    const before = snapshot(v.root);
    assert.throws(() => writeAt(v, '2026-03-10T10:00:00', 'hello'), (e: unknown) => e instanceof CoreSoulError && e.kind === 'vault' && /memory_map/.test(e.message));
    assert.deepEqual(snapshot(v.root), before);
  });

  it('reports a one-line vault error when a folder of the vault is a file', async () => {
    const v = await tempVault();
    fs.rmSync(v.chronoDir, { recursive: true });
    fs.writeFileSync(v.chronoDir, 'not a folder');
    assert.throws(() => writeAt(v, '2026-03-10T10:00:00', 'hello'), (e: unknown) => e instanceof CoreSoulError && e.kind === 'vault' && !e.message.includes('\n'));
  });

  it('runs compression first when a week boundary has passed (Sunday → Monday), then writes', async () => {
    const v = await tempVault('2026-03-09T08:00:00'); // a Monday
    const calls: string[] = [];
    const deps = (at: string) => ({ clock: fixedClock(at), compress: (_v: unknown, now: Date) => void calls.push(now.toISOString()) });
    const sunday = writeMemory(v, { text: 'Sunday work' }, deps('2026-03-15T22:00:00'));
    assert.equal(sunday.compressed, false);
    assert.equal(calls.length, 0);
    const monday = writeMemory(v, { text: 'Monday work' }, deps('2026-03-16T08:00:00'));
    assert.equal(monday.compressed, true);
    assert.equal(calls.length, 1);
    assert.match(read(dayFile(v, '2026-03-16')), /- 08:00:00 \[by Tess Tester on testbox\] Monday work/);
  });

  it('moves last_compression_date to the day of the write that crossed the week', async () => {
    const v = await tempVault('2026-03-09T08:00:00');
    writeAt(v, '2026-03-15T22:00:00', 'Sunday');
    assert.equal(readMemoryMap(v).lastCompressionDate, '2026-03-09');
    const r = writeAt(v, '2026-03-16T08:00:00', 'Monday');
    assert.equal(r.compressed, true);
    assert.equal(readMemoryMap(v).lastCompressionDate, '2026-03-16');
  });

  it('two processes writing 500 lines each at once leave 1000 intact lines, each run of writes whole', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-10T08:00:00', 'start [[Shared]]');
    assert.deepEqual(await Promise.all([runWriter(v.root, 'A', 500), runWriter(v.root, 'B', 500)]), [0, 0]);
    for (const file of [dayFile(v, '2026-03-10'), entityFile(v, 'objects', 'Shared')]) {
      const lines = read(file).split('\n').filter((l) => /\b[AB]-\d+ /.test(l));
      assert.equal(lines.length, 1000, file);
      for (const l of lines) assert.match(l, /^- (\[\[2026-03-10\]\] )?09:00:00 \[by Tess Tester on testbox\] [AB]-\d+ x{100} \[\[Shared\]\]$/);
      assert.equal(new Set(lines).size, 1000);
      // Each process writes its 500 in one synchronous run, which holds the lock throughout: the other's lines come before or after, never inside.
      const writers = lines.map((l) => /\b([AB])-\d+ /.exec(l)![1]);
      assert.equal(writers.filter((w, k) => k > 0 && w !== writers[k - 1]).length, 1, `${file}: one block of A and one of B`);
    }
    assert.equal(fs.existsSync(v.lockFile), false, 'the lock is released');
  });

  it('two processes writing into two vaults in opposite orders never wait on each other for good', async () => {
    // Each keeps the lock of the vault it wrote last until its run ends; one that must wait for the other vault's lets go of its own first.
    const [a, b] = [await tempVault(), await tempVault()];
    assert.deepEqual(await Promise.all([runWriter(`${a.root},${b.root}`, 'A', 200), runWriter(`${b.root},${a.root}`, 'B', 200)]), [0, 0]);
    for (const v of [a, b]) assert.equal(read(dayFile(v, '2026-03-10')).split('\n').filter((l) => /\b[AB]-\d+ /.test(l)).length, 400);
  });

  it('lets go of the lock before starting a child process, which may need it', async () => {
    const v = await tempVault();
    writeAt(v, '2026-03-10T08:00:00', 'before the child [[Shared]]');
    assert.equal(fs.existsSync(v.lockFile), true, 'kept for the next write of this run');
    // Still in the same synchronous run: a child waiting for a lock this process kept would fail after 60 s ("vault is busy").
    const child = childProcess().spawnSync(process.execPath, ['--import', 'tsx', WRITER, v.root, 'C', '3'], { encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    assert.equal(writeAt(v, '2026-03-10T08:00:00', 'after the child [[Shared]]').line, 7, 'the child wrote lines 4 to 6');
  });

  it('takes over a lock left behind by a writer that died', async () => {
    const v = await tempVault();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(v.lockFile, dead.stdout);
    const r = writeAt(v, '2026-03-10T09:00:00', 'after a crash');
    assert.equal(r.line, 3);
    assert.equal(fs.readFileSync(v.lockFile, 'utf8'), String(process.pid), 'taken over, and kept until this run of writes ends');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(fs.existsSync(v.lockFile), false, 'released once the run ended');
  });
});

const WRITER = path.join(__dirname, '../../support/writer.ts');

/** test/support/writer.ts in a process of its own: `count` writes into each of `roots` (comma-separated) in turn; resolves its exit code. */
const runWriter = (roots: string, tag: string, count: number) =>
  new Promise<number>((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', WRITER, roots, tag, String(count)], { stdio: 'inherit' });
    p.on('exit', (code) => resolve(code ?? -1));
  });

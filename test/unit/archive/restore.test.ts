import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { type RestoreOptions, restoreArchive } from '../../../src/core/archive/restore';
import { type RawEntry, gz, listing, manifestFor, soulEntries, withManifest } from '../../support/archiveFixtures';
import { cli, tempDir } from '../../support/helpers';

/** Restores `archive` into `<box>/target` and proves that a refusal left the box exactly as it was. */
async function refused(archive: Buffer, opts: RestoreOptions & { existingTarget?: boolean } = {}): Promise<CoreSoulError> {
  const box = tempDir();
  const file = path.join(box, 'archive.tar.gz');
  fs.writeFileSync(file, archive);
  const target = path.join(box, 'target');
  if (opts.existingTarget) fs.mkdirSync(target);
  const before = listing(box);
  const err = await restoreArchive(file, target, opts).then(
    () => assert.fail('restore should have refused'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof CoreSoulError, String(err));
  assert.ok(!err.message.includes('\n'));
  assert.deepEqual(listing(box), before, 'nothing may change outside or inside the target');
  return err;
}

const soul = soulEntries();
const plus = (...extra: RawEntry[]) => withManifest([...soul, ...extra]);

describe('restore refuses hostile archives (exit 3), writing nothing', () => {
  const cases: [string, Buffer, RegExp][] = [
    ['a ../ path', plus({ path: '../evil.md', body: 'x' }), /"\.\.\/evil\.md": path climbs out/],
    ['a .. inside a path', plus({ path: '.CoreSoul/../../evil.md', body: 'x' }), /climbs out/],
    ['an absolute path', plus({ path: '/tmp/coresoul-evil.md', body: 'x' }), /absolute path/],
    ['a symbolic link out', plus({ path: '.CoreSoul/passwd', type: 'SymbolicLink', linkpath: '/etc/passwd' }), /is a symbolic link/],
    ['a symbolic link in', plus({ path: '.CoreSoul/soul2.md', type: 'SymbolicLink', linkpath: 'soul.md' }), /is a symbolic link/],
    ['a hard link out', plus({ path: '.CoreSoul/hard', type: 'Link', linkpath: '../../etc/passwd' }), /is a hard link/],
    ['a hard link in', plus({ path: '.CoreSoul/hard', type: 'Link', linkpath: '.CoreSoul/soul.md' }), /is a hard link/],
    ['a character device', plus({ path: '.CoreSoul/null', type: 'CharacterDevice' }), /is a device file/],
    ['a block device', plus({ path: '.CoreSoul/sda', type: 'BlockDevice' }), /is a device file/],
    ['a fifo', plus({ path: '.CoreSoul/pipe', type: 'FIFO' }), /is a fifo/],
    ['a duplicate entry', gz([manifestFor(soul), ...soul, { path: '.CoreSoul/soul.md', body: 'replaced' }]), /"\.CoreSoul\/soul\.md" appears twice/],
    ['a file outside the soul (CI workflow)', plus({ path: '.github/workflows/ci.yml', body: 'on: push' }), /not part of a soul/],
    ['a raw .git folder (hooks)', plus({ path: '.CoreSoul/.git/hooks/post-checkout', body: '#!/bin/sh' }), /raw \.git folder/],
    ['a lock file', plus({ path: '.CoreSoul/.lock', body: '1' }), /machine-local state/],
    ['the search cache', plus({ path: '.CoreSoul/cache/index.json', body: '{}' }), /machine-local state/],
    ['a setuid file', plus({ path: '.CoreSoul/run', body: 'x', mode: 0o4755 }), /setuid/],
    ['a manifest with a wrong sha256', gz([manifestFor(soul, (m) => (m.files[1].sha256 = '0'.repeat(64))), ...soul]), /manifest does not match.*sha256/],
    ['a manifest with a wrong size', gz([manifestFor(soul, (m) => (m.files[0].size += 1)), ...soul]), /manifest does not match.*bytes/],
    ['a file the manifest does not list', gz([manifestFor(soul), ...soul, { path: '.CoreSoul/extra.md', body: 'x' }]), /extra\.md is not listed/],
    ['a listed file that is missing', gz([manifestFor([...soul, { path: '.CoreSoul/gone.md', body: 'x' }]), ...soul]), /gone\.md is listed but missing/],
    ['a manifest that lists an unsafe path', gz([manifestFor(soul, (m) => m.files.push({ ...m.files[0], path: '../x' })), ...soul]), /manifest does not match.*climbs out/],
    ['a manifest that is not JSON', gz([{ path: 'MANIFEST.json', body: '{ nope' }, ...soul]), /MANIFEST\.json is not valid JSON/],
    ['a manifest of another format', gz([manifestFor(soul, (m) => (m.format = 'other')), ...soul]), /MANIFEST\.json format/],
    ['a declared size beyond the limit (bomb)', gz([...soul, { path: '.CoreSoul/big.md', declaredSize: 3 * 1024 ** 3 }]), /more than 2048 MiB unpacked/],
    ['a ratio beyond 1000:1 (bomb)', gz([...soul, { path: '.CoreSoul/zeros', body: Buffer.alloc(24 << 20) }]), /expands too much/],
  ];
  for (const [name, archive, reason] of cases) {
    it(`refuses ${name}`, async () => {
      const err = await refused(archive);
      assert.equal(err.exitCode, 3, err.message);
      assert.match(err.message, reason);
    });
  }

  it('refuses a truncated archive', async () => {
    const whole = plus({ path: '.CoreSoul/memory/notes.md', body: 'a line of memory\n'.repeat(4000) });
    const err = await refused(whole.subarray(0, Math.floor(whole.length / 2)));
    assert.equal(err.exitCode, 3);
    assert.match(err.message, /truncated/);
  });

  it('refuses more bytes or more entries than its limits', async () => {
    const big = await refused(plus({ path: '.CoreSoul/big.md', body: Buffer.alloc(2 << 20, 'a') }), { limits: { maxBytes: 1 << 20 } });
    assert.match(big.message, /more than 1 MiB unpacked/);
    const many = Array.from({ length: 30 }, (_, i) => ({ path: `.CoreSoul/f${i}.md`, body: 'x' }));
    const count = await refused(plus(...many), { limits: { maxEntries: 20 } });
    assert.match(count.message, /more than 20 entries/);
  });

  it('refuses a non-empty target without --merge, into an existing folder too', async () => {
    const box = tempDir();
    const file = path.join(box, 'archive.tar.gz');
    fs.writeFileSync(file, plus());
    fs.writeFileSync(path.join(box, 'mine.txt'), 'mine');
    const before = listing(box);
    await assert.rejects(restoreArchive(file, box), (e: CoreSoulError) => e.exitCode === 3 && /not empty/.test(e.message));
    assert.deepEqual(listing(box), before);
    const err = await refused(plus({ path: '../evil.md', body: 'x' }), { existingTarget: true });
    assert.equal(err.exitCode, 3);
  });
});

describe('restore refuses what is not an archive (exit 1)', () => {
  const cases: [string, Buffer, RegExp][] = [
    ['a text file', Buffer.from('just some text\n'), /not a Core Soul archive \(expected/],
    ['an empty file', Buffer.alloc(0), /not a Core Soul archive/],
    ['gzip data that is not tar', gzipSync(Buffer.from('hello, not a tar archive')), /not a tar archive/],
    ['a tar without a manifest', gz(soul), /no MANIFEST\.json/],
    ['an archive without a .CoreSoul folder', withManifest([{ path: 'AGENTS.md', body: 'x' }]), /no \.CoreSoul folder/],
  ];
  for (const [name, archive, reason] of cases) {
    it(`refuses ${name}`, async () => {
      const err = await refused(archive);
      assert.equal(err.exitCode, 1, err.message);
      assert.match(err.message, reason);
    });
  }

  it('refuses a missing archive file', async () => {
    await assert.rejects(restoreArchive(path.join(tempDir(), 'nope.tar.gz'), tempDir()), (e: CoreSoulError) => e.exitCode === 1 && /does not exist/.test(e.message));
  });
});

describe('coresoul restore (CLI)', () => {
  it('exits 3 on an unsafe archive and 1 on a non-archive, with a one-line reason and --json error', () => {
    const box = tempDir();
    const evil = path.join(box, 'evil.tar.gz');
    fs.writeFileSync(evil, plus({ path: '.CoreSoul/passwd', type: 'SymbolicLink', linkpath: '/etc/passwd' }));
    const text = path.join(box, 'notes.txt');
    fs.writeFileSync(text, 'not an archive');
    const before = listing(box);
    const r = cli(['restore', evil, '--root', path.join(box, 'target'), '--json']);
    assert.equal(r.code, 3);
    assert.equal(r.json.error.kind, 'refused');
    assert.match(r.stderr, /^coresoul: unsafe archive: "\.CoreSoul\/passwd" is a symbolic link\n$/);
    const n = cli(['restore', text, '--root', path.join(box, 'target')]);
    assert.equal(n.code, 1);
    assert.match(n.stderr, /not a Core Soul archive/);
    assert.deepEqual(listing(box), before);
  });

  it('needs exactly one archive', () => {
    assert.equal(cli(['restore', '--root', tempDir()]).code, 1);
    assert.equal(cli(['restore', 'a', 'b', '--root', tempDir()]).code, 1);
  });
});

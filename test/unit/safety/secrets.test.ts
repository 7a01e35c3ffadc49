/**
 * The secret firewall (docs/trust.md#secrets): every write path redacts credentials before they
 * reach disk, `scan` finds those written before, in files and history, and `pack` refuses a
 * vault that still holds one.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import { compress } from '../../../src/core/compress/compress';
import { recallFrom } from '../../../src/core/context/recall';
import { rememberAll } from '../../../src/core/memory/remember';
import { proposePersonaChange } from '../../../src/core/persona/proposals';
import { redactText, secretsIn } from '../../../src/core/safety/secrets';
import { scanVault } from '../../../src/core/safety/scan';
import { searchMemory } from '../../../src/core/search/search';
import { commitVault, git } from '../../../src/core/vault/history';
import { type Vault, dayFile } from '../../../src/core/vault/layout';
import { cli, snapshot, tempDir, tempVault } from '../../support/helpers';

// Built from parts, so that no scanner mistakes this file for a leak.
const GITHUB = ['ghp', 'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx'].join('_');
const AWS_ID = ['AKIA', '4GHJ7KLMN2PQRSTU'].join('');
const LEAK = `deploy token for [[Prod]]: ${GITHUB} and AWS key ${AWS_ID}`;

const clock = fixedClock('2026-03-10T09:00:00');
const everything = (v: Vault) => Object.values(snapshot(v.soulDir)).join('\n');

/** A vault whose day file got a secret before the firewall existed: written by hand, committed. */
async function leakyVault(): Promise<Vault> {
  const v = await tempVault('2026-03-10T09:00:00', { git: true });
  await rememberAll(v, [{ text: 'a plain first entry' }], { clock });
  fs.appendFileSync(dayFile(v, '2026-03-10'), `- 09:30:00 ${LEAK}\n`);
  await commitVault(v, 'memory: an old write');
  return v;
}

describe('secret firewall', () => {
  it('redacts a GitHub token and an AWS key on write: not on disk, not in history, not in search', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    const { results } = await rememberAll(v, [{ text: LEAK }], { clock });
    assert.deepEqual(results[0].redacted, ['github-pat', 'aws-access-token']);
    const day = fs.readFileSync(dayFile(v, '2026-03-10'), 'utf8');
    assert.match(day, /deploy token for \[\[Prod\]\]: \[secret: github-pat\] and AWS key \[secret: aws-access-token\]/);
    const disk = everything(v);
    assert.ok(!disk.includes(GITHUB) && !disk.includes(AWS_ID), 'no file of the vault holds them');
    const history = (await git(v, ['log', '-p', '--all'])).stdout;
    assert.ok(history.includes('[secret: github-pat]') && !history.includes(GITHUB) && !history.includes(AWS_ID), 'nor does its history');
    assert.ok(!JSON.stringify(searchMemory(v, 'deploy token Prod')).includes(GITHUB));
  });

  it('says so in one line on the command line', () => {
    const root = tempDir();
    assert.equal(cli(['init', '--root', root, '--no-git']).code, 0);
    const r = cli(['write', LEAK, '--root', root, '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.json.redacted, ['github-pat', 'aws-access-token']);
    assert.match(r.stderr, /^redacted 2 secrets before writing \(github-pat, aws-access-token\)$/m);
  });

  it('redacts passwords in URLs and assignments, private keys and long random strings, and leaves ordinary text alone', () => {
    const key = ['-----BEGIN OPENSSH PRIVATE KEY-----', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQAAACDx0vWmL7gF3k9K2xP4qR8sT1uV6wY0zA3bC5dE7fG9hAAAAJjN0vWmL7gF3k9K2xP4qR8sT1uV6wY0zA3bC5dE7fG9hAAAAAtzc2gtZWQyNTUxOQAAACDx', '-----END OPENSSH PRIVATE KEY-----'].join('\n');
    const kinds = (t: string) => secretsIn(t).map((f) => f.kind);
    assert.deepEqual(kinds('clone https://deploy:hunter2pass@git.example.com/app.git'), ['url-password']);
    assert.deepEqual(kinds('set password = "S3cr3tPassw0rd!" in the .env'), ['password']);
    assert.deepEqual(kinds(key), ['private-key']);
    assert.deepEqual(kinds(`the blob ${['Zx9Kq2LmN8vB4cR7', 'tY1wE5uI3oP6aS0dF2gH4jK8'].join('')} came back`), ['high-entropy-string']);
    const { text } = redactText('set password = "S3cr3tPassw0rd!" in the .env');
    assert.equal(text, 'set password = "[secret: password]" in the .env', 'the name stays, the value goes');
    const once = redactText(LEAK);
    assert.deepEqual(redactText(once.text), { text: once.text, kinds: [] }, 'redacting a redacted text changes nothing');
    // Each text is read on its own: a "password:" ending one never makes the next one's first word a secret.
    const texts = [LEAK, 'nothing here', 'set password = "S3cr3tPassw0rd!" in the .env', `${GITHUB}`, '', 'set the password:', 'hunter2secretvalue is a word'];
    assert.deepEqual(texts.map(redactText).map((r) => r.kinds.length), [2, 0, 1, 1, 0, 0, 0], 'each text on its own: no secret across texts');
    for (const plain of [
      'commit 3f2a9c1d4e5b6a7980112233445566778899aabb fixed src/core/search/index/refresh.ts',
      'We chose PostgreSQL over MySQL; the password policy needs 12 characters',
      'handleUserAuthenticationCallbackRequest2 calls 550e8400-e29b-41d4-a716-446655440000',
      'Chose [[PostgreSQL]] for JSONB support; 部署到 [[Prod]] 前先跑測試',
      'Sofia persists the column state in localStorage key lumen.worklist.columns.v1',
    ]) {
      assert.deepEqual(kinds(plain), [], plain);
    }
  });

  it('redacts a persona proposal before it is stored, and says so', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    const review = await proposePersonaChange(
      v,
      { changes: [{ section: 'Key Memories & Beliefs', content: `- The deploy key is ${GITHUB}` }], trigger: 'explicit-command', reason: 'the user asked' },
      { clock, compress: (vault, now) => compress(vault, { now }) },
    );
    assert.ok(!JSON.stringify(review).includes(GITHUB));
    assert.match(review.proposed, /\[secret: github-pat\]/);
    assert.match(review.warnings[0], /^redacted a secret before proposing \(github-pat\)$/);
    assert.ok(!everything(v).includes(GITHUB));
  });
});

describe('scan and pack', () => {
  it('scan finds the secrets a vault held before, in its files and in its history, with file and line', async () => {
    const v = await leakyVault();
    const now = await scanVault(v);
    assert.deepEqual(
      now.found.map((h) => [h.file, h.line, h.kind, h.commit === undefined]),
      [
        ['.CoreSoul/memory/chronological/2026-03-10.md', 4, 'github-pat', true],
        ['.CoreSoul/memory/chronological/2026-03-10.md', 4, 'aws-access-token', true],
      ],
    );
    // The person removes the line: the files are clean, the history still holds it.
    const file = dayFile(v, '2026-03-10');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/.*deploy token.*\n/, ''));
    await commitVault(v, 'remove the leak');
    const later = await scanVault(v);
    assert.equal(later.found.length, 2);
    assert.ok(later.found.every((h) => h.commit && h.line === 4 && h.file.endsWith('2026-03-10.md')), JSON.stringify(later.found));
    assert.deepEqual((await scanVault(v, { history: false })).found, []);
  });

  it('scan on the command line: a line per secret and exit 3; exit 0 on a clean vault', async () => {
    const v = await leakyVault();
    const r = cli(['scan', '--root', v.root]);
    assert.equal(r.code, 3);
    assert.match(r.stdout, /^\.CoreSoul\/memory\/chronological\/2026-03-10\.md:4: github-pat$/m);
    assert.ok(!r.stdout.includes(GITHUB), 'the report never repeats the secret');
    const clean = await tempVault('2026-03-10T09:00:00', { git: true });
    await rememberAll(clean, [{ text: 'nothing to hide' }], { clock });
    assert.equal(cli(['scan', '--root', clean.root]).code, 0);
  });

  it('pack refuses a vault that holds a secret and writes nothing, unless told --allow-secrets', async () => {
    const v = await leakyVault();
    const before = fs.readdirSync(v.root);
    const r = cli(['pack', '--root', v.root]);
    assert.equal(r.code, 3);
    assert.match(r.stderr, /holds 2 secret\(s\), first \.CoreSoul\/memory\/chronological\/2026-03-10\.md:4 \(github-pat\).*--allow-secrets/);
    assert.deepEqual(fs.readdirSync(v.root), before, 'no archive written');
    const out = path.join(tempDir(), 'soul.tgz');
    assert.equal(cli(['pack', '--root', v.root, '--out', out, '--allow-secrets']).code, 0);
    assert.ok(fs.existsSync(out));
  });
});

describe('secrets written before the firewall', () => {
  it('are redacted in what chat and the context show from memory', async () => {
    const v = await leakyVault();
    const { snippets } = await recallFrom(v)('deploy token Prod', 2000);
    const shown = snippets.map((s) => s.text).join('\n');
    assert.match(shown, /deploy token for \[\[Prod\]\]: \[secret: github-pat\]/);
    assert.ok(!shown.includes(GITHUB) && !shown.includes(AWS_ID));
  });

  it('are redacted in what search and the hooks print on the command line', async () => {
    const v = await leakyVault();
    for (const args of [['search', 'deploy token Prod'], ['hook', 'session-start'], ['context', 'what is the deploy token for Prod?']]) {
      const r = cli([...args, '--root', v.root, '--now', '2026-03-10T10:00:00']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /\[secret: github-pat\]/, args.join(' '));
      assert.ok(!r.stdout.includes(GITHUB) && !r.stdout.includes(AWS_ID), args.join(' '));
    }
  });
});

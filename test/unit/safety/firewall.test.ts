/**
 * The secret firewall's rules of construction (docs/trust.md#secrets): gitleaks' rules turned
 * into JavaScript as Go reads them, no word in a text switching a rule off, a placeholder never
 * redacted again nor reported, and every field that reaches disk or a commit message — names,
 * `via`, sources, reasons — passing the firewall like the text does.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import { compress } from '../../../src/core/compress/compress';
import { rememberAll } from '../../../src/core/memory/remember';
import { resolveSection } from '../../../src/core/persona/document';
import { propose } from '../../../src/core/persona/proposals';
import { goRegExp, goToJs } from '../../../src/core/safety/goRegex';
import { GITLEAKS } from '../../../src/core/safety/gitleaksLib';
import { gitleaksFindings } from '../../../src/core/safety/gitleaks';
import { scanVault } from '../../../src/core/safety/scan';
import { redactText, secretsIn } from '../../../src/core/safety/secrets';
import { commitVault, git } from '../../../src/core/vault/history';
import { dayFile } from '../../../src/core/vault/layout';
import { snapshot, tempVault } from '../../support/helpers';

const clock = fixedClock('2026-03-10T09:00:00');
// Built from parts, so that no scanner mistakes this file for a leak.
const GITHUB = ['ghp', 'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx'].join('_');
const everything = (dir: string) => Object.values(snapshot(dir)).join('\n');

describe("gitleaks' rules in JavaScript", () => {
  it('reads Go syntax as Go does: inline flags anywhere, \\z, POSIX classes, \\x{…}, dot-all groups', () => {
    const re = (src: string) => goRegExp(src);
    assert.ok(re('\\b(p8e-(?i)[a-z0-9]{4})$').test('p8e-AbC9'), '(?i) part-way applies to the rest');
    assert.ok(!re('\\b(p8e-(?i)[a-z0-9]{4})$').test('P8E-abc9'), 'and not before it');
    assert.ok(re('(?i)x(?-i:Api)y').test('XApiY') && !re('(?i)x(?-i:Api)y').test('XAPIY'), '(?-i:…) turns it off inside');
    assert.ok(re('a(?i:bc)d').test('aBCd') && !re('a(?i:bc)d').test('aBCD'), '(?i:…) only inside');
    assert.ok(re('ab\\z').test('ab') && !re('ab\\z').test('ab\nc'), '\\z is the end of the text');
    assert.ok(re('^[[:alnum:]]+$').test('aZ9') && !re('^[[:alnum:]]+$').test('a_'));
    assert.ok(re('(?s:a.b)').test('a\nb') && !re('a.b').test('a\nb'));
    assert.ok(re('\\x{41}').test('A'));
    assert.ok(re('(?i)[a-z0-9_-]{3}').test('A_-'), 'the other case never joins a trailing - into a range');
    assert.throws(() => goToJs('\\pL'), SyntaxError, 'what the rules do not use is refused, not guessed');
  });

  it('compiles every vendored rule and allowlist, whose version and licence head the vendored file', () => {
    const toml = fs.readFileSync(path.join(__dirname, '../../../src/core/safety/rules/gitleaks.toml'), 'utf8');
    assert.match(toml.split('\n')[0], new RegExp(`^# Vendored from gitleaks ${GITLEAKS.version.replace(/\./g, '\\.')}: https://`));
    assert.match(toml.split('\n')[1], /^# MIT License, Copyright \(c\) 2019 Zachary Rice/);
    assert.equal(GITLEAKS.rules.length, (toml.match(/^regex = /gm) ?? []).length, 'every rule with a regex');
    for (const r of GITLEAKS.rules) goRegExp(r.regex, 'gd');
    const allowlists: { regexes?: string[] }[] = [...GITLEAKS.allowlists, ...GITLEAKS.rules.flatMap((r) => ('allowlists' in r ? (r.allowlists as { regexes?: string[] }[]) : []))];
    for (const a of allowlists) for (const r of a.regexes ?? []) goRegExp(r);
    assert.ok(GITLEAKS.rules.length >= 200);
  });

  it('finds as gitleaks does: keywords, secret group, entropy floor, allowlists', () => {
    assert.deepEqual(gitleaksFindings(`push with ${GITHUB}`).map((f) => f.rule), ['github-pat']);
    assert.deepEqual(gitleaksFindings(`push with ghp_${'a'.repeat(36)}`), [], 'under the entropy floor');
    assert.deepEqual(gitleaksFindings('api_key = "${API_KEY}"'), [], 'the global allowlist');
  });
});

describe('no text switches the firewall off', () => {
  const markers = ['secretlint-disable', '<!-- secretlint-disable -->', 'secretlint-disable-next-line', 'gitleaks:allow', '# nosec', 'pragma: allowlist secret'];

  it('redacts a secret after any marker, in one text and in the later texts of a batch', async () => {
    for (const marker of markers) {
      assert.deepEqual(redactText(`${marker}\ntoken ${GITHUB}`).kinds, ['github-pat'], marker);
      assert.deepEqual(redactText(`token ${GITHUB} ${marker}`).kinds, ['github-pat'], marker);
      const batch = [marker, `token ${GITHUB}`].map(redactText);
      assert.deepEqual(batch[1].kinds, ['github-pat'], `an import's later item after ${marker}`);
    }
  });

  it('scan finds a secret after a marker in a day file', async () => {
    const v = await tempVault('2026-03-10T09:00:00');
    fs.appendFileSync(dayFile(v, '2026-03-10'), `- 09:30:00 <!-- secretlint-disable --> gitleaks:allow\n- 09:31:00 token ${GITHUB}\n`);
    assert.deepEqual((await scanVault(v)).found.map((h) => h.kind), ['github-pat']);
  });
});

describe('a placeholder', () => {
  it('is never redacted again nor reported, so pack takes a vault whose secrets were all removed', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    await rememberAll(v, [{ text: `db password: hunter2Secret! and token ${GITHUB}` }], { clock });
    const day = fs.readFileSync(dayFile(v, '2026-03-10'), 'utf8');
    assert.match(day, /db password: \[secret: password\] and token \[secret: github-pat\]/);
    assert.equal(redactText(day).text, day);
    assert.deepEqual((await scanVault(v)).found, []);
  });
});

describe('every field that reaches disk passes the firewall', () => {
  it('refuses an entity name or a [[link]] that holds a secret, and writes nothing', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    const before = everything(v.soulDir);
    await assert.rejects(rememberAll(v, [{ text: 'deploy', entities: [{ name: GITHUB }] }], { clock }), /^CoreSoulError: an entity name holds a secret \(github-pat\); nothing was written$/);
    await assert.rejects(rememberAll(v, [{ text: 'fine' }, { text: `deploy [[${GITHUB}]]` }], { clock }), /an entity name holds a secret/);
    assert.equal(everything(v.soulDir), before);
  });

  it('redacts via and the source in the commit message', async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    const { results } = await rememberAll(v, [{ text: 'deployed', from: 'agent', via: `copilot ${GITHUB}` }], { clock, source: `from chat ${GITHUB}` });
    assert.deepEqual(results[0].redacted, ['github-pat']);
    assert.match(fs.readFileSync(dayFile(v, '2026-03-10'), 'utf8'), /\[from agent: copilot secret-github-pat\] \[by Tess Tester on testbox\] deployed/);
    const log = (await git(v, ['log', '--all', '-p'])).stdout;
    assert.match(log, /from chat \[secret: github-pat\]/);
    assert.ok(!log.includes(GITHUB) && !everything(v.soulDir).includes(GITHUB));
  });

  it("redacts a persona proposal's reason whoever drafted it (a revert's note)", async () => {
    const v = await tempVault('2026-03-10T09:00:00', { git: true });
    const review = await propose(
      v,
      { trigger: 'explicit-command', reason: `revert: the old token ${GITHUB} leaked`, changes: [{ section: resolveSection('Key Memories & Beliefs').heading, content: `- deploys use ${GITHUB}` }] },
      { clock, compress: (vault, now) => compress(vault, { now }) },
    );
    assert.ok(!JSON.stringify(review).includes(GITHUB));
    await commitVault(v, 'test: after the proposal');
    assert.ok(!everything(v.soulDir).includes(GITHUB));
    assert.ok(!(await git(v, ['log', '--all', '-p'])).stdout.includes(GITHUB));
  });
});

describe('long texts', () => {
  it('cost each rule one pass, not the square of their length', () => {
    // Runs that once backtracked over the whole text at every position: a 64 KiB entry of each.
    for (const text of ['QWxhZGRpbjpvcGVuIHNlc2FtZQ+/'.repeat(2400), 'key='.repeat(16000), 'x-'.repeat(32000), '--'.repeat(32000), 'mysql '.repeat(10000)]) {
      assert.ok(secretsIn(text).length <= 1); // finishing within the test's time is the check
    }
  });
});

/**
 * `coresoul lint` as CI runs it: its JSON and SARIF valid against their schemas, its exit codes
 * (0 clean, 4 findings at --fail-on, 3 a secret, 1 bad usage, 2 no vault), and `coresoul search`
 * marking stale hits — on the truth scenario's real git project.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { cli, tempDir } from '../support/helpers';
import { lintReportProblems, sarifProblems } from '../support/schemas';
import { buildTruthScenario } from '../support/truthScenario';

let root: string;
before(async () => {
  root = (await buildTruthScenario(tempDir('coresoul-lint-'))).root;
});

function freshVault(): string {
  const r = tempDir();
  assert.equal(cli(['init', '--root', r, '--now', '2026-03-09T08:00:00']).code, 0);
  return r;
}

describe('coresoul lint', () => {
  it('--json: every finding of the scenario, valid against docs/schemas/lint-report.schema.json; exit 4', () => {
    const r = cli(['lint', '--root', root, '--json']);
    assert.equal(r.code, 4, r.stderr);
    assert.deepEqual(lintReportProblems(r.json), []);
    assert.deepEqual(r.json.counts, { 'dead-citation': 6, 'changed-citation': 7, duplicate: 10, contradiction: 0, 'broken-link': 1, 'orphan-note': 3, secret: 0, cap: 0, unused: 0 });
    assert.equal(r.json.superseded, 16);
    const dead = r.json.findings.find((f: any) => f.rule === 'dead-citation');
    assert.match(dead.message, /^cites src\/billing\/webhook\.ts, deleted in [0-9a-f]{7}$/);
    const dup = r.json.findings.find((f: any) => f.rule === 'duplicate');
    assert.equal(dup.related.length, 1);
  });

  it('--sarif: a SARIF 2.1.0 log valid against the OASIS schema, one result per finding, located by file and line', () => {
    const json = cli(['lint', '--root', root, '--json']).json;
    const r = cli(['lint', '--root', root, '--sarif']);
    assert.equal(r.code, 4);
    const log = JSON.parse(r.stdout);
    assert.deepEqual(sarifProblems(log), []);
    assert.equal(log.version, '2.1.0');
    const results = log.runs[0].results;
    assert.equal(results.length, json.findings.length);
    assert.deepEqual(results[0].locations[0].physicalLocation, { artifactLocation: { uri: json.findings[0].file, uriBaseId: '%SRCROOT%' }, region: { startLine: json.findings[0].line } });
    assert.ok(log.runs[0].tool.driver.rules.some((rule: any) => rule.id === 'dead-citation' && rule.defaultConfiguration.level === 'error'));
  });

  it('exit codes: 0 on a clean vault, --fail-on moves the bar, 3 for a secret, 1 for bad usage, 2 without a vault', () => {
    const clean = freshVault();
    const ok = cli(['lint', '--root', clean]);
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, /^No findings in \d+ memories/m);
    assert.equal(cli(['lint', '--root', root, '--fail-on', 'never']).code, 0);
    assert.equal(cli(['lint', '--root', root, '--fail-on', 'warning']).code, 4);

    const warnOnly = freshVault();
    fs.writeFileSync(path.join(warnOnly, '.CoreSoul/memory/chronological/2026-03-01.md'), '# 2026-03-01\n\n- 10:00:00 Never push on red.\n- 11:00:00 never push on red\n');
    assert.equal(cli(['lint', '--root', warnOnly]).code, 0, 'warnings pass the default bar (error)');
    assert.equal(cli(['lint', '--root', warnOnly, '--fail-on', 'warning']).code, 4);

    const secret = freshVault();
    fs.writeFileSync(path.join(secret, '.CoreSoul/memory/chronological/2026-03-01.md'), '# 2026-03-01\n\n- 10:00:00 the deploy key is AKIAIOSFODNN7EXAMPLQ\n');
    const s = cli(['lint', '--root', secret, '--json']);
    assert.equal(s.code, 3);
    assert.equal(s.json.counts.secret, 1);
    assert.equal(cli(['lint', '--root', secret, '--no-secrets']).code, 0);

    const bad = cli(['lint', '--root', root, '--fail-on', 'sometimes']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--fail-on: expected error, warning, note or never/);
    assert.equal(cli(['lint', '--root', root, '--sarif', '--json']).code, 1);
    assert.equal(cli(['lint', '--root', tempDir()]).code, 2);
  });

  it('text: one line per finding (file:line: severity rule: message) and a summary', () => {
    const r = cli(['lint', '--root', root]);
    assert.match(r.stdout, /^\.CoreSoul\/memory\/chronological\/2026-01-16\.md:4: warning changed-citation: cites src\/auth\/login\.ts, moved to src\/auth\/signin\.ts$/m);
    assert.match(r.stdout, /^27 finding\(s\) in \d+ memories of \d+ files: .*; 16 superseded \(kept as history\)\.$/m);
  });
});

describe('coresoul search marks stale hits', () => {
  it('a hit whose cited code changed carries a stale mark, in text and in --json', () => {
    const j = cli(['search', 'sign-in handler login form', '--root', root, '--json']);
    assert.equal(j.code, 0, j.stderr);
    const login = j.json.results.find((h: any) => h.text.includes('src/auth/login.ts'));
    assert.equal(login.stale, 'cites src/auth/login.ts, moved to src/auth/signin.ts');
    const signin = j.json.results.find((h: any) => h.text.includes('src/auth/signin.ts') && !h.text.includes('login.ts'));
    assert.equal(signin?.stale, undefined);
    const t = cli(['search', 'sign-in handler login form', '--root', root]);
    assert.match(t.stdout, /\n {2}\(stale: cites src\/auth\/login\.ts, moved to src\/auth\/signin\.ts\)/);
  });
});

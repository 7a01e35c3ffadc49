/** `coresoul import` and `coresoul export` (docs/cli.md#import): the --json report, dry run, exit codes. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { REPO, cli, read, snapshot, tempDir } from '../support/helpers';

const FIXTURES = path.join(REPO, 'test/support/fixtures/import');
const NOW = ['--now', '2026-03-10T09:00:00'];

function initialised(): string {
  const root = tempDir();
  assert.equal(cli(['init', '--root', root, ...NOW]).code, 0);
  return root;
}

describe('coresoul import / export', () => {
  it('import --json reports per format what was imported, merged and skipped (with reasons)', () => {
    const root = initialised();
    const r = cli(['import', path.join(FIXTURES, 'openclaw'), '--root', root, '--json', ...NOW]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json.dryRun, false);
    assert.equal(r.json.committed, true);
    const [f] = r.json.formats;
    assert.deepEqual([f.format, f.imported, f.merged, f.skipped.length, f.proposals.length], ['openclaw', 10, 0, 2, 2]);
    assert.deepEqual(f.skipped.find((s: { item: string }) => s.item === 'memory/notes.md'), { item: 'memory/notes.md', reason: 'not a daily log (memory/YYYY-MM-DD.md)' });
    const again = cli(['import', path.join(FIXTURES, 'openclaw'), '--root', root, '--json', ...NOW]);
    assert.deepEqual([again.json.formats[0].imported, again.json.formats[0].merged], [0, 12]);
  });

  it('import --dry-run prints the plan and writes nothing', () => {
    const root = initialised();
    const before = snapshot(path.join(root, '.CoreSoul'));
    const r = cli(['import', path.join(FIXTURES, 'mcp-memory/memory.jsonl'), '--dry-run', '--root', root, ...NOW]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^mcp-memory: would import 6, merged 0 already there, skipped 0\n {2}today {2}Leads the payments team \[\[Alice\]\]/);
    assert.match(r.stdout, /dry run: nothing was written/);
    assert.deepEqual(snapshot(path.join(root, '.CoreSoul')), before);
  });

  it('bad input is one line and exit 1: an unknown format, a wrong one, a missing path', () => {
    const root = initialised();
    const unknown = cli(['import', FIXTURES, '--from', 'notion', '--root', root, '--json']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /^coresoul: --from: expected one of mcp-memory, openclaw, claude-code, gemini-cli, basic-memory, markdown, got "notion"\n$/);
    assert.equal(unknown.json.error.kind, 'input');
    const wrong = cli(['import', path.join(FIXTURES, 'gemini-cli/GEMINI.md'), '--from', 'mcp-memory', '--root', root]);
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /is not an MCP memory file/);
    assert.equal(wrong.stderr.trim().split('\n').length, 1);
    assert.equal(cli(['import', path.join(root, 'nope'), '--root', root]).code, 1);
    assert.equal(cli(['import', '--root', root]).code, 1);
  });

  it('export --format mcp-memory and markdown write where asked (default: the folder they run in) and refuse to overwrite', () => {
    const root = initialised();
    assert.equal(cli(['write', 'Chose [[PostgreSQL]]', '--entity', 'people/Alice', '--root', root, ...NOW]).code, 0);
    const jsonl = cli(['export', '--format', 'mcp-memory', '--root', root, '--json'], { cwd: root });
    assert.equal(jsonl.code, 0, jsonl.stderr);
    assert.deepEqual([jsonl.json.entities, jsonl.json.observations], [2, 2]);
    assert.match(read(root, 'coresoul-memory.jsonl'), /^\{"type":"entity","name":"Alice","entityType":"person"/);
    assert.equal(cli(['export', '--format', 'mcp-memory', '--root', root], { cwd: root }).code, 1, 'the file is there now');
    const out = path.join(tempDir(), 'md');
    const md = cli(['export', '--format', 'markdown', '--out', out, '--root', root]);
    assert.equal(md.code, 0, md.stderr);
    assert.match(md.stdout, /Exported 1 day\(s\) and 2 entity note\(s\) to /);
    assert.ok(fs.existsSync(path.join(out, 'days/2026-03-10.md')) && fs.existsSync(path.join(out, 'entities/people/Alice.md')));
    const back = initialised();
    const r = cli(['import', out, '--root', back, '--json', ...NOW]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json.formats[0].format, 'markdown');
    assert.match(read(back, '.CoreSoul/memory/entities/people/Alice.md'), /Chose \[\[PostgreSQL\]\]/);
    assert.equal(cli(['export', '--format', 'csv', '--root', root]).code, 1);
  });

  it('export says what it redacted and writes no secret typed by hand', () => {
    const root = initialised();
    const token = `ghp_${'Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6'}`;
    fs.appendFileSync(path.join(root, '.CoreSoul/persona.md'), `\n- deploy with ${token}\n`);
    const out = path.join(tempDir(), 'md');
    const r = cli(['export', '--format', 'markdown', '--out', out, '--root', root, '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /^redacted a secret before exporting \(github-pat\)\n/m);
    assert.deepEqual(r.json.redacted, ['github-pat']);
    assert.ok(!read(out, 'persona.md').includes(token) && read(out, 'persona.md').includes('[secret: github-pat]'));
  });
});

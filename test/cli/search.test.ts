import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { indexFile, readIndex } from '../../src/core/search/index/format';
import { refreshIndex } from '../../src/core/search/index/refresh';
import { countTokens } from '../../src/core/shared/tokens';
import { RECORDED_NOTES } from '../../src/core/context/recorded';
import { cli, snapshot, tempDir } from '../support/helpers';
import { fixtureVault } from '../support/searchFixture';

describe('coresoul search', () => {
  it('prints cited snippets, and with --json exactly {query, tokens, tokenizer, results}', async () => {
    const v = await fixtureVault();
    const human = cli(['search', 'Kubernetes', '遷移', '--root', v.root]);
    assert.equal(human.code, 0, human.stderr);
    // Recorded notes, as the hooks and MCP show them: the label, then each citation and its lines quoted.
    assert.ok(human.stdout.startsWith(`${RECORDED_NOTES}\n\n`), human.stdout.slice(0, 200));
    assert.match(human.stdout, /\n\n\[2026-03-10\.md:\d+ · by Tess Tester on testbox\]\n> /);
    for (const line of human.stdout.slice(RECORDED_NOTES.length).trim().split('\n')) assert.match(line, /^(?:> |>$|\[\d{4}-\d\d(?:-\d\d)?\.md:\d+(?: · [^\]]+)?\]|$)/, line);
    assert.match(human.stderr, /result\(s\), \d+ tokens \(cl100k_base/);

    const r = cli(['search', 'Kubernetes 遷移', '--json', '--root', v.root]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(Object.keys(r.json), ['query', 'tokens', 'tokenizer', 'results']);
    assert.equal(r.json.query, 'Kubernetes 遷移');
    assert.match(r.json.tokenizer, /cl100k_base/);
    assert.ok(r.json.results.length > 0);
    for (const h of r.json.results) {
      assert.deepEqual(Object.keys(h), ['file', 'line', 'start', 'date', 'entity', 'text', 'score', 'author']);
      assert.ok(Number.isInteger(h.line) && h.line >= h.start && h.start >= 1);
    }
  });

  it('--author lists what one person, agent or machine wrote (search and recent), and says who wrote each hit', () => {
    const root = tempDir();
    assert.equal(cli(['init', '--root', root, '--no-git']).code, 0);
    const as = (name: string, machine: string) => ({ env: { CORESOUL_AUTHOR: name, CORESOUL_MACHINE: machine } });
    cli(['write', 'Chose [[PostgreSQL]] for the ledger', '--kind', 'decision', '--root', root, '--now', '2026-03-10T09:00:00'], as('Alice Liddell', 'alice-laptop'));
    for (let i = 1; i <= 12; i++) cli(['write', `unrelated note ${i}`, '--root', root, '--now', `2026-03-10T10:${String(i).padStart(2, '0')}:00`], as('Alice Liddell', 'alice-laptop'));
    cli(['write', 'Ran the [[PostgreSQL]] migration', '--from', 'agent', '--via', 'claude', '--root', root, '--now', '2026-03-10T11:00:00'], as('Bob Builder', 'bob-desk'));
    const text = cli(['search', 'PostgreSQL', '--root', root]);
    assert.match(text.stdout, /^\[2026-03-10\.md:\d+ · by (Alice Liddell on alice-laptop|claude \(agent\) for Bob Builder on bob-desk)\]\n/m);
    const bob = cli(['search', 'PostgreSQL', '--author', 'bob', '--json', '--root', root]);
    assert.deepEqual(bob.json.results.map((h: { author: object }) => h.author), [{ from: 'agent', via: 'claude', name: 'Bob Builder', machine: 'bob-desk' }]);
    assert.doesNotMatch(bob.json.results[0].text, /\[by Bob Builder/, 'shown as a field, not repeated in the text');
    const claude = cli(['search', 'PostgreSQL', '--author', 'claude', '--root', root]);
    assert.match(claude.stdout, /· by claude \(agent\) for Bob Builder on bob-desk\]\n/);
    assert.doesNotMatch(claude.stdout, /ledger/);
    assert.equal(cli(['search', 'PostgreSQL', '--author', 'carol', '--root', root]).stdout, 'nothing found for "PostgreSQL"\n');
    const recent = cli(['recent', '--author', 'alice-laptop', '--json', '--root', root, '--now', '2026-03-10T12:00:00']);
    assert.equal(recent.json.days[0].lines.length, 13);
    assert.ok(recent.json.days[0].lines.every((l: { author: { name: string } }) => l.author.name === 'Alice Liddell'));
    assert.equal(cli(['recent', '--author', 'agent', '--root', root, '--now', '2026-03-10T12:00:00']).stdout, '- 2026-03-10 11:00:00 [from agent: claude] [by Bob Builder on bob-desk] Ran the [[PostgreSQL]] migration\n');
    const bad = cli(['search', 'PostgreSQL', '--author', ' ', '--root', root]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--author: expected a name/);
  });

  it('keeps what it prints within --max-tokens', async () => {
    const v = await fixtureVault();
    for (const n of ['160', '250', '400']) {
      // The label and the quotes are inside the budget: what is printed, whole, fits.
      const r = cli(['search', 'Kubernetes', '--max-tokens', n, '--root', v.root]);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(r.stdout.startsWith(RECORDED_NOTES) && /\n> /.test(r.stdout), `${n}: ${r.stdout}`);
      assert.ok(countTokens(r.stdout.replace(/\n$/, '')) <= Number(n), `${n}: ${countTokens(r.stdout)}`);
      assert.match(r.stderr, new RegExp(`, ${countTokens(r.stdout.replace(/\n$/, ''))} tokens`));
      const j = cli(['search', 'Kubernetes', '--max-tokens', n, '--json', '--root', v.root]).json;
      assert.ok(j.tokens <= Number(n) && j.tokens > 0);
    }
    assert.equal(cli(['search', 'Kubernetes', '--limit', '1', '--json', '--root', v.root]).json.results.length, 1);
    const tiny = cli(['search', 'Kubernetes', '--max-tokens', '5', '--root', v.root]);
    assert.equal(tiny.code, 0);
    assert.match(tiny.stdout, /^nothing fits in 5 tokens: \d+ line\(s\) found \(raise --max-tokens\)\n$/);
  });

  it('says "nothing found" and exits 0 when nothing matches', async () => {
    const v = await fixtureVault();
    const r = cli(['search', 'zebra', '--root', v.root]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, 'nothing found for "zebra"\n');
    const j = cli(['search', 'zebra', '--json', '--root', v.root]);
    assert.deepEqual(j.json, { query: 'zebra', tokens: 0, tokenizer: j.json.tokenizer, results: [] });
  });

  it('without a search server, brings the index up to date on a thread of its own while it answers from the index as it was: the same answer, the index saved for the next call, a failed save said', async () => {
    const v = await fixtureVault();
    const where = indexFile(v);
    fs.rmSync(where, { force: true });
    const cold = cli(['search', 'Kubernetes 遷移', '--json', '--root', v.root]);
    assert.equal(cold.code, 0, cold.stderr);
    assert.ok(cold.json.results.length > 0);
    // Saved by the thread before the call ended: every file indexed (the fixture is small), as a refresh finds it.
    const saved = readIndex(where)!;
    assert.deepEqual([...saved.keys()].sort(), [...refreshIndex(v, { budgetMs: 0 }).indexed.keys()].sort());
    assert.ok(saved.size > 0);
    const warm = cli(['search', 'Kubernetes 遷移', '--json', '--root', v.root]);
    assert.equal(warm.stdout, cold.stdout, 'the same answer with the index');
    // A save that fails (a folder where the index goes) is a warning; the answer is the same.
    fs.rmSync(where);
    fs.mkdirSync(where);
    const unsaved = cli(['search', 'Kubernetes 遷移', '--json', '--root', v.root]);
    assert.equal(unsaved.code, 0, unsaved.stderr);
    assert.equal(unsaved.stdout, cold.stdout);
    assert.match(unsaved.stderr, /warning: could not save the search index/);
  });

  it('exits 2 without a vault and 1 on bad input, changing nothing', async () => {
    const empty = tempDir();
    const none = cli(['search', 'Kubernetes', '--root', empty, '--json']);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no Core Soul vault/);
    assert.equal(none.json.error.kind, 'vault');

    const v = await fixtureVault();
    cli(['search', 'warm the index', '--root', v.root]);
    const before = snapshot(v.root);
    for (const args of [[], [''], ['x', '--max-tokens', 'lots'], ['x', '--max-tokens', '0'], ['x', '--limit', '-3']]) {
      const r = cli(['search', ...args, '--root', v.root]);
      assert.equal(r.code, 1, `${args.join(' ').slice(0, 40)}: ${r.stderr}`);
      assert.equal(r.stderr.trim().split('\n').length, 1);
    }
    // A 10 kB prompt is reduced to its subject, not refused.
    assert.equal(cli(['search', 'x'.repeat(10 * 1024), '--root', v.root]).code, 0);
    // Punctuation alone is literal text, not an error: nothing in the vault holds it as a word.
    for (const query of ['?!…', '.*[(']) {
      const r = cli(['search', query, '--json', '--root', v.root]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(r.json.results, []);
    }
    // The core speaks of the value; the CLI names its own option for it.
    assert.match(cli(['search', 'x', '--max-tokens', '0', '--root', v.root]).stderr, /^coresoul: --max-tokens: expected a whole number from 1 to \d+, got 0\n$/);
    assert.deepEqual(snapshot(v.root), before);
  });
});

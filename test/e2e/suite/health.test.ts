/**
 * The Memory Health view and its diagnostics, in a project whose code changes under its
 * memories: the workspace becomes a git repository, memories written over two months cite its
 * code, and a file they cite is deleted. The view's page is read and clicked inside its webview
 * (Playwright), a fix is clicked there and checked on disk and in the vault's history, and the
 * editor shows the same findings as diagnostics, updated on save, with code actions.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, suite, test, ui, waitFor } from '../host/e2e';
import { lineAuthor, withoutAuthorMarkers } from '../../../src/core/vault/dayEntries';
import { read, root, today, vaultPath } from '../host/vault';

const cli = () => path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist/cli.js');
const run = (...args: string[]) => execFileSync(process.execPath, [cli(), ...args, '--root', root()], { encoding: 'utf8' });
const git = (cwd: string, args: string[], date?: string) =>
  execFileSync('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.com', ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...(date && { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }) } });

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const daysAgo = (n: number) => {
  const d = new Date();
  return dayOf(new Date(d.getFullYear(), d.getMonth(), d.getDate() - n, 12));
};
const dayFile = (day: string) => vaultPath('memory', 'chronological', `${day}.md`);
const webview = { webview: true };

/** Memories of the weeks before: kinds, authors and entities that link to each other. */
const HISTORY: [number, string, string[], string[]][] = [
  [56, 'Kick-off of [[Billing]] with [[Carol]] and [[Dave]]', ['objects/Billing', 'people/Carol', 'people/Dave'], []],
  [52, '[[Carol]] owns the [[Stripe]] integration of [[Billing]]', ['people/Carol', 'objects/Stripe', 'objects/Billing'], ['--kind', 'decision']],
  [45, 'Invoices are rendered by [[Billing]] through [[PostgreSQL]] views', ['objects/Billing', 'objects/PostgreSQL'], ['--from', 'agent', '--via', 'copilot']],
  [38, '[[Dave]] reviewed the [[Launch Review]] deck in [[Berlin]]', ['people/Dave', 'events/Launch Review', 'places/Berlin'], []],
  [31, 'Retry failed [[Stripe]] calls three times', ['objects/Stripe'], ['--kind', 'preference']],
  [24, 'The nightly export broke on [[PostgreSQL]] 16', ['objects/PostgreSQL'], ['--kind', 'error', '--from', 'agent', '--via', 'claude']],
  [17, '[[Alice]] pairs with [[Carol]] on [[Billing]]', ['people/Alice', 'people/Carol', 'objects/Billing'], []],
  [10, '[[Bob]] moved the [[Launch Review]] to [[Berlin]]', ['people/Bob', 'events/Launch Review', 'places/Berlin'], ['--from', 'agent', '--via', 'copilot']],
];

suite('Memory health', 'vault', () => {
  test('the view draws growth, freshness and the graph of entities for a project whose code changed', async () => {
    // The project: code committed yesterday, cited by memories today, one cited file deleted now.
    const day = today();
    fs.mkdirSync(path.join(root(), 'src/billing'), { recursive: true });
    fs.writeFileSync(path.join(root(), 'src/billing/webhook.ts'), 'export const handle = 1;\n');
    fs.writeFileSync(path.join(root(), 'src/app.ts'), 'export const app = 1;\n');
    git(root(), ['init', '-q']);
    git(root(), ['add', 'src']);
    git(root(), ['commit', '-qm', 'the code'], `${daysAgo(1)}T12:00:00`);
    for (const [ago, text, entities, more] of HISTORY) run('write', text, ...entities.flatMap((e) => ['--entity', e]), ...more, '--now', `${daysAgo(ago)}T10:00:00`);
    run('write', 'The Stripe webhook handler lives in `src/billing/webhook.ts`', '--now', `${day}T00:00:10`);
    run('write', 'We run unit tests with Jest.', '--now', `${day}T00:00:20`);
    run('write', 'Switched from Jest to Vitest for unit tests.', '--now', `${day}T00:00:30`);
    git(root(), ['rm', '-q', 'src/billing/webhook.ts']);
    git(root(), ['commit', '-qm', 'drop the webhook']);
    const report = JSON.parse(run('lint', '--json', '--no-secrets', '--fail-on', 'never')) as { memories: number; superseded: number; counts: Record<string, number> };

    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await ui.palette('Core Soul: Show Memory Health');
    const tiles = await waitFor('the health view to draw its numbers', async () => {
      const t = await ui.texts('.tile', webview);
      return t.length === 6 && t;
    }, 60_000);
    const tile = (label: string) => Number(tiles.find((t) => t.endsWith(label))?.split('\n')[0]);
    assert.equal(tile('Memories'), report.memories);
    assert.equal(tile('Superseded'), report.superseded);
    assert.equal(tile('Stale'), report.counts['dead-citation'] + report.counts['changed-citation']);
    assert.equal(tile('Duplicates'), report.counts.duplicate);
    assert.ok(report.superseded >= 1 && report.counts['dead-citation'] >= 1, JSON.stringify(report));

    // Growth by kind and by author: the legend names each with its count.
    const kinds = await ui.texts('#growth .legend li', webview);
    assert.ok(kinds.some((k) => /^decision \(\d+\)$/.test(k)) && kinds.some((k) => /^error \(1\)$/.test(k)), kinds.join(' | '));
    const weeks = await ui.texts('#growth svg polygon', webview);
    assert.equal(weeks.length, kinds.length, 'one area per kind');
    // Freshness: every memory in one state, the deleted file's memory as "code gone".
    const states = await ui.texts('#freshness .legend li', webview);
    assert.ok(states.includes('code gone (1)') && states.includes(`superseded (${report.superseded})`), states.join(' | '));
    await ui.screenshot('health-charts');

    await ui.click('#growth button', 'By author', webview);
    const authors = await waitFor('the growth by author', async () => {
      const a = await ui.texts('#growth .legend li', webview);
      return a.some((x) => x.startsWith('agent: copilot')) && a;
    });
    assert.ok(authors.some((a) => !a.startsWith('agent:') && /^.+ \(\d+\)$/.test(a)) && authors.some((a) => a === 'agent: claude (1)'), authors.join(' | '));

    // The graph: every entity note (fewer than the view's limit), the most linked labelled.
    const entities = fs.readdirSync(vaultPath('memory', 'entities'), { recursive: true }).filter((f) => String(f).endsWith('.md') && !String(f).endsWith('User.md'));
    await ui.click('header.top nav button', 'Entities and their links', webview); // scrolls the page to the graph
    const labels = await ui.texts('#graph .node text', webview);
    assert.equal((await ui.texts('#graph g.node', webview)).length, entities.length);
    for (const name of ['Billing', 'Carol', 'Stripe']) assert.ok(labels.includes(name), labels.join(', '));
    await ui.screenshot('health-graph');
  }, { timeoutMs: 150_000 });

  test('a superseded memory is retracted with one click in the view: the day file is marked and the vault commits it', async () => {
    const day = today();
    const file = dayFile(day);
    const line = read(file).split('\n').findIndex((l) => l.endsWith('We run unit tests with Jest.'));
    assert.ok(line > 0);
    const author = lineAuthor(read(file).split('\n')[line]);
    await ui.click('#findings h2', 'What to fix', webview); // scrolls the list into view
    const listed = await ui.texts('[data-rule="superseded"] .finding blockquote', webview);
    assert.deepEqual(listed, ['We run unit tests with Jest.']);
    await ui.click('[data-rule="superseded"] button', 'Retract', webview);

    const marked = await waitFor('the retraction on disk', () => {
      const l = read(file).split('\n')[line];
      return /\[retracted /.test(l) && l;
    });
    assert.match(withoutAuthorMarkers(marked), new RegExp(`^- 00:00:20 \\[retracted \\[\\[${day}\\]\\] \\d\\d:\\d\\d:\\d\\d: superseded: superseded by ${day} 00:00:30 \\(Jest\\)\\]$`));
    assert.deepEqual(lineAuthor(marked), author, 'who wrote it stays on the line');
    assert.ok(!read(file).includes('We run unit tests with Jest.'), 'the text is gone from the file, kept in the history');
    const vaultGit = path.join(root(), '.CoreSoul');
    // The file is marked first, then committed.
    const subject = await waitFor('the retraction committed', () => {
      const s = git(vaultGit, ['log', '-1', '--format=%s']);
      return s.startsWith('memory: forgot') && s;
    });
    assert.match(subject, new RegExp(`^memory: forgot ${day} 00:00:20: superseded: superseded by ${day} 00:00:30 \\(Jest\\)`));
    assert.equal(git(vaultGit, ['status', '--porcelain']), '', 'nothing left uncommitted');
    assert.match(git(vaultGit, ['show', 'HEAD~1:memory/chronological/' + `${day}.md`]), /We run unit tests with Jest\./);
    // The view reads the vault again: nothing is superseded any more.
    await waitFor('the view without the superseded memory', async () => (await ui.texts('.tile', webview)).some((t) => t === '0\nSuperseded'), 30_000);
    await ui.screenshot('health-after-retract');
  }, { timeoutMs: 90_000 });

  test('a memory unused for months is archived with one click, after a notice that says where it moves: moved, never deleted', async () => {
    // Written seven months ago and served once then, when this machine began recording usage: nothing has asked for it since.
    const old = daysAgo(210);
    const text = 'The staging host is called orca-7';
    run('write', text, '--now', `${old}T09:00:00`);
    run('search', 'staging host orca-7', '--now', `${daysAgo(200)}T09:00:00`);
    const from = `.CoreSoul/memory/chronological/${old}.md`;
    const to = `.CoreSoul/memory/archive/${old.slice(0, 7)}.md`;
    const line = read(path.join(root(), from)).split('\n').findIndex((l) => l.endsWith(text)) + 1;
    assert.ok(line > 0);

    await vscode.commands.executeCommand('coresoul.health.refresh');
    const listed = await waitFor('the unused memory in the view', async () => {
      const t = await ui.texts('[data-rule="unused"] .finding blockquote', webview);
      return t.length > 0 && t;
    }, 30_000);
    assert.deepEqual(listed, [text]);
    await ui.click('[data-rule="unused"] button', 'Archive…', webview);
    const notice = await ui.notification(/^Core Soul: archive this memory\?/);
    assert.ok(notice.includes(`from ${from}:${line} to ${to}: moved, never deleted`), notice);
    await ui.screenshot('health-archive');
    assert.ok(read(path.join(root(), from)).includes(text), 'nothing moves before the notice is answered');
    await ui.notificationButton(/^Core Soul: archive this memory\?/, 'Archive');

    const archived = await waitFor('the memory in the archive', () => {
      const a = path.join(root(), to);
      return fs.existsSync(a) && read(a);
    });
    assert.match(archived, new RegExp(`^## ${old}$[\\s\\S]*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(archived from ${from}:${line}\\)$`, 'm'));
    assert.ok(!read(path.join(root(), from)).includes(text), 'gone from the files every search reads');
    const vaultGit = path.join(root(), '.CoreSoul');
    await waitFor('the move committed', () => git(vaultGit, ['log', '-1', '--format=%s']).startsWith('memory: archived 1 unused memory to archive/'));
    const found = JSON.parse(run('search', 'staging host orca-7', '--archived', '--json')) as { results: { text: string }[] };
    assert.ok(found.results.some((r) => r.text.includes(text)), 'search --archived still finds it');
    await waitFor('the view without the proposal', async () => (await ui.texts('[data-rule="unused"]', webview)).length === 0, 30_000);
    await vscode.commands.executeCommand('notifications.clearAll'); // the notification center, opened to answer, out of later pictures
  }, { timeoutMs: 90_000 });

  test('diagnostics show the stale citation and, once typed and saved, a new one and a broken link; code actions correct', async () => {
    const day = today();
    const file = dayFile(day);
    const uri = vscode.Uri.file(file);
    const ours = () => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Core Soul');
    const cites = read(file).split('\n').findIndex((l) => l.includes('src/billing/webhook.ts'));
    const editor = await vscode.window.showTextDocument(uri);
    const first = await waitFor('the dead citation as a diagnostic', () => ours().find((d) => d.code === 'dead-citation'));
    assert.equal(first.range.start.line, cites);
    assert.equal(first.severity, vscode.DiagnosticSeverity.Error);
    assert.match(first.message, /cites src\/billing\/webhook\.ts, deleted in [0-9a-f]{7}/);

    // A line typed by hand and saved: a path the project never had, and a link to no note.
    const now = new Date();
    const typed = `- ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())} Asked [[Nobody Here]] about \`src/legacy/retry.ts\``;
    const end = editor.document.lineAt(editor.document.lineCount - 1);
    await editor.edit((e) => e.insert(end.range.end, `${end.text ? '\n' : ''}${typed}\n`));
    await editor.document.save();
    const at = editor.document.getText().split('\n').indexOf(typed);
    const stale = await waitFor('the new stale citation after the save', () => ours().find((d) => d.range.start.line === at && d.code === 'dead-citation'), 30_000);
    assert.match(stale.message, /cites src\/legacy\/retry\.ts, not in the project/);
    const broken = await waitFor('the broken link', () => vscode.languages.getDiagnostics(uri).find((d) => d.range.start.line === at && String(d.code) === 'broken-link'));
    assert.match(broken.message, /Nobody Here/);
    assert.equal(ours().filter((d) => String(d.code) === 'broken-link').length, 0, 'the link server reports broken links; the health does not repeat them');
    editor.selection = new vscode.Selection(cites, 0, cites, 0);
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await ui.screenshot('health-diagnostics');

    // The quick fixes of the first citation, as the light bulb offers them; correct it.
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, first.range);
    const mine = actions.filter((a) => a.title.startsWith('Core Soul: '));
    assert.deepEqual(mine.map((a) => a.title), ['Core Soul: correct this memory…', 'Core Soul: retract this memory']);
    const correct = mine[0].command!;
    await vscode.commands.executeCommand(correct.command, ...correct.arguments!, 'The Stripe webhook handler lives in `src/app.ts` now');
    const text = await waitFor('the correction on disk', () => {
      const t = read(file);
      return t.includes('(corrects [[') && t;
    });
    assert.match(withoutAuthorMarkers(text.split('\n')[cites]), new RegExp(`^- 00:00:10 \\[superseded \\[\\[${day}\\]\\] \\d\\d:\\d\\d:\\d\\d: dead-citation: cites src/billing/webhook\\.ts, deleted in [0-9a-f]{7}\\] The Stripe webhook handler lives in`));
    assert.match(text, new RegExp(`The Stripe webhook handler lives in \`src/app\\.ts\` now \\(corrects \\[\\[${day}\\]\\] 00:00:10\\)`));
    await waitFor('the corrected citation to leave the diagnostics', () => !ours().some((d) => d.range.start.line === cites && d.code === 'dead-citation'), 30_000);
  }, { timeoutMs: 90_000 });
});

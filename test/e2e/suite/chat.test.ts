/**
 * Group 8: `@coresoul` in the real chat view with the scripted fake model: slash commands write,
 * recall with citations, report and pack; a free question is answered from the layered context;
 * a model error is shown in the chat, not thrown.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ask, fakeModel } from '../host/chat';
import { lineOf, root, today, todayFile } from '../host/vault';
import { suite, test, ui, waitFor } from '../host/e2e';

/** A citation as the chat shows it (inline code loses its backticks on the page). */
const cite = /(\.CoreSoul\/memory\/\S+?\.md):(\d+)/;

suite('Chat participant with a fake model', 'vault', () => {
  test('/remember writes the entry to today and cites where', async () => {
    await fakeModel();
    const answer = await ask('@coresoul /remember Moved the [[Billing]] service to Kubernetes');
    const [, file, line] = cite.exec(answer) ?? assert.fail(`no citation in "${answer}"`);
    assert.equal(file, `.CoreSoul/memory/chronological/${today()}.md`);
    assert.match(lineOf(file, Number(line)), /^- \d\d:\d\d:\d\d Moved the \[\[Billing\]\] service to Kubernetes$/);
    assert.match(fs.readFileSync(path.join(root(), '.CoreSoul/memory/entities/objects/Billing.md'), 'utf8'), new RegExp(`- \\[\\[${today()}\\]\\]`));
  });

  test('/recall answers with snippets that cite the day file and line they come from', async () => {
    const answer = await ask('@coresoul /recall PostgreSQL');
    // A day or month file is cited by its name, in the folder the label names once.
    assert.match(answer, /A file cited by its name alone is in \.CoreSoul\/memory\/chronological\//);
    const cites = [...answer.matchAll(/\[(\d{4}-\d\d(?:-\d\d)?\.md):(\d+)/g)];
    assert.ok(cites.length > 0, answer);
    for (const [, name, line] of cites) {
      const file = `.CoreSoul/memory/chronological/${name}`;
      const snippet = fs.readFileSync(path.join(root(), file), 'utf8').split('\n').slice(Number(line) - 1, Number(line) + 10).join('\n');
      assert.match(snippet, /PostgreSQL/, `${file}:${line}`);
    }
  });

  test('/status reports the vault on disk', async () => {
    const days = fs.readdirSync(path.join(root(), '.CoreSoul/memory/chronological')).filter((f) => /^\d{4}-\d\d-\d\d\.md$/.test(f)).length;
    const answer = await ask('@coresoul /status');
    assert.match(answer, new RegExp(`Memory on · last compression ${today()}`));
    assert.match(answer, new RegExp(`days: ${days} detailed, 0 summarised, 0 archived`));
  });

  test('/pack writes the archive into the workspace, reports its size and offers to reveal it', async () => {
    const answer = await ask('@coresoul /pack');
    const archive = path.join(root(), 'core_soul_deploy.tar.gz');
    const kib = (fs.statSync(archive).size / 1024).toFixed(1);
    assert.match(answer, new RegExp(`Packed \\d+ files into core_soul_deploy\\.tar\\.gz \\(${kib.replace('.', '\\.')} KiB`));
    assert.match(answer, /Reveal in Explorer/);
    await ui.click('.interactive-response .chat-command-button .monaco-button', 'Reveal in Explorer');
    await waitFor('the archive selected in the explorer', async () => (await ui.texts('.explorer-folders-view .monaco-list-row.selected')).some((t) => t.includes('core_soul_deploy.tar.gz')));
  });

  test('a question is answered by the model from soul, persona and memory, and the decision it states is recorded', async () => {
    const fake = await fakeModel();
    fake.script({ text: 'We decided to keep [[PostgreSQL]] and add read replicas.' });
    const answer = await ask('@coresoul Why PostgreSQL over MySQL?');
    // The answer's [[link]] is shown as a link to the note, not as brackets.
    assert.match(answer, /\nWe decided to keep PostgreSQL and add read replicas\./);
    const prompt = fake.prompts[0] ?? assert.fail('the model got no prompt');
    assert.match(prompt, /^# Soul[\s\S]*# Persona[\s\S]*# Relevant memories[\s\S]*Chose \[\[PostgreSQL\]\] over MySQL[\s\S]*# Request\n\nWhy PostgreSQL over MySQL\?/);
    const [, file, line] = /Recorded in memory: decision (\S+?\.md):(\d+)/.exec(answer) ?? assert.fail(answer);
    assert.match(lineOf(file, Number(line)), /#decision \[from capture: chat\] We decided to keep \[\[PostgreSQL\]\] and add read replicas\./);
    await ui.screenshot('chat-answer');
    // Undo, in the answer, takes the recorded entry out again.
    await ui.click('.interactive-response .chat-command-button .monaco-button', 'Undo');
    await waitFor('the recorded entry to be undone', () => !fs.readFileSync(path.join(root(), file), 'utf8').includes('read replicas'));
  });

  test('a model error is shown in the chat, and nothing is written', async () => {
    const fake = await fakeModel();
    fake.script({ error: 'quota exceeded (fake)' });
    const day = todayFile();
    const before = fs.readFileSync(day, 'utf8');
    const answer = await ask('@coresoul Summarise this week');
    assert.match(answer, /The language model failed: quota exceeded \(fake\)/);
    assert.equal(fs.readFileSync(day, 'utf8'), before);
  });
});

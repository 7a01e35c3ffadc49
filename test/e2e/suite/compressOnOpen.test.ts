/**
 * Group 5: opening a workspace whose last compression is in a past week compresses it by
 * itself, in a cancellable progress notification, and says what it did; never while memory is off.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import { suite, test, ui, waitFor } from '../host/e2e';
import type { FakeModel } from '../fakeModel/extension';
import { FAKE_MODEL_ID } from '../fakeModel/manifest';
import { api, chronoPath, dayFiles, lastCompression, read, snapshot, today, vaultPath } from '../host/vault';

/** The fake model as this fixture starts it: holding every request until released (not reset: the suite reads what it got). */
async function heldModel(): Promise<FakeModel> {
  return waitFor('the fake chat model', async () => vscode.extensions.getExtension<FakeModel>(FAKE_MODEL_ID)?.activate(), 30_000);
}

/** Every day file of the fixture is summarised by hour (L2), and the memory map says today. */
function assertCompressed(days: string[]) {
  assert.ok(days.length >= 5, `the fixture has ${days.length} days`);
  for (const f of days) assert.match(read(chronoPath(f)), /^## \d\d:00$/m, `${f} is not summarised by hour`);
  assert.equal(lastCompression(), today());
}
const git = (...args: string[]) => execFileSync('git', args, { cwd: vaultPath(), encoding: 'utf8' });

suite('Compression on open', 'pastWeek', () => {
  test('opening a vault a week behind compresses it, keeps the raw entries in history, and says so', async () => {
    // The notification comes once the compression and its commits are done.
    const text = await ui.notification(/^Core Soul: compressed memory \(week of /);
    assertCompressed(dayFiles());
    assert.match(git('log', '-1', '--format=%s'), /^compress: week of /);
    // The days the compression commit rewrote are the ones the notification counts; their raw
    // entries stay in the commit before it.
    const moved = git('diff', '--name-only', 'HEAD~1', 'HEAD', '--', 'memory/chronological').trim().split('\n');
    for (const f of moved) assert.match(git('show', `HEAD~1:${f}`), /^- \d\d:\d\d:\d\d /m, `${f} before compression`);
    assert.match(text, new RegExp(`^Core Soul: compressed memory \\(week of \\d{4}-\\d\\d-\\d\\d\\): ${moved.length} day\\(s\\) to hourly summaries, 0 into monthly files; all \\d+ links kept\\.$`));
  });
});

suite('Compression on open with a language model allowed', 'pastWeekModelAllowed', () => {
  let before: Map<string, string>;

  test('summarises with the chat model in a cancellable progress notification, before touching the vault', async () => {
    await api();
    before = snapshot(vaultPath('memory'));
    const fake = await heldModel();
    await ui.notification(/^Core Soul: compressing memory.*summarising with Fake Model/);
    // The notification is up before the first request reaches the model.
    await waitFor('the model to get an hour to summarise', () => fake.prompts.some((p) => /^=== \d{4}-\d\d-\d\d \d\d:00$/m.test(p)));
    assert.notEqual(lastCompression(), today(), 'nothing is written while the model works');
    await ui.screenshot('compress-on-open');
  });

  test('Cancel stops it with nothing changed', async () => {
    await ui.notificationButton(/^Core Soul: compressing memory/, 'Cancel');
    await ui.notification(/^Core Soul: compression cancelled; nothing was changed\.$/);
    assert.deepEqual(snapshot(vaultPath('memory')), before);
  });

  test('Compress Now from the palette then compresses with the model\'s summaries', async () => {
    const fake = await heldModel();
    fake.release();
    await ui.palette('Core Soul: Compress Now');
    const text = await ui.notification(/^Core Soul: compressed memory \(week of /);
    const hours = Number(/Summaries by Fake Model \((\d+) hours; 0 by the built-in summariser\)\.$/.exec(text)?.[1]);
    assert.ok(hours > 0, `the notification does not credit the model: ${text}`);
    assertCompressed(dayFiles());
    const summarised = dayFiles().map((f) => read(chronoPath(f)));
    assert.equal(summarised.join('\n').match(/^- Fake summary: /gm)?.length, hours);
  });
});

suite('Compression on open with memory off', 'pastWeekMemoryOff', () => {
  test('nothing is compressed while memory is off; turning memory on compresses', async () => {
    const { services } = await api();
    assert.equal(services.memory.enabled, false);
    const before = snapshot(vaultPath('memory'));
    await ui.palette('Core Soul: Show Status');
    await ui.notification(/\(compression due\)\.$/);
    assert.deepEqual(snapshot(vaultPath('memory')), before);

    await vscode.commands.executeCommand('coresoul.toggleMemory');
    await waitFor('the compression once memory is on', () => lastCompression() === today(), 30_000);
    assertCompressed(dayFiles());
    await ui.notification(/^Core Soul: compressed memory \(week of /);
  });
});

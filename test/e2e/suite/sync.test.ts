/**
 * Sync Memory in the real workbench (docs/sync.md): the first sync asks for the remote, a second
 * machine (the CLI in another folder) joins the same soul, and each sync brings the other's
 * entries; the status bar counts the commits to push and to pull.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { read, root, todayFile } from '../host/vault';
import { EXTENSION_ID, suite, test, ui, waitFor } from '../host/e2e';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'coresoul-e2e-sync-'));
const bare = path.join(tmp, 'soul.git');
const laptop = path.join(tmp, 'laptop');
const cli = (...args: string[]) => execFileSync(process.execPath, [path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist/cli.js'), ...args], { encoding: 'utf8', timeout: 60_000 });
/** The sync item's counts as the status bar shows them. */
const badge = async () => (await ui.texts('.statusbar-item')).map((t) => /(\d+)↑ (\d+)↓/.exec(t)?.slice(1).join(' ')).find(Boolean);
const laptopToday = () => read(path.join(laptop, '.CoreSoul/memory/chronological', path.basename(todayFile())));

suite('Sync Memory', 'vault', () => {
  test('the first Sync Memory asks for the remote, connects the vault and pushes it', async () => {
    execFileSync('git', ['init', '-q', '--bare', bare]);
    await ui.palette('Core Soul: Sync Memory');
    assert.match(await ui.input(bare, { enter: true }), /connect this vault to a git remote/);
    await waitFor('the vault on the remote', () => execFileSync('git', ['--git-dir', bare, 'log', '--oneline'], { encoding: 'utf8' }).trim().length > 0, 30_000);
    assert.equal(await waitFor('the status bar counts', badge), '0 0');
  });

  test("another machine's entries arrive with Sync Memory, and this one's leave; the status bar counts what is left to push", async () => {
    fs.mkdirSync(laptop);
    assert.match(cli('sync', '--remote', bare, '--root', laptop), /^Joined /);
    cli('write', 'Written on the laptop about [[Zeta]]', '--root', laptop);
    cli('sync', '--root', laptop);
    cli('write', 'Written at the desk about [[Zeta]]', '--root', root());
    await waitFor('one commit to push', async () => (await badge()) === '1 0');
    await ui.palette('Core Soul: Sync Memory');
    await waitFor("the laptop's entry here", () => read(todayFile()).includes('Written on the laptop about [[Zeta]]'), 30_000);
    await waitFor('nothing left to push or pull', async () => (await badge()) === '0 0');
    await ui.screenshot('sync-status-bar');
    cli('sync', '--root', laptop);
    assert.match(laptopToday(), /Written at the desk about \[\[Zeta\]\]/);
    assert.equal(laptopToday(), read(todayFile()), 'both machines hold the same day');
  });
});

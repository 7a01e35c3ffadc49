/**
 * Chat helpers for suites, inside the extension host: the scripted fake model (fakeModel/) and
 * `ask`, which sends a chat message as a person would and reads the answer the chat shows.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FakeModel } from '../fakeModel/extension';
import { FAKE_MODEL_ID, FAKE_VENDOR } from '../fakeModel/manifest';
import { ui, waitFor } from './e2e';

/** The fake model, once the chat can use it, with nothing scripted or recorded yet. */
export async function fakeModel(): Promise<FakeModel> {
  const fake = await vscode.extensions.getExtension<FakeModel>(FAKE_MODEL_ID)?.activate();
  if (!fake) throw new Error(`the fake model extension ${FAKE_MODEL_ID} is not installed`);
  await waitFor('the fake chat model', async () => (await vscode.lm.selectChatModels({ vendor: FAKE_VENDOR })).length > 0);
  fake.reset();
  return fake;
}

const RESPONSE = '.interactive-response';

/**
 * Submits `query` in a new chat (`mode`: ask, or agent for tools) and resolves with the text the
 * chat shows for its answer once the answer is complete. A new chat each time: the chat's list
 * is virtual, older answers leave the page, so only a one-question chat can be read reliably.
 */
export async function ask(query: string, mode: 'ask' | 'agent' = 'ask'): Promise<string> {
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
  await waitFor('an empty chat', async () => (await ui.texts(RESPONSE)).length === 0);
  await vscode.commands.executeCommand('workbench.action.chat.open', { query, mode });
  return waitFor(
    `the chat's answer to "${query}"`,
    async () => {
      // A finished answer's footer shows when it was answered and how long it took (empty before).
      const footers = await ui.texts(`${RESPONSE} .chat-footer-toolbar`);
      if (footers.length !== 1 || !footers[0].trim()) return undefined;
      return (await ui.texts(`${RESPONSE} .value`))[0];
    },
    40_000,
  );
}

/** The workspace folder the window opened. */
export const root = () => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder is open');
  return folder.uri.fsPath;
};

/** Today in the local time zone, as the vault names days. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Line `n` (1-based) of a file relative to the workspace root. */
export const lineOf = (file: string, n: number) => fs.readFileSync(path.join(root(), file), 'utf8').split('\n')[n - 1] ?? '';

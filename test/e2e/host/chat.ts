/**
 * Chat helpers for suites, inside the extension host: the scripted fake model (fakeModel/) and
 * `ask`, which sends a chat message as a person would and reads the answer the chat shows.
 */
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
 * The names of the tools of Core Soul's MCP server once they are `expected`: the servers VS Code
 * knows (the extension's definition among them) are started as the chat does before an agent
 * request, again while the extension is still activating or VS Code restarts the server.
 */
export async function coreSoulMcpTools(expected: (names: string[]) => boolean): Promise<string[]> {
  const names = () => vscode.lm.tools.filter((t) => t.name.startsWith('mcp_coresoul_')).map((t) => t.name).sort();
  return waitFor(
    "Core Soul's MCP tools",
    async () => {
      await vscode.commands.executeCommand('workbench.mcp.startServer', '*', { waitForLiveTools: true });
      return expected(names()) && names();
    },
    40_000,
  );
}

/**
 * Submits `query` in a new chat (`mode`: ask, or agent for tools) and resolves with the text the
 * chat shows for its answer once the answer is complete. A new chat each time: the chat's list
 * is virtual, older answers leave the page, so only a one-question chat can be read reliably.
 */
export async function ask(query: string, mode: 'ask' | 'agent' = 'ask'): Promise<string> {
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
  await waitFor('an empty chat', async () => (await ui.texts(RESPONSE)).length === 0);
  await vscode.commands.executeCommand('workbench.action.chat.open', { query, mode });
  let last: string | undefined;
  let same = 0;
  return waitFor(
    `the chat's answer to "${query}"`,
    async () => {
      // A finished answer's footer shows when it was answered and how long it took (empty
      // before); its text may still be unrolling on the page, so it must also stay the same.
      const footers = await ui.texts(`${RESPONSE} .chat-footer-toolbar`);
      if (footers.length !== 1 || !footers[0].trim() || (await ui.texts(`${RESPONSE}.chat-response-loading`)).length) return undefined;
      const text = (await ui.texts(`${RESPONSE} .value`))[0];
      same = text === last ? same + 1 : 0;
      last = text;
      return same >= 3 && text;
    },
    40_000,
  );
}

/**
 * The tools whose names start with `prefix` that the chat offers, as a person sees them: typed
 * after `#` in the chat input of agent mode, the completion lists the tools VS Code would give a
 * model (`vscode.lm.tools` lists every contributed tool, offered or not).
 */
export async function offeredTools(prefix: string): Promise<string[]> {
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
  await vscode.commands.executeCommand('workbench.action.chat.open', { mode: 'agent' });
  await vscode.commands.executeCommand('workbench.action.chat.focusInput');
  await ui.type(` #${prefix}`);
  // The list fills in as the completion providers answer: read it until it stays the same.
  let last = '';
  let same = 0;
  const rows = await waitFor('the completion of #' + prefix, async () => {
    // Rows of other kinds (files, symbols of the workspace that match the text) may join them.
    const shown = (await ui.texts('.suggest-widget .monaco-list-row'))
      .map((r) => r.split('\n')[0])
      .filter((label) => label.startsWith(`#${prefix}`))
      .sort();
    if (!shown.length) {
      // Typed before the input was ready for completions: ask for them, as Ctrl+Space would.
      await vscode.commands.executeCommand('workbench.action.chat.focusInput');
      await vscode.commands.executeCommand('editor.action.triggerSuggest');
      await new Promise((r) => setTimeout(r, 500));
      return undefined;
    }
    same = shown.join() === last ? same + 1 : 0;
    last = shown.join();
    await new Promise((r) => setTimeout(r, 200));
    return same >= 3 && shown;
  });
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
  return rows;
}

/**
 * Language Model tools for agent mode: memory write (confirmed, it changes files) and memory
 * search. Offered only while the memory switch is on (seed 004).
 */
import * as vscode from 'vscode';
import { openVault } from '../core/vault';
import { memorySearch, memoryWrite } from './chat/toolCalls';
import type { Services } from './extension';

type Run = (root: string, input: unknown) => Promise<string>;

function tool(services: Services, run: Run, prepare: (input: unknown) => vscode.PreparedToolInvocation): vscode.LanguageModelTool<unknown> {
  return {
    prepareInvocation: (options) => prepare(options.input),
    async invoke(options) {
      const root = services.root();
      const text = root ? await run(root, options.input).catch((err: Error) => `error: ${err.message}`) : 'error: no workspace folder is open';
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
    },
  };
}

export function register(context: vscode.ExtensionContext, services: Services): void {
  let registered: vscode.Disposable[] = [];
  const sync = () => {
    registered.forEach((d) => d.dispose());
    registered = [];
    if (!services.memory.enabled) return;
    registered = [
      vscode.lm.registerTool(
        'coresoul_memoryWrite',
        tool(
          services,
          (root, input) => memoryWrite(openVault(root), input, services.clock),
          (input) => ({
            invocationMessage: vscode.l10n.t('Writing to Core Soul memory'),
            confirmationMessages: {
              title: vscode.l10n.t('Write to Core Soul memory?'),
              message: new vscode.MarkdownString(`> ${String((input as { text?: unknown })?.text ?? '').slice(0, 500)}`),
            },
          }),
        ),
      ),
      vscode.lm.registerTool(
        'coresoul_memorySearch',
        tool(services, (root, input) => memorySearch(openVault(root), input), () => ({ invocationMessage: vscode.l10n.t('Searching Core Soul memory') })),
      ),
    ];
  };
  sync();
  context.subscriptions.push(
    services.memory.onDidChange(sync),
    { dispose: () => registered.forEach((d) => d.dispose()) },
  );
}

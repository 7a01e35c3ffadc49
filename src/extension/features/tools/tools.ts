/**
 * Language Model tools for agent mode: memory write and persona proposals (confirmed: they
 * change files) and memory search. The memory tools are offered only while the memory switch is
 * on (docs/memory.md#memory-switch); the persona tool always is, since soul and persona apply either way.
 */
import * as vscode from 'vscode';
import { openVault } from '../../../core/vault/layout';
import type { Services } from '../../shared/services';
import { REVIEW_COMMAND } from '../../shared/commands';
import { languageModel } from '../../shared/languageModel';
import { signalOf } from '../../shared/cancellation';
import type { SoulJudge } from '../../../core/safety/soulCheck';

type Run = (root: string, input: unknown, token: vscode.CancellationToken) => Promise<string>;

/** The tools' work (shared with the MCP server), loaded when a tool is first called rather than at activation. */
const calls = () => import('../../../core/tools/calls');
const caller = (services: Services, via: string) => ({ clock: services.clock, via, memory: services.memory.enabled });

function tool(services: Services, run: Run, prepare: (input: unknown) => vscode.PreparedToolInvocation): vscode.LanguageModelTool<unknown> {
  return {
    prepareInvocation: (options) => prepare(options.input),
    async invoke(options, token) {
      const root = services.root();
      const text = root ? await run(root, options.input, token).catch((err: Error) => `error: ${err.message}`) : 'error: no workspace folder is open';
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
    },
  };
}

/**
 * The first chat model at hand as the soul check's judge (core/safety/modelJudge.ts): it reads a
 * proposal the rules passed and can only refuse it. None at hand, the rules decide alone.
 */
async function modelJudgeFor(token: vscode.CancellationToken): Promise<SoulJudge | undefined> {
  const chat = (await vscode.lm.selectChatModels().then(undefined, () => []))[0];
  if (!chat) return undefined;
  const { modelJudge } = await import('../../../core/safety/modelJudge');
  return modelJudge(languageModel(chat, token, vscode.l10n.t('Core Soul checks a proposed persona change against the soul.')), signalOf(token));
}

/** A model's input as the user sees it in a confirmation: quoted, shortened. */
const quoted = (value: unknown) => `> ${String(value ?? '').slice(0, 500).replace(/\n/g, '\n> ')}`;

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
          async (root, input) => (await (await calls()).memoryWrite(openVault(root), input, caller(services, 'coresoul_memoryWrite'))).text,
          (input) => ({
            invocationMessage: vscode.l10n.t('Writing to Core Soul memory'),
            confirmationMessages: {
              title: vscode.l10n.t('Write to Core Soul memory?'),
              message: new vscode.MarkdownString(quoted((input as { text?: unknown })?.text)),
            },
          }),
        ),
      ),
      vscode.lm.registerTool(
        'coresoul_memorySearch',
        tool(services, async (root, input) => (await (await calls()).memorySearch(openVault(root), input)).text, () => ({ invocationMessage: vscode.l10n.t('Searching Core Soul memory') })),
      ),
    ];
  };
  sync();
  context.subscriptions.push(
    services.memory.onDidChange(sync),
    { dispose: () => registered.forEach((d) => d.dispose()) },
    vscode.lm.registerTool(
      'coresoul_personaPropose',
      tool(
        services,
        async (root, input, token) => {
          const judge = await modelJudgeFor(token);
          const { text, review } = await (await calls()).personaPropose(openVault(root), input, { ...caller(services, 'coresoul_personaPropose'), judge });
          if (review) void vscode.commands.executeCommand(REVIEW_COMMAND, review);
          return text;
        },
        (input) => {
          const p = input as { changes?: { section?: unknown }[]; trigger?: unknown; reason?: unknown } | undefined;
          const sections = Array.isArray(p?.changes) ? p.changes.map((c) => String(c?.section)).join(', ') : '?';
          return {
            invocationMessage: vscode.l10n.t('Checking a persona change against the soul'),
            confirmationMessages: {
              title: vscode.l10n.t('Propose a persona change?'),
              message: new vscode.MarkdownString(
                `${vscode.l10n.t('Sections: {0} · trigger: {1}. If the gate and the soul check pass, the change opens as a diff to Apply or Reject; nothing is written before Apply.', sections, String(p?.trigger))}\n\n${quoted(p?.reason)}`,
              ),
            },
          };
        },
      ),
    ),
  );
}

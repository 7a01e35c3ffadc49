/**
 * `@coresoul` in Copilot Chat: adapts VS Code's chat API to the vscode-free handler in
 * handler.model.ts (request.model becomes a ChatModel, the response stream a ChatOutput).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CoreSoulError } from '../../../core/shared/errors';
import { TOKENIZER, countTokens } from '../../../core/shared/tokens';
import { isDay } from '../../../core/shared/clock';
import { dayLocation } from '../../../core/vault/days';
import { findEntity } from '../../../core/vault/entities';
import { type Vault, openVault } from '../../../core/vault/layout';
import type { WriteResult } from '../../../core/memory/write';
import type { ChatModel, ChatOutput } from './handler.model';
import { wikiLinkWriter } from './wikiLinks.model';
import { signalOf } from '../../shared/cancellation';
import type { Services } from '../../shared/services';
import { languageModel } from '../../shared/languageModel';
import { REVIEW_COMMAND } from '../../shared/commands';

export const UNDO_COMMAND = 'coresoul.undoMemory';

export function register(context: vscode.ExtensionContext, services: Services): void {
  const participant = vscode.chat.createChatParticipant('coresoul.participant', async (request, _chat, stream, token) => {
    const root = services.root();
    if (!root) {
      stream.markdown(vscode.l10n.t('Open a folder first: Core Soul keeps its memory in the workspace.'));
      return;
    }
    let vault;
    try {
      vault = openVault(root);
    } catch (err) {
      stream.markdown(vscode.l10n.t('Core Soul: {0}', err instanceof CoreSoulError ? err.message : String(err)));
      stream.button({ command: 'coresoul.initialize', title: vscode.l10n.t('Initialize Core Soul') });
      return;
    }
    // [[links]] in the answer open the vault's notes; anything else the stream shows comes after what was written so far.
    const links = wikiLinkWriter((target) => noteUri(vault, target), (md) => stream.markdown(md));
    const then = <A extends unknown[]>(show: (...args: A) => void) => (...args: A) => (links.flush(), show(...args));
    const out: ChatOutput = {
      markdown: (text) => links.push(text),
      progress: then((text: string) => stream.progress(text)),
      reference: then((file: string, line: number) => stream.reference(new vscode.Location(vscode.Uri.file(path.join(root, file)), new vscode.Position(Math.max(0, line - 1), 0)))),
      undo: then((written: WriteResult[]) => stream.button({ command: UNDO_COMMAND, title: vscode.l10n.t('Undo'), arguments: [written] })),
      review: then((id: string) => {
        void vscode.commands.executeCommand(REVIEW_COMMAND, id);
        stream.button({ command: 'coresoul.persona.apply', title: vscode.l10n.t('Apply'), arguments: [id] });
        stream.button({ command: 'coresoul.persona.reject', title: vscode.l10n.t('Reject'), arguments: [id] });
      }),
      reveal: then((file: string) => stream.button({ command: 'revealInExplorer', title: vscode.l10n.t('Reveal in Explorer'), arguments: [vscode.Uri.file(path.join(root, file))] })),
    };
    // The handler and what it needs (context, search, persona, pack…) load with the first request, not at activation.
    const [{ handleChat }, { recallFrom }] = await Promise.all([import('./handler.model'), import('../../../core/context/recall')]);
    try {
      await handleChat(
      { command: request.command, prompt: request.prompt },
      {
        vault,
        clock: services.clock,
        tokens: { name: TOKENIZER, count: countTokens },
        memory: services.memory.enabled,
        recall: recallFrom(vault),
        model: chatModel(request.model, token),
        cliBundle: services.cliBundle,
        signal: signalOf(token),
        warn: (m) => void vscode.window.showWarningMessage(m),
      },
        out,
      );
      links.flush();
    } catch (err) {
      links.flush();
      // The model failed (quota, permission, blocked, offline): say so in the chat, do not throw.
      if (!(err instanceof ModelFailure)) throw err;
      const code = err.cause instanceof vscode.LanguageModelError ? err.cause.code : err.cause instanceof Error ? err.cause.name : 'unknown';
      stream.markdown(`\n\n${vscode.l10n.t('The language model failed: {0} ({1})', err.message, code)}`);
    }
  });
  participant.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'coresoul.svg');
  context.subscriptions.push(
    participant,
    vscode.commands.registerCommand('coresoul.undoMemory', async (written: WriteResult[]) => {
      const root = services.root();
      if (!root || !Array.isArray(written)) return;
      try {
        const vault = openVault(root);
        const [{ retractMemory }, { commitVault }] = await Promise.all([import('../../../core/memory/retract'), import('../../../core/vault/history')]);
        for (const w of [...written].reverse()) retractMemory(vault, w);
        await commitVault(vault, `memory: undo ${written.length} entr${written.length === 1 ? 'y' : 'ies'} from chat`);
        void vscode.window.showInformationMessage(vscode.l10n.t('Core Soul: removed {0} memory entries (kept in the vault history).', written.length));
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Core Soul: {0}', err instanceof Error ? err.message : String(err)));
      }
    }),
  );
}

/** The note a `[[target]]` opens: an entity note, or the file that holds a day. */
function noteUri(vault: Vault, target: string): string | undefined {
  const file = isDay(target) ? dayLocation(vault, target)?.file : findEntity(vault, target)?.file;
  return file && vscode.Uri.file(file).toString();
}

/** A failure of the language model itself (any error but "too large"), told apart from Core Soul's own. */
class ModelFailure extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** The chat's own model as the handler's port; its errors about size trigger the smaller context. */
function chatModel(model: vscode.LanguageModelChat, token: vscode.CancellationToken): ChatModel {
  const isTooLarge = (err: unknown) => err instanceof Error && /too (large|long)|context (length|window)|token limit|maximum.*tokens/i.test(err.message);
  const port = languageModel(model, token);
  const stream: ChatModel['stream'] = (prompt, onText, signal) =>
    port.stream(prompt, onText, signal).catch((err: unknown) => {
      throw isTooLarge(err) ? err : new ModelFailure(err);
    });
  return { ...port, stream, complete: (prompt, signal) => stream(prompt, () => {}, signal), isTooLarge };
}

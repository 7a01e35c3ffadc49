/**
 * A `vscode.lm` chat model as the core's `LanguageModel` port, for every feature that asks one:
 * the chat participant (streamed answers) and compression (summaries). A request stops when the
 * caller's cancellation token fires or the core's abort signal does.
 */
import * as vscode from 'vscode';
import type { ChatModel } from '../features/chat/handler.model';

/** Each request is the prompt as one user message; `stream` passes the reply's chunks on as they come. */
export function languageModel(chat: vscode.LanguageModelChat, token: vscode.CancellationToken, justification?: string): Omit<ChatModel, 'isTooLarge'> {
  const stream = async (prompt: string, onText: (chunk: string) => void, signal: AbortSignal) => {
    if (token.isCancellationRequested || signal.aborted) throw new vscode.CancellationError();
    const request = new vscode.CancellationTokenSource();
    const stop = () => request.cancel();
    const onCancel = token.onCancellationRequested(stop);
    signal.addEventListener('abort', stop);
    try {
      const response = await chat.sendRequest([vscode.LanguageModelChatMessage.User(prompt)], justification ? { justification } : {}, request.token);
      let text = '';
      for await (const chunk of response.text) {
        text += chunk;
        onText(chunk);
      }
      return text;
    } finally {
      signal.removeEventListener('abort', stop);
      onCancel.dispose();
      request.dispose();
    }
  };
  return {
    name: chat.name,
    maxPromptTokens: chat.maxInputTokens,
    countTokens: async (text) => chat.countTokens(text, token),
    stream,
    complete: (prompt, signal) => stream(prompt, () => {}, signal),
  };
}

/**
 * A deterministic chat model for the end-to-end suite, loaded beside the extension under
 * development (never shipped: it lives under test/e2e/ and is bundled into the run's temporary
 * folder). It registers one model through `vscode.lm.registerLanguageModelChatProvider`, answers
 * with what the test scripted (text, a tool call, or an error), and records every prompt it
 * receives so that tests can assert what was in the context. Its `@fakeagent` participant runs
 * the tool calls the model asks for. Tests reach it through the extension's exports
 * (`fakeModel()` in host/chat.ts). Unscripted, it summarises a compression prompt as the core
 * asks (each hour's header, one bullet keeping its links). A workspace whose settings say
 * `"coresoulE2e.fakeModel.hold": true` gets a model that keeps every request waiting, until it is
 * cancelled or `release()` is called: a window's start-up cannot be scripted in time.
 */
import * as vscode from 'vscode';
import { FAKE_VENDOR } from './manifest';

/** One scripted answer. */
export type Reply = { text: string } | { error: string } | { toolCall: { name: string; input: object } };

export interface FakeModel {
  /** Queues answers for the next requests, in order; with none queued the model answers `DEFAULT_ANSWER`. */
  script(...replies: Reply[]): void;
  /** Every prompt received so far (each message's text parts, joined by blank lines), oldest first. */
  readonly prompts: readonly string[];
  /** The tools offered with each request, by name. */
  readonly tools: readonly string[][];
  /** Forgets the queue and what was recorded. */
  reset(): void;
  /** Lets held requests, and every later one, be answered. */
  release(): void;
}

const DEFAULT_ANSWER = 'Fake model: no answer was scripted.';
const HOUR_HEADER = /^=== \d{4}-\d{2}-\d{2} \d{2}:00$/;

/** A compression prompt's answer (see INSTRUCTIONS in src/core/compress/modelCompress.ts), or undefined for any other prompt. */
export function fakeSummary(prompt: string): string | undefined {
  const out: string[] = [];
  let links: string[] | undefined;
  const close = () => links && out.push(`- Fake summary: ${[...new Set(links)].join(' ') || 'no links'}`);
  for (const line of prompt.split('\n')) {
    if (HOUR_HEADER.test(line)) {
      close();
      out.push(line);
      links = [];
    } else links?.push(...(line.match(/\[\[[^\]]+\]\]/g) ?? []));
  }
  close();
  return out.length ? out.join('\n') : undefined;
}

// The provider API is newer than the @types/vscode this project builds against (1.101), so the
// little of it used here is declared here.
interface ChatInformation {
  id: string;
  name: string;
  family: string;
  version: string;
  maxInputTokens: number;
  maxOutputTokens: number;
  capabilities: { toolCalling?: boolean };
}
interface Provider {
  provideLanguageModelChatInformation(options: unknown, token: vscode.CancellationToken): ChatInformation[];
  provideLanguageModelChatResponse(
    model: ChatInformation,
    messages: readonly { content: readonly unknown[] }[],
    options: { tools?: readonly { name: string }[] },
    progress: { report(part: unknown): void },
    token: vscode.CancellationToken,
  ): Promise<void>;
  provideTokenCount(model: ChatInformation, text: string | { content: readonly unknown[] }, token: vscode.CancellationToken): Promise<number>;
}
type Lm = typeof vscode.lm & { registerLanguageModelChatProvider(vendor: string, provider: Provider): vscode.Disposable };

const textOf = (content: readonly unknown[]) =>
  content
    .map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : p instanceof vscode.LanguageModelToolResultPart ? p.content.map((c) => (c as { value?: string }).value ?? '').join('') : ''))
    .join('');

export function activate(context: vscode.ExtensionContext): FakeModel {
  let queue: Reply[] = [];
  let held = vscode.workspace.getConfiguration('coresoulE2e.fakeModel').get<boolean>('hold') === true;
  const waiting = new Set<() => void>();
  const prompts: string[] = [];
  const tools: string[][] = [];
  let calls = 0;
  const provider: Provider = {
    provideLanguageModelChatInformation: () => [
      { id: 'fake', name: 'Fake Model', family: 'fake', version: '1', maxInputTokens: 100_000, maxOutputTokens: 4_000, capabilities: { toolCalling: true } },
    ],
    async provideLanguageModelChatResponse(_model, messages, options, progress, token) {
      const prompt = messages.map((m) => textOf(m.content)).join('\n\n');
      prompts.push(prompt);
      tools.push((options.tools ?? []).map((t) => t.name));
      while (held) {
        if (token.isCancellationRequested) throw new vscode.CancellationError();
        await new Promise<void>((resolve) => {
          const done = () => (waiting.delete(done), cancel.dispose(), resolve());
          const cancel = token.onCancellationRequested(done);
          waiting.add(done);
        });
      }
      const reply = queue.shift() ?? { text: fakeSummary(prompt) ?? DEFAULT_ANSWER };
      if ('error' in reply) throw new Error(reply.error);
      if ('toolCall' in reply) progress.report(new vscode.LanguageModelToolCallPart(`call-${++calls}`, reply.toolCall.name, reply.toolCall.input));
      else progress.report(new vscode.LanguageModelTextPart(reply.text));
    },
    provideTokenCount: async (_model, text) => Math.ceil((typeof text === 'string' ? text : textOf(text.content)).length / 4),
  };
  context.subscriptions.push(
    (vscode.lm as Lm).registerLanguageModelChatProvider(FAKE_VENDOR, provider),
    // One round of an agent: the model's tool calls are invoked with the request's token, so VS Code
    // asks the person in the chat whenever a tool wants confirmation; the results are shown.
    vscode.chat.createChatParticipant('coresoul-e2e.agent', async (request, _context, stream, token) => {
      // Core Soul's tools: the extension's own and those of its MCP server.
      const tools = vscode.lm.tools.filter((t) => /^(mcp_)?coresoul_/.test(t.name));
      const response = await request.model.sendRequest([vscode.LanguageModelChatMessage.User(request.prompt)], { tools }, token);
      for await (const part of response.stream) {
        if (part instanceof vscode.LanguageModelTextPart) stream.markdown(part.value);
        if (!(part instanceof vscode.LanguageModelToolCallPart)) continue;
        const result = await vscode.lm.invokeTool(part.name, { input: part.input, toolInvocationToken: request.toolInvocationToken }, token);
        stream.markdown(`\n\n${part.name}: ${textOf(result.content)}`);
      }
    }),
  );
  return {
    script: (...replies) => void queue.push(...replies),
    prompts,
    tools,
    reset() {
      queue = [];
      prompts.length = 0;
      tools.length = 0;
    },
    release() {
      held = false;
      for (const done of [...waiting]) done();
    },
  };
}

/**
 * The front door of `coresoul mcp` on stdio (docs/agents.md#mcp). The SDK's StdioServerTransport
 * reads newline-delimited JSON-RPC through its ReadBuffer, and on its own it drops a line it
 * cannot parse without an answer, closes the connection — so the server exits — on a message
 * over its 10 MiB buffer, and runs any request that comes before `initialize`. This stream stands
 * between stdin and that transport, checks each line with the SDK's own schemas, and answers
 * what the transport must not see, through the transport's own `send`:
 *
 * - a line that is not JSON: −32700 (Parse error), id null;
 * - JSON that is not one JSON-RPC 2.0 message (a batch included: MCP has none): −32600
 *   (Invalid Request), with the message's id when it has one, else null;
 * - a line over MAX_MESSAGE_BYTES: −32600 naming the limit; its bytes are dropped as they
 *   come, never buffered;
 * - a request other than `initialize` or `ping` before a valid `initialize`: −32600, not run.
 *
 * Every other line goes on to the SDK's transport as it came, and the server keeps serving.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema, isInitializeRequest, isJSONRPCRequest } from './sdkLib';

/** The largest JSON-RPC message (one line) the server reads; `memory_write` takes at most 64 KiB of text. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

type Id = string | number | null;
/** An error answer; `id` is null when the message's id cannot be told (JSON-RPC 2.0 §5). */
export type Refusal = { jsonrpc: '2.0'; id: Id; error: { code: number; message: string } };

export class StdioGuard extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  /** The current line went over the limit: its bytes are dropped up to its end. */
  private dropping = false;
  private initialized = false;

  /** `refuse` sends an error answer to the client; `limit` is the largest line in bytes. */
  constructor(
    private readonly refuse: (answer: Refusal) => void,
    private readonly limit = MAX_MESSAGE_BYTES,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.collect(chunk.subarray(start, nl));
      this.endOfLine();
      start = nl + 1;
    }
    this.collect(chunk.subarray(start));
    done();
  }

  private collect(part: Buffer): void {
    if (this.dropping || !part.length) return;
    if (this.size + part.length > this.limit) {
      [this.parts, this.size, this.dropping] = [[], 0, true];
      return;
    }
    this.parts.push(part);
    this.size += part.length;
  }

  private endOfLine(): void {
    if (this.dropping) {
      this.dropping = false;
      return this.refuse(refusal(null, ErrorCode.InvalidRequest, `Invalid Request: message larger than ${this.limit / 1024 / 1024} MiB, the most coresoul mcp reads`));
    }
    const line = Buffer.concat(this.parts, this.size).toString('utf8').replace(/\r$/, '');
    [this.parts, this.size] = [[], 0];
    if (!line.trim()) return;
    const answer = this.check(line);
    if (answer) this.refuse(answer);
    else this.push(`${line}\n`);
  }

  /** Why a line may not reach the server, or undefined when it may. */
  private check(line: string): Refusal | undefined {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return refusal(null, ErrorCode.ParseError, 'Parse error: the line is not JSON');
    }
    if (!JSONRPCMessageSchema.safeParse(message).success) {
      const why = Array.isArray(message) ? 'batches are not supported' : 'not a JSON-RPC 2.0 request, notification or response';
      return refusal(idOf(message), ErrorCode.InvalidRequest, `Invalid Request: ${why}`);
    }
    if (this.initialized || !isJSONRPCRequest(message)) return undefined;
    if (isInitializeRequest(message)) this.initialized = true;
    else if (message.method !== 'ping') return refusal(message.id, ErrorCode.InvalidRequest, `Invalid Request: ${message.method} before initialize; send initialize first`);
    return undefined;
  }
}

const refusal = (id: Id, code: number, message: string): Refusal => ({ jsonrpc: '2.0', id, error: { code, message } });

function idOf(message: unknown): Id {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/** A refusal as the SDK's `send` takes it (its type has no `id: null`, which JSON-RPC requires here). */
export const asMessage = (answer: Refusal) => answer as unknown as JSONRPCMessage;

/**
 * A minimal LSP client for tests: starts the BUILT `dist/server.js --stdio` (npm test builds
 * it first) and speaks the protocol to it, as an editor would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CancellationTokenSource,
  type Diagnostic,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  type FileChangeType,
  InitializeRequest,
  InitializedNotification,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  createProtocolConnection,
} from 'vscode-languageserver/node';
import { REPO } from '../support/helpers';

export const SERVER = path.join(REPO, 'dist/server.js');
export const uri = (file: string) => pathToFileURL(file).href;

export interface Lsp {
  connection: ProtocolConnection;
  request<R>(method: string, params: unknown): Promise<R>;
  /** Sends the request with a token cancelled before the server can start on it. */
  requestCancelled(method: string, params: unknown): Promise<unknown>;
  /** Opens a file as an editor does, with its text on disk unless given; returns its URI. */
  open(file: string, text?: string): string;
  /** Replaces an open document's text (a full-text change, as after a paste). */
  change(file: string, text: string): void;
  close(file: string): void;
  fileChanged(file: string, type: FileChangeType): void;
  configure(include: string[]): void;
  /** Resolves with the next diagnostics for `file` that satisfy `test` (or the latest, if they already do). */
  diagnostics(file: string, test?: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]>;
  stop(): Promise<void>;
}

/** Starts a server on `root`; call `stop()` in an `after` hook of the suite. */
export async function startServer(root: string, opts: { now?: string; include?: string[] } = {}): Promise<Lsp> {
  assertBuilt();
  const proc: ChildProcess = spawn(process.execPath, [SERVER, '--stdio'], {
    env: { ...process.env, CORESOUL_NOW: opts.now ?? '2026-03-10T12:00:00' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const connection = createProtocolConnection(proc.stdout!, proc.stdin!);
  const latest = new Map<string, Diagnostic[]>();
  const waiting: { uri: string; test: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, ({ uri, diagnostics }) => {
    latest.set(uri, diagnostics);
    for (const w of [...waiting]) {
      if (w.uri === uri && w.test(diagnostics)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(diagnostics);
      }
    }
  });
  connection.listen();
  await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: uri(root),
    workspaceFolders: [{ uri: uri(root), name: 'fixture' }],
    capabilities: { workspace: { workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] } } },
    initializationOptions: { include: opts.include ?? [] },
  });
  await connection.sendNotification(InitializedNotification.type, {});

  const versions = new Map<string, number>();
  const lsp: Lsp = {
    connection,
    request: (method, params) => connection.sendRequest(method, params),
    requestCancelled(method, params) {
      const source = new CancellationTokenSource();
      source.cancel();
      return connection.sendRequest(method, params, source.token).then(
        () => 'answered',
        (err) => err,
      );
    },
    open(file, text) {
      versions.set(file, 1);
      void connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri: uri(file), languageId: 'markdown', version: 1, text: text ?? fs.readFileSync(file, 'utf8') },
      });
      return uri(file);
    },
    change(file, text) {
      const version = (versions.get(file) ?? 1) + 1;
      versions.set(file, version);
      void connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: uri(file), version }, contentChanges: [{ text }] });
    },
    close(file) {
      versions.delete(file);
      void connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: uri(file) } });
    },
    fileChanged(file, type) {
      void connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri(file), type }] });
    },
    configure(include) {
      void connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { coresoul: { links: { include } } } });
    },
    diagnostics(file, test = () => true) {
      const u = uri(file);
      const now = latest.get(u);
      if (now && test(now)) return Promise.resolve(now);
      return new Promise((resolve) => waiting.push({ uri: u, test, resolve }));
    },
    async stop() {
      await connection.sendRequest('shutdown').catch(() => undefined);
      void connection.sendNotification('exit');
      await new Promise((resolve) => (proc.exitCode !== null ? resolve(null) : proc.once('exit', resolve)));
      connection.dispose();
    },
  };
  return lsp;
}

function assertBuilt(): void {
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
}

/**
 * The language server for `[[links]]` in the vault (started by the extension over IPC, or with
 * `--stdio`). It wires LSP requests to the feature modules over one Session: the link index of
 * the first workspace folder. Every request waits for the index, honours cancellation and
 * indexes pending edits first.
 */
import {
  type CancellationToken,
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type InitializeParams,
  ProposedFeatures,
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import * as z from 'zod/mini';
import { fixedClock, systemClock } from '../core/shared/clock';
import { complete, resolveItem } from './completion';
import { diagnose, quickFixes } from './diagnostics';
import { definition, documentBacklinks, documentLinks, hover, references, workspaceSymbols } from './navigation';
import { BACKLINKS_METHOD, type BacklinksParams, type BacklinksResult, REINDEX_METHOD, type ReindexResult } from './protocol';
import { prepareRename, rename } from './rename';
import { Session, toFile } from './session';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
let session: Session | undefined;
let canRenameFiles = false;
let canCreateFiles = false;
let canWatchFiles = false;

const Include = z.optional(z.array(z.string()));
/** `include` from initializationOptions `{include}` or settings `{coresoul: {links: {include}}}`; invalid → default. */
function includeFrom(raw: unknown): string[] {
  const parsed = Include.safeParse(raw);
  if (!parsed.success) connection.console.warn('coresoul.links.include must be a list of globs; using the default scope');
  return (parsed.success && parsed.data) || [];
}

connection.onInitialize((params: InitializeParams) => {
  const rootUri = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
  const root = rootUri ? toFile(rootUri) : undefined;
  const clock = process.env.CORESOUL_NOW ? fixedClock(process.env.CORESOUL_NOW) : systemClock;
  if (root) session = new Session(root, includeFrom((params.initializationOptions as { include?: unknown } | undefined)?.include), clock, (m) => connection.console.log(m));
  const ops = params.capabilities.workspace?.workspaceEdit;
  canRenameFiles = !!ops?.documentChanges && !!ops.resourceOperations?.includes('rename');
  canCreateFiles = !!ops?.documentChanges && !!ops.resourceOperations?.includes('create');
  canWatchFiles = !!params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      completionProvider: { triggerCharacters: ['['], resolveProvider: true },
      definitionProvider: true,
      referencesProvider: true,
      hoverProvider: true,
      documentLinkProvider: { resolveProvider: false },
      renameProvider: { prepareProvider: true },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      workspaceSymbolProvider: true,
    },
    serverInfo: { name: 'Core Soul links', version: VERSION },
  };
});

connection.onInitialized(() => {
  if (!session) return;
  void session.rebuild().then(scheduleDiagnostics);
  session.index.onDidChange(scheduleDiagnostics);
  if (canWatchFiles) {
    connection.client
      .register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.md' }, { globPattern: '**/.CoreSoul' }, { globPattern: '**/.CoreSoul/**' }],
      })
      .catch((err) => connection.console.warn(`cannot watch files, edits made outside the editor are seen after a reindex: ${err?.message ?? err}`));
  }
});

connection.onDidChangeConfiguration((params) => {
  const settings = params.settings as { coresoul?: { links?: { include?: unknown } } } | undefined;
  if (session && settings?.coresoul?.links) void session.rebuild(includeFrom(settings.coresoul.links.include));
});

connection.onDidChangeWatchedFiles(({ changes }) => {
  for (const c of changes) session?.fileEvent(c.uri, c.type === FileChangeType.Deleted);
});

documents.onDidOpen(({ document }) => {
  session?.opened(document);
  scheduleDiagnostics();
});
documents.onDidChangeContent(({ document }) => {
  session?.changed(document);
  scheduleDiagnostics();
});
documents.onDidClose(({ document }) => {
  session?.closed(document);
  if (published.delete(document.uri)) void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
});

// ---- diagnostics: pushed for open documents, a moment after the last change ----------------

const DIAGNOSTICS_DELAY_MS = 100;
const published = new Set<string>();
let timer: NodeJS.Timeout | undefined;
let publishing = false;

function scheduleDiagnostics(): void {
  if (publishing) return; // our own flush of pending edits, not a new change
  clearTimeout(timer);
  timer = setTimeout(() => void publishDiagnostics(), DIAGNOSTICS_DELAY_MS);
}

async function publishDiagnostics(): Promise<void> {
  if (!session) return;
  await session.whenBuilt();
  publishing = true;
  try {
    session.flush();
    const served = new Set<string>();
    for (const { doc } of session.openDocuments()) {
      served.add(doc.uri);
      published.add(doc.uri);
      void connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: diagnose(session, doc.getText()) });
    }
    for (const uri of published) {
      if (served.has(uri)) continue;
      published.delete(uri);
      void connection.sendDiagnostics({ uri, diagnostics: [] }); // no longer served after a settings change
    }
  } finally {
    publishing = false;
  }
}

// ---- requests ------------------------------------------------------------------------------

/** Serves a request about a served open document; any other document gets null. */
function onDocument<T>(uri: string, token: CancellationToken, fn: (s: Session, file: string, doc: TextDocument, signal: AbortSignal) => T | Promise<T>): Promise<T> | null {
  const s = session;
  const d = s?.document(uri);
  return s && d ? s.serve(token, (signal) => fn(s, d.file, d.doc, signal)) : null;
}

connection.onCompletion(({ textDocument, position }, token) => onDocument(textDocument.uri, token, (s, _f, doc) => complete(s, doc, position)));
connection.onCompletionResolve((item, token) => (session ? session.serve(token, () => resolveItem(session!, item)) : item));
connection.onDefinition(({ textDocument, position }, token) => onDocument(textDocument.uri, token, (s, _f, doc) => definition(s, doc, position)));
connection.onReferences(({ textDocument, position, context }, token) =>
  onDocument(textDocument.uri, token, (s, file, doc, signal) => references(s, file, doc, position, context.includeDeclaration, signal)),
);
connection.onHover(({ textDocument, position }, token) => onDocument(textDocument.uri, token, (s, _f, doc) => hover(s, doc, position)));
connection.onDocumentLinks(({ textDocument }, token) => onDocument(textDocument.uri, token, (s, _f, doc, signal) => documentLinks(s, doc, signal)));
connection.onPrepareRename(({ textDocument, position }, token) => onDocument(textDocument.uri, token, (s, file, doc) => prepareRename(s, file, doc, position)));
connection.onRenameRequest(({ textDocument, position, newName }, token) =>
  onDocument(textDocument.uri, token, (s, file, doc, signal) => rename(s, file, doc, position, newName, canRenameFiles, signal)),
);
connection.onCodeAction(({ textDocument, context }, token) => onDocument(textDocument.uri, token, (s) => quickFixes(s, context.diagnostics, canCreateFiles)));
connection.onWorkspaceSymbol(({ query }, token) => (session ? session.serve(token, (signal) => workspaceSymbols(session!, query, signal)) : []));

connection.onRequest(REINDEX_METHOD, async (): Promise<ReindexResult> => {
  if (!session) return { files: 0 };
  await session.rebuild();
  return { files: [...session.index.files()].length };
});

connection.onRequest(BACKLINKS_METHOD, (params: BacklinksParams, token): Promise<BacklinksResult> | BacklinksResult => {
  const file = toFile(params.uri);
  if (!session || !session.serves(file)) return { targets: [], links: [] };
  return session.serve(token, (signal) => documentBacklinks(session!, file, signal));
});

documents.listen(connection);
connection.listen();

declare const VERSION: string;

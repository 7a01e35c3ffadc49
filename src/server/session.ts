/**
 * The server's state for one workspace root: which files are served, the link index over them
 * (reading an editor's unsaved text before the disk), and the open documents whose edits are
 * indexed lazily — once before the next request, not on every keystroke.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type CancellationToken, LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { type Clock, localDay } from '../core/shared/clock';
import { Cancelled, LinkIndex, type LinkWorkspace } from '../core/links/linkIndex';
import { type LinkScope, diskWorkspace, linkScope } from '../core/links/linkScope';
import { type Vault, vaultAt } from '../core/vault/layout';

export const toUri = (file: string) => pathToFileURL(file).href;

export function toFile(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** A line of a document without its line break. */
export function lineText(doc: TextDocument, line: number): string {
  return doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, '');
}

export const cancelled = () => new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');

export class Session {
  readonly vault: Vault;
  readonly index: LinkIndex;
  private readonly workspace: LinkWorkspace;
  private scope: LinkScope;
  private built: Promise<void> = Promise.resolve();
  /** Re-reads after file events and closes, in order; requests wait for them. */
  private updates: Promise<void> = Promise.resolve();
  /** Open documents by file path (their URIs may be spelt differently from ours). */
  private readonly open = new Map<string, TextDocument>();
  private readonly dirty = new Set<string>();

  constructor(
    root: string,
    include: string[],
    readonly clock: Clock,
    private readonly log: (message: string) => void,
  ) {
    this.vault = vaultAt(root);
    this.scope = linkScope(root, include);
    // The scope is looked up on every call, so a settings change needs no new index.
    // Open documents are listed too: a note being written may not be on disk yet.
    const list = async () => [...new Set([...(await this.scope.list()), ...this.openDocuments().map((d) => d.file)])];
    this.workspace = diskWorkspace({ root: this.vault.root, includes: (f) => this.serves(f), list }, (f) => this.open.get(f)?.getText());
    this.index = new LinkIndex(this.vault, this.workspace);
  }

  today(): string {
    return localDay(this.clock.now());
  }

  /** Rebuilds the index (at start, on a settings change, on request); requests wait for it. */
  rebuild(include?: string[]): Promise<void> {
    if (include) this.scope = linkScope(this.vault.root, include);
    const started = Date.now();
    const build = this.index.build().then(
      ({ files }) => this.log(`indexed ${files} files in ${Date.now() - started} ms`),
      (err) => {
        if (!(err instanceof Cancelled)) this.log(`indexing failed: ${(err as Error)?.message ?? err}`);
      },
    );
    this.built = build;
    return build;
  }

  /** Resolves when the current (re)build of the index has finished. */
  whenBuilt(): Promise<void> {
    return Promise.all([this.built, this.updates]).then(() => undefined);
  }

  /**
   * Waits for the index, lets a cancellation already on its way arrive, indexes pending edits,
   * then runs `fn`. A cancelled request answers RequestCancelled, as LSP asks.
   */
  async serve<T>(token: CancellationToken, fn: (signal: AbortSignal) => T | Promise<T>): Promise<T> {
    // The core cancels by AbortSignal: the request's token becomes one here, once.
    const abort = new AbortController();
    const listening = token.onCancellationRequested(() => abort.abort());
    try {
      await Promise.race([this.whenBuilt(), new Promise<void>((resolve) => abort.signal.addEventListener('abort', () => resolve()))]);
      await new Promise((resolve) => setImmediate(resolve));
      if (token.isCancellationRequested) throw cancelled();
      this.flush();
      return await fn(abort.signal);
    } catch (err) {
      throw err instanceof Cancelled ? cancelled() : err;
    } finally {
      listening.dispose();
    }
  }

  serves(file: string | undefined): file is string {
    return file !== undefined && this.scope.includes(file);
  }

  /** The open document at `uri` when it is served. */
  document(uri: string): { file: string; doc: TextDocument } | undefined {
    const file = toFile(uri);
    const doc = file === undefined ? undefined : this.open.get(file);
    return doc && this.serves(file) ? { file, doc } : undefined;
  }

  openDocuments(): { file: string; doc: TextDocument }[] {
    return [...this.open].filter(([file]) => this.serves(file)).map(([file, doc]) => ({ file, doc }));
  }

  /** The version of an open document (for edits), or null for a file on disk. */
  versionOf(file: string): number | null {
    return this.open.get(file)?.version ?? null;
  }

  /** A file's current text: the editor's, else the disk's. */
  text(file: string): Promise<string | undefined> {
    return this.workspace.readFile(file);
  }

  // ---- document and file events ----------------------------------------------------------

  opened(doc: TextDocument): void {
    const file = toFile(doc.uri);
    if (file === undefined) return;
    this.open.set(file, doc);
    if (this.serves(file)) this.index.setText(file, doc.getText());
  }

  changed(doc: TextDocument): void {
    const file = toFile(doc.uri);
    if (file !== undefined && this.open.has(file)) this.dirty.add(file);
  }

  /** A closed document is indexed from the disk again (its unsaved edits are gone). */
  closed(doc: TextDocument): void {
    const file = toFile(doc.uri);
    if (file === undefined) return;
    this.open.delete(file);
    this.dirty.delete(file);
    if (this.serves(file)) this.queue(() => this.index.refresh(file));
  }

  /** A watched file or folder was created, changed or deleted on disk. */
  fileEvent(uri: string, deleted: boolean): void {
    this.queue(() => this.applyFileEvent(uri, deleted));
  }

  private queue(update: () => Promise<void> | void): void {
    this.updates = this.updates.then(update).catch((err) => this.log(`update failed: ${(err as Error)?.message ?? err}`));
  }

  private async applyFileEvent(uri: string, deleted: boolean): Promise<void> {
    const file = toFile(uri);
    if (file === undefined || this.open.has(file)) return; // an open document's text wins
    if (deleted) return this.index.remove(file);
    const st = await fs.promises.stat(file).catch(() => undefined);
    if (st?.isDirectory()) {
      for (const f of await this.scope.list()) if (f.startsWith(file + path.sep) && !this.open.has(f)) await this.index.refresh(f);
    } else if (this.serves(file)) await this.index.refresh(file);
  }

  /** Indexes the edits of open documents made since the last request. */
  flush(): void {
    for (const file of this.dirty) {
      const doc = this.open.get(file);
      if (doc && this.serves(file)) this.index.setText(file, doc.getText());
    }
    this.dirty.clear();
  }
}

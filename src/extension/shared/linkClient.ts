/**
 * The running `[[link]]` language client, for views that ask it (the sidebar's Backlinks) so
 * they need no second index. features/languageClient starts it and sets it here.
 */
import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { BACKLINKS_METHOD, type BacklinksResult } from '../../server/protocol';

let current: LanguageClient | undefined;

/** Called by the feature that starts the client: the new client, or undefined once it stops. */
export function setLinkClient(client: LanguageClient | undefined): void {
  current = client;
}

/** The client now set, so a stopping client clears only itself. */
export const linkClient = () => current;

/**
 * The backlinks of a document (an entity note, a daily file, a monthly file's days) with each
 * linking line's text; undefined while the server is not running.
 */
export function backlinks(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<BacklinksResult> | undefined {
  return current?.isRunning() ? current.sendRequest<BacklinksResult>(BACKLINKS_METHOD, { uri: uri.toString() }, token) : undefined;
}

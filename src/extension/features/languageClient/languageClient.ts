/**
 * Starts the `[[link]]` language server (dist/server.js, over IPC) for Markdown files and keeps
 * its `coresoul.links.include` setting in sync. Activation does not wait for the server: the
 * client library (the largest part of the bundle) is loaded and the server started only once
 * activation has returned, and the server indexes the vault in the background. The palette's
 * "Rebuild Link Index" is registered at once and says "starting…" until the server is up, never
 * "command not found".
 */
import * as vscode from 'vscode';
import type { LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import { INCLUDE_SETTING, type LinkSettings, REINDEX_METHOD, type ReindexResult } from '../../../server/protocol';
import { linkClient, setLinkClient } from '../../shared/linkClient';
import type { Services } from '../../shared/services';

export function register(context: vscode.ExtensionContext, _services: Services): void {
  let client: LanguageClient | undefined;
  let failed: string | undefined;
  let disposed = false;
  const start = async () => {
    // Required only now, after activation: the build keeps the library in a file of its own (esbuild.mjs).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy load above
    const { LanguageClient, TransportKind } = require('vscode-languageclient/node') as typeof import('vscode-languageclient/node');
    if (disposed) return;
    const module = context.asAbsolutePath('dist/server.js');
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc },
      debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6012'] } },
    };
    const settings: LinkSettings = { include: vscode.workspace.getConfiguration().get<string[]>(INCLUDE_SETTING, []) };
    const clientOptions: LanguageClientOptions = {
      // The server decides which of these it serves (.CoreSoul/, AGENTS.md, the include globs).
      documentSelector: [{ scheme: 'file', language: 'markdown' }],
      synchronize: { configurationSection: 'coresoul.links' },
      initializationOptions: settings,
    };
    client = new LanguageClient('coresoul.links', vscode.l10n.t('Core Soul links'), serverOptions, clientOptions);
    setLinkClient(client);
    await client.start();
  };
  const starting = setTimeout(
    () =>
      start().catch((err: unknown) => {
        failed = String((err as Error)?.message ?? err);
        void vscode.window.showErrorMessage(vscode.l10n.t('Core Soul: the link server did not start: {0}', failed));
      }),
    0,
  );

  context.subscriptions.push(
    {
      dispose: () => {
        disposed = true;
        clearTimeout(starting);
        if (linkClient() === client) setLinkClient(undefined);
        return client?.dispose();
      },
    },
    vscode.commands.registerCommand('coresoul.links.reindex', async () => {
      if (!client?.isRunning()) {
        const why = failed ? vscode.l10n.t('Core Soul: the link server did not start: {0}', failed) : vscode.l10n.t('Core Soul: the link server is starting…');
        void vscode.window.showInformationMessage(why);
        return;
      }
      const { files } = await client.sendRequest<ReindexResult>(REINDEX_METHOD);
      void vscode.window.showInformationMessage(vscode.l10n.t('Core Soul: {0} files indexed for [[links]].', files));
    }),
  );
}

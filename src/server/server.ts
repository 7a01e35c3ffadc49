/**
 * Language server for `[[links]]` in the vault. This first version announces itself and
 * serves nothing yet; completion, definition, references and rename come with the link index.
 */
import { ProposedFeatures, TextDocumentSyncKind, createConnection } from 'vscode-languageserver/node';

const connection = createConnection(ProposedFeatures.all);

connection.onInitialize(() => ({
  capabilities: { textDocumentSync: TextDocumentSyncKind.None },
  serverInfo: { name: 'Core Soul links', version: VERSION },
}));

connection.listen();

declare const VERSION: string;

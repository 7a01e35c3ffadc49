import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { describe, it } from 'node:test';
import { IPCMessageReader, IPCMessageWriter, InitializeRequest, type InitializeResult, createProtocolConnection } from 'vscode-languageserver/node';
import { tempDir } from '../support/helpers';
import { SERVER, uri } from './lsp';

describe('language server transport', () => {
  it('starts over Node IPC, as the extension starts it, and announces its features', async () => {
    const child = fork(SERVER, ['--node-ipc'], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    connection.listen();
    try {
      const root = tempDir();
      const result: InitializeResult = await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: uri(root), capabilities: {}, workspaceFolders: null });
      assert.equal(result.serverInfo?.name, 'Core Soul links');
      assert.deepEqual(result.capabilities.completionProvider?.triggerCharacters, ['[']);
      assert.deepEqual(result.capabilities.renameProvider, { prepareProvider: true });
    } finally {
      connection.dispose();
      child.kill();
    }
  });
});

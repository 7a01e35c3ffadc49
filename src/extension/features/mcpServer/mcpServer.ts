/**
 * Core Soul's MCP server offered to every agent in VS Code (docs/agents.md#in-vs-code): the
 * bundled `coresoul mcp`, started by VS Code for this workspace's vault, so that agent sessions
 * that do not see the extension's Language Model tools still get the memory.
 *
 * One tool per job where both are visible: while VS Code may use MCP (`chat.mcp.access` is not
 * `none`), the memory tools come from this server and the LM tools `coresoul_memoryWrite` /
 * `coresoul_memorySearch` step back (context key `coresoul.mcpServed`, their `when` clause). The
 * persona proposal stays the LM tool, because it opens the proposal as a diff in the editor,
 * which a server process cannot; the server here leaves its own out (`--no-persona-tool`). A
 * workspace whose `.vscode/mcp.json` already starts `coresoul mcp` (`init --hosts vscode`) is
 * served by that entry, not twice.
 */
import * as vscode from 'vscode';
import { mcpFileHasServer } from '../../../core/init/hostConfig';
import type { Services } from '../../shared/services';

export const PROVIDER_ID = 'coresoul.mcp';
const MCP_SERVED = 'coresoul.mcpServed';

const mcpAllowed = () => {
  const chat = vscode.workspace.getConfiguration('chat');
  return chat.get('mcp.access') !== 'none' && chat.get('mcp.enabled') !== false;
};

export function register(context: vscode.ExtensionContext, services: Services): void {
  const changed = new vscode.EventEmitter<void>();
  const version = String(context.extension.packageJSON.version);
  const publish = () => vscode.commands.executeCommand('setContext', MCP_SERVED, mcpAllowed());

  const definitions = (): vscode.McpServerDefinition[] => {
    const root = services.root();
    const kind = services.vault.state.kind;
    if (!root || !mcpAllowed() || (kind !== 'ready' && kind !== 'damaged') || mcpFileHasServer(root, 'vscode')) return [];
    const memory = services.memory.enabled;
    const args = [services.cliBundle, 'mcp', '--root', root, '--no-persona-tool', ...(memory ? [] : ['--no-memory'])];
    // The extension host's own executable runs the CLI: Node here, Electron made to act as Node on the desktop.
    const server = new vscode.McpStdioServerDefinition('Core Soul', process.execPath, args, { ELECTRON_RUN_AS_NODE: '1' }, `${version}${memory ? '' : '-memory-off'}`);
    server.cwd = vscode.Uri.file(root);
    return [server];
  };

  void publish();
  const mcpJson = vscode.workspace.createFileSystemWatcher('**/.vscode/mcp.json');
  context.subscriptions.push(
    changed,
    mcpJson,
    ...[mcpJson.onDidCreate, mcpJson.onDidChange, mcpJson.onDidDelete].map((on) => on(() => changed.fire())),
    vscode.lm.registerMcpServerDefinitionProvider(PROVIDER_ID, { onDidChangeMcpServerDefinitions: changed.event, provideMcpServerDefinitions: definitions }),
    // A new version (the memory switch) makes VS Code restart the server with the new arguments.
    services.memory.onDidChange(() => changed.fire()),
    services.vault.onDidChangeState(() => changed.fire()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('chat.mcp')) return;
      void publish();
      changed.fire();
    }),
  );
}

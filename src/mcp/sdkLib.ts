/**
 * The parts of the MCP SDK the server uses, in one module. The CLI build ships it as source text
 * compiled only when `coresoul mcp` starts (esbuild.mjs, `lazyText`), so that other commands do
 * not pay for parsing it at every start.
 */
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
export { ErrorCode, JSONRPCMessageSchema, isInitializeRequest, isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
export type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The parts of the MCP SDK the server uses, in one module. The CLI build ships it as source text
 * compiled only when `coresoul mcp` starts (esbuild.mjs, `lazyText`), so that other commands do
 * not pay for parsing it at every start.
 */
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { ErrorCode, JSONRPCMessageSchema, ReadResourceRequestSchema, isInitializeRequest, isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
export type { CallToolResult, JSONRPCMessage, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';

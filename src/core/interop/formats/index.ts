/** Every format `import` reads: how it is recognised, what it should look like, and its reader. */
import type { ImportFormat, SourceRead } from '../plan';
import type { Source } from '../source';
import { looksLikeBasicMemory, readBasicMemory } from './basicMemory';
import { looksLikeClaudeCode, readClaudeCode } from './claudeCode';
import { looksLikeGeminiCli, readGeminiCli } from './geminiCli';
import { looksLikeMarkdownExport, readMarkdownFolder } from './markdownFolder';
import { MCP_MEMORY_FILE, looksLikeMcpMemory, readMcpMemory } from './mcpMemory';
import { looksLikeOpenClaw, readOpenClaw } from './openclaw';

export interface Reader {
  detect(src: Source): boolean;
  /** What a source of this format is, for the error when it is not one. */
  expected: string;
  read(src: Source): SourceRead;
}

const firstText = (src: Source, file: string) => {
  const r = src.read(file);
  return 'text' in r ? r.text : '';
};

export const READERS: Record<ImportFormat, Reader> = {
  'mcp-memory': {
    detect: (src) => (src.file ? looksLikeMcpMemory(firstText(src, src.file)) : src.has(MCP_MEMORY_FILE) && looksLikeMcpMemory(firstText(src, MCP_MEMORY_FILE))),
    expected: `an MCP memory file (JSON lines of {"type":"entity"…} and {"type":"relation"…}, or a folder with ${MCP_MEMORY_FILE})`,
    read: readMcpMemory,
  },
  openclaw: { detect: looksLikeOpenClaw, expected: 'an OpenClaw workspace (a folder with SOUL.md, USER.md or memory/YYYY-MM-DD.md)', read: readOpenClaw },
  'claude-code': {
    detect: looksLikeClaudeCode,
    expected: "Claude Code memory (CLAUDE.md, CLAUDE.local.md, or an auto memory folder with MEMORY.md)",
    read: readClaudeCode,
  },
  'gemini-cli': { detect: looksLikeGeminiCli, expected: 'Gemini CLI memory (GEMINI.md, or a folder with GEMINI.md or .gemini/GEMINI.md)', read: readGeminiCli },
  'basic-memory': { detect: looksLikeBasicMemory, expected: 'basic-memory notes (Markdown with permalink front matter or ## Observations)', read: readBasicMemory },
  markdown: { detect: looksLikeMarkdownExport, expected: 'a Core Soul Markdown export (a folder with days/ and entities/)', read: readMarkdownFolder },
};

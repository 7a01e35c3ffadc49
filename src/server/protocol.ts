/**
 * What the extension and the link server say to each other beyond standard LSP. Shared by
 * both sides (no vscode, no runtime imports), like vscode-eslint's protocol module.
 */

/** The setting that widens which Markdown files are served (globs relative to the workspace root). */
export const INCLUDE_SETTING = 'coresoul.links.include';

/** Sent as `initializationOptions` and read from `workspace/didChangeConfiguration`. */
export interface LinkSettings {
  include: string[];
}

/** Request: rebuild the whole index from disk. */
export const REINDEX_METHOD = 'coresoul/reindex';
export interface ReindexResult {
  files: number;
}

/** Request: the backlinks of a document (an entity note, a daily file, a monthly file's days). */
export const BACKLINKS_METHOD = 'coresoul/backlinks';
export interface BacklinksParams {
  uri: string;
}
export interface Backlink {
  uri: string;
  /** 0-based, UTF-16 columns of the whole `[[…]]`. */
  line: number;
  start: number;
  end: number;
  /** The linking line's text, trimmed. */
  text: string;
}
export interface BacklinksResult {
  /** What the document stands for: an entity name or days. */
  targets: string[];
  links: Backlink[];
}

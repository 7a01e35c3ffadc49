/**
 * Every `coresoul` subcommand by name, in the order `--help` lists them. A command's module, and
 * what it imports, is initialised only when that command is loaded (esbuild wraps what is
 * required lazily), so a `write` does not pay for the MCP server, pack or lint.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import type { Command } from '../command';

const LOADERS: Record<string, () => Command> = {
  init: () => (require('./init') as typeof import('./init')).init,
  write: () => (require('./write') as typeof import('./write')).write,
  search: () => (require('./search') as typeof import('./search')).search,
  read: () => (require('./read') as typeof import('./read')).read,
  recent: () => (require('./recent') as typeof import('./recent')).recent,
  entities: () => (require('./entities') as typeof import('./entities')).entities,
  correct: () => (require('./correct') as typeof import('./correct')).correct,
  forget: () => (require('./forget') as typeof import('./forget')).forget,
  archive: () => (require('./archive') as typeof import('./archive')).archive,
  compress: () => (require('./compress') as typeof import('./compress')).compress,
  status: () => (require('./status') as typeof import('./status')).status,
  context: () => (require('./context') as typeof import('./context')).context,
  persona: () => (require('./persona') as typeof import('./persona')).persona,
  profile: () => (require('./profile') as typeof import('./profile')).profile,
  scan: () => (require('./scan') as typeof import('./scan')).scan,
  lint: () => (require('./lint') as typeof import('./lint')).lint,
  pack: () => (require('./pack') as typeof import('./pack')).pack,
  restore: () => (require('./restore') as typeof import('./restore')).restore,
  import: () => (require('./import') as typeof import('./import')).importCommand,
  export: () => (require('./export') as typeof import('./export')).exportCommand,
  sync: () => (require('./sync') as typeof import('./sync')).sync,
  branches: () => (require('./branches') as typeof import('./branches')).branches,
  mcp: () => (require('./mcp') as typeof import('./mcp')).mcp,
  hook: () => (require('./hook') as typeof import('./hook')).hook,
  'serve-search': () => (require('./serveSearch') as typeof import('./serveSearch')).serveSearch,
  'merge-driver': () => (require('./mergeDriver') as typeof import('./mergeDriver')).mergeDriver,
};

export const COMMAND_NAMES = Object.keys(LOADERS);

/** The command called `name`, loaded; undefined for an unknown name. */
export const loadCommand = (name: string): Command | undefined => (Object.hasOwn(LOADERS, name) ? LOADERS[name]() : undefined);

/** Every command, loaded (for the general help). */
export const allCommands = (): Command[] => COMMAND_NAMES.map((n) => LOADERS[n]());

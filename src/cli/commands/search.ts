import { DEFAULT_MAX_TOKENS } from '../../core/search/search';
import { openVault } from '../../core/vault/layout';
import type { Command } from '../command';
import { SEARCH_OPTIONS, searchRequest } from '../searchClient';
import { markStale, searchReply } from '../searchAnswer';
import { searchWarm } from '../warmSearch';

export const search: Command = {
  name: 'search',
  usage: 'search <query> [--max-tokens N] [--limit N] [--page N] [--branch B] [--author <name|agent>] [--archived]',
  summary: `find the few memory lines that answer a query, cited by file, line and date (≤ ${DEFAULT_MAX_TOKENS} tokens)`,
  options: SEARCH_OPTIONS,
  describe: {
    'max-tokens': '<N> the answer\'s token budget (default 2000)',
    limit: '<N> at most this many snippets',
    page: '<N> the next page of a search that left matches out',
    branch: '<B> search the memory of project branch B (default: the branch checked out), even one deleted without being merged',
    author: '<name|agent> only what this person, agent or host (or origin, machine, "unknown") wrote',
    archived: 'search the archived memories too (memory/archive/, moved there by coresoul archive)',
  },
  examples: [
    'coresoul search "why PostgreSQL"',
    'coresoul search "timeout fix" --max-tokens 500 --json',
    'coresoul search "database" --author Alice',
  ],
  takesArguments: true,
  async run(ctx, args, opts) {
    const v = openVault(ctx.root);
    const req = searchRequest(v.root, args, opts);
    return searchReply(await markStale(await searchWarm(ctx.bundle, v, req), v.root), req, ctx.warn);
  },
};

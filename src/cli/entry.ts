/**
 * dist/cli.js starts here. A warm `coresoul search` — the call agents make most — is answered
 * by quickSearch.ts alone; every other call runs main.ts, which esbuild.mjs embeds as text
 * compiled on first use.
 */
import { quickSearch } from './quickSearch';

quickSearch(process.argv.slice(2), __filename).then((answered) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (!answered) require('./main');
});

/**
 * dist/cli.js starts here. A warm `coresoul search` — the call agents make most — is answered
 * by quickSearch.ts alone; every other call runs main.ts, which esbuild.mjs carries in a comment
 * at the end of the bundle, compiled on first use.
 */
import { quickSearch } from './quickSearch';

quickSearch(process.argv.slice(2), __filename).then((answered) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (!answered) require('./main');
});

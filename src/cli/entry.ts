/**
 * dist/cli.js starts here. `--version`, `--help`, and a warm `coresoul search` — the call agents
 * make most — are answered here (quickSearch.ts); every other call runs main.ts, which
 * esbuild.mjs carries in a comment at the end of the bundle, compiled on first use. A `sync`
 * starts fetching first (syncAhead.ts), while main.ts loads.
 */
import { helpTable } from './helpTable';

declare const VERSION: string;

const argv = process.argv.slice(2);
const helpFlag = (a: string | undefined) => a === '--help' || a === '-h';
// `--version` and a plain `--help` are answered before the rest of the CLI is even read as code.
/** The help text asked for by `coresoul --help` (`''`) or `coresoul <command> --help`, if there is one. */
const help = (name: string): string | undefined => {
  const texts: Record<string, string> = JSON.parse(helpTable());
  return Object.hasOwn(texts, name) ? texts[name] : undefined;
};
const answer =
  argv[0] === '--version' || argv[0] === '-v'
    ? VERSION
    : argv.length === 1 && (helpFlag(argv[0]) || argv[0] === 'help')
      ? help('')
      : argv.length === 2 && helpFlag(argv[1])
        ? help(argv[0])
        : undefined;
/* eslint-disable @typescript-eslint/no-require-imports */
if (answer !== undefined) process.stdout.write(`${answer}\n`);
// The quick path's modules (a socket client) are loaded only for a search; any other call goes straight to main.ts.
else if (argv[0] === 'search') {
  (require('./quickSearch') as typeof import('./quickSearch')).quickSearch(argv, __filename).then((answered) => {
    if (!answered) require('./main');
  });
} else {
  // A sync starts fetching before main.ts is loaded (syncAhead.ts).
  if (argv[0] === 'sync') (require('./syncAhead') as typeof import('./syncAhead')).syncAhead(argv.slice(1));
  require('./main');
}

/**
 * dist/cli.js starts here. `--version`, `--help`, and a warm `coresoul search` — the call agents
 * make most — are answered here (quickSearch.ts); every other call runs main.ts, which
 * esbuild.mjs carries in a comment at the end of the bundle, compiled on first use.
 */
declare const VERSION: string;
/** The help texts by command name (`''`: the general one), made by the build from help.ts. */
declare const HELP: Record<string, string>;

const argv = process.argv.slice(2);
const helpFlag = (a: string | undefined) => a === '--help' || a === '-h';
// `--version` and a plain `--help` are answered before the rest of the CLI is even read as code.
const answer =
  argv[0] === '--version' || argv[0] === '-v'
    ? VERSION
    : argv.length === 1 && (helpFlag(argv[0]) || argv[0] === 'help')
      ? HELP['']
      : argv.length === 2 && helpFlag(argv[1]) && Object.hasOwn(HELP, argv[0])
        ? HELP[argv[0]]
        : undefined;
if (answer !== undefined) process.stdout.write(`${answer}\n`);
// The quick path's modules are loaded only past that point.
// eslint-disable-next-line @typescript-eslint/no-require-imports
else (require('./quickSearch') as typeof import('./quickSearch')).quickSearch(argv, __filename).then((answered) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (!answered) require('./main');
});

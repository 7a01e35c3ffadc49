/**
 * dist/cli.js starts here. `--version`, and a warm `coresoul search` — the call agents make
 * most — are answered here (quickSearch.ts); every other call runs main.ts, which esbuild.mjs carries in a comment
 * at the end of the bundle, compiled on first use.
 */
declare const VERSION: string;

const argv = process.argv.slice(2);
// `--version` is answered here, before the rest of the CLI is even read as code.
if (argv[0] === '--version' || argv[0] === '-v') process.stdout.write(`${VERSION}\n`);
// The quick path's modules are loaded only past that point.
// eslint-disable-next-line @typescript-eslint/no-require-imports
else (require('./quickSearch') as typeof import('./quickSearch')).quickSearch(argv, __filename).then((answered) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (!answered) require('./main');
});

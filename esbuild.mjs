// Bundles the three entry points: the VS Code extension, the language server and the CLI.
// Each is one self-contained CommonJS file in dist/ (only `vscode` stays external).
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const watch = process.argv.includes('--watch');

// gpt-tokenizer's rank table is a 1 MB array literal: V8 must scan all of it whenever the bundle
// loads, which cost every CLI call ~45 ms even though only `search` uses it. As one JSON string
// it is skipped almost for free and parsed only when a search first counts tokens.
const rankTableAsJson = {
  name: 'rank-table-as-json',
  setup(build) {
    build.onLoad({ filter: /gpt-tokenizer[\\/](cjs|esm)[\\/]bpeRanks[\\/][a-z0-9_]+\.js$/ }, (args) => {
      const ranks = createRequire(import.meta.url)(args.path.replace(/[\\/]esm[\\/]/, '/cjs/')).default;
      return { contents: `exports.default = JSON.parse(${JSON.stringify(JSON.stringify(ranks))});`, loader: 'js' };
    });
  },
};

const common = {
  plugins: [rankTableAsJson],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  minify: true,
  keepNames: true,
  legalComments: 'linked',
  define: { VERSION: JSON.stringify(version) },
  logLevel: 'warning',
};

const builds = [
  { ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { ...common, entryPoints: ['src/server/server.ts'], outfile: 'dist/server.js' },
  { ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
];

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}

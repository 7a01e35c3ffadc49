// Bundles the three entry points: the VS Code extension, the language server and the CLI.
// Each is one self-contained CommonJS file in dist/ (only `vscode` stays external).
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const watch = process.argv.includes('--watch');

// gpt-tokenizer's rank table is a 1 MB array literal that V8 would scan on every CLI start,
// though only `search` counts tokens. The CLI keeps it as JSON in a comment at the end of the
// bundle, which the parser skips, and reads it back from its own file on the first count.
const RANKS_MARK = '/*coresoul-cl100k-ranks:';
const ranksInComment = {
  name: 'ranks-in-comment',
  setup(build) {
    build.onLoad({ filter: /gpt-tokenizer[\\/](cjs|esm)[\\/]bpeRanks[\\/]cl100k_base\.js$/ }, () => ({
      loader: 'js',
      contents: `const t = require('node:fs').readFileSync(__filename, 'utf8');
const at = t.lastIndexOf(${JSON.stringify(RANKS_MARK)}) + ${RANKS_MARK.length};
exports.default = JSON.parse(t.slice(at, t.indexOf('*/', at)));`,
    }));
  },
};
const ranks = createRequire(import.meta.url)('gpt-tokenizer/cjs/bpeRanks/cl100k_base').default;
// ASCII only (\u escapes), so Node can hold the whole bundle as a one-byte string.
const ascii = (json) => json.replace(/\*\//g, '*\\/').replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const ranksFooter = `${RANKS_MARK}${ascii(JSON.stringify(ranks))}*/`;

const common = {
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
  {
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
    footer: { js: ranksFooter },
    plugins: [...(common.plugins ?? []), ranksInComment],
  },
];

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}

// Bundles the three entry points: the VS Code extension, the language server and the CLI.
// Each is one self-contained CommonJS file in dist/ (only `vscode` stays external).
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const watch = process.argv.includes('--watch');

/**
 * Modules matched by `filter` are bundled on their own and embedded as gzipped source text,
 * compiled on first use. A large library that only one command needs (tar for pack and
 * restore) then costs the other commands the scan of a string instead of a parse at every start.
 */
const lazyText = (filter) => ({
  name: 'lazy-text',
  setup(build) {
    build.onLoad({ filter }, async (args) => {
      const { outputFiles } = await esbuild.build({
        entryPoints: [args.path],
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        minify: true,
        legalComments: 'inline',
        write: false,
      });
      return unpackOnUse(outputFiles[0].contents, [
        'const m = { exports: {} };',
        "new Function('module', 'exports', 'require', text)(m, m.exports, require);",
        'module.exports = m.exports;',
      ]);
    });
  },
});

/**
 * Data modules matched by `filter` (gpt-tokenizer's 1 MB rank table: an array literal) are
 * embedded as gzipped JSON, parsed on first use: JSON.parse reads that array in a third of the
 * time V8 takes to compile and run it as code, which every `coresoul search` pays.
 */
const lazyJson = (filter) => ({
  name: 'lazy-json',
  setup(build) {
    build.onLoad({ filter }, async (args) => {
      const data = createRequire(import.meta.url)(args.path).default;
      return unpackOnUse(Buffer.from(JSON.stringify(data)), [
        "Object.defineProperty(exports, '__esModule', { value: true });",
        'exports.default = JSON.parse(text);',
      ]);
    });
  },
});

/** Module source that gunzips `bytes` into `text` when the module is first required, then runs `body`. */
const unpackOnUse = (bytes, body) => ({
  loader: 'js',
  contents: [
    `const text = require('node:zlib').gunzipSync(Buffer.from('${gzipSync(bytes, { level: 9 }).toString('base64')}', 'base64')).toString();`,
    ...body,
  ].join('\n'),
});

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
  plugins: [lazyText(/src[\\/]core[\\/]tarLib\.ts$/), lazyJson(/gpt-tokenizer[\\/](cjs|esm)[\\/]bpeRanks[\\/]cl100k_base\.js$/)],
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

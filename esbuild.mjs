// Bundles the three entry points: the VS Code extension, the language server and the CLI.
// Each is one self-contained CommonJS file in dist/ (only `vscode` stays external).
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const watch = process.argv.includes('--watch');

/**
 * Modules matched by `filter` are bundled on their own and embedded as gzipped source text,
 * compiled on first use. A large library that only one command needs (tar for pack and
 * restore, gpt-tokenizer's 1 MB rank table for counting tokens) then costs the other commands
 * the scan of a string instead of a parse at every start.
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
      const packed = gzipSync(outputFiles[0].contents, { level: 9 }).toString('base64');
      return {
        loader: 'js',
        contents: [
          `const code = require('node:zlib').gunzipSync(Buffer.from('${packed}', 'base64')).toString();`,
          'const m = { exports: {} };',
          "new Function('module', 'exports', 'require', code)(m, m.exports, require);",
          'module.exports = m.exports;',
        ].join('\n'),
      };
    });
  },
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
  plugins: [lazyText(/src[\\/]core[\\/]tarLib\.ts$|gpt-tokenizer[\\/](cjs|esm)[\\/]bpeRanks[\\/]cl100k_base\.js$/)],
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

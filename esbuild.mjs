// Bundles the three entry points: the VS Code extension, the language server and the CLI.
// Each is one self-contained CommonJS file in dist/ (only `vscode` stays external), but for what
// the extension loads only after activation, from files beside it: the [[link]] client library
// (dist/languageclient.js), the tokenizer's rank table (dist/cl100k_base.json.gz) and WordNet's
// kinds of nouns for search (dist/narrower.txt).
import * as esbuild from 'esbuild';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const watch = process.argv.includes('--watch');

/**
 * Modules matched by `filter` are bundled on their own and embedded as gzipped source text,
 * compiled on first use: their exports are getters that unpack and run the module the first
 * time one is read. A large library that only one command needs (tar for pack and restore)
 * then costs every other start (the CLI's commands, the extension's activation) the scan of a
 * string instead of a parse.
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
      // The export names are known now, from running the module once here.
      const probe = { exports: {} };
      new Function('module', 'exports', 'require', outputFiles[0].text)(probe, probe.exports, createRequire(args.path));
      return unpackOnUse(outputFiles[0].contents, [
        'let loaded;',
        'const load = () => {',
        '  if (!loaded) {',
        '    const m = { exports: {} };',
        "    new Function('module', 'exports', 'require', text())(m, m.exports, require);",
        '    loaded = m.exports;',
        '  }',
        '  return loaded;',
        '};',
        "Object.defineProperty(exports, '__esModule', { value: true });",
        `for (const name of ${JSON.stringify(Object.keys(probe.exports))}) Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });`,
      ]);
    });
  },
});

/**
 * Data modules matched by `filter` (gpt-tokenizer's 1 MB rank table: an array literal) are
 * embedded as gzipped JSON, parsed on first use: JSON.parse reads that array in a third of the
 * time V8 takes to compile and run it as code, which every `coresoul search` pays. With `beside`
 * (the extension, which may ship several files), the gzipped JSON is written to that file next
 * to the bundle instead and read on first use: otherwise 40% of the bundle's bytes would be read
 * and scanned at every activation.
 */
const lazyJson = (filter, beside) => ({
  name: 'lazy-json',
  setup(build) {
    build.onLoad({ filter }, async (args) => {
      const json = Buffer.from(JSON.stringify(createRequire(import.meta.url)(args.path).default));
      const body = ["Object.defineProperty(exports, '__esModule', { value: true });", 'exports.default = JSON.parse(text());'];
      if (!beside) return unpackOnUse(json, body);
      const dir = path.dirname(build.initialOptions.outfile);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, beside), gzipSync(json, { level: 9 }));
      const read = `require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(beside)}))`;
      return { loader: 'js', contents: [`const text = () => require('node:zlib').gunzipSync(${read}).toString();`, ...body].join('\n') };
    });
  },
});

/**
 * Modules matched by `filter` (the CLI's main.ts) are bundled on their own and carried in a
 * comment at the end of the output, read back from the file and compiled on first use. Unlike
 * a string, a comment costs the parser next to nothing: the calls that never need that code (a
 * warm search) do not pay for it, and those that do pay what a plain bundle costs them.
 * In the comment, "/" after "*" (which would end it) and non-ASCII characters (which would make
 * the whole file slower to read) travel as \x01 and four hex digits, a character minified code
 * never holds.
 */
const lazyComment = (filter, options = {}) => ({
  name: 'lazy-comment',
  setup(build) {
    const mark = '\n/* lazy-comment: compiled on first use (esbuild.mjs)\n';
    let text;
    build.onLoad({ filter }, async (args) => {
      const { outputFiles } = await esbuild.build({ ...options, entryPoints: [args.path], write: false, sourcemap: false, legalComments: 'inline', outfile: 'lazy.js' });
      const code = outputFiles[0].text;
      if (code.includes('\x01')) throw new Error(`lazy-comment: ${args.path} holds \\x01`);
      text = code.replace(/(?<=\*)\/|[^\x00-\x7f]/g, (c) => `\x01${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      // Found from the end of the file (a backward search through it costs more); a little slack for edited line ends.
      const from = mark.length + text.length + 64;
      return {
        loader: 'js',
        contents: [
          "const src = require('node:fs').readFileSync(__filename, 'latin1');",
          `const parts = src.slice(src.indexOf(${JSON.stringify(mark)}, src.length - ${from}) + ${mark.length}, src.lastIndexOf('*/')).split('\\x01');`,
          'const text = parts.map((p, i) => (i ? String.fromCharCode(parseInt(p.slice(0, 4), 16)) + p.slice(4) : p)).join(\'\');',
          "require('node:vm').compileFunction(text, ['module', 'exports', 'require', '__filename', '__dirname'], { filename: __filename })(module, exports, require, __filename, __dirname);",
        ].join('\n'),
      };
    });
    build.onEnd((result) => {
      if (text && !result.errors.length) appendFileSync(build.initialOptions.outfile, `${mark}${text}*/\n`);
    });
  },
});

/**
 * A module matched by `filter` that makes a text table on first use (narrowerTable.ts, from the
 * 30 MB of WordNet files in node_modules) is run here once instead, and its table embedded
 * gzipped, unpacked on first use — or, with `beside` (the extension), written to that file next
 * to the bundle and read on first use.
 */
const tables = new Map();
const prebuiltTable = (filter, exportName, beside) => ({
  name: 'prebuilt-table',
  setup(build) {
    build.onLoad({ filter }, async (args) => {
      if (!tables.has(args.path)) tables.set(args.path, makeTable(args.path, exportName));
      const table = await tables.get(args.path);
      const body = ['let table;', `exports.${exportName} = () => (table ??= text());`];
      if (!beside) return unpackOnUse(table, body);
      const dir = path.dirname(build.initialOptions.outfile);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, beside), table);
      const read = `require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(beside)}), 'utf8')`;
      return { loader: 'js', contents: [`const text = () => ${read};`, ...body].join('\n') };
    });
  },
});

/** Runs the module at `entry` (bundled, its packages from node_modules) and calls its `exportName`. */
async function makeTable(entry, exportName) {
  const { outputFiles } = await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external', write: false });
  const m = { exports: {} };
  new Function('module', 'exports', 'require', outputFiles[0].text)(m, m.exports, createRequire(entry));
  return Buffer.from(m.exports[exportName]());
}

/** Module source whose `body` can call `text()`, which gunzips `bytes` into a string. */
const unpackOnUse = (bytes, body) => ({
  loader: 'js',
  contents: [
    `const text = () => require('node:zlib').gunzipSync(Buffer.from('${gzipSync(bytes, { level: 9 }).toString('base64')}', 'base64')).toString();`,
    ...body,
  ].join('\n'),
});

/**
 * Imports of `specifier` stay out of the bundle: they become a require of `file`, next to the
 * bundle, which is built on its own. For a library the extension loads only after activation,
 * so that activation does not even read and compile it.
 */
const besideBundle = (specifier, file) => ({
  name: 'beside-bundle',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${specifier}$`) }, () => ({ path: `./${file}`, external: true }));
  },
});

// Libraries one command needs: tar (pack, restore), secretlint (writes, scan), simple-git (sync, merge drivers), the MCP SDK (mcp).
const LAZY = /src[\\/](?:core[\\/]archive[\\/]tarLib|core[\\/]safety[\\/]secretlintLib|core[\\/]sync[\\/]simpleGitLib|mcp[\\/]sdkLib)\.ts$/;
// WordNet's kinds of nouns, for search (src/core/search/narrower.ts).
const NARROWER = /src[\\/]core[\\/]search[\\/]narrowerTable\.ts$/;
const RANKS = /gpt-tokenizer[\\/](cjs|esm)[\\/]bpeRanks[\\/]cl100k_base\.js$/;

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
  plugins: [lazyText(LAZY), lazyJson(RANKS), prebuiltTable(NARROWER, 'narrowerTable')],
};

// The CLI starts with a warm search's quick path (src/cli/entry.ts); main.ts, the rest, is lazy.
const cli = { ...common, entryPoints: ['src/cli/entry.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } };
cli.plugins = [...common.plugins, lazyComment(/src[\\/]cli[\\/]main\.ts$/, common)];

const builds = [
  {
    ...common,
    entryPoints: ['src/extension/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    plugins: [lazyText(LAZY), lazyJson(RANKS, 'cl100k_base.json.gz'), prebuiltTable(NARROWER, 'narrowerTable', 'narrower.txt'), besideBundle('vscode-languageclient/node', 'languageclient.js')],
  },
  { ...common, entryPoints: ['vscode-languageclient/node'], outfile: 'dist/languageclient.js', external: ['vscode'] },
  { ...common, entryPoints: ['src/server/server.ts'], outfile: 'dist/server.js' },
  cli,
];

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}

// Bundles the entry points: the VS Code extension (and its health view's worker and page), the language server and the CLI.
// Each is one self-contained CommonJS file in dist/ (only `vscode` stays external), but for what
// the extension loads only after activation, from files beside it: the [[link]] client library
// (dist/languageclient.js), the tokenizer's rank table (dist/cl100k_base.json.gz), WordNet's
// kinds of nouns for search (dist/narrower.txt), CC-CEDICT's English and Chinese words for search
// (dist/translation.txt) and WordNet's English words for the soul check (dist/lexicon.txt).
import * as esbuild from 'esbuild';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const watch = process.argv.includes('--watch');
const CODE_CACHE = fileURLToPath(new URL('./src/core/shared/codeCache.ts', import.meta.url));
/** Where the build keeps what it compressed (`packed`). */
const BUILD_CACHE = fileURLToPath(new URL('./.build-cache/', import.meta.url));

/**
 * Modules matched by `filter` are bundled on their own and embedded as compressed source text (`packed`),
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
      // Compiled through V8's code cache (src/core/shared/codeCache.ts), named by the module's hash.
      const key = createHash('sha256').update(outputFiles[0].contents).digest('hex').slice(0, 32);
      return unpackOnUse(outputFiles[0].contents, [
        'let loaded;',
        'const load = () => {',
        '  if (!loaded) {',
        '    const m = { exports: {} };',
        `    require(${JSON.stringify(CODE_CACHE)}).runCached(text, ${JSON.stringify(key)}, m, require, __filename);`,
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
 * embedded as compressed JSON (`packed`), parsed on first use: JSON.parse reads that array in a third of the
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
      const read = writeBeside(build, beside, gzipSync(json, { level: 9 }));
      return { loader: 'js', contents: [`const text = () => require('node:zlib').gunzipSync(${read}).toString();`, ...body].join('\n') };
    });
  },
});

/** Writes `bytes` to the file `name` next to the bundle `build` makes; returns the source of an expression that reads them back (a Buffer). */
function writeBeside(build, name, bytes) {
  const dir = path.dirname(build.initialOptions.outfile);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), bytes);
  return `require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(name)}))`;
}

/**
 * Texts carried in comments appended to the end of a bundle (the CLI's), each read back from
 * the file the first time it is needed. Unlike a string, a comment costs the parser next to
 * nothing, so the calls that never need a text do not pay for it. In a comment, "/" after "*"
 * (which would end it) and non-ASCII characters (which would make the whole file slower to read)
 * travel as \x01 and four hex digits; a text that holds \x01 itself stops the build.
 */
function trailingComments() {
  /** Name → escaped text, in the order they end the file: each new one goes before the others. */
  let comments = new Map();
  const comment = (name, text) => `\n/* ${name}: read on first use (esbuild.mjs)\n${text}*/\n`;
  return {
    /**
     * Carries `text` in the comment `name`; returns the source of a function expression that
     * reads it back. It is searched for from where it starts counted from the end of the file
     * (the comments after it were added before it), so neither the code nor a comment before
     * it can hold its mark; a little slack for edited line ends.
     */
    add(name, text) {
      if (text.includes('\x01')) throw new Error(`trailing comment ${name}: its text holds \\x01`);
      const escaped = text.replace(/(?<=\*)\/|[^\x00-\x7f]/g, (c) => `\x01${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      if (comments.has(name)) comments.set(name, escaped); // built again (watch): it keeps its place
      else comments = new Map([[name, escaped], ...comments]);
      const names = [...comments.keys()];
      const tail = names.slice(names.indexOf(name)).reduce((n, k) => n + comment(k, comments.get(k)).length, 0);
      const own = comment(name, comments.get(name)).length;
      const mark = comment(name, '').slice(0, -3);
      // Only this comment's bytes are read (with the slack either side): the comments are ASCII, so bytes are characters.
      return [
        '() => {',
        "  const fs = require('node:fs');",
        "  const fd = fs.openSync(__filename, 'r');",
        `  const size = fs.fstatSync(fd).size, from = Math.max(0, size - ${tail + 64}), want = Math.min(size - from, ${own + 128}), buf = Buffer.alloc(want);`,
        '  fs.readSync(fd, buf, 0, want, from);',
        '  fs.closeSync(fd);',
        "  const src = buf.toString('latin1');",
        `  const at = src.indexOf(${JSON.stringify(mark)}) + ${mark.length};`,
        // A regular expression, which the minifier keeps as written: a string's \\x01 would become the character itself.
        "  const parts = src.slice(at, src.indexOf('*/', at)).split(/\\x01/);",
        "  return parts.map((p, i) => (i ? String.fromCharCode(parseInt(p.slice(0, 4), 16)) + p.slice(4) : p)).join('');",
        '}',
      ].join('\n');
    },
    plugin: {
      name: 'trailing-comments',
      setup(build) {
        build.onEnd((result) => {
          if (comments.size && !result.errors.length) appendFileSync(build.initialOptions.outfile, [...comments].map(([name, text]) => comment(name, text)).join(''));
        });
      },
    },
  };
}

/**
 * Modules matched by `filter` (the CLI's main.ts) are bundled on their own (with `options`) and
 * carried in one of the bundle's `trailing` comments, compiled on first use: the calls
 * that never need that code (a warm search) do not pay for it, and those that do pay what a
 * plain bundle costs them, or less once V8's code cache of it is saved (src/core/shared/codeCache.ts).
 */
const lazyComment = (filter, options, trailing) => ({
  name: 'lazy-comment',
  setup(build) {
    build.onLoad({ filter }, async (args) => {
      const { outputFiles } = await esbuild.build({ ...options, entryPoints: [args.path], write: false, sourcemap: false, legalComments: 'inline', outfile: 'lazy.js' });
      const text = outputFiles[0].text;
      const read = trailing.add('main', text);
      // Run through V8's code cache (src/core/shared/codeCache.ts); its key, the code's hash, made here once.
      const key = createHash('sha256').update(text).digest('hex').slice(0, 32);
      return {
        loader: 'js',
        // One cache per command: each runs different code.
        contents: `require(${JSON.stringify(CODE_CACHE)}).runCached(${read}, ${JSON.stringify(key)}, module, require, __filename, true);`,
      };
    });
  },
});

/**
 * A module matched by `filter` that makes a text table on first use (narrowerTable.ts, from the
 * 30 MB of WordNet files in node_modules) is run here once instead, and its table shipped where
 * `at` says and read on first use: `{ beside }` (the extension) a file next to the bundle;
 * `{ trailing }` (the CLI, one file that vaults copy) compressed (`packed`) in a trailing comment, so
 * that only a search that needs the table reads it; otherwise compressed in a string in the bundle.
 */
const tables = new Map();
const prebuiltTable = (filter, exportName, at = {}) => ({
  name: 'prebuilt-table',
  setup(build) {
    build.onLoad({ filter }, async (args) => {
      if (!tables.has(args.path)) tables.set(args.path, makeTable(args.path, exportName));
      const table = await tables.get(args.path);
      const body = ['let table;', `exports.${exportName} = () => (table ??= text());`];
      if (at.trailing) {
        const read = at.trailing.add(exportName, packed(table).toString('base64'));
        return { loader: 'js', contents: [`const text = () => ${UNPACK}(Buffer.from((${read})(), 'base64')).toString();`, ...body].join('\n') };
      }
      if (!at.beside) return unpackOnUse(table, body);
      return { loader: 'js', contents: [`const text = () => ${writeBeside(build, at.beside, table)}.toString();`, ...body].join('\n') };
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

/**
 * Bytes carried in the bundle, compressed with Brotli at its best: every CLI call reads and scans
 * the whole bundle (as text, in base64), and Brotli makes these tables and libraries about a
 * quarter smaller than gzip's best (the WordNet table a third), for as quick an unpacking.
 * (Files written beside a bundle stay gzip, as their names say.)
 */
function packed(bytes) {
  // Compressing at its best takes seconds: kept in .build-cache/ by the bytes' hash, and used only if it unpacks to them.
  const file = path.join(BUILD_CACHE, `${createHash('sha256').update(bytes).digest('hex')}.br`);
  try {
    const kept = readFileSync(file);
    if (brotliDecompressSync(kept).equals(bytes)) return kept;
  } catch {
    /* not kept yet */
  }
  const out = brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  mkdirSync(BUILD_CACHE, { recursive: true });
  writeFileSync(file, out);
  return out;
}
/** The source of a function that unpacks `packed` bytes. */
const UNPACK = "require('node:zlib').brotliDecompressSync";

/** Module source whose `body` can call `text()`, which unpacks `bytes` (packed here) into a string. */
const unpackOnUse = (bytes, body) => ({
  loader: 'js',
  contents: [
    `const text = () => ${UNPACK}(Buffer.from('${packed(bytes).toString('base64')}', 'base64')).toString();`,
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

// Libraries one command needs: tar (pack, restore), gitleaks' rules (the secret firewall), the MCP SDK (mcp).
const LAZY = /src[\\/](?:core[\\/]archive[\\/]tarLib|core[\\/]safety[\\/]gitleaksLib|mcp[\\/]sdkLib)\.ts$/;
// WordNet's kinds of nouns, for search (src/core/search/narrower.ts).
const NARROWER = /src[\\/]core[\\/]search[\\/]narrowerTable\.ts$/;
// CC-CEDICT's English words and their Chinese translations, for search (src/core/search/translate.ts).
const TRANSLATION = /src[\\/]core[\\/]search[\\/]translationTable\.ts$/;
// WordNet's English words, for the soul check's readability (src/core/safety/readable.ts).
const LEXICON = /src[\\/]core[\\/]safety[\\/]lexiconTable\.ts$/;
const RANKS = /gpt-tokenizer[\\/](cjs|esm)[\\/]bpeRanks[\\/]cl100k_base\.js$/;

/**
 * The soul template's invariant words as YAML reads them (src/core/safety/invariants.ts,
 * SOUL_TEMPLATE_WORDS): read here once, so that a soul that keeps them costs no YAML at run time.
 */
async function soulTemplateWords() {
  const { outputFiles } = await esbuild.build({
    stdin: { contents: "export { templateWords } from './src/core/safety/invariants'; export { SOUL_MD } from './src/core/init/templates/soul';", resolveDir: path.dirname(fileURLToPath(import.meta.url)), loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'warning',
  });
  const m = { exports: {} };
  new Function('module', 'exports', 'require', outputFiles[0].text)(m, m.exports, createRequire(import.meta.url));
  return JSON.stringify(m.exports.templateWords(m.exports.SOUL_MD));
}

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  minify: true,
  keepNames: true,
  legalComments: 'linked',
  define: { VERSION: JSON.stringify(version), SOUL_TEMPLATE_WORDS: JSON.stringify(await soulTemplateWords()) },
  logLevel: 'warning',
  plugins: [lazyText(LAZY), lazyJson(RANKS), prebuiltTable(NARROWER, 'narrowerTable'), prebuiltTable(TRANSLATION, 'translationTable'), prebuiltTable(LEXICON, 'lexiconTable')],
};

/**
 * The CLI's help texts (src/cli/help.ts), made by running that module once here, so that
 * entry.ts prints `coresoul --help` and `coresoul <command> --help` without loading the rest of
 * the CLI. (In watch mode they are made once, at the start.) They travel in a trailing comment,
 * which `helpTable` (src/cli/helpTable.ts) reads on first use: no other call parses them.
 */
async function helpTexts() {
  const { outputFiles } = await esbuild.build({ ...common, entryPoints: ['src/cli/help.ts'], sourcemap: false, minify: false, write: false, outfile: 'help.js' });
  const m = { exports: {} };
  new Function('module', 'exports', 'require', '__filename', '__dirname', outputFiles[0].text)(m, m.exports, createRequire(import.meta.url), fileURLToPath(import.meta.url), path.dirname(fileURLToPath(import.meta.url)));
  return m.exports.helpTexts();
}

/** The module matched by `filter` (src/cli/helpTable.ts) reads `json`, the help texts, from the trailing comment `help`. */
const helpInComment = (filter, json, trailing) => ({
  name: 'help-in-comment',
  setup(build) {
    build.onLoad({ filter }, () => ({ loader: 'js', contents: `let table;\nexports.helpTable = () => (table ??= (${trailing.add('help', json)})());` }));
  },
});

// The CLI starts with a warm search's quick path (src/cli/entry.ts); main.ts, the rest, the
// help texts and the word tables (WordNet's, CC-CEDICT's) are carried in comments at its end, read on first use.
const trailing = trailingComments();
const cliPlugins = [
  lazyText(LAZY),
  lazyJson(RANKS),
  prebuiltTable(NARROWER, 'narrowerTable', { trailing }),
  prebuiltTable(TRANSLATION, 'translationTable', { trailing }),
  prebuiltTable(LEXICON, 'lexiconTable', { trailing }),
];
const cli = {
  ...common,
  entryPoints: ['src/cli/entry.ts'],
  outfile: 'dist/cli.js',
  banner: { js: '#!/usr/bin/env node' },
  plugins: [...cliPlugins, helpInComment(/src[\\/]cli[\\/]helpTable\.ts$/, JSON.stringify(await helpTexts()), trailing), lazyComment(/src[\\/]cli[\\/]main\.ts$/, { ...common, plugins: cliPlugins }, trailing), trailing.plugin],
};

const builds = [
  {
    ...common,
    entryPoints: ['src/extension/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    plugins: [lazyText(LAZY), lazyJson(RANKS, 'cl100k_base.json.gz'), prebuiltTable(NARROWER, 'narrowerTable', { beside: 'narrower.txt' }), prebuiltTable(TRANSLATION, 'translationTable', { beside: 'translation.txt' }), prebuiltTable(LEXICON, 'lexiconTable', { beside: 'lexicon.txt' }), besideBundle('vscode-languageclient/node', 'languageclient.js')],
  },
  { ...common, entryPoints: ['vscode-languageclient/node'], outfile: 'dist/languageclient.js', external: ['vscode'] },
  { ...common, entryPoints: ['src/server/server.ts'], outfile: 'dist/server.js' },
  // The health view's data, computed in a worker thread; and its page, run in the webview (no Node there).
  { ...common, entryPoints: ['src/extension/features/health/healthWorker.ts'], outfile: 'dist/healthWorker.js' },
  { entryPoints: ['src/extension/features/health/healthView.ts'], outfile: 'dist/healthView.js', bundle: true, platform: 'browser', format: 'iife', target: 'chrome120', minify: true, sourcemap: 'linked', logLevel: 'warning' },
  cli,
];

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
  // One character outside ASCII (esbuild keeps them in regular expressions) makes Node read the
  // whole 2.8 MB CLI as a two-byte string on every start: written as \uXXXX instead.
  const bytes = readFileSync(cli.outfile);
  const at = bytes.findIndex((b) => b > 0x7f);
  if (at !== -1) throw new Error(`${cli.outfile} holds a character outside ASCII at byte ${at}: "${bytes.subarray(Math.max(0, at - 40), at + 4).toString()}"; write it as \\uXXXX in the source`);
}

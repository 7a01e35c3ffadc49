/**
 * Bundles the suite for the extension host: one CommonJS file that exports `run` (called by
 * VS Code) and `plan` (called by the harness), with every `suite/*.test.ts` in file-name order.
 * `vscode` stays external: the extension host provides it.
 */
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import { SourceMap, createRequire } from 'node:module';
import * as path from 'node:path';
import { MANIFEST } from './fakeModel/manifest';
import type { PlannedSuite } from './protocol';

export const E2E_DIR = __dirname;

export async function bundleSuite(outFile: string): Promise<void> {
  const files = fs
    .readdirSync(path.join(E2E_DIR, 'suite'))
    .filter((f) => f.endsWith('.test.ts'))
    .sort();
  const contents = [`export { run, plan } from './host/runner';`, ...files.map((f) => `import './suite/${f}';`)].join('\n');
  await esbuild.build({
    stdin: { contents, resolveDir: E2E_DIR, sourcefile: 'e2e-entry.ts', loader: 'ts' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'external',
    external: ['vscode'],
    outfile: outFile,
    logLevel: 'error',
  });
}

/** The test-only fake chat model extension (fakeModel/), built into `dir` with its manifest. */
export async function bundleFakeModel(dir: string): Promise<void> {
  await esbuild.build({
    entryPoints: [path.join(E2E_DIR, 'fakeModel/extension.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    outfile: path.join(dir, MANIFEST.main),
    logLevel: 'error',
  });
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(MANIFEST, null, 2)}\n`);
}

/**
 * Rewrites `…/suite.js:LINE:COL` in a stack trace to the test/e2e/*.ts line it came from (the
 * extension host replaces Node's stack formatting, so source maps do not apply there).
 */
export function mapStack(bundle: string, stack: string): string {
  let map: SourceMap;
  try {
    map = new SourceMap(JSON.parse(fs.readFileSync(`${bundle}.map`, 'utf8')));
  } catch {
    return stack;
  }
  const name = path.basename(bundle).replace(/\./g, '\\.');
  return stack.replace(new RegExp(`\\S*${name}:(\\d+):(\\d+)`, 'g'), (whole, line: string, col: string) => {
    const hit = map.findEntry(Number(line) - 1, Number(col) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    if (!hit?.originalSource) return whole;
    const source = path.relative(process.cwd(), path.resolve(path.dirname(bundle), hit.originalSource));
    return `${source}:${hit.originalLine! + 1}:${hit.originalColumn! + 1}`;
  });
}

/**
 * Lists the suites without VS Code: suite files only call `suite()`/`test()` when loaded, so a
 * stand-in for the `vscode` module is enough (using it at load time fails loudly).
 */
export function planSuite(bundle: string): PlannedSuite[] {
  const Module = createRequire(__filename)('node:module') as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = Module._load;
  const stand_in = new Proxy(
    {},
    {
      get: (_, key) => {
        if (key === '__esModule' || typeof key === 'symbol') return undefined;
        throw new Error(`a suite file uses vscode.${String(key)} while loading; use it inside test() only`);
      },
    },
  );
  Module._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? stand_in : load.call(this, request, ...rest);
  };
  try {
    return (createRequire(__filename)(bundle) as { plan(): PlannedSuite[] }).plan();
  } finally {
    Module._load = load;
  }
}

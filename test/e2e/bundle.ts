/**
 * Bundles the suite for the extension host: one CommonJS file that exports `run` (called by
 * VS Code) and `plan` (called by the harness), with every `suite/*.test.ts` in file-name order.
 * `vscode` stays external: the extension host provides it.
 */
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
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
    sourcemap: 'inline',
    external: ['vscode'],
    outfile: outFile,
    logLevel: 'error',
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

/**
 * The extensionTestsPath entry: VS Code calls `run()` in the extension host; its promise
 * settles into the host's exit code (0 or 1). It runs the tests of the one suite this window
 * was opened for and reports each result to the harness as it goes.
 * `plan()` lists every suite without running anything; the harness calls it outside VS Code.
 */
import type { PlannedSuite } from '../protocol';
import { fullName } from '../protocol';
import { control, registeredSuites } from './e2e';

export function plan(): PlannedSuite[] {
  return registeredSuites().map(({ suite, fixture, tests, budgetMs, from }) => ({ suite, fixture, tests: [...tests], budgetMs, ...(from ? { from } : {}) }));
}

function withTimeout(p: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, expired]).finally(() => clearTimeout(timer));
}

export async function run(): Promise<void> {
  process.setSourceMapsEnabled(true); // stack traces point into test/e2e/*.ts
  const session = await control.session();
  const suite = registeredSuites().find((s) => s.suite === session.suite);
  if (!suite) throw new Error(`no suite named ${session.suite}`);
  let failed = 0;
  for (const c of suite.cases) {
    const name = fullName(suite.suite, c.name);
    if (session.grep && !name.includes(session.grep)) continue;
    await control.begin(name);
    const started = Date.now();
    let error: string | undefined;
    try {
      await withTimeout(Promise.resolve().then(c.fn), c.timeoutMs);
    } catch (err) {
      error = err instanceof Error ? (err.stack ?? err.message) : String(err);
      failed++;
    }
    await control.result({ name, ok: !error, ms: Date.now() - started, ...(error ? { error } : {}) });
  }
  if (failed) throw new Error(`${failed} test(s) failed in ${suite.suite}`);
}

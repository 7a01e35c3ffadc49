/**
 * The API that suite files use, inside the real extension host:
 * `suite(name, fixture, body)` with `test(name, fn)` inside, `ui.*` for what a person does in the
 * workbench (done by Playwright in the harness), `waitFor` for effects that take a moment,
 * and `record` for figures worth keeping.
 */
import type { Fixture } from '../fixtures';
import { CONTROL_ENV, type Metric, type PlannedSuite, type SessionInfo, type TestResult, type UiAction, type UiReply, type UiRow } from '../protocol';

export const EXTENSION_ID = 'coresoul.core-soul';

export interface TestCase {
  name: string;
  fn: () => unknown;
  timeoutMs: number;
}

interface Suite extends PlannedSuite {
  cases: TestCase[];
}

const suites: Suite[] = [];
let current: Suite | undefined;

/**
 * A group of tests that runs in its own fresh window, on a fresh copy of `fixture`, in the order
 * they are declared (so later tests may build on the effects of earlier ones in the same suite).
 * `{ from: 'vsix' }`: the window runs the packaged `.vsix`, installed, not the repository's code.
 */
export function suite(name: string, fixture: Fixture, body: () => void, opts: { from?: 'vsix' } = {}): void {
  if (suites.some((s) => s.suite === name)) throw new Error(`duplicate suite name: ${name}`);
  current = { suite: name, fixture, tests: [], budgetMs: 0, cases: [], ...opts };
  suites.push(current);
  try {
    body();
  } finally {
    current = undefined;
  }
}

export function test(name: string, fn: () => unknown, opts: { timeoutMs?: number } = {}): void {
  if (!current) throw new Error(`test "${name}" is outside a suite()`);
  current.tests.push(name);
  const timeoutMs = opts.timeoutMs ?? 60_000;
  current.cases.push({ name, fn, timeoutMs });
  current.budgetMs += timeoutMs;
}

export const registeredSuites = (): readonly Suite[] => suites;

async function call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const base = process.env[CONTROL_ENV];
  if (!base) throw new Error(`${CONTROL_ENV} is not set: run the suite with npm run test:e2e`);
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(90_000),
  });
  if (!res.ok) throw new Error(`harness ${route}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const control = {
  session: () => call<SessionInfo>('GET', '/session'),
  result: (r: TestResult) => call<unknown>('POST', '/result', r),
  begin: (name: string) => call<unknown>('POST', '/begin', { name }),
};

async function act(a: UiAction): Promise<UiReply> {
  const reply = await call<UiReply>('POST', '/ui', a);
  if (!reply.ok) throw new Error(`ui ${a.action} failed: ${reply.error}`);
  return reply;
}

/** What a person does in the workbench; each resolves when the action is done (not its effect). */
export const ui = {
  /** F1, type the command's title, check it is the selected entry, Enter. */
  palette: async (title: string) => void (await act({ action: 'palette', title })),
  /** Waits for a notification whose text matches `pattern` and returns its text. */
  notification: async (pattern: RegExp) => (await act({ action: 'notification', pattern: pattern.source })).text ?? '',
  /** Saves test-results/screenshots/<name>.png of the whole workbench. */
  screenshot: async (name: string) => void (await act({ action: 'screenshot', name })),
  /** Types `newName` into the editor's open rename box (F2) and presses Enter; the edit may still be applying. */
  rename: async (newName: string) => void (await act({ action: 'rename', newName })),
  /** Types `text` into the open input box or quick pick, Enter if asked; returns its title. */
  input: async (text: string, opts: { enter: boolean }) => (await act({ action: 'input', text, enter: opts.enter })).text ?? '',
  /** The open quick pick's title and rows, once it shows some. */
  quickPick: async (): Promise<{ title: string; rows: UiRow[] }> => {
    const reply = await act({ action: 'quickPick' });
    return { title: reply.text ?? '', rows: reply.rows ?? [] };
  },
  /** Clicks the open quick pick's first row whose label matches `pattern`. */
  pick: async (pattern: RegExp) => void (await act({ action: 'pick', pattern: pattern.source })),
  /** The visible rows of the side bar view titled `view`, and its message or welcome text. */
  treeRows: async (view: string): Promise<{ rows: UiRow[]; message?: string }> => {
    const reply = await act({ action: 'treeRows', view });
    return { rows: reply.rows ?? [], message: reply.message };
  },
  /** Clicks the first visible row of view `view` whose label matches `pattern`. */
  clickTreeRow: async (view: string, pattern: RegExp) => void (await act({ action: 'clickTreeRow', view, pattern: pattern.source })),
  /** Clicks `button` on the notification whose text matches `pattern` (in the notification center). */
  notificationButton: async (pattern: RegExp, button: string) => void (await act({ action: 'notificationButton', pattern: pattern.source, button })),
  /** The visible text of every element matching a CSS selector, in document order (none: []). */
  texts: async (selector: string, opts: { webview?: boolean } = {}) => (await act({ action: 'texts', selector, ...opts })).texts ?? [],
  /** Clicks the last element matching a CSS selector whose text is `text` (say a button of the newest chat answer). */
  click: async (selector: string, text: string, opts: { webview?: boolean } = {}) => void (await act({ action: 'click', selector, text, ...opts })),
  /** Types `text` on the keyboard into whatever has the focus. */
  type: async (text: string) => void (await act({ action: 'type', text })),
};

/** Keeps a figure (printed at the end and written to test-results/e2e-metrics.json). */
export const record = (m: Metric) => call<unknown>('POST', '/metric', m);

/** Polls `probe` until it returns something other than undefined/false; fails after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${(lastError as Error).message})` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

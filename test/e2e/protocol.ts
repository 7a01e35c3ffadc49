/**
 * What the suite in the extension host and the harness outside it say to each other, as JSON
 * over HTTP on loopback. The host finds the harness through CORESOUL_E2E_CONTROL.
 */
import type { Fixture } from './fixtures';

export const CONTROL_ENV = 'CORESOUL_E2E_CONTROL';

export interface PlannedSuite {
  suite: string;
  fixture: Fixture;
  tests: string[];
  /** Sum of the tests' own time limits, in ms. */
  budgetMs: number;
  /** `vsix`: the window runs the packaged extension, installed, instead of the one under development. */
  from?: 'vsix';
}

/** GET /session: what this window is for. */
export interface SessionInfo {
  suite: string;
  /** Only tests whose full name contains this run (empty: all). */
  grep: string;
}

/** POST /result, once per test. */
export interface TestResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

/** POST /metric: a figure worth keeping (written to test-results/e2e-metrics.json). */
export interface Metric {
  name: string;
  value: number;
  unit: string;
}

/** POST /ui: a person's action in the workbench, done by Playwright. */
export type UiAction =
  | { action: 'palette'; title: string }
  | { action: 'notification'; pattern: string }
  | { action: 'screenshot'; name: string }
  /** Types into the editor's open rename box (F2) and presses Enter. */
  | { action: 'rename'; newName: string }
  /** Types into the open input box or quick pick (replacing its text), then Enter if asked. */
  | { action: 'input'; text: string; enter: boolean }
  /** Reads the open quick pick's rows (waits until it shows some). */
  | { action: 'quickPick' }
  /** Clicks the open quick pick's first row whose label matches `pattern`. */
  | { action: 'pick'; pattern: string }
  /** Reads the visible rows of the side bar view titled `view` (expanding its section first). */
  | { action: 'treeRows'; view: string }
  /** Clicks the first visible row of view `view` whose label matches: expands it, or runs its command. */
  | { action: 'clickTreeRow'; view: string; pattern: string }
  /** Clicks the button `button` of the notification whose text matches `pattern`. */
  | { action: 'notificationButton'; pattern: string; button: string }
  /** Reads the visible text of every element a CSS selector matches (`webview`: inside the active webview's page). */
  | { action: 'texts'; selector: string; webview?: boolean }
  /** Clicks the last element a CSS selector matches whose text is `text` (`webview`: inside the active webview's page). */
  | { action: 'click'; selector: string; text: string; webview?: boolean }
  /** Types on the keyboard into whatever has the focus. */
  | { action: 'type'; text: string };

/** A row as the user sees it: in a quick pick or a tree view. */
export interface UiRow {
  label: string;
  description: string;
  /** Quick pick: the line under the label. */
  detail?: string;
  /** Tree: depth, 1 at the top. */
  level?: number;
  /** Tree: expanded or collapsed; absent for a row without children. */
  expanded?: boolean;
}

export interface UiReply {
  ok: boolean;
  /** `notification`: the text of the matching notification. `input`, `quickPick`: the title. */
  text?: string;
  /** `quickPick`, `treeRows`. */
  rows?: UiRow[];
  /** `treeRows`: the view's message or welcome text, when it shows one. */
  message?: string;
  /** `texts`: the visible text of every element the selector matches, in document order. */
  texts?: string[];
  error?: string;
}

/** Full test name as printed: `<suite> › <test>`. */
export const fullName = (suite: string, test: string) => `${suite} › ${test}`;

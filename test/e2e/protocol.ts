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
  | { action: 'texts'; selector: string }
  | { action: 'click'; selector: string; text: string }
  | { action: 'type'; text: string };

export interface UiReply {
  ok: boolean;
  /** `notification`: the text of the matching notification. */
  text?: string;
  /** `texts`: the visible text of every element the selector matches, in document order. */
  texts?: string[];
  error?: string;
}

/** Full test name as printed: `<suite> › <test>`. */
export const fullName = (suite: string, test: string) => `${suite} › ${test}`;

/**
 * A project that lives for four months while memories are written about it (issue #34): a real
 * git repository whose files are deleted, renamed and changed on set dates, and a vault whose
 * day files and entity notes were written along the way — facts that later get replaced, rules
 * written again and again, code cited by path, line and symbol.
 *
 * The labels say what happened to the project and the team, not what any rule looks for:
 * - stale: the memory cites code (a path, a path with a line, a symbol) and, after the memory
 *   was written, that code was deleted, moved or changed (or was already gone when written);
 * - superseded: a later memory replaced the fact this memory states (older → newer);
 * - duplicate: the memory repeats one written before (same rule, other words or punctuation).
 * They were written with the scenario, before the rules were tuned against it.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixedClock } from '../../src/core/shared/clock';
import { initVault } from '../../src/core/init/scaffold';
import { type Vault, openVault } from '../../src/core/vault/layout';

export interface ScenarioLabels {
  /** Memory ids (`<file relative to the workspace>:<line>`) whose code citation is stale. */
  stale: Set<string>;
  /** Older memory id → the id of the memory that replaced it. */
  superseded: Map<string, string>;
  /** Memory ids that repeat an earlier memory. */
  duplicate: Set<string>;
  /** Every memory id the scenario wrote (day entries and the entity lines that cite code). */
  all: Set<string>;
}

export interface Scenario {
  root: string;
  vault: Vault;
  labels: ScenarioLabels;
}

// ---- the project's code over time ------------------------------------------------------------

export type CodeChange = { at: string; write?: Record<string, string>; remove?: string[]; rename?: [string, string][] };

const file = (lines: string[]) => `${lines.join('\n')}\n`;
const padded = (head: string[], n: number) => file([...head, ...Array.from({ length: n }, (_, i) => `// line ${i + head.length + 1}`)]);

const CODE: CodeChange[] = [
  {
    at: '2026-01-05T10:00:00',
    write: {
      'package.json': '{ "name": "shop", "private": true }\n',
      'README.md': '# shop\n',
      'src/billing/webhook.ts': padded(['export function handleWebhook() {}', 'export function legacyRetry() {}'], 140),
      'src/billing/invoice.ts': padded(['export function computeTax() {}', 'export function invoiceTotal() {}'], 150),
      'src/auth/login.ts': padded(['export function login() {}'], 40),
      'src/auth/session.ts': padded(['export function validateSession() {}'], 60),
      'src/api/routes.ts': padded(['export const routes = [];'], 30),
      'src/db/schema.ts': padded(['export const users = {};'], 50),
      'src/utils/format.ts': padded(['export function formatCurrency() {}'], 20),
      'src/config.ts': padded(['export const config = {};'], 10),
      'src/jobs/cron.ts': padded(['export function nightly() {}'], 10),
      'src/search/indexer.ts': padded(['export function reindex() {}'], 25),
      'scripts/deploy.sh': file(['#!/bin/sh', 'echo deploy']),
      'guide/setup.md': file(['# Setup']),
      'src/legacy/oldApi.ts': padded(['export function oldApi() {}'], 5),
    },
  },
  { at: '2026-01-08T11:00:00', remove: ['src/legacy/oldApi.ts'] },
  { at: '2026-01-20T09:00:00', write: { 'src/api/routes.ts': padded(['export const routes = ["/health"];'], 30) } },
  { at: '2026-02-03T15:00:00', write: { 'src/billing/invoice.ts': padded(['export function computeTax() {}', 'export function invoiceTotal(x: number) {}'], 160) } },
  { at: '2026-02-15T10:00:00', rename: [['src/auth/login.ts', 'src/auth/signin.ts']] },
  { at: '2026-02-20T16:00:00', remove: ['src/billing/webhook.ts'] },
  { at: '2026-03-01T10:00:00', rename: [['src/utils/format.ts', 'src/shared/format.ts']] },
  { at: '2026-03-10T12:00:00', write: { 'src/billing/invoice.ts': padded(['export function invoiceTotal(x: number) { return x; }'], 170) } },
  { at: '2026-03-15T09:30:00', remove: ['src/jobs/cron.ts'] },
  { at: '2026-03-20T14:00:00', write: { 'src/shared/format.ts': padded(['export function formatCurrency(n: number) {}'], 22) } },
  { at: '2026-03-25T11:00:00', write: { 'src/db/schema.ts': padded(['export const users = {};', 'export const audit = {};'], 55) } },
  { at: '2026-04-01T17:00:00', write: { 'scripts/deploy.sh': file(['#!/bin/sh', 'set -e', 'echo deploy']) } },
];

// ---- what was written into the vault --------------------------------------------------------

/** A memory: when, what, and its labels. `key` names it for `replaces`/`repeats`. */
export interface Memory {
  at: string; // YYYY-MM-DDTHH:MM:SS
  text: string;
  kind?: 'decision' | 'correction' | 'preference' | 'error';
  key?: string;
  stale?: true;
  /** The key of the memory this one replaces. */
  replaces?: string;
  /** This memory repeats another with the same `repeats` value (the first one is not a duplicate). */
  repeats?: string;
}

const MEMORIES: Memory[] = [
  // Code citations, changed or not after the memory was written.
  { at: '2026-01-12T10:05:00', text: 'The Stripe webhook handler is in `src/billing/webhook.ts`; it verifies signatures at src/billing/webhook.ts:42', stale: true },
  { at: '2026-01-14T11:00:00', text: 'Invoice totals are computed in src/billing/invoice.ts', stale: true },
  { at: '2026-02-10T09:40:00', text: 'Invoice PDF generation lives in src/billing/invoice.ts:120', stale: true },
  { at: '2026-03-15T16:20:00', text: 'Fixed the rounding bug in src/billing/invoice.ts (cents were truncated)' },
  { at: '2026-01-16T14:10:00', text: 'The login form posts to /api/login, handled in src/auth/login.ts', stale: true },
  { at: '2026-02-20T10:00:00', text: 'The sign-in handler is now src/auth/signin.ts' },
  { at: '2026-01-18T09:15:00', text: 'Sessions expire after 30 minutes (src/auth/session.ts)' },
  { at: '2026-01-22T13:00:00', text: 'All HTTP routes are registered in src/api/routes.ts' },
  { at: '2026-02-05T10:30:00', text: 'The users table schema is in src/db/schema.ts', stale: true },
  { at: '2026-03-28T15:45:00', text: 'Added the audit table to src/db/schema.ts' },
  { at: '2026-01-25T12:00:00', text: 'Date formatting helpers live in src/utils/format.ts', stale: true },
  { at: '2026-03-05T11:20:00', text: 'Format helpers are in src/shared/format.ts now', stale: true },
  { at: '2026-01-26T10:00:00', text: 'Config is loaded from src/config.ts and overridden by .env' },
  { at: '2026-02-01T08:50:00', text: 'The nightly cleanup job is defined in src/jobs/cron.ts', stale: true },
  { at: '2026-01-30T17:30:00', text: 'Search indexing runs from `src/search/indexer.ts`' },
  { at: '2026-02-12T16:00:00', text: 'Deploy with scripts/deploy.sh from a clean checkout', stale: true },
  { at: '2026-01-28T09:00:00', text: 'Setup steps are documented in guide/setup.md' },
  { at: '2026-01-20T15:00:00', text: 'The old REST client was in src/legacy/oldApi.ts', stale: true },
  { at: '2026-02-08T14:00:00', text: '付款 webhook 的簽章驗證在 src/billing/webhook.ts 第 42 行', stale: true },
  { at: '2026-03-18T10:10:00', text: '會話逾時設定在 src/auth/session.ts' },
  { at: '2026-02-02T11:11:00', text: '`legacyRetry()` wraps the webhook retries', stale: true },
  { at: '2026-02-04T12:12:00', text: '`validateSession()` checks the expiry time' },
  { at: '2026-01-27T13:13:00', text: '`formatCurrency()` rounds to whole cents' },
  // Text that looks a little like code but cites none.
  { at: '2026-01-21T09:00:00', text: 'Read https://vitejs.dev/guide/ before touching the build config' },
  { at: '2026-02-16T10:00:00', text: 'Use Node 20.11.1 locally, e.g. through nvm' },
  { at: '2026-02-17T11:00:00', text: 'The partner API is v2.3.1; keep the client pinned' },
  { at: '2026-03-11T09:00:00', text: 'My shell config is in ~/.zshrc, not relevant to the repo' },

  // Facts, and what replaced them later (in other words, in English and Chinese).
  { at: '2026-01-13T10:00:00', key: 'jest', text: 'We run unit tests with Jest.' },
  { at: '2026-03-02T10:00:00', replaces: 'jest', text: 'Moved from Jest to Vitest for unit tests.' },
  { at: '2026-01-13T10:30:00', text: 'Unit tests must not hit the network.' },
  { at: '2026-01-13T11:00:00', key: 'npm', text: 'Package manager is npm; commit package-lock.json.' },
  { at: '2026-02-25T09:00:00', replaces: 'npm', text: 'Switched to pnpm as the package manager.' },
  { at: '2026-01-14T09:00:00', text: 'Renovate updates the package manager lockfile weekly.' },
  { at: '2026-01-15T10:00:00', key: 'mysql', text: 'The main database is MySQL 8.' },
  { at: '2026-03-12T10:00:00', replaces: 'mysql', text: 'Replaced MySQL with Postgres 16 for the main database.' },
  { at: '2026-01-19T10:00:00', key: 'travis', text: 'CI runs on Travis CI.' },
  { at: '2026-02-18T10:00:00', replaces: 'travis', text: 'We stopped using Travis; CI now runs on GitHub Actions.' },
  { at: '2026-01-21T10:00:00', key: 'heroku', text: 'Production deploys go to Heroku.' },
  { at: '2026-03-08T10:00:00', replaces: 'heroku', text: 'Deploys no longer go to Heroku; production is on Fly.io now.' },
  { at: '2026-01-23T10:00:00', key: 'redux', text: 'State management uses Redux.' },
  { at: '2026-02-27T10:00:00', replaces: 'redux', text: 'Use Zustand instead of Redux for state management.' },
  { at: '2026-01-29T10:00:00', key: 'moment', text: '日期處理用 moment.js' },
  { at: '2026-03-03T10:00:00', replaces: 'moment', text: '日期處理從 moment.js 改為 date-fns' },
  { at: '2026-02-03T10:00:00', key: 'axios', text: 'HTTP 請求使用 axios' },
  { at: '2026-03-14T10:00:00', replaces: 'axios', text: 'HTTP 請求改用 fetch，不再用 axios' },
  { at: '2026-01-31T10:00:00', key: 'typeorm', text: 'ORM 使用 TypeORM' },
  { at: '2026-03-22T10:00:00', replaces: 'typeorm', text: 'ORM 換成 Prisma 了' },
  { at: '2026-02-06T10:00:00', key: 'rabbit', text: 'Background jobs are queued in RabbitMQ.' },
  { at: '2026-03-26T10:00:00', replaces: 'rabbit', text: 'Migrated the job queue from RabbitMQ to SQS.' },
  { at: '2026-01-24T10:00:00', key: 'webpack', text: 'We bundle the frontend with webpack.' },
  { at: '2026-02-22T10:00:00', replaces: 'webpack', text: 'webpack was replaced by esbuild for the frontend bundle.' },
  { at: '2026-02-09T10:00:00', key: 'winston', kind: 'decision', text: 'Logging uses winston.' },
  { at: '2026-03-06T10:00:00', replaces: 'winston', kind: 'correction', text: 'Logging uses pino, not winston.' },
  { at: '2026-01-17T10:00:00', key: 'friday', text: 'We deploy on Fridays after 5pm.' },
  { at: '2026-02-26T10:00:00', replaces: 'friday', text: 'We no longer deploy on Fridays.' },
  { at: '2026-02-11T10:30:00', key: 'staging', text: 'The staging URL is staging.example.com.' },
  { at: '2026-03-09T10:00:00', replaces: 'staging', kind: 'correction', text: 'The staging URL is stage.example.io (corrects [[2026-02-11]] 10:30:00)' },
  { at: '2026-01-27T10:00:00', key: 'slack', text: '我們用 Slack 通知部署結果' },
  { at: '2026-03-16T10:00:00', replaces: 'slack', text: '不再使用 Slack 通知部署結果，改用 Teams' },
  // Same subjects, nothing replaced.
  { at: '2026-01-20T11:00:00', text: 'Nested ifs deeper than 3 levels fail review.' },
  { at: '2026-02-15T11:00:00', text: 'Prefer early returns instead of nested ifs.' },
  { at: '2026-02-19T11:00:00', text: 'Switched to dark mode in VS Code.' },
  { at: '2026-01-16T11:00:00', text: 'VS Code settings are synced through Settings Sync.' },
  { at: '2026-03-04T11:00:00', text: 'Vitest config lives next to the package file.' },
  { at: '2026-03-13T11:00:00', text: 'Postgres backups run nightly at 02:00.' },

  // Rules written again and again.
  { at: '2026-01-12T17:00:00', repeats: 'lint', text: 'Always run npm run lint before committing.' },
  { at: '2026-01-26T17:00:00', repeats: 'lint', text: 'Always run npm run lint before committing.' },
  { at: '2026-02-09T17:00:00', repeats: 'lint', text: 'always run `npm run lint` before committing' },
  { at: '2026-02-23T17:00:00', repeats: 'lint', text: 'Always run npm run lint before committing!' },
  { at: '2026-03-09T17:00:00', repeats: 'lint', text: 'Remember: always run npm run lint before committing.' },
  { at: '2026-03-23T17:00:00', repeats: 'lint', text: 'Always run npm run lint before you commit.' },
  { at: '2026-01-19T18:00:00', repeats: 'lint-zh', text: '提交前一定要跑 lint' },
  { at: '2026-02-16T18:00:00', repeats: 'lint-zh', text: '提交前一定要跑 lint！' },
  { at: '2026-03-16T18:00:00', repeats: 'lint-zh', text: '記得：提交前一定要跑 lint' },
  { at: '2026-01-22T18:00:00', repeats: 'review', text: 'PRs need one approving review before merge.' },
  { at: '2026-03-03T18:00:00', repeats: 'review', text: 'PRs need one approving review before merging' },
  { at: '2026-01-15T18:00:00', repeats: 'env', text: 'Never commit .env files.' },
  { at: '2026-02-12T18:00:00', repeats: 'env', text: 'Never commit .env files.' },
  { at: '2026-03-30T18:00:00', repeats: 'env', text: 'never commit .env files' },
  // Close, but other rules.
  { at: '2026-02-02T18:00:00', text: 'Always run npm run test before pushing.' },
  { at: '2026-02-24T18:00:00', text: '提交前一定要跑測試' },
  { at: '2026-03-02T18:00:00', text: 'Deploy staging on Monday.' },
  { at: '2026-03-17T18:00:00', text: 'Deploy production on Tuesday.' },
  { at: '2026-03-19T18:00:00', text: 'Never commit secrets to the repo.' },
];

/** Entity notes whose own text cites code: [kind/Name, created, lines, stale per line]. */
export type Note = { note: string; created: string; lines: { text: string; stale?: true }[] };
const NOTES: { note: string; created: string; lines: { text: string; stale?: true }[] }[] = [
  { note: 'objects/Billing', created: '2026-01-12', lines: [{ text: 'Code: src/billing/webhook.ts and the invoice maths', stale: true }, { text: 'Owner: the payments team' }] },
  { note: 'objects/Auth', created: '2026-01-18', lines: [{ text: 'Session code: src/auth/session.ts' }] },
  { note: 'objects/Search', created: '2026-04-10', lines: [{ text: 'Indexer: src/search/indexer.ts' }] },
];

// ---- building it ----------------------------------------------------------------------------

function git(root: string, args: string[], at?: string): string {
  const env = { ...process.env, GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@example.com', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@example.com' };
  if (at) Object.assign(env, { GIT_AUTHOR_DATE: at, GIT_COMMITTER_DATE: at });
  return execFileSync('git', args, { cwd: root, env, encoding: 'utf8' });
}

/** A project and what was written about it: its code's history, its memories, its entity notes. */
export interface ScenarioSet {
  code: CodeChange[];
  memories: Memory[];
  notes: Note[];
}

/**
 * Builds a scenario in `root` (an empty folder): the project's history, then the vault. `main` is
 * the one the rules were measured on; `heldout` (truthScenarioHeldOut.ts) another project, written
 * afterwards in other words, that no rule was tuned on.
 */
export async function buildTruthScenario(root: string, set: ScenarioSet = { code: CODE, memories: MEMORIES, notes: NOTES }): Promise<Scenario> {
  const { code: CODE, memories: MEMORIES, notes: NOTES } = set;
  git(root, ['init', '-q', '-b', 'main']);
  fs.writeFileSync(path.join(root, '.gitignore'), '.CoreSoul/\n');
  for (const change of CODE) {
    for (const [rel, text] of Object.entries(change.write ?? {})) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    }
    for (const rel of change.remove ?? []) git(root, ['rm', '-q', rel]);
    for (const [from, to] of change.rename ?? []) {
      fs.mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
      git(root, ['mv', from, to]);
    }
    git(root, ['add', '-A']);
    git(root, ['commit', '-q', '-m', `change at ${change.at}`], change.at);
  }

  await initVault(root, { clock: fixedClock('2026-01-05T09:00:00'), git: false });
  const vault = openVault(root);
  const labels: ScenarioLabels = { stale: new Set(), superseded: new Map(), duplicate: new Set(), all: new Set() };

  const byDay = new Map<string, Memory[]>();
  for (const m of MEMORIES) {
    const day = m.at.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), m]);
  }
  const idOf = new Map<Memory, string>();
  for (const [day, list] of [...byDay].sort()) {
    list.sort((a, b) => a.at.localeCompare(b.at));
    const lines = [`# ${day}`, ''];
    for (const m of list) {
      lines.push(`- ${m.at.slice(11)} ${m.kind ? `#${m.kind} ` : ''}${m.text}`);
      idOf.set(m, `.CoreSoul/memory/chronological/${day}.md:${lines.length}`);
    }
    fs.writeFileSync(path.join(vault.chronoDir, `${day}.md`), `${lines.join('\n')}\n`);
  }
  const keyed = new Map(MEMORIES.filter((m) => m.key).map((m) => [m.key!, m]));
  const firstOf = new Map<string, Memory>();
  for (const m of [...MEMORIES].sort((a, b) => a.at.localeCompare(b.at))) {
    const id = idOf.get(m)!;
    labels.all.add(id);
    if (m.stale) labels.stale.add(id);
    if (m.replaces) labels.superseded.set(idOf.get(keyed.get(m.replaces)!)!, id);
    if (m.repeats) {
      if (firstOf.has(m.repeats)) labels.duplicate.add(id);
      else firstOf.set(m.repeats, m);
    }
  }
  for (const n of NOTES) {
    const [kind, name] = n.note.split('/');
    const rel = `.CoreSoul/memory/entities/${kind}/${name}.md`;
    const head = ['---', `kind: ${kind}`, 'aliases: []', `created: ${n.created}`, '---', `# ${name}`, ''];
    const lines = [...head];
    for (const l of n.lines) {
      lines.push(l.text);
      const id = `${rel}:${lines.length}`;
      labels.all.add(id);
      if (l.stale) labels.stale.add(id);
    }
    lines.push('', `- [[${n.created}]] 09:00:00 noted`);
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), `${lines.join('\n')}\n`);
  }
  return { root, vault, labels };
}

/**
 * `npm run test:e2e [-- --grep <text>] [--keep] [--electron]`: the extension in a real VS Code.
 *
 * Provisions Chromium and code-server (cached; offline), bundles the suite, and for every suite
 * opens a fresh window on a fresh fixture workspace, where the suite runs inside the real
 * extension host with the extension under development. `--electron` runs the same suite in
 * desktop VS Code downloaded at run time instead (machines with internet only). Prints each test and `N passed, N failed`; exits 0 when
 * every test passed, 1 when one failed (named), 2 when something could not be installed.
 * Whatever happens, including Ctrl-C or SIGTERM, every process it started is ended.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { E2E_DIR, bundleFakeModel, bundleSuite, mapStack, planSuite } from './bundle';
import { codeServerHost } from './codeServer';
import { type ControlServer, startControl } from './control';
import { type Fixture, makeFixture } from './fixtures';
import { killMarked, killOrphansOfDeadRuns, markRun, survivors } from './processes';
import { CONTROL_ENV, type Metric, type PlannedSuite, type SessionInfo, type TestResult, fullName } from './protocol';
import { ProvisionError, type Tools, cacheRoot, provision } from './provision';
import { type Host, type HostOptions, perform } from './workbench';

const REPO = path.resolve(E2E_DIR, '../..');
const RESULTS = path.join(REPO, 'test-results');
const SCREENSHOTS = path.join(RESULTS, 'screenshots');
const LOGS = path.join(RESULTS, 'e2e-logs');
/** The whole run after provisioning must end by itself within this. */
const RUN_LIMIT_MS = 30 * 60_000;
/** A window gets this much on top of its tests' own time limits to start and finish. */
const WINDOW_OVERHEAD_MS = 120_000;

const say = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => say(`e2e: ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** A failure as printed: its whole message (an assertion's diff, up to 40 lines), then where it was thrown. */
function failureText(error: string): string {
  const lines = error.split('\n');
  const stack = lines.findIndex((l) => /^\s+at /.test(l));
  return stack === -1 ? lines.slice(0, 40).join('\n') : [...lines.slice(0, Math.min(stack, 40)), ...lines.slice(stack, stack + 2)].join('\n');
}

type ExtensionKind = 'development' | 'vsix';
const hostDirName = (kind: ExtensionKind) => (kind === 'development' ? 'host' : `host-${kind}`);

/** The VSIX as `npm run package` makes it (the same script, so the same contents), into `dir`. */
function packageVsix(dir: string): string {
  const file = path.join(dir, 'core-soul.vsix');
  execFileSync('npm', ['run', '--silent', 'package', '--', '--out', file], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });
  note(`packaged ${path.relative(dir, file)} (${(fs.statSync(file).size / 1024).toFixed(0)} KiB) for the suites that install it`);
  return file;
}

interface State {
  mark: string;
  runDir?: string;
  /** One host per kind of extension the suites ask for (under development, or the installed VSIX). */
  hosts: Map<ExtensionKind, Host>;
  control?: ControlServer;
  keep: boolean;
  tornDown?: boolean;
}

async function teardown(s: State): Promise<void> {
  if (s.tornDown) return;
  s.tornDown = true;
  await Promise.all([...s.hosts.values()].map((h) => h.close()));
  killMarked(s.mark);
  s.control?.close();
  for (const kind of s.hosts.keys()) {
    const serverLog = s.runDir && path.join(s.runDir, hostDirName(kind), 'code-server.log');
    if (serverLog && fs.existsSync(serverLog)) fs.copyFileSync(serverLog, path.join(LOGS, `${hostDirName(kind).replace('host', 'code-server')}.log`));
  }
  if (s.runDir && !s.keep) fs.rmSync(s.runDir, { recursive: true, force: true });
  else if (s.runDir) note(`kept ${s.runDir}`);
}

/** Temporary folders of earlier runs that were killed before they could remove them. */
function removeRunDirsOfDeadRuns(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const owner = Number(/^coresoul-e2e-(\d+)-/.exec(name)?.[1]);
    if (!owner) continue;
    try {
      process.kill(owner, 0);
    } catch {
      fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
}

async function main(state: State, grep: string, electron: boolean): Promise<number> {
  const t0 = Date.now();
  const orphans = killOrphansOfDeadRuns();
  if (orphans) note(`ended ${orphans} process(es) left behind by an earlier run that was killed`);

  let tools: Tools | undefined;
  if (!electron) {
    try {
      tools = await provision(note);
    } catch (err) {
      if (!(err instanceof ProvisionError)) throw err;
      process.stderr.write(`e2e: cannot run: ${err.message}\n`);
      return 2;
    }
    note(`tools ready in ${seconds(Date.now() - t0)} (${cacheRoot()})`);
  }
  setTimeout(() => {
    say(`e2e: the run did not end within ${RUN_LIMIT_MS / 60_000} min; stopping`);
    void teardown(state).finally(() => process.exit(1));
  }, RUN_LIMIT_MS).unref();

  removeRunDirsOfDeadRuns();
  state.runDir = fs.mkdtempSync(path.join(os.tmpdir(), `coresoul-e2e-${process.pid}-`));
  for (const d of [LOGS, SCREENSHOTS]) {
    fs.rmSync(d, { recursive: true, force: true });
    fs.mkdirSync(d, { recursive: true });
  }
  const bundle = path.join(state.runDir, 'suite.js');
  await bundleSuite(bundle);
  const fakeModel = path.join(state.runDir, 'fake-model');
  await bundleFakeModel(fakeModel);
  const plan: PlannedSuite[] = planSuite(bundle)
    .map((s) => ({ ...s, tests: s.tests.filter((t) => fullName(s.suite, t).includes(grep)) }))
    .filter((s) => s.tests.length);
  if (!plan.length) {
    say(grep ? `e2e: no test matches --grep ${grep}` : 'e2e: no tests found under test/e2e/suite');
    say('0 passed, 0 failed');
    return 1;
  }

  // State of the window being run, shared with the control server's handlers.
  let session: SessionInfo = { suite: '', grep };
  let page: Page | undefined;
  let running: string | undefined;
  const results = new Map<string, TestResult>();
  const metrics: Metric[] = [];
  const safeName = (name: string) => name.replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '');

  state.control = await startControl({
    session: () => session,
    begin: (name) => {
      running = name;
    },
    result: (r) => {
      running = undefined;
      results.set(r.name, r);
      say(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.ms} ms)`);
      if (!r.ok) {
        say(`      ${failureText(mapStack(bundle, r.error ?? '')).replace(/\n/g, '\n      ')}`);
        void page?.screenshot({ path: path.join(SCREENSHOTS, `FAILED-${safeName(r.name)}.png`) }).catch(() => undefined);
      }
    },
    metric: (m) => {
      metrics.push(m);
    },
    ui: async (a) => (page ? perform(page, a, SCREENSHOTS) : { ok: false, error: 'no window is open' }),
  });

  const env = { ...process.env, [CONTROL_ENV]: state.control.url };
  /** The host for `kind`, started the first time a suite needs it. */
  const hostFor = async (kind: ExtensionKind): Promise<Host> => {
    const started = state.hosts.get(kind);
    if (started) return started;
    const dir = path.join(state.runDir!, hostDirName(kind));
    fs.mkdirSync(dir);
    // VS Code runs a suite only in a window with an extension under development: for the
    // installed package, that is the fake model, never the repository.
    const opts: HostOptions =
      kind === 'vsix'
        ? { extension: fakeModel, installed: [], vsix: packageVsix(state.runDir!), suite: bundle, env }
        : { extension: REPO, installed: [fakeModel], suite: bundle, env };
    // The Electron host's modules load only when asked for: the offline run never needs them.
    const host = tools ? await codeServerHost(tools, dir, opts) : await (await import('./electron')).electronHost(dir, opts);
    state.hosts.set(kind, host);
    note(`${kind}: ${host.label}`);
    return host;
  };

  const windowProblems: string[] = [];
  for (const [i, s] of plan.entries()) {
    const folder = path.join(state.runDir, `window-${i + 1}`, s.fixture);
    makeFixture(s.fixture as Fixture, folder, path.join(REPO, 'dist/cli.js'));
    session = { suite: s.suite, grep };
    say(`${s.suite} (fixture: ${s.fixture})`);
    const log = fs.createWriteStream(path.join(LOGS, `${safeName(s.suite)}.log`));
    let host: Host;
    try {
      host = await hostFor(s.from ?? 'development');
    } catch (err) {
      if (tools) throw err;
      process.stderr.write(`e2e: cannot run: --electron downloads VS Code at run time and needs internet (${(err as Error).message})\n`);
      return 2;
    }
    // (A page may still log while it closes: nothing is written once the window's log has ended.)
    const opened = await host.run(folder, WINDOW_OVERHEAD_MS + s.budgetMs, (l) => void (log.writableEnded || log.write(`${l}\n`)), (p) => (page = p));
    const { end } = opened;
    for (const t of s.tests) {
      const name = fullName(s.suite, t);
      if (!results.has(name)) {
        const why = name === running ? `did not finish: ${end.reason}` : `did not run: ${end.reason}`;
        results.set(name, { name, ok: false, ms: 0, error: why });
        say(`  ✘ ${name} (${why})`);
      }
    }
    if (end.code !== 0 && s.tests.every((t) => results.get(fullName(s.suite, t))?.ok)) windowProblems.push(`${s.suite}: ${end.reason}`);
    if (end.code !== 0) await opened.page.screenshot({ path: path.join(SCREENSHOTS, `FAILED-window-${safeName(s.suite)}.png`) }).catch(() => undefined);
    page = undefined;
    await opened.close();
    log.end();
  }

  await teardown(state);
  const left = survivors(state.mark);
  if (left.length) windowProblems.push(`teardown left ${left.length} process(es) running: ${left.join(' ')}`);
  else note('teardown: every process this run started has ended');

  const all = [...results.values()];
  const failed = all.filter((r) => !r.ok);
  fs.writeFileSync(path.join(RESULTS, 'e2e-metrics.json'), `${JSON.stringify(metrics, null, 2)}\n`);
  for (const m of metrics) note(`${m.name}: ${m.value} ${m.unit}`);
  note(`${plan.length} window(s) in ${seconds(Date.now() - t0)}; screenshots in ${path.relative(REPO, SCREENSHOTS)}/, logs in ${path.relative(REPO, LOGS)}/`);
  for (const p of windowProblems) say(`failed: ${p}`);
  for (const r of failed) say(`failed: ${r.name}`);
  say(`${all.length - failed.length} passed, ${failed.length + windowProblems.length} failed`);
  return failed.length || windowProblems.length ? 1 : 0;
}

const { values } = parseArgs({
  options: { grep: { type: 'string', default: '' }, keep: { type: 'boolean', default: false }, electron: { type: 'boolean', default: false } },
});
const state: State = { mark: markRun(), keep: Boolean(values.keep), hosts: new Map() };

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  void teardown(state).finally(() => {
    const left = survivors(state.mark);
    if (left.length) say(`e2e: teardown left ${left.length} process(es): ${left.join(' ')}`);
    process.exit(code);
  });
};
for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
  process.on(sig, () => {
    say(`e2e: ${sig}: stopping and tearing down`);
    stop(code);
  });
}
// Last resort if the process exits some other way: synchronous, by pid.
process.on('exit', () => killMarked(state.mark, 1000));

main(state, values.grep ?? '', Boolean(values.electron)).then(stop, (err: unknown) => {
  process.stderr.write(`e2e: harness error: ${err instanceof Error ? err.stack : String(err)}\n`);
  stop(1);
});

/**
 * The offline host: code-server (VS Code in a browser) on a free loopback port, opened in
 * Debian's Chromium by playwright-core. The suite runs in code-server's extension host with the
 * extension under development; VS Code reports its exit code through `codeAutomationExit`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import type { Tools } from './provision';
import { type Host, type HostOptions, type SessionEnd, VIEWPORT, freePort, installExtensions, writeUserSettings } from './workbench';

/** The flags this machine's closed network needs (no background connections, no QUIC). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function startCodeServer(tools: Tools, dir: string, env: NodeJS.ProcessEnv, installed: string[], vsix?: string): Promise<{ port: number; process: ChildProcess }> {
  const port = await freePort();
  const logFile = path.join(dir, 'code-server.log');
  writeUserSettings(path.join(dir, 'user-data'));
  const common = ['--user-data-dir', path.join(dir, 'user-data'), '--extensions-dir', path.join(dir, 'extensions')];
  const nodeEnv = { ...env, PATH: `${path.dirname(tools.node)}:${env.PATH}` };
  installExtensions(path.join(dir, 'extensions'), installed);
  // As a person installs a downloaded package: with code-server's own command, into this host's extensions folder.
  if (vsix) execFileSync(tools.node, [tools.codeServer, ...common, '--install-extension', vsix], { env: nodeEnv, stdio: 'ignore', timeout: 120_000 });
  const log = fs.openSync(logFile, 'a');
  const args = [
    tools.codeServer,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    ...common,
    // Runs the suite given by extensionTestsPath and reports through codeAutomationLog/Exit.
    '--vscode-option', 'enable-smoke-test-driver',
  ];
  // Its own process group, so that teardown can end it and everything it started at once.
  const child = spawn(tools.node, args, { detached: true, stdio: ['ignore', log, log], env: nodeEnv });
  fs.closeSync(log);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return { port, process: child };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`code-server did not answer on port ${port} within 90 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function launchBrowser(tools: Tools, userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: tools.chromium,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: VIEWPORT,
    timeout: 60_000,
    // Teardown is ours (see processes.ts): Playwright must not race it on signals.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** The workbench URL that opens `folder` with the extension under development and the suite. */
function workbenchUrl(port: number, folder: string, extensionPath: string, testsPath: string): string {
  const remote = (p: string) => `vscode-remote://127.0.0.1:${port}${p}`;
  const payload = JSON.stringify([
    ['extensionDevelopmentPath', remote(extensionPath)],
    ['extensionTestsPath', remote(testsPath)],
  ]);
  return `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(payload)}`;
}

/** Starts code-server and Chromium in `dir`; each `run` opens one page (one window). */
export async function codeServerHost(tools: Tools, dir: string, opts: HostOptions): Promise<Host> {
  const server = await startCodeServer(tools, dir, opts.env, opts.installed, opts.vsix);
  const browser = await launchBrowser(tools, path.join(dir, 'chromium-profile'));
  return {
    label: `code-server on 127.0.0.1:${server.port} (logs: ${path.join(dir, 'code-server.log')}), Chromium ${tools.chromium}`,
    async run(folder, timeoutMs, onLog, onPage) {
      const page = await browser.newPage();
      onPage(page);
      let finish!: (end: SessionEnd) => void;
      const ended = new Promise<SessionEnd>((r) => (finish = r));
      await page.exposeFunction('codeAutomationLog', (level: string, message: string) => onLog(`[${level}] ${message}`));
      await page.exposeFunction('codeAutomationExit', (code: number, logs?: { relativePath: string; contents: string }[]) => {
        for (const l of logs ?? []) onLog(`--- ${l.relativePath}\n${l.contents}`);
        finish({ code, reason: `extension host exited with ${code}` });
      });
      page.on('crash', () => finish({ code: undefined, reason: 'the page crashed' }));
      page.on('pageerror', (err) => onLog(`[page error] ${err.message}`));
      const timer = setTimeout(() => finish({ code: undefined, reason: `no result within ${timeoutMs / 1000} s` }), timeoutMs);
      const close = () => page.close().catch(() => undefined);
      try {
        await page.goto(workbenchUrl(server.port, folder, opts.extension, opts.suite), { timeout: 60_000 });
        return { page, end: await ended, close };
      } catch (err) {
        return { page, end: { code: undefined, reason: `could not open the workbench: ${(err as Error).message}` }, close };
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await Promise.race([browser.close().catch(() => undefined), new Promise((r) => setTimeout(r, 10_000))]);
      try {
        if (server.process.pid) process.kill(-server.process.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    },
  };
}

/**
 * The real workbench: code-server on a free loopback port, opened in Debian's Chromium by
 * playwright-core, and the person-like actions the suite asks for (command palette,
 * notifications, screenshots).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import type { UiAction, UiReply } from './protocol';
import type { Tools } from './provision';

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

/** The little of the DOM that the functions run inside the page use (the project has no DOM types). */
declare const document: {
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): Iterable<{ textContent: string | null }>;
};

export const VIEWPORT = { width: 1280, height: 800 };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface CodeServer {
  port: number;
  process: ChildProcess;
  logFile: string;
}

export async function startCodeServer(tools: Tools, dir: string, env: NodeJS.ProcessEnv): Promise<CodeServer> {
  const port = await freePort();
  const logFile = path.join(dir, 'code-server.log');
  const log = fs.openSync(logFile, 'a');
  const args = [
    tools.codeServer,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--user-data-dir', path.join(dir, 'user-data'),
    '--extensions-dir', path.join(dir, 'extensions'),
    // Runs the suite given by extensionTestsPath and reports through codeAutomationLog/Exit.
    '--vscode-option', 'enable-smoke-test-driver',
  ];
  // Its own process group, so that teardown can end it and everything it started at once.
  const child = spawn(tools.node, args, { detached: true, stdio: ['ignore', log, log], env: { ...env, PATH: `${path.dirname(tools.node)}:${env.PATH}` } });
  fs.closeSync(log);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return { port, process: child, logFile };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`code-server did not answer on port ${port} within 90 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function launchBrowser(tools: Tools, userDataDir: string): Promise<BrowserContext> {
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
export function workbenchUrl(port: number, folder: string, extensionPath: string, testsPath: string): string {
  const remote = (p: string) => `vscode-remote://127.0.0.1:${port}${p}`;
  const payload = JSON.stringify([
    ['extensionDevelopmentPath', remote(extensionPath)],
    ['extensionTestsPath', remote(testsPath)],
  ]);
  return `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(payload)}`;
}

export interface SessionEnd {
  /** The extension host's exit code (0: every test passed), or undefined when it never ended. */
  code: number | undefined;
  reason: string;
}

/**
 * Opens a window and waits until the suite in its extension host ends (VS Code reports the exit
 * code through `codeAutomationExit`) or `timeoutMs` passes.
 */
export async function runWindow(
  context: BrowserContext,
  url: string,
  timeoutMs: number,
  onLog: (line: string) => void,
  onPage: (page: Page) => void,
): Promise<{ page: Page; end: SessionEnd }> {
  const page = await context.newPage();
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
  try {
    await page.goto(url, { timeout: 60_000 });
    return { page, end: await ended };
  } catch (err) {
    return { page, end: { code: undefined, reason: `could not open the workbench: ${(err as Error).message}` } };
  } finally {
    clearTimeout(timer);
  }
}

const UI_TIMEOUT = 20_000;

/** Does what a person would do in the workbench page. */
export async function perform(page: Page, a: UiAction, screenshotsDir: string): Promise<UiReply> {
  try {
    switch (a.action) {
      case 'palette': {
        const input = page.locator('.quick-input-widget .quick-input-box input');
        await page.locator('.monaco-workbench').waitFor({ timeout: UI_TIMEOUT });
        await page.keyboard.press('Escape');
        await page.keyboard.press('F1');
        await input.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
        await input.fill(`>${a.title}`);
        // The entry the palette selects must be the command asked for, not a near miss.
        const selected = page.locator('.quick-input-list .monaco-list-row.focused .label-name');
        await page.waitForFunction(
          ({ title }) => document.querySelector('.quick-input-list .monaco-list-row.focused .label-name')?.textContent?.trim() === title,
          { title: a.title },
          { timeout: UI_TIMEOUT },
        ).catch(async () => {
          throw new Error(`the palette selects "${(await selected.textContent().catch(() => null)) ?? 'nothing'}", not "${a.title}"`);
        });
        await page.keyboard.press('Enter');
        await input.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
        return { ok: true };
      }
      case 'notification': {
        // With the smoke-test driver on, VS Code shows no toasts: notifications go straight to
        // the notification center, which a person opens with the bell in the status bar.
        if (!(await page.locator('.notifications-center.visible').isVisible())) {
          await page.locator('.statusbar-item[id="status.notifications"]').click({ timeout: UI_TIMEOUT });
        }
        const re = new RegExp(a.pattern);
        const handle = await page.waitForFunction(
          (source) => {
            const rx = new RegExp(source);
            for (const el of document.querySelectorAll('.notifications-center .notification-list-item-message')) {
              const text = el.textContent ?? '';
              if (rx.test(text)) return text;
            }
            return undefined;
          },
          re.source,
          { timeout: UI_TIMEOUT },
        );
        return { ok: true, text: (await handle.jsonValue()) as string };
      }
      case 'screenshot': {
        if (!/^[\w.-]+$/.test(a.name)) return { ok: false, error: `bad screenshot name ${a.name}` };
        fs.mkdirSync(screenshotsDir, { recursive: true });
        await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2); // no hover tooltip in the picture
        await page.screenshot({ path: path.join(screenshotsDir, `${a.name}.png`), timeout: UI_TIMEOUT });
        return { ok: true };
      }
    }
  } catch (err) {
    return { ok: false, error: (err as Error).message.split('\n')[0] };
  }
}

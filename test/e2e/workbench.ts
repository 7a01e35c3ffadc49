/**
 * What every way of running the workbench shares: a `Host` opens one window per suite and
 * reports how its extension host ended; `perform` does the person-like actions the suite asks
 * for (command palette, notifications, screenshots) on that window's page.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { FAKE_VENDOR } from './fakeModel/manifest';
import type { UiAction, UiReply, UiRow } from './protocol';

export interface SessionEnd {
  /** The extension host's exit code (0: every test passed), or undefined when it never ended. */
  code: number | undefined;
  reason: string;
}

export interface OpenedWindow {
  page: Page;
  end: SessionEnd;
  close(): Promise<void>;
}

/** What a host loads into every window beside the suite (extensionTestsPath). */
export interface HostOptions {
  /** The extension under development (a folder); code-server keeps only one. */
  extension: string;
  /** Extension folders copied into the host's extensions folder, as if installed. */
  installed: string[];
  /** A packaged extension to install with the host's own command (so the package must be complete on its own). */
  vsix?: string;
  /** The bundled suite (extensionTestsPath). */
  suite: string;
  env: NodeJS.ProcessEnv;
}

export interface Host {
  /** One line for the log: what runs the workbench. */
  label: string;
  /**
   * Opens `folder` in a fresh window with the extension under development and the bundled suite,
   * and resolves when the suite's extension host has ended or `timeoutMs` has passed.
   */
  run(folder: string, timeoutMs: number, onLog: (line: string) => void, onPage: (page: Page) => void): Promise<OpenedWindow>;
  close(): Promise<void>;
}

/** Workbench settings for a quiet, reproducible window. */
export const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'security.workspace.trust.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

export function writeUserSettings(userDataDir: string): void {
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'User/settings.json'), `${JSON.stringify(USER_SETTINGS, null, 2)}\n`);
  // The fake chat model (fakeModel/) configured as the user's own model provider: with one, the
  // chat runs without the Copilot sign-in that this offline machine cannot do.
  fs.writeFileSync(path.join(userDataDir, 'User/chatLanguageModels.json'), `${JSON.stringify([{ name: 'Fake', vendor: FAKE_VENDOR }], null, 2)}\n`);
}

/**
 * Installs built extensions (folders with a package.json) into an extensions folder as VS Code
 * would, beside the extension under development. (code-server keeps only one
 * extensionDevelopmentPath from the window's payload, so a second extension cannot go there.)
 */
export function installExtensions(extensionsDir: string, folders: string[]): void {
  fs.mkdirSync(extensionsDir, { recursive: true });
  const installed = folders.map((folder) => {
    const { publisher, name, version } = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, string>;
    const relativeLocation = `${publisher}.${name}-${version}`;
    const location = path.join(extensionsDir, relativeLocation);
    fs.cpSync(folder, location, { recursive: true });
    return { identifier: { id: `${publisher}.${name}` }, version, location: { $mid: 1, scheme: 'file', path: location }, relativeLocation };
  });
  fs.writeFileSync(path.join(extensionsDir, 'extensions.json'), JSON.stringify(installed));
}

/** The little of the DOM that the functions run inside the page use (the project has no DOM types). */
interface Element {
  textContent: string | null;
  value?: string;
  checkVisibility(): boolean;
  getAttribute(name: string): string | null;
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): Iterable<Element>;
}
declare const document: {
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): Iterable<Element>;
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

const UI_TIMEOUT = 20_000;
const QUICK_INPUT = '.quick-input-widget';

/**
 * The side bar section (view pane) whose title is `view`, expanded. A view alone in its container
 * has its header hidden (the container's title names it), so the header need not be visible.
 */
async function viewPane(page: Page, view: string) {
  const header = page.locator('.pane-header', { has: page.locator('h3.title', { hasText: new RegExp(`^${escapeRegExp(view)}$`) }) });
  await header.waitFor({ state: 'attached', timeout: UI_TIMEOUT });
  if ((await header.isVisible()) && (await header.getAttribute('aria-expanded')) === 'false') await header.click();
  return page.locator('.pane', { has: header });
}

/**
 * The rows of a view pane or the quick pick, in display order (lists render only visible rows).
 * Runs inside the page: it may use nothing from outside its own body, nor name a function
 * inside it (tsx would wrap that in a helper the page does not have).
 */
function readRows(container: Element, kind: 'tree' | 'quickPick'): UiRow[] {
  return [...container.querySelectorAll('.monaco-list-row')]
    .sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')))
    .map((row) => {
      if (kind === 'quickPick') {
        const main = row.querySelector('.quick-input-list-row');
        const detail = row.querySelector('.quick-input-list-label-meta .label-name')?.textContent?.trim();
        return {
          label: main?.querySelector('.label-name')?.textContent?.trim() ?? '',
          description: main?.querySelector('.label-description')?.textContent?.trim() ?? '',
          ...(detail && { detail }),
        };
      }
      const expanded = row.getAttribute('aria-expanded');
      return {
        label: row.querySelector('.label-name')?.textContent?.trim() ?? '',
        description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
        level: Number(row.getAttribute('aria-level')),
        ...(expanded !== null && { expanded: expanded === 'true' }),
      };
    });
}

/**
 * The page of the webview that is shown: VS Code puts each webview in an iframe (`iframe.webview`)
 * whose own page holds the extension's content in a second one (`#active-frame`).
 */
const webviewPage = (page: Page) => page.frameLocator('iframe.webview.ready:visible').frameLocator('#active-frame');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
        // The palette closes; the command may at once open an input box in the same widget.
        await page.waitForFunction(
          (typed) => {
            const box = document.querySelector('.quick-input-widget .quick-input-box input');
            return !box?.checkVisibility() || box.value !== typed;
          },
          `>${a.title}`,
          { timeout: UI_TIMEOUT },
        );
        return { ok: true };
      }
      case 'notification': {
        // With the smoke-test driver on, VS Code shows no toasts: notifications go straight to
        // the notification center, which a person opens with the bell in the status bar. The
        // center may be opened before the notification arrives, or close again: poll, reopening.
        const center = page.locator('.notifications-center.visible');
        const bell = page.locator('.statusbar-item[id="status.notifications"]');
        const messages = () =>
          page.evaluate(() => [...document.querySelectorAll('.notifications-center .notification-list-item-message')].map((el) => el.textContent ?? ''));
        const deadline = Date.now() + UI_TIMEOUT;
        const re = new RegExp(a.pattern);
        let lastClick = 0;
        for (;;) {
          if (!(await center.isVisible()) && Date.now() - lastClick > 2_000) {
            await bell.click({ timeout: UI_TIMEOUT });
            lastClick = Date.now();
          }
          // The list renders only the rows in view, newest at the top: scroll up to see new ones.
          // (It may close again between the check and the hover: then the next round reopens it.)
          if (await center.isVisible()) {
            const hovered = await page.locator('.notifications-center .notifications-list-container').hover({ timeout: 2_000 }).then(() => true, () => false);
            if (hovered) await page.mouse.wheel(0, -10_000);
          }
          const shown = await messages();
          const text = shown.find((m) => re.test(m));
          if (text !== undefined) return { ok: true, text };
          if (Date.now() > deadline) {
            return { ok: false, error: `no notification matches /${a.pattern}/ within ${UI_TIMEOUT / 1000} s; shown: ${JSON.stringify(shown)}` };
          }
          await page.waitForTimeout(200);
        }
      }
      case 'rename': {
        const box = page.locator('.monaco-editor .rename-box input');
        await box.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
        await box.fill(a.newName);
        await box.press('Enter');
        await box.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
        return { ok: true };
      }
      case 'input': {
        const input = page.locator(`${QUICK_INPUT} .quick-input-box input`);
        await input.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
        await input.fill(a.text);
        const title = (await page.locator(`${QUICK_INPUT} .quick-input-title`).textContent())?.trim() ?? '';
        if (a.enter) {
          await page.keyboard.press('Enter');
        }
        return { ok: true, text: title };
      }
      case 'quickPick': {
        const list = page.locator(`${QUICK_INPUT} .quick-input-list`);
        await list.locator('.monaco-list-row').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT });
        const rows = await list.evaluate(readRows, 'quickPick' as const);
        const title = (await page.locator(`${QUICK_INPUT} .quick-input-title`).textContent())?.trim() ?? '';
        return { ok: true, rows, text: title };
      }
      case 'pick': {
        const row = page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`, {
          has: page.locator('.quick-input-list-row:first-child .label-name', { hasText: new RegExp(a.pattern) }),
        });
        await row.first().click({ timeout: UI_TIMEOUT });
        return { ok: true };
      }
      case 'treeRows': {
        const pane = await viewPane(page, a.view);
        const body = pane.locator('.pane-body');
        await body.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
        const rows = await body.evaluate(readRows, 'tree' as const);
        const message = await body.evaluate((el: Element) =>
          (el.querySelector('.message:not(.hide)') ?? el.querySelector('.welcome-view-content'))?.textContent?.trim() || undefined,
        );
        return { ok: true, rows, ...(message && { message }) };
      }
      case 'clickTreeRow': {
        const pane = await viewPane(page, a.view);
        const row = pane.locator('.pane-body .monaco-list-row', { has: page.locator('.label-name', { hasText: new RegExp(a.pattern) }) });
        await row.first().click({ timeout: UI_TIMEOUT });
        return { ok: true };
      }
      case 'notificationButton': {
        const bell = page.locator('.statusbar-item[id="status.notifications"]');
        if (!(await page.locator('.notifications-center.visible').isVisible())) await bell.click({ timeout: UI_TIMEOUT });
        const item = page.locator('.notifications-center .notification-list-item', {
          has: page.locator('.notification-list-item-message', { hasText: new RegExp(a.pattern) }),
        });
        await item.first().locator('.monaco-button', { hasText: a.button }).first().click({ timeout: UI_TIMEOUT });
        return { ok: true };
      }
      case 'screenshot': {
        if (!/^[\w.-]+$/.test(a.name)) return { ok: false, error: `bad screenshot name ${a.name}` };
        fs.mkdirSync(screenshotsDir, { recursive: true });
        await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2); // no hover tooltip in the picture
        await page.screenshot({ path: path.join(screenshotsDir, `${a.name}.png`), timeout: UI_TIMEOUT });
        return { ok: true };
      }
      case 'texts':
        if (!a.webview) return { ok: true, texts: await page.locator(a.selector).allInnerTexts() };
        // A webview draws with SVG too, whose elements have no innerText: their text content is what shows.
        return { ok: true, texts: await webviewPage(page).locator(a.selector).evaluateAll((els) => els.map((e) => ('innerText' in e ? String(e.innerText) : (e.textContent ?? '')))) };
      case 'click': {
        // The element whose whole text is `text`; the last such: in a chat, the newest answer's button.
        const exact = new RegExp(`^\\s*${escapeRegExp(a.text)}\\s*$`);
        await (a.webview ? webviewPage(page) : page).locator(a.selector).filter({ hasText: exact }).last().click({ timeout: UI_TIMEOUT });
        return { ok: true };
      }
      case 'type':
        await page.keyboard.type(a.text, { delay: 20 });
        return { ok: true };
    }
  } catch (err) {
    return { ok: false, error: (err as Error).message.split('\n')[0] };
  }
}

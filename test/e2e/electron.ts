/**
 * The host for machines with internet (`npm run test:e2e -- --electron`): desktop VS Code,
 * downloaded at run time by @vscode/test-electron, launched and driven by playwright-core's
 * Electron support, with the same suite and the same person-like actions as the offline run.
 * Desktop VS Code exits with the suite's exit code when extensionTestsPath is given.
 * It needs a display (on a headless Linux, run it under xvfb-run).
 */
import { downloadAndUnzipVSCode, resolveCliArgsFromVSCodeExecutablePath } from '@vscode/test-electron';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { _electron } from 'playwright-core';
import { VERSIONS } from './provision';
import { type Host, type HostOptions, type SessionEnd, installExtensions, writeUserSettings } from './workbench';

export async function electronHost(dir: string, opts: HostOptions): Promise<Host> {
  const version = process.env.CORESOUL_E2E_VSCODE || VERSIONS.vscode;
  const executablePath = await downloadAndUnzipVSCode(version);
  let windows = 0;
  return {
    label: `VS Code ${version} desktop (${executablePath})`,
    async run(folder, timeoutMs, onLog, onPage) {
      const profile = path.join(dir, `vscode-${++windows}`);
      writeUserSettings(path.join(profile, 'user-data'));
      const dirs = [`--user-data-dir=${path.join(profile, 'user-data')}`, `--extensions-dir=${path.join(profile, 'extensions')}`];
      installExtensions(path.join(profile, 'extensions'), opts.installed);
      if (opts.vsix) {
        const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(executablePath);
        execFileSync(cli!, [...cliArgs, ...dirs, '--install-extension', opts.vsix], { stdio: 'ignore', timeout: 120_000 });
      }
      const app = await _electron.launch({
        executablePath,
        args: [
          folder,
          `--extensionDevelopmentPath=${opts.extension}`,
          `--extensionTestsPath=${opts.suite}`,
          ...dirs,
          '--enable-smoke-test-driver',
          '--disable-workspace-trust',
          '--disable-updates',
          '--skip-welcome',
          '--skip-release-notes',
          '--no-cached-data',
        ],
        env: opts.env as Record<string, string>,
        timeout: 120_000,
      });
      const child = app.process();
      const ended = new Promise<SessionEnd>((resolve) => {
        const timer = setTimeout(() => resolve({ code: undefined, reason: `no result within ${timeoutMs / 1000} s` }), timeoutMs);
        child.on('exit', (code) => {
          clearTimeout(timer);
          resolve({ code: code ?? undefined, reason: `VS Code exited with ${code}` });
        });
      });
      child.stdout?.on('data', (c: Buffer) => onLog(c.toString().trimEnd()));
      child.stderr?.on('data', (c: Buffer) => onLog(c.toString().trimEnd()));
      const page = await app.firstWindow();
      onPage(page);
      const end = await ended;
      return { page, end, close: () => app.close().catch(() => undefined) };
    },
    async close() {},
  };
}

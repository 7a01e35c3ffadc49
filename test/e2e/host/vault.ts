/** What suites ask about the workspace they run in: its folder, its vault's files, the extension's logs. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { withoutAuthorMarkers } from '../../../src/core/vault/dayEntries';
import type { CoreSoulApi } from '../../../src/extension/extension';
import { EXTENSION_ID, waitFor } from './e2e';

export const root = (): string => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'no workspace folder is open');
  return folder.uri.fsPath;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A date as `YYYY-MM-DD` in local time, as the vault names its days. */
export const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const today = () => dayOf(new Date());
/** This week's Monday, `YYYY-MM-DD`. */
export const thisMonday = () => {
  const d = new Date();
  return dayOf(new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7)));
};

export const vaultPath = (...parts: string[]) => path.join(root(), '.CoreSoul', ...parts);
export const chronoPath = (...parts: string[]) => vaultPath('memory', 'chronological', ...parts);
export const todayFile = () => chronoPath(`${today()}.md`);
export const read = (file: string) => fs.readFileSync(file, 'utf8');
/** A file's text, or '' while it does not exist (today's day file before the day's first entry). */
export const readIfThere = (file: string) => (fs.existsSync(file) ? read(file) : '');
/** Line `n` (1-based) of a workspace file, without its author marker (`[by <git user> on <machine>]`: whoever runs the suite). */
export const lineOf = (file: string, n: number) => withoutAuthorMarkers(read(path.join(root(), file)).split('\n')[n - 1] ?? '');
export const lastCompression = () => /^last_compression_date: (\S+)$/m.exec(read(vaultPath('memory', 'memory_map.md')))?.[1];

/** The day files (`YYYY-MM-DD.md`) in the vault, sorted. */
export const dayFiles = () =>
  fs
    .readdirSync(chronoPath())
    .filter((f) => /^\d{4}-\d{2}-\d{2}\.md$/.test(f))
    .sort();

/** Every file under `dir` except git internals, with its bytes. */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const p = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !p.split(path.sep).includes('.git')) out.set(path.relative(dir, p), fs.readFileSync(p, 'latin1'));
  }
  return out;
}

/** The running extension's API, once it is active. */
export async function api(): Promise<CoreSoulApi> {
  const ext = vscode.extensions.getExtension<CoreSoulApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return waitFor('the extension to activate', () => ext.isActive && ext.exports, 30_000);
}

/**
 * Error lines about Core Soul in the extension host's log (exceptions thrown by commands,
 * unhandled rejections) and in the extension's own output channel.
 */
export async function extensionHostErrors(): Promise<string[]> {
  const own = (await api()).logUri.fsPath;
  const code = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
  const logs = [
    ...fs.readdirSync(path.dirname(own)).filter((f) => f.endsWith('.log')).map((f) => path.join(path.dirname(own), f)),
    ...fs.readdirSync(own).map((f) => path.join(own, f)),
  ];
  const entries = logs.flatMap((file) => read(file).split(/\n(?=\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d+ \[)/).map((entry) => ({ file, entry })));
  return entries
    .filter(({ file, entry }) => /^\S+ \S+ \[error\]/.test(entry) && (file.startsWith(own) || entry.includes(code) || /coresoul/i.test(entry)))
    .map(({ file, entry }) => `${path.basename(file)}: ${entry.split('\n').slice(0, 3).join(' | ')}`);
}

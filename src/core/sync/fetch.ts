/**
 * Sync's work with the remote (docs/sync.md#what-it-costs): fetch and push, and a fetch started
 * before the rest of the CLI is even loaded. `coresoul sync` spends most of its first tens of
 * milliseconds loading code; the CLI's entry (src/cli/syncAhead.ts) starts the vault's fetch
 * first, and syncVault takes it over (`fetchStarted`) as if it had started it itself.
 */
import * as path from 'node:path';
import { vaultError } from '../shared/errors';
import { readTextIfExists } from '../shared/fs';
import { childProcess } from '../shared/nodeLazy';
import { refsUnder } from '../vault/gitHead';
import { type GitResult, git, vaultGitEnv } from '../vault/history';
import type { Vault } from '../vault/layout';

/** What a sync never runs: an editor, a pager or a password prompt (it is not interactive). */
const INTERACTIVE = /^(EDITOR|VISUAL|PAGER|GIT_EDITOR|GIT_SEQUENCE_EDITOR|GIT_PAGER|GIT_ASKPASS|SSH_ASKPASS)$/i;

/**
 * Git's own housekeeping (`git maintenance run --auto`, after a fetch, a merge or a commit) is left
 * to the weekly compression's commit (vault/history.ts, `tidy`): a sync does not wait for it.
 */
export const NO_HOUSEKEEPING = ['-c', 'maintenance.auto=false'];

/** How long the remote's work (a fetch, a push) may stay silent before it is stopped: a network that dropped. */
const SILENT_MS = 120_000;

/**
 * Git for the remote's work (fetch and push), rejecting with what git said: the vault's git
 * environment (vaultGitEnv: nothing that points git at another repository, no prompt) less what
 * would only serve a person at a terminal — the git variables that remain are the user's own way
 * of reaching a remote (a CA file, an SSH command, a proxy, extra configuration) — stopped when
 * silent for two minutes. The rest of sync's git runs as the vault's history runs it (gitOk).
 */
export function remoteGit(v: Vault, args: string[]): Promise<string> {
  const env = Object.fromEntries(Object.entries(vaultGitEnv()).filter(([k]) => !INTERACTIVE.test(k)));
  return new Promise((resolve, reject) => {
    const child = childProcess().spawn('git', [...NO_HOUSEKEEPING, ...args], { cwd: v.soulDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = { stdout: '', stderr: '' };
    let silence: NodeJS.Timeout | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => {
        child.kill();
        reject(new Error(`git ${args[0]} was silent for ${SILENT_MS / 60_000} minutes and was stopped`));
      }, SILENT_MS);
    };
    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream].on('data', (chunk: Buffer) => {
        out[stream] += chunk.toString();
        heard();
      });
    }
    child.on('error', (err) => {
      clearTimeout(silence);
      reject(vaultError(`cannot run git (${err.message}); install git`));
    });
    child.on('close', (code) => {
      clearTimeout(silence);
      if (code === 0) resolve(out.stdout);
      else reject(new Error(`${out.stderr}\n${out.stdout}`.trim() || `git ${args[0]} exited with ${code}`));
    });
    heard();
  });
}

/** A fetch from `origin` under way, and the remote-tracking refs it started from. */
export interface Fetch {
  fetched: Map<string, string>;
  done: Promise<unknown>;
}

export function startFetch(v: Vault): Fetch {
  const fetched = refsUnder(v.soulDir, ORIGIN_REFS);
  const done = remoteGit(v, ['fetch', 'origin']);
  done.catch(() => undefined); // whoever waits for it sees the failure; until then it is not an unhandled one
  return { fetched, done };
}

/** Where `origin`'s branches are tracked. */
export const ORIGIN_REFS = 'refs/remotes/origin/';

/** Whether the vault's `.git/config` names `origin` (read without git). */
export const namesOrigin = (v: Vault) => /^\s*\[remote "origin"\]/m.test(readTextIfExists(path.join(v.soulDir, '.git', 'config')) ?? '');

/**
 * The vault's configuration sync reads, in one git call: `origin` (its URL and what it fetches),
 * the registered merge drivers (`text`, as `git config --get-regexp` prints them), and who
 * commits (`who`, plainIdentity).
 */
export interface VaultConfig {
  url?: string;
  fetch?: string;
  text: string;
  who?: string;
}

/** Reads the vault's configuration (VaultConfig), or takes over a read already under way (`started`). */
export async function readConfig(v: Vault, started?: Promise<GitResult>): Promise<VaultConfig> {
  const text = (await (started ?? git(v, CONFIG_ARGS))).stdout;
  const value = (key: string) => text.split('\n').filter((l) => l.startsWith(`${key} `)).at(-1)?.slice(key.length + 1);
  return { url: value('remote.origin.url'), fetch: value('remote.origin.fetch'), text, who: plainIdentity(text, process.env) };
}

const CONFIG_ARGS = ['config', '--get-regexp', '^(remote\\.origin\\.(url|fetch)|merge\\.coresoul-|user\\.(name|email)$|(author|committer)\\.|commit\\.gpgsign$|i18n\\.commitencoding$)'];

/** What git strips from either end of a name or an e-mail address, or refuses in one (ident.c). */
// eslint-disable-next-line no-control-regex -- control characters are among what git strips
const CRUD = /^[\x00-\x20.,:;<>"\\']|[\x00-\x20.,:;<>"\\']$|[<>\x00-\x1f]/;

/**
 * `Name <email>` as git would write it in a commit's author and committer lines, when the
 * configuration (`text`, as readConfig read it) says it plainly: `user.name` and `user.email`, and
 * nothing that changes them or the commit — no `author.*` or `committer.*` setting, no
 * GIT_AUTHOR_* or GIT_COMMITTER_* variable in `env`, no signing (`commit.gpgSign`), no other
 * encoding, nothing git would strip. Otherwise undefined: git works it out (`git commit-tree`).
 */
export function plainIdentity(text: string, env: NodeJS.ProcessEnv): string | undefined {
  const lines = text.split('\n');
  const last = (key: string) => lines.filter((l) => l.startsWith(`${key} `)).at(-1)?.slice(key.length + 1);
  const [name, email, sign] = [last('user.name'), last('user.email'), last('commit.gpgsign')];
  if (!name || !email || CRUD.test(name) || CRUD.test(email)) return undefined;
  if (lines.some((l) => /^(author|committer)\.|^i18n\.commitencoding /.test(l)) || (sign !== undefined && !/^(false|no|off|0)$/i.test(sign))) return undefined;
  if (Object.keys(env).some((k) => /^GIT_(AUTHOR|COMMITTER)_(NAME|EMAIL|DATE)$/.test(k))) return undefined;
  return `${name} <${email}>`;
}

/**
 * Where a fetch started ahead, and the configuration read beside it, wait for the sync that
 * takes them over. The CLI's entry and its main code are separate bundles, each with its own
 * copy of this module, so they are left on the global object, under a name only this module uses.
 */
const AHEAD = Symbol.for('coresoul.sync.fetchAhead');
export interface Ahead {
  soulDir: string;
  fetch: Fetch;
  config: Promise<GitResult>;
}
const slot = globalThis as { [AHEAD]?: Ahead };

/**
 * Starts fetching the vault of `v` from its origin, if it names one, and reading its
 * configuration, for a sync about to run in this process.
 */
export function fetchAhead(v: Vault): void {
  if (!namesOrigin(v)) return;
  const fetch = startFetch(v);
  const config = git(v, CONFIG_ARGS);
  config.catch(() => undefined); // the sync that takes it over sees the failure
  slot[AHEAD] = { soulDir: v.soulDir, fetch, config };
}

/** The fetch and configuration read `fetchAhead` started for this vault, taken over (once). */
export function fetchStarted(v: Vault): Ahead | undefined {
  const ahead = slot[AHEAD];
  delete slot[AHEAD];
  return ahead?.soulDir === v.soulDir ? ahead : undefined;
}

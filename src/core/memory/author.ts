/**
 * Who writes (docs/memory.md#authors): the person in whose session an entry is written and the
 * machine it is written on, recorded on every entry as `[by <name> on <machine>]` by the writer
 * alone. The name is `CORESOUL_AUTHOR`, else the project's git `user.name` (its own, global or
 * system configuration, as git reads it), else the vault's own (not the stand-in identity `init`
 * gives a vault when git has none), else the operating-system user. The machine is
 * `CORESOUL_MACHINE`, else the host name's first label. No e-mail address is stored. Both pass
 * the secret firewall like every other field; found once per process and workspace.
 */
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import { redactText } from '../safety/secrets';
import { type Author, markerMachine, markerName } from '../vault/dayEntries';
import { STAND_IN_IDENTITY, vaultGitEnv } from '../vault/history';
import type { Vault } from '../vault/layout';

export type Writer = Pick<Author, 'name' | 'machine'>;

const known = new Map<string, Writer>();

/** The person and machine writing into `v` now. */
export function currentWriter(v: Vault): Writer {
  const key = `${v.root}\0${process.env.CORESOUL_AUTHOR ?? ''}\0${process.env.CORESOUL_MACHINE ?? ''}`;
  let w = known.get(key);
  if (!w) {
    w = writerFields({ name: process.env.CORESOUL_AUTHOR?.trim() || gitName(v.root) || vaultName(v.soulDir) || osUser(), machine: process.env.CORESOUL_MACHINE?.trim() || os.hostname() });
    known.set(key, w);
  }
  return w;
}

/**
 * A writer as a marker holds it: one line each, without brackets, and a credential in either
 * replaced by `secret-<kind>` (a marker ends at a bracket, so not `[secret: <kind>]`).
 */
export function writerFields(w: { name?: string; machine?: string }): Writer {
  const clean = (s: string | undefined) => (s ? redactText(s).text.replace(/\[secret: ([\w.-]+)\]/g, 'secret-$1') : '');
  const name = markerName(clean(w.name));
  const machine = markerMachine(clean(w.machine));
  return { ...(name && { name }), ...(name && machine && { machine }) };
}

function gitConfig(cwd: string, key: string): string {
  try {
    return execFileSync('git', ['config', '--get', key], { cwd, env: vaultGitEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return ''; // not set, not a folder git can read, or no git at all
  }
}

const gitName = (root: string) => gitConfig(root, 'user.name');

function vaultName(soulDir: string): string {
  const name = gitConfig(soulDir, 'user.name');
  return name === STAND_IN_IDENTITY.name ? '' : name;
}

function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return ''; // no user entry for this uid (a container): the entry records no author
  }
}

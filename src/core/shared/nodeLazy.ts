/**
 * node:child_process and node:crypto, loaded when first used: many CLI calls start no process
 * and hash nothing (a write to a vault without history, --help, a hook's context), and loading
 * the two is about 3 ms of every start (bench cli).
 */
import type * as ChildProcess from 'node:child_process';
import type * as Crypto from 'node:crypto';
import { releaseKeptLocks } from './fs';

let cp: typeof ChildProcess | undefined;
let crypto: typeof Crypto | undefined;

/**
 * node:child_process, for starting a process: a vault lock this process keeps until its
 * synchronous run ends is let go first (shared/fs.ts withLock), as the child may need it.
 */
export const childProcess = (): typeof ChildProcess => {
  releaseKeptLocks();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (cp ??= require('node:child_process') as typeof ChildProcess);
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const nodeCrypto = (): typeof Crypto => (crypto ??= require('node:crypto') as typeof Crypto);

/** What every `coresoul` subcommand looks like to the dispatcher in main.ts. */
import type { ParseArgsConfig } from 'node:util';
import type { CompressReport } from '../core/compress/compress';
import type { Clock } from '../core/shared/clock';
import { CoreSoulError, inputError } from '../core/shared/errors';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** The argument `coresoul lint` starts its worker thread with (this bundle again): main.ts runs the worker on seeing it. */
export const LINT_WORKER_ARG = '--coresoul-lint-worker';
/** The argument a search without a search server starts its index thread with (this bundle again, warmSearch.ts): main.ts runs that thread on seeing it. */
export const INDEX_WORKER_ARG = '--coresoul-index-worker';

export const GLOBAL_OPTIONS: OptionSpec = {
  root: { type: 'string' },
  now: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export interface CliContext {
  /** Workspace root: `--root`, else the nearest folder up from the current one with a vault or a `.git` (findWorkspaceRoot). */
  root: string;
  clock: Clock;
  json: boolean;
  /** This CLI's own bundle, when running from one (copied into vaults by `init`). */
  bundle?: string;
  /** A human message on stderr. */
  warn(message: string): void;
  /** Aborted by Ctrl-C for a `cancellable` command; never aborted for the others. */
  signal: AbortSignal;
}

export interface CommandResult {
  /** The document printed with `--json`. */
  json: unknown;
  /** What a person reads on stdout without `--json`. */
  text: string;
  exitCode?: number;
}

export interface Command {
  name: string;
  usage: string;
  summary: string;
  options: OptionSpec;
  /** What each option does, one line each, for `--help`; a leading `<name> ` names its value (`<kind> note, decision…`). */
  describe: Record<string, string>;
  /** Ready-to-run calls `--help` shows (`coresoul write "…" --kind decision`). */
  examples: string[];
  /** Takes positional arguments (its usage names them); any other command refuses one before `run`. */
  takesArguments?: true;
  /** Walks the whole vault: Ctrl-C stops it where stopping changes nothing (a second Ctrl-C ends it at once). */
  cancellable?: true;
  run(ctx: CliContext, args: string[], opts: OptionValues): Promise<CommandResult>;
}

/** What printResult writes on stdout for a command's result (its JSON document with `--json`); '' for nothing. */
export function printedText(result: CommandResult, json: boolean): string {
  const out = json && result.json !== undefined ? JSON.stringify(result.json, null, 2) : result.text;
  return !out ? '' : out.endsWith('\n') ? out : `${out}\n`;
}

/** Prints a command's result on stdout (its JSON document with `--json`); returns the exit code. */
export function printResult(result: CommandResult, json: boolean): number {
  const out = printedText(result, json);
  if (out) process.stdout.write(out); // nothing after `mcp`: stdout was its channel
  return result.exitCode ?? 0;
}

/** Tells the user, on stderr, what compression found odd and kept or worked around. */
export function warnOdd(ctx: CliContext, report: CompressReport): void {
  for (const o of report.odd) ctx.warn(`compress: ${o.file}: ${o.problem}`);
}

/** A whole-number option (`--days 7`) between `min` and `max`, or `fallback` when absent. */
export function wholeNumber(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = /^\d{1,9}$/.test(String(value)) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw inputError(`--${name}: expected a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

/**
 * Runs `fn`; an error the core tied to a value this command takes as a positional argument
 * (`entry`, `name`) is shown as `<entry>: …`, not as an option that does not exist.
 */
export async function withPositionals<T>(fields: readonly string[], fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CoreSoulError && err.field && fields.includes(err.field)) throw new CoreSoulError(err.kind, `<${err.field}>: ${err.message}`);
    throw err;
  }
}

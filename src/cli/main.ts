/**
 * `coresoul`: the command line every skill, script and CI job relies on (docs/cli.md).
 * It parses arguments and prints; the work is done by src/core.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { fixedClock, systemClock } from '../core/shared/clock';
import { CoreSoulError, inputError, isCancelled } from '../core/shared/errors';
import { findWorkspaceRoot } from '../core/vault/layout';
import { type CliContext, GLOBAL_OPTIONS, INDEX_WORKER_ARG, LINT_WORKER_ARG, printResult } from './command';
import { commandHelp, usage } from './help';
import { loadCommand } from './commands';

/** Whether `now` is later than this machine's clock (by more than a minute): what it writes would be ahead of every real write after it. */
const inTheFuture = (clock: { now(): Date }) => clock.now().getTime() > Date.now() + 60_000;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  if (!name) {
    // A usage error: on stderr, as every other one.
    process.stderr.write(`${usage()}\n`);
    return 1;
  }
  const command = loadCommand(name);
  let json = rest.includes('--json');
  try {
    if (!command) throw new CoreSoulError('usage', `unknown command "${name}" (run: coresoul --help)`);
    let parsed;
    try {
      parsed = parseArgs({ args: rest, options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
    } catch (err) {
      throw new CoreSoulError('usage', `${name}: ${(err as Error).message.split('\n')[0]} (usage: coresoul ${command.usage})`);
    }
    const { values, positionals } = parsed;
    if (values.help) {
      process.stdout.write(`${commandHelp(command)}\n`);
      return 0;
    }
    json = !!values.json;
    if (!command.takesArguments && positionals.length) throw inputError(`${name}: unexpected argument "${positionals[0]}" (usage: coresoul ${command.usage})`);
    const now = (values.now as string | undefined) ?? process.env.CORESOUL_NOW;
    const clock = now ? fixedClock(now) : systemClock;
    // A hook stays silent unless it fails; a clock ahead of the real one is otherwise worth a word.
    if (now && command.name !== 'hook' && inTheFuture(clock)) {
      process.stderr.write(`warning: --now ${now} is later than this machine's clock: what this call writes (days, memory_map.md's last compression) will be dated ahead of every later write at the real time\n`);
    }
    const ctx: CliContext = {
      root: values.root === undefined ? findWorkspaceRoot(process.cwd()) : path.resolve(values.root as string),
      clock,
      json,
      bundle: __filename.endsWith('.js') ? __filename : undefined,
      warn: (m) => process.stderr.write(`${m}\n`),
      signal: interruptSignal(!!command.cancellable),
    };
    return printResult(await command.run(ctx, positionals, values), json);
  } catch (err) {
    if (isCancelled(err)) {
      process.stderr.write('coresoul: cancelled; nothing was changed\n');
      return 130;
    }
    if (!(err instanceof CoreSoulError)) {
      const detail = process.env.CORESOUL_DEBUG ? (err as Error)?.stack : String((err as Error)?.message ?? err).split('\n')[0];
      process.stderr.write(`coresoul: internal error: ${detail} (set CORESOUL_DEBUG=1 for details)\n`);
      return 1;
    }
    const message = err.field ? `${optionName(err.field)}: ${err.message}` : err.message;
    process.stderr.write(`coresoul: ${message}\n`);
    if (json) process.stdout.write(`${JSON.stringify({ error: { kind: err.kind, message } })}\n`);
    return err.exitCode;
  }
}

/** A signal the first Ctrl-C aborts, for a command that can stop cleanly; the next Ctrl-C ends the process as usual. */
function interruptSignal(cancellable: boolean): AbortSignal {
  const abort = new AbortController();
  if (cancellable) process.once('SIGINT', () => abort.abort());
  return abort.signal;
}

/** The option a core value is given by: `maxTokens` → `--max-tokens`. */
const optionName = (field: string) => `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;


// The bundle started as `coresoul lint`'s worker thread (commands/lint.ts, which marks its argv), or
// as a search's index thread (warmSearch.ts), is that worker, nothing else; its module — and
// node:worker_threads, which every other command does without — is loaded only there (required
// lazily, as commands are).
/* eslint-disable @typescript-eslint/no-require-imports */
const inWorker = () => !(require('node:worker_threads') as typeof import('node:worker_threads')).isMainThread;
if (process.argv.includes(LINT_WORKER_ARG) && inWorker()) (require('./lintWorker') as typeof import('./lintWorker')).runLintWorker();
else if (process.argv.includes(INDEX_WORKER_ARG) && inWorker()) (require('./indexWorker') as typeof import('./indexWorker')).runIndexWorker();
/* eslint-enable @typescript-eslint/no-require-imports */
else {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

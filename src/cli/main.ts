/**
 * `coresoul`: the command line every skill, script and CI job relies on (docs/cli.md).
 * It parses arguments and prints; the work is done by src/core.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { fixedClock, systemClock } from '../core/shared/clock';
import { CoreSoulError, inputError, isCancelled } from '../core/shared/errors';
import { findWorkspaceRoot } from '../core/vault/layout';
import { type CliContext, GLOBAL_OPTIONS, printResult } from './command';
import { COMMANDS } from './commands';

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: coresoul <command> [options]',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'global options: --root <dir>  --now <ISO-8601> (or CORESOUL_NOW)  --json  --help',
    'exit codes: 0 ok, 1 bad usage or input, 2 no vault or damaged vault, 3 refused by a safety rule',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${usage()}\n`);
    return name ? 0 : 1;
  }
  if (name === '--version') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
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
      process.stdout.write(`usage: coresoul ${command.usage}\n  ${command.summary}\n`);
      return 0;
    }
    json = !!values.json;
    if (!command.takesArguments && positionals.length) throw inputError(`${name}: unexpected argument "${positionals[0]}" (usage: coresoul ${command.usage})`);
    const now = (values.now as string | undefined) ?? process.env.CORESOUL_NOW;
    const ctx: CliContext = {
      root: values.root === undefined ? findWorkspaceRoot(process.cwd()) : path.resolve(values.root as string),
      clock: now ? fixedClock(now) : systemClock,
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

declare const VERSION: string;

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});

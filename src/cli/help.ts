/**
 * What `coresoul --help` and `coresoul <command> --help` print: the commands, each command's
 * options with what they do, examples, the global options. The build runs `helpTexts()` once
 * and gives the texts to entry.ts (esbuild.mjs), so a plain `--help` is answered before the rest
 * of the CLI loads; main.ts prints the same texts for every other way of asking.
 */
import { type Command, GLOBAL_OPTIONS } from './command';
import { allCommands } from './commands';

/** The global options, as `--help` describes them. */
export const GLOBAL_HELP: Record<string, string> = {
  root: '<dir> the workspace (default: the nearest folder, from here up, with a .CoreSoul vault or a .git)',
  now: '<ISO-8601> the clock, for tests and replays (also CORESOUL_NOW); a time later than the real one is warned about',
  json: 'print one JSON document on stdout instead of text',
  help: 'this help (-h)',
};

const optionLines = (spec: Record<string, string>, types: Record<string, { type: string }>) => {
  const rows = Object.entries(spec).map(([name, text]) => {
    const [, arg, what] = /^(<[^>]+>) (.*)$/.exec(text) ?? [undefined, types[name]?.type === 'string' ? '<value>' : '', text];
    return [`--${name}${arg ? ` ${arg}` : ''}`, what] as const;
  });
  const width = Math.max(...rows.map(([l]) => l.length));
  return rows.map(([label, what]) => `  ${label.padEnd(width)}  ${what}`);
};

export function usage(): string {
  const COMMANDS = allCommands();
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: coresoul <command> [options]',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'global options:',
    ...optionLines(GLOBAL_HELP, GLOBAL_OPTIONS as Record<string, { type: string }>),
    '',
    'coresoul <command> --help shows its options and examples; coresoul --version its version',
    'exit codes: 0 ok, 1 bad usage or input, 2 no vault or damaged vault, 3 refused by a safety rule',
  ].join('\n');
}

/** `coresoul <command> --help`: its usage, what it does, each option, examples. */
export function commandHelp(command: Command): string {
  const options = optionLines(command.describe, command.options as Record<string, { type: string }>);
  return [
    `usage: coresoul ${command.usage}`,
    `  ${command.summary}`,
    ...(options.length ? ['', 'options:', ...options] : []),
    '',
    'examples:',
    ...command.examples.map((e) => `  ${e}`),
    '',
    'global options: --root <dir>  --now <ISO-8601>  --json  --help (coresoul --help describes them)',
  ].join('\n');
}

/** Every help text by command name (`''`: the general one), for entry.ts. */
export const helpTexts = (): Record<string, string> => Object.fromEntries([['', usage()], ...allCommands().map((c) => [c.name, commandHelp(c)])]);

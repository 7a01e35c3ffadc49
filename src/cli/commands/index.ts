/** Every `coresoul` subcommand, in the order `--help` lists them. */
import type { Command } from '../command';
import { compress } from './compress';
import { init } from './init';
import { persona } from './persona';
import { status } from './status';
import { write } from './write';

export const COMMANDS: Command[] = [init, write, compress, status, persona];

/** Every `coresoul` subcommand, in the order `--help` lists them. */
import type { Command } from '../command';
import { archive } from './archive';
import { compress } from './compress';
import { context } from './context';
import { correct } from './correct';
import { entities } from './entities';
import { exportCommand } from './export';
import { forget } from './forget';
import { hook } from './hook';
import { importCommand } from './import';
import { init } from './init';
import { lint } from './lint';
import { mcp } from './mcp';
import { mergeDriver } from './mergeDriver';
import { pack } from './pack';
import { persona } from './persona';
import { profile } from './profile';
import { read } from './read';
import { recent } from './recent';
import { restore } from './restore';
import { scan } from './scan';
import { search } from './search';
import { serveSearch } from './serveSearch';
import { status } from './status';
import { sync } from './sync';
import { write } from './write';

export const COMMANDS: Command[] = [init, write, search, read, recent, entities, correct, forget, archive, compress, status, context, persona, profile, scan, lint, pack, restore, importCommand, exportCommand, sync, mcp, hook, serveSearch, mergeDriver];

/**
 * Every help text by command name (`''`: the general one), as JSON. In dist/cli.js the build
 * carries the texts, made once by running help.ts, in a trailing comment that only a `--help`
 * reads (esbuild.mjs), so no other call parses them.
 */
import { helpTexts } from './help';

export const helpTable = (): string => JSON.stringify(helpTexts());

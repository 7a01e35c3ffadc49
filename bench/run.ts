/**
 * `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) in turn.
 * Each prints its figures as ratios against a reference measured in the same run; none of
 * them asserts on wall-clock time.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const only = process.argv.slice(2);
const files = fs
  .readdirSync(__dirname)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only.length || only.some((o) => f.includes(o)))
  .sort();

(async () => {
  for (const f of files) {
    console.log(`\n## ${f.replace('.bench.ts', '')}`);
    const mod = await import(path.join(__dirname, f));
    await mod.default();
  }
})();

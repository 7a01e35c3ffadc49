// A separate process that writes N memories, in one synchronous run, into one vault or several
// in turn: used to prove concurrent writers neither lose nor interleave lines, and never wait on
// each other for good. Usage: writer.ts <root>[,<root>…] <tag> <count>
import { fixedClock } from '../../src/core/shared/clock';
import { compress } from '../../src/core/compress/compress';
import { openVault } from '../../src/core/vault/layout';
import { writeMemory } from '../../src/core/memory/write';

const [roots, tag, count] = process.argv.slice(2);
const vaults = roots.split(',').map(openVault);
const deps = { clock: fixedClock('2026-03-10T09:00:00'), compress: (vault: (typeof vaults)[number], now: Date) => compress(vault, { now }) };
for (let i = 0; i < Number(count); i++) {
  for (const v of vaults) writeMemory(v, { text: `${tag}-${i} ${'x'.repeat(100)} [[Shared]]` }, deps);
}

// A separate process that writes N memories into a vault: used to prove concurrent writers
// neither lose nor interleave lines. Usage: writer.ts <root> <tag> <count>
import { fixedClock } from '../../src/core/shared/clock';
import { compress } from '../../src/core/compress/compress';
import { openVault } from '../../src/core/vault/layout';
import { writeMemory } from '../../src/core/memory/write';

const [root, tag, count] = process.argv.slice(2);
const v = openVault(root);
const deps = { clock: fixedClock('2026-03-10T09:00:00'), compress: (vault: typeof v, now: Date) => compress(vault, { now }) };
for (let i = 0; i < Number(count); i++) {
  writeMemory(v, { text: `${tag}-${i} ${'x'.repeat(100)} [[Shared]]` }, deps);
}

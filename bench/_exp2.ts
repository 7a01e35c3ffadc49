import { searchMemory } from '../src/core/search';
import { openVault } from '../src/core/vault';
const v = openVault('/work/wt-search/.bench-cache/vault-x1-v1');
searchMemory(v, 'warmup');
for (const q of ['zzzqx', 'Kubernetes', '"connection pool exhausted"', 'zzzqx']) {
  const t = Date.now(); const r = searchMemory(v, q); console.log(q, Date.now() - t, 'ms', r.tokens, r.results.length);
}

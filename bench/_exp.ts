import { refreshIndex } from '../src/core/searchIndex';
import { searchMemory } from '../src/core/search';
import { openVault } from '../src/core/vault';
import * as fs from 'node:fs';
const v = openVault('/work/wt-search/.bench-cache/vault-x1-v1');
let t = Date.now(); const view = refreshIndex(v); console.log('refresh', Date.now() - t, 'ms', view.indexed.size, fs.statSync(v.soulDir + '/cache/search-index.bin').size);
t = Date.now(); refreshIndex(v); console.log('refresh again', Date.now() - t, 'ms');
for (const q of ['Kubernetes', 'Kubernetes 遷移', '遷移', 'rollback timeout', 'zzzqx', 'Alice Chen', '"connection pool exhausted"', '2021-06-15', 'PR-4821']) {
  t = Date.now(); const r = searchMemory(v, q); console.log(q, Date.now() - t, 'ms', r.tokens, r.results.length);
}

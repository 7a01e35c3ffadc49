/**
 * A small vault with every level, built by hand the way compression leaves it: an L3 monthly
 * file with `## YYYY-MM-DD` sections holding `### HH:00` hours, an L2 daily file with `## HH:00`
 * summaries, L1 days written through the core, and entity notes tagging all of them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Vault } from '../../src/core/vault/layout';
import { tempVault, writeAt } from './helpers';

export const put = (v: Vault, rel: string, lines: string[]) => {
  const file = path.join(v.memoryDir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
};

export const entityNote = (kind: string, name: string, aliases: string[], body: string[]) => [
  '---',
  `kind: ${kind}`,
  `aliases: [${aliases.join(', ')}]`,
  'created: 2025-12-01',
  '---',
  `# ${name}`,
  '',
  ...body,
];

/** 1-based line numbers of the fixture's landmarks, checked by the tests against the files. */
export const MONTH = [
  '# 2025-12', //                                                                    1
  '',
  '## 2025-12-01', //                                                                3
  '',
  '### 09:00',
  '',
  '- Planned the [[Kubernetes]] 遷移 with [[Alice Chen]]', //                        7
  '- Coffee',
  '- More coffee',
  '- Lunch',
  '- Walk',
  '- Notes',
  '- Reading',
  '- Nothing else',
  '- End of morning',
  '',
  '### 14:00',
  '',
  '- k8s node pool resized after the connection pool exhausted alarm', //           19
  '',
  '## 2025-12-02', //                                                               21
  '',
  '### 10:00',
  '',
  '- Reviewed [[PostgreSQL]] a.b*c (x) regex notes with [[Alice Chen]]', //         25
  '- pool connection reset, unrelated',
];

export const L2_DAY = [
  '# 2026-02-20', //                                                                 1
  '',
  '## 09:00',
  '',
  '- [[Kubernetes]] upgrade rolled back; rollback took 4 minutes', //               5
  '',
  '## 15:00',
  '',
  '- Wrote the postmortem for [[Kubernetes]] rollback with [[Alice Chen]]', //      9
];

export async function fixtureVault(): Promise<Vault> {
  const v = await tempVault('2026-03-11T09:00:00');
  put(v, 'chronological/2025-12.md', MONTH);
  put(v, 'chronological/2026-02-20.md', L2_DAY);
  writeAt(v, '2026-03-10T10:00:00', 'Kubernetes 遷移 finished: all services on [[Kubernetes]] now');
  writeAt(v, '2026-03-10T11:00:00', 'Lunch with [[Alice Chen]] about the 資料庫遷移計畫');
  writeAt(v, '2026-03-11T08:00:00', 'Nothing about clusters today');
  // Entity notes: tags for the L2 and L3 days added by hand, as compression keeps them.
  const kube = path.join(v.entitiesDir, 'objects', 'Kubernetes.md');
  const written = fs.readFileSync(kube, 'utf8').split('\n').filter((l) => l.startsWith('- [['));
  put(v, 'entities/objects/Kubernetes.md', entityNote('objects', 'Kubernetes', ['k8s', 'kube'], [
    'Our container platform since 2025; the cluster is called "blue".',
    'owner: platform team',
    '',
    '- [[2025-12-01]] 09:00:00 Planned the [[Kubernetes]] 遷移 with [[Alice Chen]]',
    '- [[2026-02-20]] 09:00:00 [[Kubernetes]] upgrade rolled back',
    ...written,
  ]));
  const alice = path.join(v.entitiesDir, 'objects', 'Alice Chen.md');
  const aliceTags = fs.readFileSync(alice, 'utf8').split('\n').filter((l) => l.startsWith('- [['));
  fs.rmSync(alice);
  put(v, 'entities/people/Alice Chen.md', entityNote('people', 'Alice Chen', ['Alice'], [
    '- [[2025-12-01]] 09:00:00 Planned the [[Kubernetes]] 遷移 with [[Alice Chen]]',
    '- [[2025-12-02]] 10:00:00 Reviewed [[PostgreSQL]] with [[Alice Chen]]',
    '- [[2026-02-20]] 15:00:00 Wrote the postmortem',
    ...aliceTags,
  ]));
  put(v, 'entities/objects/PostgreSQL.md', entityNote('objects', 'PostgreSQL', ['Postgres'], ['- [[2025-12-02]] 10:00:00 Reviewed [[PostgreSQL]]']));
  return v;
}

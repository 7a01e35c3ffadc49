/**
 * A small vault for the language server tests, written into a fresh temp folder: entities of
 * three kinds (one with aliases, one Chinese), an L1 day, an L3 monthly file with two day
 * sections, AGENTS.md, and a note outside the vault that is served only when included.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixedClock } from '../../src/core/shared/clock';
import { initVault } from '../../src/core/init/scaffold';
import { type Vault, openVault } from '../../src/core/vault/layout';
import { tempDir } from '../support/helpers';

export interface Fixture {
  v: Vault;
  root: string;
  alice: string;
  kubernetes: string;
  kafka: string;
  zhang: string;
  berlin: string;
  day: string;
  month: string;
  agents: string;
  outside: string;
}

export const TEXT = {
  alice: [
    '---',
    'kind: people',
    'aliases: [Ally]',
    'created: 2026-01-05',
    '---',
    '# Alice Chen',
    '',
    '- [[2026-01-05]] 10:00:00 first met at [[Berlin Office]]',
    '- [[2026-03-10]] 09:00:00 talked about [[Kubernetes#Setup|k8s]]',
    '',
  ],
  kubernetes: [
    '---',
    'kind: objects',
    'aliases:',
    '  - k8s',
    '  - kube',
    'created: 2026-01-05',
    '---',
    '# Kubernetes',
    '',
    '## Setup',
    '',
    'helm install, then kubectl apply',
    '',
    '- [[2026-03-10]] 09:00:00 met [[Alice Chen]] about it',
    '',
  ],
  kafka: ['---', 'kind: objects', 'aliases: []', 'created: 2025-06-01', '---', '# Kafka', '', '- [[2026-01-05]] 11:00:00 tried it', ''],
  zhang: ['---', 'kind: people', 'aliases: []', 'created: 2026-03-09', '---', '# 張三', '', '- [[2026-03-10]] 10:00:00 review', ''],
  berlin: ['---', 'kind: places', 'aliases: []', 'created: 2026-01-05', '---', '# Berlin Office', ''],
  day: [
    '# 2026-03-10',
    '',
    '- 09:00:00 met [[Alice Chen]] about [[Kubernetes]]',
    '- 10:00:00 [[張三]] reviewed [[Kubernetes#Setup|k8s]] with [[alice chen]]',
    '',
  ],
  month: [
    '# 2026-01',
    '',
    '## 2026-01-05',
    '',
    '- Met [[Alice Chen]] at [[Berlin Office]], tried [[Kafka]] and [[Kubernetes]]',
    '',
    '## 2026-01-06',
    '',
    '- a quiet day, see [[2026-01-05]]',
    '',
  ],
  outside: ['# Notes', '', 'Links to [[Kubernetes]] from outside the vault.', ''],
};

export async function fixture(): Promise<Fixture> {
  const root = tempDir('coresoul-lsp-');
  await initVault(root, { clock: fixedClock('2026-01-05T09:00:00'), git: false });
  const v = openVault(root);
  const put = (file: string, lines: string[]) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, lines.join('\n'));
    return file;
  };
  const entity = (kind: string, name: string) => path.join(v.entitiesDir, kind, `${name}.md`);
  const agents = path.join(root, 'AGENTS.md');
  fs.appendFileSync(agents, '\nProject notes live in [[Kubernetes]].\n');
  return {
    v,
    root,
    alice: put(entity('people', 'Alice Chen'), TEXT.alice),
    kubernetes: put(entity('objects', 'Kubernetes'), TEXT.kubernetes),
    kafka: put(entity('objects', 'Kafka'), TEXT.kafka),
    zhang: put(entity('people', '張三'), TEXT.zhang),
    berlin: put(entity('places', 'Berlin Office'), TEXT.berlin),
    day: put(path.join(v.chronoDir, '2026-03-10.md'), TEXT.day),
    month: put(path.join(v.chronoDir, '2026-01.md'), TEXT.month),
    agents,
    outside: put(path.join(root, 'docs', 'notes.md'), TEXT.outside),
  };
}

/** The 0-based line of AGENTS.md that holds the fixture's link. */
export const agentsLinkLine = (f: Fixture) => fs.readFileSync(f.agents, 'utf8').split('\n').findIndex((l) => l.includes('[[Kubernetes]]'));

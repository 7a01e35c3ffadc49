/** `init` (docs/memory.md#the-vault-on-disk): scaffold the vault, skills and bootloader; idempotent, never overwrites. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Clock } from '../shared/clock';
import { localDay } from '../shared/clock';
import { fsError, inputError, vaultError } from '../shared/errors';
import { atomicWrite, createExclusive, makeDir, readTextIfExists } from '../shared/fs';
import { commitVault, firstCommitMessage, hasHistory, initHistory } from '../vault/history';
import { emptyMemoryMap, serializeMemoryMap } from '../vault/memoryMap';
import { profileFile, profileTemplate } from '../profile/profile';
import { CODEX_FILE, planCodexConfig } from './codexConfig';
import { type HookHost, type McpFileHost, planHostFiles } from './hostConfig';
import { OVERRIDE_DIRECTIVE } from './templates/bootloader';
import { PERSONA_MD } from './templates/persona';
import { SKILLS, skillMarkdown } from './templates/skills';
import { SOUL_MD } from './templates/soul';
import { ENTITY_KINDS, SOUL_DIR, type Vault, rel, vaultAt } from '../vault/layout';
import { VAULT_GITATTRIBUTES, registerMergeDrivers } from '../vault/mergeDrivers';
import { PERSONAL_DIR, VAULT_GITIGNORE, excludeLocalPaths } from '../vault/localPaths';
import { mergeRecordAsUnion } from '../vault/branches';
import { movePersonal, preparePersonal } from '../vault/personal';

/** What `init --hosts` sets up for each agent host: its skills, its bootloader, its MCP configuration and its hooks (hostConfig.ts). */
export const HOSTS = {
  github: { skillsDir: '.github/skills' },
  gemini: { skillsDir: '.gemini/skills', bootloader: 'GEMINI.md', mcp: 'gemini', hooks: 'gemini' },
  claude: { skillsDir: '.claude/skills', bootloader: 'CLAUDE.md', mcp: 'claude', hooks: 'claude' },
  agents: { skillsDir: '.agents/skills' },
  cursor: { mcp: 'cursor', hooks: 'cursor' },
  vscode: { mcp: 'vscode' },
  // Codex reads AGENTS.md; its server and hooks go to its project file, .codex/config.toml (codexConfig.ts).
  codex: { hooks: 'codex' },
} as const;
export type Host = keyof typeof HOSTS;

export function parseHosts(list: string): Host[] {
  const hosts = list.split(',').map((h) => h.trim()).filter(Boolean);
  for (const h of hosts) if (!(h in HOSTS)) throw inputError(`unknown host "${h}" (known: ${Object.keys(HOSTS).join(', ')})`, 'hosts');
  return hosts.length ? (hosts as Host[]) : ['github'];
}

export interface InitOptions {
  clock: Clock;
  hosts?: Host[];
  git?: boolean;
  /** The bundled CLI to copy into `.CoreSoul/bin/coresoul.js`, so skills work without the extension. */
  cliBundle?: string;
  /** The lifecycle hooks that inject the context, for the hosts that have them (`--hooks`; off by default: they run on every prompt). */
  hooks?: boolean;
}

export interface InitReport {
  root: string;
  created: string[];
  updated: string[];
  kept: string[];
  git: boolean;
  commit?: string;
  /** What the user still has to do for a host to read what init wrote (one line each). */
  notes?: string[];
}


export async function initVault(root: string, opts: InitOptions): Promise<InitReport> {
  const st = fs.statSync(root, { throwIfNoEntry: false });
  if (!st?.isDirectory()) throw vaultError(`workspace root ${path.resolve(root)} is not a folder`);
  const found = vaultAt(root);
  for (const p of [found.soulDir, found.memoryDir, found.chronoDir, found.entitiesDir]) {
    if (fs.statSync(p, { throwIfNoEntry: false })?.isFile()) throw vaultError(`damaged vault: ${rel(found, p)} is a file, not a folder`);
  }
  const hosts = new Set<Host>(['github', ...(opts.hosts ?? [])]);
  // Every host file that will be merged is read first: a damaged one stops init before it writes anything.
  const mcp = [...hosts].flatMap((host): McpFileHost[] => {
    const h = HOSTS[host];
    return 'mcp' in h ? [h.mcp] : [];
  });
  const hooks = [...hosts].flatMap((host): (HookHost | 'codex')[] => {
    const h = HOSTS[host];
    return opts.hooks && 'hooks' in h ? [h.hooks] : [];
  });
  if (opts.hooks && !hooks.length) throw inputError('none of the hosts has lifecycle hooks: add --hosts claude, gemini, codex or cursor', 'hooks');
  const hostPlans = [
    ...planHostFiles(found.root, { mcp, hooks: hooks.filter((h): h is HookHost => h !== 'codex') }),
    ...(hosts.has('codex') ? [planCodexConfig(found.root, { hooks: hooks.includes('codex') })] : []),
  ];
  const v = linkSharedVault(found);
  const report: InitReport = { root: v.root, created: [], updated: [], kept: [], git: false };
  const note = (p: string, outcome: 'created' | 'updated' | 'kept') => report[outcome].push(rel(v, p));
  const scaffold = (p: string, text: string) => note(p, createExclusive(p, text) ? 'created' : 'kept');
  const today = localDay(opts.clock.now());
  if (v !== found) note(v.soulDir, 'created'); // the link to the main worktree's vault

  for (const kind of ENTITY_KINDS) makeDir(path.join(v.entitiesDir, kind));
  makeDir(v.chronoDir);
  scaffold(v.soul, SOUL_MD);
  scaffold(v.persona, PERSONA_MD);
  scaffold(v.mapFile, serializeMemoryMap(emptyMemoryMap(today), { people: 0, events: 0, places: 0, objects: 0 }));
  scaffold(path.join(v.soulDir, '.gitignore'), VAULT_GITIGNORE);
  scaffold(path.join(v.soulDir, '.gitattributes'), VAULT_GITATTRIBUTES);
  scaffold(profileFile(v), profileTemplate(today));

  for (const host of hosts) {
    const h = HOSTS[host];
    if ('skillsDir' in h) for (const s of SKILLS) scaffold(path.join(v.root, h.skillsDir, s.name, 'SKILL.md'), skillMarkdown(s));
    if ('bootloader' in h) note(path.join(v.root, h.bootloader), addDirective(path.join(v.root, h.bootloader)));
  }
  note(v.agents, addDirective(v.agents));
  for (const plan of hostPlans) {
    if (plan.text !== undefined) atomicWrite(plan.file, plan.text);
    note(plan.file, plan.text === undefined ? 'kept' : plan.created ? 'created' : 'updated');
  }
  if (hosts.has('codex')) report.notes = [`codex: Codex reads ${CODEX_FILE} once you trust this project (it asks at start)${opts.hooks ? ', and runs new hooks once you review them (/hooks)' : ''}`];
  if (opts.cliBundle) note(path.join(v.binDir, 'coresoul.js'), installCli(v, opts.cliBundle));
  const ignore = ignoreVaultInProject(v.root);
  if (ignore) note(path.join(v.root, '.gitignore'), ignore);

  if (opts.git !== false) {
    report.git = true;
    const fresh = !hasHistory(v);
    if (fresh) await initHistory(v);
    excludeLocalPaths(v);
    mergeRecordAsUnion(v);
    // The profile is personal: out of the shared tree (an older vault's is moved), with a history of its own.
    for (const moved of movePersonal(v)) report.updated.push(`${SOUL_DIR}/${moved} → ${SOUL_DIR}/${PERSONAL_DIR}/`);
    preparePersonal(v);
    // How memory merges with another machine's (coresoul sync), run by the vault's own CLI.
    const cli = path.join(v.binDir, 'coresoul.js');
    if (fs.existsSync(cli)) await registerMergeDrivers(v, cli);
    const subject = report.created.length ? 'Core Soul: initialize vault' : 'Core Soul: init';
    const res = await commitVault(v, fresh ? firstCommitMessage(subject) : subject);
    if (res.hash) report.commit = res.hash;
  } else {
    report.git = hasHistory(v);
  }
  return report;
}

/**
 * A git worktree shares its main worktree's vault (docs/sync.md#worktrees-share-one-vault): its
 * `.CoreSoul` becomes a link to that vault, so the skills' `.CoreSoul/bin/coresoul.js`, the
 * editor and the link server find it where they always look.
 */
function linkSharedVault(v: Vault): Vault {
  const own = path.join(v.root, SOUL_DIR);
  if (v.soulDir === own) return v;
  try {
    fs.symlinkSync(v.soulDir, own, process.platform === 'win32' ? 'junction' : 'dir');
  } catch (err) {
    throw fsError(err, 'link the shared vault at', own);
  }
  return vaultAt(v.root);
}

/** The line of the project's `.gitignore` that keeps the vault (a folder, or a worktree's link to one) out of the project's commits. */
export const PROJECT_IGNORE = `/${SOUL_DIR}`;

/**
 * In a git project, the vault is ignored by the project (docs/sync.md#where-the-memory-travels):
 * it has a repository of its own, which `git add -A` would otherwise record as a broken embedded
 * repository. Undefined outside a git project or when a line of `.gitignore` already says so.
 */
export function ignoreVaultInProject(root: string): 'created' | 'updated' | undefined {
  if (!fs.existsSync(path.join(root, '.git'))) return undefined;
  const file = path.join(root, '.gitignore');
  const text = readTextIfExists(file);
  const said = new Set([SOUL_DIR, `/${SOUL_DIR}`, `${SOUL_DIR}/`, `/${SOUL_DIR}/`]);
  if (text?.split(/\r?\n/).some((l) => said.has(l.trim()))) return undefined;
  const head = text && !text.endsWith('\n') ? '\n' : '';
  atomicWrite(file, `${text ?? ''}${head}# Core Soul: the vault has its own history, shared through coresoul sync (docs/sync.md)\n${PROJECT_IGNORE}\n`);
  return text === undefined ? 'created' : 'updated';
}

/** Puts the override directive at the top of a bootloader file, keeping every byte it had. */
export function addDirective(file: string): 'created' | 'updated' | 'kept' {
  const existing = readTextIfExists(file);
  if (existing === undefined) {
    atomicWrite(file, `${OVERRIDE_DIRECTIVE}\n`);
    return 'created';
  }
  if (existing.includes(OVERRIDE_DIRECTIVE)) return 'kept';
  const bom = existing.startsWith('\uFEFF') ? '\uFEFF' : '';
  atomicWrite(file, `${bom}${OVERRIDE_DIRECTIVE}\n\n${existing.slice(bom.length)}`);
  return 'updated';
}

/** Copies the running CLI's bundle to `.CoreSoul/bin/coresoul.js`: the code skills, hooks and merge drivers run. */
export function installCli(v: Vault, bundle: string): 'created' | 'updated' | 'kept' {
  const target = path.join(v.binDir, 'coresoul.js');
  const code = fs.readFileSync(bundle);
  const current = fs.existsSync(target) ? fs.readFileSync(target) : undefined;
  if (current?.equals(code)) return 'kept';
  atomicWrite(target, code);
  fs.chmodSync(target, 0o755);
  return current ? 'updated' : 'created';
}

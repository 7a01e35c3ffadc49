import * as fs from 'node:fs';
import { initVault, parseHosts } from '../../core/init/scaffold';
import { syncVault, teamMemoryOn } from '../../core/sync/sync';
import { vaultAt } from '../../core/vault/layout';
import type { Command } from '../command';

export const init: Command = {
  name: 'init',
  usage: 'init [--hosts github,gemini,claude,agents,cursor,vscode,codex] [--hooks] [--no-git]',
  summary: 'scaffold AGENTS.md, the CoreSoul skills and the .CoreSoul vault, joining the team\'s memory on the project\'s remote (idempotent)',
  options: { hosts: { type: 'string' }, hooks: { type: 'boolean' }, 'no-git': { type: 'boolean' } },
  describe: {
    hosts: '<list> the agent hosts to wire, comma-separated: github, gemini, claude, agents, cursor, vscode, codex (default github)',
    hooks: 'also add the hosts\' lifecycle hooks that push the context into every session and prompt (Claude Code, Gemini CLI, Codex, Cursor)',
    'no-git': 'no vault history (.CoreSoul/.git)',
  },
  examples: [
    'coresoul init',
    'coresoul init --hosts claude,gemini,codex,cursor,vscode --hooks',
  ],
  async run(ctx, _args, opts) {
    // A clone of a project whose team shares its memory: a folder without a vault joins it (docs/sync.md).
    const joined: string[] = [];
    if (!opts['no-git'] && !fs.existsSync(vaultAt(ctx.root).mapFile)) {
      const team = await teamMemoryOn(ctx.root);
      if (team.offline) ctx.warn(`offline: could not look for the team's memory on ${team.remote} (${team.offline}); a new vault is made here, and coresoul sync joins the team's later`);
      else if (team.found) {
        const r = await syncVault(ctx.root, { clock: ctx.clock, cliBundle: ctx.bundle }, ctx.signal);
        joined.push(`  joined the team's memory on ${r.remote} (${r.branch}): ${r.pulled} commit(s)`);
      }
    }
    const report = await initVault(ctx.root, {
      clock: ctx.clock,
      hosts: parseHosts(String(opts.hosts ?? 'github')),
      git: !opts['no-git'],
      hooks: Boolean(opts.hooks),
      cliBundle: ctx.bundle,
    });
    const lines = [
      `Core Soul vault ready in ${report.root}`,
      ...joined,
      ...report.created.map((f) => `  created ${f}`),
      ...report.updated.map((f) => `  updated ${f}`),
      `  ${report.kept.length} file(s) already there, kept as they were`,
      report.git ? `  history: .CoreSoul/.git${report.commit ? ` (commit ${report.commit})` : ''}` : '  history: off (--no-git)',
      ...(report.notes ?? []).map((n) => `  ${n}`),
    ];
    return { json: { ...report, ...(joined.length && { joined: true }) }, text: lines.join('\n') };
  },
};

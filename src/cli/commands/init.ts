import { initVault, parseHosts } from '../../core/init/scaffold';
import type { Command } from '../command';

export const init: Command = {
  name: 'init',
  usage: 'init [--hosts github,gemini,claude,agents,cursor,vscode,codex] [--hooks] [--no-git]',
  summary: 'scaffold AGENTS.md, the CoreSoul skills and the .CoreSoul vault (idempotent)',
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
    const report = await initVault(ctx.root, {
      clock: ctx.clock,
      hosts: parseHosts(String(opts.hosts ?? 'github')),
      git: !opts['no-git'],
      hooks: Boolean(opts.hooks),
      cliBundle: ctx.bundle,
    });
    const lines = [
      `Core Soul vault ready in ${report.root}`,
      ...report.created.map((f) => `  created ${f}`),
      ...report.updated.map((f) => `  updated ${f}`),
      `  ${report.kept.length} file(s) already there, kept as they were`,
      report.git ? `  history: .CoreSoul/.git${report.commit ? ` (commit ${report.commit})` : ''}` : '  history: off (--no-git)',
      ...(report.notes ?? []).map((n) => `  ${n}`),
    ];
    return { json: report, text: lines.join('\n') };
  },
};

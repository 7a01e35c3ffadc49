import { CONTEXT_MODES, type ContextMode, buildContext } from '../../core/context/context';
import { inputError } from '../../core/shared/errors';
import { recallFrom } from '../../core/context/recall';
import { TOKENIZER, countTokens } from '../../core/shared/tokens';
import { openVault } from '../../core/vault/layout';
import type { Command } from '../command';

export const context: Command = {
  name: 'context',
  usage: 'context <request> [--budget N] [--mode full|focused|minimal] [--no-memory]',
  summary: 'the layered prompt for a request: soul, persona, profile, memories, recent days, request (deterministic)',
  options: { budget: { type: 'string' }, mode: { type: 'string' }, 'no-memory': { type: 'boolean' } },
  describe: {
    budget: '<tokens> the whole prompt\'s token budget (default 8000); lower layers are trimmed first',
    mode: '<full|focused|minimal> which layers: all, without profile and recent days, or soul and persona only',
    'no-memory': 'soul and persona only: nothing is read from memory',
  },
  examples: [
    'coresoul context "why did we pick PostgreSQL?" --budget 4000',
    'coresoul context "review this diff" --mode focused --json',
  ],
  takesArguments: true,
  async run(ctx, args, opts) {
    const request = args.join(' ');
    if (!request.trim()) throw inputError('context: missing the request (coresoul context "<request>")');
    const budget = opts.budget === undefined ? undefined : Number(opts.budget);
    const mode = (opts.mode ?? 'full') as ContextMode;
    if (!CONTEXT_MODES.includes(mode)) throw inputError(`--mode: expected one of ${CONTEXT_MODES.join(', ')}, got "${mode}"`);
    const v = openVault(ctx.root);
    const built = await buildContext(v, {
      request,
      clock: ctx.clock,
      tokens: { name: TOKENIZER, count: countTokens },
      recall: recallFrom(v),
      budget,
      mode,
      memory: !opts['no-memory'],
    });
    for (const t of built.trims) ctx.warn(`trimmed ${t}`);
    for (const g of built.guarded) ctx.warn(`warning: ${g}`);
    const { text, ...report } = built;
    return { json: { ...report, text }, text };
  },
};

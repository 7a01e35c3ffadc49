import { readNote } from '../../core/memory/notes';
import { inputError } from '../../core/shared/errors';
import { openVault } from '../../core/vault/layout';
import { type Command, wholeNumber, withPositionals } from '../command';

export const read: Command = {
  name: 'read',
  usage: 'read <YYYY-MM-DD | Name | kind/Name> [--from-line N]',
  summary: 'show one day of memory (wherever it lives) or one entity note, by name; long ones in pages of 200 lines',
  options: { 'from-line': { type: 'string' } },
  describe: { 'from-line': '<N> start the page at this line (the answer says where the next page starts)' },
  examples: ['coresoul read 2026-03-09', 'coresoul read "Refund Flow"', 'coresoul read people/Alice --json'],
  takesArguments: true,
  async run(ctx, args, opts) {
    if (!args.length) throw inputError('read: missing what to read (coresoul read 2026-03-10, coresoul read "Refund Flow", coresoul read people/Alice)');
    const fromLine = wholeNumber('from-line', opts['from-line'], 1, 1, 1_000_000);
    const note = await withPositionals(['name'], async () => readNote(openVault(ctx.root), args.join(' '), { fromLine }));
    ctx.warn(`${note.file}:${note.line}${note.type === 'day' ? ` (${note.level})` : ` · ${note.mentions} mention(s)`}${note.more ? ` · ${note.more} more line(s): --from-line ${note.nextLine}` : ''}`);
    return { json: note, text: note.text };
  },
};

import { ENTITY_SORTS, type EntitySort, listEntities } from '../../core/memory/notes';
import { inputError } from '../../core/shared/errors';
import { ENTITY_KINDS, type EntityKind, isEntityKind, openVault } from '../../core/vault/layout';
import { type Command, wholeNumber } from '../command';

export const entities: Command = {
  name: 'entities',
  usage: `entities [--kind ${ENTITY_KINDS.join('|')}] [--sort ${ENTITY_SORTS.join('|')}] [--query <text>] [--limit N]`,
  summary: 'list the entities memory knows: latest mentioned first, most linked, or by name',
  options: { kind: { type: 'string' }, sort: { type: 'string' }, query: { type: 'string' }, limit: { type: 'string' } },
  describe: {
    kind: '<kind> only people, events, places or objects',
    sort: '<order> recent (latest mentioned first, the default), mentions (most linked) or name',
    query: '<text> only names or aliases that contain this',
    limit: '<N> at most this many',
  },
  examples: ['coresoul entities --kind people', 'coresoul entities --sort mentions --limit 10 --json'],
  async run(ctx, _args, opts) {
    const kind = opts.kind as string | undefined;
    if (kind !== undefined && !isEntityKind(kind)) throw inputError(`--kind: expected one of ${ENTITY_KINDS.join(', ')}, got "${kind}"`);
    const sort = opts.sort as string | undefined;
    if (sort !== undefined && !(ENTITY_SORTS as readonly string[]).includes(sort)) throw inputError(`--sort: expected one of ${ENTITY_SORTS.join(', ')}, got "${sort}"`);
    const limit = wholeNumber('limit', opts.limit, 50, 1, 100_000);
    const list = listEntities(openVault(ctx.root), { kind: kind as EntityKind | undefined, sort: sort as EntitySort | undefined, query: opts.query as string | undefined, limit });
    ctx.warn(`${list.entities.length} of ${list.total} entit${list.total === 1 ? 'y' : 'ies'}`);
    const text = list.entities.map((e) => `${e.kind}/${e.name}  ${e.mentions} mention(s)${e.lastDay ? `, last ${e.lastDay}` : ''}${e.aliases.length ? `  (aka ${e.aliases.join(', ')})` : ''}`).join('\n');
    return { json: list, text };
  },
};

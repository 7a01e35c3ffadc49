/**
 * MemoryWrite as every caller runs it (the CLI, the editor's Write Memory, the chat participant,
 * the Language Model tool): the entries appended, the weekly compression run first when a week
 * has passed, and one commit in the vault history for the lot.
 */
import { type Clock } from '../shared/clock';
import { type CompressReport, compress, compressionCommitMessage, compressionDue } from '../compress/compress';
import { CoreSoulError } from '../shared/errors';
import { commitVault } from '../vault/history';
import { redactText, secretsIn } from '../safety/secrets';
import { inputError } from '../shared/errors';
import { neutraliseInvisible } from '../shared/text';
import { linkTargets } from '../vault/wikilinks';
import type { Vault } from '../vault/layout';
import { type WriteRequest, type WriteResult, normaliseText, writeMemory } from './write';

export interface Remembered {
  results: WriteResult[];
  /** The compression that ran before the first entry, if a week had passed. */
  compression?: CompressReport;
  /** Why a due compression waits for a later write (the raw week could not be committed first). */
  postponed?: string;
  committed: boolean;
  /** Why the entries are not in the vault history yet (they are on disk all the same), one line. */
  commitProblem?: string;
}

/**
 * Writes `entries` in order and commits them as `memory: <file> line <n>` (or `memory: <n>
 * entries`), followed by `source` when given (`from chat on 2026-03-10`). A due compression runs
 * first, but only once the raw week is safely committed: if that commit fails, compression is
 * postponed to a later write rather than lose the raw text. A failing commit after the writes
 * loses nothing either: it is reported in `commitProblem`. Bad text throws before any write.
 * Credentials are replaced by `[secret: <kind>]` before anything reaches disk (`redacted`): in the
 * text, the `via` it came through and the commit message's `source`; an entity name that holds
 * one is refused.
 */
export async function rememberAll(v: Vault, entries: WriteRequest[], opts: { clock: Clock; source?: string }): Promise<Remembered> {
  for (const entry of entries) {
    normaliseText(entry.text, entry.from);
    // A name (given, or a [[link]] of the text) becomes a file name: one that holds a credential is refused, not rewritten.
    for (const name of [...(entry.entities ?? []).map((e) => e.name), ...linkTargets(entry.text)]) {
      const found = secretsIn(name);
      if (found.length) throw inputError(`an entity name holds a secret (${found[0].kind}); nothing was written`, 'entity');
    }
  }
  // Without its invisible characters first: a secret split by a zero-width space is still found.
  const clean = entries.map((e) => redactText(neutraliseInvisible(e.text)));
  const source = opts.source && redactText(opts.source).text;
  let postponed: string | undefined;
  if (compressionDue(v, opts.clock.now())) {
    try {
      await commitVault(v, 'memory: before weekly compression');
    } catch (err) {
      if (!(err instanceof CoreSoulError)) throw err;
      postponed = err.message;
    }
  }
  let compression: CompressReport | undefined;
  const results: WriteResult[] = [];
  for (const [k, entry] of entries.entries()) {
    // The line's `[from agent: <via>]` tag ends at a bracket: a secret in `via` becomes `secret-<kind>`.
    const via = entry.via ? redactText(entry.via) : undefined;
    const result = writeMemory(v, { ...entry, text: clean[k].text, ...(via && { via: via.text.replace(/\[secret: ([\w.-]+)\]/g, 'secret-$1') }) }, {
      clock: opts.clock,
      compress: (vault, now) => {
        if (!postponed) compression = compress(vault, { now });
      },
    });
    result.compressed = result.compressed && Boolean(compression?.ran);
    const kinds = [...clean[k].kinds, ...(via ? via.kinds : [])];
    if (kinds.length) result.redacted = kinds;
    results.push(result);
  }
  if (!results.length) return { results, committed: false };
  const what = results.length === 1 ? `${results[0].file.split('/').pop()} line ${results[0].line}` : `${results.length} entries`;
  const message = `memory: ${what}${source ? ` ${source}` : ''}${compression?.ran ? `, after ${compressionCommitMessage(compression)}` : ''}`;
  try {
    const { committed } = await commitVault(v, message, { tidy: Boolean(compression?.ran) });
    return { results, ...(compression && { compression }), ...(postponed && { postponed }), committed };
  } catch (err) {
    if (!(err instanceof CoreSoulError)) throw err;
    return { results, ...(compression && { compression }), ...(postponed && { postponed }), committed: false, commitProblem: err.message.split('\n')[0] };
  }
}

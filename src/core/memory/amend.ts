/**
 * Correct and forget (docs/memory.md#correct-and-forget): a wrong memory is taken back with a
 * reason, never deleted silently. `correct` appends the corrected entry today and marks the old
 * one superseded, linking its replacement; `forget` replaces the entry's text by a retraction
 * mark. Either way the old text stays in the vault history, and one commit says what and why.
 * Every refusal (no such entry, an empty reason, bad text) is a one-line error and changes nothing.
 */
import { type Clock, localStamp } from '../shared/clock';
import { CoreSoulError, inputError, refusedError } from '../shared/errors';
import { withLockAsync } from '../shared/fs';
import { redactText } from '../safety/secrets';
import { commitVault, hasHistory, notCommitted } from '../vault/history';
import type { EntityKind, Vault } from '../vault/layout';
import { ENTRY_KINDS, type EntryKind } from '../vault/dayEntries';
import { rememberAll } from './remember';
import { type EntryRef, type LocatedEntry, checkReason, locateEntry, markEntry } from './retract';
import { ORIGINS, type Origin, type WriteResult, linkedEntry } from './write';

export interface AmendOptions {
  clock: Clock;
  /** Who takes it back (default the person); an agent's mark and entry say so. */
  from?: Origin;
  via?: string;
}

/** The entry taken back, as it was cited. */
export interface TakenBack {
  file: string;
  line: number;
  day: string;
  time: string;
}

export interface Corrected {
  corrected: TakenBack;
  reason: string;
  /** The corrected entry, written today as `write` writes. */
  entry: WriteResult;
  /** Entity notes whose date tag of the old entry now carries the mark. */
  marked: string[];
  committed: boolean;
  warning?: string;
}

export interface Forgotten {
  forgotten: TakenBack;
  reason: string;
  marked: string[];
  committed: boolean;
  warning?: string;
}

function by(o: AmendOptions): string | undefined {
  if (o.from !== undefined && !(ORIGINS as readonly string[]).includes(o.from)) throw inputError(`expected one of ${ORIGINS.join(', ')}, got "${o.from}"`, 'from');
  const via = o.via?.replace(/[\])\n\r]+/g, ' ').trim().slice(0, 80);
  return o.from && o.from !== 'person' ? `${o.from}${via ? `: ${via}` : ''}` : undefined;
}
const cited = (e: LocatedEntry): TakenBack => ({ file: e.shown, line: e.line, day: e.day, time: e.time });

function refuseTaken(e: LocatedEntry, action: string): void {
  if (e.state === 'retracted') throw inputError(`the entry at ${e.day} ${e.time} was already forgotten; there is nothing to ${action}`, 'entry');
}

function cleanReason(reason: string): string {
  return redactText(checkReason(reason)).text;
}

/**
 * Appends `text` today (kind: the old entry's unless given) with "(corrects [[day]] time)", and
 * marks the old entry `[superseded [[today]] now: reason]`. Refused for an entry already
 * superseded (correct its replacement) or forgotten.
 */
export async function correctMemory(
  v: Vault,
  req: { entry: EntryRef; text: string; reason: string; kind?: EntryKind; entities?: { kind?: EntityKind; name: string }[] },
  opts: AmendOptions,
): Promise<Corrected> {
  if (req.kind !== undefined && !(ENTRY_KINDS as readonly string[]).includes(req.kind)) throw inputError(`expected one of ${ENTRY_KINDS.join(', ')}, got "${req.kind}"`, 'kind');
  linkedEntry(req); // bad text or entity names: refused before anything changes
  const who = by(opts);
  const reason = cleanReason(req.reason);
  return withLockAsync(v.lockFile, async () => {
    const old = locateEntry(v, req.entry);
    refuseTaken(old, 'correct');
    if (old.state === 'superseded') throw inputError(`the entry at ${old.day} ${old.time} was already corrected: correct its replacement instead`, 'entry');
    const at = localStamp(opts.clock.now());
    const marked = markEntry(v, old, { how: 'superseded', day: at.day, time: at.time, by: who, reason });
    const { results, commitProblem } = await rememberAll(
      v,
      [{ text: `${req.text.trim()} (corrects [[${old.day}]] ${old.time})`, kind: req.kind ?? old.kind, entities: req.entities, from: opts.from, via: opts.via, at }],
      { clock: opts.clock, source: `${opts.via ? `(${opts.via}) ` : ''}correcting ${old.day} ${old.time}: ${reason}` },
    );
    return {
      corrected: cited(old),
      reason,
      entry: results[0],
      marked,
      committed: !commitProblem,
      ...(commitProblem && { warning: notCommitted('corrected', commitProblem) }),
    };
  });
}

/**
 * Replaces the entry's text by `[retracted [[today]] now: reason]`, on its day and its entities'
 * date tags. The text must stay in the vault history: anything not yet committed is committed
 * first, and a vault without history (`init --no-git`) refuses, since nothing would keep it.
 */
export async function forgetMemory(v: Vault, req: { entry: EntryRef; reason: string }, opts: AmendOptions): Promise<Forgotten> {
  const who = by(opts);
  const reason = cleanReason(req.reason);
  return withLockAsync(v.lockFile, async () => {
    const old = locateEntry(v, req.entry);
    refuseTaken(old, 'forget');
    if (!hasHistory(v)) throw refusedError('this vault keeps no history (init --no-git), so a forgotten entry would be lost: correct it instead, or edit the day file yourself');
    try {
      await commitVault(v, `memory: before forgetting ${old.day} ${old.time}`);
    } catch (err) {
      if (!(err instanceof CoreSoulError)) throw err;
      throw refusedError(`the vault history cannot keep the entry before it is forgotten: ${err.message.split('\n')[0]}`);
    }
    const at = localStamp(opts.clock.now());
    const mark = { how: 'retracted' as const, day: at.day, time: at.time, by: who, reason };
    const marked = markEntry(v, old, mark);
    try {
      const { committed } = await commitVault(v, `memory: forgot ${old.day} ${old.time}${mark.by ? ` (${mark.by})` : ''}: ${reason}`);
      return { forgotten: cited(old), reason, marked, committed };
    } catch (err) {
      if (!(err instanceof CoreSoulError)) throw err;
      return { forgotten: cited(old), reason, marked, committed: false, warning: notCommitted('forgotten', err.message.split('\n')[0]) };
    }
  });
}

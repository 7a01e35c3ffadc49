/**
 * Import (docs/import.md): another system's memory, read by its format's reader into a neutral
 * plan, then written as `write` would — through `rememberAll` with `from: import` and the format
 * as `via` — so the secret firewall, the entity notes, the profile's soul check and the vault
 * commit are the ones every write takes. Identity text becomes a persona proposal for review.
 *
 * One commit or nothing: the whole plan is worked out and checked before the first write; the
 * files the writes can touch are kept, and restored if a write or the commit fails.
 */
import * as fs from 'node:fs';
import { type Clock, localDay } from '../shared/clock';
import { CoreSoulError, inputError, vaultError } from '../shared/errors';
import { atomicWrite } from '../shared/fs';
import { compressBeforeWrite, compressWithHistory, compressionDue } from '../compress/compress';
import { rememberAll } from '../memory/remember';
import { type WriteRequest, entityExcerpt, linkedEntry } from '../memory/write';
import { entryCandidates } from '../profile/preferences';
import { redactText } from '../safety/secrets';
import { neutraliseInvisible } from '../shared/text';
import { findEntity, forgetEntities, DEFAULT_ENTITY_KIND } from '../vault/entities';
import { type Vault, dayFile, entityFile } from '../vault/layout';
import { readMemoryMap } from '../vault/memoryMap';
import { isDayLink, linkTargets, stripLinks } from '../vault/wikilinks';
import { archiveFile, learnCandidates, profileFile } from '../profile/profile';
import { parsePersona, sectionBody } from '../persona/document';
import { pendingProposals, proposePersonaChange, readPersona } from '../persona/proposals';
import { proposePreferences } from '../persona/preferenceReview';
import { PERSONA_SECTIONS } from '../vault/personaSections';
import { type ImportFormat, IMPORT_FORMATS, type SourceRead } from './plan';
import { KnownLines } from './known';
import { type Skipped, Source } from './source';
import { READERS } from './formats';

export interface ImportOptions {
  clock: Clock;
  /** The format, when not detected from the files. */
  from?: ImportFormat;
  /** Work out and report the plan; write nothing. */
  dryRun?: boolean;
  /** Warnings a person should read (a compression's odd files…). */
  warn?: (message: string) => void;
}

export interface PlannedEntry {
  /** `YYYY-MM-DD`, or `today` for an undated fact. */
  day: string;
  text: string;
  kind?: string;
}

export interface FormatReport {
  format: ImportFormat;
  /** Entries written (or, in a dry run, to be written). */
  imported: number;
  /** Items the vault already held: not written again. */
  merged: number;
  skipped: Skipped[];
  /** Profile entries the imported preferences added or reinforced. */
  learned: number;
  /** Persona proposals made from identity text, waiting for review. */
  proposals: string[];
  /** In a dry run: what would be written. */
  plan?: PlannedEntry[];
}

export interface ImportReport {
  source: string;
  dryRun: boolean;
  formats: FormatReport[];
  committed: boolean;
  /** The secrets replaced by `[secret: <kind>]`, one per secret. */
  redacted: string[];
  warnings: string[];
}

/** Which formats a source holds, in the order they are read. */
export function detectFormats(src: Source): ImportFormat[] {
  return IMPORT_FORMATS.filter((f) => READERS[f].detect(src));
}

/** Imports a source into the vault in one commit; `signal` stops it until that commit, with nothing changed. */
export async function importMemories(v: Vault, given: string, opts: ImportOptions, signal?: AbortSignal): Promise<ImportReport> {
  const src = Source.open(given);
  const named = src.file === undefined ? undefined : src.read(src.file);
  if (named && 'skipped' in named) throw inputError(`${given}: ${named.skipped.reason}`); // the file the user named: one line, not a skipped item
  const formats = opts.from ? [opts.from] : detectFormats(src);
  if (!formats.length) throw inputError(`cannot tell which memory format ${given} holds; name one of ${IMPORT_FORMATS.join(', ')}`, 'from');
  if (opts.from && !READERS[opts.from].detect(src)) throw inputError(`${given} is not ${READERS[opts.from].expected}`);
  const reads = formats.map((f) => READERS[f].read(src));
  signal?.throwIfAborted();

  const now = opts.clock.now();
  if (!opts.dryRun && compressionDue(v, now)) {
    // Due anyway: done first, on its own, so that the import's writes are all appends.
    await compressWithHistory(v, { now, warn: opts.warn ?? (() => undefined) });
  }
  const known = KnownLines.of(v);
  const redacted: string[] = [];
  const planned: Awaited<ReturnType<typeof planFormat>>[] = [];
  for (const r of reads) {
    signal?.throwIfAborted();
    planned.push(await planFormat(v, r, known, localDay(now), redacted)); // in turn: they share `known`
  }
  const identity = reads.map((r) => planIdentity(v, r));
  const reports: FormatReport[] = planned.map((p, k) => ({
    format: reads[k].format,
    imported: p.requests.length,
    merged: p.merged + identity[k].merged,
    skipped: [...reads[k].skipped, ...p.skipped],
    learned: 0,
    proposals: [],
    ...(opts.dryRun && { plan: p.requests.map((r) => ({ day: r.at?.day ?? 'today', text: linkedEntry(r).text, ...(r.kind && { kind: r.kind }) })) }),
  }));
  const report: ImportReport = { source: given, dryRun: !!opts.dryRun, formats: reports, committed: false, redacted, warnings: [] };
  if (opts.dryRun) {
    reports.forEach((r, k) => {
      r.plan!.push(...identity[k].texts.map((t) => ({ day: 'persona proposal', text: t.where })));
      // The preferences that would wait for review, as learning would sort them (nothing is written).
      const review = planned[k].requests.flatMap((q) =>
        q.kind === 'preference' || q.kind === 'correction' ? learnCandidates(v, entryCandidates(q.kind, stripLinks(entityExcerpt(linkedEntry(q).text))), { clock: opts.clock, dryRun: true }).review : [],
      );
      if (review.length) r.plan!.push({ day: 'persona proposal', text: `preferences for review: ${review.map((n) => `"${n.value}"`).join('; ')}` });
    });
    return report;
  }

  signal?.throwIfAborted();
  const requests = planned.flatMap((p) => p.requests);
  // Preferences not learnt silently (about what the soul guards) are proposed for the person's review.
  const toReview: string[][] = planned.map(() => []);
  if (requests.length) {
    const kept = keepFiles(v, requests, localDay(now));
    try {
      // Written in time order, so a day's lines read as they happened whatever order the source kept them in.
      const order = requests.map((_, i) => i).sort((a, b) => writtenAt(requests[a]).localeCompare(writtenAt(requests[b])));
      const done = await rememberAll(v, order.map((i) => requests[i]), { clock: opts.clock, source: `imported from ${formats.join(', ')} (${given})` });
      if (done.commitProblem) throw vaultError(`import not committed, so nothing was kept: ${done.commitProblem}`);
      report.committed = done.committed;
      const results = order.reduce<typeof done.results>((out, i, k) => ((out[i] = done.results[k]), out), []);
      let k = 0;
      planned.forEach((p, f) => {
        for (const result of results.slice(k, k + p.requests.length)) {
          reports[f].learned += result.learned?.length ?? 0;
          for (const n of result.notLearned ?? []) report.warnings.push(`not learnt as a preference: "${n.value}": ${n.why}`);
          toReview[f].push(...(result.toReview ?? []).map((n) => n.value));
        }
        k += p.requests.length;
      });
    } catch (err) {
      restoreFiles(kept);
      throw err;
    }
  }
  for (const [f, { texts }] of identity.entries()) {
    for (const t of texts) {
      try {
        const review = await proposePersonaChange(
          v,
          { changes: [{ section: 'Self-Awareness', content: t.content }], trigger: 'explicit-command', reason: `imported from ${reads[f].format} ${t.where}` },
          { clock: opts.clock, compress: compressBeforeWrite },
        );
        if (review.accepted) reports[f].proposals.push(review.id);
        else reports[f].skipped.push({ item: t.where, reason: `persona proposal refused: ${review.violations.map((x) => x.why).join('; ') || review.gate.message}` });
      } catch (err) {
        if (!(err instanceof CoreSoulError)) throw err;
        reports[f].skipped.push({ item: t.where, reason: `not proposed for the persona: ${err.message}` }); // too large, control characters…
      }
    }
  }
  for (const [f, values] of toReview.entries()) {
    if (!values.length) continue;
    const review = await proposePreferences(v, values, { clock: opts.clock, compress: compressBeforeWrite });
    if (review?.accepted) reports[f].proposals.push(review.id);
    else if (review) report.warnings.push(`preferences not proposed for review: ${review.violations.map((x) => x.why).join('; ') || review.gate.message}`);
  }
  return report;
}

/** The entries of one format's items that the vault does not hold yet, checked as `write` checks them. */
async function planFormat(v: Vault, read: SourceRead, known: KnownLines, today: string, redacted: string[]) {
  const map = readMemoryMap(v);
  const skipped: Skipped[] = [];
  const requests: WriteRequest[] = [];
  let merged = 0;
  const cleaned = read.items.map((item) => redactText(neutraliseInvisible(item.text)));
  for (const [k, item] of read.items.entries()) {
    let day = item.day;
    if (day && day > today) {
      skipped.push({ item: item.where, reason: `dated ${day}, after today` });
      continue;
    }
    const folded = day !== undefined && map.days[day]?.level === 'L3';
    const hinted = linkTargets(item.text)
      .filter((t) => !isDayLink(t) && read.kinds.has(t.toLowerCase()))
      .map((name) => ({ kind: read.kinds.get(name.toLowerCase()), name }));
    // Checked as `write` checks it, and compared in the form the vault keeps: redacted, every entity linked.
    const clean = cleaned[k];
    let entry: ReturnType<typeof linkedEntry>;
    try {
      entry = linkedEntry({ text: clean.text, entities: [...hinted, ...(item.entities ?? [])], from: 'import' });
    } catch (err) {
      if (!(err instanceof CoreSoulError)) throw err;
      skipped.push({ item: item.where, reason: err.message });
      continue;
    }
    redacted.push(...clean.kinds);
    if (known.has(entry.text, day)) {
      merged++;
      continue;
    }
    known.add(entry.text, day);
    let text = clean.text;
    if (folded) {
      text = `[[${day}]] ${text}`; // a day folded into its monthly file is not reopened: today links to it
      day = undefined;
    }
    requests.push({
      text,
      entities: entry.entities,
      ...(item.kind && item.kind !== 'note' && { kind: item.kind }),
      from: 'import',
      via: read.format,
      ...(day && { at: { day, time: item.time ?? '00:00:00' } }),
    });
  }
  return { requests, skipped, merged };
}

/** When a request lands: its day and time, or after every dated one (an undated fact is written now, today). */
const writtenAt = (r: WriteRequest) => (r.at ? `${r.at.day} ${r.at.time}` : '~');

/** Identity text as a proposed Self-Awareness: the current section, then the imported text under its own heading. */
function planIdentity(v: Vault, read: SourceRead): { texts: { where: string; content: string }[]; merged: number } {
  if (!read.identity.length) return { texts: [], merged: 0 };
  const current = sectionBody(parsePersona(readPersona(v)), PERSONA_SECTIONS[0]);
  const pending = pendingProposals(v).flatMap((p) => p.changes.map((c) => c.content));
  const fresh: string[] = [];
  const where: string[] = [];
  let merged = 0;
  for (const t of read.identity) {
    const body = t.text.trim().replace(/^(#{1,4}) /gm, '$1## ');
    if (current.includes(body) || pending.some((p) => p.includes(body))) merged++;
    else {
      fresh.push(`## Imported from ${read.format} ${t.where}\n\n${body}`);
      where.push(t.where);
    }
  }
  if (!fresh.length) return { texts: [], merged };
  return { texts: [{ where: where.join(', '), content: [current.trim(), ...fresh].join('\n\n') }], merged };
}

/** The files an import's writes can touch, with their content (undefined: not there yet). */
function keepFiles(v: Vault, requests: WriteRequest[], today: string): Map<string, Buffer | undefined> {
  const files = new Set([v.mapFile, profileFile(v), archiveFile(v, today), dayFile(v, today)]);
  for (const r of requests) {
    files.add(dayFile(v, r.at?.day ?? today));
    for (const e of r.entities ?? []) files.add(findEntity(v, e.name)?.file ?? entityFile(v, e.kind ?? DEFAULT_ENTITY_KIND, e.name));
  }
  const kept = new Map<string, Buffer | undefined>();
  for (const f of files) {
    const st = fs.statSync(f, { throwIfNoEntry: false });
    if (!st) kept.set(f, undefined);
    else if (st.isFile()) kept.set(f, fs.readFileSync(f)); // anything else cannot be written to: the write fails first
  }
  return kept;
}

function restoreFiles(kept: Map<string, Buffer | undefined>): void {
  for (const [file, data] of kept) {
    if (data === undefined) fs.rmSync(file, { force: true });
    else atomicWrite(file, data);
  }
  forgetEntities();
}

/**
 * The vault's health (docs/truth.md#the-health-view): one call that gives a face everything it
 * shows about whether the memories stay true — how the memory grew, by kind and by author; how
 * fresh what each period wrote still is; every finding of `coresoul lint` and every superseded
 * memory, each with the fixes that apply to it (archive for one proposed for archiving); and the entity notes with their links, for a
 * graph. It is the lint walk (lint.ts) read once more ways; it changes nothing.
 */
import { isDay } from '../shared/clock';
import { profileFile } from '../profile/profile';
import type { StaleCitation } from '../truth/freshness';
import type { TruthMemory } from '../truth/memories';
import { entryBody, headAuthor } from '../vault/dayEntries';
import { archiveFileOf } from '../memory/archive';
import { ENTITY_KINDS, type Vault, rel } from '../vault/layout';
import { type LintOptions, type LintReport, type LintRuleId, type Severity, lintDetail } from './lint';

/** Who wrote a memory when its line names no one: the person. */
export const PERSON = 'person';

/**
 * Who wrote a memory, for the chart by author: the agent or importer its provenance names
 * (`[from agent: copilot]` → `agent: copilot`), else the person its author marker names
 * (vault/dayEntries.ts `headAuthor`), else the person of this machine.
 */
export function authorOf(m: Pick<TruthMemory, 'text'>): string {
  const a = headAuthor(m.text);
  return a.from === 'person' ? (a.name ?? PERSON) : `${a.from}${a.via ? `: ${a.via}` : ''}`;
}

/** A memory's kind for the growth chart: the entry's `#kind`, `note` for an untagged entry, `entity` for a note's own text. */
export const kindOf = (m: Pick<TruthMemory, 'kind' | 'entity'>): string => m.kind ?? (m.entity !== undefined ? 'entity' : 'note');

/** How current what a period wrote still is; each memory counts once, in the first state that holds. */
export const FRESHNESS = ['superseded', 'dead', 'changed', 'duplicate', 'current'] as const;
export type Freshness = (typeof FRESHNESS)[number];

export interface HealthPeriod {
  /** The period's first day, `YYYY-MM-DD` (a Monday for weeks, the 1st for months). */
  start: string;
  /** Memories written in the period, by kind and by author. */
  byKind: Record<string, number>;
  byAuthor: Record<string, number>;
  /** The same memories by how current they are now. */
  freshness: Record<Freshness, number>;
}

export type FixId = 'open' | 'openRelated' | 'correct' | 'retract' | 'archive';

export interface HealthFinding {
  rule: LintRuleId | 'superseded';
  severity: Severity;
  file: string;
  line: number;
  message: string;
  related?: { file: string; line: number }[];
  /** What the memory says (its markers set aside), when the finding is about one (shown beside the finding, offered for a correction). */
  text?: string;
  /** The fixes that apply: `correct` and `retract` only to an entry of a detailed (L1) day, `archive` to a line of the chronological files. */
  fixes: FixId[];
  /** The L1 entry the fixes take back: its day and line, as `correct`/`forget` name it. */
  entry?: { day: string; line: number };
  /** Where `archive` moves the memory (memory/archive.ts `archiveFileOf`: its month's file), relative to the workspace root. */
  archiveTo?: string;
}

export interface HealthGraph {
  /** Entity notes, the most linked first, at most `maxNodes`. */
  nodes: { file: string; name: string; kind: string; inbound: number }[];
  /** Links between the notes shown, by index into `nodes`. */
  edges: { from: number; to: number; count: number }[];
  /** How many notes and links the vault has in all (the graph may show fewer). */
  total: { nodes: number; edges: number };
}

export interface VaultHealth {
  report: LintReport;
  period: 'week' | 'month';
  periods: HealthPeriod[];
  kinds: string[];
  authors: string[];
  findings: HealthFinding[];
  graph: HealthGraph;
}

export interface HealthOptions extends LintOptions {
  /** The most entity notes the graph holds (default 150). */
  maxNodes?: number;
}

/** Weeks up to two years of memories, months beyond. */
const WEEKS_UP_TO = 104;
const DAY_MS = 86_400_000;
const RULE_FIXES: Partial<Record<LintRuleId | 'superseded', FixId[]>> = {
  superseded: ['openRelated', 'retract'],
  duplicate: ['openRelated', 'retract'],
  contradiction: ['openRelated', 'correct', 'retract'],
  'dead-citation': ['correct', 'retract'],
  'changed-citation': ['correct'],
  unused: ['archive'],
};

/** The vault's health in one walk; `signal` stops it as it stops lint. */
export async function vaultHealth(v: Vault, opts: HealthOptions = {}, signal?: AbortSignal): Promise<VaultHealth> {
  const d = await lintDetail(v, opts, signal);
  const byId = new Map(d.memories.map((m) => [m.id, m] as const));
  const staleOf = new Map<string, StaleCitation[]>();
  d.memories.forEach((m, i) => d.stale[i].length && staleOf.set(m.id, d.stale[i]));

  const findings: HealthFinding[] = d.report.findings.map((f) => withFixes({ ...f }, byId.get(`${f.file}:${f.line}`)));
  for (const p of d.supersessions) {
    const m = byId.get(p.older)!;
    const newer = byId.get(p.newer);
    findings.push(
      withFixes(
        { rule: 'superseded', severity: 'note', file: m.file, line: m.line, message: `superseded by ${newer ? newer.at.replace('T', ' ') : p.newer} (${p.about})`, related: [{ file: newer?.file ?? p.newer.slice(0, p.newer.lastIndexOf(':')), line: newer?.line ?? Number(p.newer.slice(p.newer.lastIndexOf(':') + 1)) }] },
        m,
      ),
    );
  }

  // Each memory's state now, for the freshness chart.
  const state = new Map<string, Freshness>();
  for (const p of d.supersessions) state.set(p.older, 'superseded');
  for (const f of d.report.findings) {
    const id = `${f.file}:${f.line}`;
    const s: Freshness | undefined = f.rule === 'dead-citation' ? 'dead' : f.rule === 'changed-citation' ? 'changed' : f.rule === 'duplicate' ? 'duplicate' : undefined;
    if (s && FRESHNESS.indexOf(s) < FRESHNESS.indexOf(state.get(id) ?? 'current')) state.set(id, s);
  }

  const days = d.memories.map((m) => m.at.slice(0, 10)).filter(isDay).sort();
  const span = days.length ? (Date.parse(days[days.length - 1]) - Date.parse(days[0])) / DAY_MS : 0;
  const period = span / 7 > WEEKS_UP_TO ? 'month' : 'week';
  const periods = new Map<string, HealthPeriod>();
  const kinds = new Set<string>();
  const authors = new Map<string, number>();
  for (const m of d.memories) {
    const day = m.at.slice(0, 10);
    if (!isDay(day)) continue;
    const start = period === 'month' ? `${day.slice(0, 7)}-01` : mondayOf(day);
    let p = periods.get(start);
    if (!p) periods.set(start, (p = { start, byKind: {}, byAuthor: {}, freshness: { superseded: 0, dead: 0, changed: 0, duplicate: 0, current: 0 } }));
    const kind = kindOf(m);
    const author = authorOf(m);
    kinds.add(kind);
    authors.set(author, (authors.get(author) ?? 0) + 1);
    p.byKind[kind] = (p.byKind[kind] ?? 0) + 1;
    p.byAuthor[author] = (p.byAuthor[author] ?? 0) + 1;
    p.freshness[state.get(m.id) ?? 'current']++;
  }

  return {
    report: d.report,
    period,
    periods: [...periods.values()].sort((a, b) => (a.start < b.start ? -1 : 1)),
    kinds: [...kinds].sort(),
    authors: [...authors].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([a]) => a),
    findings,
    // The profile (User.md) is the person, read by name, never linked: not a note of the graph.
    graph: graphOf(d.entities.filter((e) => e.file !== rel(v, profileFile(v))), d.entityLinks, opts.maxNodes ?? 150),
  };

  function withFixes(f: Omit<HealthFinding, 'fixes'>, m: TruthMemory | undefined): HealthFinding {
    const day = /(?:^|\/)(\d{4}-\d{2}-\d{2})\.md$/.exec(f.file)?.[1];
    // A summarised (L2) day's lines look the same here; correct and forget refuse them in one line.
    const l1 = !!m && !!day && m.entity === undefined;
    // Archiving moves any line of the chronological files (memory/archive.ts), summarised ones too.
    const chrono = !!m && m.entity === undefined;
    const fixes: FixId[] = ['open', ...(RULE_FIXES[f.rule] ?? []).filter((x) => (x === 'openRelated' ? !!f.related?.length : x === 'archive' ? chrono : l1))];
    return {
      ...f,
      ...(m && { text: entryBody(m.text) }),
      fixes,
      ...(l1 && { entry: { day: day!, line: m!.line } }),
      ...(fixes.includes('archive') && { archiveTo: rel(v, archiveFileOf(v, m!.at.slice(0, 10))) }),
    };
  }
}

function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const dow = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - dow * DAY_MS).toISOString().slice(0, 10);
}

function graphOf(entities: { file: string; name: string; inbound: number }[], links: { from: string; to: string; count: number }[], maxNodes: number): HealthGraph {
  const degree = new Map<string, number>();
  for (const l of links) {
    degree.set(l.from, (degree.get(l.from) ?? 0) + l.count);
    degree.set(l.to, (degree.get(l.to) ?? 0) + l.count);
  }
  const shown = [...entities]
    .sort((a, b) => b.inbound + (degree.get(b.file) ?? 0) - (a.inbound + (degree.get(a.file) ?? 0)) || (a.name < b.name ? -1 : 1))
    .slice(0, maxNodes);
  const index = new Map(shown.map((e, i) => [e.file, i] as const));
  const kindOfFile = (file: string) => ENTITY_KINDS.find((k) => file.includes(`/entities/${k}/`)) ?? 'objects';
  return {
    nodes: shown.map((e) => ({ file: e.file, name: e.name, kind: kindOfFile(e.file), inbound: e.inbound })),
    edges: links.flatMap((l) => (index.has(l.from) && index.has(l.to) ? [{ from: index.get(l.from)!, to: index.get(l.to)!, count: l.count }] : [])),
    total: { nodes: entities.length, edges: links.length },
  };
}

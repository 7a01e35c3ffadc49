/**
 * `coresoul lint` (docs/truth.md#lint): what is wrong with the memories as they stand — one
 * walk of the vault that puts the engines together: duplicates and near-duplicates,
 * contradictions between current memories, dead or changed code citations (truth), broken
 * `[[links]]` and orphan notes, secrets (safety/scan) and caps exceeded. A workflow: it changes
 * nothing, and a face shows the report as text, JSON or SARIF (sarif.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDay, localDay } from '../shared/clock';
import { maskCode } from '../links/linkIndex';
import { type SecretHit, scanVault } from '../safety/scan';
import { ALWAYS_LOADED_CAPS } from '../memory/status';
import { DEFAULT_PROFILE_CAPS, profileFile } from '../profile/profile';
import { type Contradiction, findContradictions } from '../truth/contradictions';
import { duplicateKeys, findDuplicates } from '../truth/duplicates';
import { type CodeWorkspace, type StaleCitation, checkFreshness, gitCodeWorkspace } from '../truth/freshness';
import { type TruthMemory, readMemories } from '../truth/memories';
import { type Supersession, namedPairs, supersessionsAmong } from '../truth/supersession';
import { ARCHIVE_AFTER_DAYS, unusedMemories } from '../truth/unused';
import { servedBefore } from '../vault/usage';
import { takenBack } from '../vault/dayEntries';
import { daySections } from '../vault/days';
import { parseLinks } from '../vault/wikilinks';
import { entityFrontMatter } from '../vault/entityFrontMatter';
import { type Vault, rel } from '../vault/layout';

export const LINT_RULES = {
  'dead-citation': { severity: 'error', summary: 'cites code that is gone: a deleted file, a line past its end, a symbol no longer in the code' },
  'changed-citation': { severity: 'warning', summary: 'cites code that was moved or changed since the memory was written' },
  duplicate: { severity: 'warning', summary: 'repeats an earlier memory (the same words, or three quarters of them)' },
  contradiction: { severity: 'warning', summary: 'gives a subject another value than a current memory, without saying it replaces it' },
  'broken-link': { severity: 'error', summary: 'a [[link]] to no entity and no day of the vault' },
  'orphan-note': { severity: 'note', summary: 'an entity note no [[link]] points at' },
  secret: { severity: 'error', summary: 'a credential stored in the vault (see coresoul scan)' },
  cap: { severity: 'warning', summary: 'a file over its size cap or a profile section over its entry cap' },
  unused: { severity: 'note', summary: `served by no search, context or MCP read for ${ARCHIVE_AFTER_DAYS} days or more: proposed for archiving (coresoul archive --unused)` },
} as const;

export type LintRuleId = keyof typeof LINT_RULES;
export type Severity = 'error' | 'warning' | 'note';
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'note'];

export interface LintLocation {
  /** Relative to the workspace root, with forward slashes. */
  file: string;
  /** 1-based. */
  line: number;
}

export interface LintFinding extends LintLocation {
  rule: LintRuleId;
  severity: Severity;
  message: string;
  /** The other memory of a pair (the first of a duplicate group, the other side of a contradiction). */
  related?: LintLocation[];
}

export interface LintReport {
  findings: LintFinding[];
  /** Findings per rule (every rule present, 0 included). */
  counts: Record<LintRuleId, number>;
  memories: number;
  files: number;
  /** Memories superseded by a later one: history, not a problem (docs/truth.md#supersession). */
  superseded: number;
}

export interface LintOptions {
  /** The secrets of the vault's files: false skips the rule; default `scanVault` without history, in this process. */
  secrets?: false | (() => Promise<SecretHit[]>);
  /** The project the memories cite; default the git repository at the workspace root. */
  code?: CodeWorkspace;
  /** Today (`YYYY-MM-DD`), for how long memories went unused; default the system's. */
  today?: string;
  /**
   * `truthOf` the vault's memories (`memoriesToLint`), read and run beside this thread (the CLI:
   * a worker thread that reads the files itself while this thread reads them too), its
   * supersessions told as soon as they are found (this thread groups duplicates meanwhile);
   * default `truthOf` in this thread, in turn. Started before this thread reads the vault.
   */
  truthBeside?: () => TruthBeside;
}

/** `Truth` from beside: the supersessions first, then the contradictions among what they leave current. */
export interface TruthBeside {
  supersessions: Promise<Supersession[]>;
  contradictions: Promise<Contradiction[]>;
}

/** What the supersession and contradiction rules read of a memory. */
export type TruthInput = Pick<TruthMemory, 'id' | 'at' | 'text'>;
export interface Truth {
  supersessions: Supersession[];
  contradictions: Contradiction[];
}

/**
 * Which memories are superseded, and which current ones contradict each other: the rules that
 * read memories against each other in order. `found` hears the supersessions before the
 * contradictions are looked for.
 */
export function truthOf(memories: readonly TruthInput[], signal?: AbortSignal, found?: (supersessions: Supersession[]) => void): Truth {
  const pairs = supersessionsAmong(memories, signal);
  const supersessions = namedPairs(memories, pairs);
  found?.(supersessions);
  const superseded = new Uint8Array(memories.length);
  for (const p of pairs) superseded[p.older] = 1;
  return { supersessions, contradictions: findContradictions(memories.filter((_, i) => !superseded[i]), undefined, signal) };
}

/**
 * The memories the rules read, of the vault's (`readMemories`). The profile (User.md) counts its
 * own repeats ("seen N×"): its lines are not memories here; nor is a retracted entry (coresoul
 * forget): all it says is its mark and who wrote it.
 */
export function memoriesToLint(v: Vault, all: readonly TruthMemory[]): TruthMemory[] {
  const profile = rel(v, profileFile(v));
  return all.filter((m) => m.file !== profile && takenBack(m.text) !== 'retracted');
}

const at = (id: string): LintLocation => {
  const i = id.lastIndexOf(':');
  return { file: id.slice(0, i), line: Number(id.slice(i + 1)) };
};

/** Lints the vault; `signal` stops it between files and between rules. */
export async function lintVault(v: Vault, opts: LintOptions = {}, signal?: AbortSignal): Promise<LintReport> {
  return (await lintDetail(v, opts, signal)).report;
}

/** What the lint walk saw besides its findings, for a face that shows more than a report (the health view). */
export interface LintDetail {
  report: LintReport;
  /** Every memory the rules read (the profile's lines left out). */
  memories: TruthMemory[];
  /** Each memory's stale citations, index for index with `memories`. */
  stale: StaleCitation[][];
  supersessions: Supersession[];
  /** Every entity note, by its file (relative to the workspace root), with the [[links]] that point at it. */
  entities: { file: string; name: string; inbound: number }[];
  /** Links from one entity note to another: source file, target file, how many. */
  entityLinks: { from: string; to: string; count: number }[];
}

/** The lint walk, with what it saw. */
export async function lintDetail(v: Vault, opts: LintOptions = {}, signal?: AbortSignal): Promise<LintDetail> {
  const secrets = opts.secrets === false ? undefined : (opts.secrets ?? (async () => (await scanVault(v, { history: false }, signal)).found))();
  secrets?.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
  // With a thread beside this one, it reads the memories and finds supersessions and
  // contradictions while this one reads them too, works out every memory's duplicate keys and
  // checks the citations; either way, the same findings.
  const beside = opts.truthBeside?.();
  beside?.supersessions.catch(() => undefined); // awaited below
  beside?.contradictions.catch(() => undefined);
  const findings: LintFinding[] = [];
  const add = (rule: LintRuleId, loc: LintLocation, message: string, related?: LintLocation[]) =>
    findings.push({ rule, severity: LINT_RULES[rule].severity, file: loc.file, line: loc.line, message, ...(related && { related }) });

  const chrono = rel(v, v.chronoDir);
  // One walk: memories, and each file's links and names.
  const names = new Set<string>();
  const entities: { file: string; name: string; aliases: string[] }[] = [];
  // Each link target once, with where it is used: file numbers and lines, two numbers a link.
  const fileNames: string[] = [];
  const targets = new Map<string, { target: string; at: number[] }>();
  const days = new Set<string>();
  let files = 0;
  const all = readMemories(
    v,
    (file, text) => {
      files++;
      const base = path.basename(file, '.md');
      if (path.dirname(file) === v.chronoDir) {
        if (isDay(base)) days.add(base);
        else for (const s of daySections(text.split('\n'))) days.add(s.day);
      } else {
        const aliases = entityFrontMatter(text)?.data.aliases ?? [];
        entities.push({ file: rel(v, file), name: base, aliases });
        for (const n of [base, ...aliases]) names.add(n.toLowerCase());
      }
      if (text.includes('[[')) {
        const f = fileNames.push(rel(v, file)) - 1;
        const masked = maskCode(text);
        let line = 1;
        let from = 0;
        for (const l of parseLinks(masked)) {
          for (let nl = masked.indexOf('\n', from); nl !== -1 && nl < l.start; nl = masked.indexOf('\n', nl + 1)) {
            line++;
            from = nl + 1;
          }
          const target = l.target.trim();
          const key = target.toLowerCase();
          let t = targets.get(key);
          if (!t) targets.set(key, (t = { target, at: [] }));
          t.at.push(f, line);
        }
      }
    },
    signal,
  );

  // Links: broken ones, and notes nothing points at; and which note links to which.
  const byName = new Map<string, string>();
  for (const e of entities) for (const n of [e.name, ...e.aliases]) if (!byName.has(n.toLowerCase())) byName.set(n.toLowerCase(), e.file);
  const inbound = new Map<string, number>();
  const edges = new Map<string, number>();
  const linked = new Set<string>();
  for (const [key, { target, at: where }] of targets) {
    if (!key) continue;
    linked.add(key);
    const to = byName.get(key);
    if (to) {
      inbound.set(to, (inbound.get(to) ?? 0) + where.length / 2);
      for (let i = 0; i < where.length; i += 2) {
        const from = fileNames[where[i]];
        if (from !== to && !from.startsWith(`${chrono}/`)) edges.set(`${from}\n${to}`, (edges.get(`${from}\n${to}`) ?? 0) + 1);
      }
    }
    const day = isDay(target);
    if (day ? days.has(target) : names.has(key)) continue;
    for (let i = 0; i < where.length; i += 2) add('broken-link', { file: fileNames[where[i]], line: where[i + 1] }, `[[${target}]] points at no ${day ? 'day' : 'entity'} of the vault`);
  }
  for (const e of entities) {
    if (e.file === rel(v, profileFile(v))) continue; // User.md is read by name, never linked
    if (![e.name, ...e.aliases].some((n) => linked.has(n.toLowerCase()))) add('orphan-note', { file: e.file, line: 1 }, `no [[link]] points at ${e.name}`);
  }
  signal?.throwIfAborted();

  // Truth: supersession first (a superseded memory is history: not a contradiction, not a duplicate's first).
  const memories = memoriesToLint(v, all);
  const keys = beside && duplicateKeys(memories.map((m) => m.text), signal);
  const staleChecked = checkFreshness(memories, opts.code ?? gitCodeWorkspace(v.root), {}, signal);
  staleChecked.catch(() => undefined); // awaited below
  const here = beside ? undefined : truthOf(memories, signal);
  const pairs = here ? here.supersessions : await beside!.supersessions;
  const superseded = marked(memories, pairs.map((p) => p.older));
  const current: TruthMemory[] = [];
  const currentAt: number[] = []; // each current memory's place in `memories`, where its duplicate keys are
  memories.forEach((m, i) => {
    if (superseded[i]) return;
    current.push(m);
    currentAt.push(i);
  });
  for (const g of findDuplicates(current, signal, keys && { of: keys, at: currentAt })) {
    g.repeats.forEach((r, i) => add('duplicate', at(r), `repeats ${g.first}${g.similarity[i] < 1 ? ` (near: ${Math.round(g.similarity[i] * 100)}% of the words in common)` : ''}`, [at(g.first)]));
  }
  for (const c of here ? here.contradictions : await beside!.contradictions) {
    add('contradiction', at(c.newer), `contradicts ${c.older} about "${c.about}" (if it replaces it, say so: "switched from … to …")`, [at(c.older)]);
  }
  const stale = await staleChecked;
  memories.forEach((m, i) => {
    if (superseded[i]) return; // history: what it cited may well be gone
    for (const s of stale[i]) {
      const dead = s.staleness.state !== 'moved' && s.staleness.state !== 'changed';
      add(dead ? 'dead-citation' : 'changed-citation', m, s.mark);
    }
  });

  // Unused: proposed for archiving, from this machine's usage folded in before today (vault/usage.ts).
  const today = opts.today ?? localDay(new Date());
  for (const u of unusedMemories(memories, servedBefore(v, today), today)) {
    add('unused', u.memory, `served by nothing for ${u.days} days: archive it with coresoul archive --unused (moved to memory/archive/, still found by search --archived)`);
  }

  // Caps.
  for (const [file, cap] of [
    [v.soul, ALWAYS_LOADED_CAPS.soulBytes],
    [v.persona, ALWAYS_LOADED_CAPS.personaBytes],
  ] as const) {
    const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
    if (size > cap) add('cap', { file: rel(v, file), line: 1 }, `${Math.round(size / 1024)} KB, over its ${Math.round(cap / 1024)} KB cap: every prompt carries it`);
  }
  profileCaps(v, add);

  for (const h of (await secrets) ?? []) add('secret', { file: h.file, line: h.line }, `${h.kind}: remove it (coresoul scan lists every one; docs/trust.md#secrets)`);

  findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0)));
  const counts = Object.fromEntries(Object.keys(LINT_RULES).map((r) => [r, 0])) as Record<LintRuleId, number>;
  for (const f of findings) counts[f.rule]++;
  return {
    report: { findings, counts, memories: memories.length, files, superseded: superseded.reduce((n, x) => n + x, 0) },
    memories,
    stale,
    supersessions: pairs,
    entities: entities.map((e) => ({ file: e.file, name: e.name, inbound: inbound.get(e.file) ?? 0 })),
    entityLinks: [...edges].map(([k, count]) => {
      const [from, to] = k.split('\n');
      return { from, to, count };
    }),
  };
}

/**
 * Which of `memories` (as `memoriesToLint` gives them: file after file, each file's lines in
 * order) the `ids` name, index for index: found by file and line, so that no memory's id is
 * looked up (a million ids hashed cost a second). An id of no memory marks nothing.
 */
export function marked(memories: readonly TruthMemory[], ids: readonly string[]): Uint8Array {
  const flags = new Uint8Array(memories.length);
  const files = new Map<string, { from: number; to: number }>();
  for (let i = 0; i < memories.length; i++) {
    const f = memories[i].file;
    if (i && f === memories[i - 1].file) files.get(f)!.to = i + 1;
    else files.set(f, { from: i, to: i + 1 });
  }
  for (const id of ids) {
    const { file, line } = at(id);
    const range = files.get(file);
    if (!range) continue;
    let lo = range.from;
    let hi = range.to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (memories[mid].line < line) lo = mid + 1;
      else hi = mid;
    }
    if (lo < range.to && memories[lo].line === line) flags[lo] = 1;
  }
  return flags;
}

/** Profile sections (User.md `## …`) holding more managed entries than the cap. */
function profileCaps(v: Vault, add: (rule: LintRuleId, loc: LintLocation, message: string) => void): void {
  const file = profileFile(v);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const lines = text.split('\n');
  let section: { name: string; line: number; entries: number } | undefined;
  const close = () => {
    if (section && section.entries > DEFAULT_PROFILE_CAPS.entriesPerSection) {
      add('cap', { file: rel(v, file), line: section.line }, `section "${section.name}" holds ${section.entries} entries, over its cap of ${DEFAULT_PROFILE_CAPS.entriesPerSection}`);
    }
  };
  lines.forEach((l, i) => {
    const h = /^## (.+)$/.exec(l);
    if (h) {
      close();
      section = { name: h[1].trim(), line: i + 1, entries: 0 };
    } else if (section && /· seen \d+×/.test(l)) section.entries++;
  });
  close();
}

/** True when a report holds a finding at `level` or above. */
export function failsAt(report: LintReport, level: Severity | 'never'): boolean {
  if (level === 'never') return false;
  const rank = SEVERITIES.indexOf(level);
  return report.findings.some((f) => SEVERITIES.indexOf(f.severity) <= rank);
}

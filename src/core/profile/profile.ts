/**
 * The user profile (docs/memory.md#user-profile-and-preferences): `entities/people/User.md`, five sections of counted entries.
 * A statement seen on 3 separate turns becomes strong; a facet's new value replaces the old
 * one; a section over its cap moves its oldest entries to `memory/archive/YYYY-MM.md`
 * (docs/memory.md#user-profile-and-preferences) — moved, never deleted.
 */
import * as path from 'node:path';
import { type Clock, localDay } from '../shared/clock';
import { entityHeader } from '../vault/entities';
import { appendLines, assertPlainWrite, atomicWrite, makeDir, readTextIfExists, withLock } from '../shared/fs';
import { type Candidate, FACETS, PROFILE_SECTIONS, type ProfileSection, extractPreferences, isWhole } from './preferences';
import { type Vault, rel } from '../vault/layout';
import { personalArchiveDir, preparePersonal, profilePath, sharedProfileFile } from '../vault/personal';
import { CoreSoulError } from '../shared/errors';
import { type SoulGuard, refusalWhy, soulGuard } from '../safety/soulGuard';
import { safeKind } from './kinds';

export const STRONG_AFTER = 3;

export interface ProfileCaps {
  /** Managed entries kept per section before the oldest are archived. */
  entriesPerSection: number;
}
export const DEFAULT_PROFILE_CAPS: ProfileCaps = { entriesPerSection: 20 };

const HEADINGS: Record<ProfileSection, string> = {
  'Basic info': '## Basic info (基本資訊)',
  'Technical background': '## Technical background (技術背景)',
  Preferences: '## Preferences (使用偏好)',
  Learning: '## Learning (學習紀錄)',
  'Interaction traits': '## Interaction traits (互動特徵)',
};

/** The profile: personal, never shared (vault/personal.ts). */
export const profileFile = (v: Vault) => profilePath(v);

export function profileTemplate(created: string): string {
  const intro = 'What Core Soul has learnt about its user, from what they said. Edit freely: lines you write are kept as they are.\n';
  return `${entityHeader('people', 'User', created).replace('aliases: []', 'aliases: [user, me, 使用者]')}${intro}\n${PROFILE_SECTIONS.map((s) => `${HEADINGS[s]}\n`).join('\n')}`;
}

export interface Entry {
  facet?: string;
  value: string;
  count: number;
  last: string;
}

export const entryLine = (e: Entry) =>
  `- ${e.facet ? `${e.facet}: ` : ''}${e.value} · seen ${e.count}× · last ${e.last}${e.count >= STRONG_AFTER ? ' · strong' : ''}`;

const ENTRY_RE = /^- (.+?) · seen (\d+)× · last (\d{4}-\d{2}-\d{2})(?: · strong)?$/;

function parseEntry(line: string): Entry | undefined {
  const m = ENTRY_RE.exec(line);
  if (!m) return undefined;
  const facet = FACETS.find((f) => m[1].startsWith(`${f}: `));
  return { ...(facet && { facet }), value: facet ? m[1].slice(facet.length + 2) : m[1], count: Number(m[2]), last: m[3] };
}

interface Section {
  name: ProfileSection;
  /** Lines under the heading: managed entries (parsed) and anything else, kept verbatim. */
  lines: (Entry | string)[];
}

interface ParsedProfile {
  head: string; // everything before the first known section
  /** The five sections in file order; an unknown `##` section stays verbatim inside the one before it. */
  sections: Section[];
}

function parseProfile(text: string): ParsedProfile {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const sectionAt = (l: string) => PROFILE_SECTIONS.find((s) => l.toLowerCase().startsWith(`## ${s.toLowerCase()}`));
  const first = lines.findIndex((l) => sectionAt(l));
  const head = (first === -1 ? lines : lines.slice(0, first)).join('\n');
  const sections: Section[] = [];
  let current: Section | undefined;
  for (const l of first === -1 ? [] : lines.slice(first)) {
    const name = sectionAt(l);
    if (name) sections.push((current = { name, lines: [] }));
    else current!.lines.push(parseEntry(l) ?? l);
  }
  for (const name of PROFILE_SECTIONS) if (!sections.some((s) => s.name === name)) sections.push({ name, lines: [] });
  return { head: head.replace(/\n*$/, ''), sections };
}

function renderProfile(p: ParsedProfile): string {
  const body = p.sections.map((s) => {
    const lines = s.lines.map((l) => (typeof l === 'string' ? l : entryLine(l)));
    while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
    while (lines.length && !lines[0].trim()) lines.shift();
    return [HEADINGS[s.name], ...lines].join('\n');
  });
  return `${p.head}\n\n${body.join('\n\n')}\n`;
}

export interface LearnedChange {
  section: ProfileSection;
  line: string;
  count: number;
  strong: boolean;
  /** The value this statement replaced, when it contradicted an earlier one. */
  replaced?: string;
}

export interface LearnReport {
  candidates: Candidate[];
  changes: LearnedChange[];
  /** Candidates the soul check refused: they stay plain memory entries, never a preference. */
  refused: { value: string; why: string }[];
  /** Candidates the check passed that are not a kind learnt silently (profile/kinds.ts): the person reviews them. */
  review: { value: string; why: string }[];
  archived: { section: ProfileSection; line: string; to: string }[];
}

export interface LearnOptions {
  clock: Clock;
  dryRun?: boolean;
  caps?: ProfileCaps;
  /** The statement the candidates come from (a `#preference` entry): it passes the soul check whole, or nothing of it is learnt. */
  statement?: string;
}

/** Extracts candidates from a message and, unless `dryRun`, records them in User.md. */
export function learnFromMessage(v: Vault, message: string, opts: LearnOptions): LearnReport {
  return learnCandidates(v, extractPreferences(message), opts);
}

/** Records candidates in User.md (creating it if needed) and archives what exceeds the caps. */
export function learnCandidates(v: Vault, candidates: Candidate[], opts: LearnOptions): LearnReport {
  if (!candidates.length) return { candidates, changes: [], refused: [], review: [], archived: [] };
  // A preference is standing instruction: it must pass the soul check, however often it is said.
  const refused: LearnReport['refused'] = [];
  let guard: SoulGuard | undefined;
  try {
    guard = soulGuard(v);
  } catch (err) {
    if (!(err instanceof CoreSoulError)) throw err;
    return { candidates, changes: [], refused: candidates.map((c) => ({ value: c.value, why: err.message })), review: [], archived: [] };
  }
  const review: LearnReport['review'] = [];
  const whole = opts.statement === undefined ? [] : guard.change('Preferences', opts.statement);
  const allowed = candidates.filter((c) => {
    // (A candidate that is the whole statement, its lines joined or cut short, was checked with them as written.)
    const violations = opts.statement !== undefined && isWhole(c.value, opts.statement) ? whole : [...whole, ...guard.change(c.section, c.value)];
    if (violations.length) {
      refused.push({ value: c.value, why: refusalWhy(violations) });
      return false;
    }
    // Only what cannot weaken the soul is learnt without asking (an allowlist of kinds).
    const subjects = guard.subjects(c.value);
    const kind = safeKind(c);
    if (subjects.length || !kind) {
      const why = subjects.length ? `it is about ${subjects.slice(0, 3).map((w) => `"${w}"`).join(', ')}, a subject of the soul` : 'it is not about tone, language, format, naming or tool choice';
      review.push({ value: c.value, why: `not learnt silently: ${why}; the person reviews it as a persona change` });
      return false;
    }
    return true;
  });
  if (!allowed.length) return { candidates, changes: [], refused, review, archived: [] };
  return withLock(v.lockFile, () => {
    const today = localDay(opts.clock.now());
    const file = profileFile(v);
    if (!opts.dryRun) assertPlainWrite(file); // before it is read or anything archived: a link is never followed
    const profile = parseProfile(readTextIfExists(file) ?? profileTemplate(today));
    const changes = allowed.map((c) => record(profile, c, today));
    const archived = enforceCaps(profile, opts.caps ?? DEFAULT_PROFILE_CAPS);
    if (!opts.dryRun) {
      if (file !== sharedProfileFile(v)) preparePersonal(v);
      if (archived.length) archive(v, today, archived);
      atomicWrite(file, renderProfile(profile));
    }
    const to = rel(v, archiveFile(v, today));
    return { candidates, changes, refused, review, archived: archived.map((a) => ({ section: a.section, line: entryLine(a.entry), to })) };
  });
}

function record(p: ParsedProfile, c: Candidate, today: string): LearnedChange {
  const section = p.sections.find((s) => s.name === c.section)!;
  const entries = section.lines.filter((l): l is Entry => typeof l !== 'string');
  const same = entries.find((e) => (c.facet ? e.facet === c.facet : !e.facet && e.value.toLowerCase() === c.value.toLowerCase()));
  let replaced: string | undefined;
  let entry: Entry;
  if (same && same.value.toLowerCase() === c.value.toLowerCase()) {
    entry = same;
    entry.count++;
    entry.last = today;
  } else if (same) {
    replaced = same.value; // a contradiction: the most recent statement wins
    entry = Object.assign(same, { value: c.value, count: 1, last: today });
  } else {
    entry = { ...(c.facet && { facet: c.facet }), value: c.value, count: 1, last: today };
    const lastFilled = section.lines.findLastIndex((l) => typeof l !== 'string' || l.trim() !== '');
    section.lines.splice(lastFilled + 1, 0, entry);
  }
  return { section: c.section, line: entryLine(entry), count: entry.count, strong: entry.count >= STRONG_AFTER, ...(replaced && { replaced }) };
}

function enforceCaps(p: ParsedProfile, caps: ProfileCaps): { section: ProfileSection; entry: Entry }[] {
  const out: { section: ProfileSection; entry: Entry }[] = [];
  for (const s of p.sections) {
    const entries = s.lines.filter((l): l is Entry => typeof l !== 'string');
    const excess = entries.length - caps.entriesPerSection;
    if (excess <= 0) continue;
    // Oldest first by last-seen day; the sort is stable, so earlier lines go first on ties.
    const victims = [...entries].sort((a, b) => a.last.localeCompare(b.last)).slice(0, excess);
    s.lines = s.lines.filter((l) => !victims.includes(l as Entry));
    out.push(...victims.map((entry) => ({ section: s.name, entry })));
  }
  return out;
}

export const archiveFile = (v: Vault, day: string) => path.join(personalArchiveDir(v), `${day.slice(0, 7)}.md`);

function archive(v: Vault, today: string, items: { section: ProfileSection; entry: Entry }[]): void {
  const file = archiveFile(v, today);
  makeDir(path.dirname(file));
  const header = `# Archive ${today.slice(0, 7)}\n\nEntries moved out of always-loaded files when they reached their size caps. Nothing here is deleted.\n\n`;
  const bySection = new Map<ProfileSection, Entry[]>();
  for (const { section, entry } of items) bySection.set(section, [...(bySection.get(section) ?? []), entry]);
  const blocks = [...bySection].map(([section, entries]) => `## [[User]] · ${section} · archived ${today}\n\n${entries.map(entryLine).join('\n')}\n\n`);
  appendLines(file, blocks.join(''), { header });
}

/** The profile as data: every section's entries (managed ones parsed, strong ones flagged). */
export function readProfile(v: Vault): { file: string; sections: Record<ProfileSection, (Entry & { strong: boolean })[]> } | undefined {
  const text = readTextIfExists(profileFile(v));
  if (text === undefined) return undefined;
  const p = parseProfile(text);
  const sections = Object.fromEntries(
    p.sections.map((s) => [s.name, s.lines.filter((l): l is Entry => typeof l !== 'string').map((e) => ({ ...e, strong: e.count >= STRONG_AFTER }))]),
  ) as Record<ProfileSection, (Entry & { strong: boolean })[]>;
  return { file: rel(v, profileFile(v)), sections };
}

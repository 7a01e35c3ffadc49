/**
 * MemorySearch (docs/search.md): the few lines that answer a query, never whole files, as a
 * pipeline whose stages each hand their result on:
 *
 * 1. parse the query — entities, phrases, identifiers, dates, words (query.ts, dates.ts);
 * 2. find the candidate chunks in the index, most promising first (candidates.ts, index/);
 * 3. read their lines with context (lineReader.ts);
 * 4. rank every candidate line with BM25 over stemmed words, favouring days the query names or
 *    its entities are tagged with (rank.ts, terms.ts);
 * 5. share the token budget among the best lines, counted with a named tokenizer, page by page
 *    (budget.ts);
 * 6. cite each snippet by file, line and day (result.ts); the raw lines of a compressed day,
 *    kept from the vault history (compress/rawDays.ts), are cited as its day file, from history.
 */
import { localDay } from '../shared/clock';
import { inputError } from '../shared/errors';
import { TOKENIZER, countTokens } from '../shared/tokens';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readTextIfExists } from '../shared/fs';
import { shown } from '../safety/secrets';
import { type Vault, dayRel, monthRel } from '../vault/layout';
import { shownPath } from './index/files';
import { ensureRawDays, rawDayCommits } from '../compress/rawDays';
import { type Said, authorOf, hasSaid, say, shareBudget } from './budget';
import { authorMatches } from '../vault/dayEntries';
import { type BranchView, branchView, hiddenIn, visibleLines } from '../vault/branches';
import { type About, askedValue, asksPresent, asksPresentValue, namesAThing, withReplacements } from './current';
import { findCandidates, isSearchable } from './candidates';
import { NO_DATES, queryDates, relativeFrom, withYears } from './dates';
import type { IndexView } from './index/refresh';
import type { IndexedFile } from './index/format';
import type { VaultFile } from './index/files';
import { refreshIndex } from './index/refresh';
import { LineReader } from './lineReader';
import { type EntityName, MAX_QUERY_CHARS, type Query, lookupQuery, namedConcepts, parseQuery, properNames } from './query';
import { needsReduction, pastedQuery, topicsOf } from './prompt';
import { withTranslations } from './translate';
import { type ScoredLine, isEntry, rankLines } from './rank';
import { sinkUnused } from './decay';
import { fixesAfterReports } from './fixes';
import { type Served, servedBefore } from '../vault/usage';
import { findNeedle, lineHas } from './words';
import { DEFAULT_INDEX_BUDGET_MS, DEFAULT_LIMIT, DEFAULT_MAX_TOKENS, type SearchHit, type SearchOptions, type SearchResult, renderHits } from './result';

/** How far from a word of the question a number is its value: "prefetch 10", "set to 10 days". */
const NUMBER_REACH = 12;

/** The share of its budget a question gets when it names something memory never mentions. */
const UNKNOWN_NAME_SHARE = 0.125;
/** A prompt is read up to this many characters (a host may hand over a whole pasted file). */
const MAX_PROMPT_CHARS = 64 * 1024;

export { DEFAULT_LIMIT, DEFAULT_MAX_TOKENS, type SearchHit, type SearchOptions, type SearchResult, renderHit, renderHits } from './result';

/** Searches the vault. Synchronous: it reads files and counts tokens, nothing else. */
export function searchMemory(v: Vault, query: string, opts: SearchOptions = {}): SearchResult {
  const budget = checkCount('maxTokens', opts.maxTokens ?? DEFAULT_MAX_TOKENS, 1_000_000);
  const render = opts.render ?? renderHits;
  // What a rendering adds around the hits (a label) is reserved out of the budget first.
  const maxTokens = Math.max(1, budget - (opts.render ? countTokens(render([])) : 0));
  const limit = checkCount('limit', opts.limit ?? DEFAULT_LIMIT, 1000);
  const page = checkCount('page', opts.page ?? 1, 1000);
  // eslint-disable-next-line no-control-regex -- control characters other than the line end are spaces
  const text = String(query ?? '').slice(0, MAX_PROMPT_CHARS).replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ').trim();
  if (!text) throw inputError('search: the query is empty');
  const author = opts.author?.trim() || undefined;
  ensureRawDays(v);
  // Which project branch this search serves, and the branches whose entries it leaves out (vault/branches.ts).
  const branches = branchView(v, opts.branch);
  const serving = { ...(branches.serve && { branch: branches.serve }), ...(branches.hidden.size && { hidden: [...branches.hidden].sort() }) };
  const view = refreshIndex(v, { budgetMs: opts.indexBudgetMs ?? DEFAULT_INDEX_BUDGET_MS });
  if (view.pending) opts.onPending?.(view.pending);
  const reader = new LineReader(view);
  try {
    const names = entityNames(view, reader);
    // A pasted trace or log is reduced to its subject; a prompt that asks several things, to its topics
    // (a pasted one's each asked of what it pasted).
    const pasted = needsReduction(text);
    const { subject, topics } = pasted ? pastedQuery(text) : { subject: text, topics: topicsOf(text) };
    const today = opts.today ?? localDay(new Date());
    const rawCommits = () => rawDayCommits(v);
    const holder = dayHolder(v);
    const served = servedBefore(v, today);
    const archived = opts.archived === true;
    if (topics.length < 2) {
      const one = searchTopic(v, view, reader, subject, names, today, { maxTokens, limit, page, rawCommits, holder, branches, author, served, archived, pasted });
      return { query: text.length > MAX_QUERY_CHARS ? one.query : text, ...serving, ...one.answer, ...shownWithin(one.answer.results, budget, opts.render), warnings: [...view.warnings, ...reader.warnings] };
    }
    // Each topic its share of the budget (what one leaves goes to those that had more), in turn by rank.
    const share = Math.floor(maxTokens / topics.length);
    let answers = topics.map((t) => searchTopic(v, view, reader, t, names, today, { maxTokens: share, limit, page, rawCommits, holder, branches, author, served, archived, pasted }));
    const spare = maxTokens - answers.reduce((n, a) => n + a.answer.tokens, 0) - 2 * topics.length;
    const hungry = answers.filter((a) => a.answer.more).length;
    if (hungry && spare > share / 4) {
      answers = answers.map((a, k) => (a.answer.more ? searchTopic(v, view, reader, topics[k], names, today, { maxTokens: share + Math.floor(spare / hungry), limit, page, rawCommits, holder, branches, author, served, archived, pasted }) : a));
    }
    const hits: SearchHit[] = [];
    const said: Said = new Set();
    for (let r = 0; hits.length < limit && answers.some((a) => a.answer.results.length > r); r++) {
      for (const a of answers) {
        const h = a.answer.results[r];
        if (!h || hits.length >= limit) continue;
        // Two topics' snippets of the same lines (an entry each found, one showing more of it) are one snippet; one whose
        // entries another's say already (a summary and its raw lines) adds nothing.
        const k = hits.findIndex((o) => overlapping(o, h));
        const heads = linesOf(h).filter(isEntry);
        if (k >= 0) hits[k] = joined(hits[k], h);
        else if (!heads.length || !heads.every((l) => hasSaid(said, l, h.date))) hits.push(h);
        else continue;
        for (const l of linesOf(h)) say(said, l, h.date);
      }
    }
    while (hits.length && countTokens(renderHits(hits)) > maxTokens) hits.pop();
    const missing = topics.flatMap((t, k) => (answers[k].answer.results.length ? (answers[k].answer.missing ?? []) : [t]));
    const more = answers.reduce((n, a) => n + (a.answer.more ?? 0), 0);
    return {
      query: text.length > MAX_QUERY_CHARS ? subject : text,
      ...serving,
      tokens: countTokens(renderHits(hits)),
      tokenizer: TOKENIZER,
      results: hits,
      matched: answers.reduce((n, a) => n + a.answer.matched, 0),
      ...(more && { more, nextPage: page + 1 }),
      ...(missing.length && { missing }),
      ...shownWithin(hits, budget, opts.render),
      warnings: [...view.warnings, ...reader.warnings],
    };
  } finally {
    reader.close();
  }
}

const linesOf = (h: SearchHit) => h.text.split('\n');
/** Whether two hits show runs of lines of one text (a file, or a compressed day's raw lines) that overlap or touch. */
const overlapping = (a: SearchHit, b: SearchHit) => a.file === b.file && a.date === b.date && a.from === b.from && b.start <= a.start + linesOf(a).length && a.start <= b.start + linesOf(b).length;

/** The lines of two overlapping hits as one hit, in the first one's place. */
function joined(a: SearchHit, b: SearchHit): SearchHit {
  const lines = new Map<number, string>();
  for (const h of [b, a]) linesOf(h).forEach((t, j) => lines.set(h.start + j, t));
  const start = Math.min(a.start, b.start);
  return { ...a, start, text: Array.from({ length: lines.size }, (_, j) => lines.get(start + j)).join('\n') };
}

/** The concepts of the query a ranked line holds, as a bit mask, and what they are: what it is about (current.ts); `asked`, the kind of value it asks for. */
function aboutOf(lookup: Query, asked: ((line: string) => boolean) | undefined): About {
  const value = asked ? 1 << lookup.concepts.length : 0;
  const holds = ({ block, i }: ScoredLine) => {
    const line = block.lines[i] ?? '';
    const lower = line.toLowerCase();
    let mask = asked?.(line) ? value : 0;
    lookup.concepts.forEach((c, k) => {
      if (c.needles.some((n) => lineHas(lower, n))) mask |= 1 << k;
    });
    return mask;
  };
  // People say who, not what: a speaker of every line is no subject (a thing's note, [[CockroachDB]], is one).
  const who = lookup.concepts.reduce((m, c, k) => (c.entity?.person ? m | (1 << k) : m), 0);
  const names = lookup.concepts.reduce((m, c, k) => (namesAThing(c) ? m | (1 << k) : m), 0);
  // Asked what something is: a number within a few characters of a word of the question besides people ("prefetch 10", "10 days").
  const numberBeside = (line: string) => {
    const lower = line.toLowerCase();
    return lookup.concepts.some(
      (c) =>
        !c.entity?.person &&
        c.needles.some((n) => {
          const at = findNeedle(lower, n);
          return at !== -1 && /\d/.test(lower.slice(Math.max(0, at - NUMBER_REACH), at + n.text.length + NUMBER_REACH));
        }),
    );
  };
  return { holds, who, names, present: asksPresent(lookup.text) || !!asked, ...(asksPresentValue(lookup.text) && { presentValue: numberBeside }), value };
}

interface TopicOptions {
  author?: string;
  maxTokens: number;
  limit: number;
  page: number;
  rawCommits: () => Map<string, string>;
  holder: (day: string) => { rel: string; line: number };
  branches: BranchView;
  /** The usage folded in before today (vault/usage.ts), for the decay factor (decay.ts). */
  served: Served | undefined;
  archived: boolean;
  /** A long or pasted prompt reduced to its subject (prompt.ts): its names are the code's. */
  pasted: boolean;
}

/**
 * Where a compressed day is now: its L2 day file, else the `## YYYY-MM-DD` heading of its L3
 * month, else (neither there yet) its own day file as history holds it.
 */
function dayHolder(v: Vault): (day: string) => { rel: string; line: number } {
  const known = new Map<string, { rel: string; line: number }>();
  return (day) => {
    let at = known.get(day);
    if (at) return at;
    at = { rel: dayRel(day), line: 1 };
    if (!fs.existsSync(path.join(v.memoryDir, dayRel(day)))) {
      const month = readTextIfExists(path.join(v.memoryDir, monthRel(day)));
      const heading = month?.split(/\r?\n/).findIndex((l) => l.trim() === `## ${day}`) ?? -1;
      if (month !== undefined) at = { rel: monthRel(day), line: heading + 1 || 1 };
    }
    known.set(day, at);
    return at;
  };
}

/** One query through stages 1–6. */
function searchTopic(v: Vault, view: IndexView, reader: LineReader, text: string, names: EntityName[], today: string, opts: TopicOptions): { query: string; answer: Omit<SearchResult, 'query' | 'warnings'> } {
  // Its words in the other language too: Chinese ones only where the vault may hold Chinese.
  const q = withTranslations(withYears(parseQuery(text, names), today), view.han);
  const empty = { tokens: 0, tokenizer: TOKENIZER, results: [], matched: 0 };
  // Only punctuation (`.*[(`): literal text that no word of the vault can match.
  if (!q.concepts.length && !q.days.length && !q.months.length) return { query: q.text, answer: empty };
  const dateDays = queryDates(q, today);
  // Named by their date, not told relative to today ("last weekend" may be a conversation's, not today's).
  const namedDays = q.times.length ? queryDates({ ...q, times: [] }, today) : dateDays;
  const lookup = lookupQuery(q);
  const timeFrom = relativeFrom(q, today);
  // A line of a branch this search leaves out is searched for nothing, nor brought in as a replacement.
  const searchable = opts.branches.hidden.size ? (f: Parameters<typeof isSearchable>[0], l: string) => isSearchable(f, l) && !hiddenIn(opts.branches, l) : isSearchable;
  const answers = askedValue(lookup.text);
  const rank = (byEntities: boolean, named = namedDays) => {
    const { blocks, totalLines, entityDays, lock, absent } = findCandidates(v, q, lookup, view, reader, dateDays, named, byEntities, opts.archived);
    return { ranked: rankLines({ q, lookup, blocks, totalLines, dateDays, namedDays: named, entityDays, lock, searchable, timeFrom, ...(answers && { answers }) }), absent };
  };
  let { ranked, absent } = rank(false);
  // A time told relative to today whose days hold none of the query's words ("what happened yesterday?"): the time is what
  // it asks about, and its days' entries answer, as they do a time named by its date.
  // (Its own words, "last", "Tuesday", do not count: they say when, not what.)
  const subject = lookup.concepts.filter((c) => !c.time);
  const told = ({ block, i }: ScoredLine) => dateDays(block.day) && subject.some((c) => c.needles.some((n) => lineHas((block.lines[i] ?? '').toLowerCase(), n)));
  if (namedDays !== dateDays && !ranked.some(told)) ({ ranked, absent } = rank(false, dateDays));
  if (!ranked.length && q.concepts.some((c) => c.entity)) ({ ranked, absent } = rank(true)); // the words found nothing: the entities' lines
  const who = opts.author;
  if (who) {
    // Only the lines the author wrote; a line that is no entry (an entity's own notes) is nobody's.
    ranked = ranked.filter((l) => {
      const a = authorOf(l.block.lines, l.i);
      return !!a && authorMatches(a, who);
    });
  }
  // Usage-aware decay, one separate factor: lines nothing served for months sink a little (decay.ts).
  const decayed = sinkUnused(ranked, opts.served, today, (s) => `${shownPath(s.block.file)}:${s.i + 1}`);
  ranked = decayed.ranked;
  // A pasted error asks how it was fixed: the entry that fixed a report follows it (fixes.ts).
  const fixed = opts.pasted ? fixesAfterReports(ranked) : undefined;
  if (fixed) ranked = fixed.ranked;
  // A name the question asks about that memory never mentions: memory cannot answer it, say so briefly.
  // Every name absent, or one written as a proper name ("Terraform" beside a known "GKE"): such a
  // name is an identity, and what memory holds of the rest of the question is about something
  // else. Not when the question names a person memory knows: it asks about someone, in words
  // memory may not use ("What Console does Nate own?" for his Nintendo Switch); nor, for a proper
  // name beside known ones, in a pasted trace, whose names are the code's, not the question's.
  const named = q.concepts.some((c) => c.entity?.person) ? 0 : namedConcepts(q);
  const unheard = (absent & named) === named ? named : opts.pasted ? 0 : absent & named & properNames(q);
  const unknown = named ? q.concepts.filter((_c, k) => unheard & (1 << k)).map((c) => c.label) : [];
  const budget = unknown.length ? { ...opts, maxTokens: Math.min(opts.maxTokens, Math.max(1, Math.floor(opts.maxTokens * UNKNOWN_NAME_SHARE))) } : opts;
  // A question about a time asks what was so then, not what is so now: no reordering by date.
  const timed = q.days.length || q.months.length || dateDays !== NO_DATES;
  // What replaced the best lines joins them, though it may not use the query's words (current before stale).
  // Not when only one author's lines are asked for: a replacement may be someone else's.
  const replaced = timed || who ? ranked : withReplacements(ranked, names, reader, searchable);
  const shared = shareBudget(replaced, { ...budget, ...(timed ? { timed: true } : { about: aboutOf(lookup, answers) }), ...(fixed?.fixes.size && { along: fixed.fixes }) });
  const more = shared.more;
  // What is shown of a secret already on disk (written before the firewall, or by hand): its placeholder.
  // An entry of a branch the view leaves out is no context for a line it shows either.
  const hits = shared.hits
    .map((h) => {
      const unused = decayed.sank.get(`${h.file}:${h.line}`);
      return { ...h, text: shown(visibleLines(opts.branches, h.text.split('\n')).join('\n')), ...(h.from && { from: shown(h.from) }), ...(unused && { unused }) };
    })
    .filter((h) => h.text.trim());
  // Token counts of parts need not add up exactly across the joins: check the whole.
  while (hits.length && countTokens(renderHits(hits)) > budget.maxTokens) hits.pop();
  return {
    query: q.text,
    answer: { tokens: countTokens(renderHits(hits)), tokenizer: TOKENIZER, results: hits, matched: ranked.length, ...(more && { more, nextPage: opts.page + 1 }), ...(unknown.length && { missing: unknown }) },
  };
}

/**
 * The hits as `render` shows them, within `budget` tokens: its additions per hit (quotes, a
 * citation line) are not in the shares, so the last hits go until the whole text fits.
 */
function shownWithin(hits: SearchHit[], budget: number, render: SearchOptions['render']): Pick<SearchResult, 'results' | 'tokens'> | undefined {
  if (!render) return undefined;
  const kept = [...hits];
  while (kept.length && countTokens(render(kept)) > budget) kept.pop();
  return { results: kept, tokens: kept.length ? countTokens(render(kept)) : 0 };
}

function checkCount(field: string, n: number, max: number): number {
  if (!Number.isInteger(n) || n < 1 || n > max) throw inputError(`expected a whole number from 1 to ${max}, got ${n}`, field);
  return n;
}

/**
 * The vault's entities with their aliases: those of their notes' front matter, and forms learnt
 * from the vault itself — a person is called by the first word of their name ("Fennick" for
 * Fennick Arlowe) when no other person's name starts with it; a name is written without its
 * accents ("Tomas" for Tomás) and a number without its leading zeros ("INC-47" for INC-047); a
 * long one-word name is abbreviated as a numeronym ("k8s" for Kubernetes: first letter, the count
 * of letters between, last letter) when no other entity's name abbreviates the same way.
 */
function entityNames(view: IndexView, reader: LineReader): EntityName[] {
  const notes = view.files.filter((f) => f.entity);
  // What the index holds of each note (a note indexed again is a new entry): the same entries, the same names.
  const entries = notes.map((f) => view.indexed.get(f.rel));
  if (learnt && learnt.notes.length === notes.length && notes.every((f, i) => f === learnt!.notes[i] && entries[i] === learnt!.entries[i])) return learnt.names;
  const names = namesOf(notes, reader);
  learnt = entries.every(Boolean) ? { notes, entries, names } : undefined;
  return names;
}

/** The names last learnt, for the notes (and their index entries) they were learnt from: a long-lived process learns them once. */
let learnt: { notes: VaultFile[]; entries: (IndexedFile | undefined)[]; names: EntityName[] } | undefined;

function namesOf(notes: VaultFile[], reader: LineReader): EntityName[] {
  const firstOf = (name: string) => (/\s/.test(name.trim()) ? name.trim().split(/\s+/)[0].toLowerCase() : '');
  const firsts = new Map<string, number>();
  for (const f of notes) if (f.entity!.kind === 'people') firsts.set(firstOf(f.entity!.name), (firsts.get(firstOf(f.entity!.name)) ?? 0) + 1);
  for (const f of notes) if (f.entity!.kind === 'people' || !/\s/.test(f.entity!.name)) firsts.set(f.entity!.name.toLowerCase(), 2); // a name of its own is nobody's first name
  const shorts = new Map<string, number>();
  for (const f of notes) {
    const n = numeronym(f.entity!.name);
    if (n) shorts.set(n, (shorts.get(n) ?? 0) + 1);
  }
  return notes.map((f) => {
    const name = f.entity!.name;
    const first = f.entity!.kind === 'people' ? firstOf(name) : '';
    const short = numeronym(name);
    const own = reader.aliases(f); // a note not indexed yet: its head read once
    const forms = new Set(own.map((a) => a.toLowerCase()));
    const learnt = [first.length >= 3 && firsts.get(first) === 1 ? first : '', ...[name, ...own].flatMap(writtenForms), short && shorts.get(short) === 1 ? short : ''];
    const aliases = [...own];
    for (const form of learnt) {
      if (!form || form === name.toLowerCase() || forms.has(form)) continue;
      forms.add(form);
      aliases.push(form);
    }
    return { name, rel: f.rel, aliases, ...(f.entity!.kind === 'people' && { person: true }) };
  });
}

/** A name as people also write it: without its accents (Tomás → tomas), its numbers without leading zeros (INC-047 → inc-47). */
function writtenForms(name: string): string[] {
  const lower = name.toLowerCase();
  return [lower.normalize('NFD').replace(/\p{M}+/gu, '').normalize('NFC'), lower.replace(/(?<!\d)0+(?=\d)/g, '')].filter((f) => f !== lower);
}

/** `k8s` for Kubernetes, `i18n` for internationalization: a one-word name of seven letters or more, else ''. */
function numeronym(name: string): string {
  const w = name.toLowerCase();
  return /^[a-z]{7,}$/.test(w) ? `${w[0]}${w.length - 2}${w[w.length - 1]}` : '';
}

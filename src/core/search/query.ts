/**
 * A search query taken apart: entity names and aliases it mentions, quoted phrases, dates,
 * and the remaining words (segmented with Intl.Segmenter, so Chinese works without spaces).
 * Every part becomes a "concept" a line may contain; everything is literal text, never a regex.
 */
import { isDay } from '../shared/clock';
import { inputError } from '../shared/errors';
import { type Needle, findNeedle, needle, segmentWords } from './words';
import { replaceControlCharacters } from '../shared/text';
import { narrowerWords } from './narrower';
import { isStopWord, stem } from './terms';

export const MAX_QUERY_CHARS = 1000;
/** Concepts are tracked as bits of a 32-bit mask. */
export const MAX_CONCEPTS = 24;

export interface EntityName {
  name: string;
  aliases: string[];
  /** Relative to the memory folder. */
  rel: string;
}

export interface Concept {
  label: string;
  /** Alternatives: a line has the concept when it has any of them. */
  needles: Needle[];
  entity?: EntityName;
  /** A plain English noun's narrower words (narrower.ts): a line that names one of them is about the concept too. */
  kinds?: Needle[];
}

export interface Query {
  text: string;
  concepts: Concept[];
  /** Only these days (`YYYY-MM-DD`) or months (`YYYY-MM`), when the query names any. */
  days: string[];
  months: string[];
  /** Days named without their year (`MM-DD`: "November 26", "the 3rd of May", 11月26日), resolved against today (dates.ts). */
  yearless: string[];
}

const COMPOUND = /(?<=^|\s)[a-z0-9\u00c0-\u024f]+(?:[-_./:#@+*]+[a-z0-9\u00c0-\u024f]+)+(?=\s|$)/gi;
// "…", “…”, 「…」 and 『…』, written with \u escapes to keep the CLI bundle ASCII (a faster start).
const PHRASES = /"([^"]*)"|\u201c([^\u201d]*)\u201d|\u300c([^\u300d]*)\u300d|\u300e([^\u300f]*)\u300f/g;
const pad2 = (n: string | number) => String(n).padStart(2, '0');

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** 1–12 for a month's name or its abbreviation (`Sep`, `Sept`), else 0. */
const monthOf = (name: string) => MONTH_NAMES.findIndex((full) => name.length >= 3 && full.startsWith(name.toLowerCase())) + 1;
const MONTH = '([a-z]{3,9})\\.?';
const ORDINAL = '(\\d{1,2})(?:st|nd|rd|th)?';
/** `15 June, 2020`, `15th of June 2020`. */
const DAY_MONTH_YEAR = new RegExp(`\\b${ORDINAL}\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})\\b`, 'gi');
/** `June 15, 2020`, `June 15th 2020`. */
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH}\\s+${ORDINAL},?\\s+(\\d{4})\\b`, 'gi');
/** `June 2020`, `June, 2020`. */
const MONTH_YEAR = new RegExp(`\\b${MONTH},?\\s+(\\d{4})\\b`, 'gi');
/** A weekday before a date says the same day again: `Wednesday, November 26`. */
const WEEKDAY = '(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\\s+(?:the\\s+)?)?';
/** `November 26`, `Nov 26th`, `Wednesday, November 26`: a day without its year (not `May 2` of a time `2:30`). */
const MONTH_DAY = new RegExp(`\\b${WEEKDAY}${MONTH}\\s+${ORDINAL}\\b(?![:.]?\\d)`, 'gi');
/** `26 November`, `the 26th of November`, `Wednesday the 26th of November`. */
const DAY_MONTH = new RegExp(`\\b${WEEKDAY}(?:the\\s+)?${ORDINAL}\\s+(?:of\\s+)?${MONTH}\\b`, 'gi');

/**
 * Takes out of `text` the dates it names: `2020-06-15`, `2020-06`, `15 June 2020`,
 * `June 15, 2020`, `June 2020`, `2020年6月15日`.
 */
function takeDates(text: string, days: Set<string>, months: Set<string>, yearless: Set<string>): string {
  const month = (y: string, m: number) => m >= 1 && m <= 12 && months.add(`${y}-${pad2(m)}`);
  const day = (y: string, m: number, d: string) => {
    const iso = `${y}-${pad2(m)}-${pad2(d)}`;
    return m >= 1 && isDay(iso) && days.add(iso);
  };
  return text
    // "these days", "currently", 目前: the present, which every question about what is so asks anyway; no words of the subject.
    .replace(/\b(?:these days|nowadays|currently|at the moment|at present|right now|as of now)\b|\u76ee\u524d|\u73fe\u5728|\u73b0\u5728/g, ' ')
    .replace(/(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])/g, (all, y, m, d) => (day(y, +m, d) ? ' ' : all))
    // 2020年6月(15日|號|号)
    .replace(/(\d{4})\s*\u5e74\s*(\d{1,2})\s*\u6708(?:\s*(\d{1,2})\s*[\u65e5\u865f\u53f7])?/g, (all, y, m, d) => ((d === undefined ? month(y, +m) : day(y, +m, d)) ? ' ' : all))
    .replace(/(?<![\d-])(\d{4})-(\d{2})(?![\d-])/g, (all, y, m) => (month(y, +m) ? ' ' : all))
    .replace(DAY_MONTH_YEAR, (all, d, name: string, y) => (day(y, monthOf(name), d) ? ' ' : all))
    .replace(MONTH_DAY_YEAR, (all, name: string, d, y) => (day(y, monthOf(name), d) ? ' ' : all))
    .replace(MONTH_YEAR, (all, name: string, y) => (month(y, monthOf(name)) ? ' ' : all))
    // Without the year: 11月26日, November 26, the 26th of November (a leap day is checked against a leap year).
    .replace(/(?<!\d)(\d{1,2})\s*\u6708\s*(\d{1,2})\s*[\u65e5\u865f\u53f7]/g, (all, m, d) => (noYear(+m, d) ? ' ' : all))
    .replace(MONTH_DAY, (all, name: string, d) => (noYear(monthOf(name), d) ? ' ' : all))
    .replace(DAY_MONTH, (all, d, name: string) => (noYear(monthOf(name), d) ? ' ' : all));

  function noYear(m: number, d: string) {
    const md = `${pad2(m)}-${pad2(d)}`;
    return m >= 1 && isDay(`2000-${md}`) && yearless.add(md);
  }
}

/** Entities named in the query (by name or alias), longest first, without overlaps. */
function takeEntities(lower: string, entities: EntityName[]): { found: EntityName[]; rest: string } {
  const hits: { e: EntityName; at: number; len: number }[] = [];
  for (const e of entities) {
    let best: { at: number; len: number } | undefined;
    for (const alt of [e.name, ...e.aliases]) {
      if (!lower.includes(alt.toLowerCase())) continue; // cheap test first: thousands of entities
      const n = needle(alt, { exact: true });
      if (!n || [...n.text].length < 2) continue;
      const at = findNeedle(lower, n);
      if (at !== -1 && (!best || n.text.length > best.len)) best = { at, len: n.text.length };
    }
    if (best) hits.push({ e, ...best });
  }
  hits.sort((a, b) => b.len - a.len || a.at - b.at);
  const taken: { at: number; len: number }[] = [];
  const found: EntityName[] = [];
  let rest = lower;
  for (const h of hits) {
    if (taken.some((t) => h.at < t.at + t.len && t.at < h.at + h.len)) continue;
    taken.push(h);
    found.push(h.e);
    rest = rest.slice(0, h.at) + ' '.repeat(h.len) + rest.slice(h.at + h.len);
  }
  return { found, rest };
}

export function parseQuery(raw: string, entities: EntityName[]): Query {
  const text = replaceControlCharacters(String(raw ?? ''), ' ').trim();
  if (!text) throw inputError('search: the query is empty');
  if (text.length > MAX_QUERY_CHARS) throw inputError(`search: the query is longer than ${MAX_QUERY_CHARS} characters; search for a name or a few words`);

  const days = new Set<string>();
  const months = new Set<string>();
  const yearless = new Set<string>();
  const concepts: Concept[] = [];
  const add = (c: Concept) => {
    const key = c.needles.map((n) => n.text).join('\u0000');
    if (!concepts.some((o) => o.needles.map((n) => n.text).join('\u0000') === key)) concepts.push(c);
  };

  const { found, rest: afterEntities } = takeEntities(text.toLowerCase(), entities);
  for (const e of found) {
    const needles = [e.name, ...e.aliases].map((a) => needle(a, { exact: true })).filter((n): n is Needle => !!n);
    add({ label: e.name, needles, entity: e });
  }
  let rest = afterEntities.replace(PHRASES, (_all, ...groups: (string | undefined)[]) => {
    const phrase = groups.slice(0, 4).find((g) => g !== undefined) ?? '';
    const n = needle(phrase, { exact: true });
    if (n) add({ label: `"${n.text}"`, needles: [n] });
    return ' ';
  });
  rest = takeDates(rest, days, months, yearless);
  // Identifiers like PR-4821, node.js or a.b*c stay whole: the segmenter would split them.
  rest = rest.replace(COMPOUND, (token) => {
    const n = needle(token, { exact: true });
    if (n) add({ label: n.text, needles: [n] });
    return ' ';
  });
  const words = segmentWords(rest);
  const content = words.filter((w) => !isStopWord(w));
  const list = content.length ? content : words;
  const kinds = content.length ? kindsOf(list) : [];
  list.forEach((w, j) => {
    const n = needle(w);
    if (n) add({ label: w, needles: [n], ...(kinds[j]?.length && { kinds: kinds[j] }) });
  });
  return { text, concepts: concepts.slice(0, MAX_CONCEPTS), days: [...days], months: [...months], yearless: [...yearless] };
}

/**
 * Per word, its narrower words as needles: those of it and the word before when the two name one
 * thing ("musical instruments"), else its own; none for the first word of such a pair.
 */
function kindsOf(list: string[]): Needle[][] {
  const pairs = list.map((w, j) => (j + 1 < list.length ? narrowerWords([w, list[j + 1]]) : []));
  return list.map((w, j) => {
    if (pairs[j].length) return [];
    const kinds = pairs[j - 1]?.length ? pairs[j - 1] : narrowerWords([w]);
    // A short word must end at a boundary: its plural is a needle of its own.
    return kinds.flatMap((k) => (k.length < 4 ? [k, `${k}s`] : [k])).map((k) => needle(k, { exact: k.includes(' ') })).filter((n): n is Needle => !!n);
  });
}

/**
 * The query with each plain word looked up by what its stem shares with it ("activities" →
 * "activ", which also finds "activity"): the ranker compares stems, a chunk only has to hold them.
 */
export function lookupQuery(q: Query): Query {
  const concepts = q.concepts.map((c) => {
    const needles = byStem(c);
    return c.kinds ? { ...c, needles: [...needles, ...c.kinds] } : needles === c.needles ? c : { ...c, needles };
  });
  return { ...q, concepts };
}

function byStem(c: Concept): Needle[] {
  const n = c.needles[0];
  if (c.entity || c.needles.length !== 1 || !n.prefix) return c.needles;
  const st = stem(n.text);
  let k = 0;
  while (k < st.length && st[k] === n.text[k]) k++;
  const shorter = k >= 4 && k < n.text.length ? needle(n.text.slice(0, k)) : undefined;
  return shorter ? [shorter] : c.needles;
}

/**
 * The concepts of a query that name something (bits): a word written with a capital inside it or
 * after a sentence's first word (`Kafka`, `GraphQL`, `SLA`, `Acme`), or mixing letters and digits
 * (`INC-47`); in a Chinese query, any Latin word (`MongoDB`). A name memory never mentions is a
 * question memory cannot answer (search.ts).
 */
export function namedConcepts(q: Query): number {
  const names = new Set<string>();
  for (const sentence of q.text.split(/(?<=[.?!])\s+|(?<=[。？！])\s*/)) {
    const cjk = /\p{Script=Han}/u.test(sentence);
    let first = true;
    for (const m of sentence.matchAll(/[\p{L}\p{N}][\p{L}\p{N}._+#-]*/gu)) {
      const w = m[0].replace(/[._-]+$/, '');
      const latin = /^[\p{Script=Latin}\p{N}._+#-]+$/u.test(w) && /\p{L}/u.test(w);
      // A month or a weekday is a time, not a name (dates.ts reads it).
      const time = monthOf(w) > 0 && w.length >= 3 && MONTH_NAMES.some((m) => m.startsWith(w.toLowerCase())) || /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i.test(w);
      if (latin && !time && (/\p{Lu}/u.test(w.slice(1)) || (!first && /^\p{Lu}/u.test(w)) || (/\d/.test(w) && /\p{L}/u.test(w)) || cjk)) names.add(w.toLowerCase());
      if (latin || /\p{L}/u.test(w)) first = false;
    }
  }
  let mask = 0;
  q.concepts.forEach((c, k) => {
    if (!c.entity && names.has(c.label.replace(/^"|"$/g, ''))) mask |= 1 << k;
  });
  return mask;
}

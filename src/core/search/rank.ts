/**
 * Stage 4 of a search (docs/search.md#ranking): every candidate line scored with BM25 over
 * stemmed terms (terms.ts), one line one document: k1 = 1.2, b = 0.75,
 * idf = ln(1 + (N − df + ½) / (df + ½)) with N the vault's lines (estimated from its size) and df
 * counted on the matching lines (a line that is not a candidate cannot hold the word, so that
 * count is the vault's). Literal concepts — quoted phrases, identifiers such as PR-4821, entity names — count
 * as terms matched literally. The kinds of a plural noun (narrower.ts) are one more term, at KIND
 * of the weight: a line that says "Chicago" answers "which cities" a little less than one that
 * says "city"; so is a value of the kind the question asks for ("how often" → "every 4 hours",
 * current.ts `askedValue`). A word's translations into the other language (translate.ts) are one more term, at
 * TRANSLATED of the weight and never rarer than the word, counted only on a line that does not
 * say the word itself. On top of its own score a line earns a share of its best
 * neighbour's (a question and its answer are neighbours) and of its day's best lines (a day about
 * the topic), and ranks higher on a day the query names or its entities are tagged with.
 */
import type { VaultFile } from './index/files';
import type { Query } from './query';
import { derived, isStopWord, terms } from './terms';
import { type Needle, hasCjk, lineHas } from './words';
import { NO_DATES } from './dates';

/** An entry of a day (`- HH:MM…`), not a heading or a blank line: what a date term is held by. */
export const isEntry = (line: string) => /^\s*[-*]\s+\d{1,2}:\d{2}/.test(line);

/** A run of lines of one file section: lines [start, end) are scored, the rest is context. */
export interface Block {
  file: VaultFile;
  day: string;
  sectionStart: number;
  sectionEnd: number;
  start: number;
  end: number;
  lines: (string | undefined)[];
  /** The entity whose `[[day]]` tag led to this day, if any. */
  via?: string;
  /** The query's concepts (bits) that made this block a candidate. */
  narrow: number;
}

export interface ScoredLine {
  block: Block;
  /** 0-based line in the block's file. */
  i: number;
  score: number;
}

export interface RankInput {
  q: Query;
  blocks: Block[];
  /** The vault's lines, estimated from its size: the N of idf. */
  totalLines: number;
  /** Whether the query names or implies a day (dates.ts). */
  dateDays: (day: string) => boolean;
  /** Whether the query names a day by its date (not relative to today): every line of it holds the date. */
  namedDays: (day: string) => boolean;
  /** The query as the index looks it up (`lookupQuery`): a line that holds none of its needles cannot match. */
  lookup: Query;
  /** Days the query's entities are tagged with (empty when that is every day: it tells nothing). */
  entityDays: ReadonlyMap<string, string>;
  /** Per day an entity of the query is tagged with, the concepts (bits) it holds there (the lock). */
  lock?: ReadonlyMap<string, number>;
  searchable: (file: VaultFile, line: string) => boolean;
  /** The kind of value the question asks for, as a test of a line (current.ts `askedValue`): a line that gives one holds one more term, at KIND. */
  answers?: (line: string) => boolean;
  /** The first day of the query's relative times (dates.ts relativeFrom): their words count only on lines of that day or later. */
  timeFrom?: string;
}

const K1 = 1.2;
const B = 0.75;
/** Share of the better neighbour's score (±1 line) that a line earns. */
const NEIGHBOUR = 0.3;
/** Share of its day's support (the mean of the day's best three line scores) that a line earns. */
const DAY_SUPPORT = 0.3;
/** A line of a day the query names ranks this much higher… */
export const DATE_BOOST = 2;
/** …and a line of a day the query's entities are tagged with, this much. */
export const ENTITY_DAY_BOOST = 1.2;

/** A plain word of at least this many letters also matches the longer words it begins (postgres → postgresql). */
const PREFIX_WORD = 6;
/**
 * Not searchable text: a redaction marker (`[secret: postgre-sql-connection]` says a secret was
 * there, not what the line is about), an author marker (`[by Alice on laptop]` says who wrote the
 * line, not what it is about: `--author` asks for that) and a citation copied into a line
 * (`memory/chronological/…md:12`, or as an answer shows it, `[2025-09.md:12 · 2025-09-03 · from history …]`).
 */
const UNSEARCHABLE = /\[secret: [^\]\n]*\]|\[by [^\]\n]*\]|(?:\.CoreSoul\/)?(?:memory|personal)\/chronological\/[\w.-]+\.md(?::\d+)?|\[\d{4}-\d\d(?:-\d\d)?\.md:\d+[^\]\n]*\]/g;
export const searchableText = (line: string) => (line.includes('[secret: ') || line.includes('[by ') || line.includes('chronological/') || line.includes('.md:') ? line.replace(UNSEARCHABLE, ' ') : line);

/** A line that names a kind of a query's word (narrower.ts) holds that word this much… */
const KIND = 0.5;
/** …and one that has its translation (translate.ts), this much. */
const TRANSLATED = 0.5;

interface Term {
  /** The date the query names or implies: a term every line of those days holds. */
  date?: boolean;
  stem?: string;
  /** A long plain word of the query, also found where a line's word goes on from it (postgres → PostgreSQL). */
  word?: Needle;
  /** The tag of the kind of entry the word names (`#decision` for "decide"): an entry of that kind holds the word. */
  tag?: Needle;
  needles?: Needle[];
  /** A word of a time told relative to today ("last", "week"). */
  time?: boolean;
  /** The stems of a word's narrower words or English translations: the term of its kinds or translations. */
  kinds?: Set<string>;
  /** The term of the query's word these are translations of: they count no more than it (its idf at most). */
  of?: number;
  /** The kind of value the question asks for ("how often" → "every 4 hours"): held by a line that gives one. */
  value?: boolean;
  entity?: boolean;
  weight: number;
  df: number;
  idf: number;
}

/** The query as ranking terms: plain words by their stems, the rest matched literally. */
function queryTerms(q: Query, dated: boolean, value: boolean): Term[] {
  const out: Term[] = [];
  const addStem = (stem: string, word: Needle | undefined, time: boolean, tag: Needle | undefined) =>
    !out.some((t) => t.stem === stem) && out.push({ stem, weight: 1, df: 0, idf: 0, ...(word && { word }), ...(time && { time }), ...(tag && { tag }) });
  for (const c of q.concepts) {
    const n = c.needles[0];
    const plainWord = !c.entity && c.needles.length === 1 && !c.label.startsWith('"') && /^[\p{L}\p{N}]+$/u.test(n.text) && !hasCjk(n.text);
    // A Chinese word counts where its characters are, as the index finds it: the segmenter cuts a line by its context (的灑水器換成), not by the query's words.
    if (!plainWord) out.push({ needles: c.tag ? [...c.needles, c.tag] : c.needles, entity: !!c.entity, weight: 1, df: 0, idf: 0 });
    else if (!isStopWord(n.text)) terms(n.text).forEach((st) => addStem(st, n.prefix && n.text.length >= PREFIX_WORD ? n : undefined, !!c.time, c.tag));
  }
  if (!out.length) for (const c of q.concepts) out.push({ needles: c.needles, weight: 1, df: 0, idf: 0 });
  // A date the query names or implies is a term like a word: every line of those days holds it, rarer the fewer they are.
  if (dated) out.push({ date: true, weight: 1, df: 0, idf: 0 });
  // So is a value of the kind the question asks for, as a plural's kinds are: "how often" is answered by a line that gives a frequency.
  if (value && out.length) out.push({ value: true, weight: KIND, df: 0, idf: 0 });
  // The kinds and the translations of each word, but for the query's own words.
  const own = new Set(out.map((t) => t.stem));
  for (const c of q.concepts) {
    if (c.kinds) relatedTerm(c.kinds, own, KIND, out);
    if (!c.translations) continue;
    const stem = terms(c.needles[0].text)[0];
    const of = out.findIndex((t) => t.needles === c.needles || (stem !== undefined && t.stem === stem));
    relatedTerm(c.translations, own, TRANSLATED, out, of < 0 ? undefined : of);
  }
  return out;
}

/**
 * One term for the words a query's word stands for, at `weight`: English words by their stems,
 * phrases and Chinese words literally (a Chinese word counts where its characters are).
 */
function relatedTerm(related: Needle[], own: Set<string | undefined>, weight: number, out: Term[], of?: number): void {
  const literal = (n: Needle) => n.text.includes(' ') || hasCjk(n.text);
  const kinds = new Set(related.filter((n) => !literal(n)).flatMap((n) => terms(n.text)).filter((st) => !own.has(st)));
  const needles = related.filter(literal);
  if (kinds.size || needles.length) out.push({ kinds, needles, weight, df: 0, idf: 0, ...(of !== undefined && { of }) });
}

/** Every candidate line with a score above 0, best first (newer day first on a tie). */
export function rankLines(inp: RankInput): ScoredLine[] {
  // A query of dates alone reads those days in order: the date is no term that ranks them.
  const qt = queryTerms(inp.q, inp.namedDays !== NO_DATES && inp.q.concepts.length > 0, !!inp.answers);
  const byStem = new Map<string, number>();
  qt.forEach((t, k) => t.stem && byStem.set(t.stem, k));
  qt.forEach((t, k) => t.kinds?.forEach((st) => !byStem.has(st) && byStem.set(st, k)));
  // The term of a line's word (-1: none), worked out once per word: by its stem, or as derived from a word of the query or
  // the reverse (ownership for "own").
  const stems = [...byStem].filter(([st, k]) => qt[k].stem === st);
  const termOf = new Map<string, number>();
  const termOfWord = (w: string) => {
    let k = termOf.get(w);
    if (k === undefined) termOf.set(w, (k = byStem.get(w) ?? stems.find(([st]) => derived(st, w))?.[1] ?? -1));
    return k;
  };
  // A line that holds none of the lookup needles cannot match: skipped before it is cut into terms.
  // (A candidate block's lines that name only an entity of the query count: a speaker's turn after the question.)
  const needles = inp.lookup.concepts.flatMap((c) => c.needles);
  const cjk = qt.some((t) => t.stem !== undefined && hasCjk(t.stem));
  // Term frequencies of every candidate line.
  const lines: { block: Block; i: number; tf: Float32Array; len: number }[] = [];
  let totalLen = 0;
  for (const block of inp.blocks) {
    for (let i = block.start; i < block.end; i++) {
      const shown = block.lines[i];
      if (!shown?.trim() || !inp.searchable(block.file, shown)) continue;
      const line = searchableText(shown);
      const lower = line.toLowerCase();
      const dated = block.file.kind !== 'entity' && inp.namedDays(block.day) && isEntry(shown);
      if (needles.length && !dated && !needles.some((n) => lineHas(lower, n))) continue;
      const words = terms(line, cjk);
      const tf = new Float32Array(qt.length);
      // A line written before the time a query tells relative to today retells another time ("bounce rate was fine last
      // week" in September is no answer to "last week" asked in December): its words of that time count only beside another word of the query.
      const before = inp.timeFrom !== undefined && !!block.day && block.day < inp.timeFrom;
      for (const w of words) {
        const k = termOfWord(w);
        if (k >= 0) tf[k]++;
      }
      qt.forEach((t, k) => {
        if (!tf[k] && (t.date ? dated : t.value ? inp.answers!(line) : t.needles?.some((n) => lineHas(lower, n)) || (t.word && lineHas(lower, t.word)) || (t.tag && lineHas(lower, t.tag)))) tf[k] = 1;
      });
      // A line that says the word itself does not say it again in its translation (a mixed line: "used memory" … 記憶體).
      qt.forEach((t, k) => {
        if (t.of !== undefined && tf[t.of]) tf[k] = 0;
      });
      if (before && !qt.some((t, k) => tf[k] && !t.time)) continue;
      // Only lines that hold a term count: which other lines were read depends on the index.
      if (qt.length && !tf.some((f) => f > 0)) continue;
      totalLen += words.length;
      lines.push({ block, i, tf, len: words.length });
      for (let k = 0; k < qt.length; k++) if (tf[k]) qt[k].df++;
    }
  }
  const n = Math.max(inp.totalLines, lines.length, 1);
  for (const t of qt) {
    // An entity does not narrow the candidates (it is on every day of a diary): its share among the matching lines stands for the vault's.
    const df = t.entity && lines.length ? (t.df * n) / lines.length : t.df;
    t.idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }
  // A word's translation counts no more than the word: rarer in the vault's other language is not rarer in the question.
  for (const t of qt) if (t.of !== undefined) t.idf = Math.min(t.idf, qt[t.of].idf);
  const avgLen = lines.length ? totalLen / lines.length : 1;
  const own = new Map<Block, Float64Array>();
  for (const x of lines) {
    let s = qt.length ? 0 : 1; // a query of dates alone: every line of those days counts the same
    for (let k = 0; k < qt.length; k++) {
      const f = x.tf[k];
      if (f) s += (qt[k].weight * qt[k].idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * Math.max(x.len, 1)) / avgLen));
    }
    if (!s) continue;
    if (!own.has(x.block)) own.set(x.block, new Float64Array(x.block.end - x.block.start));
    own.get(x.block)![x.i - x.block.start] = s;
  }
  const scored: ScoredLine[] = [];
  const whole = lockedWhole(inp);
  const locked: { line: ScoredLine; tier: number }[] = [];
  for (const [block, own1] of own) {
    const factor = (inp.dateDays(block.day) ? DATE_BOOST : 1) * (inp.entityDays.has(block.day) ? ENTITY_DAY_BOOST : 1);
    for (let j = 0; j < own1.length; j++) {
      if (!own1[j]) continue;
      const neighbour = Math.max(own1[j - 1] ?? 0, own1[j + 1] ?? 0);
      const line = { block, i: block.start + j, score: (own1[j] + NEIGHBOUR * neighbour) * factor };
      scored.push(line);
      const tier = whole?.(block, searchableText(block.lines[block.start + j]!)) ?? 0;
      if (tier) locked.push({ line, tier });
    }
  }
  const byDay = new Map<string, number[]>();
  for (const c of scored) if (c.block.day) (byDay.get(c.block.day) ?? byDay.set(c.block.day, []).get(c.block.day)!).push(c.score);
  const support = new Map([...byDay].map(([day, xs]) => [day, xs.sort((a, z) => z - a).slice(0, 3).reduce((a, x) => a + x, 0) / 3]));
  for (const c of scored) if (c.block.day) c.score += DAY_SUPPORT * support.get(c.block.day)!;
  // The lock as evidence: a line holding the whole query ranks first — naming its entity, before
  // those that hold it by their day's tag.
  if (locked.length) {
    const above = scored.reduce((m, c) => Math.max(m, c.score), 0);
    for (const { line, tier } of locked) line.score += tier * above;
  }
  return scored.sort((x, y) => y.score - x.score || (x.block.day < y.block.day ? 1 : x.block.day > y.block.day ? -1 : 0) || x.i - y.i);
}

/**
 * The entity lock as evidence (SPEC §4.3): when the query names an entity tagged on some days (not
 * every day) and other words, whether a line holds the whole query — every concept, the entity
 * counting as held on a day its note tags: 2 when the line names every concept, 1 when its day's
 * tag supplies the entity, else 0. Such lines rank before every other, however old or compressed
 * their day: "Fennick harmonium" is the one line that names both, not the many recent ones with
 * one of the two. Undefined when there is no lock.
 */
function lockedWhole(inp: RankInput): ((block: Block, line: string) => number) | undefined {
  const { lookup, lock } = inp;
  const n = lookup.concepts.length;
  if (!lock?.size || n < 2 || n > 31 || lookup.concepts.every((c) => c.entity)) return undefined;
  const all = (1 << n) - 1;
  return (block, line) => {
    const lower = line.toLowerCase();
    let named = 0;
    for (let k = 0; k < n; k++) if (lookup.concepts[k].needles.some((nd) => lineHas(lower, nd))) named |= 1 << k;
    if (named === all) return 2;
    return (named | (lock.get(block.day) ?? 0)) === all ? 1 : 0;
  };
}

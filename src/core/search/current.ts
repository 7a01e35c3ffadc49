/**
 * Current before stale, when the current entry does not use the query's words
 * (docs/search.md#ranking): "Which test runner do we use now?" finds "the monorepo runs [[Jest]]
 * 29 with ts-jest", and the later "Moved the monorepo from [[Jest]] to [[Vitest]]" says neither
 * "test" nor "runner". An entity an answer's best lines (or their neighbours) link to leads to the newer days its note
 * tags; a line there that names the entity and replaces the older line by the truth engine's rules
 * (truth/supersession.ts: from-to, new value, correction) joins the answer just above the line it
 * replaces, and the ordering of the answer (budget.ts) puts it first. Newest day first: the first
 * day that holds a replacement ends the walk for that entity.
 */
import { findSupersessions, mayReplace } from '../truth/supersession';
import type { Chunk } from './index/chunks';
import { type VaultFile, personalDayRel } from './index/files';
import type { LineReader } from './lineReader';
import type { EntityName } from './query';
import type { Block, ScoredLine } from './rank';
import { mayHave } from './index/bloom';
import { type Needle, keyHashes, needle } from './words';
import { storedText } from '../vault/dayEntries';

/** The best lines of an answer whose links (theirs and their neighbours') are followed. */
const FOLLOWED = 3;
const LINK = /\[\[([^\]|#\n]+)/g;

/** Lines around a replacement read with it: a snippet shows at most 5 after its line (budget.ts). */
const CONTEXT = 5;

/** A `[[link]]` as text to find, with the index keys every line that holds it has. */
function linkNeedle(link: string): { needle: Needle; hashes: [number, number][] } {
  return { needle: { text: link, prefix: false, keys: [] }, hashes: (needle(link)?.keys ?? []).map(keyHashes) };
}

/**
 * The lines of a file on `day` that name `link` and say they replace something (whatever it is),
 * in order: worked out once per file and day while the file is unchanged (LineReader.derived),
 * from the chunks whose index filter and bytes may hold the link, their other lines not decoded.
 */
function replacingLines(reader: LineReader, file: VaultFile, day: string, link: Needle, linkHashes: [number, number][]): { chunk: Chunk; i: number; line: string }[] {
  return reader.derived(file, 'replacing', link.text, day, () => {
    const out: { chunk: Chunk; i: number; line: string }[] = [];
    for (const chunk of reader.chunksOf(file, day)) {
      if (!linkHashes.every((h) => mayHave(chunk, h))) continue;
      const { lines, at } = reader.linesWith(file, chunk, [link]);
      for (const i of at) {
        const line = lines[i];
        if (line?.toLowerCase().includes(link.text) && mayReplace(line)) out.push({ chunk, i, line });
      }
    }
    return out;
  });
}

/** `ranked` with the lines that replace its best lines inserted just above them. */
export function withReplacements(ranked: ScoredLine[], names: EntityName[], reader: LineReader, searchable: (file: VaultFile, line: string) => boolean): ScoredLine[] {
  const byName = new Map(names.map((e) => [e.name.toLowerCase(), e]));
  const added: { above: ScoredLine; line: ScoredLine }[] = [];
  const seen = new Set<string>();
  const keyOf = (l: Pick<ScoredLine, 'block' | 'i'>) => `${l.block.file.rel}#${l.i}`;
  for (const old of ranked.slice(0, FOLLOWED)) {
    // The best line and its neighbours, shown with it: an entry's subject is often next to the words that matched.
    for (let i = Math.max(old.block.sectionStart, old.i - 1); i <= Math.min(old.block.sectionEnd - 1, old.i + 1); i++) {
      const text = old.block.lines[i] ?? '';
      for (const m of text.matchAll(LINK)) {
        const e = byName.get(m[1].trim().toLowerCase());
        const note = e && reader.byRel.get(e.rel);
        if (!note) continue;
        const link = linkNeedle(`[[${m[1].trim().toLowerCase()}]]`);
        const days = reader.tags(note).filter((d) => d > old.block.day).sort().reverse();
        for (const day of days) {
          const found = replacementOn(day, link.needle, link.hashes, { id: 'older', at: old.block.day, text: storedText(text) }, reader, searchable);
          if (!found) continue;
          if (!seen.has(keyOf(found))) {
            seen.add(keyOf(found));
            // Ranked lower already (it holds a word of the query): it moves up, its own block kept.
            const had = ranked.find((r) => keyOf(r) === keyOf(found));
            added.push({ above: old, line: { ...(had ?? found), score: old.score } });
          }
          break;
        }
      }
    }
  }
  if (!added.length) return ranked;
  const out = ranked.filter((r) => !seen.has(keyOf(r)));
  for (const a of added.reverse()) out.splice(Math.max(0, out.indexOf(a.above)), 0, a.line);
  return out;
}

/**
 * The first line of `day` that names `link` and replaces `older`, with the lines around it as a
 * block. Only the chunks whose index filter and bytes may hold the link are decoded, and only
 * they: an entity is tagged on hundreds of days, walked newest first.
 */
function replacementOn(day: string, link: Needle, linkHashes: [number, number][], older: { id: string; at: string; text: string }, reader: LineReader, searchable: (file: VaultFile, line: string) => boolean): Omit<ScoredLine, 'score'> | undefined {
  const files = [`raw/${day}.md`, `chronological/${day}.md`, `chronological/${day.slice(0, 7)}.md`, personalDayRel(day)].map((rel) => reader.byRel.get(rel)).filter((f): f is VaultFile => !!f);
  for (const file of files) {
    for (const { chunk, i, line } of replacingLines(reader, file, day, link, linkHashes)) {
      if (!searchable(file, line) || !findSupersessions([older, { id: 'newer', at: day, text: storedText(line) }]).length) continue;
      // The lines a snippet may show around it (budget.ts: at most CONTEXT before and after).
      const lines = reader.around(file, Math.max(chunk.sectionStart, i - CONTEXT), Math.min(chunk.sectionEnd, i + CONTEXT + 1));
      const block: Block = { file, day, sectionStart: chunk.sectionStart, sectionEnd: chunk.sectionEnd, start: i, end: i + 1, lines, narrow: 0 };
      return { block, i };
    }
  }
  return undefined;
}

/**
 * The later statements of the best line's subject (docs/search.md#ranking): the ranked lines newer
 * than the best one whose entry holds two or more of the query's concepts the best line's entry
 * holds (besides people, as `currentFirst` groups them) and states a new value ("mm-svc on-call
 * moves from Yi-Ting to Rhys", "the OTA server is now self-hosted at ota.lk-fleet.net") — or,
 * when the question asks for a kind of value, gives one ("pin Snakemake at 8.30.0"). The budget
 * does not discount them for a day that already gave a hit: such a line is often written on the
 * day of another hit about the change (the cutover's error, the handover note), and at a hook's
 * 800 tokens the discount would leave the current statement out.
 */
export function laterStatements(ranked: readonly ScoredLine[], about: About): Set<ScoredLine> {
  const best = ranked[0];
  const out = new Set<ScoredLine>();
  if (!best?.block.day) return out;
  const subject = entryHolds(best, about);
  for (const l of ranked) {
    if (!(l.block.day > best.block.day)) continue;
    const holds = entryHolds(l, about);
    // (Asked for a kind of value, the entries that give one: "pin Snakemake at 8.30.0".)
    if (sameSubject(holds, subject, about) && (about.value ? (holds & about.value) !== 0 : entrySays(l, [NEW_VALUE]))) out.add(l);
  }
  return out;
}

/** The lines [from, to) of the entry that line `i` of a block belongs to (its head and continuation lines), within lines [lo, hi) as read. */
export function entryAt(block: Block, i: number, lo = block.sectionStart, hi = block.sectionEnd): { from: number; to: number } {
  const continues = (j: number) => /^\s+\S/.test(block.lines[j] ?? '');
  let from = i;
  while (from > lo && continues(from) && block.lines[from - 1] !== undefined) from--;
  let to = from + 1;
  while (to < hi && block.lines[to] !== undefined && continues(to)) to++;
  return { from, to };
}

/** The query's concepts the entry of a line holds, in lines [lo, hi) (a snippet's shown lines). */
function entryHolds(line: ScoredLine, about: About, lo?: number, hi?: number): number {
  const { from, to } = entryAt(line.block, line.i, lo, hi);
  let mask = 0;
  for (let j = from; j < to; j++) mask |= about.holds({ ...line, i: j });
  return mask;
}

/** Whether the entry of a line, in lines [lo, hi), holds any of `words` (CHANGE, NOW, NEW_VALUE). */
function entrySays(line: ScoredLine, words: readonly RegExp[], lo?: number, hi?: number): boolean {
  const { from, to } = entryAt(line.block, line.i, lo, hi);
  return line.block.lines.slice(from, to).some((t) => !!t && words.some((w) => w.test(t)));
}

function bitCount(mask: number): number {
  let n = 0;
  for (let x = mask; x; x &= x - 1) n++;
  return n;
}

/** Two entries answer the same subject when they hold two or more of the same concepts of the query besides people. */
const sameSubject = (a: number, b: number, about: About) => bitCount(a & b & ~about.who) >= 2;
/** A newer line says all an older line says of the query: two or more of its concepts besides people. */
const saysAll = (newer: number, older: number, about: About) => (newer & older) === older && bitCount(older & ~about.who) >= 2;

/** What of the query a ranked line says, for ordering an answer (search.ts builds it from the query). */
export interface About {
  /** The query's concepts (bits) a line holds. */
  holds: (line: ScoredLine) => number;
  /** Concepts that say who (people's notes): a speaker of every line is no subject. */
  who: number;
  /** Concepts that name one thing as code and notes write it (`max_open_conns`, `waiting-room-v2`, a path, a quoted phrase): a subject of their own. */
  names: number;
  /** The question asks what is so now ("currently", "still", 目前): the newest statement of a subject comes first. */
  present: boolean;
  /**
   * When the question asks what something is in the simple present ("what's the prefetch on …?"):
   * whether a line gives a number beside a word of the question ("… with prefetch 10"). A newer line
   * that says all the older says of the query and gives one comes first, as if the question asked
   * what it is now (not a line that only names the same thing).
   */
  presentValue?: (line: string) => boolean;
  /**
   * The bit `holds` sets for a line that writes a value of the kind the question asks for (a
   * version, a percentage, a duration, a time of day, an address, a port: `askedValue`), else 0.
   * Only an entry that gives such a value is a newer statement of the answer.
   */
  value: number;
}

/** A snippet as the budget lays it out: lines [start, end) of its best line's block. */
interface Shown {
  line: ScoredLine;
  start: number;
  end: number;
}

/**
 * A question about the present: "now", "currently", "these days", "still", "latest", "anymore",
 * 現在, 目前, 如今, 仍然, 還在, 最新.
 */
const PRESENT = /\b(?:now|nowadays|currently|these days|at the moment|at present|still|latest|anymore|any more)\b|現在|现在|目前|如今|仍然|還在|还在|最新/i;
export const asksPresent = (query: string) => PRESENT.test(query);

/**
 * A question in the simple present that asks what a value is — what a thing's is, or how many or how
 * much ("what's the prefetch on the results consumer?", "how many days does Mirth keep message
 * content?") — not one about the past (PAST), nor one about what someone likes or does ("what sports
 * does John like?", whose newer lines are no newer values).
 */
const PRESENT_QUESTION = /^\W*(?:(?:what|which)(?:['’]s|\s+is|\s+are)\s+the|whats\s+the|how\s+(?:many|much)\b[^?]*?\b(?:is|are|does|do)|(?:what|which)\s+\S+\s+(?:is|are)\s+the)\b/i;
export const asksPresentValue = (query: string) => PRESENT_QUESTION.test(query) && !PAST.test(query) && !PAST_VERB.test(query);
/** A past verb in a question: "what did we decide", "which fix stopped the alerts". */
const PAST_VERB = /\b(?:did|had|went|made|chose|picked|decided|happened|caused|broke|fixed|changed|stopped|started|agreed)\b/i;

/**
 * The kinds of value a question asks for, each with how an entry writes one: "what Snakemake
 * version are we on?" is answered by "pin Snakemake at 8.30.0", "what % of users …" by "at 100%",
 * "how long are raw runs kept?" by "120 days", "what time does the recon run?" by "at 18:30", "what
 * URL goes into S3_ENDPOINT?" by "https://s3.quillon.lab", "which port …" by ":6033", "how often does
 * runsync run?" by "every 4 hours" or a cron line. (A word of
 * an identifier asks for nothing: `session.timeout.ms` is set as its notes write it, "45000".)
 */
const VALUE_KINDS: { asks: RegExp; value: RegExp }[] = [
  { asks: /\bversions?\b|版本/i, value: /(?<![\d.])\d+\.\d+(?:\.\d+)*[a-z]?\b|\bv\d+\b/i },
  { asks: /%|\bper ?cent(?:age)?\b|百分/i, value: /\d\s*%|百分之/ },
  {
    asks: /\bhow long\b|\bretention\b|\bexpir\w*|(?<![\w.-])(?:timeouts?|ttl)(?![\w.-])|多久|多長|多长|保留/i,
    value: /\d\s*(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?|months?|years?)\b|\d\s*(?:天|小時|小时|分鐘|分钟|秒|週|周|個月|个月|年)/i,
  },
  { asks: /\bwhat time\b|\bat what hour\b|幾點|几点/i, value: /\b\d{1,2}:\d{2}\b|\b\d{1,2}\s*(?:am|pm)\b|\d\s*[點点]/i },
  {
    asks: /\burls?\b|\bendpoints?\b|\bhost(?:names?|s)?\b|\bdomains?\b|\baddress(?:es)?\b|\bdsn\b|地址|域名/i,
    value: /\b[a-z][a-z\d+.-]*:\/\/\S|\b(?:[a-z\d-]+\.){2,}[a-z]{2,}\b|\b[a-z][\w.-]*:\d{2,5}\b|\b\d{1,3}(?:\.\d{1,3}){3}\b/i,
  },
  { asks: /\bports?\b|端口|埠/i, value: /:\d{2,5}\b|\bport\s+\d{2,5}\b/i },
  {
    asks: /\bhow often\b|\bhow frequently\b|\bfrequency\b|\bcadence\b|\binterval\b|多久一次|多頻繁|多频繁|頻率|频率/i,
    value: /\bevery\s+(?:\d+\s*|other\s+|few\s+)?(?:s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|nights?|mornings?|weeks?|weekdays?|months?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(?:hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|\d+-(?:hourly|minute|min|day))\b|\b(?:once|twice|\d+\s*(?:x|times))\s+(?:a|an|per)\s+\w+|`?(?:[\d*/,-]+\s+){4}[\d*/,-]+`?|每(?:天|日|晚|週|周|月|小時|小时|\s*\d)/i,
  },
];

/** What tells a question about the past: "was", "did", "used to", 當初. */
const PAST = /\b(?:was|were|did|used to|originally|at first|initially|previously)\b|原來|原来|當初|当初|最初|起初/i;

/**
 * The value a question asks for, as a test of a line, or undefined: the kinds it names
 * (VALUE_KINDS), unless it asks about the past. Such a question asks what the value is now.
 */
export function askedValue(query: string): ((line: string) => boolean) | undefined {
  const kinds = VALUE_KINDS.filter((k) => k.asks.test(query));
  if (!kinds.length || PAST.test(query)) return undefined;
  return (line) => kinds.some((k) => k.value.test(line));
}

/**
 * Whether a concept names one thing as code and notes write it: an identifier, a path or a quoted
 * phrase (a character besides letters, digits and an apostrophe), not a person.
 */
export const namesAThing = (c: { label: string; entity?: EntityName }) => !c.entity?.rel.startsWith('entities/people/') && /[^\p{L}\p{N}'\u2019]/u.test(c.label);

/**
 * Words with which an entry says that something changed, or that an earlier decision was reversed:
 * a verb of change, a value and what it was ("120 -> 80", "// was 50"), 改成.
 */
const CHANGE = /\b(?:instead|no longer|anymore|moved|moves|switched|switching|replaced|replaces|changed|upgraded|migrated|bumped|raised|lowered|cut|reduced|increased|decreased|renamed|reversed|reverses|overturned|took over|takes over|from \S+(?: \S+)? to)\b|\S\s*(?:->|→)\s*\S|\b(?:was|previously|formerly) \d|改成|換成|换成|改為|改为|改用|不再/i;
/** …or that it is so now: said of anything in speech, so it counts only beside a thing's name. */
const NOW = /\bnow\b|現在|现在|目前/i;
/**
 * A new value: what it was and what it is ("from 5/min to 10/min", "90 -> 30", "was 50"), or a
 * word of change or "now" before a value in the same clause — a number, a version, a host or an
 * identifier ("bumped to 2022.3.34f1", "now listens on 8080", "now self-hosted at
 * ota.lk-fleet.net", "now uses … bufferSize 20%"), 改成. Speech says "now" and "changed" of
 * anything; a value beside them is what a fact's change says.
 */
const NEW_VALUE = /\bfrom \S+(?: \S+)? to\b|\S\s*(?:->|→)\s*\S|\b(?:was|previously|formerly) \d|\b(?:now|moved|moves|switched|changed|updated|upgraded|migrated|bumped|raised|lowered|cut|reduced|increased|decreased|relaxed)\b(?:[^.;,!?\n]|\.(?=\S))*?(?:\d|[\p{L}\d]\.[\p{L}\d]|[\p{L}\d]_[\p{L}\d])|改成|換成|换成|改為|改为|改用/iu;

/**
 * Current before stale (docs/search.md#ranking): snippets in the budget's order, each that replaces
 * an older one above it moved up to just before it, and each older one a newer one above it
 * replaces marked `earlier` (the newer one's day). A newer snippet replaces an older one about the
 * same subject when
 * - a line of it replaces the older one's best line by the truth engine's rules
 *   (truth/supersession.ts: "moved from 5432 to 5433", "72 hours instead of 24", 從X改成Y), or
 * - a line of it, or the entry it heads (a many-line entry: "Landing bucket lifecycle changed:",
 *   a block of JSON, "Nearline after 14 days now (was 30)"), says all the older best line says of
 *   the query (two or more of its concepts besides people) and that line or entry says that
 *   something changed ("raised to", "takes over", 改成), or
 * - an entry of it answers the same subject in other words — two or more of the query's concepts
 *   in common with the older best line's entry, besides people ("Rewards claim limit relaxed …
 *   per player" and "rate limit: 20 requests/min per player") — and states a new value
 *   (NEW_VALUE: "from 5/min to 10/min", "now listens on 8080", "bumped to 2022.3.34f1"), or
 * - a line of it names a thing of the query the older best line's entry names
 *   (`session.timeout.ms`, `waiting-room-v2`), and its entry says that it changed or what it is
 *   now ("moved …, session.timeout.ms went from 45000 to 30000", "max_open_conns 120 -> 80",
 *   "is at 100% … now").
 * A question about the present ("currently", "still", 目前) asks for the newest statement of its
 * subject: there the second and the last need no word of a change. So does one in the simple present
 * ("what's the prefetch on the results consumer?") for the second, when the newer line gives a number.
 * A snippet never moves above a newer one that replaces it; the older is still shown, as what was
 * so earlier.
 */
export function currentFirst<S extends Shown>(snippets: readonly S[], about: About | undefined): { snippet: S; earlier?: string }[] {
  if (!about || snippets.length < 2) return snippets.map((snippet) => ({ snippet }));
  const textOf = (p: S, i: number) => p.line.block.lines[i] ?? '';
  const heldBy = (p: S, i: number) => about.holds({ ...p.line, i });
  const continues = (p: S, i: number) => /^\s+\S/.test(textOf(p, i));
  /** Of the entry of the snippet's line `i`, as shown: the query's concepts it holds, and whether it says any of `words`. */
  const holdsOf = (p: S, i: number) => entryHolds({ ...p.line, i }, about, p.start, p.end);
  const says = (p: S, i: number, words: readonly RegExp[]) => entrySays({ ...p.line, i }, words, p.start, p.end);
  const isHead = (p: S, i: number) => i === p.start || !continues(p, i);
  // What each entry of a snippet says of the query (a day shows several, whichever line ranked best):
  // asked for a kind of value, those that give one are statements of it. Worked out once a snippet.
  const statementsKnown = new Map<S, number[]>();
  const statementsOf = (p: S) => {
    let out = statementsKnown.get(p);
    if (!out) {
      out = [];
      for (let j = p.start; j < p.end; j++) {
        if (!isHead(p, j)) continue;
        const holds = holdsOf(p, j);
        if (!about.value || holds & about.value) out.push(holds);
      }
      statementsKnown.set(p, out);
    }
    return out;
  };
  const replaces = (newer: S, older: S) => {
    if (!older.line.block.day || older.line.block.day >= newer.line.block.day) return false;
    // (What the older line says, without its time: the truth engine's rules read no timestamps.)
    const was = storedText(textOf(older, older.line.i));
    const held = heldBy(older, older.line.i);
    const names = holdsOf(older, older.line.i) & about.names;
    for (let i = newer.start; i < newer.end; i++) {
      const now = textOf(newer, i);
      if (!now.trim()) continue;
      const holds = heldBy(newer, i);
      const entry = holdsOf(newer, i);
      const head = isHead(newer, i);
      // Asked for a kind of value, only an entry that gives one says what it is now.
      if (about.value && !(entry & about.value)) continue;
      // (Asked what it is, a line that gives a number says what it is now: "… with prefetch 10", not "… an allowlist written to NVS";
      // its time is no number of it.)
      const present = about.present || !!about.presentValue?.(storedText(now));
      if (saysAll(holds, held, about) && (present || CHANGE.test(now))) return true;
      // A many-line entry says its subject in one line and the change in another (a heading, a block of config, "now (was 30)").
      if (head && saysAll(entry, held, about) && (present || says(newer, i, [CHANGE]))) return true;
      // An entry of the same subject as one of the older's, in other words, that states a new value (or the value asked for).
      if (head && statementsOf(older).some((stated) => sameSubject(entry, stated, about)) && (about.value || says(newer, i, [NEW_VALUE]))) return true;
      if ((holds & names) !== 0 && (about.present || says(newer, i, [CHANGE, NOW]))) return true;
      const pair = [{ id: 'older', at: older.line.block.day, text: was }, { id: 'newer', at: newer.line.block.day, text: storedText(now) }];
      if (findSupersessions(pair).length) return true;
    }
    return false;
  };
  const known = new Map<S, Map<S, boolean>>();
  const replacing = (newer: S, older: S) => {
    let row = known.get(newer);
    if (!row) known.set(newer, (row = new Map()));
    let yes = row.get(older);
    if (yes === undefined) row.set(older, (yes = replaces(newer, older)));
    return yes;
  };
  const out = [...snippets];
  for (let k = 1; k < out.length; k++) {
    const j = out.findIndex((y, at) => at < k && replacing(out[k], y));
    if (j < 0) continue;
    // Not above a newer one that replaces it in turn.
    let to = j;
    for (let m = j; m < k; m++) if (replacing(out[m], out[k])) to = m + 1;
    if (to < k) out.splice(to, 0, ...out.splice(k, 1));
  }
  return out.map((snippet, k) => {
    const newer = out.slice(0, k).find((y) => replacing(y, snippet));
    return newer ? { snippet, earlier: newer.line.block.day } : { snippet };
  });
}

/**
 * Supersession (docs/truth.md#supersession): a newer memory that replaces an older one about the
 * same subject marks the older superseded — history, not current truth. Entries in, pairs out;
 * deterministic rules over the words, no model:
 *
 * 1. reference — the newer names the older by its place: `(corrects [[2026-02-11]] 10:30:00)`
 *    (also `supersedes`, `replaces`, `retracts`, 「更正」), as `coresoul correct` writes it;
 * 2. from-to — the newer says what the old value was: "moved/switched/migrated from X to Y",
 *    "replaced X with Y", "X was replaced by Y", "Y instead of X", "stopped using X",
 *    "no longer X", "uses Y, not X", 「從X改為/改成/換成/改用Y」「不再用/不再使用X」「X已被取代」.
 *    Every older memory that holds X's words and shares a word of the subject with the newer
 *    (or holds X as a phrase of two words or more) is superseded, unless it already names Y;
 * 3. new value only — "switched to Y as the S", "S switched to Y", 「S改用/換成/改為Y」: an older
 *    memory that states S's value ("S is …", "S uses …", 「S使用…」, 「S用…」) and does not
 *    name Y is superseded.
 */
import { type TruthMemory } from './memories';
import { wordHash, wordHashes, words } from './words';

export type SupersessionRule = 'reference' | 'from-to' | 'new-value';

export interface Supersession {
  /** The id of the memory that is no longer current. */
  older: string;
  /** The id of the memory that replaced it. */
  newer: string;
  rule: SupersessionRule;
  /** The old value or the subject the rule matched on, for people ("Jest", "package manager"). */
  about: string;
}

/** What the rules read of a memory. */
export type SupersessionInput = Pick<TruthMemory, 'id' | 'at' | 'text'>;

const REFERENCE_RE = /\b(?:corrects|supersedes|replaces|retracts|更正|取代)\s*\[\[(\d{4}-\d{2}-\d{2})\]\]\s*(\d{2}:\d{2}(?::\d{2})?)/i;
const END = String.raw`(?=[,.;:!?，。；：！？)（(]|\s+(?:to|with|by|for|as|in|on|and|but|because|since|now)\b|$)`;
const X = String.raw`([^,.;:!?，。；：！？]{1,40}?)`;
/** Phrases that name the old value X (group 1). */
/** A change of value told as done or as now so (past, -ing, third person present; not a plan's bare "move to"). */
const CHANGED = String.raw`(?:mov(?:ed|es|ing)|switch(?:ed|es|ing)|migrat(?:ed|es|ing)|chang(?:ed|es|ing)|went|convert(?:ed|s|ing)|port(?:ed|s|ing))`;
const FROM_TO: RegExp[] = [
  new RegExp(String.raw`\b${CHANGED}\b[^,.;:!?]{0,30}?\bfrom\s+${X}\s+(?:to|over to)\b`, 'i'),
  new RegExp(String.raw`\breplac(?:ed|ing|e)\s+${X}\s+(?:with|by)\b`, 'i'),
  new RegExp(String.raw`(?:^|[\s,;])${X}\s+(?:was|is|has been|got|were|have been)\s+replaced\s+(?:by|with)\b`, 'i'),
  new RegExp(String.raw`\binstead of\s+${X}${END}`, 'i'),
  new RegExp(String.raw`\b(?:stopped|stop|quit|ceased)\s+using\s+${X}(?=[,.;:!?，。；：！？]|$)`, 'i'),
  new RegExp(String.raw`\bno longer\s+(?:use|uses|using|used)?\s*${X}(?=[,.;:!?，。；：！？]|$)`, 'i'),
  new RegExp(String.raw`\b(?:use|uses|using)\s+[^,.;]{1,40},?\s+not\s+${X}${END}`, 'i'),
  new RegExp(String.raw`\bdropped\s+${X}\s+(?:for|in favou?r of)\b`, 'i'),
  /從\s*([^，。；！？,;!?]{1,30}?)\s*(?:改為|改成|換成|改用|遷移到|迁移到|换成|改为|切換到|切换到)/,
  /不再(?:使用|用|採用|采用)\s*([^，。；！？,;!?]{1,30})/,
  /([A-Za-z][\w.+#-]*)\s*(?:已經|已)?(?:被)?(?:取代|淘汰|棄用|弃用)/,
];
/** Phrases that name only the new value: group 1 the subject before, or group 2 the subject after. */
const NEW_VALUE: RegExp[] = [
  new RegExp(String.raw`^(?:(?:we|i|the team)\s+)?(?:(?:have|'ve)\s+)?${CHANGED}\s+to\s+([^,.;]+?)\s+(?:as|for)\s+(?:the|our|a)?\s*([^,.;]+)`, 'i'),
  new RegExp(String.raw`^(?:the\s+|our\s+)?([^,.;]{2,30}?)\s+(?:has\s+)?${CHANGED}\s+to\s+([^,.;]+)`, 'i'),
  /^(?:我們|我们|已經|已|現在|现在)?\s*([^，。；！？,.;!?]{1,12}?)\s*(?:改用|換成|换成|改為|改为|改成)\s*([^，。；！？,.;!?]+)/,
];
const VALUE_VERBS = String.raw`(?:\s*(?:is|are|was|uses?|using|runs?\s+(?:on|with)|=|:|使用|用|是|採用|采用|為|为))`;

/** What every replacing memory says somewhere: a quick test before the phrasings above. */
const TRIGGER = /from|replac|instead|stop|quit|ceased|no longer|not |dropped|switch|mov|chang|migrat|convert|port|corrects|supersedes|retracts|從|不再|取代|淘汰|棄用|弃用|改用|換成|换成|改為|改为|改成|更正/i;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const overlap = (a: readonly string[], b: ReadonlySet<string>) => a.some((w) => b.has(w));

/**
 * Which memories a newer one replaces. `memories` may come in any order; pairs come out
 * newest replacer first. `signal` stops it between memories.
 */
export function findSupersessions(memories: readonly SupersessionInput[], signal?: AbortSignal): Supersession[] {
  const sorted = [...memories].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const index = new Map(sorted.map((m, i) => [m.id, i]));
  const byPlace = new Map<string, SupersessionInput[]>();
  const pairs: Supersession[] = [];
  const seen = new Set<string>();
  const add = (older: SupersessionInput, newer: SupersessionInput, rule: SupersessionRule, about: string) => {
    if (older.id === newer.id || seen.has(older.id)) return;
    seen.add(older.id);
    pairs.push({ older: older.id, newer: newer.id, rule, about });
  };
  let wordsCache: Map<string, Set<string>> | undefined;
  const wordsOf = (m: SupersessionInput) => {
    wordsCache ??= new Map();
    let w = wordsCache.get(m.id);
    if (!w) wordsCache.set(m.id, (w = new Set(words(m.text))));
    return w;
  };

  // First what each replacing memory says, then, for the words they need, which memories hold
  // them (one pass), so a vault is not scanned once per replacement.
  type Claim =
    | { n: number; rule: 'from-to'; x: string; xWords: string[]; subject: string[]; phrase?: RegExp; newValue: string[] }
    | { n: number; rule: 'new-value'; subject: string; subjectWords: string[]; yWords: string[]; statement: RegExp };
  const claims: Claim[] = [];
  for (let n = sorted.length - 1; n >= 0; n--) {
    if (n % 4096 === 0) signal?.throwIfAborted();
    const newer = sorted[n];
    if (!TRIGGER.test(newer.text)) continue;
    const ref = REFERENCE_RE.exec(newer.text);
    if (ref) {
      if (!byPlace.size) {
        for (const m of sorted) {
          const place = `${m.at.slice(0, 10)} ${m.at.slice(11, 16)}`;
          const list = byPlace.get(place);
          if (list) list.push(m);
          else byPlace.set(place, [m]);
        }
      }
      const time = ref[2].length === 5 ? `${ref[2]}:00` : ref[2];
      for (const old of byPlace.get(`${ref[1]} ${ref[2].slice(0, 5)}`) ?? []) if (old.at < newer.at && (old.at.slice(11) === time || ref[2].length === 5)) add(old, newer, 'reference', `${ref[1]} ${ref[2]}`);
      continue;
    }
    const claim = claimOf(n, newer, wordsOf);
    if (claim) claims.push(claim);
  }
  if (!claims.length) return sortPairs(pairs, index);

  const needed = new Set<number>();
  for (const c of claims) for (const w of c.rule === 'from-to' ? c.xWords : c.subjectWords) needed.add(wordHash(w));
  const postings = new Map<number, number[]>();
  const scratch: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (i % 4096 === 0) signal?.throwIfAborted();
    for (const h of wordHashes(sorted[i].text, scratch)) {
      if (!needed.has(h)) continue;
      let list = postings.get(h);
      if (!list) postings.set(h, (list = []));
      if (list[list.length - 1] !== i) list.push(i); // a word twice in one memory: listed once
    }
  }
  const replacements = new Map<string, boolean>();
  const isReplacement = (o: SupersessionInput) => {
    let r = replacements.get(o.id);
    if (r === undefined) replacements.set(o.id, (r = TRIGGER.test(o.text) && FROM_TO.some((re) => re.test(o.text))));
    return r;
  };
  /** Older memories that hold every one of `ws` (by hash; confirmed on the words below). */
  const holding = (ws: string[], n: number): SupersessionInput[] => {
    let best: number[] | undefined;
    for (const w of ws) {
      const list = postings.get(wordHash(w)) ?? [];
      if (!best || list.length < best.length) best = list;
    }
    return (best ?? []).filter((i) => i < n && sorted[i].at < sorted[n].at).map((i) => sorted[i]);
  };

  for (const c of claims) {
    signal?.throwIfAborted();
    const newer = sorted[c.n];
    if (c.rule === 'from-to') {
      for (const o of holding(c.xWords, c.n)) {
        const ow = wordsOf(o);
        if (!c.xWords.every((w) => ow.has(w))) continue;
        if (c.newValue.length && c.newValue.every((w) => ow.has(w))) continue; // it already names the new value
        if (!overlap(c.subject, ow) && !(c.phrase && c.phrase.test(o.text))) continue;
        if (isReplacement(o)) continue; // an earlier replacement of its own
        add(o, newer, 'from-to', c.x);
      }
    } else {
      for (const o of holding(c.subjectWords, c.n)) {
        if (!c.statement.test(o.text)) continue;
        const ow = wordsOf(o);
        if (c.yWords.every((w) => ow.has(w))) continue;
        add(o, newer, 'new-value', c.subject);
      }
    }
  }
  return sortPairs(pairs, index);
}

/**
 * Whether a memory says that it replaces another — names it by its place, or says what changed
 * in a from-to or new-value phrasing — so that `findSupersessions` may make it the newer of a
 * pair. Without this, a memory replaces nothing, whatever came before it.
 */
export function mayReplace(text: string): boolean {
  if (!TRIGGER.test(text)) return false;
  return REFERENCE_RE.test(text) || claimOf(0, { id: '', at: '', text }, () => new Set(words(text))) !== undefined;
}

function sortPairs(pairs: Supersession[], index: Map<string, number>): Supersession[] {
  return pairs.sort((a, b) => index.get(b.newer)! - index.get(a.newer)! || index.get(a.older)! - index.get(b.older)!);
}

/** What a memory says it replaces, if it says so in one of the from-to or new-value phrasings. */
function claimOf(n: number, newer: SupersessionInput, wordsOf: (m: SupersessionInput) => Set<string>) {
  for (const re of FROM_TO) {
    const m = re.exec(newer.text);
    if (!m) continue;
    const x = m[1].trim().replace(/^(?:the|a|an|our)\s+/i, '');
    const latin = x.match(/[A-Za-z][\w.+#-]*/g) ?? [];
    const xWords = words(/[\u3400-\u9fff]/.test(x) && latin.length ? latin.join(' ') : x);
    if (!xWords.length) continue;
    const subject = [...wordsOf(newer)].filter((w) => !xWords.includes(w));
    const phrase = xWords.length >= 2 ? new RegExp(`(?:^|[^\\p{L}\\p{N}])${escape(x)}`, 'iu') : undefined;
    const newValue = FROM_TO.indexOf(re) < 3 ? newerValues(newer.text, m.index + m[0].length) : [];
    return { n, rule: 'from-to' as const, x, xWords, subject, phrase, newValue };
  }
  for (const re of NEW_VALUE) {
    const m = re.exec(newer.text.trim());
    if (!m) continue;
    const [y, s] = re === NEW_VALUE[0] ? [m[1], m[2]] : [m[2], m[1]];
    const subject = s.trim().replace(/^(?:the|our|a)\s+/i, '').replace(/[了啦]+$/, '');
    const yWords = words(y);
    const subjectWords = words(subject);
    if (!subjectWords.length || !yWords.length) continue;
    const statement = new RegExp(`(?:^|[^\\p{L}\\p{N}])${escape(subject)}s?${VALUE_VERBS}`, 'iu');
    return { n, rule: 'new-value' as const, subject, subjectWords, yWords, statement };
  }
  return undefined;
}

/** The words of what follows the old value ("… to Vitest for unit tests" → vitest, unit, test): the new value, roughly. */
function newerValues(text: string, from: number): string[] {
  const rest = /^\s*(?:to|with|by|over to|改為|改成|換成|改用)?\s*([^,.;，。；]{1,30})/i.exec(text.slice(from));
  const first = rest ? words(rest[1]).slice(0, 1) : [];
  return first;
}

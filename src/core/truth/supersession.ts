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
 *    name Y is superseded; and a new owner — "Y takes over (ownership of) S", "S is now owned by
 *    Y", "handed S over to Y", 「Y接手S」: an older memory that says who owns S ("X owns S",
 *    "X is the owner of S", 「X負責S」) and does not name Y is superseded.
 */
import { type TruthMemory } from './memories';
import { WordHashSet, wordHash, wordHashes, words } from './words';
import { withoutWriterMarkers } from '../vault/dayEntries';

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
/** A version's dot ("Ruby 3.2", "Node 18.17"): a value may hold it, never a sentence's. */
const VERSION_DOT = String.raw`(?<=\d)\.(?=\d)`;
const X = String.raw`((?:[^,.;:!?，。；：！？]|${VERSION_DOT}){1,40}?)`;
/** A change of value told as done or as now so (past, -ing, third person present; not a plan's bare "move to"). */
const CHANGED = String.raw`(?:mov(?:ed|es|ing)|switch(?:ed|es|ing)|migrat(?:ed|es|ing)|chang(?:ed|es|ing)|went|convert(?:ed|s|ing)|port(?:ed|s|ing)|upgrad(?:ed|es|ing)|downgrad(?:ed|es|ing)|bump(?:ed|s|ing))`;
/**
 * Phrases that name the old value X (group 1), each with a `hint`: words it cannot match
 * without, looked for first (most texts hold none, and a phrasing that starts with the old value
 * is otherwise tried at every place of a text).
 */
export const FROM_TO: { re: RegExp; hint: RegExp }[] = [
  { re: new RegExp(String.raw`\b${CHANGED}\b[^,.;:!?]{0,30}?\bfrom\s+${X}\s+(?:to|over to)\b`, 'i'), hint: /from/i },
  { re: new RegExp(String.raw`\breplac(?:ed|ing|e)\s+${X}\s+(?:with|by)\b`, 'i'), hint: /replac/i },
  { re: new RegExp(String.raw`(?:^|[\s,;])${X}\s+(?:was|is|has been|got|were|have been)\s+replaced\s+(?:by|with)\b`, 'i'), hint: /replaced/i },
  { re: new RegExp(String.raw`\binstead of\s+${X}${END}`, 'i'), hint: /instead of/i },
  { re: new RegExp(String.raw`\b(?:stopped|stop|quit|ceased)\s+using\s+${X}(?=[,.;:!?，。；：！？]|$)`, 'i'), hint: /using/i },
  { re: new RegExp(String.raw`\bno longer\s+(?:use|uses|using|used)?\s*${X}(?=[,.;:!?，。；：！？]|$)`, 'i'), hint: /no longer/i },
  { re: new RegExp(String.raw`\b(?:use|uses|using)\s+[^,.;]{1,40},?\s+not\s+${X}${END}`, 'i'), hint: /not/i },
  { re: new RegExp(String.raw`\bdropped\s+${X}\s+(?:for|in favou?r of)\b`, 'i'), hint: /dropped/i },
  { re: /從\s*([^，。；！？,;!?]{1,30}?)\s*(?:改為|改成|換成|改用|遷移到|迁移到|换成|改为|切換到|切换到)/, hint: /從/ },
  { re: /不再(?:使用|用|採用|采用)\s*([^，。；！？,;!?]{1,30})/, hint: /不再/ },
  { re: /([A-Za-z][\w.+#-]*)\s*(?:已經|已)?(?:被)?(?:取代|淘汰|棄用|弃用)/, hint: /取代|淘汰|棄用|弃用/ },
];
/** The same phrasings, each finding every change a text tells ("upgraded A from 14 to 17 and moved B from X to Y"). */
const FROM_TO_ALL = FROM_TO.map(({ re }) => new RegExp(re.source, `${re.flags}g`));
/** The from-to phrasings a text says a change in, in order: each match, and which phrasing (its index). */
function* fromTo(text: string): Generator<{ m: RegExpMatchArray; at: number }> {
  for (let at = 0; at < FROM_TO.length; at++) {
    if (!FROM_TO[at].hint.test(text)) continue;
    for (const m of text.matchAll(FROM_TO_ALL[at])) yield { m, at };
  }
}
/** Phrases that name only the new value: group 1 the subject before, or group 2 the subject after. */
const NEW_VALUE: RegExp[] = [
  // "We went with Y for the S", "chose Y as the S": a choice made names the new value too.
  new RegExp(String.raw`^(?:(?:we|i|the team)\s+)?(?:(?:have|'ve)\s+)?(?:${CHANGED}\s+to|(?:went|settled|opted)\s+(?:with|for)|chose|picked|adopted)\s+([^,.;]+?)\s+(?:as|for)\s+(?:the|our|a)?\s*([^,.;]+)`, 'i'),
  new RegExp(String.raw`^(?:the\s+|our\s+)?([^,.;]{2,30}?)\s+(?:has\s+)?${CHANGED}\s+to\s+([^,.;]+)`, 'i'),
  /^(?:我們|我们|已經|已|現在|现在)?\s*([^，。；！？,.;!?]{1,12}?)\s*(?:改用|換成|换成|改為|改为|改成)\s*([^，。；！？,.;!?]+)/,
];
/**
 * A new owner: "Y takes over (ownership of) S", "S is now owned by Y", "handed S over to Y",
 * 「Y接手S」; each with [owner group, subject group]. An older memory that says who owns S ("X
 * owns S", "S is owned by X", "X is the owner of S", 「X負責S」) and does not name Y is superseded.
 */
const NEW_OWNER: [RegExp, number, number][] = [
  [/([^\s,.;:!?]+(?:\s+[^\s,.;:!?]+){0,3}?)\s+(?:takes|took|has taken|is taking)\s+over\s+(?:the\s+)?(?:ownership\s+of\s+|responsibility\s+for\s+)?(?:the\s+)?([^,.;:!?\u2014\u2013()]{2,40}?)(?=\s*(?:[,.;:!?\u2014\u2013()]|$|\s+from\b))/i, 1, 2],
  [/(?:^|[.;:!?]\s+|\bthe\s+)([^,.;:!?]{2,30}?)\s+(?:is|are)\s+now\s+owned\s+by\s+([^,.;:!?]+)/i, 2, 1],
  [/\b(?:hands?|handed|handing)\s+(?:over\s+)?(?:the\s+)?(?:ownership\s+of\s+)?([^,.;:!?]{2,40}?)\s+(?:over\s+)?to\s+([^,.;:!?]+)/i, 2, 1],
  [/([^\s，。；！？,.;!?]{1,12})\s*(?:接手|接管)了?\s*([^，。；！？,.;!?]{1,20})/, 1, 2],
];
/** What each NEW_OWNER phrasing must hold, looked for first: those patterns, tried at every place of a text, cost more than the rest of a lint. */
const OWNER_HINT = /(?:takes|took|taken|taking)\s+over\s|\snow\s+owned\s+by\s|hand|接手|接管/i;
const ownerStatement = (subject: string) =>
  new RegExp(`(?:\\bown(?:s|ed)?\\b|\\bowner\\s+of\\b|負責|负责)[^.;。；]{0,40}?${escape(subject)}|${escape(subject)}[^.;。；]{0,30}?(?:\\b(?:is|are)\\s+owned\\s+by\\b|負責人|负责人)`, 'iu');
const VALUE_VERBS = String.raw`(?:\s*(?:is|are|was|uses?|using|runs?\s+(?:on|with)|=|:|使用|用|是|採用|采用|為|为))`;

/** What every replacing memory says somewhere: a quick test before the phrasings above. */
const TRIGGER = /from|replac|instead|stop|quit|ceased|no longer|not |dropped|switch|mov|chang|migrat|convert|port|went|chose|picked|adopted|opted|settled|corrects|supersedes|retracts|over|owned by|從|不再|取代|淘汰|棄用|弃用|改用|換成|换成|改為|改为|改成|更正|接手|接管/i;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which memories a newer one replaces. `memories` may come in any order; pairs come out
 * newest replacer first. `signal` stops it between memories.
 */
export function findSupersessions(memories: readonly SupersessionInput[], signal?: AbortSignal): Supersession[] {
  return namedPairs(memories, supersessionsAmong(memories, signal));
}

/** A supersession with its two memories by their index in the list it was found in. */
export interface SupersessionAt {
  older: number;
  newer: number;
  rule: SupersessionRule;
  about: string;
}

/** The pairs `supersessionsAmong(memories)` found, with the memories' ids. */
export function namedPairs(memories: readonly SupersessionInput[], pairs: readonly SupersessionAt[]): Supersession[] {
  return pairs.map((p) => ({ older: memories[p.older].id, newer: memories[p.newer].id, rule: p.rule, about: p.about }));
}

/**
 * `findSupersessions`, each memory named by its index in `memories`: for a caller that marks
 * a million memories superseded or not, without looking up a million ids.
 */
export function supersessionsAmong(memories: readonly SupersessionInput[], signal?: AbortSignal): SupersessionAt[] {
  // What each says, without who wrote it: one author's name in two memories is no shared subject.
  const order = memories.map((_, i) => i).sort((a, b) => (memories[a].at < memories[b].at ? -1 : memories[a].at > memories[b].at ? 1 : 0));
  const sorted = order.map((i) => (memories[i].text.includes('[') ? { ...memories[i], text: withoutWriterMarkers(memories[i].text) } : memories[i]));
  // Memories by their place in `sorted` (a vault holds a million: no map or set of ids).
  const byPlace = new Map<string, number[]>();
  const pairs: SupersessionAt[] = [];
  const seen = new Uint8Array(sorted.length);
  const add = (older: number, newer: number, rule: SupersessionRule, about: string) => {
    if (older === newer || sorted[older].id === sorted[newer].id || seen[older]) return;
    seen[older] = 1;
    pairs.push({ older, newer, rule, about });
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
        sorted.forEach((m, i) => {
          const place = `${m.at.slice(0, 10)} ${m.at.slice(11, 16)}`;
          const list = byPlace.get(place);
          if (list) list.push(i);
          else byPlace.set(place, [i]);
        });
      }
      const time = ref[2].length === 5 ? `${ref[2]}:00` : ref[2];
      for (const old of byPlace.get(`${ref[1]} ${ref[2].slice(0, 5)}`) ?? []) {
        const at = sorted[old].at;
        if (at < newer.at && (at.slice(11) === time || ref[2].length === 5)) add(old, n, 'reference', `${ref[1]} ${ref[2]}`);
      }
      continue;
    }
    claims.push(...claimsOf(n, newer));
  }
  if (!claims.length) return sortPairs(pairs, order);

  const needed = new WordHashSet(claims.flatMap((c) => (c.rule === 'from-to' ? c.xWords : c.subjectWords).map(wordHash)));
  const postings = new Map<number, number[]>();
  const scratch: number[] = [];
  // Every memory's word hashes too, one after another (memory i's from hashesFrom[i] to hashesFrom[i + 1]).
  let hashes = new Int32Array(1 << 16);
  const hashesFrom = new Int32Array(sorted.length + 1);
  for (let i = 0; i < sorted.length; i++) {
    if (i % 4096 === 0) signal?.throwIfAborted();
    const hs = wordHashes(sorted[i].text, scratch);
    let used = hashesFrom[i];
    if (used + hs.length > hashes.length) {
      const grown = new Int32Array(Math.max(hashes.length * 2, used + hs.length));
      grown.set(hashes.subarray(0, used));
      hashes = grown;
    }
    for (const h of hs) hashes[used++] = h;
    hashesFrom[i + 1] = used;
    for (const h of hs) {
      if (!needed.has(h)) continue;
      let list = postings.get(h);
      if (!list) postings.set(h, (list = []));
      if (list[list.length - 1] !== i) list.push(i); // a word twice in one memory: listed once
    }
  }
  const replacements = new Int8Array(sorted.length); // 0 not known yet, 1 a replacement, -1 not one
  const isReplacement = (i: number) => {
    if (!replacements[i]) replacements[i] = TRIGGER.test(sorted[i].text) && !fromTo(sorted[i].text).next().done ? 1 : -1;
    return replacements[i] === 1;
  };
  // The words the claims compare, numbered: a candidate is read once, as the few of them it
  // holds (a vault's hundreds of thousands of candidates, each kept as a set of all its words, cost more than the rules).
  const vocabulary = new Map<string, number>();
  const number = (ws: readonly string[]) => ws.map((w) => vocabulary.get(w) ?? vocabulary.set(w, vocabulary.size).get(w)!);
  const numbered = claims.map((c) =>
    c.rule === 'from-to'
      ? { ...c, xIds: number(c.xWords), newValueIds: number(c.newValue), subjectIds: number(c.subject), subjectHashes: new WordHashSet(c.subject.map(wordHash)) }
      : { ...c, yIds: number(c.yWords) },
  );
  const heldCache: (number[] | undefined)[] = [];
  const held = (i: number): number[] => {
    let h = heldCache[i];
    if (!h) {
      h = [];
      for (const w of words(sorted[i].text)) {
        const id = vocabulary.get(w);
        if (id !== undefined && !h.includes(id)) h.push(id);
      }
      heldCache[i] = h;
    }
    return h;
  };
  const holdsAll = (h: readonly number[], ids: readonly number[]) => ids.every((id) => h.includes(id));
  /**
   * Whether memory i may hold one of these words, by their hashes: when it does not, it holds
   * none of them (a word's hash is among its text's, as the postings rely on), and its words need
   * not be read — most candidates share no word with the replacement's subject.
   */
  const mayHoldOne = (i: number, ws: WordHashSet) => {
    for (let k = hashesFrom[i]; k < hashesFrom[i + 1]; k++) if (ws.has(hashes[k])) return true;
    return false;
  };
  /**
   * Older memories that hold every one of `ws` (by hash; confirmed on the words below), not
   * superseded already: the shortest posting list, up to the first memory as recent as `n`.
   */
  const holding = (ws: string[], n: number): number[] => {
    let best: number[] | undefined;
    for (const w of ws) {
      const list = postings.get(wordHash(w)) ?? [];
      if (!best || list.length < best.length) best = list;
    }
    const recent = firstAt(sorted, sorted[n].at);
    const out: number[] = [];
    for (const i of best ?? []) {
      if (i >= recent) break;
      if (!seen[i]) out.push(i);
    }
    return out;
  };

  for (const c of numbered) {
    signal?.throwIfAborted();
    if (c.rule === 'from-to') {
      for (const i of holding(c.xWords, c.n)) {
        const maySubject = mayHoldOne(i, c.subjectHashes);
        const byPhrase = !maySubject && !!c.phrase && c.phrase.test(sorted[i].text);
        if (!maySubject && !byPhrase) continue; // no word of the subject, and not the phrase
        const ow = held(i);
        if (!holdsAll(ow, c.xIds)) continue;
        if (c.newValueIds.length && holdsAll(ow, c.newValueIds)) continue; // it already names the new value
        if (!byPhrase && !c.subjectIds.some((id) => ow.includes(id)) && !(c.phrase && c.phrase.test(sorted[i].text))) continue;
        if (isReplacement(i)) continue; // an earlier replacement of its own
        add(i, c.n, 'from-to', c.x);
      }
    } else {
      for (const i of holding(c.subjectWords, c.n)) {
        if (!c.statement.test(sorted[i].text)) continue;
        if (holdsAll(held(i), c.yIds)) continue;
        add(i, c.n, 'new-value', c.subject);
      }
    }
  }
  return sortPairs(pairs, order);
}

/** The index of the first memory of `sorted` (by time) written at `at` or later. */
function firstAt(sorted: readonly SupersessionInput[], at: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid].at < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Pairs by their places in time (`order[place]`: that memory's index), newest replacer first, named by index. */
function sortPairs(pairs: SupersessionAt[], order: readonly number[]): SupersessionAt[] {
  return pairs
    .sort((a, b) => b.newer - a.newer || a.older - b.older)
    .map((p) => ({ older: order[p.older], newer: order[p.newer], rule: p.rule, about: p.about }));
}

/**
 * Whether a memory says that it replaces another — names it by its place, or says what changed
 * in a from-to, new-owner or new-value phrasing — so that `findSupersessions` may make it the
 * newer of a pair (read, as there, without its writer's markers). Without this, a memory
 * replaces nothing, whatever came before it.
 */
export function mayReplace(text: string): boolean {
  const said = withoutWriterMarkers(text);
  if (!TRIGGER.test(said)) return false;
  return REFERENCE_RE.test(said) || claimsOf(0, { id: '', at: '', text: said }).length > 0;
}

/** What a memory says it replaces: every change it tells in the from-to phrasings, else one in the new-value phrasings. */
function claimsOf(n: number, newer: SupersessionInput) {
  const fromTos = [...fromTo(newer.text)].flatMap(({ m, at }) => {
    const x = m[1].trim().replace(/^(?:the|a|an|our)\s+/i, '');
    const latin = x.match(/[A-Za-z][\w.+#-]*/g) ?? [];
    const xWords = words(/[\u3400-\u9fff]/.test(x) && latin.length ? latin.join(' ') : x);
    if (!xWords.length) return [];
    const subject = [...new Set(words(newer.text))].filter((w) => !xWords.includes(w));
    const phrase = xWords.length >= 2 ? new RegExp(`(?:^|[^\\p{L}\\p{N}])${escape(x)}`, 'iu') : undefined;
    const newValue = at < 3 ? newerValues(newer.text, m.index! + m[0].length, xWords) : [];
    return [{ n, rule: 'from-to' as const, x, xWords, subject, phrase, newValue }];
  });
  if (fromTos.length) return fromTos;
  // A new owner before a new value: "P moves to the Payouts team. Y takes over billing" is about billing.
  for (const [re, owner, of] of OWNER_HINT.test(newer.text) ? NEW_OWNER : []) {
    const m = re.exec(newer.text);
    if (!m) continue;
    const subject = m[of].trim().replace(/^(?:the|our|a)\s+/i, '');
    const yWords = words(m[owner]);
    const subjectWords = words(subject);
    if (!subjectWords.length || !yWords.length) continue;
    return [{ n, rule: 'new-value' as const, subject, subjectWords, yWords, statement: ownerStatement(subject) }];
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
    return [{ n, rule: 'new-value' as const, subject, subjectWords, yWords, statement }];
  }
  return [];
}

const NEWER_VALUE = new RegExp(String.raw`^\s*(?:to|with|by|over to|改為|改成|換成|改用)?\s*((?:[^,.;，。；]|${VERSION_DOT}){1,30})`, 'i');
/**
 * The first word of what follows the old value that the old value does not hold ("… to Vitest for
 * unit tests" → vitest; "from Ruby 3.2 to Ruby 3.3" → 3.3): the new value, roughly.
 */
function newerValues(text: string, from: number, xWords: readonly string[]): string[] {
  const rest = NEWER_VALUE.exec(text.slice(from));
  return rest ? words(rest[1]).filter((w) => !xWords.includes(w)).slice(0, 1) : [];
}

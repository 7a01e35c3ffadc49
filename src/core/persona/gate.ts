/**
 * The persona gate (docs/persona.md#gate): whether memory justifies a persona change.
 *
 * - `explicit-command`: the user commanded the change; it always passes, and the log says so.
 * - `repeated-correction`: at least 3 correction entries (`--kind correction`, tagged
 *   `#correction` in L1, L2 and L3 days) on at least 2 days about the same behaviour. "The same
 *   behaviour" is one keyword or [[link]] of the proposal's reason that every counted correction
 *   contains — so three corrections about verbosity count, one about verbosity and two about
 *   tests do not.
 * - `paradigm-shift`: entries of any kind on at least 3 distinct days that share a [[link]] or at
 *   least two keywords with the reason (two, because plain notes are many and one common word
 *   such as "code" is on every day).
 * A single complaint therefore never changes the persona (T4.1). The persona's own event log
 * (entries linking [[PersonaUpdate]]) is never evidence: refused attempts must not add up.
 */
import { readDay } from '../vault/days';
import { withoutAuthorMarkers } from '../vault/dayEntries';
import { isDayLink, linkTargets } from '../vault/wikilinks';
import { readMemoryMap } from '../vault/memoryMap';
import { type Vault, rel } from '../vault/layout';
import { escapeRegExp } from '../shared/text';

export const TRIGGERS = ['explicit-command', 'repeated-correction', 'paradigm-shift'] as const;
export type Trigger = (typeof TRIGGERS)[number];

/** Where persona events are logged (`entities/events/PersonaUpdate.md`). */
export const PERSONA_EVENT = { kind: 'events', name: 'PersonaUpdate' } as const;

export const NEEDS = {
  correctionTurns: 3,
  correctionDays: 2,
  shiftDays: 3,
} as const;

export interface Evidence {
  day: string;
  /** The file holding the entry, relative to the workspace root. */
  file: string;
  line: number;
  text: string;
}

export interface GateDecision {
  trigger: Trigger;
  passed: boolean;
  message: string;
  /** The keyword or [[link]] of the reason that names the corrected behaviour. */
  about?: string;
  /** Distinct days of the evidence. */
  days: string[];
  /** An agent's `explicit-command`: it passes only to wait for the person's review. */
  byAgent?: boolean;
  /** The entries counted, oldest first (at most MAX_SHOWN; `counted` says how many in all). */
  evidence: Evidence[];
  counted: number;
}

const MAX_SHOWN = 20;

/** Who proposed a change: the person, or an agent (a tool call: MCP, a Language Model tool) and through which host. */
export interface Proposer {
  from: 'person' | 'agent';
  via?: string;
}

/**
 * `memory` is the workspace's memory switch: while it is off, no memory is read, so only the user's
 * explicit command can pass. An agent cannot give the person's command: its `explicit-command`
 * only waits for the person's review (docs/trust.md#provenance).
 */
export function personaGate(v: Vault, trigger: Trigger, reason: string, memory = true, by: Proposer = { from: 'person' }): GateDecision {
  if (trigger === 'explicit-command' && by.from === 'agent') {
    const message = `an agent${by.via ? ` (${by.via})` : ''} says the user commanded this, which it cannot prove: the change waits for the person's review, and only the person can apply it`;
    return { trigger, passed: true, message, byAgent: true, days: [], evidence: [], counted: 0 };
  }
  if (trigger === 'explicit-command') {
    return { trigger, passed: true, message: 'the user explicitly commanded this change', days: [], evidence: [], counted: 0 };
  }
  if (!memory) {
    return { trigger, passed: false, message: `memory is switched off for this workspace, so there is no evidence to read for a ${trigger}; only the user's explicit command can change the persona now`, days: [], evidence: [], counted: 0 };
  }
  const wanted = keysOf(reason);
  if (!wanted.size) {
    return { trigger, passed: false, message: `the reason names no keyword or [[link]] to look for in memory; say what ${trigger === 'paradigm-shift' ? 'shifted' : 'was corrected'}`, days: [], evidence: [], counted: 0 };
  }
  return trigger === 'repeated-correction' ? repeatedCorrection(memoryEntries(v, true), wanted) : paradigmShift(memoryEntries(v, false), wanted);
}

function repeatedCorrection(entries: Entry[], wanted: Map<string, string>): GateDecision {
  const holds = keyMatcher(wanted);
  const corrections = entries.map((e) => ({ e, keys: new Set(holds(e.text)) }));
  let best: { key: string; hits: Entry[]; turns: number; days: string[] } | undefined;
  for (const key of wanted.keys()) {
    const hits = corrections.filter((c) => c.keys.has(key)).map((c) => c.e);
    const turns = hits.reduce((n, e) => n + e.corrections, 0);
    const days = distinctDays(hits);
    const rank = (x: { turns: number; days: string[] }) => (x.turns >= NEEDS.correctionTurns && x.days.length >= NEEDS.correctionDays ? 1e9 : 0) + x.turns * 1e3 + x.days.length;
    if (!best || rank({ turns, days }) > rank(best)) best = { key, hits, turns, days };
  }
  const { key, hits, turns, days } = best!;
  const about = wanted.get(key)!;
  const passed = turns >= NEEDS.correctionTurns && days.length >= NEEDS.correctionDays;
  const found = `${turns} correction${turns === 1 ? '' : 's'} about "${about}" on ${days.length} day${days.length === 1 ? '' : 's'}`;
  const message = passed
    ? found
    : `${turns ? found : `no correction in memory mentions ${[...wanted.values()].map((w) => `"${w}"`).join(', ')}`}; repeated-correction needs ${NEEDS.correctionTurns} on ${NEEDS.correctionDays} days — a single complaint stays in memory and never changes the persona`;
  return decision('repeated-correction', passed, message, hits, days, about);
}

function paradigmShift(entries: Entry[], wanted: Map<string, string>): GateDecision {
  const links = [...wanted.keys()].filter((k) => k.startsWith('[['));
  const minShared = Math.min(2, wanted.size - links.length);
  const holds = keyMatcher(wanted);
  const hits = entries.filter((e) => {
    const found = holds(e.text);
    return found.some((k) => k.startsWith('[[')) || (minShared > 0 && found.length >= minShared);
  });
  const days = distinctDays(hits);
  const passed = days.length >= NEEDS.shiftDays;
  const found = `evidence on ${days.length} day${days.length === 1 ? '' : 's'}${days.length ? ` (${days.join(', ')})` : ''}`;
  const message = passed ? found : `${found}; paradigm-shift needs entries about it on ${NEEDS.shiftDays} distinct days`;
  return decision('paradigm-shift', passed, message, hits, days);
}

function decision(trigger: Trigger, passed: boolean, message: string, hits: Entry[], days: string[], about?: string): GateDecision {
  const evidence = hits.slice(-MAX_SHOWN).map(({ day, file, line, text }) => ({ day, file, line, text }));
  return { trigger, passed, message, ...(about !== undefined && { about }), days, evidence, counted: hits.length };
}

const distinctDays = (hits: Entry[]) => [...new Set(hits.map((e) => e.day))];

// ---- memory -----------------------------------------------------------------------------

interface Entry extends Evidence {
  /** `#correction` tags in the entry (a summary line may merge several). */
  corrections: number;
}

const ENTRY_START = /^- (?:\d{2}:\d{2}(?::\d{2})?(?:[–-]\d{2}:\d{2})? )?/;

/** An entry an agent or the end-of-turn capture wrote: its origin follows the time and kind. */
const NOT_THE_PERSON = /^(?:#\w+ )?\[from (?:agent|capture)\b/;

const EVENT_LINK = new RegExp(`\\[\\[\\s*${PERSONA_EVENT.name}\\s*(?:[#|][^\\]]*)?\\]\\]`, 'i');

/**
 * Every entry of every day in memory_map (L1, L2 or an L3 section), oldest day first, or only
 * the corrections (an entry's `#kind` tag is on its first line).
 */
function memoryEntries(v: Vault, correctionsOnly: boolean): Entry[] {
  const out: Entry[] = [];
  const keep = (e: Entry | undefined) => {
    if (!e) return;
    if (e.text.includes('[[') && EVENT_LINK.test(e.text)) return; // the persona's own log
    // Only the person's own corrections count: nothing an agent or the capture wrote, whether as
    // its kind (`#correction [from agent: …]`) or in its text (`[from agent: …] #correction …`).
    if (e.text.includes('#correction') && !NOT_THE_PERSON.test(e.text)) e.corrections = (e.text.match(/(?:^|\s)#correction\b(?! \[from )/g) ?? []).length;
    if (e.corrections || !correctionsOnly) out.push(e);
  };
  for (const day of Object.keys(readMemoryMap(v).days).sort()) {
    const text = readDay(v, day);
    if (!text) continue;
    const file = rel(v, text.file);
    let open: Entry | undefined;
    text.lines.forEach((line, i) => {
      if (line.startsWith('- ')) {
        keep(open);
        open = correctionsOnly && !line.includes('#correction') ? undefined : { day, file, line: text.startLine + i, text: withoutAuthorMarkers(line.replace(ENTRY_START, '')), corrections: 0 };
      } else if (open && /^\s+\S/.test(line)) {
        open.text += `\n${line.trim()}`;
      } else {
        keep(open);
        open = undefined;
      }
    });
    keep(open);
  }
  return out;
}

// ---- keywords ---------------------------------------------------------------------------

const STOP_EN = new Set(
  `a an the and or but if then than to of in on at for with about from by as is are was were be been being it its this that these
  those i me my mine you your we our they them their he she his her not no too very so just more less again always never also only
  even user users said says say told tell asked ask asks want wants wanted keep keeps kept please should would could can will shall
  may might must do does did done have has had make makes made persona update updated change changes changed behaviour behavior
  time times day days today now when what which who how why all any some much many one two three four five repeatedly multiple
  several after before over into out up down there here because since while every each other same new old get got like correct
  corrected correction corrections`.split(/\s+/),
);
const STOP_ZH = new Set(
  '使用 用者 我們 我们 你們 你们 他們 他们 這個 这个 那個 那个 一個 一个 不要 可以 應該 应该 已經 已经 現在 现在 因為 因为 所以 如果 沒有 没有 什麼 什么 時候 时候 還是 还是 就是 一下 多次 再次 糾正 纠正 人格 修改 更新 要求 一直 總是 总是 每次 覺得 觉得 說我 说我 我的 你的'.split(
    ' ',
  ),
);

/** Light English stemming, so "verbose" and "verbosity", "test" and "testing" meet. */
function stem(word: string): string {
  for (let i = 0; i < 2; i++) {
    const m = /(?:ness|ity|ing|ion|ers|ies|ed|er|es|ly|e|s)$/.exec(word);
    if (!m || word.length - m[0].length < 4) break;
    word = word.slice(0, -m[0].length);
  }
  return word;
}

const WORD_RE = /(?<![A-Za-z0-9'-])[A-Za-z][A-Za-z0-9'-]*/g;
const withoutLinks = (text: string) => (text.includes('[[') ? text.replace(/\[\[[^\]]*\]\]/g, ' ') : text);

function wordKey(word: string): string | undefined {
  const w = word.toLowerCase().replace(/'s$/, '');
  return w.length < 3 || STOP_EN.has(w) ? undefined : stem(w);
}

/**
 * The keys of a text, each mapped to how it first appears there: `[[link]]` targets (lower
 * case), English words (stemmed, without stop words) and pairs of adjacent Han characters
 * (Chinese has no spaces; pairs find 囉嗦 in both 講話太囉嗦 and 回答太囉嗦).
 */
export function keysOf(text: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const t of linkTargets(text)) if (!isDayLink(t)) keys.set(`[[${t.toLowerCase()}]]`, `[[${t}]]`);
  const flat = withoutLinks(text.normalize('NFKC'));
  for (const m of flat.matchAll(WORD_RE)) {
    const k = wordKey(m[0]);
    if (k && !keys.has(k)) keys.set(k, m[0]);
  }
  for (const run of flat.match(/\p{Script=Han}{2,}/gu) ?? []) {
    for (let i = 0; i + 2 <= run.length; i++) {
      const pair = run.slice(i, i + 2);
      if (!STOP_ZH.has(pair) && !keys.has(pair)) keys.set(pair, pair);
    }
  }
  return keys;
}

/**
 * Which of the `wanted` keys a text holds — the keys of `keysOf(text)` that are wanted — without
 * computing all of its keys: one pass picks the words that start with a wanted stem (a stem is
 * a word's prefix), Han pairs and links are substrings.
 */
function keyMatcher(wanted: ReadonlyMap<string, string>): (text: string) => string[] {
  const keys = [...wanted.keys()];
  const links = keys.filter((k) => k.startsWith('[[')).map((k) => k.slice(2, -2));
  const han = keys.filter((k) => !k.startsWith('[[') && /\p{Script=Han}/u.test(k));
  const stems = new Set(keys.filter((k) => !k.startsWith('[[') && !/\p{Script=Han}/u.test(k)));
  const words = stems.size ? new RegExp(`(?<![a-z0-9'-])(?:${[...stems].map(escapeRegExp).join('|')})[a-z0-9'-]*`, 'g') : undefined;
  return (text) => {
    const lower = text.normalize('NFKC').toLowerCase();
    const found = new Set<string>();
    const linked = links.filter((t) => lower.includes(t));
    if (linked.length) for (const t of linkTargets(text)) if (linked.includes(t.toLowerCase())) found.add(`[[${t.toLowerCase()}]]`);
    if (han.length || words) {
      const bare = withoutLinks(lower);
      for (const k of han) if (bare.includes(k)) found.add(k);
      if (words) {
        words.lastIndex = 0;
        for (let m = words.exec(bare); m; m = words.exec(bare)) {
          const k = wordKey(m[0]);
          if (k && stems.has(k)) found.add(k);
        }
      }
    }
    return [...found];
  };
}

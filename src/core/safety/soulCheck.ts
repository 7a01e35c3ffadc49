/**
 * The soul check (docs/persona.md#soul-check): refuses persona text that would permit what a soul invariant
 * forbids, in English or Chinese, however it is phrased.
 *
 * The text is cut into clauses (sentences, commas, and before but / unless / "and always" …). In each
 * clause the invariant's words are found (safeguard, risky, unguarded, breaks — from soul.md),
 * then the negations around them are counted; an odd count flips the meaning:
 *  - a clause that names the safeguard drops it when its negations are odd: "skip the sandbox"
 *    (1), "you don't need a sandbox" (1), "never skip the sandbox" (2, kept), 「不需要沙盒」(1);
 *  - a clause that allows a risky action in an unguarded way, without naming the safeguard,
 *    breaks the invariant when its negations are even: 「可以直接刪除」(0), "never delete
 *    directly" (1, fine), "don't hesitate to delete directly" (2);
 *  - "… unless/except/除非 …" that excuses a safeguard rule is refused unless the exception
 *    itself names the safeguard; "if there is no sandbox, delete anyway" is refused too.
 * Sentence-wide negations ("never", "not", 不, 禁止 …) count anywhere in the clause; verbs and
 * adjectives ("skip", "optional", 跳過, 可選 …) only within six words of the term; "without",
 * "instead of", 而非 only before it, 之外 / 以外 only after it.
 *
 * A language model can be added as a judge. It is asked only when the rules pass, and it can
 * only add violations: the rules' refusal stands whatever a model says.
 */
import * as z from 'zod/mini';
import type { Invariant } from './invariants';
import { escapeRegExp } from '../shared/text';

export interface SectionText {
  /** The section's English name. */
  section: string;
  content: string;
}

export interface Violation {
  invariant: string;
  /** The invariant as soul.md states it. */
  rule: string;
  section: string;
  /** The clause of the proposal that breaks it. */
  quote: string;
  why: string;
  by: 'rules' | 'judge';
}

export interface JudgeRequest {
  soul: string;
  invariants: readonly Invariant[];
  changes: readonly SectionText[];
}

export interface JudgeFinding {
  invariant: string;
  section: string;
  quote: string;
  why: string;
}

/** An extra judge (a language model) that may only find more violations. */
export interface SoulJudge {
  review(request: JudgeRequest): Promise<readonly JudgeFinding[]>;
}

export interface SoulVerdict {
  passed: boolean;
  violations: Violation[];
  /** Ids of the invariants checked. */
  invariants: string[];
  /** What the judge did: not configured, not asked (the rules already refused), its answer, or why it failed. */
  judge: 'none' | 'not-asked' | 'passed' | 'rejected' | { error: string };
}

const Findings = z.array(z.object({ invariant: z.string(), section: z.string(), quote: z.string(), why: z.string() }));

export async function checkSoul(soul: string, invariants: readonly Invariant[], changes: readonly SectionText[], judge?: SoulJudge): Promise<SoulVerdict> {
  const violations = ruleViolations(invariants, changes);
  const ids = invariants.map((i) => i.id);
  if (!judge) return { passed: !violations.length, violations, invariants: ids, judge: 'none' };
  if (violations.length) return { passed: false, violations, invariants: ids, judge: 'not-asked' };
  let findings: z.infer<typeof Findings>;
  try {
    const parsed = Findings.safeParse(await judge.review({ soul, invariants, changes }));
    if (!parsed.success) throw new Error('its answer is not a list of {invariant, section, quote, why}');
    findings = parsed.data;
  } catch (err) {
    // The judge can only add refusals; when it cannot answer, the rules' verdict stands.
    return { passed: true, violations, invariants: ids, judge: { error: String((err as Error)?.message ?? err).split('\n')[0] } };
  }
  const rules = new Map(invariants.map((i) => [i.id, i.rule]));
  const judged = findings.map((f): Violation => ({ ...f, rule: rules.get(f.invariant) ?? f.invariant, by: 'judge' }));
  return { passed: !judged.length, violations: judged, invariants: ids, judge: judged.length ? 'rejected' : 'passed' };
}

/** Violations the rules find in the proposed sections. */
export function ruleViolations(invariants: readonly Invariant[], changes: readonly SectionText[]): Violation[] {
  const compiled = invariants.map(compile);
  const masks: Masks = {
    all: alternation(invariants.flatMap((i) => [...i.safeguard, ...i.risky, ...i.unguarded, ...i.breaks])),
    guard: alternation(invariants.flatMap((i) => [...i.safeguard, ...i.risky, ...i.breaks])),
  };
  const found = new Map<string, Violation>();
  for (const { section, content } of changes) {
    for (const sentence of sentences(content)) {
      const clauses = sentence.map((c) => analyse(c, masks));
      // A clause of prefatory negations ("Never, ever, skip …") lends them to the next clause.
      clauses.forEach((c, i) => {
        if (i + 1 < clauses.length && PREFATORY.test(c.low.replace(/[^a-z\s]/g, '').trim())) clauses[i + 1].carry = c.carry + modalCount(c);
      });
      for (const inv of compiled) {
        for (const v of judgeSentence(inv, clauses)) {
          const violation: Violation = { invariant: inv.id, rule: inv.rule, section, quote: v.quote, why: v.why, by: 'rules' };
          found.set(`${inv.id}\n${section}\n${v.quote}`, violation);
        }
      }
    }
  }
  return [...found.values()];
}

// ---- words ------------------------------------------------------------------------------

const LATIN = /[a-z0-9]/;

/** A term as a pattern: case-insensitive, `-`/`_`/space interchangeable, light English inflection. */
function termPattern(term: string): string {
  const t = term.normalize('NFKC').toLowerCase().trim();
  const parts = t.split(/[\s_-]+/).filter(Boolean);
  const last = parts[parts.length - 1];
  let tail = escapeRegExp(last);
  if (/^[a-z]{3,}$/.test(last)) {
    const stem = last.replace(/e$/, '');
    tail = `${escapeRegExp(stem)}${stem.at(-1)}?(?:e|es|s|ed|d|ing|ion|ions|er|ers|ly)?`;
  }
  const body = [...parts.slice(0, -1).map(escapeRegExp), tail].join('[\\s_-]*');
  return `${LATIN.test(t[0]) ? '(?<![a-z0-9])' : ''}${body}${LATIN.test(t.at(-1)!) ? '(?![a-z0-9])' : ''}`;
}

function alternation(terms: readonly string[]): RegExp | undefined {
  if (!terms.length) return undefined;
  const sorted = [...new Set(terms)].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map(termPattern).join('|'), 'gu');
}

interface Span {
  start: number;
  end: number;
  text: string;
}

function spans(re: RegExp | undefined, text: string): Span[] {
  if (!re) return [];
  return [...text.matchAll(re)].filter((m) => m[0]).map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
}

type NegationKind = 'modal' | 'local' | 'before' | 'after';

// Longer patterns are tried first (a match never overlaps one taken before it).
const NEGATIONS: [NegationKind, RegExp][] = [
  ['before', /(?<![a-z])(?:without|outside(?: of)?|instead of|rather than|in place of)(?![a-z])|而非|而不是/gu],
  ['after', /之外|以外/gu],
  [
    'local',
    /(?<![a-z])(?:skip(?:s|ped|ping)?|bypass(?:es|ed|ing)?|avoid(?:s|ed|ing)?|omit(?:s|ted|ting)?|ignor(?:e|es|ed|ing)|disregard(?:s|ed|ing)?|forgo(?:es|ing|ne)?|circumvent(?:s|ed|ing)?|disabl(?:e|es|ed|ing)|hesitat(?:e|es|ed|ing)|optional(?:ly)?|unnecessar(?:y|ily)|needless(?:ly)?|violat(?:e|es|ed|ing)|contradict(?:s|ed|ing)?|waiv(?:e|es|ed|ing)|abandon(?:s|ed|ing)?|(?:turn|switch)(?:s|ed|ing)? off|stop(?:s|ped|ping)? using|dispense with|do away with)(?![a-z])|可有可無|可有可无|跳過|跳过|略過|略过|省略|忽略|繞過|绕过|避開|避开|避免|無視|无视|取消|停用|關閉|关闭|可選|可选|違背|违背|違反|违反|放棄|放弃|免/gu,
  ],
  [
    'modal',
    /(?<![a-z])(?:never|not(?! only)|no(?! matter)|nor|none|nothing|nobody|neither|cannot|forbidden|forbid|prohibit(?:s|ed)?|banned|disallow(?:s|ed)?|[a-z]+n['’]t)(?![a-z])|禁止|不(?![同斷断僅仅只但錯错管論论久少然如過过]|可或缺)|[沒没毋勿莫]|[無无](?![論论])|未(?![來来])|(?<!除)非(?!常)|(?<![特區区分類类個个識识差性級级告])[別别](?!人)/gu,
  ],
];

/** Words that only open a clause ("Never, ever, …"): their negations carry into the next clause. */
const PREFATORY = /^(?:(?:never|ever|not|no|under|any|circumstances?|case|at|time|in|whatsoever|absolutely)\s*)+$/;

// ---- clauses ----------------------------------------------------------------------------

interface Masks {
  all?: RegExp;
  guard?: RegExp;
}

interface Clause {
  /** NFKC text as written (for quotes). */
  text: string;
  low: string;
  role: 'rule' | 'exception' | 'condition';
  negations: (Span & { kind: NegationKind })[];
  /** The same, as read around a safeguard. */
  guardNegations: (Span & { kind: NegationKind })[];
  /** Negations carried from a prefatory clause before it. */
  carry: number;
  /** Units (words; a Han character is half a word) before each offset. */
  units: number[];
}

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;

/** Markdown → sentences → clauses. List items, headings and code lines are sentences of their own. */
function sentences(markdown: string): string[][] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length) paragraphs.push(current.join(' '));
    current = [];
  };
  let fence = '';
  for (const raw of markdown.normalize('NFKC').split('\n')) {
    const f = FENCE_RE.exec(raw);
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = '';
      else paragraphs.push(raw);
      continue;
    }
    if (f) {
      flush();
      fence = f[1];
      continue;
    }
    const line = raw.trim();
    if (!line) flush();
    else {
      if (/^(?:#{1,6}\s|[-*+]\s|\d+[.)]\s|>)/.test(line)) flush();
      current.push(line.replace(/^(?:#{1,6}|[-*+]|\d+[.)]|>)\s*/, ''));
    }
  }
  flush();
  return paragraphs.flatMap((p) =>
    p
      .replace(/`|\*\*|\[\[|\]\]|~~/g, ' ')
      .split(/(?<=[.!?])\s+|[。！？；;!?]+/u)
      .map((s) => s.split(/[,，]|\s+(?=(?:but|however|yet|although|though|unless|except|other than|otherwise|and (?:always|never|do not|don't|must|then))\b)|(?=但是|(?<!不)但|不過|不过|然而|可是|除非|除了|否則|否则)/iu))
      .map((cs) => cs.map((c) => c?.trim()).filter((c): c is string => !!c))
      .filter((cs) => cs.length),
  );
}

function analyse(text: string, masks: Masks): Clause {
  const low = text.toLowerCase();
  const role = /^(?:unless|except|other than|除非|除了)/.test(low) ? 'exception' : /^(?:if|when|whenever|in case|如果|若|假如|要是|當|当)/.test(low) ? 'condition' : 'rule';
  const units = [0];
  for (let i = 0; i < low.length; i++) {
    const c = low[i];
    const wordStart = LATIN.test(c) && !(i > 0 && LATIN.test(low[i - 1]));
    units.push(units[i] + (/\p{Script=Han}/u.test(c) ? 0.5 : wordStart ? 1 : 0));
  }
  return { text, low, role, negations: negationsIn(low, masks.all), guardNegations: negationsIn(low, masks.guard), carry: 0, units };
}

/**
 * The negations of a clause, outside the soul's own words (無塵室, 不受信任, "no restrictions"…
 * are not negations). Around a safeguard the unguarded words are not masked, so the "without"
 * of "without testing it in a sandbox" still counts.
 */
function negationsIn(low: string, mask: RegExp | undefined): Clause['negations'] {
  let masked = low;
  for (const s of spans(mask, low)) masked = masked.slice(0, s.start) + ' '.repeat(s.end - s.start) + masked.slice(s.end);
  const taken: Clause['negations'] = [];
  for (const [kind, re] of NEGATIONS) {
    for (const n of spans(re, masked)) if (!taken.some((t) => n.start < t.end && t.start < n.end)) taken.push({ ...n, kind });
  }
  return taken;
}

const modalCount = (c: Clause, negations = c.negations) => negations.filter((n) => n.kind === 'modal').length;

const NEAR = 6; // words between a negation and the word it negates

function distance(c: Clause, a: Span, b: Span): number {
  if (a.end <= b.start) return c.units[b.start] - c.units[a.end];
  if (b.end <= a.start) return c.units[a.start] - c.units[b.end];
  return 0;
}

interface Compiled {
  id: string;
  rule: string;
  safeguard?: RegExp;
  risky?: RegExp;
  unguarded?: RegExp;
  breaks?: RegExp;
}

const compile = (i: Invariant): Compiled => ({
  id: i.id,
  rule: i.rule,
  safeguard: alternation(i.safeguard),
  risky: alternation(i.risky),
  unguarded: alternation(i.unguarded),
  breaks: alternation(i.breaks),
});

interface Reading {
  /** The clause names the safeguard: whether it keeps it. */
  safeguard?: { kept: boolean; word: string };
  /** The clause allows a risky action in an unguarded way. */
  unguarded?: { risky: string; how: string };
  /** A risky action the clause does not forbid. */
  allowsRisk?: string;
}

function read(inv: Compiled, c: Clause): Reading {
  const near = (targets: Span[]) => (n: Span) => targets.some((t) => distance(c, n, t) <= NEAR);
  const modal = c.carry + modalCount(c);
  const guards = spans(inv.safeguard, c.low);
  if (guards.length) {
    const negations = c.guardNegations;
    const count =
      c.carry +
      modalCount(c, negations) +
      negations.filter((n) => n.kind === 'local' && near(guards)(n)).length +
      negations.filter((n) => n.kind === 'before' && guards.some((g) => g.start >= n.end && distance(c, n, g) <= NEAR)).length +
      negations.filter((n) => n.kind === 'after' && c.role !== 'exception' && guards.some((g) => n.start >= g.end && distance(c, g, n) <= NEAR)).length +
      spans(inv.breaks, c.low).filter(near(guards)).length;
    return { safeguard: { kept: count % 2 === 0, word: guards[0].text } };
  }
  const risky = spans(inv.risky, c.low);
  if (!risky.length) return {};
  const unguarded = spans(inv.unguarded, c.low).filter(near(risky));
  const localTo = (targets: Span[]) => c.negations.filter((n) => n.kind === 'local' && near(targets)(n)).length;
  const reading: Reading = {};
  if ((modal + localTo(risky)) % 2 === 0) reading.allowsRisk = risky[0].text;
  if (unguarded.length && (modal + localTo([...risky, ...unguarded])) % 2 === 0) {
    const how = unguarded[0];
    reading.unguarded = { risky: risky.reduce((best, r) => (distance(c, r, how) < distance(c, best, how) ? r : best)).text, how: how.text };
  }
  return reading;
}

const quote = (c: Clause) => (c.text.length > 160 ? `${c.text.slice(0, 159)}…` : c.text);

function judgeSentence(inv: Compiled, clauses: Clause[]): { quote: string; why: string }[] {
  const out: { quote: string; why: string }[] = [];
  const readings = clauses.map((c) => read(inv, c));
  const required = clauses.find((c, i) => c.role === 'rule' && readings[i].safeguard?.kept);
  const droppedIf = clauses.find((c, i) => c.role === 'condition' && readings[i].safeguard && !readings[i].safeguard!.kept);
  clauses.forEach((c, i) => {
    const r = readings[i];
    if (c.role === 'rule' && r.safeguard && !r.safeguard.kept) {
      out.push({ quote: quote(c), why: `drops or makes optional the safeguard "${r.safeguard.word}"` });
    } else if (c.role !== 'condition' && r.unguarded) {
      out.push({ quote: quote(c), why: `allows "${r.unguarded.risky}" in an unguarded way ("${r.unguarded.how}")` });
    } else if (c.role === 'exception' && required && !r.safeguard?.kept) {
      out.push({ quote: `${quote(required)} … ${quote(c)}`, why: `makes an exception to the safeguard "${readings[clauses.indexOf(required)].safeguard!.word}"` });
    } else if (c.role === 'rule' && droppedIf && r.allowsRisk) {
      out.push({ quote: `${quote(droppedIf)}, ${quote(c)}`, why: `allows "${r.allowsRisk}" when the safeguard is missing` });
    }
  });
  return out;
}

/**
 * The soul check (docs/persona.md#soul-check): refuses persona text that would permit what a soul invariant
 * forbids, in English or Chinese, however it is phrased. It fails closed: a proposal or a
 * preference it cannot read (another language or script, readable.ts) is refused unread.
 *
 * The text is cut into clauses (sentences, commas, and before but / unless / "and always" …). In each
 * clause the invariant's words are found (safeguard, risky, unguarded, breaks, harmless — from
 * soul.md), then the negations that govern them are counted; an odd count flips the meaning:
 *  - a clause that names the safeguard drops it when its negations are odd: "skip the sandbox"
 *    (1), "you don't need a sandbox" (1), "never skip the sandbox" (2, kept), 「不需要沙盒」(1);
 *  - default deny: a clause that names a risky action must forbid it ("never force-push",
 *    「禁止刪除」, "rm -rf is forbidden") or keep the safeguard in the same stretch of the sentence
 *    ("before deleting, test it in a sandbox"). Silence, a backup, asking the user, "be careful"
 *    are no safeguard, and a prohibition that waits for something ("never delete without asking",
 *    「未經確認不得刪除」) allows the action once it is met;
 *  - allowing a risky action in an unguarded way ("directly", 直接) is refused even beside a kept
 *    safeguard;
 *  - "… unless/except/除非 …" that excuses a safeguard rule or a prohibition is refused unless the
 *    exception itself names the safeguard.
 *  - conditions ("if …", "should …", 「…時」「…的話」): a negation that describes the situation
 *    (不夠, "does not pass") does not reach past 就/then; a risky action the condition reports as
 *    gone wrong names the situation; a condition keeps its safeguard for what follows only when it
 *    was met or is the place of the work; one that finds its safeguard missing must be followed by
 *    stopping, asking, waiting or fixing it. A safeguard that comes after the action ("before the
 *    tests pass") guards nothing.
 *  - a concession ("even if CI hasn't finished", "whatever the test results") drops the safeguard
 *    it names, whatever negations describe it; a relative clause after the safeguard ("… for
 *    refactors that don't change behavior") and a safeguard named as what something is not ("the
 *    repo root is never a sandbox") negate nothing of it; classing an action by its kind ("treat
 *    it as destructive") is not doing it, and asking whether it is of that kind must be answered
 *    with caution in the same sentence.
 * Around a safeguard, sentence-wide negations ("never", "not", 不, 禁止 …) count anywhere in the
 * clause and verbs and adjectives ("skip", "optional", 跳過, 可選 …) within six words. A risky
 * action is governed only by a negation before it, a verb just before it ("avoid", "flag", 阻止)
 * or a prohibition after it: "files that are no longer needed can be deleted" leaves it open.
 *
 * A language model can be added as a judge. It is asked only when the rules pass, and it can
 * only add violations: the rules' refusal stands whatever a model says.
 */
import * as z from 'zod/mini';
import type { Invariant } from './invariants';
import { escapeRegExp } from '../shared/text';
import { markdownLines } from '../shared/markdown';
import { FILE_NAME, foldLeetWords, normaliseForCheck } from './normalise';
import { withFloor } from './floor';
import { UNREADABLE, knowsWord, unreadableClause, unreadableWhy } from './readable';
import { HARMLESS_KINDS, LOOSENS, LOOSENS_RULE, PERMITS } from './loosening';

export interface SectionText {
  /** The section's English name. */
  section: string;
  content: string;
  /** Lines of the section already in persona.md: the person's own, read by the rules but not refused as unreadable or unjudged. */
  standing?: readonly string[];
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
  /** Its findings, `JudgeFinding[]`: checked before they count (a model's answer is not trusted to be well formed). */
  review(request: JudgeRequest): Promise<unknown>;
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
  const ids = withFloor(invariants).map((i) => i.id);
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

/** Violations the rules find in the proposed sections, a text they cannot read (or a permission they cannot judge) first. */
export function ruleViolations(invariants: readonly Invariant[], changes: readonly SectionText[]): Violation[] {
  const rules = compileRules(invariants);
  const fresh = changes.map((c) => ({ ...c, content: withoutStanding(c) }));
  const unjudged = rules(fresh, { change: true }).filter((v) => v.invariant === LOOSENS);
  return [...compileReadability(invariants)(fresh), ...unjudged, ...rules(changes)];
}

/** The section's text less the lines already standing in persona.md. */
function withoutStanding(c: SectionText): string {
  if (!c.standing?.length) return c.content;
  const standing = new Set(c.standing.map((l) => l.trim()).filter(Boolean));
  return c.content
    .split('\n')
    .filter((l) => !standing.has(l.trim()))
    .join('\n');
}

/**
 * A change the check cannot read (readable.ts) as a violation: refused whatever it says, since
 * the rules would pass it unread. Every proposal and learnt preference passes this first; a
 * line already standing in persona.md (the person's own hand edit) does not.
 */
export function compileReadability(soulInvariants: readonly Invariant[]): (changes: readonly SectionText[]) => Violation[] {
  const invariants = withFloor(soulInvariants);
  const own = lexiconWords(invariants);
  const joins = wholeWords(invariants, own);
  return (changes) =>
    changes.flatMap(({ section, content }) => {
      const clauses = sentences(normaliseForCheck(content, { homoglyphs: false, identifiers: false, joins })).flat();
      const found = unreadableClause(clauses, own);
      if (!found) return [];
      // Quoted as written (the check reads it with leet and base64 undone), where the clauses line up.
      const written = sentences(content).flat();
      const quote = (written.length === clauses.length ? written : clauses)[found.at];
      return [{ invariant: UNREADABLE, rule: 'the soul check reads English and Chinese: a rule it cannot read cannot pass it', section, quote: quote.length > 160 ? `${quote.slice(0, 159)}…` : quote, why: unreadableWhy(found), by: 'rules' as const }];
    });
}

/**
 * The rules compiled once, for a caller that checks many texts against one soul (the context
 * checks every persona and profile line): compiling the soul's word patterns is the costly part.
 * `change`: the texts would become standing instruction (a proposal, a learnt preference), so a
 * permission the rules cannot judge is refused too (loosening.ts); a line already in persona.md is
 * the person's own and is not.
 */
export function compileRules(soulInvariants: readonly Invariant[]): (changes: readonly SectionText[], opts?: { change?: boolean }) => Violation[] {
  const invariants = withFloor(soulInvariants);
  const compiled = invariants.map((i) => compile(i, invariants.find((k) => k.id === i.guards)));
  const paired = (i: Invariant) => (i.paired ?? []).flatMap((p) => p.risky);
  const masks: Masks = {
    all: alternation(invariants.flatMap((i) => [...i.safeguard, ...i.risky, ...paired(i), ...i.unguarded, ...i.breaks, ...i.harmless])),
    guard: alternation(invariants.flatMap((i) => [...i.safeguard, ...i.risky, ...paired(i), ...i.breaks, ...i.harmless])),
    risky: alternation(invariants.flatMap((i) => i.risky)),
    safeguard: alternation(invariants.flatMap((i) => i.safeguard)),
    subject: alternation(invariants.flatMap((i) => [...i.safeguard, ...i.risky, ...paired(i)])),
  };
  const joins = wholeWords(invariants);
  return (changes, opts = {}) => violationsOf(compiled, masks, changes.map((c) => ({ ...c, content: normaliseForCheck(c.content, { joins }) })), opts.change ?? false);
}

/** The words of the invariants' terms: English the check reads (readable.ts). */
const lexiconWords = (invariants: readonly Invariant[]) =>
  new Set(invariants.flatMap((i) => [...i.safeguard, ...i.risky, ...i.unguarded, ...i.breaks, ...i.harmless]).flatMap((t) => t.normalize('NFKC').toLowerCase().match(/[a-z]+/g) ?? []));

/**
 * Whether a word split by hyphens is read whole (normalise.ts): a word the check reads as English
 * (readable.ts) — "never", "history", "memory", "exceptions" — not one its terms write with a
 * hyphen ("clean-room", "fail-safe"), nor one it does not know ("force-push" stays).
 */
function wholeWords(invariants: readonly Invariant[], own = lexiconWords(invariants)): (word: string) => boolean {
  const terms = invariants.flatMap((i) => [...i.safeguard, ...i.risky, ...i.unguarded, ...i.breaks, ...i.harmless, ...(i.paired ?? []).flatMap((p) => [...p.risky, ...p.with])]);
  const hyphenated = new Set(terms.flatMap((t) => t.normalize('NFKC').toLowerCase().match(/[a-z]+(?:-[a-z]+)+/g) ?? []).map((w) => w.replace(/-/g, '')));
  return (word) => !hyphenated.has(word) && knowsWord(word, own);
}

/**
 * The soul subjects a text names (normalised as the rules read it): any safeguard, risky, unguarded
 * or breaking word of soul.md or the floor, and a pair's risky word where the text also names its
 * partner ("print" with "tokens"). Learning uses it to keep such texts for the person's review.
 */
export function compileSubjects(soulInvariants: readonly Invariant[]): (text: string) => string[] {
  const invariants = withFloor(soulInvariants);
  const words = alternation(invariants.flatMap((i) => [...i.safeguard, ...i.risky, ...i.unguarded, ...i.breaks]));
  const pairs = invariants.flatMap((i) => i.paired ?? []).map((p) => ({ risky: alternation(p.risky), with: alternation(p.with) }));
  const harmlessWords = alternation(invariants.flatMap((i) => i.harmless));
  const joins = wholeWords(invariants);
  return (text) => {
    const low = normaliseForCheck(text, { joins }).toLowerCase();
    const harmless = spans(harmlessWords, low);
    const paired = pairs.flatMap((p) => (spans(p.with, low).length ? spans(p.risky, low) : []));
    return [...new Set([...spans(words, low), ...paired].filter((w) => !harmless.some((h) => h.start <= w.start && w.end <= h.end)).map((w) => w.text))];
  };
}

function violationsOf(compiled: Compiled[], masks: Masks, changes: readonly SectionText[], change: boolean): Violation[] {
  const found = new Map<string, Violation>();
  for (const { section, content } of changes) {
    let subject: { text: string; one: boolean } | undefined; // the soul word the sentence before named first
    let before: Clause[] = [];
    const text: Clause[][] = [];
    for (const written of sentences(content)) {
      const named = subjectOf(compiled, written);
      // A rule split over two sentences ("The sandbox step. Consider it optional."): a sentence
      // that names no soul word but points back at one is read with that word in its place.
      const sentence = topicsResolved(compiled, (!named && subject && agreesWith(subject, written) && resolveAnaphor(written, subject.text, false, inSafeguard(compiled))) || written.map((text) => ({ text })));
      // (A sentence about something else in between ends it: "Quarantining a flaky test needs …; it never …" is not about the CI before.)
      subject = named ? { text: named, one: oneThing(written.join(' ').toLowerCase(), named) } : written.some((w) => soulWords(compiled, w).length) ? undefined : subject;
      const clauses = sentence.map((c) => analyse(c.text, masks, c.pointed));
      // A sentence that opens by pointing back ("Their `/do` commands …") is read with the one before for what it pairs with.
      if (POINTS_BACK.test(clauses[0]?.low ?? '')) for (const c of clauses) c.before = before;
      before = clauses;
      // A condition whose subject is a list goes on past its commas: "If a README, a log or a web page says to run something, flag it".
      clauses.forEach((c, i) => {
        if (c.role === 'condition' && i + 2 < clauses.length && clauses[i + 1].role === 'rule' && CONDITION_LIST_HEAD.test(c.low) && LIST_TAIL.test(clauses[i + 1].low)) clauses[i + 1].role = 'condition';
      });
      // A safeguard said missing before a prohibition is its condition: "Without CAB approval, never merge …", 「沒有 CAB 核准，不得合併…」;
      // so is a Chinese topic before what all of it must do: 「正式環境上任何刪除資料的操作，都必須先在沙盒演練」.
      clauses.forEach((c, i) => {
        const next = clauses[i + 1];
        if (next && c.role === 'rule' && ((MISSING_OPENS.test(c.low) && FORBIDS_OPENS.test(next.low) && !next.negations.some((n) => n.kind === 'neutral') && FORBIDDEN_DEED.test(next.low)) || (TOPIC_ENDS_ZH.test(c.low) && ALL_OF_IT_OPENS.test(next.low)))) c.role = 'condition';
      });
      // A clause of prefatory negations ("Never, ever, skip …") or the head of a list ("Never
      // delete, overwrite or force-push …") lends its negations to the next clause.
      // (Past an aside: "Nobody, including the agent's service account, lifts these rules".)
      clauses.forEach((c, i) => {
        const next = clauses.slice(i + 1).find((n, j, rest) => !ASIDE.test(n.low) || j === rest.length - 1);
        // (Or a subject that is a negation, past an aside: "I like that nobody, you included, ever sees them in plain text".)
        const negativeSubject = NEGATIVE_SUBJECT.test(c.low) && next !== clauses[i + 1];
        // (Or the head of a list of subjects: "No deadline, escalation or outage overrides the soul".)
        // (Or a series of plural nouns that goes on past the comma: "don't write new findings, decisions or fixes to memory".)
        const series = !!next && next === clauses[i + 1] && PLURAL_END.test(c.low) && PLURALS_GO_ON.test(next.low);
        if (next && (PREFATORY.test(c.low.replace(/[^a-z\s]/g, '').trim()) || negativeSubject || series || ((isListHead(c) || NO_HEAD.test(c.low)) && LIST_TAIL.test(next.low)))) next.carry = c.carry + modalCount(c);
        // (Past short items to the one with "or": "never echo, log, or paste them".)
        else if (next === clauses[i + 1] && (isListHead(c) || NO_HEAD.test(c.low))) {
          const tail = clauses.findIndex((k, j) => j > i && LIST_TAIL.test(k.low));
          // (A pronoun read as what it points at is still one word: "log it".)
          const words = (k: Clause) => k.units[k.low.length] - (k.pointed ? k.units[k.pointed.end] - k.units[k.pointed.start] - 1 : 0);
          if (tail > i + 1 && clauses.slice(i + 1, tail).every((k) => words(k) <= 2 && !k.negations.length)) for (const k of clauses.slice(i + 1, tail + 1)) k.carry = c.carry + modalCount(c);
        }
      });
      avertLists(clauses);
      subjectLists(clauses);
      text.push(clauses);
    }
    // What often happens, told as how things are in a sentence that says nothing to do, before one that keeps a safeguard:
    // "Bug reports often come with reproduction scripts. Read the script line by line …", 「客户有时通过邮件发来排查脚本。收到后先通读一遍…」.
    // (Only a sentence that tells a habit looks at the sentences after it: reading their soul words costs.)
    text.forEach((clauses, k) => {
      const habits = clauses.filter((c) => HABITUAL.test(c.low));
      if (!habits.length || clauses.some((c) => DIRECTS.test(c.low) || ENDORSED.test(c.low))) return;
      if (text.slice(k + 1).some((later) => later.some((c) => soulWords(compiled, c.text).some((w) => w.guard)))) for (const c of habits) c.narrated = true;
    });
    for (const inv of compiled) {
      const readings = text.map((clauses) => clauses.map((c) => read(inv, c, clauses)));
      const standing = standingRule(text, readings);
      for (const v of [...text.flatMap((clauses, k) => judgeSentence(inv, clauses, readings[k], standing)), ...rankedBelow(inv, text), ...text.flatMap((clauses) => losesConflict(inv, clauses))]) {
        // Invariants may share a safeguard (the sandbox): a clause that drops it is reported once.
        const key = `${section}\n${v.quote}\n${v.why}`;
        if (!found.has(key)) found.set(key, { invariant: inv.id, rule: inv.rule, section, quote: v.quote, why: v.why, by: 'rules' });
      }
    }
    for (const clauses of change ? text : []) {
      for (const c of clauses) {
        const granted = unjudgedPermission(c, masks, clauses);
        if (granted) found.set(`${section}\n${c.text}\n${LOOSENS}`, { invariant: LOOSENS, rule: LOOSENS_RULE, section, quote: quote(c), why: `grants or waives something with "${granted}" that the check cannot judge: name the safeguard it keeps, or write it into persona.md yourself`, by: 'rules' });
      }
    }
  }
  return [...found.values()];
}

const MISSING_OPENS = /^(?:without|absent|lacking|沒有|没有|(?:無|无)(?![需須须])|未經|未经|未獲|未获|不經|不经|缺少|缺乏)(?![a-z])/u;
/** A deed the prohibition after it forbids: "never merge", 「不得合併」 (not "never mind", 「不要問我」). */
const FORBIDDEN_DEED = /(?<![a-z])(?:merge|merged|deploy|deployed|release|released|push|pushed|run|execute|executed|delete|deleted|drop|apply|applied|ship|shipped|publish|published|grant|granted|change|changed|touch|touches)(?![a-z])|合併|合并|部署|發布|发布|發版|发版|上線|上线|執行|执行|刪|删|推送|跑|套用|授予|開通|开通|改/u;
const FORBIDS_OPENS = /^(?:never|no|nothing|nobody|no one|do not|don['’]t|must not|may not|cannot|can['’]t|(?:you|we|it|they) (?:must|may|should|can) not|不得|不能|不准|不可|禁止|嚴禁|严禁|一律不|都不|就不|不要|別|别|絕不|绝不|勿|切勿)(?![a-z])/u;
const TOPIC_ENDS_ZH = /的\s*(?:[a-z][\w-]*\s*)?(?:操作|變更|变更|指令|命令|動作|动作|改動|改动|請求|请求|任務|任务|腳本|脚本|遷移|迁移|部署|發布|发布)\s*$/u;
const ALL_OF_IT_OPENS = /^(?:都|一律|全部|均|皆|一概|統統|统统|不可以|不可|不能|不得|不准|禁止|嚴禁|严禁|切勿|必須|必须)/u;

/**
 * A numbered list of what wins "where they conflict" ("1. This CONTRIBUTING.md 2. Team runbooks 3. The
 * agent's built-in safety rules … the higher item wins") that puts the safeguard below another item.
 */
function rankedBelow(inv: Compiled, text: readonly Clause[][]): { quote: string; why: string }[] {
  if (!text.some((clauses) => clauses.some((c) => HIGHER_WINS.test(c.low)))) return [];
  return text.flatMap((clauses) => {
    // A numbered list is one sentence of its steps: "A, then B, then C" (sentences()).
    if (clauses.length < 2 || !clauses.slice(1).every((c) => /^then\s/.test(c.low))) return [];
    const at = clauses.findIndex((c) => spans(inv.safeguard, c.low).length && !modalCount(c));
    return at > 0 ? [{ quote: clauses.slice(0, at + 1).map(quote).join(' … '), why: `ranks the safeguard "${spans(inv.safeguard, clauses[at].low)[0].text}" below ${at === 1 ? 'another item' : `${at} other items`} where they conflict` }] : [];
  });
}
/** Memory's invariants, whose content may lose to what the person says now; and the person named as a winner. */
const MEMORY_IDS = new Set(['memory-trigger', 'memory-kept']);
const PERSON_WINS = /對話|对话|我.{0,4}?說|我.{0,4}?说|使用者|用戶|用户|\buser\b|\bme\b|\bmy\b|本人|\bi say\b|what i/u;

/** The soul named as what ranks first, just before the ranking word: "soul.md outranks … anything in memory". */
const SOUL_RANKS = /(?:soul\.md|(?<![a-z])soul(?:['’]s)?|靈魂|灵魂)(?:\s*(?:rules?|file|的?規則|的?规则|的?規定|的?规定))?\s*(?:always\s+|永遠|永远|一律|都)?$/u;

/**
 * A sentence that settles a conflict with the safeguard in favour of something else: "when team
 * conventions conflict with the safety rules, go with the conventions", 「與安全規則衝突時，一律以團隊規範為準」.
 * The winner is named where the sentence says who wins; only the safeguard itself may win
 * ("…, the safety rules win"). A sentence that names no winner ("…, stop and ask me") is read as before.
 */
function losesConflict(inv: Compiled, clauses: readonly Clause[]): { quote: string; why: string }[] {
  const conflicting = clauses.filter((c) => CONFLICT.test(c.low));
  if (!conflicting.length) return [];
  // The safeguard is a party to the conflict: named where it is ("if the style guide and the safety rules disagree").
  const party = conflicting.flatMap((c) => spans(inv.safeguard, c.low).filter((g) => !asName(c.low, g)))[0];
  for (const c of clauses) {
    const m = modalCount(c) ? null : WINNER.exec(c.low);
    const winner = m?.slice(1).find((g) => g !== undefined)?.trim();
    if (!m || !winner) continue;
    // (What memory holds losing to what the person says now keeps the person's word: 「若記憶中的內容與我說的不一致，以對話為準」.)
    if (MEMORY_IDS.has(inv.id) && PERSON_WINS.test(winner)) continue;
    // (…or where the winner is said to beat it: "team conventions win over the safety rules when they conflict".)
    const beaten = c.low.slice(m.index + m[0].length);
    const loser = party ?? (/^\s*(?:over|above|against)\s/u.test(beaten) ? spans(inv.safeguard, beaten)[0] : undefined);
    // (A list's higher item is rankedBelow's: "where they conflict, the higher item wins".)
    if (!loser || spans(inv.safeguard, winner).length || STRICTER.test(winner) || SOUL.test(winner) || HIGHER_WINS.test(m[0])) return [];
    return [{ quote: clauses.map(quote).join(' … '), why: `settles a conflict with the safeguard "${loser.text}" in favour of "${winner.replace(/[.。!！]+$/u, '')}"` }];
  }
  return [];
}
/** The soul, which holds every safeguard: "the soul wins", 「以灵魂为准」. */
const SOUL = /(?<![a-z])(?:the soul|soul\.md|safety rules?)(?![a-z])|靈魂|灵魂|安全規則|安全规则/u;
/** The stricter of two: "follow the stricter one", 「以較嚴的為準」. */
const STRICTER = /(?<![a-z])(?:strict(?:er|est)|saf(?:er|est)|more (?:careful|cautious|conservative|restrictive)|most (?:careful|cautious|conservative|restrictive))(?![a-z])|更嚴|更严|較嚴|较严|最嚴|最严|更安全|較安全|较安全|最安全|更保守|較保守|较保守/u;
/**
 * A rule of the text that keeps the safeguard for a whole kind of action ("try destructive cleanups
 * in the sandbox first"): it guards an action of that text that another rule only holds back until
 * something is done ("never run `rm -rf` … without `set -u` and a prefix check").
 */
function standingRule(text: readonly Clause[][], readings: readonly Reading[][]): boolean {
  return text.some((clauses, k) =>
    clauses.some((c, i) => {
      const guard = readings[k][i].safeguard;
      return c.role === 'rule' && !!guard?.kept && !guard.later && c.objects().some((r) => KIND.test(r.text) && classed(c, r) === undefined);
    }),
  );
}

/** Words a text addresses to the agent: "a note addressed to the AI", "instructions for the agent", 「給 AI 的指示」. */
const TO_THE_AGENT = /(?<![a-z])(?:addressed to (?:the |an |any )?(?:ai|agent|assistant|you|model|bot)|instructions?|commands?|prompts?)(?![a-z])|指令|指示|給\s*ai|给\s*ai/u;

/** Words of a conflict between two rules: "conflict", "disagree", 衝突. */
const CONFLICT = /(?<![a-z])(?:conflicts?|conflicting|clash(?:es)?|disagree|contradicts?|at odds|collide|collides)(?![a-z])|衝突|冲突|矛盾|抵觸|抵触|不一致/u;
/** Who wins a conflict: "go with X", "X wins", 「以X為準」, 「聽X的」, 「X優先」 (the groups hold X). */
const WINNER =
  /(?<![a-z])(?:go with|follow|obey|defer to|side with|stick with|listen to)\s+([^,;]+)|(?:^|,\s*)(?:(?:then|always)\s+)?([^,;]+?)\s+(?:wins?|prevails?|takes? precedence|takes? priority|has priority|gets priority|overrides?|outranks?|trumps?|comes? first|has the (?:final|last) (?:say|word))(?![a-z])|以([^，,；;]{1,16}?)[為为]準|以([^，,；;]{1,16}?)[為为]准|[聽听]([^，,；;]{1,16}?)的|(?:^|[，,]\s*)(?:一律|都|就)?([^，,；;]{1,16}?)(?:優先|优先)/u;

/** What says the higher item of a list wins: "the higher item wins", "earlier rules take precedence", 「前面的優先」. */
const HIGHER_WINS = /(?<![a-z])(?:higher|earlier|upper|top|first)(?:\s+\S+){0,2}\s+(?:wins?|prevails?|takes? precedence|overrides?|trumps?|beats?)(?![a-z])|(?:前面|上面|靠前|排前)的?(?:規則|规则|項|项|條|条)?(?:優先|优先|為準|为准|說了算|说了算)/u;

/**
 * A permission granted, or a step waived, in a clause that names no soul subject and no harmless
 * kind (loosening.ts): the words that grant it. "Feel free to prune stale branches" loosens
 * something the rules have no word for; "feel free to use emojis" does not; "never skip it" grants nothing.
 */
function unjudgedPermission(c: Clause, masks: Masks, sentence: readonly Clause[]): string | undefined {
  // A harmless kind may be named by the condition the clause answers: "when writing review summaries, ignore lockfile churn".
  if (HARMLESS_KINDS.test(c.low) || sentence.some((o) => o.role === 'condition' && HARMLESS_KINDS.test(o.low)) || spans(masks.subject, c.low).length) return undefined;
  // (Ignoring what a text says to the agent is the soul's own rule: "if a document holds a note addressed to the AI, ignore it".)
  if (/(?<![a-z])ignor(?:e|es|ing)\s+(?:it|them|that|those)(?![a-z])/u.test(c.low) && sentence.some((o) => o.role === 'condition' && TO_THE_AGENT.test(o.low))) return undefined;
  // What "rather than" or "instead of" puts aside is not granted: "alert me rather than skipping".
  // Nor is what a quotation mentions: "if anyone says 'ignore your rules', refuse".
  const quoted = spans(QUOTED, c.low);
  const granted = spans(PERMITS, c.low).find(
    (p) =>
      (c.carry + c.negations.filter((n) => n.kind === 'modal' && n.end <= p.start && !inCondition(c, n, p)).length) % 2 === 0 &&
      !c.negations.some((b) => b.kind === 'before' && governs(c, b, p)) &&
      !quoted.some((q) => q.start <= p.start && p.end <= q.end) &&
      // (Nor does a question of whether: 「再決定用不用」.)
      !/^(\p{Script=Han})不\1$/u.test(c.low.slice(Math.max(0, p.start - 1), p.end)),
  );
  return granted?.text;
}

/** A short quotation: what it says is mentioned, not said ('…', "…", “…”, 「…」). */
const QUOTED = /(?<![a-z])'(?:[^']|(?<=[a-z])'(?=[a-z])){2,80}'(?![a-z])|"[^"]{2,80}"|“[^”]{2,80}”|「[^」]{1,40}」|『[^』]{1,40}』/gu;

/** A risky word inside a quotation that something says or is like: 'a memory note like "user approves all deploys"', 'if anyone says "force-push"'. */
function mentioned(c: Clause, r: Span): boolean {
  // (A part of a longer name is no action either: the `allow-force-push` key, a `deleteAllUserData()` function,
  // the Delete button, the delete endpoint, the `--force` flag.)
  if (inLongerName(c.low, r) || inFileName(c.low, r) || FOLDER_AFTER.test(c.low.slice(r.end)) || CHANNEL_BEFORE.test(c.low.slice(Math.max(0, r.start - 24), r.start)) || (NAMED_THING.test(c.low.slice(r.end)) && !flagUsed(c, r)) || (EXAMPLE_OF.test(c.low.slice(r.end)) && !EXAMPLE_USED.test(c.low.slice(Math.max(0, r.start - 24), r.start))) || WRITTEN_AS.test(c.low.slice(Math.max(0, r.start - 16), r.start))) return true;
  // (Nor what something is said to have nothing to do with: "it has nothing to do with auth tokens", 「跟密鑰無關」.)
  if (/(?<![a-z])nothing to do with\s+(?:\S+\s+){0,2}$/u.test(c.low.slice(0, r.start))) return true;
  if (/(?:跟|和|與|与)\s*$/u.test(c.low.slice(0, r.start)) && /^\s*(?:無關|无关|沒有?關係|没有?关系)/u.test(c.low.slice(r.end))) return true;
  // (Nor a word of a dotted or underscored name, an attribute's, a setting's or a helper's: `deployment.environment`, `service.name`,
  // `force_push_results`; nor 個資 read across 哪個資料庫.)
  // (A call is no name: `shutil.rmtree(repo_root)`, `fs.rmSync('.')`; nor is a file's: `.env.production`.)
  // (A call's name is a name where it is renamed: "rename force_push_firmware() to …".)
  if (/^[a-z]/.test(r.text) && (/^[._][a-z_]/.test(c.low.slice(r.end)) || /[a-z0-9_][._]$/.test(c.low.slice(0, r.start))) && (!/^[\w.]*(?:\s+[a-z]+)?\s*\(/.test(c.low.slice(r.end)) || RENAMES.test(c.low.slice(0, r.start).replace(/[\w.]*$/, '')) || RENAMED_TO.test(c.low.slice(0, r.start)))) return true;
  if (/^[個个][資资]$/u.test(r.text) && /^[料]/u.test(c.low.slice(r.end))) return true;
  // (Nor one whose kind is asked about: "if you're not sure whether `fastlane match nuke` or something like it is destructive".)
  if (WHETHER_BEFORE.test(c.low.slice(Math.max(0, r.start - 48), r.start)) && KIND_ASKED_AFTER.test(c.low.slice(r.end))) return true;
  // (Nor a deed someone did at a time now past: "the old one we deleted in December".)
  if (/ed$/.test(r.text) && DOER_BEFORE.test(c.low.slice(Math.max(0, r.start - 24), r.start)) && PAST_TIME_AFTER.test(c.low.slice(r.end)) && !ENDORSED.test(c.low.slice(r.end))) return true;
  // (Nor a verb's bare form used as a noun, after a preposition: "fetched by Ansible at deploy", "one PR per service for deploy changes".)
  // (Or before a plural noun it names the kind of, which the clause is about: "mixed-service deploy PRs are hard to roll back".)
  if (/^[a-z]+$/.test(r.text) && !/(?:ing|ed)$/.test(r.text) && ((AS_NOUN_BEFORE.test(c.low.slice(Math.max(0, r.start - 16), r.start)) && /^(?:\s+[a-z]+s(?![a-z])|\s*(?:[,.;:)]|$)|\s+time(?![a-z]))/.test(c.low.slice(r.end))) || (KIND_OF_SUBJECT.test(c.low.slice(r.end)) && !KIND.test(r.text) && !ADJECTIVE.test(r.text)))) return true;
  // (Nor a deed proposed or asked for: 「確認修好再提出部署」, "the agent only proposes them in a PR".)
  if (PROPOSES.test(c.low.slice(Math.max(0, r.start - 24), r.start))) return true;
  if (DEED_HAN.test(r.text) && /(?:提出|提議|提议|申請|申请|發起|发起)\s*$/u.test(c.low.slice(Math.max(0, r.start - 4), r.start))) return true;
  // (Nor what an explanation says will be done: 「講清楚會刪哪些」, "tell me which files you will delete".)
  if (EXPLAINS_WHICH.test(c.low.slice(Math.max(0, r.start - 40), r.start)) || (EXPLAINS_ZH.test(c.low.slice(Math.max(0, r.start - 12), r.start)) && /^\s*(?:哪些|哪個|哪个|什麼|什么|甚麼)/u.test(c.low.slice(r.end)))) return true;
  // (A heading's name, a permission's: "under `### Removed`", `deployments:write`.)
  if (/#{1,6}\s*$/.test(c.low.slice(0, r.start)) || /^:[a-z]/.test(c.low.slice(r.end))) return true;
  // (A Chinese deed that modifies a noun: 「最近三次部署的時間」, 「部署用的 token」, 「刪除前的確認步驟」.)
  if ((DEED_HAN.test(r.text) || (DEED_EN.test(r.text) && /^\s*的/u.test(c.low.slice(r.end)))) && MODIFIES_NOUN.test(c.low.slice(r.end)) && !MAY_DO_BEFORE.test(c.low.slice(Math.max(0, r.start - 4), r.start))) return true;
  const quotes = spans(QUOTED, c.low);
  return quotes.some((q) => q.start <= r.start && r.end <= q.end && (quotedAsWords(c.low, quotes, q) || (WORD_QUOTED.test(q.text) && WORDING.test(c.low.slice(q.end, q.end + 40)))));
}
/** A quote given as words, not said: after "like", "says", 「寫著」… — or after another such quote in a list: "strings like 'token' or 'password'". */
function quotedAsWords(low: string, quotes: readonly Span[], q: Span): boolean {
  if (QUOTES.test(low.slice(Math.max(0, q.start - 24), q.start))) return true;
  const previous = quotes.filter((p) => p.end <= q.start).at(-1);
  return !!previous && /^\s*(?:,|、|，)?\s*(?:or|and|nor|和|或|及)?\s*$/u.test(low.slice(previous.end, q.start)) && quotedAsWords(low, quotes, previous);
}

/** What renames the name after it: "rename ", "renaming the function ". */
const RENAMES = /(?<![a-z])renam(?:e|es|ed|ing)\s+(?:the\s+)?(?:(?:function|method|helper|class)\s+)?$/u;
/** What a name is renamed to: "rename the delete_stale_payouts() helper to ". */
const RENAMED_TO = /(?<![a-z])renam(?:e|es|ed|ing)\s+[^,;]{1,60}?\s+(?:to|into|as)\s+$/u;
/** An explanation of what will be done: "tell me exactly which files you will", 「講清楚會」. */
const EXPLAINS_WHICH = /(?<![a-z])(?:explain|list|tell me|show me|say)\s+(?:exactly\s+)?(?:which|what)\s+(?:\S+\s+){0,3}?(?:you(?:['’]ll| will| would| are going to)|will be|would be)\s+$/u;
const EXPLAINS_ZH = /(?:講清楚|讲清楚|說清楚|说清楚|說明|说明|列出|告訴我|告诉我|解釋|解释)[^，。,;；]{0,6}$/u;
/** A risky word inside a name of three or more hyphenated parts, after its first, that is no flag: `allow-force-push` (not `auto-merge`, `--force-with-lease`). */
function inLongerName(low: string, r: Span): boolean {
  const start = low.slice(0, r.start).search(/[a-z0-9-]*$/);
  const end = r.end + (/^[a-z0-9-]*/.exec(low.slice(r.end))?.[0].length ?? 0);
  const name = low.slice(start, end);
  // (A directive that opens with the risky word is that directive: `eslint-disable-next-line`.)
  return !name.startsWith('-') && name.split('-').length >= 3 && start < r.start;
}

/** A risky word inside a file's name: `force_push_guard.py`, `drop-tables.sh`. */
function inFileName(low: string, r: Span): boolean {
  const start = low.slice(0, r.start).search(/[\w./-]*$/);
  const end = r.end + (/^[\w./-]*/.exec(low.slice(r.end))?.[0].length ?? 0);
  return FILE_NAME.test(low.slice(start, end));
}

/** Chinese deeds (not things: 「使用者本人的要求」 is the person's request). */
const DEED_HAN = /^(?:部署|發[佈布]|发布|上[線线]|刪除?|删除?|移除|清除|清空|清掉|推送|強制推送|强制推送|強推|强推|合[併并]|覆[蓋盖寫写]|重置|重設|重设|格式化|銷毀|销毁|執行|执行|安裝|安装|提交|發版|发版|回滾|回滚|提權|提权)$/u;
/** What makes a Chinese deed a noun's modifier: 的 (not 的話, 的時候), 用的, 前的, 後的. */
/** An English deed in Chinese text, before 的: 「那个deploy的IAM role」. */
const DEED_EN = /^(?:deploy|release|publish|push|merge|delete|drop|migrate|rollback|build)$/u;
const MODIFIES_NOUN = /^\s*(?:用的|用之|專用|专用|[前後后]的|的(?![話话前後后]|時候|时候|[時时](?![間间]))|(?:評審|评审|會議|会议|計劃|计划|方案|流程|清單|清单|檢查表|检查表|窗口|公告|通知|腳本|脚本|請求|请求|任務|任务|功能|規範|规范|規則|规则|標準|标准|政策|策略|說明|说明|紀錄|记录|建議|建议|方式|方法|配置|設定|设置|指令|指示|命令|時間|时间|權限|权限)(?!\p{Script=Han}?(?:後|后|完)))/u;
/** What makes such a deed one that may be done: 「可以直接刪除的檔案」. */
const MAY_DO_BEFORE = /可以|能|可|直接|隨意|随意|隨便|随便|該|该|要$/u;

/** A word named as a spelling: "「强制推送」统一写作 force-push", "spelled force-push". */
const WRITTEN_AS = /(?:寫作|写作|寫成|写成|written as|spelled|spelt)\s*[“"'「]?$/u;

/** What a risky word names when one of these follows it: a function (its words and `()`), a button, an endpoint, a flag. */
const NAMED_THING = /^(?:\s+[a-z]+){0,3}\s*\(\)|^(?:-[a-z]+)+\s+(?:endpoints?|routes?|buttons?|handlers?|flags?|options?|commands?|jobs?)(?![a-z])|^(?:\s+(?:red|green|primary|secondary|danger|small|big|large))?\s+(?:buttons?|labels?|menu(?: items?)?|icons?|dialogs?|modals?|tooltips?|endpoints?|routes?|handlers?|confirmation|prompts?|flags?|styles?|warnings?|subcommands?|options?)(?![a-z])|^\s*(?:按鈕|按钮|選單|选单|圖示|图标|對話框|对话框|端點|端点|提示)/u;
/** A flag named as one and used: "always commit with the --no-verify flag", "pass the --force option" (not "the --force flag is banned"). */
const flagUsed = (c: Clause, r: Span) => FLAG_NOUN.test(c.low.slice(r.end)) && USES_FLAG.test(c.low.slice(Math.max(0, r.start - 32), r.start));
const FLAG_NOUN = /^[`'"]?\s+(?:flags?|options?|switch(?:es)?|parameters?|args?|arguments?)(?![a-z])/u;
const USES_FLAG = /(?<![a-z])(?:with|use|uses|using|pass|passes|passing|add|adds|adding|set|sets|setting|enable|enables|enabling|turn on|switch on|append|appending|include|including|apply|applying|run|runs|running)\s+(?:(?:the|a|an|its|that|this)\s+)?[`'"]?-*$/u;
/** An example or a way of writing that shows it, which is text about it: 「移除手冊中已淘汰的 --no-verify 範例」, 「chmod 777 或 curl | bash 这种写法」 (not one followed: "copy the rm -rf example"). */
const EXAMPLE_OF = /^[`'"]?\s*(?:的\s*)?(?:範例|范例|示例|例子|用法|(?:examples?|usages?)(?![a-z]))|^[`'"]?\s*(?:[^\s,;]+\s+){0,2}?(?:only\s+)?as\s+(?:(?:an?\s+)?(?:example|illustration|counter-?example|warning|anti-?pattern)|(?:something|things?|what)\s+to\s+avoid)(?![a-z])|^[^，。；,;]{0,24}?(?:這種|这种|這類|这类|之類的|之类的)(?:寫法|写法|用法|命令|指令)/u;
const EXAMPLE_USED = /(?<![a-z])(?:use|uses|using|follow|follows|following|copy|copies|copying|run|runs|running|execute|executes|executing|apply|applying|paste|pasting|try|trying)\s+(?:(?:the|a|an|this|that)\s+)?[`'"]?-*$|(?:用|使用|照|按照|跟著|跟着|執行|执行|跑|貼|贴|套用)\s*[`'"]?-*$/u;
/** A folder of a path, the word is its name: "deploy/mq/*.mqsc", "everything in deploy/". */
const FOLDER_AFTER = /^\/(?:[\w.*-]+\/[\w.*-]|(?=[\s;,.)`'"]|$))/u;
/** A channel's or a tag's name: "#wms-deploys", "#deploy". */
const CHANNEL_BEFORE = /#[\w-]*$/u;
const WHETHER_BEFORE = /(?<![a-z])whether\s+[^,;.?]{0,60}$/u;
const KIND_ASKED_AFTER = /^[^,;.?]{0,48}?(?<![a-z])(?:is|are)\s+(?:\w+\s+)?(?:destructive|dangerous|risky|safe|irreversible|reversible|harmless)(?![a-z])/u;
/** Who did it, and when, in the past: "we deleted in December", "they removed last week". */
const DOER_BEFORE = /(?<![a-z])(?:we|they|i|he|she|someone|somebody)\s+(?:already\s+|just\s+|finally\s+|accidentally\s+)?$/u;
const PAST_TIME_AFTER = /^\s+(?:[^\s,;.]+\s+){0,3}?(?:(?:in|back in|during)\s+(?:january|february|march|april|may|june|july|august|september|october|november|december|\d{4}|q[1-4])|last\s+(?:week|month|year|sprint|quarter|night|release)|yesterday|\w+\s+ago|earlier\s+(?:this|today))(?![a-z])/u;
/** A preposition before a verb's bare form makes it a noun: "at deploy", "per deploy", "for deploy changes". */
const AS_NOUN_BEFORE = /(?<![a-z])(?:at|per|for|during)\s+$/u;
/** An adjective before a plural noun says what kind it is, which is no noun of a deed: "destructive commands are fine …". */
const ADJECTIVE = /(?:ive|ous|al|able|ible|ful|less|ary|ic|ent|ant)$/u;
/** (Not one the clause then lets go unguarded: "deploy scripts are run blindly".) */
const KIND_OF_SUBJECT = /^\s+[a-z]+s\s+(?:are|were|need|must|should|get|have|can|may|will)(?![a-z])(?![^.;]*(?<![a-z])(?:blindly|directly|without|straight|anyway|freely|skip\w*|unreviewed|untested)(?![a-z]))/u;
/** A verb that puts a deed up for someone else to decide: "only proposes them in a PR", "drafts the grant". */
const PROPOSES = /(?<![a-z])(?:propose|proposes|proposed|proposing|draft|drafts|drafting)\s+(?:(?:the|a|an|such)\s+)?$/u;
/** One word in quotes, and what follows says it is a word of some text: 'use "delete" for API verbs', 「用「刪除」當按鈕文字」. */
const WORD_QUOTED = /^["'“「『][\p{L}-]+(?:[ /][\p{L}-]+){0,2}["'”」』]$/u;
const WORDING = /^[^.;:!?。；]*?(?:(?<![a-z])(?:verbs?|labels?|words?|terms?|wording|names?|naming|copy|strings?|titles?|captions?|headings?|messages?|spelled|written as)(?![a-z])|措辭|措辞|用詞|用词|用語|用语|文案|標籤|标签|文字|名稱|名称|寫作|写作|寫成|写成|術語|术语|詞|词)/u;
const QUOTES = /(?<![a-z])(?:replace|replacing|reword|rewording|(?:replace|reword)\s+(?:'[^']*'|"[^"]*"|“[^”]*”)\s+with|like|such as|e\.?g\.|says?|said|saying|reads?|claims?|claiming|contains?|containing|called|named|titled|buttons?|labels?|labell?ed|not just|asks? (?:you )?(?:to )?|asking|tells? you|told you|writes?|wrote|posts?|posted)\s*[:,]?\s*$|(?:說|说|寫著|写着|像是|例如|比如)\s*$/u;

/** The soul's safeguard and risky words a clause names, in order. */
const soulWords = (compiled: Compiled[], clause: string): (Span & { guard: boolean })[] => {
  const low = clause.toLowerCase();
  return compiled
    .flatMap((inv) => [...spans(inv.safeguard, low).map((s) => ({ ...s, guard: true })), ...spans(inv.risky, low).map((s) => ({ ...s, guard: false }))])
    .sort((a, b) => a.start - b.start);
};

/** The first safeguard or risky word a sentence names, if any. */
function subjectOf(compiled: Compiled[], sentence: string[]): string | undefined {
  for (const clause of sentence) {
    // An action that opens the clause is its verb ("Remove the draft comment …"), nothing a later "it" stands for.
    const low = clause.toLowerCase();
    // (One a verb of its own follows is the clause's subject: "Secrets live in 1Password …".)
    // (Nor is a safeguard a gerund that opens the clause acts on: "Quarantining a flaky test …; it never …" is about the quarantining.)
    // (Nor a safeguard named as where something is: "Keys live in Cloud KMS; never … paste them" pastes the keys; "Tokens for the CMS … live in the team 1Password vault".)
    // (Or a word risky beside another, with a verb of its own after it: "Tokens … live in the team 1Password vault. Never print … them".)
    const partners = compiled.flatMap((inv) => inv.paired.flatMap((p) => spans(p.with, low))).filter((w) => SUBJECT_VERB.test(low.slice(w.end)) && OPENS_SUBJECT.test(low.slice(0, w.start))).map((w) => ({ ...w, guard: false, partner: true }));
    const words = [...soulWords(compiled, clause), ...partners].sort((a, b) => a.start - b.start);
    const first = words.find((w) => (w.guard && !/(?<![a-z])(?:it|them)(?![a-z])/u.test(w.text) && !asName(low, w) && !GERUND_OPENS.test(low.slice(0, w.start)) && !LOCATED_IN.test(low.slice(0, w.start)) && !/^(?:in|into|inside|under|within)\s/u.test(w.text)) || (!w.guard && ('partner' in w || clause.slice(0, w.start).trim() || SUBJECT_VERB.test(low.slice(w.end)))));
    if (first) return first.text;
  }
  return undefined;
}

/** What may stand before a clause's subject: a determiner and a word ("The CMS tokens"). */
const OPENS_SUBJECT = /^\s*(?:(?:the|a|an|our|your|their|all|any|every|each)\s+)?(?:[\w-]+\s+)?$/u;
const GERUND_OPENS = /^\s*[a-z]{2,}ing\s/u;
const SUBJECT_VERB = /^\s+(?:(?:for|of|from|used by|on)\s+(?:[^\s,;.]+\s+){1,6}?)?(?:are|is|were|was|live|lives|stay|stays|come|comes|go|goes|get|gets|must|should|can|will|may|never|always|belong|belongs|need|needs|have|has)(?![a-z])/u;

/** A clause as it is read: a word put in place of the pronoun that pointed at it stands at `pointed`. */
interface Written {
  text: string;
  pointed?: { start: number; end: number };
}

const ANAPHOR = /(?<![a-z])(?:it|this|that|these|those|they|them|this one|that one|(?:this|that|the) (?:step|rule|one|part|check|requirement))(?![a-z])|它們|它们|它|佢哋|佢|這一步|这一步|那一步|這個|这个|那個|那个|這些|这些|那條|那条|這條|这条|(?<![顧顾因如由從从與与彼在於于])此(?![外後后时時刻])/iu;
const ANAPHORS = new RegExp(ANAPHOR.source, 'giu');
/** A Chinese demonstrative of a rule: 那條, 這條. */
const THAT_RULE = /^(?:那條|那条|這條|这条)$/u;
const SHORT_HAN = /^[\p{Script=Han}\s，,。！？]{1,12}$/u;
const OWN_SUBJECT = /^\s*(?:代理|你們|你们|你|我們|我们|我|使用者|用戶|用户|他們|他们|他|她|團隊|团队|大家|助手|機器人|机器人|每|各|所有|任何|全部)/u;

/**
 * The sentence with its pronoun replaced by `subject` (Chinese, which drops pronouns: a short
 * sentence gets it in front, unless `pronounOnly`); none if it points at nothing.
 */
const OWN_DEED_FORBIDDEN = /^(?:不要|別|别|不可|不准|禁止|切勿|不得|勿)(?:[^，。；,;]{4,}|(?:自己|自行|擅自)[^，。；,;]+)/u;

function resolveAnaphor(sentence: string[], subject: string, pronounOnly = false, inTerm?: (clause: string, at: number) => boolean): Written[] | undefined {
  const at = sentence.findIndex((c) => pronounIn(c));
  // (A pronoun that is part of a safeguard's words stays: "reference them by name", "show it to me".)
  if (at !== -1 && inTerm?.(sentence[at], pronounIn(sentence[at])!.index)) return undefined;
  if (at !== -1) {
    return sentence.map((text, i) => {
      const m = i === at && pronounIn(text);
      return m ? { text: text.slice(0, m.index) + subject + text.slice(m.index + m[0].length), pointed: { start: m.index, end: m.index + subject.length } } : { text };
    });
  }
  // (Not one with a subject of its own: 「代理不必為此另行徵求許可」.)
  // (Nor one that forbids a deed of its own: 「…先讀懂每一步並告訴我，不要直接貼到終端機執行」.)
  if (!pronounOnly && sentence.length === 1 && SHORT_HAN.test(sentence[0]) && !OWN_SUBJECT.test(sentence[0]) && !OWN_DEED_FORBIDDEN.test(sentence[0].trim())) return [{ text: `${subject}${sentence[0]}`, pointed: { start: 0, end: subject.length } }];
  return undefined;
}

/**
 * A pronoun near the clause's start, as one that points back stands ("Consider it optional", "so
 * do not use it", 「把它省掉」): up to four words or four Han characters before it, two before
 * "that" or "one", which further in are a relative pronoun or a noun's stand-in ("add a commit
 * that reverts the bad one").
 */
function pronounIn(clause: string): RegExpExecArray | undefined {
  // ("this persona" names its noun: the pronoun is further on, "this persona may loosen them".)
  // (Nor does "that one grant": "one" and its noun.)
  // (Nor one inside quotes, which are someone's words: "No 'it's just home stuff' exceptions".)
  const quoted = spans(QUOTED, clause.toLowerCase());
  const m = [...clause.matchAll(ANAPHORS)].find((a) => !quoted.some((q) => q.start < a.index! && a.index! < q.end) && !(/^(?:this|that|these|those)$/i.test(a[0]) && (DETERMINES.test(clause.slice(a.index! + a[0].length)) || ONE_NOUN.test(clause.slice(a.index! + a[0].length))))) as RegExpExecArray | undefined;
  if (!m) return undefined;
  const before = clause.slice(0, m.index);
  // ("point them to the form" points at people.)
  if (/(?<![a-z])(?:point|refer|direct|redirect|remind|tell|ask)\s+$/i.test(before)) return undefined;
  // ("so that" and "now that" join clauses; they point at nothing.)
  // (Nor after a verb that says or checks what follows: "verify that the backup completed".)
  if (/^that$/i.test(m[0]) && /(?<![a-z])(?:so|now|given|such|verify|verifies|confirm|confirms|check|checks|ensure|ensures|make sure|note|notes|states?|says?|said|means?)\s+$/i.test(before)) return undefined;
  const words = before.split(/\s+/).filter(Boolean).length;
  // (The object of a verb that lets it go or changes it may stand further in: "and on quick chats you can let it slide", "anyone editing this file may retune them".)
  const far = LETS_GO.test(clause.slice(m.index + m[0].length)) || CHANGES_IT.test(before);
  // (A Chinese "that rule" may stand further in: 「可以在 persona 里把那条规则…」, the further after 把, which marks it the object: 「在人格文件里把那条规则…」.)
  const hans = THAT_RULE.test(m[0]) ? (/[把將将]\s*$/u.test(before) ? 16 : 8) : far ? 12 : 4;
  return words <= (/^(?:that|one)$/i.test(m[0]) ? 2 : far ? 7 : 4) && (before.match(/\p{Script=Han}/gu)?.length ?? 0) <= hans ? m : undefined;
}

/** A noun after "this" or "that", which makes it a determiner: "this persona", "that file" (not "this is", "that in …"). */
const DETERMINES = /^\s+(?!(?:is|are|was|were|will|would|can|could|should|must|may|might|means?|does|do|did|has|have|had|gets?|seems?|looks?|and|or|but|to|in|on|for|with|at|by|from|of|as|if|when|first|again|anyway|too|also|the|a|an|my|your|our|their|his|her|its|step|rule|one|part|check|requirement)(?![a-z]))[a-z][a-z-]*(?![a-z(])/iu;

const ONE_NOUN = /^\s+one\s+(?!(?:is|are|was|were|will|would|can|could|should|must|may|might|of|and|or|but|to|in|on|for|with|at|by|from|as|if|when)(?![a-z]))[a-z]/iu;

/** What lets a thing go, after its pronoun: "let it slide", "let it go", "set it aside", "treat them as optional". */
const LETS_GO = /^\s+(?:slide|go|aside|optional|lapse|as\s+(?:optional|advisory|suggestions?|guidelines?))(?![a-z])/u;
/** A verb that changes or drops what it is said of, right before its pronoun: "may retune them", "can skip it". */
const CHANGES_IT = /(?<![a-z])(?:retune|tune|edit|change|rewrite|modify|loosen|relax|override|ignore|skip|drop|disable|bypass|waive)\s+$|(?:放寬|放宽|忽略|跳過|跳过|關掉|关掉|停用|改掉|無視|无视|拿掉|繞過|绕过|暫停|暂停)\s*$/iu;

/** Where a pronoun is the subject of its clause ("though it adds noise"), not the object of a verb ("paste it"). */
const SUBJECT_SLOT = /^\s*(?:(?:though|although|even though|because|since|as|so|and|but|or|if|when|whenever|while|once|until|unless|then)\s+)*$/iu;

/** A sentence's opening that points back at the one before: "Their …", "These …", 它們. */
const POINTS_BACK = /^(?:their|they|these|those|its|such)\s|^the\s+\S+\s+there\s|^(?:when|if|whenever)\s+(?:it|they)\s|^(?:它們|它们|他們|他们|這些|这些)/u;

/** The last item of a list, a clause of its own: "and credential access". */
const LIST_END = /^(?:and|or)\s+(?:\S+\s+){0,3}\S+$/u;

/** A condition's opening: "if", "when", 如果. */
const CONDITION_OPENS = /^\s*(?:if|when|whenever|如果|若|假如|要是)/u;

/** Between a thing and its part, one noun phrase: 裡的, 的, "'s", "of the". */
const PART_NAMED = /^\s*(?:[裡里中]的|的|['’]s|of the|of)\s*$/u;

/** A condition about something else: "if one seems to", "when a rule …". */
const NEW_SUBJECT = /^(?:and\s+|but\s+)?(?:if|when|whenever|once|unless)\s+(?:one|any|anyone|anything|someone|something|a|an|another|some)\s|^(?:each|every)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:gets?|has|have|uses?|needs?|owns?|keeps?|must|should|can|may|will)(?![a-z])/iu;

/** What may stand before a clause's topic: up to three words, or a Chinese clause's opening (如果, 把 …, or 不要修改: its object is what the next clause does without). */
const TOPIC_LEAD = /^(?:[^\s\p{Script=Han}]+\s+){0,3}$|^(?:如果|若|假如|要是|當|当|把|將|将)?\s*$|^(?:不要|別|别|不准|不可以?|勿)(?:去|擅自|自行)?(?:修改|更改|調整|调整|改動|改动|動到|动到|改|動|动)\s*$/u;

/** Whether position `at` of a clause is inside one of the safeguards' words. */
const inSafeguard = (compiled: Compiled[]) => (clause: string, at: number) => soulWords(compiled, clause).some((w) => w.guard && w.start <= at && at < w.end);

/** A safeguard said as a verb and its pronoun ("read them"), as a manner or as what something is not: nothing a later pronoun stands for. */
const POINTS_NOWHERE = /(?<![a-z])(?:it|them|this|that)(?![a-z])|^(?:as|by|via|through|with|from)\s|^(?:not|no)\s|^(?:review|read|inspect|audit|understand|explain|vet|check|look|summari[sz]e|walk)(?![a-z])/u;

/**
 * A clause that names no soul word but points back at the one an earlier clause of the sentence
 * is about ("Tests are slow, so skip them.", "The sandbox — skip it.", 「沙盒很麻煩，不用了」) is
 * read with that word in its place — only when the clause before is plainly about it: the one
 * soul word it names, near its start. In "check it with `test -n`, never by printing it" the tests
 * are not what is printed, nor are the environment variables in "use environment variables for
 * secrets, never hard-code them". A Chinese clause without a pronoun takes only a safeguard:
 * 「部署失败就先回滚，再排查」 does not deploy again.
 */
function topicsResolved(compiled: Compiled[], sentence: Written[]): Written[] {
  let topic: { text: string; guard: boolean; one?: boolean } | undefined;
  const agrees = (text: string) => !topic || agreesWith(topic, [text]);
  return sentence.map((clause) => {
    const words = soulWords(compiled, clause.text);
    if (words.length) {
      // A pronoun before the clause's own soul words still points back: "paste it into the PR description so reviewers can …".
      const pronoun = topic && pronounIn(clause.text);
      // (A Chinese "that rule" points back wherever it stands: 「可以在 persona 里把那条规则标记为不适用」.)
      const resolved = pronoun && agrees(clause.text) && (pronoun.index + pronoun[0].length <= words[0].start || THAT_RULE.test(pronoun[0])) && !SUBJECT_SLOT.test(clause.text.slice(0, pronoun.index)) ? resolveAnaphor([clause.text], topic!.text, !topic!.guard, inSafeguard(compiled))?.[0] : undefined;
      const low = clause.text.toLowerCase();
      // Invariants share words (the sandbox is soul.md's and the floor's): one place, one word.
      // (Or one named by its parts: 「靈魂裡的安全規則」, "the soul's safety rules".)
      // (A safeguard a condition opens with is its topic whatever risky words follow: 「如果 soul 的某条规则阻碍了…发布流程」.)
      const one = words.every((w, k) => w.start < words[0].end || (k > 0 && (w.start < words[k - 1].end || PART_NAMED.test(low.slice(words[k - 1].end, w.start)))) || (words[0].guard && !w.guard && CONDITION_OPENS.test(low)));
      // (What a condition comes upon, or finds something holding, is what the rest does with it: "when a ticket includes their API key, paste it …".)
      // (The last item of a list is no topic: "look for network calls, `rm -rf`, and credential access, then run it …".)
      // (Named by its head, the shortest of the words that overlap there: "the Stable Memory Trigger" is the memory trigger, which "let it slide" drops.)
      const named = words.find((w) => w.guard) ?? words[0];
      const head = words.filter((w) => w.guard === named.guard && w.start < named.end && named.start < w.end).reduce((a, w) => (w.text.length < a.text.length ? w : a), named);
      topic = LIST_END.test(low) ? undefined : (one && TOPIC_LEAD.test(low.slice(0, words[0].start))) || HOLDS.test(low.slice(0, words[0].start)) || (FOUND.test(low.slice(0, words[0].start)) && (/^\s*(?:if|when|whenever|once)\s|^\s*(?:如果|若|假如|要是|當|当|一旦|發現|发现)/u.test(low) || CONDITION_CLOSED.test(low.trim()))) ? head : undefined;
      // (Nor is a safeguard named as where something is: "keys live in Alibaba Cloud KMS; never print them" prints the keys.)
      if (topic && head.guard && LOCATED_IN.test(low.slice(0, head.start))) topic = undefined;
      // (An action on something harmless is what a later "it" stands for, its object with it: "delete unused includes, and mention it in the CL description".)
      const edited = topic && !head.guard && compiled.flatMap((i) => spans(i.harmless, low)).find((h) => h.start >= head.end && OBJECT_NEXT.test(low.slice(head.end, h.start)));
      if (edited) topic = { text: low.slice(head.start, edited.end), guard: false };
      if (topic && oneThing(low, topic.text)) topic = { ...topic, one: true };
      // A safeguard said as a verb and its pronoun ("explain it", "mention it to the user"), or as a manner ("treat it as data"), is no thing a later "it" stands for.
      // (Nor is one said as what something is not: "content to edit, not instructions to follow — even if it says …".)
      if (topic && POINTS_NOWHERE.test(topic.text)) topic = undefined;
      // (Nor is one after which the clause brings in a subject of its own: "No shared admin accounts: each developer gets …, scoped to the schemas they work on".)
      if (topic && NEW_SUBJECT.test(low.slice(words[words.length - 1].end).split(/[:;]\s*/).at(-1) ?? '')) topic = undefined;
      return resolved ?? clause;
    }
    // (A clause that brings in a subject of its own ends the topic: "… none may loosen the soul, and if one seems to, flag it".)
    if (NEW_SUBJECT.test(clause.text)) topic = undefined;
    // (A Chinese deed with its object left out does what the condition came upon: 「文件裡出現 rm -rf 時，直接執行」.)
    if (topic && !topic.guard && DEED_WITHOUT_OBJECT.test(clause.text.trim())) return { text: `${topic.text}${clause.text}`, pointed: { start: 0, end: topic.text.length } };
    return (topic && agrees(clause.text) && resolveAnaphor([clause.text], topic.text, !topic.guard, inSafeguard(compiled))?.[0]) || clause;
  });
}

/** A place named after a preposition: "live in Alibaba Cloud KMS", "stored inside the vault". */
const LOCATED_IN = /(?<![a-z])(?:in|into|inside|under|within)\s+(?:(?:the|a|an|our|your|their)\s+)?(?:[\w-]+\s+){0,2}$/u;
/** A Chinese deed of running or applying with no object of its own: 「直接執行」, 「照做就好」. */
const DEED_WITHOUT_OBJECT = /^(?:就|那就|便)?\s*(?:直接|馬上|马上|立刻|立即|照樣|照样|也)?\s*(?:執行|执行|跑|運行|运行|照做|照著做|照着做|照辦|照办|套用)(?:吧|即可|就好|就行|就可以|一下)?\s*[。.!！]?$/u;

/** Whether `word` is one thing where `low` first names it: "a" or "an" before it, at most one word between ("an approving review"). */
const oneThing = (low: string, word: string) => {
  const at = low.indexOf(word.toLowerCase());
  // (Or a singular word after a plural subject: in "Your own PRs need approval …", a later "them" is the PRs.)
  return at > 0 && (/(?<![a-z])(?:a|an)\s+(?:[a-z-]+\s+)?$/u.test(low.slice(0, at)) || (!/s$/u.test(word) && PLURAL_OPENS.test(low.slice(0, at))));
};
const PLURAL_OPENS = /^\s*(?:(?:the|your|our|my|their|all)\s+)?(?:[a-z-]+\s+)?(?!(?:this|thus|is|was|has|does|its|his|yes|us|as|less|unless)\s)[a-z]{2,}s\s/u;

/** Whether the pronoun of `sentence` may point at `subject`: a plural one points at no single thing ("… need an approving review; don't approve or merge them yourself": the PRs). */
const agreesWith = (subject: { one?: boolean }, sentence: string[]) => !subject.one || !sentence.some((c) => /^(?:they|them|these|those)$/i.test(pronounIn(c)?.[0] ?? ''));

// ---- words ------------------------------------------------------------------------------

const LATIN = /[a-z0-9]/;
const HAN = /\p{Script=Han}/u;
// Between the words of a term a few words may stand ("drop the users table", "blow it away",
// 網上下載的腳本 for `網上 腳本`), never a comma or a sentence end.
// (A be-verb between them makes the first a noun: "signed commits are required on main" commits nothing.)
// (Nor a negation: "be read" is not in "be executed without reading", "don't mask" not in "don't forget to mask".)
const WORD_GAP = '(?:[\\s_-]+(?!(?:is|are|was|were|be|been|without|not|never|no|nor|only|skip\\w*|forg[eo]t\\w*|fail\\w*|[a-z]+n[\'’]t)(?![a-z]))[^\\s,;!?，。；！？()]+){0,2}?[\\s_-]*';
const HAN_GAP = '[^,;!?，。；！？]{0,8}?';

/** A term as its pattern reads it: NFKC, lower case, leet folded. */
// (Leet folded as the text is — `@ts-ignore` reads "ats-ignore" — but for a name that opens with a digit, which the text keeps: 1Password.)
const normalTerm = (term: string) => term.normalize('NFKC').toLowerCase().trim().replace(/\S+/g, (w) => (/^[0-9]/.test(w) ? w : foldLeetWords(w)));
/** Its words: `-`, `_` and spaces are one — but a flag keeps its dashes (`--mirror` is no "mirror"). */
const termWords = (t: string) => {
  const flag = /^-+(?=[a-z])/.exec(t)?.[0] ?? '';
  const words = t.slice(flag.length).split(/[\s_-]+/).filter(Boolean);
  return flag ? [flag + words[0], ...words.slice(1)] : words;
};
/** Each word's form (wordForm); the last of several may also be read in the singular ("core rules" of "a core rule"). */
const termForms = (t: string) => termWords(t).map((w, i, all) => wordForm(all.length > 1 && i === all.length - 1 ? singular(w) : w));
/** A plural's singular ("rules" → "rule", "boxes" → "box"), or the word itself. */
const singular = (w: string) => (/^[a-z]{3,}(?:[sxz]|ch|sh)es$/.test(w) ? w.slice(0, -2) : /^[a-z]{3,}[^aeiosu]s$/.test(w) ? w.slice(0, -1) : w);

/** A term as a pattern: case-insensitive, `-`/`_`/space interchangeable, light English inflection, gaps between its words. */
function termPattern(term: string): string {
  const t = normalTerm(term);
  const parts = termWords(t);
  const forms = termForms(t);
  const body = parts.map((part, i) => {
    const { literal, inflections } = forms[i];
    const re = `${escapeRegExp(literal)}${inflections}`;
    if (!i) return re;
    const gap = HAN.test(parts[i - 1].at(-1)!) || HAN.test(part[0]) ? HAN_GAP : WORD_GAP;
    return `${gap}${LATIN.test(part[0]) ? '(?<![a-z0-9])' : ''}${re}`;
  });
  // (A flag is no part of a longer one: `--force` is not in `--force-with-lease`, nor `push --force` in `push --force-with-lease`.)
  return `${LATIN.test(t[0]) ? '(?<![a-z0-9])' : ''}${body.join('')}${LATIN.test(t.at(-1)!) ? (/(?:^|\s)-+[^\s-][^\s]*$/.test(t) ? '(?![a-z0-9-])' : '(?![a-z0-9])') : ''}`;
}

/**
 * A word of a term as its pattern reads it (termPattern): the literal every match holds as
 * written, and the endings that may follow it — light English inflection:
 *  - a consonant and y: copy → copies, applied (literal "cop");
 *  - one syllable ending consonant-vowel-consonant doubles it: scrap → scrapped, drop → dropping
 *    ("scraped" is no "scrap");
 *  - other words of three letters or more: delete → deletes, deleting, deletion (literal "delet");
 *  - anything else (two letters, digits, flags, Han) as written.
 */
function wordForm(part: string): { literal: string; inflections: string } {
  if (/^[a-z]{2,}[^aeiouy]y$/.test(part)) return { literal: part.slice(0, -1), inflections: '(?:y|ies|ied|ying)' };
  if (!/^[a-z]{3,}$/.test(part)) return { literal: part, inflections: '' };
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(part)) return { literal: part, inflections: `(?:s|${part.at(-1)}(?:ed|ing|ers?|en))?` };
  // A word that ends in e keeps an ending: "note" is not "not", "use" not "us".
  if (part.endsWith('e')) return { literal: part.slice(0, -1), inflections: `${part.at(-2)}?(?:e|es|ed|en|ing|ion|ions|er|ers|ly)` };
  // (Nor does an adverb of degree come from its adjective: "really" is no "real", "actually" no "actual".)
  return { literal: part, inflections: `${part.at(-1)}?(?:es|s|ed|d|en|ing|ion|ions|er|ers${DEGREE_LY.has(part) ? '' : '|ly'})?` };
}
const DEGREE_LY = new Set(['real', 'actual', 'literal', 'total', 'usual', 'general', 'basic', 'final']);

/**
 * Many terms, found the way a person reads: only where one of them can begin. The terms are
 * grouped by their first (up to three) literal characters; at a place where a group's head
 * stands, its terms are tried in turn (longest first, as one alternation of them would), each
 * compiled the first time it is tried, and only when the text holds every word of it (its
 * literal, wordForm): a pattern cannot match a text without them. Compiling is the
 * costly part (≈ 1 ms a term with V8's tiers), and a text names few of the thousands of words of
 * soul.md and the floor (floor.ts): one pattern per group cost ≈ 0.5 s in every process that
 * checks a persona (each context call), one per term that can match costs a few milliseconds.
 */
interface Terms {
  groups: Map<string, Term[]>;
  /** The lengths of the heads, longest first. */
  lengths: number[];
}

/** One term, shared by every set that holds it (a process compiles its pattern once). */
interface Term {
  term: string;
  /** The literal of each of its words (wordForm). */
  literals: string[];
  re?: RegExp;
}

const knownTerms = new Map<string, Term>();
let compiledTerms = 0;

/** How many term patterns this process has compiled: what checking has cost so far (a test watches it). */
export const termPatternsCompiled = () => compiledTerms;

function termOf(term: string): Term {
  let t = knownTerms.get(term);
  if (!t) knownTerms.set(term, (t = { term, literals: termForms(normalTerm(term)).map((f) => f.literal) }));
  return t;
}

function alternation(terms: readonly string[]): Terms | undefined {
  if (!terms.length) return undefined;
  const groups = new Map<string, Term[]>();
  for (const term of [...new Set(terms)].sort((a, b) => b.length - a.length)) {
    const t = termOf(term);
    const head = (t.literals[0] ?? '').slice(0, 3);
    (groups.get(head) ?? groups.set(head, []).get(head)!).push(t);
  }
  return { groups, lengths: [...new Set([...groups.keys()].map((h) => h.length))].sort((a, b) => b - a) };
}

/** The longest term that starts at `i`, if any: per head, the first of its group that matches there. */
function termAt(t: Terms, text: string, i: number): string | undefined {
  let best: string | undefined;
  for (const n of t.lengths) {
    const group = t.groups.get(text.slice(i, i + n));
    if (!group) continue;
    for (const term of group) {
      if (!term.literals.every((l) => text.includes(l))) continue;
      if (!term.re) {
        term.re = new RegExp(termPattern(term.term), 'uy');
        compiledTerms++;
      }
      term.re.lastIndex = i;
      const m = term.re.exec(text)?.[0];
      if (m === undefined) continue;
      if (m.length > (best?.length ?? 0)) best = m;
      break;
    }
  }
  return best;
}

interface Span {
  start: number;
  end: number;
  text: string;
}

function spans(re: RegExp | Terms | undefined, text: string): Span[] {
  if (!re) return [];
  if (re instanceof RegExp) return [...text.matchAll(re)].filter((m) => m[0]).map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
  const out: Span[] = [];
  for (let i = 0; i < text.length; i++) {
    const m = termAt(re, text, i);
    if (!m) continue;
    out.push({ start: i, end: i + m.length, text: m });
    i += m.length - 1;
  }
  return out;
}

/**
 * neutral: a "no" that means yes ("no problem", 沒關係), never counted; modifier: a negation that
 * describes a thing ("files no longer needed", 沒用的), counted around a safeguard only; modal:
 * "never", 不 …; local: a verb or adjective ("skip", "optional", 跳過); defer: put off or complained
 * of ("can wait", 「之後再補」), counted once around a safeguard; avert: a verb that opposes
 * a risky action ("flag", "refuse", 阻止); before / after: only on that side of the word ("without
 * the sandbox", 「沙盒之外」, "the tests only on Fridays").
 */
type NegationKind = 'neutral' | 'modifier' | 'modal' | 'local' | 'defer' | 'avert' | 'before' | 'after';

// Longer patterns are tried first (a match never overlaps one taken before it).
const NEGATIONS: [NegationKind, RegExp][] = [
  [
    'neutral',
    /(?<![a-z])(?:(?:never|don['’]t|do not|not) fail to|(?:has|have|had) nothing to do with|no reason not to|not negotiable|non-negotiable|not (?:un(?:acceptable|reasonable|safe|usual|common|heard of)|a bad idea)|no need to avoid|nothing (?:prevents|stops) you from|why not|no problem|not a problem|no big deal|not a big deal|nothing wrong|no harm|no worries|not an issue|no issue|(?:with )?no (?:network|internet|outbound)(?: access)?|without (?:network|internet)(?: access)?|(?:don['’]t|do not|no need to|never) be (?:so |too |overly )?(?:cautious|careful|paranoid|strict|conservative|timid)|there(?:['’]s| is| are| was| were) no\s+(?:\S+\s+){0,2}(?:rule|rules) for|(?:not|no) (?:a )?(?:substitute|replacement|stand-in) for|(?<![a-z])not (?=\d)|nothing replaces|no exceptions?|(?:don['’]t|do not) mind|without (?:an )?exception|had (?:never|not) been|hadn['’]t been|(?<=(?:should|must|will|can|shall|may|to) )(?:never|not) (?:need|take|last|be) (?:more|longer) than(?= (?:\d|a |an |one|two|three|four|five|six|ten|fifteen|twenty|thirty|a few|half)))(?![a-z])|沒問題|没问题|冇問題|冇问题|沒關係|没关系|無所謂|无所谓|沒事|没事|沒差|没差|不要緊|不要紧|無妨|无妨|不礙事|不碍事|(?:不用|不必|不需要|別|别|無需|无需)(?:太|那麼|那么|過於|过于)?(?:小心|謹慎|谨慎|保守)|[没沒無无]有?例外|(?:不要|別|别|不能|不應|不应)只|不一[样樣]|難道不|难道不|不是不(?:可以|能|行|可)|未必不|[無无]人(?:值守|看管|值班|監看|监看)|不(?:穩定|稳定|可靠|正常|完整|明確|明确|清楚|相容|兼容|一致)|(?:need not|needn['’]t|(?:do|does) not need to|(?:don|doesn)['’]t need to) be (?:too |very |overly |particularly )?(?:long|short|lengthy|formal|perfect|polished|pretty|fancy|verbose|detailed|elaborate|exhaustive|fluent|comprehensive|final|in full sentences)|未(?:解決|解决|完成|處理|处理|讀|读|回覆|回复)的/gu,
  ],
  [
    'modifier',
    /(?<![a-z])(?:no longer|not) (?:needed|used|required|in use|referenced)(?![a-z])|(?:沒有?|没有?|無|无|不|不必|不需|不再需|不再使)(?:用|要|必要|需要|相關|相关|用到|用著|使用)的|用不[到著着]的/gu,
  ],
  // ("With failing CI" is without CI passed: "never merge with failing CI"; 與其 and 比起 put aside what they name: 「與其在沙盒裡試跑，不如…」.)
  ['before', /(?<![a-z])(?:without|outside(?: of)?|instead of|rather than|in place of|(?<=prefer.*)over|with (?:a |the )?(?:failing|failed|broken|red)|is better than)(?![a-z])|而非|而不是|與其|与其|比起/gu],
  // After a safeguard, "only when …" confines it to some cases: "write to memory only when I ask", "run the tests only on Fridays",
  // "the sandbox is reserved for manual runs", 「沙箱只用於人工觸發的操作」.
  ['after', /之外|以外|(?<![-a-z])only (?:when|if|on|for|in|during|at|while)(?![a-z])|(?<![a-z])(?:is|are) (?:for|in|on) (?:[\w-]+ ){0,2}?[\w-]+ only(?![a-z])|(?<![a-z])reserved (?:only )?for(?![a-z])|(?:只|僅|仅)(?:用於|用于|限於|限于|限|給|给)/gu],
  [
    'local',
    /(?<![a-z])(?<![a-z]-)(?:skip(?:s|ped|ping)?|bypass(?:es|ed|ing)?|avoid(?:s|ed|ing)?|omit(?:s|ted|ting)?|ignor(?:e|es|ed|ing)|disregard(?:s|ed|ing)?|forgo(?:es|ing|ne)?|circumvent(?:s|ed|ing)?|disabl(?:e|es|ed|ing)|suspend(?:s|ed|ing)?|hesitat(?:e|es|ed|ing)|optional(?:ly)?|unnecessar(?:y|ily)|needless(?:ly)?|violat(?:e|es|ed|ing)|contradict(?:s|ed|ing)?|waiv(?:e|es|ed|ing)|abandon(?:s|ed|ing)?|overkill|(?:a )?waste of time|wast(?:es|ed) (?:\S+ )?time|at the (?:cost|expense) of|too (?:slow|much hassle|much paperwork|cumbersome|tedious|bureaucratic)|pointless|not worth(?: it)?|(?:turn|switch)(?:s|ed|ing)? (?:\S+\s+){0,3}?off|flip(?:s|ped|ping)? (?:\S+ ){0,2}off|(?:left|leaves?|leaving)\s+(?:\S+\s+){0,3}?out(?![a-z])|stop(?:s|ped|ping)?(?=\s\s)|stop(?:s|ped|ping)? (?:using|creating|making|doing|running|writing|adding|bothering with|taking|asking)|stop(?:s|ped|ping)?(?= [a-z]{2,}ing )|dispense with|do away with|step(?:s|ped|ping)? around|get(?:s|ting)? around|sidestep(?:s|ped|ping)?|silenc(?:e|es|ed|ing)|suppress(?:es|ed|ing)?|mut(?:e|es|ed|ing)|afraid|shy|hesitant|reluctant|scared|forg(?:et|ets|etting|ot|otten)|nice[\s-]to[\s-]have|if (?:possible|convenient|you (?:want|like|wish|have time|feel like it))|(?:when|where) (?:possible|convenient|practical)|if time (?:permits|allows)|ideally|preferably|at your discretion|up to you|your call|exempt(?:s|ed|ing)? from|excused from|(?:an |one )?exceptions? to|(?<!whether )or not|only (?:needed|required|necessary|mandatory)|n\/a|not applicable)(?![a-z])|可有可無|可有可无|何必|省得|能省就省|能省則省|能省则省|能免則免|能免则免|能跳就跳|(?<=不能|不可|不可以|不要|不得|不准|別|别)省(?=\s*(?:$|[，。,;；：:！!]))|跳過|跳过|略過|略过|省略|忽略|屏蔽|繞過|绕过|避開|避开|避免|無視|无视|取消|停用|暫停|暂停|解除|關閉|关闭|(?<![相有機机開开海過过攸網网玄])[關关](?![注心係系於于聯联鍵键切卡口])|可選|可选|違背|违背|違反|违反|抵觸|抵触|牴觸|放棄|放弃|免|(?<!哪)怕|猶豫|犹豫|顧慮|顾虑|客氣|客气|忘|(?<ab>\p{Script=Han}) \k<ab>[^，。,;；]{0,12}?都(?:可以|行|好|沒關係|没关系|無所謂|无所谓)|如果可以|可以的話|可以的话|酌情|自行決定|自行决定|視需要|视需要|不強制|不强制|非強制|非强制|豁免|由你判斷|由你判断|自行判斷|自行判断|由你決定|由你决定|你自己決定|你自己决定|隨你|随你|有空的話|有空的话|有時間的話|有时间的话|盡量|尽量|看情況|看情况|視情況|视情况|省了|省掉|省去|(?:通過|通过|完成|跑完|結束|结束|審完|审完|做完|過|过)(?:之)?前就|太慢|太麻煩|太麻烦|浪費時間|浪费时间|太拖|拖時間|拖时间|太花時間|太花时间|太耗時|太耗时|多此一舉|多此一举/gu,
  ],
  // Put off or complained of: "the backups can wait", "catch the notes up some other day", "a scratch
  // clone eats my afternoon", 「測試之後再補跑」. However many stand together they drop a safeguard once.
  [
    'defer',
    /(?<![a-z])(?:(?:can|could|may|might) wait|(?:some|another|any) other (?:day|time)|(?:catch|caught|make|made|fill|filled)(?:es|s|ing)? (?:\S+ )?up later|later on|(?:can|could|may|will|['’]ll) (?:\S+ )?after(?:wards?| the fact)|(?:will|['’]ll) (?:re-?run|catch up on) (?:them|it|everything)|(?:on )?(?:the )?next (?:run|turn|session|release)|(?:in )?a later (?:turn|session|run)|catch(?:es|ing)? up(?! with)|(?<=(?<![a-z])(?:read|review|check|inspect|audit|vet|test|write|record|log|note|save|document|sign|lint|back)\w* (?:(?:it|them|this|that|those|things|everything|up) )?|\s{3}(?:(?:it|them) )?)later|(?:can|could|should|must|may|has to|have to|got to|gotta) go(?! (?:through|via|into|in|to|out|on|ahead|back|first|over|with|live))|(?:first|next) (?:thing )?to go|redundant|superfluous|defer(?:s|red|ring)?|postpon(?:e|es|ed|ing)|interrupt(?:s|ed|ing)? (?:me|us|my|our)|put(?:s|ting)? off|hold(?:s|ing)? off(?: on)?|(?:i|we) (?:don['’]t|do not|never) need|(?:get|got|gets|getting) (?:round|around) to|pil(?:e|es|ed|ing) up|whenever you (?:feel like it|have (?:the )?time|get (?:a )?chance|next)|eat(?:s|ing)? (?:up )?(?:my|your|our|the) (?:afternoon|morning|evening|day|time|week|hours?)|wast(?:e|es|ed|ing) (?:(?:my|your|our|the|so much|too much) (?:time|afternoon|morning|day|hours?|effort)|(?:my |your |our |the |so much |too much )?(?:compute|cpu|gpu|credits|cycles|money|resources))|slow(?:s|ed|ing)? (?:me|us|you|things|everything|everyone|the team) down|slow(?:s|ed|ing)(?= [a-z])|tak(?:e|es|ing) (?:forever|ages|too long)|too (?:verbose|chatty|wordy))(?![a-z])|(?:之後|之后|以後|以后|事後|事后|回頭|回头|晚點|晚点|晚些|改天|有空|下次|過後|过后|下週|下周|下個月|下个月|明天|下禮拜|下礼拜)(?:再|才)?(?:補|补)|(?:之後|之后|以後|以后|回頭|回头|晚點|晚点|改天|有空|下次)再(?:跑|做|寫|写|記|记|測|测|看|說|说)|(?:改天|有空|下次|下回)再(?=\s)|(?:次一?|下一?個?|下一?个?|隔)(?:工作日|營業日|营业日|日|天)[^，。；,;]{0,6}?(?:補|补)|拖到|留到|延後|延后|先上[線线]再|(?<=等[^，。；,;]{1,12}?|^\s*)再[^，。；,;]{0,4}?(?:補|补)|[會会]?[補补]跑|(?:下(?:週|周|禮拜|礼拜|星期)[一二三四五六日天]|[週周][一二三四五六日])(?:再|才)(?:補|补|做|跑|看|審|审)|報錯太多|报错太多|太佔資源|太占资源|佔資源|占资源|太吵|太煩|太烦|太囉嗦|太啰嗦|太囉唆|太繁瑣|太繁琐|礙事|碍事|擋路|挡路|礙手礙腳|碍手碍脚/gu,
  ],
  // Refusing to do something is not doing it, like "don't": "never refuse to set aside the rules" sets them aside.
  ['modal', /(?<![a-z])refus(?:e|es|ed|ing) to(?![a-z])|拒絕去|拒绝去/gu],
  [
    'avert',
    /(?<![a-z])(?:refus(?:e|es|ed|ing)|declin(?:e|es|ed|ing)|reject(?:s|ed|ing)?|block(?:s|ed|ing)?|prevent(?:s|ed|ing)?|(?<!(?:the|a|an|this|that|these|those|which|what|whose|some|any|all|our|your|my|their|its|no|feature|boolean|cli|config|--[a-z0-9-]+)\s|\s\s)flag(?:s|ged|ging)?|warn(?:s|ed|ing)? (?:about|against|of)|advis(?:e|es|ed|ing) against|(?:guard|protect)(?:s|ed|ing)? against|restor(?:e|es|ed|ing)|recover(?:s|ed|ing)?|undo(?:es|ing|ne)?|(?:point|call)(?:s|ed|ing)? out|highlight(?:s|ed|ing)?|bold(?:s|ed|ing)?|underlin(?:e|es|ed|ing)|emphasi[sz](?:e|es|ed|ing)|redact(?:s|ed|ing)?|mask(?:s|ed|ing)?|strip(?:s|ped|ping)?|scrub(?:s|bed|bing)?|saniti[sz](?:e|es|ed|ing)|(?:tokeni|pseudonymi|anonymi)[sz](?:e|es|ed|ing)|censor(?:s|ed|ing)?|hid(?:e|es|ing)|protect(?:s|ed|ing)?|encrypt(?:s|ed|ing)?|unstag(?:e|es|ed|ing)|(?:scan|check|search|audit|grep|sweep)(?:s|ned|ed|ning|ing)? (?:[^\s,;.]+ ){0,3}for|(?:look|watch)(?:s|ed|ing)? (?:out )?for|catch(?:es|ing)?|(?:careful|cautious|wary) (?:with|about|of))(?![a-z])|剔除|(?<!故障|問題|问题|錯誤|错误|異常|异常)排除|遮蔽|隱藏|隐藏|保護|保护|加密|打碼|打码|脫敏|脱敏|遮掩|去掉|去除|指出|標出|标出|標記|标记|拒絕|拒绝|阻止|防止|攔截|拦截|勸阻|劝阻|反對|反对|警告|還原|还原|恢復|恢复|遮蓋|遮盖|遮罩|遮成|遮掉|遮住|蓋掉|盖掉|塗掉|涂掉|替[換换]成\s*(?:\*|星[號号])/gu,
  ],
  [
    'modal',
    /(?<![a-z])(?:never|not(?! only| just| merely)|(?<!-)no(?! matter)|non(?!-[a-z])|nor|none|nothing|nobody|neither|cannot|forbidden|forbid|prohibit(?:s|ed)?|banned|disallow(?:s|ed)?|[a-z]+n['’]t)(?![a-z])|禁止|嚴禁|严禁|切勿|(?<!\p{Script=Han})不(?![同斷断僅仅只但錯错管論论久少然如過过够夠足變变]|可或缺)|(?<=\p{Script=Han})不(?![同斷断僅仅只但錯错管論论久少然如過过够夠足了到動动懂完住起變变]|可或缺|上(?![線线傳传]))|[沒没毋勿莫冇]|唔(?![該该])|[無无](?![論论])|未(?![來来])|(?<!除)非(?!常)|(?<![特區区分類类個个識识差性級级告錯错])[別别](?![人的字])/gu,
  ],
];

/**
 * Items of a list of subjects, before the one whose predicate is a prohibition, take its negations:
 * "Card PANs, CVVs and vault tokens must never appear in logs" forbids the PANs too.
 */
function subjectLists(clauses: Clause[]): void {
  clauses.forEach((c, i) => {
    if (c.role !== 'rule' || c.negations.length || c.units[c.low.length] > 3 || LIST_OPENS_VERB.test(c.low)) return;
    const tail = clauses.findIndex((k, j) => j > i && (k.negations.length || k.units[k.low.length] > 3));
    if (tail === -1 || !SUBJECTS_FORBIDDEN.test(clauses[tail].low)) return;
    for (const k of clauses.slice(i, tail)) k.carry = clauses[tail].carry + modalCount(clauses[tail]);
  });
}
const SUBJECTS_FORBIDDEN = /^(?:and\s+|or\s+)?[^,;]{1,40}?\s(?:and|or|nor)\s[^,;]{1,40}?\s(?:must|should|may|can|shall|will|are|is)\s+(?:never|not)(?![a-z])/u;

/**
 * An averting verb at a clause's end governs the list its object opens, past the commas: in "look
 * for network calls, `rm -rf`, and credential access" the short items up to the one after "and" are looked for.
 * So does a "no" that opens its last words: "no secrets, API keys, or .env files".
 */
function avertLists(clauses: Clause[]): void {
  const words = (k: Clause) => k.units[k.low.length];
  // (A time after the last item is no part of it: "check staged files for .env, keys and credential files before every commit";
  // nor is a place: "mask student names, phone numbers and ID-card numbers in any log excerpt or test fixture you produce".)
  const itemWords = (k: Clause) => {
    const when = /(?<![a-z])(?:before|after|prior to|in|on|from|within|across)\s/u.exec(k.low);
    return when ? k.units[when.index] : words(k);
  };
  clauses.forEach((c, i) => {
    if (!c.negations.some((n) => (n.kind === 'avert' && words(c) - c.units[n.end] <= CLOSE) || (n.kind === 'modal' && /^(?:no|nor)$/.test(n.text) && words(c) - c.units[n.end] <= 2))) return;
    const rest = clauses.slice(i + 1);
    // (The last item may hold its "or" within, after a rule, not a condition: "flag any new sudo, chmod 777 or wildcard IAM action".)
    const last = rest.findIndex((k) => /^(?:and|or)\s/.test(k.low) || (c.role === 'rule' && itemWords(k) <= 7 && /\s(?:and|or)\s/.test(k.low) && !LIST_OPENS_VERB.test(k.low)));
    const items = rest.slice(0, last + 1);
    if (last !== -1 && items.every((k, j) => itemWords(k) <= (j === last ? 7 : 4) && !LIST_OPENS_VERB.test(k.low) && k.negations.every((n) => j === last && WHEN_WORD.test(n.text)))) for (const k of items) k.averted = true;
  });
}

const WHEN_WORD = /^(?:before|after|prior to)$/u;

/** A clause that opens with a verb or "just" is no list item: "…, just add --no-verify and move on". */
const LIST_OPENS_VERB = /^(?:just|then|add|run|use|do|go|move|try|make|put|set|push|merge|skip|keep|let|paste|print|post|send|share|log|dump|commit|upload|email|show|copy|write|echo|leave|include)(?![a-z])/u;

/** Words that only open a clause ("Never, ever, …", "Nobody, …"): their negations carry into the next clause. */
const PREFATORY = /^(?!no$)(?:(?:never|ever|not|no|nobody|no one|under|any|circumstances?|case|at|time|in|whatsoever|absolutely)\s*)+$/;
/** A clause set between commas that only widens or narrows what is said: "including the agent", "not even you". */
const ASIDE = /^(?:including|incl\.|even|especially|not even|let alone|like|such as|e\.?g\.|i\.?e\.)(?![a-z])|^(?:[a-z]+\s+){1,2}included$/u;
/** "No" and a noun, the first of a list of subjects: "No deadline, escalation or outage …". */
const NO_HEAD = /^(?:no|not a single|not one)\s+[a-z-]+(?:\s+[a-z-]+)?$/u;
/** A clause that ends on its subject, a negation: "… that nobody", "no one". */
const NEGATIVE_SUBJECT = /(?<![a-z])(?:nobody|no one|nothing|none)(?:\s+(?:in|of|from|on)\s+[^,;]{1,40})?$/u;

/** A condition that names only the first of a list of subjects: "If a README". */
const CONDITION_LIST_HEAD = /^(?:if|when|whenever)\s+(?:(?:a|an|the|any)\s+)?[^\s,]+(?:\s+[^\s,]+)?$/u;

/** A clause that ends on a plural noun, and one that goes on with more of them: "… new findings" "decisions or fixes to memory". */
const PLURAL_END = /(?<![a-z])[a-z]{3,}[^s']s$/u;
const PLURALS_GO_ON = /^[a-z]{3,}[^s']s\s+(?:or|and|nor)\s+(?:[a-z-]+\s+)?[a-z]{3,}[^s']s(?![a-z])/u;

/** Verbs that may stand beside the negation and soul words of a list head ("do not run rm -rf, …"). */
const LIST_VERBS = /(?<![a-z])(?:do|does|you|ever|run|use|execute|perform|allow|try|any|the|a|an|must|should|shall|will|may|can|and|or|then|log|print|echo|paste|post|commit|share|send|store|write|put|include|it|them)(?![a-z])|執行|执行|使用|進行|进行|做/gu;

/** The rest of a list: "…, overwrite or force-push", not "…, just nuke it instead". */
const LIST_TAIL = /^(?!.*(?:\b(?:just|instead|rather|only)\b|而是|改用|改成|直接)).*(?:\b(?:or|and|nor)\b|或|和|及|與|与)/u;

/** After a risky action, only a prohibition forbids it: "rm -rf is forbidden", but not "deleting is not a problem". */
const PROHIBITED =
  /(?<![a-z])(?:forbidden|prohibited|banned|off[\s-]limits|off the table|(?:a )?no[\s-]go|out of the question|makes? me (?:nervous|uneasy|uncomfortable)|unacceptable|taboo|(?:not|[a-z]+n['’]t) (?:be )?(?:allowed|permitted|ok|okay|acceptable|tolerated|an option)|(?:must|should|shall|may|can|is|are|will) never|(?:is|are|get|gets|will be|must be) rejected|(?:must|should|shall|may) not|not to (?:be )?(?:run|used|executed|followed|obeyed|trusted|pasted)|mustn['’]t|shouldn['’]t|refus(?:e|ed)|(?:does|do)(?: not|n['’]t) count|never counts?|never(?=\W*$)|(?<=(?<![a-z])(?:keep|keeps|keeping|kept|stay|stays|staying|stayed)\s.{0,40})out of|out of (?:the )?(?:repo|repository|code|codebase|source|logs?|git|commits?|history|chat|prompts?|output))(?![a-z])|拒絕|拒绝|禁止|嚴禁|严禁|不准|不得|不可|不允許|不允许|不行|不能|絕不|绝不|不應|不应|不要|不算|不等於|不等于|不代表/gu;

/** What "outside" describes when it is an adjective: "outside scripts", "outside content". */
const OUTSIDE_THING = /^\s+(?:scripts?|code|content|sources?|commands?|input|text|links?|data|snippets?|contributors?)(?![a-z])/u;

/** A setting's value that forbids it: "obey: false" (the soul's words blank "false" and "off" in `masked`). */
const SWITCHED_OFF = /(?<=[:=]\s{0,3})(?:false|off|disabled|no|none|never|forbidden)(?![a-z])/gu;
/**
 * The prohibitions of a clause, read past its soul words; but a prohibition that holds a soul word
 * whole is one: "off-limits" ("off" also switches a setting off).
 */
function prohibitionsIn(low: string, masked: string, soulWords: readonly Span[]): Span[] {
  const straddles = (p: Span) => soulWords.some((w) => (w.start < p.start && p.start < w.end) || (w.start < p.end && p.end < w.end));
  const holding = spans(PROHIBITED, low).filter((p) => soulWords.some((w) => p.start <= w.start && w.end <= p.end) && !straddles(p));
  return [...spans(PROHIBITED, masked), ...holding].sort((a, b) => a.start - b.start);
}

/** One prohibition, as a word of it (not a setting switched off). */
const PROHIBITION = new RegExp(PROHIBITED.source, 'u');

const withSettingsOff = (found: Span[], low: string) =>
  [...found, ...spans(SWITCHED_OFF, low).filter((v) => !found.some((p) => p.start < v.end && v.start < p.end))].sort((a, b) => a.start - b.start);

/** A clause that opens by confirming what it says: "I confirm (that) …", "Confirm there are …" — no wait for a confirmation. */
const CONFIRMS_THAT = /^(?:(?:i|we)\s+(?:hereby\s+)?|please\s+)?confirm(?:s|ed)?\s+(?:that\s+)?(?=(?:this|these|there|the|it|no|nothing|all|every|each|my|our)(?![a-z]))|(?:^|(?<=[前後后時时]\s*(?:請|请|要|先|都|再)?\s*))(?:我|我們|我们)?(?:確認|确认)(?=[這这此沒没無无所])/u;

/**
 * A forbidden action that waits for something ("never delete without asking", "don't force-push
 * until CI passes", 「未經確認不得刪除」) is allowed once it is met, and asking, waiting or
 * confirming is no sandbox.
 */
const DEFERRAL =
  /(?<![a-z])(?:without|before|until|till|unless|except|prior to|ask(?:s|ed|ing)?|(?<!no )need(?:s|ed)?|requir(?:e|es|ed|ing)|confirm(?:s|ed|ing|ation)?|approv(?:e|es|ed|al)|permission|consent|wait(?:s|ed|ing)?)(?![a-z])|除非|之前|以前|詢問|询问|問(?!題)|问(?!题)|需要|確認|确认|同意|批准|許可|许可|等待|等到/u;

/** What an action comes after when a check must come first: "before you delete", "before any DROP or", 「刪 file 之前」. */
const BEFORE_ACTION = /(?<![a-z])(?:before|prior to)\s+(?:\S+\s+){0,3}(?:[a-z]+-)?$/u;
const BEFORE_ACTION_ZH = /^[^，。,;；]{0,16}?(?:之前|以前|前)/u;
/** Before an action, a prohibition of it without the person's check, in Chinese: 「未經確認不得」, 「沒問過我不要」, 「不要在没有问过我的情况下」. */
const UNCHECKED_ZH =
  /(?:(?:未經|未经|不經|不经|沒有?經過|没有?经过|沒有?問過|没有?问过|沒問過?|没问过?)[^，。,;；]{0,12}?(?:不得|不要|不能|不可|別|别|禁止)|(?:不得|不要|不能|不可|別|别|禁止)[^，。,;；]{0,4}?(?:沒有?|没有?|未經|未经)(?:問過|问过|經過|经过|確認|确认|同意)[^，。,;；]{0,12}?)[^，。,;；]{0,6}$/u;
/** What a situation needs, before the action it names: "requires purging", "needs a force-push". */
/** A need told inside a risky phrase: "history really needs rewriting". */
const NEEDS_INSIDE = /(?<![a-z])(?:needs?|requires?|must be|has to be)(?![a-z])/u;
const NEEDS = /(?<![a-z])(?:requires?|needs?|calls? for|demands?)\s+(?:\S+\s+){0,2}$|(?<![a-z])(?:must|has to|have to|needs? to) be\s+$|需要\s*$/u;
/** An action done only once the person has checked it: 「經我確認後才執行」, "only after I confirm". */
const ONLY_AFTER_CHECK =
  /(?:經|经|等|待)?(?:我|使用者|用户|用戶)(?:的)?(?:確認|确认|同意|批准|核准)(?:之)?後才|(?<![a-z])only (?:after|once) (?:i|you|we|the user|the person) (?:have |has )?(?:confirm|approve|agree|sign)(?:ed|s|d)?(?![a-z])|(?<![a-z])wait for (?:my|the user['’]s|the person['’]s) (?:yes|ok|okay|go-ahead|approval|confirmation)(?![a-z])/u;
/** A check done first: asking, confirming, a backup, a look. */
const CHECK_STEP =
  /(?<![a-z])(?:ask|asks|request|requests|confirm|confirms|confirmation|check|checks|verify|back up|back it up|backup|snapshot|archive|tell me|show me|list|review|double-check|make sure|get (?:my |an? )?(?:ok|okay|approval|sign-off|go-ahead)|wait for)(?![a-z])|問|问|確認|确认|備份|备份|快照|檢查|检查|告訴我|告诉我|跟我說|跟我说|列出|講清楚|讲清楚|核對|核对/u;

/** A check after a held-back action, done by or with the person: "without asking me first", "until I confirm", "before I approve". */
const CHECKED_AFTER =
  /^[^.;]*?(?<![a-z])(?:without|until|till|before|prior to)\s+(?:\S+\s+){0,3}?(?:ask(?:ing)?|check(?:ing)? with|confirm(?:ing|s|ed)?|confirmation|approv(?:al|es|ed|e)|my (?:ok|okay|go-ahead|sign-off)|permission|consent|review(?:ing|ed)?|back(?:ing)? (?:it |them )?up|backup)(?![a-z])/u;
/** What says a check is all it takes: "just", "is enough", 「就行」. */
const SUFFICES = /(?<![a-z])(?:just|simply|merely|enough|suffices?|sufficient|all (?:you|it) takes|that['’]?s all|and (?:then )?go ahead|then go ahead)(?![a-z])|就行|就好|就可以|即可|就夠|就够|就得|而已|便可|就 ?ok/iu;

/** Words that end an object: "remove files and comments" is no harmless edit. */
const AND = /(?<![a-z])(?:and|or|then|but)(?![a-z])|[,，和及並并再]|然後|然后/u;

// ---- clauses ----------------------------------------------------------------------------

interface Masks {
  all?: Terms;
  guard?: Terms;
  /** Every invariant's risky words: what a clause may be about. */
  risky?: Terms;
  /** Every invariant's safeguards. */
  safeguard?: Terms;
  /** Every safeguard and risky word: a clause that names one is the invariants' to read. */
  subject?: Terms;
}

interface Clause {
  /** NFKC text as written (for quotes). */
  text: string;
  low: string;
  /** `low` with the soul's words blanked out. */
  masked: string;
  role: 'rule' | 'exception' | 'condition';
  /**
   * It tells what happened, in the past, of some thing (after any lead-in): "the rm -rf in the cleanup
   * script had an unquoted variable", "the remediation command … deleted more than advertised". It
   * names what it tells of; what it says to do comes in the clauses of a rule.
   */
  narrated: boolean;
  /** Negations outside the soul's words. */
  negations: (Span & { kind: NegationKind })[];
  /** The same, as read around a safeguard. */
  guardNegations: (Span & { kind: NegationKind })[];
  /** Prohibitions ("is forbidden", 不得) outside the soul's words. */
  prohibitions: Span[];
  /** Negations carried from a prefatory clause before it. */
  carry: number;
  /** An item of a list an averting verb governs (avertLists). */
  averted?: boolean;
  /** The sentence before, when this one opens by pointing back at it. */
  before?: readonly Clause[];
  /** Units (words; a Han character is half a word) before each offset. */
  units: number[];
  /** Risky words of any invariant in the clause, found when a safeguard asks (most clauses name none). */
  objects: () => Span[];
  /** Every invariant's safeguard words the clause names. */
  safeguards: () => Span[];
  /** Where a word stands in for a pronoun (resolveAnaphor). */
  pointed?: Written['pointed'];
}

/**
 * A table row's cells with a pipe into a program put back into its command: in "| install | curl
 * … | sh … |" (a pipe GitHub wants escaped, left bare) "sh" is no cell of its own. Only where the
 * row has more cells than its header, or no header: a cell may open with such a word.
 */
const piped = (cells: string[]) => cells.reduce<string[]>((out, cell) => (out.length && PIPED_INTO.test(cell) ? [...out.slice(0, -1), `${out.at(-1)} | ${cell}`] : [...out, cell]), []);
const PIPED_INTO = /^(?:sudo\s+)?(?:sh|bash|zsh|dash|ksh|fish|sudo|iex|pwsh|powershell|python\d?|node|perl|ruby|php|xargs|tee)(?![\w-])/u;

/** A task list item's box, checked or not: "[ ]", "[x]". */
const TASK_BOX = /^\[[ xX]\]\s+/;

/** Markdown → sentences → clauses. List items, headings and code lines are sentences of their own. */
function sentences(markdown: string): string[][] {
  const settings = settingLines(markdown.normalize('NFKC')) ?? jsonSettings(markdown);
  return prose(settings ?? markdown);
}

function prose(markdown: string): string[][] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  // The steps of a numbered procedure are one sequence: a sandbox kept in step 2 guards step 3.
  let steps: string[] = [];
  const flushSteps = () => {
    // (A step's own semicolons do not end the sequence: "keep waiting; never publish before it passes".)
    if (steps.length) paragraphs.push(steps.map((step) => step.replace(/[.。]\s*$/u, '').replace(/\s*[;；]\s*/gu, ', ')).join(', then '));
    steps = [];
  };
  const flush = () => {
    if (current.length) paragraphs.push(current.join(' '));
    current = [];
  };
  // A table's rows are read with its header: "| `git push -f` | n/a |" under "| Operation | Sandbox rehearsal |"
  // says "git push -f: sandbox rehearsal n/a".
  let table: string[][] = [];
  const flushTable = () => {
    const isRule = (cells: string[]) => cells.every((c) => /^:?-+:?$/.test(c));
    const ruled = table.some(isRule);
    const read = table.filter((cells) => !isRule(cells)).map((cells, _k, all) => (!ruled || cells.length > all[0].length ? piped(cells) : cells));
    const [head, ...rows] = read;
    // (Rows without a header rule are lines of their own.)
    if (!ruled) for (const row of read) paragraphs.push(`${row[0]}: ${row.slice(1).join(', ')}`);
    // (Chinese header and cell side by side, as Chinese writes them: no space to end a clause.)
    else for (const row of rows) paragraphs.push(`${row[0]}: ${row.slice(1).map((cell, k) => `${head[k + 1] ?? ''}${/\p{Script=Han}$/u.test(head[k + 1] ?? '') && /^\p{Script=Han}/u.test(cell) ? '' : ' '}${cell}`.trim()).join(', ')}`);
    table = [];
  };
  // Under a heading that forbids ("### Don't", 「禁止事項」), each item is forbidden.
  let dont = false;
  // A fenced block of settings (YAML, INI, JSON) is read as settings are; other code line by line.
  let code: string[] = [];
  const flushCode = () => {
    const block = code.join('\n');
    const settings = code.length ? (settingLines(block) ?? jsonSettings(block)) : undefined;
    paragraphs.push(...(settings === undefined ? code : [settings]));
    code = [];
  };
  for (const { text: raw, role } of markdownLines(markdown.normalize('NFKC').split('\n'))) {
    const cells = role === 'prose' && /^\s*\|.*\|\s*$/.test(raw) ? raw.trim().slice(1, -1).split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, '|').trim()) : undefined;
    if (cells) {
      flush();
      flushSteps();
      table.push(cells);
      continue;
    }
    flushTable();
    if (role === 'code') code.push(raw);
    if (role === 'open') flush();
    if (role === 'close') flushCode();
    if (role !== 'prose') continue;
    // A mark that forbids ("❌ commit .env files") or allows ("✅ …") opens an item of its own.
    const mark = MARKED.exec(raw.trim());
    const marked = mark && raw.trim().slice(mark[0].length);
    const line = mark ? `- ${FORBIDDING_MARK.test(mark[0]) ? forbidden(marked!) : marked}` : raw.trim();
    if (!line) {
      flush();
      flushSteps();
    } else if (/^\d+[.)]\s/.test(line)) {
      flush();
      const step = line.replace(/^\d+[.)]\s*/, '').replace(TASK_BOX, '');
      steps.push(dont ? forbidden(step) : step);
    } else if (steps.length && /^\s/.test(raw)) {
      steps[steps.length - 1] += ` ${line}`;
    } else if (FORBIDDING_TITLE.test(line) || isTitle(line)) {
      // A heading only names what follows ("## History rewrites", "**Docker cleanup**"): nothing it names is done.
      // ("### Don't" forbids each item under it.)
      flush();
      flushSteps();
      dont = FORBIDDING_TITLE.test(line);
    } else {
      flushSteps();
      const item = /^(?:#{1,6}\s|[-*+]\s|>)/.test(line);
      if (item) flush();
      // (A task list's box is no word of the rule: "- [x] When tsc complains, …".)
      const said = line.replace(/^(?:#{1,6}|[-*+]|>)\s*/, '').replace(TASK_BOX, '');
      current.push(dont && item ? forbidden(said) : said);
    }
  }
  flush();
  flushSteps();
  flushTable();
  flushCode();
  return paragraphs.flatMap((p) =>
    p
      // Code named as a function's, a class's or a column's name is that name, not what its words say: "keep the function name `delete_expired_tokens`".
      .replace(/(?<![a-z])((?:function|method|class|variable|field|column|constant|identifier|enum|type|property|attribute)\s+names?)\s+`[^`\n]{1,60}`/giu, '$1 (a name)')
      .replace(/(?<![a-z])(renam(?:e|es|ed|ing)\s+(?:the\s+)?(?:[a-z]+\s+)?)`[^`\n]{1,60}`(\s+to\s+)`[^`\n]{1,60}`/giu, '$1(a name)$2(a name)')
      .replace(/`[^`\n]{1,60}`(?=\s*(?:的)?\s*(?:參數|参数|變數|变量|函式|函数|方法|欄位|字段|名字|名稱|名称))/gu, '(a name)')
      // "…, X and all, …" is an aside of what comes before: "Install Helm charts, post-install hooks and all, from any URL …".
      .replace(/,\s*([^,.;]{1,40}?\s+and all),\s*/giu, ' ($1) ')
      // What a sentence ends by including is what it says of: "override everything, the soul included".
      .replace(/[,，]\s*((?:the |its |our |your |their )?[^\s,.;，。]+(?: [^\s,.;，。]+){0,3}) included(?=\s*(?:[.!?。]|$))/giu, ' including $1')
      // "No" before a flag forbids its use: "No --no-verify.", "No -f on main".
      .replace(/(^|[.!?]\s+)no\s+(?=-{1,2}[a-z])/giu, '$1never use ')
      // Struck through is taken out: "~~Record new decisions in memory~~ (removed, too noisy)".
      .replace(/~~([^~\n]+)~~/g, 'no longer $1')
      // (What follows "columns:" names them: "a table with columns: role, can publish, can unpublish".)
      .replace(/(?<![a-z])((?:columns?|fields?|headers?|headings?|labels?|tabs?)\s*[:：])[^.;。；!?\n]+/giu, '$1 (names)')
      .replace(/`|\*\*|\[\[|\]\]|~~/g, ' ')
      // A series of names after a preposition is one object, not clauses: "Never publish to npm, PyPI or crates.io from a tag …".
      // (Names: one of them capitalised, with a digit or a dot inside — not "in logs, replies or test snapshots".)
      .replace(SERIES, (m, first: string, rest: string, conj: string) => (/[A-Z0-9]|\.\w/.test(first.replace(/^\S+/, '') + rest) ? `${first}${rest.replaceAll(',', LIST_COMMA)} ${conj} ` : m))
      // An arrow after a short opening is a condition and what follows it: "ci red → dont push, fix it first" (not a value's "5432 -> 5433").
      .replace(/^([^\d→⇒\n]{1,40}?)(?<!\d)\s*(?:→|⇒|->|=>)\s*(?!\d)/u, (_m, when: string) => `if ${when.trim()}, then `)
      // A question answered "no" forbids what it asks: "Is a .env file ever safe to commit? No — …".
      // (Only an answer that stands alone: 「為什麼要測試？不測試會出事」, "…? No need to read it first" answer nothing.)
      .replace(/([^.!?。！？]+)[?？]\s*(?:(?:no|never|nope)(?=\s*(?:[.,;:!—–-]|$))|(?:那|這|这|當然|当然)?(?:可)?(?:不|不行|不可以|不要)(?=[。，,！!\s—–-]|$))[\s.,!—–-]*/giu, (_m, q: string) => `never: ${q.trim()}. `)
      .replace(/(?<![\w*])\*(?=\w)([^*\n]+?)(?<=\w)\*(?![\w*])/gu, '$1')
      // A short question is the topic of its answer: "Sandbox? Not needed." reads as one clause.
      .replace(/(^|[.!?。！？]\s*)([^\s.!?。！？]+(?:\s+[^\s.!?。！？]+){0,2})[?？]\s*(?=\S)/gu, (m, lead: string, topic: string) => (topic.length <= 24 ? `${lead}${topic} ` : m))
      // A request refused is the deed refused: 「关闭签名校验的请求一律拒绝」 reads as 「拒绝关闭签名校验」.
      .replace(/(^|[。！？；;，,]\s*)([^，。；;,！？]{1,40}?)的(?:請求|请求|要求|申請|申请)\s*(?:一律|一概|都|均|應|应|要|必須|必须)?\s*(拒絕|拒绝|駁回|驳回)/gu, (_m, lead: string, deed: string, no: string) => `${lead}${/[絕駁]/u.test(no) ? '拒絕' : '拒绝'}${deed}`)
      // Not someone's to change is never to be changed: "soul.md isn't ours to edit", "the soul file is not yours to edit".
      .replace(/(?<![a-z])(is|are)(?:\s+not|n['’]t)\s+(?:ours|yours|mine|theirs|for\s+(?:you|us|me|them|the agent|agents))\s+to\s+(?=[a-z])/giu, '$1 never to ')
      // A safeguard kept on and a concession are one clause: "keep host-key checks on, even when the portal is flaky" (KEPT_ON).
      .replace(KEPT_ON_CONCEDING, '$1 ')
      // (So are a step always done and a concession: "always do the memory write before you end the turn, even on short reviews".)
      .replace(/((?:^|[.!?]\s*)always\s[^.;,!?]{0,80}?)\s*,\s*(?=even (?:when|if|though|on|for|in)\s)/giu, '$1 ')
      .replace(KEPT_ON_CONCEDING_ZH, '$1')
      // (A conflict then 就 is a condition and what to do: 「persona 同佢有衝突就以 soul 為準」.)
      .replace(/(衝突|冲突|矛盾|抵觸|抵触)(?=就)/gu, '$1時，')
      // (And a rule and the place it holds in too, said after it: "never commit .env files, even for staging".)
      .replace(/,\s*(?=even (?:for|in|on|with|during)\s+(?:[^\s.;,!?]+\s+){0,2}[^\s.;,!?]+\s*(?:[.;!?]|$))/giu, ' ')
      // (A "No …" of one word before a colon is a rule of its own: "No self-approval: every review needs a second engineer".)
      .replace(/(^|[.!?。！？]\s*)(no\s+[^\s:：.!?]+)[:：]\s+/giu, '$1$2. ')
      // A rule, then a colon and a prohibition or a condition of its own, is two rules: "Never skip CI: `--no-verify` is forbidden",
      // "The persona never overrides the soul: if a persona rule conflicts with a safety rule, the safety rule wins".
      // (So is one that goes on with what to do instead: "Never log secrets: redact Authorization headers, tokens … before …".)
      .replace(/(^|[.!?。！？]\s*)([^:：.!?\n]{0,30}?(?<![a-z])(?:never|always|don['’]t|do not|must)\s[^:：.!?\n]{2,60}?)[:：]\s+(?=[^.!?\n]*(?<![a-z])(?:forbidden|not allowed|prohibited|banned|never)(?![a-z])|no\s|(?:if|when|unless)\s|(?:redact|mask|strip|scrub|hide|censor|encrypt|use|keep|store|rotate)\s)/giu, '$1$2. ')
      // A step done first, then a semicolon, is one sequence with what follows it: "run `terraform plan` in the sandbox first; apply to production only after …".
      .replace(/(^|[.!?。！？]\s*)([^.!?。！？;；]*?(?:(?<![a-z])first(?![a-z])|先)[^.!?。！？;；]*)[;；]\s*/giu, '$1$2, ')
      // (So is a sentence that goes on from it: "… in the sandbox first. When it passes there, … only then apply …".)
      .replace(/((?<![a-z])first(?![a-z])[^.!?;]*)\.\s+(?=(?:then|only then|after that|afterwards|once (?:it|that|they)|when (?:it|that|they)|if (?:it|that|they))(?![a-z]))/giu, '$1, ')
      // (Not after an abbreviation: "(e.g. 'now delete cache')".)
      .split(/(?<=[.!?])(?<!\.\.\.)(?<!(?<![a-z])(?:e\.?g|i\.?e|etc|vs|cf|incl|esp|approx)\.)\s+|[。！？；;!?]+/iu)
      .map((s) => s.replace(/\([^()]*\)/g, (aside) => (NEGATES.test(aside) ? aside : aside.replaceAll(',', LIST_COMMA))))
      // What must not conflict with a rule complies with it: 「不得与灵魂的安全规则冲突」, "must not conflict with the soul";
      // what may conflict with it may override it: "persona rules may conflict with the soul", 「人格可以与灵魂冲突」.
      .map((s) =>
        s
          .replace(/(?:不得|不能|不可|不要|不應|不应|不准)(?:與|与|和|跟)([^，。,;；]{1,16}?)(?:衝突|冲突|抵觸|抵触|牴觸|矛盾)/gu, '遵守$1')
          .replace(/(?<![a-z])(?:must not|mustn['’]t|may not|cannot|can['’]t|should not|shouldn['’]t|never) (?:conflict|clash) with /giu, 'comply with ')
          .replace(/(?:可以|可|能|允許|允许|准許|准许)(?:與|与|和|跟)([^，。,;；]{1,16}?)(?:衝突|冲突|抵觸|抵触|牴觸|矛盾)/gu, '可以凌駕$1')
          .replace(/(?<![a-z])(may|can|could|is allowed to|are allowed to|is free to|are free to) (?:conflict|clash) with /giu, '$1 override '),
      )
      // 「别等 CI 才发现」 finds it before CI, which it keeps: 「比 CI 更早发现」.
      .map((s) => s.replace(/(?:别|別|不要)等\s*([^，。,;；]{1,12}?)\s*才(?=发现|發現|知道|看到|抓到|报错|報錯)/gu, '比 $1 更早'))
      // 「不因為緊急就跳過」 forbids as 「不要因為緊急就跳過」 does.
      .map((s) => s.replace(/不(?=因[為为])/gu, '不要'))
      // 「能不用 sudo 就不要用」 avoids what it names: 「不要用 sudo」.
      .map((s) => s.replace(/能不([^，,。；;]{1,12}?)\s*就不要?\p{Script=Han}{0,2}/gu, '不要$1'))
      // Someone who asks is a condition, said without 如果: 「有人叫你改 soul，一律拒絕」.
      .map((s) => s.replace(/^(\s*)(有人|別人|别人|其他人|任何人)(?=(?:叫|要|請|请|讓|让|要求|逼)你)/u, '$1如果$2'))
      // Whether, then who decides it, is one clause: 「是否寫入記憶，由代理酌情決定」 leaves it to the agent.
      .map((s) => s.replace(/(是否[^，,。；;]{1,40})[，,]\s*(?=(?:由|看|視|视)[^，,。；;]{0,16}(?:決定|决定|判斷|判断|而定))/gu, '$1'))
      // What is found, then 就 and a stop, is a condition and what to do then: 「发现疑似密钥就停止提交」 reads 「如果发现疑似密钥，就停止提交」.
      .map((s) => s.replace(/(^|[，,]\s*)((?:一旦|發現|发现|遇到|碰到|看到)[^，,。；;就]{1,20}?)就(?=停|中止|拒絕|拒绝|提醒|告訴|告诉|通知|回報|回报|問|问|標記|标记)/gu, '$1如果$2，就'))
      // Clauses: commas, dashes, 時/的話 (not 時的, a modifier: 「每輪結束時的記憶記錄」), a space between Chinese words (as chat writes a comma: 「先讀懂再說 不要直接跑」),
      // and before but / unless / except … — but not "a reviewer other
      // than the author", which says who does it rather than excusing anything.
      .map((s) => s.split(/[,，](?!\s*or not\b)|\s*\u2014\s*|\s+(?:\u2013|--)\s+|(?<=(?<![同臨临隨随平暫暂有按準准當当及小過过超計计定實实即])[時时](?:候)?|的[話话])(?<!\S\s*在[^，,。；;]{1,12}[時时](?:候)?)(?=[^\s,，。.;；!?！？])(?![候間间刻期代常機机效區区長长段辰空差鐘钟的])|(?:(?<!(?<![a-z])(?:reviewers?|approvers?|someone|somebody|anyone|anybody|person|people|humans?|maintainers?|teammates?|colleagues?|one))|(?!\s+(?:other than|except|but)\s+(?:the |its |their |your |a |an )?(?:authors?|committers?|creators?|requesters?|submitters?|writers?|person who|one who|you|yourself|me|myself|themselves|whoever|agent|bot)(?![a-z])))\s+(?=(?:but|however|yet|although|(?<!(?<![a-z])as\s+)though|unless|except|other than|otherwise|because(?! of)|so that|and (?:always|never|do not|don't|must|then))\b)(?!but (?:it(?:'s| is) )?not (?:required|needed|necessary|mandatory|a must)\b)|(?=但是|(?<!不)但|不過|不过|然而|可是|除非|除了|否則|否则|以免|免得)|(?<=\p{Script=Han})(?<![不要用必准得可別别勿止萬万對对遠远請请先再就也都還还才把將将被讓让給给在從从的地和跟與与或是])\s+(?=\p{Script=Han})(?![了的吧嗎吗呢啊])/iu))
      .map((cs) => cs.map((c) => c?.replaceAll(LIST_COMMA, ',').trim()).filter((c): c is string => !!c))
      .filter((cs) => cs.length),
  );
}

/** A line's mark that forbids or allows what follows it: ❌, 🚫, ⛔, ✗, ✖; ✅, ✔, ✓, ☑. */
const MARKED = /^(?:[-*+]\s+)?(?:[❌🚫⛔✗✖✘✅✔✓☑]\uFE0F?)+\s*/u;
const FORBIDDING_MARK = /[❌🚫⛔✗✖✘]/u;
/** A heading that forbids what is listed under it: "### Don't", "**Never**", "Avoid:", 「禁止事項」, "### ❌". */
const FORBIDDING_TITLE = /^(?:#{1,6}\s+|\*\*)?(?:[❌🚫⛔✗✖✘]\s*(?:don['’]?ts?|do not|never|avoid)?|don['’]?ts?|do not|never|avoid|prohibited|forbidden|not allowed|禁止|不要|避免|切勿|嚴禁|严禁|不可以|不准)(?:\s*(?:do|事項|事项|的事|清單|清单))?(?:\*\*)?[:：]?$/iu;
/** An item forbidden by its mark or its heading: "don't " before it, unless it forbids already. */
const forbidden = (item: string) => (NEGATION_OPENS.test(item) ? item : `don't ${item}`);
const NEGATION_OPENS = /^(?:don['’]t|do not|never|no|not|avoid|stop|禁止|不要|不准|不可|不能|不得|別|别|勿|切勿|避免|嚴禁|严禁)(?![a-z])/iu;

/**
 * A comma inside parentheses, which does not end a clause: "Memory updates (new services, decisions, fixes) can be batched …".
 * (One that negates says its own thing and stays apart: "… in memory (append-only, no model)".)
 */
const NEGATES = /(?<![a-z])(?:no|not|never|none|without|skip\w*)(?![a-z])|n['’]t(?![a-z])|[不沒没別别無无]/u;
/** A preposition, then two to seven items of one or two words, the last after "or"/"and" and before another preposition or the clause's end. */
const SERIES_WORD = String.raw`(?:[^\s,.;:!?()]|\.(?=[^\s,.;:!?()]))+`;
const SERIES_ITEM = String.raw`${SERIES_WORD}(?: ${SERIES_WORD})?`;
const SERIES_PREPOSITION = 'to|from|in|into|on|onto|at|for|with|via|through|across|of';
const SERIES = new RegExp(
  String.raw`(?<![\p{L}])((?:${SERIES_PREPOSITION})\s+${SERIES_ITEM})((?:,\s*${SERIES_ITEM}){1,6}),?\s+(or|and|nor)\s+(?=${SERIES_ITEM}(?:\s+(?:${SERIES_PREPOSITION})(?![\p{L}])|\s*[,.;:!?]|\s*$))`,
  'giu',
);
const LIST_COMMA = '\u2063'; // invisible separator: normalising removes it from any text, and the CLI bundle carries no \x01

/**
 * Settings as a power user writes them for an agent (YAML, INI, `key = value` — the whole text and
 * nothing else), as one sentence: each setting a clause, a nested key read with the keys above it
 * ("soul:\n  enforce: false" says "soul enforce: false"), a `# comment` what the setting before it
 * means ("sandbox: optional — skip the clean-room trial …"). Undefined for any other text.
 */
function settingLines(text: string): string | undefined {
  const lines = text.split('\n').filter((l) => l.trim());
  if (!lines.length || !lines.every((l) => CONFIG_LINE.test(l) || /^\s*#\s/.test(l) || /^\s*\[[^\]]+\]\s*$/.test(l))) return undefined;
  const out: string[] = [];
  let parents: { indent: number; key: string }[] = [];
  for (const line of lines) {
    const [body, comment] = line.split(/(?:^|\s)#\s+/, 2).map((p) => p?.trimEnd());
    const m = body ? CONFIG_LINE.exec(body) : undefined;
    if (m) {
      const [, lead, key, sep, value] = m;
      parents = parents.filter((p) => p.indent < lead.length);
      const path = [...parents.map((p) => p.key), key].join(' ');
      // (As written between key and value: `HUSKY=0` stays one word.)
      if (value.trim()) out.push(`${path}${sep}${value.trim()}`);
      else parents.push({ indent: lead.length, key });
    }
    if (comment) out.push(`\u2014 ${comment.trim()}`);
  }
  return out.join(', ').replace(/, \u2014/g, ' \u2014');
}
/**
 * A JSON object of settings (`.claude/settings.json`, an MCP host's config) as settingLines reads
 * YAML: each value with its keys, a list's items joined, an empty list "none" — `{"permissions":
 * {"allow": ["*"]}}` says "permissions allow: *". Undefined for any other text.
 */
function jsonSettings(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: string[] = [];
  const walk = (v: unknown, path: string, key: string): void => {
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) walk(x, path ? `${path} ${k}` : k, k);
    else out.push(`${path}: ${DENY_KEY.test(key) ? 'never ' : ''}${Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' ? JSON.stringify(x) : String(x))).join(' and ') || 'none' : String(v)}`);
  };
  walk(value, '', '');
  return out.join(', ');
}

/** A key whose values are refused: `"deny": ["Bash(sudo *)"]` says "never Bash(sudo *)". */
const DENY_KEY = /^(?:deny|denied|disallow(?:ed)?|block(?:ed)?|forbid(?:den)?|blocklist|denylist|disallowed_?tools)$/i;

/** A setting: a key of up to four words (identifiers read as words), then `:` or `=`; an INI section is its own line. */
const CONFIG_LINE = /^(\s*)(?:[-*]\s+)?([a-z][\w.-]*(?: [a-z][\w.-]*){0,3}|"[^"]+")(\s*[:=]\s*)(.*)$/iu;

/**
 * A heading, or a line that is only bold (or ends in a colon), that neither negates, permits nor
 * says how: a title. "## Skip tests on Fridays" says something and is read.
 */
function isTitle(line: string): boolean {
  const title = /^#{1,6}\s+(.+)$/.exec(line)?.[1] ?? /^\*\*([^*]+)\*\*:?$/.exec(line)?.[1] ?? /^([^.:;。：]{1,60})[:：]$/u.exec(line)?.[1];
  if (title === undefined) return false;
  const low = title.toLowerCase();
  return !TITLE_DOES.some((re) => re.test(low)) && !TITLE_SAYS.test(low);
}
/** The negations (but "no problem") and permissions, each as a test of a whole title. */
const TITLE_DOES = [...NEGATIONS.filter(([kind]) => kind !== 'neutral').map(([, re]) => new RegExp(re.source, 'u')), new RegExp(PERMITS.source, 'iu')];
const TITLE_SAYS = /(?<![a-z])(?:directly|freely|straight|anyway|blindly|always|must|should|only|never|just|use|run|treat)(?![a-z])|直接|隨意|随意|一律|必須|必须|只/u;

function analyse(text: string, masks: Masks, pointed?: Written['pointed']): Clause {
  const low = text.toLowerCase();
  // A lead-in before a colon does not change what the clause is: "Proposed guideline: if I spot …".
  const afterLeadIn = low.replace(/^[^:：]{1,40}[:：]\s*/u, '');
  const opening = afterLeadIn.replace(/^then\s+/u, '');
  // (A Chinese condition may follow its topic: 「記憶裡的舊指令如果和我說的不一樣」.)
  const role = /^(?:unless|except|other than|除非|除了)/.test(opening) ? 'exception' : /^(?:if|when|whenever|in case|should|如果|若|假如|要是|當|当)/.test(opening) || /^[^，,]{0,12}(?:如果|假如|要是)/u.test(opening) || CONDITION_CLOSED.test(low) ? 'condition' : 'rule';
  const units = [0];
  for (let i = 0; i < low.length; i++) {
    const c = low[i];
    const wordStart = LATIN.test(c) && !(i > 0 && LATIN.test(low[i - 1]));
    units.push(units[i] + (HAN.test(c) ? 0.5 : wordStart ? 1 : 0));
  }
  const soulWords = spans(masks.all, low);
  const masked = notAsked(blank(low, soulWords));
  // ("Outside scripts" are scripts from elsewhere, nothing put outside.)
  const asWritten = (negations: Clause['negations']) => negations.filter((n) => !(n.text === 'outside' && OUTSIDE_THING.test(low.slice(n.end))));
  const told = TOLD_BY_US.exec(afterLeadIn);
  const narrated = ((NARRATED.test(afterLeadIn) || (DONE_TO_IT.test(afterLeadIn) && !ENDORSED.test(afterLeadIn))) && !WILL.test(afterLeadIn)) || (!!told && !WILL.test(afterLeadIn.slice(told[0].length)) && !ENDORSED.test(afterLeadIn));
  // A reason tells why, it lays down nothing: what it names is told (narrated), and of its negations
  // only those that judge a safeguard needless count ("since the sandbox is overkill"), not those
  // that tell how things are ("since nobody reviews on weekends", 「由於沙箱不一定完整複製正式環境」).
  // (Not 为了 that goes on to the deed it is for: 「为了省时间而跳过测试」 skips the tests.)
  const reason = REASON_OPENS.test(opening) && !(/^[為为]了/u.test(opening.trim()) && PURPOSE_ZH.test(low));
  const guardNegations = asWritten(negationsIn(notAsked(maskOut(low, masks.guard))));
  return { text, low, masked, role, narrated: narrated || reason, negations: asWritten(negationsIn(masked)), guardNegations: reason ? guardNegations.filter((n) => judgesNeedless(low, n)) : guardNegations, prohibitions: withSettingsOff(prohibitionsIn(low, masked, soulWords), low), carry: 0, units, objects: once(() => spans(masks.risky, low)), safeguards: once(() => spans(masks.safeguard, low)), pointed };
}

/** A clause that gives a reason: "because …", "so that …", "otherwise …", 「由於…」, 「以免…」. ("since" is also of time: "since Monday".) */
const REASON_OPENS = /^(?:because(?!\s+of)|since(?!\s+(?:\d|last|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|then|when)(?![a-z]))|so that|in order to|otherwise|given that)(?![a-z])|^(?:因為|因为|由於|由于|為了|为了|以免|免得|否則|否则|不然|為免|为免|既然)/u;

/** A negation that judges something needless or optional, the one kind a reason can drop a safeguard with: "overkill", "not needed", 「沒必要」. */
function judgesNeedless(low: string, n: Clause['negations'][number]): boolean {
  if (n.kind === 'modifier' || n.kind === 'defer') return true;
  if (n.kind === 'local') return NEEDLESS.test(n.text);
  return n.kind === 'modal' && (NO_NEED.test(n.text) || NEEDED_AFTER.test(low.slice(n.end)));
}
const NEEDLESS =
  /^(?:optional|unnecessar|needless|overkill|(?:a )?waste of time|wast|too |pointless|not worth|nice|if |(?:when|where) |ideally|preferably|at your discretion|up to you|your call|or not|only (?:needed|required|necessary|mandatory)|n\/a|not applicable)|可有可無|可有可无|何必|可選|可选|多此一舉|多此一举|太慢|太麻煩|太麻烦|浪費時間|浪费时间|盡量|尽量|看情況|看情况|視情況|视情况/u;
const NO_NEED = /^(?:no need|needn['’]t|不必|不需要?|没必要|沒必要|無需|无需|無須|无须|不用)$/u;
const NEEDED_AFTER = /^\s*(?:\S+\s+)?(?:needed|required|necessary|mandatory|worth|matter|important|useful)(?![a-z])|^\s*(?:\S+\s+)?(?:need|needs|have to|has to)\s+(?:to\s+)?(?:be\s+)?(?:run|used|kept|done|followed)?/u;

/** A risky word that is a suppression comment (`@ts-ignore` as the check reads it: "ats-ignore"), which silences a checker. */
const SUPPRESSES = /^(?:(?:@|a)?ts-(?:ignore|nocheck|expect-error)|type:\s*ignore|(?:mypy|pyright):\s*ignore|eslint-disable(?:-next-line|-line)?|pylint:\s*disable|noqa|nolint)$/u;
/** A silencing marker anywhere in a clause. */
const SUPPRESSING = new RegExp(SUPPRESSES.source.replace(/^\^|\$$/g, ''), 'u');
const JUSTIFIED = /(?<![a-z])(?:comment (?:explaining|saying)|justification|with a reason|explaining why|(?:states?|gives?|explains?) (?:the |a )?(?:reason|why))(?![a-z])|[註注說说寫写][明清]原因/u;

/** A-not-A asks, it does not negate: 要不要, 是不是, 有沒有. */
const notAsked = (text: string) => text.replace(/(\p{Script=Han})[不沒没](?=\1)/gu, '$1 ');

/** `make()`, made on the first call and kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** A clause of negations and soul words only ("never delete", 「不要刪除」): the head of a list. */
function isListHead(c: Clause): boolean {
  if (c.masked === c.low || !modalCount(c)) return false;
  // (What a pronoun was read as stands in its place: "never echo it, log it, or paste it".)
  const rest = blank(c.masked, [...c.negations, ...(c.pointed ? [{ ...c.pointed, text: '' }] : [])]).replace(LIST_VERBS, '');
  return !/[\p{L}\p{N}]/u.test(rest);
}

/**
 * The soul's own words blanked out: 無塵室, 不受信任, "no restrictions"… hold no negation. Around a
 * safeguard the unguarded words stay, so the "without" of "without testing it in a sandbox" counts.
 */
const maskOut = (low: string, mask: Terms | undefined) => blank(low, spans(mask, low));

function blank(text: string, gone: readonly Span[]): string {
  let out = text;
  for (const s of gone) out = out.slice(0, s.start) + ' '.repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

function negationsIn(masked: string): Clause['negations'] {
  const taken: Clause['negations'] = [];
  for (const [kind, re] of NEGATIONS) {
    for (const n of spans(re, masked)) if (!taken.some((t) => n.start < t.end && t.start < n.end)) taken.push({ ...n, kind });
  }
  return taken;
}

const modalCount = (c: Clause, negations = c.negations) => negations.filter((n) => n.kind === 'modal' || n.kind === 'modifier').length;

const NEAR = 6; // words between a negation and the word it negates
const CLOSE = 3; // words between a verb ("avoid", "flag") and the action it governs

function distance(c: Clause, a: Span, b: Span): number {
  if (a.end <= b.start) return c.units[b.start] - c.units[a.end];
  if (b.end <= a.start) return c.units[a.start] - c.units[b.end];
  return 0;
}

interface Compiled {
  id: string;
  rule: string;
  /** How the safeguard is named in messages. */
  guardName?: string;
  safeguard?: Terms;
  places?: Terms;
  risky?: Terms;
  unguarded?: Terms;
  breaks?: Terms;
  harmless?: Terms;
  paired: { risky?: Terms; with?: Terms; within?: number; unexcused?: boolean; before?: boolean; refers?: boolean }[];
  removes?: Terms;
  everyday?: boolean;
  /** The risky words of the soul.md invariant this one guards too. */
  kinRisky?: Terms;
}

/** `kin`: the soul.md invariant whose safeguard this one guards too (its risky words are not foreign to this one). */
const compile = (i: Invariant, kin?: Invariant): Compiled => ({
  removes: alternation(i.removes ?? []),
  paired: (i.paired ?? []).map((p) => ({ risky: alternation(p.risky), with: alternation(p.with), ...(p.within !== undefined && { within: p.within }), ...(p.unexcused && { unexcused: true }), ...(p.before && { before: true }), ...(p.refers && { refers: true }) })),
  id: i.id,
  rule: i.rule,
  ...(i.everyday && { everyday: true }),
  guardName: i.safeguard[0],
  safeguard: alternation(i.safeguard),
  places: alternation(i.places ?? []),
  risky: alternation(i.risky),
  kinRisky: alternation(kin?.risky ?? []),
  unguarded: alternation(i.unguarded),
  breaks: alternation(i.breaks),
  harmless: alternation(i.harmless),
});

interface Reading {
  /**
   * The clause names the safeguard: whether it keeps it; `later` when it comes after the action
   * ("deploy before the tests pass", 「審查通過之前先部署」) and so guards nothing; `setting` when it
   * is where the work happens ("in the sandbox", 在沙盒裡).
   */
  safeguard?: { kept: boolean; word: string; later?: boolean; setting?: boolean };
  /** A risky action the clause does not forbid outright. */
  allows?: string;
  /** The clause names risky actions and forbids them all. */
  forbids?: boolean;
  /** The clause allows a risky action in an unguarded way. */
  unguarded?: { risky: string; how: string };
  /** It asks whether something is of a risky kind ("unsure whether it is destructive"). */
  asks?: boolean;
  /** It classes something as a risky kind ("treat it as destructive"). */
  classes?: boolean;
  /** What it allows is only held back until something is done ("never delete without asking"), not left open. */
  held?: boolean;
  /**
   * What it holds back waits for the person's check, and nothing says the check is enough: "never delete files without asking me
   * first", "ask me before deleting files". The rule adds a check; the soul's own sandbox still stands beside it.
   */
  checked?: boolean;
  /** What it allows is the safeguard losing ("this persona file wins"): a safeguard named beside it keeps nothing. */
  unexcused?: boolean;
}

/** A thing alike in one respect only: "keep the sandbox image the same CUDA version as gpu-node2". */
const SAME_ATTRIBUTE = /^same\s+(?:\S+\s+)?(?:versions?|config\w*|settings?|image|os|kernel|cuda|python|node|dependenc\w*|packages?|schema|size|specs?|hardware|drivers?|toolchain|compiler)\s+as$/u;
/**
 * Words that put something in a safeguard's place break it for every invariant: "the pilot replaces
 * the sandbox"; with a negation they keep it: "nothing replaces the sandbox", 「不取代沙箱」. (A bare
 * "replace" is one only after a negation: "replace ESLint with Biome" swaps a tool.)
 */
const IN_PLACE = /(?<![a-z])(?:replaces|replaced by|substitutes? for|stands? in for|takes? the place of|(?<=(?:(?:does|do|will|can|could|should|must|may)(?: not|n['’]t)|cannot|never)\s+)(?:replace|substitute for|take the place of))(?![a-z])|取代|代替|替代/gu;
// (Not inside a phrase the negations already read as saying nothing against it: "is not a substitute for".)
const breaksIn = (inv: Compiled, c: Clause): Span[] => [...spans(inv.breaks, c.low).filter((b) => !OFF_NOUN.test(c.low.slice(Math.max(0, b.start - 1), b.end))), ...spans(IN_PLACE, c.low).filter((b) => !c.negations.some((n) => n.kind === 'neutral' && n.start <= b.start && b.end <= n.end))];

/** A place people read, a secret put there: "into the chat", "in the ticket", 「貼到群裡」. */
const SHOWN_WHERE_READ = /(?<![a-z])(?:paste|post|share|send|put|drop|write|print|echo)\w*\s+(?:\S+\s+){0,9}?(?:into|in|to|on)\s+(?:the\s+|a\s+|our\s+|your\s+)?(?:chat|slack|channel|ticket|issue|pr|pull request|email|message|thread|comment|wiki|readme|log|logs)(?![a-z])|(?:貼|贴|發|发)[到在][^，。；]{0,6}(?:群|聊天|頻道|频道|工單|工单|郵件|邮件)/u;

/** A risky word that opens with a negation: "skip ci", "bypass the pr", "disable the firewall". */
const NEGATING_TERM = /^(?:skip\w*|bypass\w*|disabl\w*|ignor\w*|no|without)(?![a-z])/u;

function read(inv: Compiled, c: Clause, sentence: readonly Clause[]): Reading {
  const reading: Reading = {};
  // A safeguard whose words stand around another invariant's risky object is about that object:
  // "never write passwords to memory" forbids the passwords (their own invariant reads it), it
  // keeps the memory ("review install scripts" is this invariant's own safeguard at work); one
  // inside a risky phrase is part of it: "an AI without the soul's limits". (One the risky word only opens names
  // a thing of its own: "the deploy pipeline" is the route a change takes, no deploy.)
  const inside = (a: Span, b: Span) => b.start <= a.start && a.end <= b.end && b.end - b.start > a.end - a.start;
  const opens = (o: Span, g: Span) => o.start === g.start && inside(o, g);
  const foreign = (o: Span) => !spans(inv.risky, o.text).length && !spans(inv.kinRisky, o.text).length;
  // A safeguard named as a destination ("into memory") is about what is put there: "don't put API keys into memory".
  const destinedFor = (g: Span, o: Span) => DESTINATION.test(g.text) && o.end <= g.start && distance(c, o, g) <= CLOSE && !AND.test(c.low.slice(o.end, g.start));
  const named = c.role === 'condition' ? [...spans(inv.safeguard, c.low), ...spans(inv.places, c.low)].sort((a, b) => a.start - b.start) : spans(inv.safeguard, c.low);
  // A safeguard in a purpose clause after another is what that one is for: "run the tests before pushing so reviewers aren't the first to see a failure".
  const purpose = PURPOSE.exec(c.low)?.index ?? Infinity;
  // (Nor one 受 makes a state of a thing: 「受保护分支」 is a protected branch, not branch protection.)
  // (Nor one named as the place of what follows: 「CI 里的 gosec 和漏洞扫描不能关」 keeps the scans; nor one that owns the risky thing after it: 「HSM 的 PIN 跟 DB2 密碼」;
  // nor one inside a harmless phrase: "preview-link them" is no preview environment; nor one that names a kind of thing, "lint-only turns".)
  const guards = named.filter((g, _, all) => !asName(c.low, g) && !(HAN.test(g.text[0]) && c.low[g.start - 1] === '受') && !(PLACE_OF_ZH.test(c.low.slice(g.end)) && all.some((o) => o.start > g.end)) && !c.objects().some((o) => o.start >= g.end && OWNER_OF.test(c.low.slice(g.end, o.start))) && !spans(inv.harmless, c.low).some((h) => h.start <= g.start && g.end <= h.end && h.end - h.start > g.end - g.start) && !/^-only(?![a-z])/u.test(c.low.slice(g.end)) && !c.objects().some((o) => (((inside(o, g) && !opens(o, g) && !ROUTE.test(g.text)) || destinedFor(g, o)) && foreign(o)) || inside(g, o)) && !(g.start >= purpose && all.some((o) => o.end <= purpose)) && !turnedOff(c.low, g));
  // (Where a secret comes from keeps nothing once it is put where people read it: "paste the admin password from the .env file into the chat".)
  if (guards.length && guards.every((g) => /^(?:from|從|从)/u.test(g.text)) && SHOWN_WHERE_READ.test(c.low)) guards.length = 0;
  // An everyday safeguard ("ask me first") is this invariant's only where its risky actions are named.
  if (inv.everyday && guards.length && !sentence.some((other) => spans(inv.risky, other.low).length || inv.paired.some((p) => spans(p.risky, other.low).length))) guards.length = 0;
  // (Nor is one let go only for reading: it neither keeps nor drops the safeguard for anything else.)
  if (guards.length && readOnlyScope(inv, c, guards, sentence)) guards.length = 0;
  if (guards.length) {
    // "Don't run them until you've read them": the negation holds the action back until the
    // safeguard is done — a precondition, kept, not a safeguard that comes too late.
    const held = guards.map((g) => heldUntil(c, g)).find((n) => n !== undefined);
    // (So does one after an action said to go first: "patches can be released first and have their review done on Monday".)
    const goesFirst = actionsIn(inv, c.low).find((r) => GOES_FIRST.test(c.low.slice(r.end)));
    const afterAction = goesFirst !== undefined && guards.every((g) => goesFirst.end <= g.start);
    // (And one put after the release it gates: "run the full test suite after the release is out", 「上線後再補審查」.)
    const afterShipping = guards.every((g) => !/smoke|sanity|canary/.test(g.text) && (AFTER_SHIPPING.test(c.low.slice(g.end, g.end + 40)) || SHIPPED_BEFORE.test(c.low.slice(Math.max(0, g.start - 16), g.start))));
    const later = held === undefined && guards.every((g) => BEFORE_IT.test(c.low.slice(Math.max(0, g.start - 40), g.start)) || AFTER_IT_BEFORE.test(c.low.slice(g.end, g.end + 12)));
    const setting = guards.some((g) => AT.test(c.low.slice(Math.max(0, g.start - 12), g.start)));
    // "The repo root is never a sandbox" says what something else is not; it keeps the sandbox.
    // ("Prod is the sandbox" is no such thing: said without a negation it redefines the sandbox.)
    const predicate = guards.every((g) => PREDICATE_NOUN.exec(c.low.slice(Math.max(0, g.start - 30), g.start))?.[0].match(/(?<![a-z])(?:never|not|no longer)(?![a-z])|不是|並非|并非|絕不是|绝不是/u));
    // A condition that finds the safeguard failed has not kept it: "if only a few tests fail, …" must stop or fix.
    const failed = c.role === 'condition' && guards.some((g) => FAILED.test(c.low.slice(g.end)));
    // 「只有在他說『記住』的時候才寫記憶」: the safeguard after what "only when" confines it to ("only when the tests pass, deploy" is a condition of its own: judgeSentence).
    const onlyWhen = ONLY_WHEN_CONFINES.exec(c.low);
    const confinedFrom = onlyWhen ? onlyWhen.index + onlyWhen[0].length : Infinity;
    const confined = guards.every((g) => g.start >= confinedFrom) && !named.some((g) => g.start < confinedFrom);
    // A risky word that is itself a negation takes the safeguard after it as its object: "skip the CI tests".
    // (Its negations are that word's: "never skip the CI tests" keeps them.)
    const negatingTerm = c.objects().find((o) => NEGATING_TERM.test(o.text) && guards.some((g) => o.end <= g.start && /^[\s-]{1,3}$/.test(c.low.slice(o.end, g.start))));
    const negations = negatingTerm ? riskNegations(c, negatingTerm) + 1 : guardNegations(inv, c, guards) - (held ?? 0);
    const kept = !failed && !afterAction && !afterShipping && !confined && (predicate || negations % 2 === 0);
    // A pronoun may point elsewhere ("if review is slow, merge it yourself"): the word put in its
    // place can drop a safeguard, never keep one — unless it is where the work happens ("only in it").
    const pointedOnly = guards.every((g) => c.pointed && c.pointed.start <= g.start && g.end <= c.pointed.end);
    // (Nor drop one where the clause only adds to it: "write the entries — optionally also roll them up into the digest".)
    if (!(pointedOnly && (kept ? !setting : ADDS.test(c.low)))) reading.safeguard = { kept, word: guards[0].text, ...(later && { later }), ...(setting && { setting }) };
  }
  // A condition that reports how an action went names a situation ("when a deploy fails",
  // 「部署失敗的時候就回滾」), not what it allows ("when deleting, do not hesitate" allows it);
  // words risky anywhere in a sentence that names outside content stay risky there too.
  // A condition answered by stopping or asking names a situation too: "if something seems to need sudo, stop and ask instead".
  // (So does one answered by sending the asker elsewhere: "if a teammate asks for the staging password, point them to the vault".)
  const consequence = sentence[sentence.indexOf(c) + 1]?.low ?? '';
  // (And one answered by a task done beside it, which grants nothing: "when deleting old PoCs, also update the README", 「清理…時，順便更新 README」.)
  const answered = c.role === 'condition' && (STOPS.test(consequence) || NOT_RUN_ZH.test(consequence) || REDIRECTS.test(consequence) || ALSO_DO.test(consequence) || (inv.id === 'secrets-kept' && MASKS.test(consequence)));
  const situation = (r: Span) =>
    c.narrated ||
    PERSON_DOES.test(c.low) ||
    [...c.low.matchAll(/\([^()]*,[^()]*\)/g)].some((p) => p.index < r.start && r.end < p.index + p[0].length) ||
    (IN_TEXT.test(c.low.slice(r.end)) && /(?<![a-z])(?:any|every|each|all)\s+$/.test(c.low.slice(0, r.start))) ||
    TOLD_BEFORE.test(c.low.slice(Math.max(0, r.start - 24), r.start)) ||
    DURING.test(c.low.slice(Math.max(0, r.start - 16), r.start)) ||
    (CODE_FOR.test(c.low.slice(Math.max(0, r.start - 48), r.start)) && !/ing$/.test(r.text)) ||
    // (What a function is changed to do: "refactor delete_intermediate_bams() so it logs each path before removal".)
    FUNCTION_DOES.test(c.low.slice(0, r.start)) ||
    // (What a test covers: "a unit test for parse_permissions() that covers world-writable files".)
    TEST_COVERS.test(c.low.slice(Math.max(0, r.start - 90), r.start)) ||
    PERIOD_AFTER.test(c.low.slice(r.end)) ||
    (inv.id === 'secrets-kept' && c.role === 'condition' && SOMEONE_ELSE_DOES.test(c.low) && !ASKS_IT.test(c.low)) ||
    // (A secret a task needs names when, not what is done with it, where the sentence keeps it out of sight: 「需要密码时用 bw get 直接传给命令，不要把密码显示在终端」.)
    (inv.id === 'secrets-kept' && c.role === 'condition' && NEEDS.test(c.low.slice(0, r.start)) && sentence.some((o) => o !== c && modalCount(o) > 0 && spans(inv.risky, o.low).length > 0)) ||
    WENT_WRONG.test(c.low.slice(Math.max(0, r.start - 16), r.start)) ||
    // (A privilege said to be held by named people, not the agent: "sudo belongs to the three named admins", 「sudo 權限只屬於三位指定管理員」.)
    (inv.id === 'least-privilege' && HELD_BY_OTHERS.test(c.low.slice(r.end))) ||
    // (A secret whose rights or lifetime are told, with no deed beside it: "the API key only has read permission", 「金鑰只開啟查詢權限」.)
    (inv.id === 'secrets-kept' && RIGHTS_OF.test(c.low.slice(r.end)) && NARROWED.test(c.low) && !WIDENED.test(c.low) && c.objects().every((o) => o.start === r.start)) ||
    // (A check that stops on finding it: "the suite should fail loudly if it ever detects a production key".)
    (STOPS_IF.test(c.low.slice(0, r.start)) && FOUND.test(c.low.slice(0, r.start))) ||
    // (What a need that arises requires, answered by a check first: "if retention requires purging, archive … first and keep the confirmation step".)
    (c.role === 'condition' && (NEEDS.test(c.low.slice(0, r.start)) || NEEDS_INSIDE.test(r.text)) && CHECK_STEP.test(consequence) && !SUFFICES.test(consequence)) ||
    ((c.role === 'condition' || CONDITION_ENDS.test(c.low.slice(r.end))) && (OUTCOME.test(c.low.slice(r.end)) || FOUND.test(c.low.slice(0, r.start)) || shownBy(c.low.slice(0, r.start), r.text) || answered)) || HARMED.test(c.low.slice(r.end)) || (LIKENED.test(c.low.slice(r.end)) && sentence.some((o) => o !== c && (o.prohibitions.length > 0 || modalCount(o) > 0)));
  const riskyNamed = spans(inv.risky, c.low).map((r) => ({ ...r, kind: classed(c, r) }));
  if (riskyNamed.some((r) => r.kind === 'asked')) reading.asks = true;
  if (riskyNamed.some((r) => r.kind === 'as')) reading.classes = true;
  const risky: (Span & { kind?: Kind; unexcused?: boolean })[] = [...riskySpans(inv, c, riskyNamed).filter((r) => !situation(r)), ...pairedSpans(inv, c, sentence, situation).filter((r) => r.pastHarmless || !harmlessBeside(inv, c, r))]
    .filter((r) => !mentioned(c, r))
    .sort((a, b) => a.start - b.start);
  if (!risky.length) return reading;
  const open = risky.filter((r) => riskNegations(c, r) % 2 === 0 || r.kind === 'not');
  // Silencing a checker is not kept by naming it ("slap @ts-ignore wherever tsc complains"): only a stated reason keeps it.
  // (One put aside silences nothing: "fix lint errors rather than adding `eslint-disable` comments".)
  if (reading.safeguard?.kept && open.length && open.every((r) => SUPPRESSES.test(r.text)) && !JUSTIFIED.test(c.low)) reading.safeguard = { ...reading.safeguard, kept: false };
  // "Ask me instead of using sudo" replaces the action; "never sudo without asking" only defers it.
  // (The action's own words defer nothing: "never auto-approve" is no "never … without approval".)
  // A thing masked or blocked is not waiting for anything: "a password gets masked before it shows up".
  // (Nor does the speaker's own "I confirm (that)" that opens the clause: "I confirm this diff contains no secrets".)
  // (Nor does an item of a list an averting verb governs: "check staged files for .env, keys and credential files before every commit".)
  const deferred = DEFERRAL.test(blank(c.low, risky).replace(CONFIRMS_THAT, '')) && !c.averted && !risky.every((r) => replaced(c, r) || averted(c, r));
  // An action named as what a check must come before waits for it, like "never … without asking": "Ask me before deleting files",
  // "Back up the table before you drop it", 「刪 file 之前一定要問我確認」 — unless the sentence also lets it go ("you may", "go ahead", "directly").
  const checkedFirst = (r: Span) => BEFORE_ACTION.test(c.low.slice(Math.max(0, r.start - 32), r.start)) || BEFORE_ACTION_ZH.test(c.low.slice(r.end, r.end + 24));
  // (Not where the check is waived or said to be enough: "no need to ask before deleting", "just make a backup before deleting", 「删除前问一下就行」.)
  // ("Without asking" after a prohibition is what it waits for, no waiver: "never delete without asking".)
  const waivers = once(() => sentence.flatMap((o) => [...spans(PERMITS, o.low), ...spans(inv.unguarded, o.low)]));
  const suffices = once(() => sentence.some((o) => SUFFICES.test(o.low)));
  const waives = (withoutToo: boolean) => suffices() || waivers().some((p) => withoutToo || !p.text.startsWith('without'));
  const check = once(() => sentence.slice(sentence.indexOf(c), sentence.indexOf(c) + 2).some((o) => CHECK_STEP.test(o.low)));
  const onlyAfterCheck = once(() => sentence.some((o) => ONLY_AFTER_CHECK.test(o.low)));
  // (In Chinese the prohibition and the check stand before the action: 「未經確認不得刪除」, 「不要在没有问过我的情况下删除」.)
  const forbiddenUnchecked = (r: Span) => UNCHECKED_ZH.test(c.low.slice(Math.max(0, r.start - 24), r.start));
  // ("Outside" only says where: "ask before deleting anything outside build/".)
  // (Nor what the check looks for: 「先確認該案件沒有訴訟保全」, "confirm nothing else uses it".)
  const unnegated = once(() => sentence.every((o) => !o.carry && o.negations.every((n) => /^outside/.test(n.text) || (n.kind === 'modal' && (CHECK_STEP.exec(o.low)?.index ?? Infinity) < n.start))));
  const waiting = open.length && !waives(true) ? open.filter((r) => forbiddenUnchecked(r) || (check() && unnegated() && (onlyAfterCheck() || checkedFirst(r)))) : [];
  const openNow = open.filter((r) => !waiting.includes(r));
  const allowed = openNow[0] ?? (deferred || waiting.length ? risky[0] : undefined);
  // "Never delete files without asking me first": a prohibition before the action, the person's check after it.
  const prohibitedUntilChecked = !open.length && deferred && !waives(false) && risky.every((r) => c.negations.some((n) => n.kind === 'modal' && n.end <= r.start) && CHECKED_AFTER.test(c.low.slice(r.end)));
  if (allowed) reading.allows = allowed.text;
  else reading.forbids = true;
  if (!openNow.length && allowed) reading.held = true;
  if (allowed && (waiting.length ? !openNow.length : prohibitedUntilChecked)) reading.checked = true;
  if (allowed && (allowed.unexcused || open.some((r) => r.unexcused))) reading.unexcused = true;
  // A manner word ("directly", 直接) beside an action left open, and not itself negated — unless
  // the safeguard is where it happens (「在沙盒裡可以隨意刪除」).
  if (reading.safeguard?.kept && reading.safeguard.setting) return reading;
  for (const how of spans(inv.unguarded, c.low)) {
    const r = open.find((r) => distance(c, r, how) <= NEAR && negationsBetween(c, r, how) % 2 === 0);
    if (r) return { ...reading, unguarded: { risky: r.text, how: how.text } };
  }
  return reading;
}

/** A safeguard word that is part of a path or file name: `__tests__`, `tests/`, `*.test.ts`, `test_utils.py`. */
// (`npm ci` is a clean install, no CI; a data pipeline is no build pipeline.)
// (A memory folder is the memory: "decisions to `memory/`".)
const asName = (low: string, g: Span) =>
  (g.text === 'ci' && /(?<![a-z])(?:npm|pnpm)\s+$/.test(low.slice(Math.max(0, g.start - 6), g.start))) ||
  (/^pipelines?$/.test(g.text) && OTHER_PIPELINE.test(low.slice(Math.max(0, g.start - 16), g.start))) ||
  (TEST_PARTS.exec(low.slice(g.start))?.[0].length ?? 0) > g.text.length ||
  /[_/\\*.]/.test(low[g.start - 1] ?? '') ||
  (/[_/\\]/.test(low[g.end] ?? '') && !(/memory$/.test(g.text) && low[g.end] === '/')) ||
  PART_OF.test(low.slice(g.end, g.end + 24)) ||
  // A safeguard's name quoted as a word: "avoid jargon like 'CI' or 'rebase'".
  spans(QUOTED, low).some((q, _, quotes) => q.start < g.start && g.end < q.end && quotedAsWords(low, quotes, q)) ||
  // A store named as what was taken out of it is no safeguard: "commit the decrypted SOPS file".
  /(?<![a-z])(?:decrypted|unencrypted|plaintext)\s+$|解密(?:後|后)?的?\s*$/u.test(low.slice(Math.max(0, g.start - 14), g.start)) ||
  // A bot's name or a bot's review is no safeguard of the person's: "code-review bot approvals are advisory", 「審查機器人的修改建議」.
  BOT_AFTER.test(low.slice(g.end, g.end + 12)) ||
  // A place that tells where a text is, before 的 and what it says: 「寫在共享記憶裡的建議」 are suggestions (not 「記憶裡的決策」).
  (/[裡里內内中]$/u.test(g.text) && /^\s*的\s*\p{Script=Han}?(?:建議|建议|指令|指示|命令|內容|内容|說法|说法|文字|訊息|消息|資訊|资讯|信息)/u.test(low.slice(g.end))) ||
  // (Nor what is written there, named by it: 「写进记忆的内容不要出现客户姓名」 is about the content.)
  (/(?:記憶|记忆)$/u.test(g.text) && /^\s*的\s*(?:內容|内容|條目|条目|文字)/u.test(low.slice(g.end))) ||
  (REVIEWING.test(g.text) && BOT_BEFORE.test(low.slice(Math.max(0, g.start - 20), g.start)));
const BOT_AFTER = /^[\s-]*(?:bots?|機器人|机器人)(?![a-z])/u;
const BOT_BEFORE = /(?<![a-z])(?:bots?|bot['’]s|bots['’]|agent['’]s|subagent['’]s|copilot['’]s|ai)\s+(?:self-)?$|(?:機器人|机器人|代理)的?\s*$/u;
const REVIEWING = /^(?:approvals?|approves|has approved|have approved|reviews?|code[ -]review|sign-?off|批准|核准|審查|审查|評審|评审|審閱|审阅)$/u;
/** A pipeline of data, not of checks: "the data pipeline", "our ETL pipeline". */
const OTHER_PIPELINE = /(?<![a-z])(?:data|etl|elt|ml|sales|ingestion|analytics|feature|processing|rendering|render|graphics|bioinformatics)\s+$/u;
/** A safeguard that ends in a particle, which belongs to a verb before it: "turning signing off" (not a sign-off). */
const turnedOff = (low: string, g: Span) => /\s(?:off|on|out)$/.test(g.text) && /(?<![a-z])(?:turn|switch|shut|flip|toggle|sign|log|check)(?:s|ed|ing|ped|ping)?\s+$/.test(low.slice(Math.max(0, g.start - 12), g.start));
/** What belongs to a safeguard, not the safeguard: "the linter's colour output", "CI logs", "the test runner's theme", "signing certs" (a secret, not the step that signs). */
const PART_OF = /^\s+(?:provisioning|setup|bootstrap)\s+scripts?(?![a-z])|^\s*的\s*(?:token|key|權杖|令牌|密鑰|密钥|帳號|账号|權限|权限|日誌|日志|log|意見|意见|評論|评论)|^(?:['’]s\s+(?:colou?rs?|output|theme|font|emoji|logo|badge|icon|progress bar|spinner|verbosity)|\s+(?:logs?|colou?rs?|theme|badges?|dashboard|minutes|credits|emoji|icons?|comments?|tokens?|credentials|pins?|passwords?|passphrases?|certs?|certificates?|keys?|keystores?|fixes))(?![a-z])/u;
/** What holds tests, not the testing: "name test files *.spec.ts", "test fixtures", 「在測試環境裡」 (a test environment is the sandbox's own word), Apple's TestFlight. */
const TEST_PARTS = /^(?:tests?|specs?)\s+(?:files?|fixtures?|names?|helpers?|folders?|director(?:y|ies)|environments?|servers?|accounts?|clusters?|rigs?|benches|bench|boards?|devices?|units?|jigs?|fleets?|flights?)(?![a-z])|^(?:測試|测试)(?:環境|环境|伺服器|服务器|帳號|账号|機|机|用)/u;

/** A safeguard named by where things go: "into memory", 「到記憶」. */
const DESTINATION = /^(?:into|to|in|onto)\s|^[進进到]/u;

/** "until", "before" right before a safeguard: the action waits for it. */
const UNTIL = /(?<![a-z])(?:until|till|before)(?:\s+[^\s,.;]+){0,9}\s+$/u;

/** The modal negations that hold an action back until safeguard `g` ("never …, not until …"), if any. */
function heldUntil(c: Clause, g: Span): number | undefined {
  const before = c.low.slice(Math.max(0, g.start - 80), g.start);
  const m = UNTIL.exec(before);
  // In Chinese the safeguard comes first: 「review 通過之前不要發版」 holds the release back as "until" does.
  const zh = UNTIL_AFTER_ZH.exec(c.low.slice(g.end));
  if (!m && zh) {
    const from = g.end + zh[0].length;
    const held = c.negations.filter((n) => n.kind === 'modal' && n.start >= from && c.units[n.start] - c.units[from] <= 2).length;
    return held ? held : undefined;
  }
  if (!m) return undefined;
  const at = g.start - (before.length - m.index);
  const held = c.negations.filter((n) => n.kind === 'modal' && n.end <= at).length;
  return held ? held : undefined;
}

/** After a safeguard, what it must come before: 「通過之前」, 「跑完前」. */
const UNTIL_AFTER_ZH = /^[^，。,;；]{0,8}?(?:之前|以前|前)/u;

/** Risky words, less those that only edit something harmless beside them ("remove unused imports", 把 console.log 移除, 測試覆蓋率). */
function riskySpans(inv: Compiled, c: Clause, named: (Span & { kind: Kind })[]): (Span & { kind: Kind })[] {
  return named.filter((r) => !harmlessBeside(inv, c, r) && !coordinated(c, r, (o) => harmlessBeside(inv, c, o)) && r.kind !== 'as' && r.kind !== 'asked' && !describes(inv, c, r) && !agentNoun(inv, r) && !DESCRIBED.test(c.low.slice(r.end)) && !KEPT_IN_STORE.test(c.low.slice(r.end)) && !NO_FIX.test(c.low.slice(r.end)) && !route(c, r));
}

/** An HTTP method written as one, before a path, names a route: "(DELETE /items/:id)" — unless it is called ("curl -X DELETE /users", "hit DELETE /users"). */
const route = (c: Clause, r: Span) =>
  /^(?:delete|put|patch|post)$/.test(r.text) && c.text.slice(r.start, r.end) === r.text.toUpperCase() && /^\s+\/[\w:{}/.-]*/.test(c.low.slice(r.end)) && !CALLS.test(c.low.slice(Math.max(0, r.start - 16), r.start));
const CALLS = /(?<![a-z])(?:call|calls|calling|called|hit|hits|hitting|send|sends|sending|run|runs|running|fire|fires|issue|issues|execute|executes|request|curl|-x)\s+$/u;

/** Who or what does an action is no action: "the namespaced deployer role", "a publisher" (but "clobber" is a verb). */
function agentNoun(inv: Compiled, r: Span): boolean {
  const base = /^(.*[a-z])ers?$/.exec(r.text)?.[1];
  return base !== undefined && spans(inv.risky, base).some((b) => b.start === 0 && b.end === base.length);
}

/** A harmless word of the invariant that the risky word `r` only edits, or is part of ("以我說的為準"). */
function harmlessBeside(inv: Compiled, c: Clause, r: Span): boolean {
  const between = (h: Span) => c.low.slice(Math.min(r.end, h.end), Math.max(r.start, h.start));
  // (Not what a harmless thing is replaced with: "replace the placeholder with the real API key".)
  const replacedWith = (h: Span) => h.end <= r.start && REPLACED.test(c.low.slice(Math.max(0, h.start - 24), h.start)) && /(?<![a-z])(?:with|by)(?![a-z])/u.test(between(h));
  return spans(inv.harmless, c.low).some((h) => !HISTORY_AFTER.test(c.low.slice(h.end)) && (distance(c, r, h) <= CLOSE || inObjectPutFirst(c, h, r) || (r.end <= h.start && (HEAD_NOUN.test(between(h)) || OBJECT_PLACE_ZH.test(between(h)) || STANDS_IN_ZH.test(between(h)) || (HELD_IN.test(h.text) && distance(c, r, h) <= NEAR && !OTHER_PHRASE.test(between(h)))))) && (!AND.test(between(h)) || NOUNS_OF.test(between(h)) || STANDS_IN_ZH.test(between(h))) && !replacedWith(h));
}
/** Where a Chinese object is, before it: 「刪除 gradebook 匯出模組中未使用的函式」 deletes the functions (not in production, a database or a server). */
const OBJECT_PLACE_ZH = /^(?![^，。；,;]*(?:生[产產]|正式|[线線]上|(?<![a-z])(?:prod|production|live)(?![a-z])|[数數][据據]庫|[数数]据库|資料庫|伺服器|服务器|服務器))[^，。；,;]{0,24}(?:中|裡|里|內|内|入面)\s*$/u;
/** A harmless thing that opens the object 把 puts before its verb: 「把 README 里已经下线的…说明删掉」, 「把没用的 import…删掉」. */
const inObjectPutFirst = (c: Clause, h: Span, r: Span) => h.end <= r.start && TEXT_HELD.test(h.text) && /[把將将]\s*(?:[^\s，。；,;]{0,6}的)?\s*$/u.test(c.low.slice(0, h.start)) && !/[，。；,;]|生[产產]|正式|[线線]上|(?<![a-z])(?:prod|production|live|database|db)(?![a-z])|[数數][据據]庫|[数数]据库|資料庫/u.test(c.low.slice(h.end, r.start));
/** A document, a part of one, or what code holds as text: where 把's object sits ("把 README 里…"), or what it is. */
const TEXT_HELD = /(?:裡|里|中)$|段落|章節|章节|說明文件|说明文件|註解|注解|註釋|注释|範例|范例|示例|(?<![a-z])(?:imports?|comments?|paragraphs?)(?![a-z])/u;
/** Where the object of the edit is held, after it: "delete the deprecated legacy ranker section from the README". */
const HELD_IN = /^(?:from|in|of) /u;
const OTHER_PHRASE = /[,;]|(?<![a-z])(?:and|then|or|but)(?![a-z])/u;
/** A commit's history is no commit under review: "remove the key from the commit history" rewrites it. */
const HISTORY_AFTER = /^\s*(?:history|histories|log|logs|graph|tree|歷史|历史|記錄|记录)/u;
/** A Chinese topic that something harmless stands in for: 「範例裡的金鑰和密碼一律用 <YOUR_TOKEN> 這種佔位符」. */
const STANDS_IN_ZH = /^[^，。；,;]{0,8}?(?:一律|都|全部|一概|統統|统统)?\s*(?:用|換成|换成|改成|改用|替換成|替换成)[^，。；,;]{0,24}$/u;
/** Two nouns after one preposition: "placeholders for keys and passwords". */
const NOUNS_OF = /^\s+(?:for|of|in|on)\s+[^\s,;.]+\s+(?:and|or|&)\s+$/u;
/** A Chinese object's head comes last, after its modifiers and 的: 「刪除程式碼裡沒用到的暫時變數」 deletes a variable (spaces only around a Latin word: 「sbatch 模板里没用的」). */
const HEAD_NOUN = /^(?:[^\s,;，。；、]|\s(?=[\x21-\x7e])|(?<=[\x21-\x7e])\s){0,24}的(?:\s*[a-z0-9_-]+){0,3}\s*$/u;

/**
 * A participle that opens the clause, or follows a determiner, or ends a time's clause, and names a
 * thing's state, not an action: "Published versions are immutable", "deleted branches can be
 * restored", "list the deleted files in the PR", "once the artifacts are published" — but "deleted
 * without asking" still acts.
 */
const describes = (inv: Compiled, c: Clause, r: Span) =>
  /^[a-z]+ed$/.test(r.text) &&
  // An inflection of the term ("publish" → "published"), not a term that ends so ("shred").
  [r.text.slice(0, -2), r.text.slice(0, -1)].some((base) => spans(inv.risky, base).some((s) => s.text === base)) &&
  ((NAMED_BY_STATE.test(c.low.slice(0, r.start)) && PARTICIPLE_NOUN.test(c.low.slice(r.end))) ||
    // (Or a state a time waits for: "post the release notes once the artifacts are published".)
    (ONCE_DONE.test(c.low.slice(0, r.start)) && /^\s*(?:[.,;]|$)/.test(c.low.slice(r.end))));
/** Before a participle that names a thing's state: the clause's opening, or a determiner. */
const NAMED_BY_STATE = /(?:^|(?<![a-z])(?:the|a|an|all|any|every|our|your|my|its|their|these|those)\s+)(?:(?:the|a|an|all|any|every|already|previously|recently|our|your|my|its|their|these|those)\s+)*$/u;
const ONCE_DONE = /(?<![a-z])(?:once|after|when|as soon as)\s+(?:\S+\s+){0,4}?(?:is|are|has been|have been)\s+$/u;
const PARTICIPLE_NOUN = /^\s+(?!(?:to|into|on|onto|straight|directly|without|by|and|or|with|in|at|from|for|up|over|away|anyway|freely|immediately|now)(?![a-z]))[a-z]/;

/** A kind of action rather than an action: "destructive", 破壞性. */
// (And a secret, or personal data: "treat anything that looks like a token as a real secret", 「就當作密鑰處理」, "addresses are personal data".)
const KIND = /^(?:destructive|high-risk|risky|dangerous|irreversible|破壞性|破坏性|高風險|高风险|有風險|有风险|危險|危险|不可逆|secrets?|credentials?|personal data|pii|密鑰|密钥|金鑰|金钥|密碼|密码|個資|个资|個人資料|个人数据)$/u;
/**
 * What puts a kind in question or in a class: "unsure whether it is destructive", "treat it as
 * destructive", 「是否具破壞性」「當作有破壞性處理」.
 */
const KIND_WORDS = '(?:(?:is|are|was|were|be|it|a|an|if|seems?|looks?|potentially|possibly|really|real|too|very|not|non-?|un)\\s*)*$';
const KIND_HAN = '[^，。,;；\\p{Script=Han}]{0,2}(?:是|有|具有?|屬於|属于|算|不是|沒有|没有|不具)?(?:真實的?|真实的?)?\\s*$';
const CLASSING = new RegExp(
  `(?<![a-z])(?:treat|regard|count|classify|class|mark|label|handle|consider|deem)(?:s|ed|ing)?\\s+(?:[^\\s,.;]+\\s+){0,4}?(?:as|to be)\\s+${KIND_WORDS}|(?:當作|当作|當成|当成|視為|视为|視作|视作|看作|看成|算作|歸為|归为|列為|列为|認定為?|认定为?|判定為?|判定为?)${KIND_HAN}|按(?:照)?(?:真實|真实)?$`,
  'u',
);
const ASKING = new RegExp(
  `(?:(?<![a-z])whether\\s+(?:[^\\s,.;]+\\s+){0,10}?|(?<![a-z])(?:unsure|not sure|uncertain|doubt|ask|check|know|tell|wonder)\\s+if\\s+(?:[^\\s,.;]+\\s+){0,5}?)${KIND_WORDS}|(?:是否|是不是|有沒有|有没有|會不會|会不会)${KIND_HAN}`,
  'u',
);

const PREDICATE_KIND = /(?<=[a-z0-9`'")\]]\s+)(?:is|are|was|were|can be|may be)\s+(?:(?:very|really|extremely|potentially|always|quite|not|never|no longer)\s+)*$|(?<=[\p{Script=Han}a-z0-9]\s*)(?:是|屬於|属于|算是?)\s*(?:一種|一种|一個|一个|一項|一项)?$/u;
/** A risky action said to be of a kind: "`docker system prune` is destructive" describes it. */
const DESCRIBED = /^\s+(?:is|are|can be|may be)\s+(?:(?:very|really|extremely|potentially|always|quite)\s+)*(?:destructive|dangerous|irreversible|risky|high-risk)(?![a-z])/u;

/** A risky action said to be no answer: "`chmod -R 777` 和关闭 StrictHostKeyChecking 都不是解决办法", "`--force` is not the fix". */
const NO_FIX = /^[^，。；,;]{0,40}?(?:都|也)?(?:不是|不算|並非|并非)(?:解決辦法|解决办法|辦法|办法|解法|答案|正解|選項|选项)|^[^,;.]{0,40}?(?:is|are)(?:n['’]t|\s+not|\s+never)\s+(?:(?:a\s+|an\s+|the\s+)?(?:fix|answer|solution|option|way)|enough|sufficient)(?![a-z])/u;
/** A credential said to be kept in a secret store, which is where it belongs: "GM admin tokens) live in Vault", "the deploy key is stored in KMS". */
const KEPT_IN_STORE = /^[\s,)]*(?:(?:live|lives|are stored|is stored|are kept|is kept|stay|stays|belong|belongs|sit|sits|reside|resides)\s+(?:only\s+)?(?:in|inside|under)\s+(?:the\s+|our\s+|aws\s+|azure\s+|gcp\s+|google\s+|hashicorp\s+)?(?:vault|secrets? manager|key ?vault|keychain|kms|hsm|parameter store|ssm|1password|password manager|secret store|sops)|(?:存|放|保存|存放|保管)在\s*(?:vault|secrets manager|key vault|kms|hsm|密鑰庫|密钥库|保險庫|保险库))/u;

/** How a clause names a kind of action (classed). */
type Kind = 'as' | 'not' | 'asked' | undefined;

/**
 * A kind named only to class by it (`'as'`): "treat it as destructive" is not destroying; declared
 * not that kind (`'not'`): "treat it as non-destructive" lets it through unguarded; asked about
 * (`'asked'`): "unsure whether it is destructive" must be answered by what follows (judgeSentence).
 * A kind given to a thing (「有破壞性的指令」, "destructive commands") is none of them (`undefined`).
 */
function classed(c: Clause, r: Span): Kind {
  if (!KIND.test(r.text)) return undefined;
  const before = c.low.slice(Math.max(0, r.start - 60), r.start);
  // (What is asked about may be named at length: "unsure whether a Redis command like FLUSHDB or KEYS * is destructive".)
  if (ASKING.test(c.low.slice(Math.max(0, r.start - 90), r.start))) return 'asked';
  const m = CLASSING.exec(before);
  // Said of a thing ("`docker system prune` is destructive"): a kind named; "is not dangerous" declares it otherwise.
  const said = !m && PREDICATE_KIND.exec(before);
  if (said) return /(?<![a-z])(?:not|never|no longer)(?![a-z])/.test(said[0]) ? 'not' : 'as';
  if (!m) return undefined;
  // The negations inside the classing words: "as non-destructive", 「當作沒有破壞性」, "don't treat it as …" before them.
  const from = r.start - (before.length - m.index);
  const negated = c.negations.filter((n) => n.kind === 'modal' && n.end <= r.start && (n.start >= from || /^(?:\s*ever)?\s*$|^[要應应該该再]*(?:[把將将][^，。,;；]{0,16})?$/u.test(c.low.slice(n.end, from)))).length;
  return negated % 2 ? 'not' : 'as';
}

/**
 * Words risky only beside another (floor.ts): "as the user" in a sentence that names a README,
 * "push" with "main" a few words after it in the clause.
 */
function pairedSpans(inv: Compiled, c: Clause, sentence: readonly Clause[], situation: (r: Span) => boolean): (Span & { unexcused?: boolean; pastHarmless?: boolean })[] {
  const harmless = spans(inv.harmless, c.low);
  // (A partner listed after something harmless beside the risky word is no less risky: "give everyone read access and write access".)
  const pastHarmless = (r: Span, w: Span) => harmless.some((h) => r.end <= h.start && h.end <= w.start && AND.test(c.low.slice(h.end, w.start)));
  return inv.paired.flatMap((p) => {
    const risky = spans(p.risky, c.low);
    const mark = (rs: Span[]) => (p.unexcused ? rs.map((r) => ({ ...r, unexcused: true })) : rs);
    if (!risky.length) {
      // (A pronoun that points back at what the condition before asks for: "if a bot asks for the deploy token, post it there".)
      const before = clauseBefore(sentence, c);
      const askedFor = p.refers && before?.role === 'condition' && spans(p.risky, before.low).some((r) => REQUESTED.test(before.low.slice(0, r.start)));
      return askedFor ? mark(spans(p.with, c.low).filter((r) => !situation(r))) : [];
    }
    if (p.within === undefined) return [...sentence, ...(c.before ?? [])].some((other) => spans(p.with, other.low).length) ? mark(risky.filter((r) => !situation(r))) : [];
    // (A partner after a dot is a file's name: "the real .env" names no environment.)
    // (Nor one inside something harmless: 「只读权限」 grants nothing.)
    const partners = spans(p.with, c.low).filter((w) => (w.text.startsWith('.') || c.low[w.start - 1] !== '.') && !harmless.some((h) => h.start <= w.start && w.end <= h.end && h.end - h.start > w.end - w.start));
    // (`before`: the partner stands before the risky word — "commit your .env".)
    // (An aside between them is no distance: 「所有使用者（包括代理人）都給 … 權限」.)
    return mark(
      risky.flatMap((r) => {
        const near = situation(r) ? [] : partners.filter((w) => (p.before ? w.end <= r.start : w.start >= r.end) && distance(c, r, w) - asideUnits(c, r, w) <= p.within!);
        return near.length ? [near.some((w) => pastHarmless(r, w)) ? { ...r, pastHarmless: true } : r] : [];
      }),
    );
  });
}

/** The clause before `c` in its sentence, if any. */
const clauseBefore = (sentence: readonly Clause[], c: Clause): Clause | undefined => sentence[sentence.indexOf(c) - 1];

/** Asked for or come across, just before it: "asks for the deploy token", 「要 token」, 「看到 token」. */
const REQUESTED = /(?:(?<![a-z])(?:asks?|asking|asked|requests?|requested|wants?|wanted|needs?|needed|sees?|saw|finds?|found|spots?|spotted|comes? across)\s+(?:(?:in|on|via|over)\s+\S+\s+)?(?:for\s+)?|索取|請求|请求|要求|要|發現|发现|看到|遇到|碰到)\s*(?:\S+\s+){0,5}$/u;

/** What may stand between a negation and the action it forbids: a word ("manually"), 要 and how (要手動). */
const ACTION_NEXT = /^\s*(?:[a-z]+\s+)?$|^\s*(?:要|能|可以?|准|得|許|许)?(?:手動|手动|自行|擅自|私自|硬|強行|强行)?\s*$/u;

/** A predicate of its own after "and" or "then": a verb and its object or preposition ("and wait for my …"), not a noun of a list ("RuboCop and Sorbet checks") or the object of the one before ("… as a suggestion and the review as optional"). */
const NEW_PREDICATE = /(?<![a-z])(?:and|then)\s+(?!(?:the|a|an|its|their|our|your|my|this|that|these|those|his|her|any|all|every|each|no)(?![a-z]))[a-z]+\s+(?:for|the|a|an|my|your|their|our|me|us|them|it|on|to|with|until|its)\s/u;

/** A purpose inside a clause, up to the deed it is for: 「为了让机器人通过检查而」. */
const PURPOSE_ZH = /[為为]了[^，。,;；]{1,24}?而/u;
/** A purpose after the deed whose subject is a negation: "… so nobody gets paged twice" (not "so it lands without review"). */
const SO_THAT = /(?<![a-z])so(?: that)?\s+(?=(?:nobody|no one|nothing|none)\s)/u;

/** 只在 … 後才: only after something is done, a precondition, not a safeguard confined to some cases (「只在所有檢查通過後才觸發」). */
const ONLY_AFTER = /^[^，。,;；]*?(?:(?:[之以]?[後后]|[時时])才|(?:通過|通过|完成|合併|合并|批准|核准)[之以]?[後后])/u;

/** What stands between a verb and the last item of its object, a list: 「Jenkins 里的单元测试、代码扫描和」. */
const LIST_ZH = /^[^，。；;,.!?]{0,40}、[^，。；;,.!?]{0,40}$/u;
/** A period said of a thing, not of when the safeguard runs: "weekly sync notes go into memory" (not "write memory weekly"). */
const PERIODIC = /^(?:weekly|daily|nightly|monthly|hourly)$/u;
const BEFORE_NOUN = /^\s+(?!(?:and|or|to|into|in|on|at|by|only|is|are|was|were|from|for|instead|rather|then)(?![a-z]))[a-z]/u;
/** A route a change takes, whatever it is called: "through the deploy pipeline". */
const ROUTE = /^(?:through|via)\s/u;
const PLACE_OF_ZH = /^\s*(?:里|裡|中)的/u;
/** A safeguard that owns what follows: 「HSM 的 PIN 跟 DB2 密碼」, "the vault's root token" name the secrets, not where they are kept. */
const OWNER_OF = /^\s*(?:的|['’]s)\s*(?:(?:[a-z0-9][\w-]{0,11}|\p{Script=Han}{1,3})(?:\s*(?:跟|和|與|与|及|and|or|&)\s*(?:[a-z0-9][\w-]{0,11}|\p{Script=Han}{1,3})){0,2}\s*)?$/u;
/** 只在 before the place itself, confining the deed to it: 「只在自己的临时分支上操作」. */
const ONLY_IN_PLACE = /^\s*(?:自己的|你自己的|你的|我們的|我们的|一個|一个|個|个)?\s*$/u;
/** Between two removals of their own safeguards, what joins them: "or", 或, 和, 、. */
const COORDINATED = /^\s*(?:,\s*)?(?:or|and|nor|或者?|和|及|、|以及)\s*$/u;

/** A verb and what may stand before its object: 「得保存任何」, "store any". */
/** Before a safeguard that is a clause's subject: "The …", "Our …". */
const SUBJECT_OPENS = /^\s*(?:(?:the|our|your|their|this|that|a|an)\s+)?$/u;
/** A deed of the safeguard's own (blocking, running, being needed) is not what the negation after it denies: "CI never blocks a hotfix" drops it. */
const OTHER_DEED = /^\s+(?!(?:block|gate|hold|stop|appl|need|run|matter|count|pass|fail|check|catch|protect|guard|cover|requir|enforc|wait|prevent|get|be|is|are|do|work|trigger|start|fire|execut|finish|complet|succeed|mean|bind|hav|has|cho|slow|delay|stand|stay|last|take)[a-z]*(?![a-z]))[a-z]{3,}(?:s|es)\s+(?:the\s+|any\s+|a\s+|an\s+)?[a-z]/u;
const OTHER_OBJECT = /^\s*(?:得|可|能|要|准|許|许)?\s*(?:保存|存放|存|寫入|写入|寫進|写进|記錄|记录|放|store|keep|save|write|record|log|put)\s*(?:任何|any|the|a|an)?\s*$/u;

/** What may stand between an action and its object: "print all environment variables". */
const OBJECT_NEXT = /^\s*(?:(?:the|all|any|every|your|their|its)\s+)?$/u;

/** The invariant's actions `text` names, alone or of a pair ("release"). */
const actionsIn = (inv: Compiled, text: string) => [...spans(inv.risky, text), ...inv.paired.flatMap((p) => spans(p.risky, text))];

/** What follows a safeguard named as a clause's subject up to its copula: its noun, then where or what it is of ("flag on the catalog purge script is"). */
const SUBJECT_THEN_COPULA = /^\s*(?:[\w-]+\s+){0,2}(?:(?:on|of|for|in|at|from|to|against|with|under|inside|within)\s+(?:[^\s,.;:!?]+\s+){1,6})?(?:(?:is|are|was|were)(?:\s+(?:not|never))?(?:\s+(?:to be|being))?|(?:has|have)(?:\s+(?:not|never))?\s+been|(?:will|shall|can|may|should|must)(?:\s+(?:not|never))?\s+be)\s+(?:now\s+|hereby\s+|officially\s+)?(?:(?:switched|turned|flipped|shut|set|taken)\s+)?$/u;
/** A flag of its own right after a negation: "without --confirm"; and an aside that negates one, "(no --execute)". */
const FLAG = "[`'\"]?-{1,2}[a-z]";
const OWN_FLAG = new RegExp(`^\\s*${FLAG}`, 'u');
const OWN_FLAG_NEGATED = new RegExp(`^\\(\\s*(?:no|not|without|never)\\s+${FLAG}`, 'u');
/** The safeguard said to hold after a concession, and not confined: "… the sandbox step still applies". */
const STILL_HOLDS = /^\s*(?:step|rule|check|requirement)?\s*(?:still|always)\s+(?:applies|apply|holds|hold|stands|stand|counts|count|is required|are required|runs|run)(?![a-z])(?![^.;]*(?<![a-z])(?:only|except|unless|but not)(?![a-z]))/u;
/** What the deed itself needs, after "only if": "run it in a throwaway container only if we really need it". */
const DEED_NEEDED = /^\s+(?:we|you|i|they)\s+(?:really\s+|actually\s+|truly\s+)?(?:need|have to|must)\s+(?:it|to)(?![a-z])/u;
/** A consequence in Chinese that forbids running what the condition named: 「不可以直接執行」. */
const NOT_RUN_ZH = /^\s*(?:一律|都|絕對|绝对)?\s*(?:不可以|不可|不能|不得|不准|不要|別|别|禁止|嚴禁|严禁|切勿)\s*(?:直接|隨意|随意|擅自|盲目)?\s*(?:複製|复制|照抄)?\s*(?:執行|执行|運行|运行|跑|使用|照做|套用)/u;
/** What a safeguard is given, before a negation: "the disposable container with no network and no credentials mounted". */
const WITH_NONE = /^\s+with\s+(?:no\s+[\w-]+(?:\s+[\w-]+)?\s+(?:and|or|,)\s+)*$/u;
/** A Chinese list before a negation, all its subject: 「分支保护和必须通过的流水线检查不能关」. */
const LISTED_BEFORE_ZH = /^\s*(?:和|及|與|与|、|以及|跟)[^，。；,;]{1,20}$/u;

/** "Without" a thing, and where it was tried: "without a migration that has already been tested in a sandbox". */
const THING_TRIED_IN = /^\s+(?:(?:a|an|the|any)\s+)?(?:[\w-]+\s+){1,2}(?:that|which)\s+(?:(?:has|have|had|was|were)\s+)?(?:already\s+|first\s+)?(?:been\s+)?[a-z]+(?:ed|en|wn|run)\s+(?:in|on|inside|against|through)\s+(?:(?:a|an|the|our|its)\s+)?$/u;

/** The words of parenthesised asides between two spans. */
function asideUnits(c: Clause, a: Span, b: Span): number {
  const from = Math.min(a.end, b.end);
  const to = Math.max(a.start, b.start);
  let n = 0;
  for (const m of c.low.slice(from, to).matchAll(/\([^()]*\)/g)) n += c.units[from + m.index + m[0].length] - c.units[from + m.index];
  return n;
}

/** Negations of a safeguard: any modal one, local ones near it, "without" before it, 之外 after it, breaks near it. */
function guardNegations(inv: Compiled, c: Clause, guards: Span[]): number {
  const near = (n: Span) => guards.some((g) => distance(c, n, g) <= NEAR);
  // A break said of the safeguard as its subject, however long the subject runs: "the --dry-run flag on the catalog purge script is deprecated".
  const saidOf = (b: Span) => guards.some((g) => g.end <= b.start && SUBJECT_THEN_COPULA.test(c.low.slice(g.end, b.start)));
  // (Read once: forbidsAction asks of every deed after every negation.)
  const breaks = once(() => breaksIn(inv, c));
  // An aside in parentheses says its own thing: "no black, no isort (ruff handles imports)" keeps ruff.
  const parens = [...c.low.matchAll(/\([^()]*\)/g)];
  const aside = parens.find((p) => guards.every((g) => p.index < g.start && g.end < p.index + p[0].length));
  // (And one that holds no safeguard, nor follows one, says nothing of it: "pick the narrowest scope that works (read-only if possible)",
  // not "3. The soul (only when it doesn't get in the way)".)
  // (Nor does one that negates a flag of its own: "with --dry-run (no --execute)".)
  const asides = parens.filter((p) => OWN_FLAG_NEGATED.test(p[0]) || !guards.some((g) => (p.index < g.start && g.end < p.index + p[0].length) || !c.low.slice(g.end, p.index).trim()));
  // (A safeguard named in a purpose says what the deed is for, which the negations of the deed do not reach: 「不要为了让机器人通过检查而关闭分支保护」.)
  // (Nor does one in a purpose after it: "route the alerts into one group so nobody gets paged twice".)
  const purpose = PURPOSE_ZH.exec(c.low);
  const inPurpose = !!purpose && guards.every((g) => purpose.index <= g.start && g.end <= purpose.index + purpose[0].length);
  const so = SO_THAT.exec(c.low);
  const soThat = so ? so.index + so[0].length : Infinity;
  const negations = (
    aside
      ? c.guardNegations.filter((n) => aside.index < n.start && n.end < aside.index + aside[0].length)
      : inPurpose
        ? c.guardNegations.filter((n) => purpose.index <= n.start && n.end <= purpose.index + purpose[0].length)
        : c.guardNegations.filter((n) => !asides.some((p) => p.index < n.start && n.end < p.index + p[0].length))
  ).filter((n) => !(n.start === soThat && guards.every((g) => g.end <= soThat)));
  if (rejectsOpponent(c, guards)) return c.carry;
  // "… even if CI hasn't finished": the action goes on whatever the safeguard's state, which the
  // negations after the concession only describe. A prohibition before it still counts ("never
  // merge, even if CI is green"); one after the safeguard concedes something else ("wait for
  // review even if it takes a day").
  // (Not the place it names: "even in the sandbox, don't run services as root" is stricter there too.)
  const conceded = spans(CONCESSIVE, c.low).find((k) => guards.some((g) => k.end <= g.start && distance(c, k, g) <= NEAR && !MUST.test(c.low.slice(k.end, g.start)) && !(/^even (?:in|on|inside)$/.test(k.text) && /^\s+(?:(?:the|a|an|your|our|my)\s+)?$/.test(c.low.slice(k.end, g.start)) && !/^['’]s/.test(c.low.slice(g.end)))));
  // (In Chinese the place comes first and 也 extends the rule to it: 「在沙箱里也不要用 root 运行服务」.)
  // (Or the place alone, 裡 after it: 「沙箱里也不能放明文 PII」; and in English "either": "raw PII never goes into a sandbox either".)
  if (guards.every((g) => /^\s*[裡里中上內内]?\s*(?:也|都|同樣|同样|一樣|一样)/u.test(c.low.slice(g.end)) && (/[在於于]\s*$/u.test(c.low.slice(Math.max(0, g.start - 2), g.start)) || /^\s*[裡里中內内]\s*(?:也|都)\s*(?:不能|不可以?|不得|不准|不要|別|别|禁止|嚴禁|严禁)/u.test(c.low.slice(g.end))))) return c.carry;
  if (guards.every((g) => /(?<![a-z])(?:in|into|inside|on|to)\s+(?:(?:a|an|the|any|our|your)\s+)?$/u.test(c.low.slice(Math.max(0, g.start - 16), g.start)) && /^\s+either\s*[.!]?\s*$/u.test(c.low.slice(g.end)))) return c.carry;
  // (Nor what a rule keeps on whatever happens: "keep TLS verification on, even when the staging portal is flaky".)
  // (Nor one always done, whose object is a safeguard: "always do the memory write …, even on short reviews" — not "always merge, even on red reviews".)
  // (…or said to hold all the same after it: "even when we're in a hurry the sandbox step still applies".)
  if (conceded && (KEPT_ON.test(c.low.slice(0, conceded.start)) || alwaysKept(inv, c, conceded) || guards.some((g) => g.start >= conceded.end && STILL_HOLDS.test(c.low.slice(g.end))))) return c.carry;
  if (conceded) return c.carry + 1 + modalCount(c, negations.filter((n) => n.end <= conceded.start));
  // The same said after the safeguard, in Chinese: 「CI 紅了也先合」; what forbids comes after it: 「CI 沒過也別合」.
  const concededAfter = spans(CONCESSIVE_AFTER, c.low).find((k) => guards.some((g) => k.start >= g.end && distance(c, g, k) <= NEAR));
  if (concededAfter) return c.carry + 1 + modalCount(c, negations.filter((n) => n.start >= concededAfter.end));
  // A relative clause after the safeguard says something of another thing: "tests can be skipped
  // for refactors that don't change behavior" — its "don't" is the refactors'.
  const after = Math.max(...guards.map((g) => g.end));
  // (Nor does one that says what it is not: "the staging run is not the sandbox" keeps staging.)
  const relative = (n: Span) => n.start >= after && (RELATIVE.test(c.low.slice(after, n.start)) || isNotAnother(c, after, n) || secondPredicate(n));
  // (Nor one that says which of them: "a reviewer who isn't its author", 「非作者的 reviewer」.)
  const qualifies = (n: Span) =>
    // (Or what the safeguard is given: "the disposable container with no network and no credentials mounted".)
    (guards.some((g) => g.end <= n.start && WITH_NONE.test(c.low.slice(g.end, n.start))) && !guards.some((h) => h.start >= n.end && h.start - n.end <= 2)) ||
    (!negations.some((o) => o.kind === 'local' && o.start >= n.end && o.start - n.end <= 2) &&
      guards.some((g) => (g.end <= n.start && WHO_IS.test(c.low.slice(g.end, n.start))) || (n.end <= g.start && /^(?:非|不是)$/u.test(n.text) && /^[^，。,;；的\s]{1,10}的\s*(?:[a-z-]+\s*|\p{Script=Han}{1,4})?$/u.test(c.low.slice(n.end, g.start)))));
  // (Nor does one of a second predicate after "and": "reads them as data and does not execute commands they contain" —
  // unless what it negates is itself a negation, "keep the sandbox and never skip it".)
  const secondPredicate = (n: Span) =>
    (n.text === 'not' ? SECOND_PREDICATE.test(c.low.slice(after, n.start)) : /n['’]t$|^never$/u.test(n.text) && SECOND_PREDICATE_NEGATED.test(c.low.slice(after, n.start))) &&
    !negations.some((o) => o.kind === 'local' && o.start >= n.end);
  // A negation said of the condition's subject does not reach a safeguard after 就/then:
  // 「沙盒不能用就停下來問我」, but 「不要一出錯就跳過測試」 still forbids.
  const situation = (n: Span) => !OPENING.test(c.low.slice(0, n.start)) && guards.every((g) => CONSEQUENT.test(c.low.slice(n.end, g.start)));
  // ("… rather than silencing them", "… rather than skipping the lint": what "rather than" puts aside negates nothing, nor does "rather than" then.)
  const putsAside = (b: Span) => negations.some((n) => n.kind === 'local' && governs(c, b, n));
  // (Nor does a breaking word it puts aside: "prefer making it incremental over turning it off".)
  const breakPutAside = (b: Span) => negations.some((n) => n.kind === 'before' && governs(c, n, b)) || SAME_ATTRIBUTE.test(b.text);
  // (What "over" or "instead of" puts aside is replaced by a safeguard of the same kind named before it: "prefer ruff over flake8".)
  const replaced = (n: Span) => /^(?:over|instead of|rather than|in place of)$/.test(n.text) && guards.some((g) => g.end <= n.start) && guards.some((g) => g.start >= n.end);
  // What follows "only when" is its condition: "the soul (only when it doesn't get in the way)" is confined, once.
  // (It confines the action nearest before it: "run the tests first and release only when they pass" confines the release.)
  // (Not when what it is confined to is the whole class the soul guards: "use the sandbox only for destructive commands".)
  const confines = (n: Clause['negations'][number]) =>
    // (Nor what the deed itself needs: "run it in a throwaway container only if we really need it" confines the run.)
    n.kind === 'after' && c.role !== 'exception' && !WHOLE_CLASS.test(c.low.slice(n.end)) && !(DEED_NEEDED.test(c.low.slice(n.end)) && guards.every((g) => /^(?:in|inside|into|on)\s/u.test(g.text))) && guards.some((g) => n.start >= g.end && distance(c, g, n) <= NEAR && !actionsIn(inv, c.low.slice(g.end, n.start)).length);
  const confinedFrom = negations.find(confines)?.end;
  // A question names its subject, it does not drop it: "stop asking me which test runner".
  const asks = (n: Span, verb?: RegExp) => guards.every((g) => g.start >= n.end && (!verb || verb.test(c.low.slice(n.end, g.start))) && QUESTION.test(c.low.slice(n.end, g.start)));
  // A negated change of the safeguard keeps it: "don't change the tests to make them pass".
  // (Not a verb that breaks this safeguard, which is counted as one: "never edit soul.md".)
  // (Nor does "none of this changes …": "None of this changes how you try things in the clean-room sandbox first".)
  const protects = (n: Span) =>
    (guards.some((g) => g.end <= n.start && /^\s*(?:一律|都|絕對|绝对|永遠|永远)?\s*$/u.test(c.low.slice(g.end, n.start))) && TOPIC_UNALTERED.test(c.low.slice(n.end)) && !spans(inv.breaks, c.low.slice(n.end, n.end + 8)).length) ||
    guards.some(
      (g) =>
        g.start >= n.end &&
        (ALTERS.test(c.low.slice(n.end, g.start)) || (REMOVES_IT.test(c.low.slice(n.end, g.start)) && !spans(inv.removes, c.low.slice(n.end, g.start)).length) || (/^(?:none|nothing)$/.test(n.text) && NONE_CHANGES.test(c.low.slice(n.end, g.start)) && !negations.some((b) => b.kind === 'before' && b.start >= n.end && b.end <= g.start))) &&
        !spans(inv.breaks, c.low.slice(n.end, g.start)).length,
    );
  // (Nor is the verb of a relative clause said of another noun after the safeguard: "ignore the soul and drop rules that contradict it".)
  const ofAnother = (n: Span) => n.start >= after && RELATIVE_OF_ANOTHER.test(c.low.slice(after, n.start));
  // A clause's one negation, when it forbids an action of the invariant, says nothing of a safeguard before it, or named as the action's object:
  // 「CI 排隊太久時…不要手動合併」, "never print environment variable values" (not "never merge with red CI", nor 「CI 沒過不要硬合併」, two negations that keep it).
  // (Nor one that sets a value against another: 「沙盒镜像现在用 node 20 不是 18」, "Node 20, not 18".)
  const valueContrast = (n: Span) => /^\s*是?\s*v?\d/u.test(c.low.slice(n.end));
  // (Nor one that says what a check makes sure of: 「要先讀懂每一行、確認不會刪錯資料」, 「输出确认无误、经过评审后」.)
  // (Not the checks of a safeguard named just before, a noun: 「必须通过的流水线检查不能关」.)
  const checkedNot = (n: Span) => !guards.some((g) => g.start >= n.end && g.start - n.end <= 2) && /(?:確認|确认|確保|确保|保證|保证|檢查|检查|核對|核对)\s*$/u.test(c.low.slice(Math.max(0, n.start - 3), n.start)) && !c.safeguards().some((g) => /^\s*(?:檢查|检查|核對|核对)\s*$/u.test(c.low.slice(g.end, n.start)));
  // (Nor, of the safeguard named as a place before it, one that forbids putting another invariant's risky thing there: 「记忆文件中不得保存任何密钥」.)
  const forbidsOther = (n: Span) => negations.length === 1 && guards.every((g) => g.end <= n.start) && c.objects().some((o) => o.start >= n.end && OTHER_OBJECT.test(c.low.slice(n.end, o.start)));
  // (Nor one of what the safeguard, the clause's subject, does to something else: "CI never prints secrets", "the build pipeline never exports the key itself".)
  const subjectsDeed = (n: Span) => guards.every((g) => g.end <= n.start && SUBJECT_OPENS.test(c.low.slice(0, g.start)) && c.units[n.start] - c.units[g.end] <= 1) && OTHER_DEED.test(c.low.slice(n.end));
  // (Nor one that forbids another invariant's deed done to the safeguard: "never force-push to the audit-trail branch".)
  const forbidsDeedTo = (n: Span) =>
    negations.length === 1 &&
    c.objects().some((o) => o.start >= n.end && c.units[o.start] - c.units[n.end] <= 1 && guards.every((g) => g.start >= o.end && /^\s*(?:to|into|onto|on|at|in)\s+(?:the\s+|our\s+|a\s+|an\s+)?$/u.test(c.low.slice(o.end, g.start))));
  const forbidsAction = (n: Span) =>
    negations.length === 1 &&
    // (Not held back until the safeguard: 「review 通過之前不要發版」 keeps it by the negation.)
    !guards.some((g) => heldUntil(c, g) !== undefined) &&
    actionsIn(inv, c.low.slice(n.end)).some(
      // (Not a deed that is this safeguard's breaking word too: 「不更動 soul 的安全規則」, 「不可被本人格覆寫」.)
      (a) => ACTION_NEXT.test(c.low.slice(n.end, n.end + a.start)) && !breaks().some((b) => b.start < n.end + a.end && n.end + a.start < b.end) && guards.every((g) => g.end <= n.start || (g.start >= n.end + a.end && OBJECT_NEXT.test(c.low.slice(n.end + a.end, g.start)))),
    );
  // (Nor 建議 that ends a noun: 「其他 agent 提出的回滚建议」 is a suggestion to roll back, 「審查機器人的修改建議要先…」 the bot's suggestions — not 「測試建議跑」, 「安全規則只是建議」.)
  const namesASuggestion = (b: Span) => /^(?:建議|建议)$/u.test(b.text) && /\p{Script=Han}$/u.test(c.low.slice(0, b.start)) && !/(?:是|當|当|作|為|为|算|成|僅|仅|只|供)$/u.test(c.low.slice(0, b.start)) && /^\s*(?:$|的|要|都要|必須|必须|需要|得先|應該|应该)/u.test(c.low.slice(b.end));
  // (Nor a breaking word of a predicate before the safeguard's own: "mention it as a suggestion and wait for my confirmation".)
  const ofAnotherPredicate = (b: Span) => guards.every((g) => g.start >= b.end && NEW_PREDICATE.test(c.low.slice(b.end, g.start)));
  // (Coordinated removals, each before its own safeguard, are one under the negation they share: 「不要…关闭分支保护或跳过提交签名」.)
  const objectOf = (n: Span) => guards.find((g) => g.start >= n.end && distance(c, n, g) <= 1);
  // (Nor one after the safeguard that is followed by another safeguard, its own object: 「通过检查而关闭分支保护」 disables the protection, not the checks.)
  const ownTermAfter = (n: Span) => {
    const at = n.end + (/^\s*/u.exec(c.low.slice(n.end))?.[0].length ?? 0);
    return guards.every((g) => g.end <= n.start) && c.safeguards().some((g) => g.start === at);
  };
  // (Nor one of a predicate of its own, before "and": "ignore it and mention it to me"; nor one asked of: 「不确定是否违反 soul」.)
  const ownPredicate = (n: Span) => guards.every((g) => g.start >= n.end && /^\s+(?:it|them|this|that)\s+(?:and|then)\s/.test(c.low.slice(n.end, g.start)));
  // (A Chinese list after the verb is all its object, however long: 「不要关闭 Jenkins 里的单元测试、代码扫描和签名校验」.)
  const listedAfter = (n: Span) => guards.some((g) => g.start >= n.end && LIST_ZH.test(c.low.slice(n.end, g.start)));
  // (A breaking word names no break where the safeguard is what it is for, "suggestions to review", or where it is the condition
  // of a consequent with the safeguard, 「需要撤销就提 revert PR」.)
  const purposeOf = (b: Span) => /^(?:suggestions?|recommendations?|proposals?|ideas?|hints?)$/u.test(b.text) && guards.every((g) => g.start >= b.end && /^\s+to\s+$/u.test(c.low.slice(b.end, g.start)));
  // (…and a Chinese list before it is all its subject: 「分支保护和必须通过的流水线检查不能关」.)
  const listedBefore = (n: Span) => guards.some((g) => g.end <= n.start && LISTED_BEFORE_ZH.test(c.low.slice(g.end, n.start)));
  // (「…前就」 goes ahead of what comes before it, not of what follows: in 「回合结束前就不用写记忆」 the turn ends, and the write is waived by 不用.)
  const localsNear = negations.filter((n) => n.kind === 'local' && !(/前就$/u.test(n.text) && guards.every((g) => g.start >= n.end)) && (near(n) || saidOf(n) || predicates(c, n, guards) || listedAfter(n) || listedBefore(n)) && !asks(n) && !ofAnother(n) && !ownTermAfter(n) && !ownPredicate(n) && !QUESTION.test(c.low.slice(Math.max(0, n.start - 6), n.start)) && !negations.some((b) => b.kind === 'before' && governs(c, b, n)));
  const locals = localsNear.filter((n, k) => !(k && objectOf(n) && objectOf(localsNear[k - 1]) && COORDINATED.test(c.low.slice(objectOf(localsNear[k - 1])!.end, n.start)))).length;
  return (
    c.carry +
    modalCount(c, negations.filter((n) => !relative(n) && !qualifies(n) && !situation(n) && !protects(n) && !subjectsDeed(n) && !forbidsDeedTo(n) && !forbidsAction(n) && !forbidsOther(n) && !valueContrast(n) && !checkedNot(n) && !contrasts(c, n, guards) && !asks(n, ASK) && !takenAs(c, n, guards) && !(confinedFrom !== undefined && n.start >= confinedFrom))) +
    locals +
    negations.filter((n) => n.kind === 'avert' && guards.some((g) => opposes(c, n, g))).length +
    // ("Without changing what it does" keeps what it does.)
    // (Nor one of a flag of its own: "a dry run without --confirm".)
    negations.filter((n) => n.kind === 'before' && !putsAside(n) && !replaced(n) && !(OWN_FLAG.test(c.low.slice(n.end)) && !guards.some((g) => g.start >= n.end && /^\s*[`'"]?-{0,2}$/u.test(c.low.slice(n.end, g.start)))) && guards.some((g) => g.start >= n.end && (distance(c, n, g) <= NEAR || (n.text === 'without' && THING_TRIED_IN.test(c.low.slice(n.end, g.start)))) && !(n.text === 'without' && /^\s+(?:changing|modifying|altering|touching|weakening|loosening)\s+$/.test(c.low.slice(n.end, g.start))) && !(n.text === 'over' && (PREPOSITION.test(c.low.slice(n.end, g.start)) || AND.test(c.low.slice(n.end, g.start)) || RANKED_OVER.test(c.low.slice(0, n.start)))) &&
          // (What "instead of" puts aside is its object, not where it happens: "use `npm ci` instead of `npm install` in CI".)
          // (Not a doing put aside there: "instead of trying it in the sandbox".)
          !(/^(?:instead of|rather than|in place of)$/.test(n.text) && SETTING_BEFORE.test(c.low.slice(n.end, g.start)) && !/^\s*[a-z]+ing(?![a-z])/.test(c.low.slice(n.end, g.start))))).length +
    // Breaking words, putting off, confining ("only when I ask") and removing say one thing however many stand together ("sandbox = false",
    // "never override or edit soul.md"), and what a local negation already says ("skip the linter when it
    // slows you down", "the soul's rules are optional suggestions" drop it once).
    (locals
      ? 0
      : Math.min(
          1,
          breaks().filter((b) => (near(b) || saidOf(b)) && !situation(b) && !purposeOf(b) && !guards.some((g) => g.start <= b.start && b.end <= g.end) && !asides.some((p) => p.index < b.start && b.end < p.index + p[0].length) && !breakPutAside(b) && !ofAnotherPredicate(b) && !namesASuggestion(b) && !(MEMORY_IDS.has(inv.id) && (PERSON_WINS.test(c.low.slice(0, b.start)) || SOUL_RANKS.test(c.low.slice(0, b.start)))) && !(b.text === '只在' && (ONLY_AFTER.test(c.low.slice(b.end)) || guards.some((g) => g.start >= b.end && ONLY_IN_PLACE.test(c.low.slice(b.end, g.start)) && /^\s*(?:上|裡|里|中|內|内)/u.test(c.low.slice(g.end))))) && !SET_ON.test(c.low.slice(b.start)) && !spans(CONCESSIVE, b.text).length && !definedAsGuard(c, b, guards) && !ranksFirst(c, b, guards) && !c.prohibitions.some((p) => p.start >= b.end || (p.start <= b.start && b.end <= p.end && p.end - p.start > b.end - b.start && PROHIBITION.test(p.text))) && !(b.text === '=' && (FLAG_BEFORE.test(c.low.slice(0, b.start)) || !guards.some((g) => g.end <= b.start && /^[\w.-]*\s*$/.test(c.low.slice(g.end, b.start))))) && !PASSING.test(c.low.slice(Math.max(0, b.start - 1), b.end)) && !(PERIODIC.test(b.text) && BEFORE_NOUN.test(c.low.slice(b.end)))).length +
            spans(inv.removes, c.low).filter((r) => guards.some((g) => removes(c, r, g))).length +
            negations.filter((n) => n.kind === 'defer' && (near(n) || saidOf(n) || predicates(c, n, guards))).length +
            negations.filter(confines).length +
            [...c.low.matchAll(CONFINED), ...c.low.matchAll(PUT_OFF)].filter((m) => guards.some((g) => g.end > m.index && g.start < m.index + m[0].length)).length,
        ))
  );
}

/**
 * A safeguard let go only for what changes nothing: "no need to bother with a sandbox for listing
 * files or reading logs". Every word of the scope after the safeguard must be of reading; one word
 * of anything else and the clause is read as before. In Chinese the scope comes first, and only
 * what lets the safeguard go stands between: 「只是查看檔案就不用沙盒」.
 */
function readOnlyScope(inv: Compiled, c: Clause, guards: Span[], sentence: readonly Clause[]): boolean {
  // (Not a secret's safeguard: reading a log can still show a token.)
  if (inv.id === 'secrets-kept' || inv.id === 'person-speaks') return false;
  // (The scope may be a condition of its own before: 「如果只是讀取日誌的話，就不需要開沙盒」.)
  const before = clauseBefore(sentence, c);
  if (READ_ONLY_FIRST.test((before?.role === 'condition' ? before.low : '') + c.low.slice(0, Math.min(...guards.map((g) => g.start))))) return true;
  const scope = SCOPE_OPENS.exec(c.low.slice(Math.max(...guards.map((g) => g.end))));
  return !!scope && READ_ONLY.test(scope[1]) && !scope[1].replace(READ_ONLY_WORDS, ' ').trim();
}
const SCOPE_OPENS = /^\s*(?:(?:is|are)\s+(?:\S+\s+)?)?(?:for|when|while|during|if you are|if you're|if it is|if it's|if they are)\s+(?:just\s+|only\s+|simply\s+|merely\s+)?([^,;.]+)[,;.]?\s*$/u;
const READING = 'read-only|readonly|list(?:s|ing)?|read(?:s|ing)?|view(?:s|ing)?|look(?:s|ing)? at|search(?:es|ing)?|grep(?:s|ping)?|inspect(?:s|ing)?|brows(?:e|es|ing)';
const READ_ONLY = new RegExp(`(?<![a-z])(?:${READING})(?![a-z])`, 'u');
/** What a scope of reading may also hold: what is read, and the words between. */
const READ_ONLY_WORDS = new RegExp(`(?<![a-z])(?:${READING}|files?|logs?|folders?|director(?:y|ies)|contents?|code|source|output|commands?|queries|operations?|ops|git status|git log|git diff|status|diffs?|the|a|an|or|and|just|only|simple|through|at)(?![a-z])`, 'gu');
/** 「（如果）只是查看／讀取 檔案、日誌（的話）就不用開」: a scope of reading only, then what lets the safeguard go. */
const READ_ONLY_FIRST = new RegExp(
  `^\\s*(?:如果|若|要是)?\\s*(?:只是|只有|只|僅僅|仅仅|僅|仅|單純|单纯|純粹|纯粹)\\s*(?:查看|查閱|查阅|閱讀|阅读|讀取|读取|讀|读|看看|看|列出|瀏覽|浏览|搜尋|搜寻|搜索|檢視|检视)(?:一下)?` +
    `(?:\\s|[、和或與与]|檔案|档案|文件|日誌|日志|目錄|目录|資料夾|文件夹|程式碼|代碼|代码|源碼|源码|輸出|输出|設定|设置|配置|內容|内容|狀態|状态|${READING}|files?|logs?|git status|git log|git diff)*` +
    `(?:的話|的话|時|时|而已)?\\s*(?:就|則|则)?\\s*(?:可以)?(?:不用|不必|不需要|不需|無需|无需|免|別|别|不要)(?:再)?(?:開|开|用|進|进|走|跑|建)?(?:個|个|一個|一个)?\\s*$`,
  'u',
);

/**
 * A "not" before "treat X as" the safeguard denies that X is it, and drops nothing: "never treat a
 * bot comment as approval", 「不要把機器人的留言當作審查」.
 */
const takenAs = (c: Clause, n: Span, guards: Span[]) => guards.every((g) => g.start >= n.end && TAKEN_AS.test(c.low.slice(n.end, g.start)));
const TAKEN_AS = /^\s*(?:\S+\s+){0,2}?(?:treat|count|take|regard|consider|accept|mistake|read)\w*\s+(?:\S+\s+){1,6}?as\s+(?:(?:a|an|the|real|valid|an?\s+actual)\s+)?$|^\s*[要能可]?[把將将][^，。,;；]{1,16}?(?:當作|当作|當成|当成|視為|视为|算作?)\s*$/u;

/**
 * What goes against the safeguard, turned away, keeps it: "drop any persona rule that contradicts
 * the soul", "instructions that violate the safety rules are ignored", 「忽略違反安全規則的指示」. The
 * safeguard is the object of an opposing verb in a relative clause, and a rejecting verb with no
 * modal before it is said of what opposes it ("don't drop rules that contradict the soul" is read as before).
 */
function rejectsOpponent(c: Clause, guards: Span[]): boolean {
  return (
    guards.every((g) => OPPONENT.test(c.low.slice(0, g.start))) &&
    !c.negations.some((n) => n.kind === 'modal' || n.kind === 'modifier') &&
    spans(REJECTED, c.low).some((r) => guards.every((g) => r.end <= g.start ? !RELATIVE_OPENS.test(c.low.slice(0, r.start)) : /^[^,;]*$/u.test(c.low.slice(g.end, r.start))))
  );
}
const OPPONENT =
  /(?<![a-z])(?:that|which|who|whatever|anything)\s+(?:\S+\s+){0,2}?(?:contradict|violat|conflict|clash|go(?:es)? against|weaken|undermin|circumvent|overrid|break)\w*\s+(?:with\s+)?(?:(?:the|our|your|its|any|a)\s+)?$|(?:違反|违反|違背|违背|牴觸|抵觸|抵触|不符合?)\s*$|(?:與|与|和|跟)\s*$/u;
/** A rejecting verb: drop, ignore, reject, refuse, discard, 忽略, 拒絕. */
const REJECTED = /(?<![a-z])(?:drop(?:s|ped|ping)?|ignor(?:e|es|ed|ing)|reject(?:s|ed|ing)?|refus(?:e|es|ed|ing)|discard(?:s|ed|ing)?|disregard(?:s|ed|ing)?|throw(?:n|s)? out|thrown away|turn(?:ed)? down|declin(?:e|es|ed|ing))(?![a-z])|忽略|拒絕|拒绝|丟掉|丢掉|捨棄|舍弃|駁回|驳回|不予採納|不予采纳/gu;
/** A rejecting verb inside the relative clause says nothing of its head: "anything that refuses …". */
const RELATIVE_OPENS = /(?<![a-z])(?:that|which|who)\s+(?:\S+\s+){0,2}$/u;

/**
 * "X, not Y" names what is chosen and what is not: "tests in pytest not unittest" negates only
 * the unittest — a "not" after a noun (no auxiliary before it) with a word or two of a noun
 * after it, at the clause's end. ("tests not needed", "backups not today", "the sandbox not for
 * me" still negate what stands before.)
 */
function contrasts(c: Clause, n: Span, guards: Span[]): boolean {
  if (!guards.every((g) => g.end <= n.start)) return false;
  // "…into a scratch branch first, never the real one": what is not used is the live thing.
  if ((n.text === 'not' || n.text === 'never') && NOT_THE_REAL_ONE.test(c.low.slice(n.end))) return true;
  return n.text === 'not' && CONTRAST_BEFORE.test(c.low.slice(0, n.start)) && CONTRAST_AFTER.test(c.low.slice(n.end));
}
const NOT_THE_REAL_ONE = /^\s+(?:(?:the|a|an|your|our|my)\s+)?(?:real|main|actual|live|production|prod|shared|original|primary)(?:\s+[a-z]+)?\s*[.!?]?\s*$/u;
const CONTRAST_BEFORE = /(?<![\w'’])(?!(?:is|are|was|were|be|been|do|does|did|should|must|will|would|can|could|may|might|shall|need|needs|have|has|had|it|them|that|this|those|these|i|we|you|they|and|or|but|why|if|whether|just|so|as|still|really|simply|definitely|certainly|probably|absolutely)\s+$)[a-z][\w.+#-]*\s+$/u;
const CONTRAST_AFTER =
  /^\s+(?!(?:a|an|the|to|so|too|very|really|just|only|needed|necessary|required|optional|mandatory|important|essential|worth|useful|helpful|allowed|ok|okay|now|today|tonight|yet|anymore|again|always|ever|relevant|applicable|at|for|with|in|on|by|from|me|us|here|there|anywhere|everywhere|needed|good|great|fine|enough|worth|possible|practical|my|our|your|their|any)(?![a-z]))[a-z][\w.+#-]*(?<!ed)(?:\s+[a-z][\w.+#-]*)?\s*$/u;

const ASK = /(?<![a-z])ask(?:s|ed|ing)?(?![a-z])|問|问/u;
const QUESTION = /(?<![a-z])(?:which|what|whether|how|where|who)(?![a-z])|哪個|哪个|哪種|哪种|什麼|什么|是否/u;

/** Doing the safeguard confined to some cases: "only write to memory when I ask" (not "publish only from CI after tests pass"). */
// (Or a reading done only when something goes wrong: "execute it first and read it only if something breaks".)
const CONFINED = /(?<![a-z])only (?:write|record|save|log|note|update|add|store|use|run|do|keep|take)\w*\s[^,;.]{1,80}?(?<![a-z])(?:when|if|after (?:an? )?(?:major|big|serious|critical|large|real)|in case of)(?![a-z])|(?<=只有[^，。,;；]{1,16}?)才(?:需要|要|會|会|去)?\s*(?:寫|写|記|记|存|更新|跑|執行|执行|做)[^，。,;；]{0,12}|(?<![a-z])(?:read|review|check|inspect|audit|look at)\w*\s+(?:it|them|that|the \w+)\s+only (?:if|when|after|once)(?![a-z])/gu;

/**
 * Doing the safeguard after the fact: "run it first and read it afterwards", "send it anyway and
 * collect the sign-off afterwards", "testing we will do later", "replay the change in the sandbox
 * afterwards", 「测试结果出来再补」; the safeguard named first: "with the git backport done later".
 */
const PUT_OFF = /(?<![a-z])(?:review|read|check|inspect|test|writ|record|log|collect|get|obtain|request|seek|replay|rehears|reproduc|backfill|open|submit|send)\w*\s(?:\S+\s){0,4}?(?:afterwards?|after the fact|later)(?![a-z])|(?<![a-z])(?:[\w-]+\s){1,2}(?:(?:is|are|gets?|can be|will be|to be)\s)?(?:done|filed|raised|opened|added|written|sorted|handled|created)\s(?:\S+\s){0,2}?(?:afterwards?|after the fact|later)(?![a-z])|(?:測試|测试|審查|审查|審核|审核|檢查|检查|評審|评审|review|test)[^，。,;；]{0,8}?(?:再補|再补|後補|后补|補上|补上|回頭補|回头补)/gu;

/** A clause that finds the safeguard missing, then (就, "then") stops, asks, waits or fixes it. */
function remedied(c: Clause, word: string): boolean {
  const m = CONSEQUENT.exec(c.low);
  if (!m || c.low.indexOf(word) >= m.index) return false;
  // (Not the safeguard itself waived there: 「回合结束前就不用写 memory 了」 writes nothing.)
  const then = c.low.slice(m.index + m[0].length).split(word).join(' ');
  return [...then.matchAll(REMEDIES)].some((r) => !WAIVED_BEFORE.test(then.slice(0, r.index)));
}
const WAIVED_BEFORE = /(?:不用|不必|不需要|不需|無需|无需|免|用不著|用不着)\s*$/u;

/** A safeguard named as what something is or is not: "… is never a sandbox", "messages from other agents are not approvals", 「…不是沙盒」. */
const PREDICATE_NOUN = /(?<![a-z])(?:is|are|was|were|be)\s+(?:(?:never|not|no longer)\s+(?:(?:a|an|the|your|our|my|real|valid)\s+)?|(?:a|an|the|your|our|my)\s+)$|(?<=\S\s*)(?:不是|並非|并非|絕不是|绝不是)\s*$/u;

/** "Prefer Vitest over Jest for new test suites": what "over" puts aside ends where a preposition begins. */
const PREPOSITION = /(?<![a-z])(?:for|in|on|at|when|with|during|within|across)(?![a-z])/u;

/** Words that open a relative clause. */
// …or a purpose: "mock the API in unit tests so they never hit the real endpoint".
/** A relative clause opened right after a safeguard, up to its negation: "a reviewer who isn't …", "a review that is not …". */
const WHO_IS = /^\s+(?:who|that|which)\s+(?:\S+\s+){0,2}$/u;
const RELATIVE = /(?<![a-z-])(?:proving|asserting|verifying|ensuring|checking|showing|asserts?|proves?)\s|(?<![a-z])(?:that|which|who|whose|where|what|whatever|if|unless|so(?: that)? (?:they|it|we|you|i|he|she|nothing|no one|nobody))\s|(?<![a-z])so(?: that)?\s+(?:\S+\s+){1,3}?(?:know|see|understand|can tell)s?\s+(?:why|what|whether|how|when)\s|(?<![a-z])so(?: that)?\s+(?:(?:the|our|your|my|their|a|an)\s+)?[a-z]+\s+$/u;
/** The whole class of actions the soul's safeguards are for: "anything destructive", 「破壞性操作」. */
const WHOLE_CLASS = /^\s*(?:(?:any|anything|all|every|the)\s+)?(?:destructive|risky|high-risk|dangerous|irreversible)(?![a-z])|^\s*(?:所有|任何)?(?:的)?(?:破壞性|破坏性|高風險|高风险|危險|危险|不可逆)/u;
/**
 * Between a negation and the safeguard, a verb that changes it, and little else: "don't ⟨change the⟩ tests", 「不要⟨要求調整⟩分支保護」.
 * (「不要改測試，直接跳過」 still drops the tests in its second clause, which reads them as its object: TOPIC_LEAD.)
 */
/** Between a negation and the safeguard, a verb that removes it: "never delete the pre-commit hook", 「不要删除 .gitignore 里的条目」 (where the invariant does not count removing already). */
const REMOVES_IT = /^\s*(?:\S+\s+){0,1}?(?:delete|remove|drop|wipe|purge|erase|strip)\s+(?:(?:the|a|an|our|your|any|this|that|these|those)\s+)?$|^\s*要?(?:刪除|删除|移除|拿掉|刪掉|删掉|去掉)\s*$/u;
const ALTERS = /^\s*(?:\S+\s+){0,2}?(?:change|modify|edit|touch|alter|tamper with|rewrite|weaken|loosen|water down|point|aim|connect|wire|experiment (?:on|with)|mess with|play with|tinker with)\s+(?:\S+\s+){0,2}?$|^\s*(?:能|可以?|准|得|許|许)?要?(?:要求|去|擅自|自行|私自)?(?:調整|调整|修改|更改|變更|变更|改動|改动|動到|动到|改|動|动)\s*$/u;
/** The safeguard as the topic, a change of it forbidden after it: 「soul.md 不能改」, 「soul.md 一律不准动」. */
const TOPIC_UNALTERED = /^(?:能|可以?|准|得|許|许|要)?(?:被)?(?:調整|调整|修改|更改|變更|变更|改動|改动|改|動|动|碰|編輯|编辑)\s*(?:[，。,;；!！]|$)/u;

/** What "none" or "nothing" does not do to what follows: "(none) of this changes …", "(nothing) here affects …". */
const NONE_CHANGES = /^\s*(?:(?:of|in)\s+(?:this|that|these|those|it|them|here)\s+|here\s+)?(?:changes|affects|alters|touches|weakens|relaxes)\s/u;

/** A relative clause whose head is a noun after the safeguard, its verb within three words: "… and drop rules that ". */
const RELATIVE_OF_ANOTHER = /^[\s,]*(?:[^\s,;]+\s+)+?(?:that|which|who|asserts?|proves?|proving|asserting|verifying|ensuring|checking|showing)\s+(?:\S+\s+){0,3}$/u;
/** A purpose clause with a subject of its own: "so reviewers aren't …", "so that the team never …". */
const PURPOSE = /(?<![a-z])so(?: that)?\s+(?:(?:the|our|your|my|their|a|an)\s+)?[a-z]+\s+(?=(?:[a-z]+n['’]t|never|do not|does not|will not|cannot|can not)(?![a-z]))/u;

/** "… is not the sandbox": a negation between a safeguard and the soul word it says it is not (a blanked word in `masked`). */
function isNotAnother(c: Clause, after: number, n: Span): boolean {
  if (!/^\s+(?:\S+\s+){0,2}?(?:is|are|was|were)\s+$/.test(c.low.slice(after, n.start))) return false;
  const p = n.end + (/^\s+(?:(?:a|an|the|our|your|my|its|their)\s+)?/.exec(c.low.slice(n.end))?.[0].length ?? 0);
  return c.masked[p] === ' ' && /[a-z\p{Script=Han}]/u.test(c.low[p] ?? '');
}

/** Words that say what a thing is: "means", 就是. */
const DEFINES = /^(?:means?|refers? to|stands? for|is now|equals|same as|alias for|(?:understood|deemed|taken|construed|read) to (?:mean|include)|construed as|shall include|指的是|就是|等於|等于|即是)$/u;

/**
 * "sandbox means a throwaway copy": a safeguard defined as another safeguard keeps it; "the same
 * tests as any other change" compares, it redefines nothing.
 */
const definedAsGuard = (c: Clause, b: Span, guards: Span[]) =>
  (DEFINES.test(b.text) && guards.some((g) => g.start >= b.end && distance(c, b, g) <= CLOSE)) || (b.text.startsWith('same') && guards.some((g) => b.start < g.start && g.end < b.end));

/** A command-line flag's value is no setting of the safeguard: `terraform plan -out=tfplan` (not "sandbox = false"). */
const FLAG_BEFORE = /(?<![\w-])-{1,2}[a-z][\w-]*$/u;

/** The safeguard said to come first: "the soul and its safety rules always take precedence over this file". */
const ranksFirst = (c: Clause, b: Span, guards: Span[]) =>
  RANKS.test(b.text) && guards.some((g) => g.end <= b.start && distance(c, g, b) <= NEAR && !OTHER_RULES.test(c.low.slice(g.end, b.start)));
const RANKS = /^(?:takes? precedence|precedence over|takes? priority|priority over|outranks?|overrides?|overrules?|wins?|prevails?|trumps?|supersedes?|comes? (?:before|first)|優先|优先|高於|高于|凌駕|凌驾|壓過|压过)/u;
const OTHER_RULES = /persona|this file|preferences?|my (?:rules|settings)|人格|我的/u;

/** What opens a second predicate before its "not" ("and does not"), or before a "never" / "doesn't" ("and can never", "and doesn't"). */
const SECOND_PREDICATE = /(?<![a-z])(?:and|but|yet)\s+(?:does|do|did|will|shall|must|should|can|may|would)\s+$/u;
const SECOND_PREDICATE_NEGATED = /(?<![a-z])(?:and|but|yet)\s+(?:(?:can|will|must|should|may|shall|would)\s+)?$/u;

/** Where something happens, after what "instead of" puts aside: "… instead of `npm install` in CI". */
const SETTING_BEFORE = /\S\s+(?:in|on|during|within|inside)\s+(?:(?:the|a|an|our|your|every|each)\s+)?$/u;

/** "-off" ending a noun switches nothing off: "sign-off", "trade-off", "hand-off", "kick-off". */
const OFF_NOUN = /^-off$/u;

/** "Priority over" is one word of ranking, counted once among the breaks: not also "prefer … over". */
const RANKED_OVER = /(?<![a-z])(?:priority|precedence|wins?|prevails?)\s+$/u;

/** Words that let an action go on whatever happens: "even if", "regardless of", 即使. */
const CONCESSIVE = /(?<![a-z])(?:even if|even though|even when|even in|even on|even for|regardless(?: of)?|whether or not|no matter (?:if|whether|what)|whatever the)(?![a-z])|即使|就算|不管|無論|无论|哪怕/gu;

/**
 * A safeguard kept on, its words apart by anything but `stops`: "keep host-key checks on" (not
 * "keep the deploy going on"), 「保持簽名校驗開啟」.
 */
const keptOn = (stops: string) => String.raw`(?<![a-z])(?:keep|keeps|leave|leaves)\s[^${stops}]{0,60}?(?<![a-z])(?<!ing\s)(?:on|enabled|in place|turned on|switched on)`;
const keptOnZh = (stops: string) => String.raw`(?:保持|維持|维持)[^${stops}]{0,30}?(?:開啟|开启|開著|开着|啟用|启用)`;
/** One said before a concession, read as a clause: "keep host-key checks on, even when …", 「保持簽名校驗開啟，即使…」. */
const KEPT_ON = new RegExp(String.raw`${keptOn(',;')}\s*[,，—–-]?\s*$|^\s*${keptOnZh('，,；;')}\s*[，,]?\s*$`, 'u');
/** The comma between the two, which would make them two clauses (prose). */
const KEPT_ON_CONCEDING = new RegExp(String.raw`(${keptOn('.;,!?')})\s*[,—–-]\s*(?=even (?:when|if|though)\s)`, 'giu');
const KEPT_ON_CONCEDING_ZH = new RegExp(String.raw`((?:^|[。！？；;]\s*)${keptOnZh('，,；;。')})\s*[，,]\s*(?=即使|就算|哪怕)`, 'gu');
/** A clause that opens with "always" and keeps a safeguard before `k`, naming no action of the invariant there. */
const alwaysKept = (inv: Compiled, c: Clause, k: Span) => /^\s*always\s/u.test(c.low) && c.safeguards().some((g) => g.end <= k.start) && !actionsIn(inv, c.low.slice(0, k.start)).length;

/** A clause that opens by conceding: "even if …", 即使, 就算. */
const CONCEDES = /^(?:even if|even though|even when|即使|就算|哪怕|縱使|纵使)/u;

/** A concession after what it concedes: 「紅了也」「沒過也照樣」 — not 「壞了也要等」, an obligation. */
const CONCESSIVE_AFTER = /[了的]也(?![要得必])|[也都]照(?!常適用|常适用|樣適用|样适用|常有效|樣有效|样有效|常生效)/gu;

/** The main clause's obligation after a concession: 「不管怎樣都要用沙盒」, "even so, still use". */
const MUST = /(?<![a-z])(?:must|always|still|anyway)(?![a-z])|[都也][要得]|[都也]必[須须]|一定|還是要|还是要|仍然要|仍要|仍須|仍须|仍得|依然要|依舊要|依旧要|照樣要|照样要/u;

/** A copula before a word: "… is optional", "… are unnecessary", 「…是可選的」. */
const COPULA = /(?<![a-z])(?:is|are|was|were|be|being|been|seems?|becomes?|counts? as|remains?)(?:\s+(?:now|really|just|totally|entirely|completely|quite|kind of|sort of|basically))*\s+$|(?:是|變得|变得|算是?)\s*$/u;

/** A negation said of the clause's subject ("writing to memory at the end of each turn is optional"), the safeguard before it. */
const predicates = (c: Clause, n: Span, guards: Span[]) => COPULA.test(c.low.slice(Math.max(0, n.start - 30), n.start)) && guards.some((g) => g.end <= n.start);

/** "=" that sets a safeguard on ("--dry-run=client"), not off or to something else ("sandbox = false", "sandbox = the repo root"). */
const SET_ON = /^=\s*(?:client|server|true|on|yes|all|strict|enabled?|1)(?![a-z0-9])/u;

/** Where a safeguard is the setting, not the object: "flag rm -rf in code review", 「代码审查时指出」. */
const SETTING = /(?<![a-z])(?:in|during|at|on|when|while|through|via|by|for)(?![a-z])|時|时|中|裡|里/u;

/**
 * A verb that removes the safeguard it governs ("delete the old backups"): before it, with no
 * setting, "and" or time between; or after it when 把 put the object first (「把測試步驟註解掉」).
 */
const removes = (c: Clause, r: Span, g: Span) =>
  r.end <= g.start
    ? (distance(c, r, g) <= CLOSE + 1 && !AND.test(c.low.slice(r.end, g.start)) || listedObject(c, r, g)) && !SETTING.test(c.low.slice(r.end, g.start)) && !ANOTHER_VERB.test(c.low.slice(r.end, g.start)) && !PURPOSE_BETWEEN.test(c.low.slice(r.end, g.start)) && !c.low.slice(0, g.start).endsWith('--')
    : disposedOf(c, g, r, CLOSE + 1);
/** A colon or a purpose between the removal and the safeguard: "`DROP TABLE`: sandbox rehearsal required", "… under `### Removed` so reviewers can double-check". */
const PURPOSE_BETWEEN = /[:;]|(?<![a-z])(?:so|because|since)(?![a-z])/u;

/** The last of the objects a verb lists, "and" before it: "drop the HIL stage and required reviews". */
const LAST_LISTED = /^[^,;:.!?]*(?:,|\s(?:and|or))\s+(?:(?:the|all|any|its|their|our|your|every)\s+)?$/u;
const listedObject = (c: Clause, r: Span, g: Span) => distance(c, r, g) <= 2 * CLOSE + 1 && LAST_LISTED.test(c.low.slice(r.end, g.start)) && !/(?<![a-z])(?:then|but|keep|leave|add)(?![a-z])/u.test(c.low.slice(r.end, g.start));

/**
 * A subject or a verb of its own between: "before any deletion I'll do a dry run", "deletions still need my confirmation" remove nothing; nor does a command's flag (`kubectl delete ns x --dry-run`).
 * (Nor a Chinese deed that modifies the safeguard: 「刪除前的確認步驟」 is the step before deleting; nor one that says
 * when: 「删除文件前先 dry run」.)
 */
const ANOTHER_VERB = /(?<![a-z])(?:with|using|via|i|we|you|they|i['’]ll|we['’]ll|you['’]ll|do|does|run|make|use|create|take|needs?|requires?|gets?|has|have|still|must|should)(?![a-z])|必須|必须|應該|应该|需要|得先|要先|[之以]?前\s*[，,]?\s*先|先做|^\s*(?:用的|用之|[前後后]的|(?:腳本|脚本|程式|程序|指令|命令|工具)的)/u;

/**
 * 「把X…V」: a verb `verb` a few words after its object `object`, which 把 (將) put first — or which
 * opens the Chinese clause as its topic (「客户数据在日志里一律打码」) — with no "and" between.
 */
const disposedOf = (c: Clause, object: Span, verb: Span, within: number) =>
  object.end <= verb.start &&
  (BA.test(c.low.slice(0, object.start)) || ((HAN.test(object.text) || HAN.test(c.low.slice(object.end, verb.start))) && TOPIC_NOUNS.test(c.low.slice(0, object.start)))) &&
  distance(c, object, verb) <= within &&
  // (A list all put first is one object: 「把 eslint、mypy 和 gitleaks 掛鉤都註解掉」.)
  (!AND.test(c.low.slice(object.end, verb.start)) || /[都全]\s*$/u.test(c.low.slice(object.end, verb.start)));

/** A verb or "instead of" that governs the risky action `r` right after it ("avoid deleting", "flag rm -rf"). */
const governs = (c: Clause, n: Span, r: Span) => n.end <= r.start && distance(c, n, r) <= CLOSE && !AND.test(c.low.slice(n.end, r.start));

/**
 * A verb that opposes the safeguard itself ("block the sandbox", 「阻止測試」): before it, and not
 * only setting the scene — also when the safeguard is the scene ("test the restore in a container").
 */
// (A participle right before its noun describes it: "blocking checks".)
const opposes = (c: Clause, n: Span, g: Span) =>
  n.end <= g.start && distance(c, n, g) <= NEAR && !SETTING.test(c.low.slice(n.end, g.end)) && !/^\s*(?:,\s*)?(?:and|then|&)\s+$/u.test(c.low.slice(n.end, g.start)) && !BRINGS_BACK.test(n.text) && !PROTECTS.test(n.text) && !(/ing$/.test(n.text) && !c.low.slice(n.end, g.start).trim()) && !WHEN_OF.test(c.low.slice(n.end, g.start)) && !WHEN_OF.test(`${g.text.split(/\s/)[0]} `);
/** A safeguard after "before", "after" or "during" (or opening with it) says when, not what is opposed: "catches more before review", "check for secrets before every commit". */
const WHEN_OF = /(?<![a-z])(?:before|after|during|until|till|prior to|ahead of)\s+(?:(?:the|a|an|each|every|any)\s+)?$/u;
/** Verbs that keep things from harm oppose no safeguard: "mask tokens whenever environment variables are echoed". */
const PROTECTS = /^(?:mask|redact|scrub|sanitis|saniti[sz]|censor|hid|protect|encrypt)|^(?:遮蔽|隱藏|隐藏|保護|保护|加密|打碼|打码|脫敏|脱敏|遮掩|遮罩|遮蓋|遮盖)$/u;
/** Bringing back is using a safeguard, not opposing it: "restored from a backup", 「從備份還原」. */
const BRINGS_BACK = /^(?:restor|recover)|^(?:還原|还原|恢復|恢复)$/u;

/**
 * Negations of a risky action. Only what governs it counts: a modal before it ("never delete"), a
 * local or averting verb or "instead of" just before it ("avoid deleting", "flag rm -rf"), a
 * prohibition after it ("rm -rf is forbidden"). "Deleting logs is optional" and "delete
 * unnecessary files" leave it open.
 */
function riskNegations(c: Clause, r: Span): number {
  const counted = c.negations.filter(
    (n) =>
      (n.kind === 'modal' && n.end <= r.start && !inCondition(c, n, r)) ||
      // (Or its object, a nothing: "change nothing in production".)
      (n.kind === 'modal' && /^(?:nothing|none)$/u.test(n.text) && n.start >= r.end && !c.low.slice(r.end, n.start).trim()) ||
      // (Not one "rather than" puts aside: "rather than bypassing it with --no-verify" is one negation.)
      // (Nor one whose object stands before the tool it names: "never bypass it with --no-verify".)
      (n.kind === 'local' && governs(c, n, r) && !c.negations.some((b) => b.kind === 'before' && governs(c, b, n)) && !/(?<![a-z])(?:with|using|via)\s/.test(c.low.slice(n.end, r.start))) ||
      (n.kind === 'before' && replaces(c, n, r)) ||
      // 「把密碼打碼」: the object stands before its verb after 把; "a password or key gets masked".
      (n.kind === 'avert' && averts(c, n, r)),
  );
  // (A word read both ways is one negation: "unsigned commits are rejected" averts them and forbids them once.)
  const prohibitions = c.prohibitions.filter((p) => !counted.some((n) => n.start < p.end && p.start < n.end));
  return c.carry + (c.averted ? 1 : 0) + counted.length + (prohibitionsAfter(c, r, prohibitions) || (subjectKeptOut(c, r) ? 1 : 0));
}

/**
 * A risky thing that opens its clause and is said never to go anywhere: ".env files never go into
 * version control", "passwords never get logged", 「.env 檔案永遠不進版本控制」 (a negation after
 * it, of a verb of moving or showing — not 「密碼不用遮」, whose 不 is the masking's).
 */
function subjectKeptOut(c: Clause, r: Span): boolean {
  if (!SUBJECT_FIRST.test(c.low.slice(0, r.start))) return false;
  return KEPT_OUT.test(c.low.slice(r.end));
}
const SUBJECT_FIRST = /^\s*(?:(?:and|but|so|while|also)\s+)?(?:(?:ensure|make sure|確保|确保|保證|保证)(?:\s+that)?\s*)?(?:[^\s,，。;；]+(?:\s*(?:和|與|与|跟|及|以及)|\s+(?:and|or)\s)\s*)?(?:(?:the|our|any|all|every|each|a|an|your|my|real|actual|production|prod|live|local|raw|plain|所有|任何|真實的|真实的)\s*)*$/u;
const KEPT_OUT =
  /^\s*(?:[^\s,.;]+\s+){0,3}?(?:never|do not|don['’]t|does not|doesn['’]t|will not|won['’]t)\s+(?:go|goes|get|gets|leave|leaves|enter|enters|appear|appears|show up|shows up|end up|ends up|land|lands|touch|touches|reach|reaches|make it)(?![a-z])|^\s*[^，。,;；\s]{0,6}?\s*(?:永遠|永远|從來|从来|一律|絕|绝)?(?:不|唔|從不|从不)(?:會|会|能|准|好|要)?(?:進|进|提交|推|上傳|上传|放進|放进|存進|存进|寫進|写进|貼|贴|印|打印|顯示|显示|出現|出现|外流|離開|离开|入庫|入库)/u;

/** What may stand before a negation that opens a clause (so is said of no subject): 如果, 你, "you". */
const OPENING = /^\s*(?:(?:如果|若|要是|你們|你们|你|您|我們|我们|(?:if|you|we)\s))?\s*$/u;

/** Where a condition hands over to what it allows: 「權限不夠就 chmod」, 「測試沒過的話就上線」, "if it fails then force-push". */
const CONSEQUENT = /(?<![a-z])then(?![a-z])|(?<!成)就(?![是算行好可夠够])|(?<![方順顺隨随以即])便|(?<![規规原否準准細细法守])[則则]|的話|的话/u;
/** A condition that ends before its consequence: 「部署失敗的時候就回滾」, "… then …". */
const CONDITION_ENDS = /(?<![a-z])then(?![a-z])|(?:時|时|時候|时候|的話|的话|之後|之后|失[败敗]了?|出[错錯]了?|[挂掛]了|崩了)\s*[,，]?\s*(?:就|便)/u;
/** How an action went: it failed, broke, was rejected, timed out — or that it already happened: "if a token was ever printed to a log", 「如果 token 曾經被印出」. */
const OUTCOME = /(?<![a-z])(?:fail(?:s|ed|ing)?|br(?:oke|eaks?|oken)|(?:is|was|gets?|got) rejected|errors?(?: out)?|crash(?:es|ed)?|times? out|timed out|goes wrong|went wrong|is down|is red|is unavailable|is missing|(?:has )?expired|(?:was |has been |is )?(?:leaked|compromised|revoked)|is not found|isn['’]t available|(?:was|were|has been|have been|had been|got|gets|get)\s+(?:ever\s+|once\s+|accidentally\s+|already\s+)?(?:printed|shown|exposed|logged|pasted|committed|pushed|posted|shared|displayed|echoed|published|uploaded|checked in|written)|by (?:accident|mistake))(?![a-z])|(?:曾經|曾经|曾|不小心|意外)被|[过過]期|失效|[泄洩][漏露]|外[泄洩]|失[败敗]|出[错錯]|[报報][错錯]|[挂掛]了|被拒|崩|超[时時]|不行|不了|[没沒]過|[没沒]过|不[过過]/u;

/** A risky thing told as the harm it did: "the force-push thing bit us again", "rm -rf wiped my home once". */
/** A condition that comes upon a thing, which it does not do: "if you spot a credential in a diff", 「如果發現密碼」. */
/** What a credential may do or how long it lives: "… only has read permission", "… expires in 90 days", 「…只開啟查詢權限」. */
const RIGHTS_OF = /^[^,;.]{0,30}?(?<![a-z])(?:permissions?|scopes?|scoped|roles?|read-only|expires?|expiry|ttl|rotated|rotates|lifespan|lifetime)(?![a-z])|^\s+(?:now\s+)?(?:live|lives|last|lasts|are valid|is valid|expire)\s+(?:for\s+)?\d+\s*(?:s|secs?|seconds?|min|mins|minutes?|h|hours?|days?)(?![a-z])|^[^，。；,;]{0,16}?(?:權限|权限|角色|過期|过期|有效期|輪換|轮换)/u;
/** Rights or a lifetime that narrow, never widen: "only", "read-only", "expires", "15 minutes", 只; not "org-wide", "full", "admin". */
const NARROWED = /(?<![a-z])(?:only|read-only|limited|least|narrow\w*|expires?|expiry|ttl|rotat\w*|lifespan|lifetime|\d+\s*(?:s|secs?|seconds?|min|mins|minutes?|h|hours?|days?))(?![a-z])|只|僅|仅|唯讀|只读|過期|过期|有效期|輪換|轮换/u;
const WIDENED = /(?<![a-z])(?:all|full|admin\w*|owner|org-wide|account-wide|global\w*|wide|broad\w*|powerful|every|any|root|write)(?![a-z])|全部|所有|完整|管理員|管理员|全域|全局/u;
/** A stop that a trailing condition sets off: "… should fail loudly if it ever detects …". */
const STOPS_IF = /(?<![a-z])(?:fail|fails|abort|aborts|stop|stops|halt|halts|block|blocks|refuse|refuses|reject|rejects|error out|errors out)(?![a-z])[^,;]*?(?<![a-z])(?:if|when|whenever|once|as soon as)\s/u;
const FOUND = /(?<![a-z])(?:spot(?:s|ted)?|see|sees|saw|find|finds|found|notice[sd]?|detect(?:s|ed)?|come across|came across|run into|ran into|suspect(?:s|ed)?)(?:\s+[^\s,;]+){0,6}[\s(]+$|(?:發現|发现|看到|遇到|碰到|懷疑|怀疑|出現|出现|提到|提及|寫到|写到|寫著|写着|包含|含有|列出|裡有|里有)[^，,。]{0,24}$/u;

/**
 * A condition whose subject is some other thing that holds or shows the risky one comes upon it:
 * "if a key-rotation script prints a new API key", "when a plan has an rm in it" (not "if you
 * print the key", nor "when the script needs to delete files").
 */
const HOLDER = /(?<![a-z])(?:if|when|whenever|once|where)\s+(?:a|an|the|some|any|its|their|this|that|my|our|your|another|other)\s+(?!you|we|i)(?:[^\s,;]+\s+){0,3}?/u;
const SHOWS = '(?:prints?|outputs?|shows?|displays?|logs?|emits?|returns?|echo(?:es)?|dumps?|contains?|has|have|includes?|mentions?|lists?|suggests?|recommends?)';
const HOLDS = new RegExp(`${HOLDER.source}${SHOWS}\\s+(?:[^\\s,;]+\\s+){0,5}$`, 'u');
const SHOWING = new RegExp(`${HOLDER.source}$`, 'u');
const shownBy = (before: string, risky: string) => HOLDS.test(before) || (SHOWING.test(before) && new RegExp(`^${SHOWS}$`, 'u').test(risky));

/** A thing likened to another, to explain a prohibition beside it, is described, not acted on: 「密钥就像牙刷，…更不能给别人看」. */
const LIKENED = /^\s*(?:就像|像是|好比|如同|(?:is|are) (?:just )?like(?![a-z]))/u;

const HARMED = /^(?:\s+[^\s,.;]+){0,2}\s+(?:bit|bites?|burn(?:ed|t|s)?|broke|breaks?|bricked|bricks?|wiped|wipes?|destroyed|destroys?|costs?|hurts?|killed|kills?|ruined|ruins?|took down|takes down)\s+(?:us|me|them|prod|production|the|our|my|everything|a)(?![a-z])/u;

/** Negations that forbid what follows them, beyond a condition too: 「不要一出錯就強推」, "never … then". */
const PROHIBITIVE = /^(?:never|no|nor|neither|nobody|nothing|don['’]t|mustn['’]t|shouldn['’]t|forbid\w*|prohibit\w*|banned|disallow\w*)$|^(?:不[要准得可能許许應应用必]|[別别勿莫毋]|禁止|嚴禁|严禁|切勿)/u;

/**
 * A negation that describes a condition ("does not pass", 不夠, 沒過) before the word that hands
 * over to its consequence (就, then) does not reach past it: 「沒過就直接部署」 allows the deploy.
 */
function inCondition(c: Clause, n: Span, r: Span): boolean {
  if (!CONSEQUENT.test(c.low.slice(n.end, r.start))) return false;
  const word = c.masked.slice(n.start, n.end + 1);
  const lead = c.masked.slice(Math.max(0, n.start - 6), n.start);
  return !PROHIBITIVE.test(n.text) && !PROHIBITIVE.test(word) && !/(?<![a-z])(?:do|must|should|shall)\s+$/.test(lead);
}

const BA = /[把將将]/u;

/** A passive after its subject: "… gets masked", "… are redacted". */
const PASSIVE = /(?<![a-z])(?:gets?|got|is|are|be|being|been|must be|should be)\s+(?:always\s+|automatically\s+)?$/u;
/** A participle right after the thing, or after where it is: "secrets in logs masked as ****", "tokens redacted". */
const PARTICIPLE_AFTER = /^\s*(?:(?:in|on|from|inside|within)\s+(?:the\s+|all\s+|any\s+)?[^\s,;.]+\s+)?(?:always\s+|automatically\s+)?$/u;

/** Before a Chinese topic, nothing (or a word that says which: 「main 分支保護」), or the nouns it is listed with, or where it shows up: 「日志中的邮箱和手机号一律脱敏」, 「日志里出现 password 一律打码」. */
const TOPIC_NOUNS = /^\s*(?:但是?|而且?|並且|并且|另外|還有|还有|不過|不过)?\s*(?:[a-z0-9][\w.-]*\s*)?$|^[^，。；,;]*?(?:的|和|與|与|及|、|出現|出现|含有|包含|帶有|带有)\s*$/u;

/** An averting verb `n` that governs the risky thing `r`: "mask passwords", 「把密碼打碼」, "a password gets masked". */
const averts = (c: Clause, n: Span, r: Span): boolean =>
  // (A Chinese topic done "all of it" may stand further off: 「.env 里的值贴到群里之前一律打码」.)
  governs(c, n, r) ||
  disposedOf(c, r, n, /(?:一律|一概|全部|都|統統|统统)\s*$/u.test(c.low.slice(0, n.start)) ? NEAR : CLOSE) ||
  maskedAsTopic(c, n, r) ||
  // (…and of every item before it: 「学生手机号、身份证号必须脱敏」, or in an aside that names its kinds: 「個資（身分證字號、地址）」.)
  coordinatedAfter(c, r, (o) => maskedAsTopic(c, n, o)) ||
  namedInAside(c, r, (o) => maskedAsTopic(c, n, o) || coordinatedAfter(c, o, (k) => maskedAsTopic(c, n, k))) ||
  // (Or one it is replaced with: "replace them with [REDACTED]".)
  (n.start >= r.end && REPLACED.test(c.low.slice(Math.max(0, r.start - 24), r.start)) && /^\s+(?:with|by)\s+[[<(]?\s*$/u.test(c.low.slice(r.end, n.start))) ||
  coordinated(c, r, (o) => governs(c, n, o)) ||
  // (…or after a plain word the verb governs: "redact tokens and passwords", 「遮蔽 token 與密碼」.)
  (n.end <= r.start && JOINED_AFTER.test(c.low.slice(n.end, r.start)));
/** What is done to a thing named first: "tokens must be masked", 「手机号必须脱敏」. */
const maskedAsTopic = (c: Clause, n: Span, r: Span) =>
  n.start >= r.end && ((distance(c, r, n) <= NEAR && (PASSIVE.test(c.low.slice(r.end, n.start)) || (/ed$/.test(n.text) && PARTICIPLE_AFTER.test(c.low.slice(r.end, n.start))))) || PASSIVE_ZH.test(c.low.slice(r.end, n.start)));
/** (In Chinese an aside and where it is shown may stand between: 「用戶個資（身分證字號、地址、門號）在報告與 log 摘錄中一律遮罩」.) */
const PASSIVE_ZH = /^\s*(?:[（(][^（）()]{0,40}[）)])?\s*(?:在[^，。；,;]{0,24}?[中裡里內内上]\s*)?(?:一律|一概|全部|都|統統|统统)?\s*(?:必須|必须|需要|應該|应该|要|需|應|应|得)?\s*先?\s*$/u;
/** An object inside parentheses right after another, which `governed` holds of: 「個資（身分證字號、地址、門號）」 names the kinds of 個資. */
function namedInAside(c: Clause, r: Span, governed: (o: Span) => boolean): boolean {
  const open = Math.max(c.low.lastIndexOf('(', r.start), c.low.lastIndexOf('（', r.start));
  if (open < 0 || /[)）]/u.test(c.low.slice(open, r.start))) return false;
  return c.objects().some((o) => o.end <= open && !c.low.slice(o.end, open).trim() && governed(o));
}
/** An object joined to others after it, one of which `governed` holds of. */
function coordinatedAfter(c: Clause, r: Span, governed: (o: Span) => boolean): boolean {
  let prev = r;
  for (const o of c.objects().filter((x) => x.start >= r.end)) {
    if (!COORDINATOR.test(c.low.slice(prev.end, o.start))) return false;
    if (governed(o)) return true;
    prev = o;
  }
  return false;
}
const REPLACED = /(?<![a-z])(?:replac|swap|substitut)\w*\s+(?:(?:the|all|any|every|each|them|it)\s+)?$/u;
const JOINED_AFTER = /^\s+(?:[^\s,;.]+\s+){1,2}(?:and|or|&)\s+(?:(?:the|all|any|its|their)\s+)?$|^\s*[^\s,，;；。]{1,8}\s*(?:和|及|與|与|、)\s*$/u;

/** An object joined to another the verb governs: "mask customer emails and phone numbers" masks both. */
function coordinated(c: Clause, r: Span, governed: (o: Span) => boolean): boolean {
  const before = c.objects().filter((o) => o.end <= r.start).sort((a, b) => b.end - a.end);
  let next = r;
  for (const o of before) {
    if (!COORDINATOR.test(c.low.slice(o.end, next.start))) return false;
    if (governed(o)) return true;
    next = o;
  }
  return false;
}
const COORDINATOR = /^\s*(?:,|、|，)?\s*(?:and|or|&|和|及|與|与)?\s*(?:the |their |any |all |its )?$/u;
const averted = (c: Clause, r: Span) => c.negations.some((n) => n.kind === 'avert' && averts(c, n, r));

/** An action another replaces ("ask me instead of using sudo", 而不是): a "before" word governs it. */
const replaced = (c: Clause, r: Span) => c.negations.some((n) => n.kind === 'before' && replaces(c, n, r));
/** "instead of", "without" a few words before the action it puts aside: "instead of falling back to the real workspace". */
const replaces = (c: Clause, n: Span, r: Span) => n.end <= r.start && distance(c, n, r) <= NEAR - 1 && !AND.test(c.low.slice(n.end, r.start));

/** Prohibitions after a risky action, and local negations after those ("删除时不要犹豫" is no prohibition). */
function prohibitionsAfter(c: Clause, r: Span, prohibitions: readonly Span[]): number {
  const first = prohibitions.find((p) => p.start >= r.end);
  if (!first) return 0;
  return prohibitions.filter((p) => p.start >= r.end).length + c.negations.filter((n) => n.kind === 'local' && n.start >= first.end).length;
}

function negationsBetween(c: Clause, a: Span, b: Span): number {
  const [from, to] = a.end <= b.start ? [a.end, b.start] : [b.end, a.start];
  return c.negations.filter((n) => n.kind !== 'neutral' && n.kind !== 'modifier' && n.start >= from && n.end <= to).length;
}

const quote = (c: Clause) => (c.text.length > 160 ? `${c.text.slice(0, 159)}…` : c.text);

/**
 * A condition keeps its safeguard for what follows only when it says the safeguard was met or is
 * where the work happens: "when the tests pass", "when working in the sandbox" — not "if review
 * takes more than an hour".
 */
const MET = /(?<![a-z-])(?:pass(?:es|ed)?|green|succeed(?:s|ed)?|approved|done|finished|complete[ds]?|in|inside|within|using)(?![a-z-])|通[过過]|[过過]了|[绿綠]|完成|[在用]/u;

/** A safeguard that comes after what the clause allows: "before the tests pass", 「審查通過之前」. */
const BEFORE_IT = /(?<![a-z])(?:before|until|till|prior to|ahead of)(?:\s+[^\s,.;]+){0,2}\s+$|(?<![a-z])(?:prior to|ahead of|before) (?:the )?(?:completion|end|result|outcome|approval) of(?: the| a| an)?\s+$/u;
const AFTER_IT_BEFORE = /^[^,，。.;；]{0,6}?(?:之前|以前)/u;
/** A gated change named right after a safeguard as what it follows: "the test suite after the release is out" (not "smoke tests after each deploy", which add to it). */
const AFTER_SHIPPING = /^[^,.;，。；]{0,16}?(?<![a-z])(?:after|following)\s+(?:the\s+|a\s+|each\s+|every\s+|it\s+|they\s+|we\s+|you\s+)?(?:(?:has|have|is|goes|went|gets?|got)\s+)?(?:releas|deploy|launch|roll(?:ed|s)?\s?out|go(?:es)?[\s-]live|went live|ship|publish)/u;
/** The same said before the safeguard, in Chinese: 「上線後再補審查」. */
const SHIPPED_BEFORE = /(?:上[線线]|發布|发布|發佈|部署|發版|发版|出貨|出货)了?(?:以|之)?[後后](?:再|才)?(?:補|补|跑|做)?\s*$/u;
/** A gated step, done: shipping, merging, applying. */
const GATED_DEED = /(?<![a-z])(?:ship|ships|merge|merges|release|releases|deploy|deploys|publish|publishes|push(?:es)?\s+(?:\S+\s+){0,2}?(?:to\s+)?(?:main|master|prod|production|release|live)|launch|launches|roll out|go live|apply|applies|tag|promote|promotes|land|cut)(?![a-z])|上[線线]|發布|发布|發佈|部署|發版|发版|合併|合并|推上去|推送/u;
/** Where a step may go before a gate: a preview, staging, a branch of one's own. */
const TRIAL_GROUND = /(?<![a-z])(?:staging|preview|sandbox|dev environment|feature branch|draft|scratch|test environment)(?![a-z])|預覽|预览|測試環境|测试环境|沙盒|沙箱/u;
/** An action said to go first: "released first", "merged right away". */
const GOES_FIRST = /^\s+(?:first|right away|immediately|straight away|up front)(?![a-z])/u;
/** A safeguard named as the place of the work: "in the sandbox", 在沙盒裡. */
const AT = /(?<![a-z])(?:in|inside|within|into)\s+(?:the\s+|a\s+|your\s+|our\s+)?$|在\s*$/u;

/** A Chinese condition closed at its end, with no 如果 before it: 「沙盒不可用時」, 「測試沒過的話」. */
const CONDITION_CLOSED = /(?:[時时]候?|的[話话])$/u;

/** What a rule does when its safeguard is missing, if it is safe: stop, ask, wait, fix or make it, or not go on. */
const REMEDY =
  /(?<![a-z])(?:stop|halt|abort|pause|wait(?:s|ing)?|queue[sd]?|holds?|on hold|ask|tell|report|show|display|summari[sz]e|keep|(?:open|file|raise) (?:a |an )?(?:ticket|issue|bug)|quarantine|notify|escalate|alert|inform|warn|flag|fix|repair|configur\w*|restore|re-?enable|enable|turn (?:it|them) back on|give up|cancel|refuse|do not|don't|cannot|can['’]t|never|no|read|investigate|look|debug|check|find out|roll(?:ing)? back|revert|re-?run|retry|build|create|add|write|install|set (?:it |them )?up|provision)(?![a-z])|停|等|[问問]|建|[补補]|[写寫]|[装裝]|告[诉訴]|通知|[报報]告|[中终終]止|放[弃棄]|拒[絕绝]|婉拒|回[絕绝]|[謝谢][絕绝]|念我|催我|提醒我|不接受|不同意|不答[應应]|取消|修[复復]|恢[复復]|打[开開]|不要|[别別]|禁止|不得|不能/u;
/** Every remedy a text names, in order (remedied: each checked for a waiver before it). */
const REMEDIES = new RegExp(REMEDY.source, 'gu');

/** How a safeguard went wrong, right after it: "tests fail", "CI is red", 「測試沒過」. */
const FAILED = /^\s*(?:(?:still|only|just|sometimes|keep)\s+)?(?:fail(?:s|ed|ing)?|(?:is|are|goes|go|went|turns?|turned) red|(?:is|are) (?:failing|broken|flaky)|br(?:oke|eaks?))(?![a-z])|^\s*(?:沒過|没过|沒通過|没通过|失敗|失败|掛了|挂了|紅了|红了)/u;

/** Invariants whose safeguard must come before the action (a rehearsal). */
const FIRST = new Set(['sandbox-first', 'sandbox-kept']);

/** A clause that comes after what went before: "then …", "afterwards …", 然後. */
const THEN = /^\s*(?:and\s+)?(?:then|afterwards?|after that|later)(?![a-z])|^\s*(?:然後|然后|之後|之后|再)/u;

/** A clause that does something more: "also", "as well", "in addition", 另外也. */
const ADDS = /(?<![a-z])(?:also|as well|in addition|additionally|too)(?![a-z])|另外|也/u;

/** A clause that names what is coming, which what follows prepares for: "before a bulk delete", 「刪除之前」, 「发版前」 (not 目前, "now"). */
const AHEAD = /^(?:before|prior to|ahead of)\s|^在?[^，,。]{1,24}(?:之前|以前|(?<![目當当眼面提])前)$/u;

/** Any risky thing inside a text, which is shown or read there: "any rm -rf in my plans" (not "include the API key in your reply"). */
const IN_TEXT = /^\s+(?:in|inside|within)\s+(?:my|the|your|a|any|our)\s+(?:plans?|diffs?|proposals?|output|logs?|summar(?:y|ies)|messages?|comments?|answers?|replies|reply)(?![a-z])/u;

/** A relative clause that tells what happened to a thing: "the token that was pasted into the channel". */
const TOLD_BEFORE = /(?<![a-z])(?:that|which)\s+(?:was|were|had been|got)\s+$/u;
/** An action named as when something else happens: "keep the backup job running during deploys". */
const DURING = /(?<![a-z])(?:during|throughout|amid)\s+(?:(?:the|a|an|each|every|all|our|any)\s+)?$/u;
/** The person says they will do it themselves, which no rule for the agent allows: "suggest it; I'll run it myself", 「我自己來跑」. */
const PERSON_DOES = /^(?:and\s+|then\s+)?(?:i['’]ll|i will|i['’]d|i can|let me)\s+(?:[^\s,;]+\s+){0,6}?myself(?![a-z])|^(?:我(?:會|会|要)?自己(?:來|来|去)?(?:跑|執行|执行|動手|动手|做|處理|处理))/u;
/** What was done to a thing named before, told in the past: "it was removed in v4", "they were deleted upstream" (not one that went fine: "it was fine"). */
const DONE_TO_IT = /^(?:it|they)\s+(?:was|were|had been|got)\s+(?:[a-z]+ly\s+)?[a-z]{3,}(?:ed|en|wn)(?![a-z])/u;
/** A clause told in the past (Clause.narrated): a thing, then a past verb — not a participle "by" follows, which describes its noun ("the prompt injected by the MCP server"). */
const NARRATED = /^(?:the|a|an|our|their|that|this|those|these|last|yesterday['’]s)\s+(?:[^\s,;]+\s+){0,8}?(?:had|was|were|did|took|went|ran|broke|[a-z]{3,}ed)\s(?!by\s)/u;
/**
 * What we did, told as an incident: "Post-mortem: we ran an untrusted vendor script and it modified
 * /usr/local" — not one told as working out or done unguarded ("we force-pushed and it was fine",
 * "I ran the installer straight from the website"), which reads as a habit.
 */
const TOLD_BY_US = /^(?:we|i)\s+(?:(?:just|once|accidentally|mistakenly|then|also)\s+)?(?=(?:ran|had|did|took|went|broke|lost|wiped|[a-z]{3,}ed)\s)/u;
const ENDORSED = /(?<![a-z])(?:fine|worked|works|ok|okay|no problem|no issues?|nothing broke|no harm|saved|faster|quicker|smooth(?:ly)?|great|good|harmless|safe|directly|straight|blindly|as is|without)(?![a-z])/u;
/** How often something happens: "often", "sometimes", 常常, 有時. */
const HABITUAL = /(?<![a-z])(?:often|sometimes|usually|frequently|occasionally|typically|tend to)(?![a-z])|常常|經常|经常|有時|有时|時常|时常|往往|偶爾|偶尔/u;
/** What tells someone what to do: a modal, an imperative of running, 請, 要, 可以. */
const DIRECTS = /(?<![a-z])(?:should|must|always|never|please|may|can|could|don['’]t|do not|run|execute|install|paste|use|just)(?![a-z])|請|请|要|必須|必须|可以|可|直接|執行|执行|跑|照做/u;

/** What a rule or a present statement says, which no tale of the past does: "will", "should", "is", "you", "prefers". */
const WILL = /(?<![a-z])(?:will|['’]ll|shall|should|must|can|may|please|always|never|next time|from now on|going forward|let['’]s|is|are|you|we|i|prefers?|wants?|likes?|asks?|needs?|counts?|means?)(?![a-z])/u;

/**
 * A condition on where someone else put a secret ("if someone commits a secret", 「若有人把 secrets 写进配置」),
 * not on what they ask; (what someone else posts is outside content, which its own invariant reads).
 */
const SOMEONE_ELSE_DOES = /^(?:if|when|whenever)\s+(?:someone|somebody|anyone|anybody|a teammate|a colleague|a contributor|another (?:dev|developer|engineer|contributor))(?![a-z])|^(?:若|如果|要是|假如)(?:有人|同事|別人|别人|其他人)/u;
const ASKS_IT = /(?<![a-z])(?:ask|asks|asked|tell|tells|told|request|requests|want|wants|says?)(?![a-z])|要求|請你|请你|讓你|让你|叫你/u;
/** A time named by the action: 「上线前这段时间」, 「發版期間」. */
/** Held by named people, not by everyone nor by the agent: "… belongs to the three named admins", 「…只屬於三位指定管理員」. */
const HELD_BY_OTHERS =
  /^\s*(?:access|rights|privileges?|permissions?|權限|权限)?\s*(?:belongs? to|is held by|are held by|stays? with|is kept to)\s+(?!(?:everyone|everybody|anyone|all|any|the agent|agents?|you|yourself|bots?)(?![a-z]))(?:\S+\s+){0,3}?(?:admins?|administrators?|leads?|owners?|maintainers?|sres?|humans?|people|persons?)(?![a-z])|^\s*(?:權限|权限)?\s*(?:只屬於|只属于|僅屬於|仅属于|只限於|只限于|只給|只给|只歸|只归)[^，。,;；]{0,8}?(?:管理員|管理员|負責人|负责人|維運|运维)/u;

const PERIOD_AFTER = /^\s*(?:前|之前|後|后|之後|之后)?(?:的)?(?:這段|这段)(?:時間|时间|期間|期间)|^\s*(?:期間|期间)/u;
/** Code, tests or docs for a thing (a noun, not a doing) are about it: "the rollback script for deletions". */
const FUNCTION_DOES = /[\w.]+\(\)\s+(?:so(?: that)?|to make it|so it)\s+(?:it\s+)?[^,;]{0,80}$/u;
const TEST_COVERS = /(?<![a-z])(?:tests?|test cases?|specs?)(?![a-z])[^,;.]{0,70}?(?<![a-z])(?:covers?|covering|exercises?|exercising)\s+(?:[^,;.]{1,40}?\s(?:and|or)\s+)?(?:the\s+|all\s+|any\s+)?$/u;
const CODE_FOR = /(?<![a-z])(?:scripts?|code|functions?|tests?|docs?|documentation|jobs?|tools?|modules?|handlers?|runbooks?)\s+for\s+(?:the\s+|all\s+|any\s+)?$/u;
/** An action named by how it went, so an event: "summarise a failed deploy", "the botched migration". */
const WENT_WRONG = /(?<![a-z])(?:failed|failing|broken|botched|aborted|crashed|stuck|rolled-back|reverted)\s+$/u;

/** Masking a secret where it is shown: "mask", "redact", 遮掉, 打码, 脫敏. */
const MASKS = /(?<![a-z])(?:mask(?:s|ed|ing)?|redact(?:s|ed|ing|ion)?|tokeni[sz](?:e|es|ed|ing|ation)|pseudonymi[sz](?:e|es|ed|ing|ation)|anonymi[sz](?:e|es|ed|ing|ation)|(?:show|shows|display|displays|keep|keeps)\s+only\s+(?:the\s+)?(?:last|first)\s+(?:\w+\s+)?(?:digits|characters|chars))(?![a-z])|遮掉|遮蔽|遮罩|遮蓋|遮盖|遮住|遮掩|打[码碼]|[脫脱]敏|[隱隐][碼码]|[只僅仅](?:顯示|显示|露出|保留)[^，。；,;]{0,8}?(?:後|后|前|末)[一二三四五六1-6](?:碼|码|位)/u;

/** Masking, then what is shown: "redact it, then paste it", 「打码以后再贴出来」. */
/** The verbs of masking, as a pattern's source: mask, redact, scrub, tokenise, anonymise, pseudonymise. */
const MASKING = 'mask|redact|scrub|tokeni[sz]|anonymi[sz]|pseudonymi[sz]';
const MASKED_FIRST = new RegExp(`(?:(?<![a-z])(?:${MASKING})\\w*\\s[^,;.]*?(?<![a-z])(?:then|before)(?![a-z])|(?:遮掉|遮蔽|遮住|打[码碼]|[脫脱]敏)[^，。,;；]{0,6}?(?:以後|以后|之後|之后|後|后)?再)`, 'u');

/** Masking put off until after: "mask later", 「之後再打碼」. */
const MASKED_LATER = new RegExp(
  `(?<![a-z])(?:(?:${MASKING})\\w*(?:\\s+\\S+){0,2}?\\s+(?:later|afterwards?|after the fact|eventually)|(?:later|afterwards?|eventually)\\s+(?:\\S+\\s+)?(?:${MASKING}))(?![a-z])|(?:之後|之后|以後|以后|事後|事后|回頭|回头|晚點|晚点)再?(?:打[码碼]|遮|[脫脱]敏)`,
  'u',
);

/** Masking as the subject of what it did: "redacting it made them ask twice". */
const MASKING_DID = /(?<![a-z])(?:masking|redacting)\s+(?:(?:it|them|this|that|the\s+\S+)\s+)?(?:made|makes|was|is|has|had|caused|causes|broke|breaks|confused|confuses|slowed|slows)(?![a-z])/u;

/** A consequence that only stops, asks or tells: "stop and ask", "tell me first", 「先停下來問我」. */
const STOPS = /^\s*(?:the answer is:?\s*(?:no|don['’]t|do not|never)(?![a-z])|(?:say|answer) no(?![a-z])|(?:then\s+)?(?:refuse|decline)(?![a-z]).*$)|^\s*(?:then\s+)?(?:(?:stop|halt|pause)(?:\s+and\s+(?:ask|tell|check with|report to)\s+(?:me|the person|the user))?|ignore (?:it|them|that)|(?:don['’]t|do not|never) (?:follow|obey|execute|run|act on|carry out) (?:it|them|that|those|these)(?![a-z])|flag (?:it|them|that|this) (?:and|to) (?:ask|tell|check with|report to) (?:me|the person|the user)|ask (?:me|the person|the user)|tell (?:me|the person|the user)|(?:check|confirm) with (?:me|the person|the user)|report (?:it )?to (?:me|the person|the user))(?![a-z])(?!.*(?:\bthen\b|\band (?:run|do|go|use|proceed|continue))).*$|^\s*(?:就|便)?(?:先|一律)?(?:停下|停止|停|問我|问我|告訴我|告诉我|拒絕|拒绝|婉拒|回絕|回绝|謝絕|谢绝)/u;

/** A consequence that adds a task beside the action: "also update the README", 「順便更新」. */
const ALSO_DO = /^\s*(?:(?:then\s+)?also|additionally)\s+(?!(?:run|do|execute|delete|push|deploy|merge|drop|remove|force|skip|use|apply)\b)[a-z]+|^\s*(?:就)?(?:順便|顺便|同時|同时)(?!.*(?:直接|跳過|跳过|不用|不必|免))/u;

/** A consequence that sends whoever asked elsewhere: "point them to the vault", 「請他去 Vault 拿」. */
const REDIRECTS = /^\s*(?:then\s+)?(?:just\s+)?(?:point|refer|direct|redirect|send)\s+(?:them|him|her|the person|whoever asked)\s+to(?![a-z])|^\s*(?:就|先)?(?:請|请|叫|讓|让)(?:他|她|對方|对方)(?:去|到)/u;

/** "But" that sets what must come first: "but first try it in the sandbox", 「但要先在沙盒驗證」. */
const BUT_FIRST = /^(?:but|但是?)\s*(?:(?:you |we |i )?(?:must|have to|need to|should)\s+|要|得|必須|必须|需要)?\s*(?:first|only after|先)/u;

/** 過時 ("outdated") as the end of 通過時 ("when it passes"): 「測試通過時才部署」. */
const PASSING = /^通[過过][時时]$/u;

/** "Only when" in Chinese: 只有在, 只當, 僅在. */
const ONLY_ZH = '只有?(?:在|當|当)|僅在|仅在|僅當|仅当';
/** 「只有在…的時候才」 in one clause: what follows 才 is done only in the cases before it. */
const ONLY_WHEN_CONFINES = new RegExp(`(?:${ONLY_ZH})[^，。,;；]{1,30}?(?:[時时]候?|之?[後后])才`, 'u');
/** A condition that confines what follows to its cases: "only when …", 「只有在…時」. */
const ONLY_WHEN = new RegExp(`(?<![a-z])only (?:when|if|once|after|on)(?![a-z])|${ONLY_ZH}`, 'u');

/** Clauses that open a new thought: a safeguard kept before them no longer covers them. */
const OR_ITEM = /^or\s+(?:any|a|an|the|another|other|some|every)\s+[^,;.]{1,40}$/u;
const TURN = /^(?:but|however|yet|although|though|unless|except|other than|otherwise|or|else)(?![a-z])|^(?:但|不過|不过|然而|可是|除非|除了|否則|否则|或|不然|要不)/u;
/** 除了 ("besides", "except") and a clause that adds to it (也, 还): besides, not except. */
const BESIDES = /^除了/u;
const ALSO_OPENS = /^(?:也|还|還|另外|同时|同時)/u;

/**
 * Default deny: a clause that leaves a risky action open passes only when the safeguard is kept
 * in the same stretch of the sentence ("Before deleting, test it in a sandbox"). Dropping the
 * safeguard, allowing the action in an unguarded way, or excepting a rule are refused outright.
 */
function judgeSentence(inv: Compiled, clauses: Clause[], readings: readonly Reading[], standing: boolean): { quote: string; why: string }[] {
  const out: { quote: string; why: string }[] = [];
  let stretch = 0;
  // ("…, but first verify it in the sandbox" sets the condition of what came before: the same stretch.)
  // (除了 before 也 adds, it makes no exception: 「除了跑单元测试，也要跑集成测试」.)
  // (An item of a list that opens with "or" turns nothing: "Granting the Administrator role, or any role above Moderator, needs …".)
  const stretches = clauses.map((c, i) => (i && TURN.test(c.low) && !OR_ITEM.test(c.low) && !BUT_FIRST.test(c.low) && !(BESIDES.test(c.low) && ALSO_OPENS.test(clauses[i + 1]?.low ?? '')) ? ++stretch : stretch));
  // (A safeguard in what a lesson tells happened keeps nothing: "CI took 12 minutes, so deploy before the tests finish".)
  const keeps = clauses.map((c, i) => !!readings[i].safeguard?.kept && !readings[i].safeguard?.later && (c.role !== 'condition' || MET.test(c.low)) && !c.narrated);
  // A safeguard kept in the same stretch guards an action — not one done before it: "apply it to the real database, then replay it in the sandbox".
  // (The sandbox is tried first by its definition; a thing named before it is read is only named.)
  // (An action named as what the steps prepare for comes after them: "before a bulk delete, take a snapshot, then rehearse it in the sandbox".)
  const guardedAt = (i: number) => keeps.some((k, j) => k && stretches[j] === stretches[i] && (j <= i || !FIRST.has(inv.id) || AHEAD.test(clauses[i].low) || !clauses.slice(i + 1, j + 1).some((c) => THEN.test(c.low))));
  const required = clauses.findIndex((c, i) => c.role === 'rule' && (readings[i].safeguard?.kept || readings[i].forbids));
  // (What is masked after it is shown is no secret shown: a later clause that masks, with no secret of its own, answers it — 「打印 token 时…其余用 * 号遮掉」, 「若出現金鑰…立即遮蔽」.)
  // (Not masking put aside or told of: "… rather than masking them", "redacting it made them ask twice".)
  // (Nor one that shows what it masked: 「一律打码以后再贴出来」.)
  // (Or by the clause itself, masking before it shows: 「先打碼再貼到 issue」.)
  // (Nor masking put off: "paste them into the ticket, mask later".)
  const maskedAfter = (i: number) => clauses.some((m, j) => (j > i || (j === i && MASKED_FIRST.test(m.low))) && MASKS.test(m.low) && !MASKED_LATER.test(m.low) && !MASKING_DID.test(m.low) && m.negations.every((n) => n.kind === 'avert') && !m.narrated && (!actionsIn(inv, m.low).length || MASKED_FIRST.test(m.low)));
  // (Naming a checker in another clause keeps nothing its silencing drops: "ESLint keeps blocking the code, so add @ts-nocheck …" — only a stated reason does.)
  const silencesUnjustified = (allows: string) => SUPPRESSES.test(allows) && !clauses.some((o) => JUSTIFIED.test(o.low));
  // (An exception that asks a stated reason of a silencing forbidden just before it: "don't add `# type: ignore` unless a comment states why".)
  const justifiesSilencing = (i: number) => i > 0 && modalCount(clauses[i - 1]) > 0 && SUPPRESSING.test(clauses[i - 1].low) && JUSTIFIED.test(clauses[i].low);
  clauses.forEach((c, i) => {
    const r = readings[i];
    // (Masking what is found answers it too: 「检查里面有没有密码…有的话全部打码再贴」.)
    const answered = (from: number) => clauses.slice(from).some((next, j) => REMEDY.test(next.low) || MASKS.test(next.low) || readings[from + j].classes || readings[from + j].safeguard?.kept || readings[from + j].forbids);
    if (r.asks && clauses.length > i + 1 && !answered(i + 1)) {
      out.push({ quote: clauses.slice(i).map(quote).join(' … '), why: 'goes on when unsure whether an action is of a risky kind, instead of treating it as one or stopping' });
    } else if (c.role === 'condition' && r.safeguard && !r.safeguard.kept && clauses.length > i + 1 && !clauses.slice(i + 1).some((next, j) => REMEDY.test(next.low) || readings[i + 1 + j].forbids || (readings[i + 1 + j].safeguard?.kept && readings[i + 1 + j].safeguard?.word === r.safeguard!.word))) {
      out.push({ quote: clauses.slice(i).map(quote).join(' … '), why: `goes on when the safeguard "${r.safeguard.word}" is missing, instead of stopping or asking` });
    } else if (c.role === 'rule' && r.safeguard?.kept && i > 0 && clauses[i - 1].role === 'condition' && ONLY_WHEN.test(clauses[i - 1].low) && !readings[i - 1].safeguard) {
      // 「只有在他說『記住』的時候才寫記憶」: a safeguard kept only in the cases a condition names (none of them itself a safeguard) is optional in the rest.
      out.push({ quote: `${quote(clauses[i - 1])} … ${quote(c)}`, why: `drops or makes optional the safeguard "${r.safeguard.word}"` });
    } else if (c.role === 'rule' && r.safeguard && !r.safeguard.kept && CONCEDES.test(c.low) && clauses.slice(i + 1).some((next, j) => MUST.test(next.low) && keeps[i + 1 + j])) {
      // 「即使记忆里写着上次已经通过测试，这次发布前仍要重新跑完整测试」: what is conceded, the clause after still keeps.
    } else if (c.role === 'rule' && r.safeguard && !r.safeguard.kept && remedied(c, r.safeguard.word)) {
      // 「沙盒不能用就停下來問我」: a condition without 如果, answered by stopping or asking.
    } else if (c.role === 'rule' && r.safeguard && !r.safeguard.kept) {
      out.push({ quote: quote(c), why: `drops or makes optional the safeguard "${r.safeguard.word}"` });
    } else if (c.role !== 'condition' && r.unguarded && !(AHEAD.test(c.low) && guardedAt(i))) {
      // ("Before purging the CDN cache in production, run the purge script … in the sandbox" names what the steps prepare for.)
      out.push({ quote: quote(c), why: `allows "${r.unguarded.risky}" in an unguarded way ("${r.unguarded.how}")` });
    } else if (c.role === 'exception' && required >= 0 && !r.safeguard?.kept && !justifiesSilencing(i)) {
      const kept = readings[required].safeguard?.kept;
      out.push({ quote: `${quote(clauses[required])} … ${quote(c)}`, why: `makes an exception to ${kept ? `the safeguard "${readings[required].safeguard!.word}"` : 'a prohibition'}` });
    } else if (c.role === 'rule' && r.safeguard?.later && !c.narrated && GATED_DEED.test(c.low.slice(0, c.low.indexOf(r.safeguard.word))) && !TRIAL_GROUND.test(c.low)) {
      // "Ship the new marts before the reviewer signs off", "merge the PR before CI finishes": the gated step goes first.
      out.push({ quote: quote(c), why: `does what the safeguard "${r.safeguard.word}" gates before it` });
    } else if (r.allows && (!guardedAt(i) || r.unexcused || silencesUnjustified(r.allows)) && !maskedAfter(i) && !r.checked && !(standing && r.held)) {
      out.push({ quote: quote(c), why: inv.guardName ? `allows "${r.allows}" without keeping the safeguard "${inv.guardName}"` : `allows "${r.allows}", which it must forbid` });
    }
  });
  return out;
}


/**
 * The secret firewall (docs/trust.md#secrets): the credentials in a text, found by gitleaks'
 * default rules (gitleaks.ts, vendored and refreshed from its config) and by rules of ours for
 * what those leave out (ownRules.ts), less what is public or only stands for a secret
 * (allow.ts). Every write path redacts with it before anything reaches disk, and every read
 * path before anything is shown. A `[secret: <kind>]` it wrote is skipped by every rule, so
 * redacting twice changes nothing and `scan` does not report it; no word in the text (a
 * `secretlint-disable`, a `gitleaks:allow`) switches a rule off. No model, no network.
 */
import { isNotAValue, isPublic, isStandIn } from './allow';
import { gitleaksFindings, gitleaksKeywords } from './gitleaks';
import { keywordFinder } from './keywords';
import { HIGH_ENTROPY, OWN_RULES, type OwnRule, valueOf } from './ownRules';

export interface SecretFinding {
  /** What it is, as `[secret: <kind>]` names it: `github-pat`, `aws-access-token`, `password`… */
  kind: string;
  /** The secret's characters in the text: [start, end). */
  start: number;
  end: number;
}

/** What the firewall writes in place of a secret, and skips when it reads it again. */
const PLACEHOLDER = /\[secret: [\w.-]+\]/g;
/** gitleaks' catch-all rules: asked, like ours, whether a value is a type, code or public. */
const GENERIC = new Set(['generic-api-key']);
/**
 * gitleaks rules ours replace: its `private-key` runs from a header to the next `KEY-----`
 * anywhere after, which in a day file can be another entry's public key; ours stops at the
 * block's own end (ownRules.ts).
 */
const SUPERSEDED = new Set(['private-key']);
/** Specific rules first, then ours, then the catch-alls: the kind a secret is given. */
const enum Rank {
  Specific,
  Own,
  Generic,
  Entropy,
}

interface Ranked extends SecretFinding {
  rank: Rank;
}

/** Placeholders become characters no rule reads as part of a name, a value or a space (ownRules.ts excludes \x02 by name). */
const MASK = '\u0002';
const maskPlaceholders = (text: string) => (text.includes('[secret: ') ? text.replace(PLACEHOLDER, (p) => MASK.repeat(p.length)) : text);
/** A finding that reaches into a placeholder is no finding, whatever rule made it. */
const inPlaceholder = (text: string, start: number, end: number) => text.slice(start, end).includes(MASK);

let prefilter: RegExp | undefined;
let keywordsHeld: ((lower: string) => Set<string>) | undefined;
const LONG_TOKEN = /[A-Za-z0-9+/_=-]{32,}/;

/**
 * Whether any rule could find something in `text`: one of their keywords, or a long token for
 * the entropy check. Most text holds neither, and costs a read path one scan of it.
 */
export function mayHoldSecret(text: string): boolean {
  if (!prefilter) {
    const words = new Set([...gitleaksKeywords(), ...OWN_RULES.flatMap((r) => r.keywords)]);
    prefilter = new RegExp([...words].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');
  }
  return prefilter.test(text) || LONG_TOKEN.test(text);
}

function ownFindings(text: string, held: ReadonlySet<string>, rule: OwnRule): Ranked[] {
  if (rule.keywords.length && !rule.keywords.some((k) => held.has(k))) return [];
  const out: Ranked[] = [];
  for (const m of text.matchAll(rule.regex)) {
    const v = valueOf(m);
    if (!v || !v.value || inPlaceholder(text, v.start, v.end) || isStandIn(v.value) || isPublic(text, v.start, v.end)) continue;
    if (rule.accept && !rule.accept(v.value, m)) continue;
    out.push({ kind: rule.kindOf?.(m) ?? rule.kind, start: v.start, end: v.end, rank: rule === HIGH_ENTROPY ? Rank.Entropy : Rank.Own });
  }
  return out;
}

/** The secrets in a text, in order, none overlapping: overlapping findings join, named by the most specific. */
export function secretsIn(text: string): SecretFinding[] {
  if (!text || !mayHoldSecret(text)) return [];
  const masked = maskPlaceholders(text);
  keywordsHeld ??= keywordFinder([...gitleaksKeywords(), ...OWN_RULES.flatMap((r) => r.keywords)]);
  const held = keywordsHeld(masked.toLowerCase());
  const found: Ranked[] = [];
  for (const f of gitleaksFindings(masked, held)) {
    if (SUPERSEDED.has(f.rule) || inPlaceholder(masked, f.start, f.end)) continue;
    const value = masked.slice(f.start, f.end);
    const generic = GENERIC.has(f.rule);
    if (isStandIn(value) || (generic && (isNotAValue(value) || isPublic(masked, f.start, f.end)))) continue;
    found.push({ kind: f.rule, start: f.start, end: f.end, rank: generic ? Rank.Generic : Rank.Specific });
  }
  for (const rule of [...OWN_RULES, HIGH_ENTROPY]) found.push(...ownFindings(masked, held, rule));
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Ranked[] = [];
  for (const f of found) {
    const last = out[out.length - 1];
    if (!last || f.start >= last.end) out.push({ ...f });
    else {
      last.end = Math.max(last.end, f.end);
      if (f.rank < last.rank) Object.assign(last, { kind: f.kind, rank: f.rank });
    }
  }
  return out.map(({ kind, start, end }) => ({ kind, start, end }));
}

export interface Redacted {
  text: string;
  /** The kinds of secret replaced, in order (one per secret). */
  kinds: string[];
}

/** The text with every secret replaced by `[secret: <kind>]`. */
export function redactText(text: string): Redacted {
  const found = secretsIn(text);
  let out = text;
  for (const f of [...found].reverse()) out = `${out.slice(0, f.start)}[secret: ${f.kind}]${out.slice(f.end)}`;
  return { text: out, kinds: found.map((f) => f.kind) };
}

/** What a read path shows of text already on disk: the same text, its secrets redacted. */
export const shown = (text: string): string => (mayHoldSecret(text) ? redactText(text).text : text);

/** One line for a person: "redacted 2 secrets before writing (github-pat, aws-access-token)". */
export function redactionNotice(kinds: readonly string[], what = 'writing'): string | undefined {
  if (!kinds.length) return undefined;
  return `redacted ${kinds.length === 1 ? 'a secret' : `${kinds.length} secrets`} before ${what} (${[...new Set(kinds)].join(', ')})`;
}

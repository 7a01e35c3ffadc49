/**
 * gitleaks' default rules (rules/gitleaks.json, vendored from its config/gitleaks.toml by
 * scripts/refresh_gitleaks.py) applied to a text as gitleaks applies them: a rule runs only when
 * the text holds one of its keywords; each match's secret is its `secretGroup` (else its first
 * non-empty group); a secret at or under the rule's entropy floor, or allowed by the global or
 * the rule's allowlists (regexes on the secret, the match or the line; stopwords), is dropped.
 * Rules that need a file path (the firewall reads memory, not files) are left out. What gitleaks
 * does besides (decoding base64 first; the `gitleaks:allow` comment) is not done here: the
 * firewall lets no text switch a rule off (secrets.ts).
 */
import { GITLEAKS as config } from './gitleaksLib';
import { goRegExp } from './goRegex';
import { keywordFinder } from './keywords';

export interface RuleFinding {
  /** The rule's id: `github-pat`, `aws-access-token`, `generic-api-key`… */
  rule: string;
  /** The secret's characters in the text: [start, end). */
  start: number;
  end: number;
}

interface Allowlist {
  regexes: RegExp[];
  target: 'secret' | 'match' | 'line';
  stopwords: string[];
  /** `condition = "AND"`: every kind of check it has must allow. A path check never does here. */
  and: boolean;
  paths: boolean;
}

interface Rule {
  id: string;
  keywords: string[];
  /** Compiled on the rule's first run: most texts hold none of its keywords. */
  compiled: () => Compiled;
}

interface Compiled {
  regex: RegExp;
  /** For a rule whose matches start at most `reach` name characters before its keywords (anchoredOf). */
  anchored?: Anchored;
  secretGroup: number;
  entropy: number;
  allowlists: Allowlist[];
}

interface RawAllowlist {
  regexes?: string[];
  regexTarget?: string;
  stopwords?: string[];
  condition?: string;
  paths?: string[];
}

const allowlist = (a: RawAllowlist): Allowlist => ({
  regexes: (a.regexes ?? []).map((r) => goRegExp(r)),
  target: a.regexTarget === 'match' || a.regexTarget === 'line' ? a.regexTarget : 'secret',
  stopwords: (a.stopwords ?? []).map((w) => w.toLowerCase()),
  and: a.condition?.toUpperCase() === 'AND',
  paths: Boolean(a.paths?.length),
});

interface RawRule {
  id: string;
  regex: string;
  secretGroup?: number;
  entropy?: number;
  keywords?: string[];
  allowlists?: RawAllowlist[];
  path?: string;
}

function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

let loaded: { rules: Rule[]; global: () => Allowlist[]; held: (lower: string) => Set<string> } | undefined;

/** The rules, each compiled on first use: a write pays for the few its text has keywords of. */
function load() {
  if (loaded) return loaded;
  const rules: Rule[] = (config.rules as RawRule[])
    .filter((r) => !r.path)
    .map((r) => ({
      id: r.id,
      keywords: (r.keywords ?? []).map((k) => k.toLowerCase()),
      compiled: lazy(() => ({
        regex: goRegExp(r.regex, 'gd'),
        anchored: anchoredOf(goRegExp(r.regex, 'gd')),
        secretGroup: r.secretGroup ?? 0,
        entropy: r.entropy ?? 0,
        allowlists: (r.allowlists ?? []).map(allowlist),
      })),
    }));
  loaded = { rules, global: lazy(() => config.allowlists.map(allowlist)), held: keywordFinder(rules.flatMap((r) => r.keywords)) };
  return loaded;
}

/** Every keyword of every rule, lower case: what a text must hold for any rule but a keyword-less one to run. */
export function gitleaksKeywords(): string[] {
  return [...new Set(load().rules.flatMap((r) => r.keywords))];
}

/** Shannon entropy in bits per character, as gitleaks computes it. */
export function entropy(s: string): number {
  if (!s) return 0;
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / s.length) * Math.log2(n / s.length);
  return bits;
}

function allowed(lists: readonly Allowlist[], secret: string, match: string, line: string): boolean {
  return lists.some((a) => {
    const target = a.target === 'match' ? match : a.target === 'line' ? line : secret;
    const lower = secret.toLowerCase();
    const byRegex = a.regexes.length > 0 && a.regexes.some((r) => r.test(target));
    const byWord = a.stopwords.length > 0 && a.stopwords.some((w) => lower.includes(w));
    if (!a.and) return byRegex || byWord;
    const checks = [...(a.paths ? [false] : []), ...(a.regexes.length ? [byRegex] : []), ...(a.stopwords.length ? [byWord] : [])];
    return checks.length > 0 && checks.every(Boolean);
  });
}

/**
 * gitleaks' semi-generic rules (`generic-api-key`, `sentry-access-token`, `fastly-api-token`…)
 * start with up to 50 name characters before their keywords: `[\w.-]{0,50}?(?:sentry)…`. A regular
 * expression engine tries such a pattern at every position of a text, reading ahead up to 50
 * characters each time. But a match holds its keyword group at most `reach` characters after its
 * start, so only the positions up to `reach` before an occurrence of that group can start one:
 * `anchoredMatches` tries those alone (a sticky pattern), in order — the matches `matchAll`
 * gives, for a fraction of the work on a text that names the keyword in prose.
 */
interface Anchored {
  /** The keyword group alone. */
  anchor: RegExp;
  /** The whole pattern, tried at one position. */
  sticky: RegExp;
  reach: number;
}

const NAME_PREFIX = /^\[\\w\.-\]\{0,(\d+)\}\?/;

export function anchoredOf(regex: RegExp): Anchored | undefined {
  const src = regex.source;
  const prefix = NAME_PREFIX.exec(src);
  if (!prefix || src[prefix[0].length] !== '(') return undefined;
  const end = groupEnd(src, prefix[0].length);
  if (end === undefined || groupEnd(`(${src})`, 0) !== src.length + 2 || hasTopLevelBar(src)) return undefined;
  const flags = regex.flags.replace(/[gy]/g, '');
  return { anchor: new RegExp(src.slice(prefix[0].length, end), `${flags.replace('d', '')}g`), sticky: new RegExp(src, `${flags}y`), reach: Number(prefix[1]) };
}

/** The index just past the group that opens at `src[open]`, or undefined when it never closes. */
function groupEnd(src: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '[') {
      for (i++; i < src.length && src[i] !== ']'; i++) if (src[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return undefined;
}

/** Whether a pattern is an alternation at its top level (`a…|b…`): then its matches need not start near one keyword group. */
function hasTopLevelBar(src: string): boolean {
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '[') {
      for (i++; i < src.length && src[i] !== ']'; i++) if (src[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/** What `text.matchAll(regex)` gives for an anchored rule, trying only the positions that can start a match. */
export function* anchoredMatches(text: string, a: Anchored): Generator<RegExpExecArray> {
  let next = 0; // the first position not tried yet (a match's end after a match)
  a.anchor.lastIndex = 0;
  for (let k = a.anchor.exec(text); k; k = a.anchor.exec(text)) {
    a.anchor.lastIndex = k.index + 1; // occurrences may overlap
    for (let s = Math.max(next, k.index - a.reach); s <= k.index; s = next) {
      a.sticky.lastIndex = s;
      const m = a.sticky.exec(text);
      next = s + 1;
      if (!m) continue;
      yield m;
      next = s + Math.max(1, m[0].length);
      a.anchor.lastIndex = Math.max(a.anchor.lastIndex, next); // the next match, and its keywords, start after this one
    }
  }
}

function lineAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const to = text.indexOf('\n', end);
  return text.slice(from, to === -1 ? text.length : to);
}

/**
 * The findings of gitleaks' default rules in `text`, in rule order (they may overlap). `held`:
 * the keywords the text holds, when the caller has found them already (a superset does).
 */
export function gitleaksFindings(text: string, held?: ReadonlySet<string>): RuleFinding[] {
  const { rules, global } = load();
  const has = held ?? load().held(text.toLowerCase());
  const out: RuleFinding[] = [];
  for (const { id, keywords, compiled } of rules) {
    if (keywords.length && !keywords.some((k) => has.has(k))) continue;
    const rule = compiled();
    for (const m of rule.anchored ? anchoredMatches(text, rule.anchored) : text.matchAll(rule.regex)) {
      const match = m[0].replace(/^\n+|\n+$/g, '');
      if (!match) continue;
      const at = m.index + m[0].indexOf(match);
      let span: [number, number] = [at, at + match.length];
      const indices = m.indices!;
      if (rule.secretGroup > 0 && indices[rule.secretGroup]) span = indices[rule.secretGroup]!;
      else if (rule.secretGroup === 0) {
        const group = indices.slice(1).find((g, k) => g && m[k + 1]);
        if (group) span = group;
      }
      const secret = text.slice(span[0], span[1]);
      if (rule.entropy && entropy(secret) <= rule.entropy) continue;
      const line = lineAround(text, at, at + match.length);
      if (allowed(global(), secret, match, line) || allowed(rule.allowlists, secret, match, line)) continue;
      out.push({ rule: id, start: span[0], end: span[1] });
    }
  }
  return out;
}

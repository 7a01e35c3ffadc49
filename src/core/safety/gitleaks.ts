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
    for (const m of text.matchAll(rule.regex)) {
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

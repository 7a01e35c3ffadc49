/**
 * The secret firewall (docs/trust.md#secrets): credentials found in text before it is written,
 * with secretlint's recommended rules (cloud keys, tokens, private keys, passwords in URLs and
 * connection strings), its pattern rule for passwords in assignments, and one check of our own
 * for long high-entropy strings, which secretlint has no rule for. No model, no network.
 */
import { lintSource, patternRule, recommendedRules } from './secretlintLib';

export interface SecretFinding {
  /** What it is, as `[secret: <kind>]` names it: `github-token`, `aws-access-key-id`, `password`… */
  kind: string;
  /** The secret's characters in the text: [start, end). */
  start: number;
  end: number;
}

const RULES = [
  {
    id: '@secretlint/secretlint-rule-preset-recommend',
    rule: recommendedRules,
    // An AWS access key id alone is worth redacting too (secretlint leaves it off by default).
    rules: [{ id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } }],
  },
  {
    id: '@secretlint/secretlint-rule-pattern',
    rule: patternRule,
    options: {
      patterns: [
        // The value of `password = …`, `api_key: …`, `"client_secret": "…"`, not the name before it
        // (nor a `[secret: <kind>]` placeholder, so that redacting twice changes nothing).
        { name: 'password', pattern: String.raw`/(?<=(?<!\[)\b(?:pass(?:word|wd)?|pwd|secret|client[_-]?secret|api[_-]?key|access[_-]?token|auth[_-]?token)["']?\s*[:=]\s*["']?)[^\s"'\x60,;]{6,}/i` },
      ],
    },
  },
];

/** A long run of key-like characters with every character class and a high entropy. */
const TOKEN = /[A-Za-z0-9+/_=-]{32,}/g;
const MIN_BITS_PER_CHAR = 4.2;

function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / s.length) * Math.log2(n / s.length);
  return bits;
}

function highEntropy(text: string): SecretFinding[] {
  const out: SecretFinding[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const s = m[0];
    if (/[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s) && entropy(s) >= MIN_BITS_PER_CHAR) out.push({ kind: 'high-entropy-string', start: m.index, end: m.index + s.length });
  }
  return out;
}

/** `GITHUB_TOKEN` → `github-token`, `AWSAccessKeyID` → `aws-access-key-id`. */
function kindOf(messageId: string, message: string): string {
  const named = /^found matching ([\w-]+):/.exec(message); // the pattern rule names its pattern
  const id = named ? named[1] : messageId;
  return id
    .replace(/([a-z\d])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

/** The secrets in a text, in order, none overlapping (the first and longest wins). */
export async function findSecrets(text: string): Promise<SecretFinding[]> {
  if (!text) return [];
  const result = await lintSource({
    source: { filePath: 'memory.md', content: text, ext: '.md', contentType: 'text' },
    options: { config: { rules: RULES }, locale: 'en' },
  });
  const found = [...result.messages.map((m) => ({ kind: kindOf(m.messageId, m.message), start: m.range[0], end: m.range[1] })), ...highEntropy(text)];
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: SecretFinding[] = [];
  for (const f of found) if (!out.length || f.start >= out[out.length - 1].end) out.push(f);
  return out;
}

export interface Redacted {
  text: string;
  /** The kinds of secret replaced, in order (one per secret). */
  kinds: string[];
}

/** The text with every secret replaced by `[secret: <kind>]`. */
export async function redactSecrets(text: string): Promise<Redacted> {
  return replaceFound(text, await findSecrets(text));
}

function replaceFound(text: string, found: readonly SecretFinding[]): Redacted {
  let out = text;
  for (const f of [...found].reverse()) out = `${out.slice(0, f.start)}[secret: ${f.kind}]${out.slice(f.end)}`;
  return { text: out, kinds: found.map((f) => f.kind) };
}

/** Texts linted together, up to this many characters: one lint costs about as much as 50 short texts. */
const BATCH_CHARS = 1 << 20;
/** Between two texts: a NUL on a line of its own, which no rule's run of whitespace or value can cross. */
const SEPARATOR = '\n\u0000\n';

/**
 * `redactSecrets` of many texts (a batch of entries, an import's thousands), linted in batches
 * joined by a separator instead of one by one. No rule matches across it (a `password:` ending
 * one text never makes the next one's first word a secret), and a finding is cut at the end of
 * the text it starts in.
 */
export async function redactAll(texts: readonly string[]): Promise<Redacted[]> {
  const out: Redacted[] = [];
  for (let i = 0; i < texts.length; ) {
    const batch: string[] = [];
    for (let chars = 0; i < texts.length && (!batch.length || chars + texts[i].length <= BATCH_CHARS); i++) {
      batch.push(texts[i]);
      chars += texts[i].length + SEPARATOR.length;
    }
    const starts: number[] = [];
    batch.reduce((at, t) => (starts.push(at), at + t.length + SEPARATOR.length), 0);
    const per = batch.map((): SecretFinding[] => []);
    let k = 0;
    for (const f of await findSecrets(batch.join(SEPARATOR))) {
      while (k + 1 < starts.length && starts[k + 1] <= f.start) k++;
      const start = f.start - starts[k];
      if (start < batch[k].length) per[k].push({ kind: f.kind, start, end: Math.min(f.end - starts[k], batch[k].length) });
    }
    out.push(...batch.map((t, j) => replaceFound(t, per[j])));
  }
  return out;
}

/** One line for a person: "redacted 2 secrets before writing (github-token, aws-access-key-id)". */
export function redactionNotice(kinds: readonly string[], what = 'writing'): string | undefined {
  if (!kinds.length) return undefined;
  return `redacted ${kinds.length === 1 ? 'a secret' : `${kinds.length} secrets`} before ${what} (${[...new Set(kinds)].join(', ')})`;
}

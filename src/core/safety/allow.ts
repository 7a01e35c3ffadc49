/**
 * What looks like a secret and is not (docs/trust.md#secrets): placeholders (`<your-api-key>`,
 * `${DB_PASSWORD}`, `********`), references to where a secret lives (`process.env.X`,
 * `os.environ["X"]`, `secrets.X`), type declarations (`password: string`), code (`getToken()`),
 * and random-looking text that is public by construction: hashes (`sha512-…`, go.sum's `h1:…`,
 * `sha256:…` digests), public keys (`ssh-ed25519 AAAA…`, PEM public keys and certificates) and
 * data URIs. Every rule of the firewall asks these before it reports a value.
 */

/** A value that only stands for a secret. */
const PLACEHOLDER = new RegExp(
  `^(?:${[
    String.raw`<[^<>]*>`, // <your-api-key-here>, <password>
    String.raw`\[[^\]]*\]`, // [secret: password], [REDACTED]
    String.raw`\{\{.*\}\}`, // {{ .Password }}
    String.raw`[x*•.#_-]{3,}`, // xxxxxxxx, ********
    String.raw`(?:(?:my|your|the|some|example|sample|dummy|fake|test)[-_]?)?(?:pass(?:word|wd)?|pwd|secret|token|api[-_]?key|key|changeme|change[-_]me|redacted|placeholder|none|null|nil|undefined|empty|todo|tbd|hidden|masked)s?`,
    String.raw`(?:your|my|insert|enter|put|replace)[-_ ].*|.*[-_ ](?:here|goes[-_ ]here)`,
    String.raw`(?:x{3,}|\*{3,})[\w-]*|[\w-]*(?:x{6,}|\*{3,})`,
    String.raw`[\w/+=-]*EXAMPLE(?:KEY)?`, // AKIAIOSFODNN7EXAMPLE: the example values of a vendor's docs (gitleaks allows them too)
  ].join('|')})$`,
  'i',
);
/** Longer than this, a value is no placeholder (and the patterns above need not read it). */
const MAX_STAND_IN = 200;

/** A value that names where the secret is kept instead of holding it. */
const REFERENCE = new RegExp(
  [
    String.raw`^\$[A-Za-z_][\w.]*$|^\$\{[^{}]+\}?$`, // $DB_PASSWORD, ${DB_PASSWORD}, ${env:TOKEN}, ${DB_PASSWORD:?missing}
    String.raw`^%[A-Za-z_]\w*%$`, // %PASSWORD%
    String.raw`^\[\[[^\]]+\]\]$`, // [[Vault]]: a link to the note that says where
    String.raw`^\$\{\{.*\}\}$`, // ${{ secrets.TOKEN }}
    String.raw`^(?:process\.env|import\.meta\.env|os\.environ|env|ENV|secrets|vars|settings|config|System\.getenv|Environment\.GetEnvironmentVariable|os\.getenv|getenv)\b[.[(]`,
  ].join('|'),
);

/** A type or an expression where a value would be: `password: string`, `token = getToken()`, `key = self.key`. */
const NOT_A_VALUE = new RegExp(
  [
    String.raw`^(?:string|str|String|number|int|integer|bool|boolean|bytes|any|unknown|object|char|SecretStr|SecretString|Secret|Option(?:al)?|true|false|True|False|null|None|nil|undefined)\b`,
    String.raw`^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+[;,]?$`, // self.password, config.db.password
    String.raw`^[A-Za-z_$][\w$.]*\(`, // getPassword(), read_secret(…)
  ].join('|'),
);

/** Text right before a value that makes it a hash, a public key or inline data. */
const PUBLIC_BEFORE = /(?:\bsha(?:1|224|256|384|512)[-:=]|\bh1:|\bmd5[-:]|\bintegrity["'\s:=]+|\bdata:[\w/+.-]+(?:;[\w=-]+)*;base64,|\b(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d+|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)\s+)$/i;
const PUBLIC_BLOCK = /-----BEGIN (?:PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE|X509 CRL|CERTIFICATE REQUEST|NEW CERTIFICATE REQUEST|PGP PUBLIC KEY BLOCK|SSH2 PUBLIC KEY|DH PARAMETERS|EC PARAMETERS)-----[\s\S]*?(?:-----END [A-Z0-9 ]+-----|$)/g;

/** A value that is a placeholder or a reference, never a secret, whatever rule found it. */
export const isStandIn = (value: string): boolean => value.length <= MAX_STAND_IN && (PLACEHOLDER.test(value) || REFERENCE.test(value));

/** A value that is a type, an expression, a placeholder or a reference: for the rules that read assignments. */
export const isNotAValue = (value: string): boolean => isStandIn(value) || (value.length <= MAX_STAND_IN && NOT_A_VALUE.test(value));

/** Whether the value at [start, end) of `text` is public by construction (a hash, a public key, inline data). */
export function isPublic(text: string, start: number, end: number): boolean {
  if (PUBLIC_BEFORE.test(text.slice(Math.max(0, start - 64), start))) return true;
  PUBLIC_BLOCK.lastIndex = 0;
  for (const m of text.matchAll(PUBLIC_BLOCK)) if (m.index <= start && end <= m.index + m[0].length) return true;
  return false;
}

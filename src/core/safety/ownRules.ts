/**
 * The classes of secret gitleaks' rules leave out (gitleaks.ts), each a small rule of ours:
 * passwords in URLs of any scheme (`redis://:p@ss!@cache`), assignments to a name that ends in
 * a secret word, prefixed or not (`DB_PASSWORD=…`, `export POSTGRES_PASSWORD=…`,
 * `"client_secret": "…"`), command-line flags (`curl -u user:pw`, `mysql -pPW`, `--password=…`),
 * HTTP headers (`Authorization: Basic …`, `X-Api-Key: …`), Docker's `"auth"`, private keys as
 * whole PEM blocks (cut short or not), passwords in prose in any language ("the root password
 * is …", "密码是 …", «le mot de passe est …», パスワードは…), and long high-entropy strings no rule names. Each rule marks its
 * secret as the group `s`; only that part is replaced, the name before it stays. Every run
 * before a secret is bounded (`{0,64}`, not `*`): JavaScript backtracks where gitleaks' RE2
 * does not, and an unbounded run would make a long line cost its square.
 */
import { entropy } from './gitleaks';
import { isNotAValue, isStandIn } from './allow';

export interface OwnRule {
  /** The kind `[secret: <kind>]` names. */
  kind: string;
  /** Lower-case words one of which the text must hold for the rule to run. */
  keywords: string[];
  regex: RegExp;
  /** Whether the secret group's value is a secret (after the allowlists every rule asks). */
  accept?: (value: string, m: RegExpMatchArray) => boolean;
  /** The kind of one match, when it depends on the match (an assignment's name). */
  kindOf?: (m: RegExpMatchArray) => string;
}

/** A dotted or dashed name of lowercase words and a version tag: `lumen.worklist.columns.v1`, `app-settings.v2`. */
const WORDS_AND_VERSION = /^[a-z]{2,20}(?:[._-](?:[a-z]{2,20}|v\d{1,3}))+$/;

/** The end of a name that holds a secret: `…password`, `…_secret`, `…token`, `…api_key`. */
const SECRET_NAME = String.raw`(?:pass(?:word|wd|phrase|code)?|pwd?|secret(?:[_-]?key)?|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?|client[_-]?secret)`;
const PASSWORD_NAME = /(?:pass(?:word|wd|phrase|code)?|pwd?)(?:_?\d+)?$/i;
/** A value as written after `=`, a flag or `is`: quoted (spaces allowed) or a run of non-space. */
const VALUE = String.raw`(?:"(?<dq>[^"\n\x02]{3,}?)"|'(?<sq>[^'\n\x02]{3,}?)'|\x60(?<bq>[^\x60\n\x02]{3,}?)\x60|(?<s>[^\s"'\x60\x02]{3,}))`;

const PEM_HEADER = String.raw`-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`;
const PEM_FOOTER = String.raw`-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`;
/** One line of a PEM body: base64, or a header such as `Proc-Type: 4,ENCRYPTED`; not the footer, not a `- ` list item. */
const PEM_BODY = String.raw`(?!-----END|- )[\w+/=:,.\\-]+(?:[ \t][\w+/=:,.\\-]+)*`;

/** Punctuation ending a sentence or a statement (`hunter2.`, `pw);`) is not part of an unquoted value before a space. */
const TRAILING = /[.,;:)\]}>]+$/;

/**
 * Something a person would not type as a word: a digit, a symbol, or upper case after the first
 * letter. A hyphen or an apostrophe between letters (`customer-facing`, `don't`) is a word's.
 */
const looksRandom = (raw: string) => {
  const v = raw.replace(/(?<=\p{L})['’-](?=\p{L})/gu, '');
  return /\d/.test(v) || /[^\p{L}\p{N}\s]/u.test(v) || /\p{Lu}/u.test(v.slice(1));
};

/** The value a rule's groups hold: the quoted one if quoted. */
export function valueOf(m: RegExpMatchArray): { value: string; start: number; end: number; quoted: boolean } | undefined {
  const indices = m.indices?.groups;
  for (const name of ['dq', 'sq', 'bq', 's']) {
    const span = indices?.[name];
    if (!span) continue;
    const [start, whole] = span;
    let value = m.groups![name];
    if (name === 's' && !/\S/.test(m.input![whole] ?? ' ') && !/^[([{<]/.test(value)) value = value.replace(TRAILING, '');
    const end = start + value.length;
    return { value, start, end, quoted: name !== 's' };
  }
  return undefined;
}

/** An assignment's value is a secret: quoted or `NAME=value` takes any; otherwise it must look random. */
function assigned(value: string, m: RegExpMatchArray): boolean {
  const name = m.groups!.name;
  const quoted = m.groups!.s === undefined;
  const envStyle = /^[A-Z0-9_]+$/.test(name) && /=\S/.test(m[0]) && !/\s=/.test(m[0]);
  if (isNotAValue(value) || value.length < 4) return false;
  if (quoted || envStyle) return true;
  if (/^\d+$/.test(value)) return PASSWORD_NAME.test(name) && value.length >= 4;
  return (value.length >= 6 || PASSWORD_NAME.test(name)) && looksRandom(value);
}

/** `PR-7809`, `INC-4016`, `build-6332`: an issue or build id, which "password PR-7809" names rather than holds. */
const TICKET = /^[A-Za-z]{1,12}-\d+$/;

/** A password said in a sentence: random-looking, not a word, not a stand-in. */
const said = (value: string) => value.length >= 4 && !isStandIn(value) && looksRandom(value) && !/^\d{1,3}(?:[.,]\d+)?$/.test(value) && !TICKET.test(value);

const rule = (kind: string, keywords: string[], source: string, accept?: OwnRule['accept'], kindOf?: OwnRule['kindOf'], flags = 'gdi'): OwnRule => ({
  kind,
  keywords,
  regex: new RegExp(source, flags),
  ...(accept && { accept }),
  ...(kindOf && { kindOf }),
});

/** `DB_PASSWORD` → `password`, `clientSecret` → `secret`, `STRIPE_API_KEY` → `api-key`: what the name says it holds. */
const NAMED: [RegExp, string][] = [
  [/(?:pass(?:word|wd|phrase|code)?|pwd?)(?:_?\d+)?$/i, 'password'],
  [/api[_-]?key(?:_?\d+)?$/i, 'api-key'],
  [/private[_-]?key(?:_?\d+)?$/i, 'private-key'],
  [/(?:access|auth)[_-]?key(?:_?\d+)?$/i, 'access-key'],
  [/token(?:_?\d+)?$/i, 'token'],
  [/credentials?(?:_?\d+)?$/i, 'credential'],
];
const kindOfName = (m: RegExpMatchArray) => NAMED.find(([re]) => re.test(m.groups!.name))?.[1] ?? 'secret';

/**
 * "Password" in the languages people write memory in — the class, each language's usual words
 * (English, Spanish, French, German, Portuguese, Italian, Dutch, the Nordic languages, Finnish,
 * Polish, Czech, Hungarian, Turkish, Romanian, Russian and its neighbours, Greek, Japanese,
 * Korean, Vietnamese, Indonesian, Arabic, Hebrew, Hindi, Thai).
 */
const PASSWORD_WORDS = [
  'password', 'passphrase', 'passcode', 'contraseña', 'contrasena', 'clave', 'mot de passe', 'mdp', 'passwort', 'kennwort', 'senha',
  'palavra-passe', 'parola d\'ordine', 'wachtwoord', 'lösenord', 'losenord', 'passord', 'adgangskode', 'salasana', 'hasło', 'haslo',
  'heslo', 'jelszó', 'jelszo', 'şifre', 'sifre', 'parola', 'parolă', 'пароль', 'лозинка', 'гасло', 'κωδικός', 'パスワード', '暗証番号',
  '비밀번호', '패스워드', '암호', 'mật khẩu', 'kata sandi', 'كلمة المرور', 'סיסמה', 'पासवर्ड', 'รหัสผ่าน',
];
/** What says "is" between such a word and its value: punctuation, a copula, a topic particle. */
const COPULAS = ['is', 'was', 'es', 'era', 'est', 'était', 'etait', 'ist', 'lautet', 'war', 'é', 'è', 'luidt', 'är', 'er', 'on', 'jest', 'brzmi', 'je', 'to', 'это', 'є', 'là', 'adalah', 'ialah'];

export const OWN_RULES: readonly OwnRule[] = [
  // scheme://user:password@host, any scheme; the last @ before the host ends the password.
  rule('url-password', ['://'], String.raw`\b[a-z][a-z0-9+.-]{1,30}://[^\s:/?#@'"\x60\x02]{0,100}:(?<s>[^\s/'"\x60\x02]{0,200}[^\s/'"\x60\x02@])@(?=[\w.\[\]%-]+(?:[:/?#\s'"\x60),;]|$))`, (v) => !isStandIn(v)),
  // NAME=value, name: value, "name": "value", export NAME=value, $env:NAME = value
  rule(
    'secret-assignment',
    ['pass', 'pw', 'secret', 'token', 'key', 'credential'],
    String.raw`(?<![\w.-])(?<name>[\w.-]{0,64}?${SECRET_NAME}(?:_?\d+)?)["']?\??\s*(?::=|=>|=|:)\s*${VALUE}`,
    assigned,
    kindOfName,
  ),
  // set -x SECRET_TOKEN value (fish), setx API_KEY value (Windows), export NAME value: no `=`.
  // Only a variable's name in capitals: "export password PR-1330" is prose.
  rule(
    'secret',
    ['set', 'export'],
    String.raw`\b(?:set|setx|export)\s+(?:-[a-zA-Z]+\s+){0,3}(?<name>[\w.-]{0,64}?${SECRET_NAME}(?:_?\d+)?)\s+${VALUE}`,
    (v, m) => /^[A-Z][A-Z0-9_]*$/.test(m.groups!.name) && assigned(v, m),
    kindOfName,
  ),
  // curl -u user:pw, --user user:pw, httpie --auth user:pw
  rule('cli-password', ['-u', '--user', '--auth'], String.raw`(?:^|\s)(?:-u|--user|--proxy-user|--auth)(?:=|\s*)['"]?[^\s:'"\x02]+:(?<s>[^\s'"\x02]{3,})`, (v) => !isStandIn(v)),
  // mysql -pPW (no space: with one, -p prompts), sshpass -p PW, redis-cli -a PW
  rule('cli-password', ['mysql', 'mariadb'], String.raw`\b(?:mysql|mariadb)[\w-]{0,20}\b[^\n|;&]{0,300}?\s-p${VALUE.replace(/\{3,\}/g, '{1,}')}`, (v) => !isStandIn(v) && !v.startsWith('-')),
  rule('cli-password', ['sshpass', 'redis-cli'], String.raw`\b(?:sshpass\s+-p|redis-cli\b[^\n|;&]{0,300}?\s-a)\s*${VALUE}`, (v) => !isStandIn(v)),
  // --password=PW, --token PW, --api-key PW, --client-secret PW
  rule('cli-password', ['--'], String.raw`(?:^|\s)--(?:[\w-]{0,40}-)?(?:password|passwd|pass|token|api-key|apikey|secret|access-key)(?:=|\s+)(?!-)${VALUE}`, (v) => !isNotAValue(v) && v.length >= 4),
  // Authorization: Basic/Bearer/Token …, X-Api-Key: …, PRIVATE-TOKEN: …
  rule('authorization-header', ['authorization'], String.raw`\b(?:proxy-)?authorization["']?\s*[:=]\s*["']?(?:basic|bearer|token|digest|bot|sso-key|apikey)\s+(?<s>[\w.~+/:=-]{6,})`, (v) => !isStandIn(v)),
  rule('authorization-header', ['bearer'], String.raw`\bbearer\s+(?<s>[\w.~+/=-]{16,})`, (v) => !isStandIn(v) && looksRandom(v)),
  rule('cookie', ['cookie'], String.raw`\b(?:set-)?cookie\s*:[^\n]{0,200}?\b(?:session|sess|sid|token|auth|jwt)[\w-]{0,30}=(?<s>[^;\s"']{16,})`, (v) => !isStandIn(v) && looksRandom(v)),
  rule('api-key-header', ['x-', 'api-key', 'apikey', 'private-token'], String.raw`\b(?:x-[\w-]{0,40}?(?:api-?key|token|auth|secret)[\w-]{0,40}|api-?key|private-token)["']?\s*:\s*["']?(?<s>[\w.~+/=-]{12,})`, (v) => !isNotAValue(v)),
  // Docker's config.json: "auths": { "<registry>": { "auth": "<base64 user:password>" } }
  rule('docker-auth', ['"auth"'], String.raw`"auth"\s*:\s*"(?<s>[A-Za-z0-9+/]{12,}={0,2})"`),
  // A private key: the whole PEM block, line by line to its footer (or to the last line of its
  // body when cut short, never into the next entry); also a lone footer, as a search or a diff
  // may show one (the body lines above it are long random strings). Escaped newlines (`\n` in
  // JSON) stay in one line.
  rule('private-key', ['private key'], String.raw`(?<s>${PEM_HEADER}(?:[ \t]*${PEM_BODY})?(?:\n[ \t>]*${PEM_BODY})*(?:\s*${PEM_FOOTER})?|${PEM_FOOTER})`),
  // "the root password is …", "password for db1 was …", "log in with password …"
  rule(
    'password',
    ['pass', 'pwd', 'pin', 'secret', 'token', 'key', 'code'],
    String.raw`\b(?:password|passphrase|passcode|passwd|pwd|pin|secret|api key|token)(?:\s+(?:for|of|to|on|in|at)\s+(?:the\s+)?[\w.@/-]+(?:\s+[\w.@/-]+)?)?\s+(?:(?:is|was|are|remains|becomes|has been)(?:\s+(?:now|still|just|changed to|set to|updated to|reset to))*|(?:changed|set|updated|reset) to)\s+${VALUE}`,
    said,
  ),
  rule('password', ['pass', 'pin'], String.raw`\b(?:with|using|use)\s+(?:the\s+)?(?:password|passphrase|passcode|pin)\s+${VALUE}`, said),
  // "set the admin pin to 482913", "changed my password to …"
  rule('password', ['pass', 'pin', 'pwd'], String.raw`\b(?:set|change|changed|reset|update|updated)\s+(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+)?(?:[\w.@-]+\s+){0,2}(?:password|passphrase|passcode|pin|pwd)\s+to\s+${VALUE}`, said),
  // "root / password Qwerty!234": the word right before a value with letters and digits.
  rule('password', ['pass', 'pw'], String.raw`\b(?:password|passwd|passphrase|pwd?)\s+(?<s>[^\s(\[{<"'\x60\x02][^\s\x02]{5,})`, (v) => said(v) && /\d/.test(v) && /\p{L}/u.test(v)),
  // A ~/.pgpass line, hostname:port:database:username:password (a port of digits, a host with a letter).
  rule('pgpass-password', ['pgpass', ':5432:', ':3306:', ':6432:'], String.raw`(?:^|\s)[\w.-]*[A-Za-z][\w.-]*:(?:\d{2,5}|\*):[\w*.-]+:[\w*.@-]+:(?<s>\S{4,})`, (v) => !isStandIn(v) && looksRandom(v)),
  // New Relic's keys name themselves (gitleaks asks for the word "newrelic" beside them).
  rule('new-relic-key', ['nrak-', 'nrii-', 'nrjs-'], String.raw`\b(?<s>NR(?:AK|II|JS)-[A-Z0-9]{27,32})\b`),
  // "api key NRAK-…", "token: glc_…": a credential word right before a random token, no operator needed.
  // (Not a name made of words and a version: "localStorage key lumen.worklist.columns.v1".)
  rule('keyword-token', ['key', 'token', 'secret', 'pat', 'credential'], String.raw`\b(?:key|token|secret|pat|credentials?|access key|api key|auth)\b[\s:=]+(?<s>[\w.+/=-]{16,})`, (v) => /\d/.test(v) && /[A-Za-z]/.test(v) && entropy(v) >= 3.5 && !WORDS_AND_VERSION.test(v)),
  // In any language: «le mot de passe du serveur est …», „das Passwort lautet …", la contraseña es …, パスワードは…,
  // 비밀번호는 …, пароль: … — a password word, a few words naming whose, then punctuation, a copula
  // or a topic particle, then a value that looks random ("the password field is required" stays quiet).
  rule(
    'password',
    PASSWORD_WORDS.map((w) => w.toLowerCase().slice(0, 4)),
    String.raw`(?<![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}])(?:${PASSWORD_WORDS.join('|')})(?:[^\S\n]+[\p{L}\p{N}'’._@-]{1,30}){0,4}?[^\S\n]*(?:[:：=→]|[—–]|(?<!\p{L})(?:${COPULAS.join('|')})(?!\p{L})|(?<=\p{Script=Hangul})[는은이가]|[はが])[^\S\n]*[«"'„“「『‘]?(?<s>(?!\S*://)[\x21\x23-\x26\x28-\x7e]{4,})`,
    (v) => said(v) && !isNotAValue(v), // not code: "password = getpass.getpass()"
    undefined,
    'gdiu', // \p{L}: letters of every script
  ),
  // 密码是 …, root 密码为：…, 密钥: …, 令牌是 …
  rule('password', ['密', '口令', '令牌', '秘钥'], String.raw`(?:密码|密碼|口令|密钥|密鑰|秘钥|私钥|令牌)(?:\s*(?:是|为|為|：|:|=)\s*[：:]?|\s)\s*[“"'「‘]?(?!\[\[)(?<s>[\x21-\x7e]{4,})`, said),
];

const mixed = (s: string) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s);

/**
 * A long run of key-like characters with lower case, upper case and digits and a high entropy.
 * A path (`.CoreSoul/memory/chronological/2026-03-11`) is such a run too: one with a `/` counts
 * only when a part between slashes is a long random run itself.
 */
export const HIGH_ENTROPY: OwnRule = {
  kind: 'high-entropy-string',
  keywords: [],
  regex: /(?<![A-Za-z0-9+/_=-])(?<s>[A-Za-z0-9+/_-]{32,}={0,2})/dg,
  accept: (s) => mixed(s) && entropy(s) >= 4.2 && (!s.includes('/') || s.split('/').some((part) => part.length >= 16 && mixed(part))),
};

/**
 * Text as the soul check reads it (docs/trust.md#poisoning): the disguises an attacker uses to
 * slip a rule past a word list are undone first, so "Dеlete" with a Cyrillic е, "sand\u200Bbox",
 * "clean\u00ADroom", "ｒｍ －ｒｆ", "5k1p 7h3 54ndb0x" and a base64 payload read as what they say.
 *
 * - HTML character references decoded ("&#115;kip"), then NFKC (full-width forms, ligatures,
 *   compatibility characters);
 * - invisible characters removed: zero-width spaces and joiners, soft hyphens, word joiners,
 *   bidirectional controls, variation selectors;
 * - homoglyphs folded with Unicode's confusables table (the `confusables` package), outside Han
 *   text, which it would not change anyway;
 * - leet folded in words that mix letters with digits or symbols (0→o, 1→i, 3→e, 4→a, 5→s, 7→t,
 *   @→a, $→s, ! and | inside a word);
 * - Markdown emphasis inside a word dropped ("**dis**able", "lint**er**", "del~~e~~te");
 * - identifiers read as their words, and a verification switch as what its value does
 *   ("verify_certs=False" → "certificate verification disabled", readSwitches);
 * - base64 and hex runs that decode to readable text are appended, decoded, as a paragraph of their own,
 *   and so is what a text that names ROT13 quotes (or says after its colon), turned back.
 * The result is only ever checked, never stored or shown in place of what was written.
 */
import { remove as foldConfusables } from 'confusables';

// Zero-width space/non-joiner/joiner, LRM/RLM, soft hyphen, CGJ, Mongolian vowel separator, word
// joiner and invisible operators, BOM, bidi embeddings and isolates, variation selectors.
const INVISIBLE: [number, number][] = [[0x200b, 0x200f], [0xad, 0xad], [0x34f, 0x34f], [0x180e, 0x180e], [0x2060, 0x2064], [0xfeff, 0xfeff], [0x202a, 0x202e], [0x2066, 0x2069], [0xfe00, 0xfe0f]];
const visible = (ch: string) => !INVISIBLE.some(([a, b]) => ch.codePointAt(0)! >= a && ch.codePointAt(0)! <= b);
const withoutInvisible = (text: string) => (/^[\t\n\r\x20-\x7E]*$/.test(text) ? text : [...text].filter(visible).join(''));
const HAN_OR_CJK = /[\p{Script=Han}\u3000-\u303F\uFF00-\uFFEF]/u;

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l' };
const LEET_WORD = /[A-Za-z0-9@$!|]+/g;
const HEX_RUN = /(?<![0-9a-f])(?:[0-9a-f]{2}){12,}(?![0-9a-f])/gi;
const BASE64_RUN = /[A-Za-z0-9+/]{16,}={0,2}|[A-Za-z0-9_-]{16,}={0,2}/g;

export function normaliseForCheck(text: string, opts: { homoglyphs?: boolean; identifiers?: boolean; joins?: (word: string) => boolean } = {}): string {
  // Readability (readable.ts) folds homoglyphs word by word itself: a Russian word folded whole reads as Latin gibberish.
  const fold = opts.homoglyphs === false ? (t: string) => t : foldHomoglyphs;
  // (It reads identifiers as code, too: `quanxian_fanwei` is a name, not two words it does not know.)
  const split = opts.identifiers === false ? (t: string) => t : splitIdentifiers;
  const plain = fold(withoutInvisible(decodePercents(decodeEntities(text)).normalize('NFKC'))).replace(IN_WORD_EMPHASIS, '').replace(UNICODE_HYPHEN, '-');
  const decoded = [...decodedPayloads(plain), ...rot13Payloads(plain).map((run) => ({ run, text: rot13(run) }))];
  // A payload is read as what it decodes to, in its own paragraph; where it stood, a mark of it.
  const rest = decoded.reduce((t, d) => t.replace(d.run, '(encoded)'), plain);
  const folded = split(joinSplit(joinSpelled(rest), opts.joins)).replace(CHAT_WORD, expandChat).replace(LEET_WORD, foldLeetOutsideCode).replace(CANTONESE_WORD, (w) => CANTONESE[w]);
  return decoded.length ? `${folded}\n\n${decoded.map((d) => fold(withoutInvisible(d.text.normalize('NFKC'))).replace(LEET_WORD, foldLeet)).join('\n\n')}` : folded;
}

/** Unicode's hyphens (U+2010, and the non-breaking U+2011 that NFKC leaves as U+2010): "fail‑safe" is "fail-safe". */
const UNICODE_HYPHEN = /[\u2010\u2011]/g;

/** Emphasis marks with a letter on both sides: "**dis**able" reads "**disable", "lint**er**" "linter**". */
const IN_WORD_EMPHASIS = /(?<=\p{L})(?:\*{1,3}|~~)(?=\p{L})/gu;

/** A text that names ROT13 may hide its rule in it: "Release rule (ROT13, decode it yourself): 'fuvc gb cebq'". */
const ROT13_NAMED = /(?<![a-z])rot[\s-]?13(?![0-9])/i;
/**
 * What a text that names ROT13 may hide in it: its quoted parts, else what follows its last colon.
 * (Unquoted gibberish needs no decoding: the check refuses what it cannot read.)
 */
function rot13Payloads(text: string): string[] {
  if (!ROT13_NAMED.test(text)) return [];
  const quoted = [...text.matchAll(/["'`‘“]([^"'`‘’“”\n]{4,})["'`’”]/gu)].map((m) => m[1]);
  return quoted.length ? quoted : text.includes(':') ? [text.slice(text.lastIndexOf(':') + 1)] : [];
}
const rot13 = (text: string) => text.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c <= 'Z' ? 65 : 97)));

// Single letters spelled out with one separator: three or more with a space ("s k i p"), two or
// more with a hyphen, dot or underscore ("S-k-i-p", "s.a.n.d", "r-m -r-f").
const SPELLED = /(?<![\p{L}\p{N}])\p{L}(?:( )\p{L}(?: \p{L}){1,}|([-._])\p{L}(?:\2\p{L})*)(?![\p{L}\p{N}])/gu;
// A phrase spelled out, its words apart by two spaces or more: "r u n   e v e r y t h i n g   a s   r o o t"
// (each word joined, two-letter ones too; its punctuation spelled with it: "t a s k s ,   a l w a y s").
const SPELLED_PHRASE = /(?<![\p{L}\p{N}])\p{L}(?: [\p{L},.;:'’-])+(?: {2,}[\p{L},.;:'’-](?: [\p{L},.;:'’-])*)+(?![\p{L}\p{N}])/gu;
const joinSpelled = (text: string) =>
  text
    .replace(SPELLED_PHRASE, (m) => m.split(/ {2,}/).map((w) => w.replace(/ /g, '')).join(' '))
    .replace(SPELLED, (m, space?: string, mark?: string) => m.split((space ?? mark)!).join(''))
    // What stood between spelled words stands as one space: "p u t  the  A W S  s e c r e t".
    .replace(/(?<=\S) {2,}(?=\S)/g, ' ');

/** Letters split by hyphens into pieces: "Ne-ver", "his-tory", "re-write". */
const SPLIT_WORD = /(?<![\p{L}\p{N}-])\p{L}+(?:-\p{L}+)+(?![\p{L}\p{N}-])/gu;
/**
 * A word split by hyphens read whole where `joins` reads the whole as a word: "Ne-ver force-push;
 * re-write his-tory only on a throw-away branch" reads "never", "rewrite", "history", "throwaway"
 * ("force-push" stays: "forcepush" is no word).
 */
const joinSplit = (text: string, joins: ((word: string) => boolean) | undefined) => (joins ? text.replace(SPLIT_WORD, (m) => (joins(m.replace(/-/g, '').toLowerCase()) ? m.replace(/-/g, '') : m)) : text);

/** A word after a name that says what the name is: 函数, function, method, variable. */
const CODE_NOUN_AFTER = /^[`'"”’]?\s*(?:的\s*)?(?:函数|函式|方法|變數|变量|類別|类|欄位|字段|參數|参数|functions?|methods?|variables?|class|fields?|properties|property|params?|parameters?|helpers?|components?|decorators?|modules?|types?|interfaces?|enums?)(?![a-z])/u;
/** A name given or changed in a rename: 「重命名为 X」, "rename … to X", "rename deleteCachedAssets to …". */
const RENAMED_BEFORE = /(?:重命名[為为]?|改名[為为]?|(?<![a-z])renam(?:e|es|ed|ing)(?:\s+(?:\S+\s+){1,5}to|\s+(?:the\s+)?))\s*[`'"“‘]?$/iu;

/** Core Soul's own tools keep their names: `CoreSoul_MemoryWrite` is the memory write, not "the soul". */
const OWN_TOOL = /^coresoul[_-]?[a-z]*$/i;

/** A file's name of several words: joined by `_`, `-` or `/`, with a code or text file's extension. */
export const FILE_NAME = /^[\w./-]*[_/-][\w./-]*\.(?:py|ts|tsx|js|jsx|mjs|cjs|sh|bash|zsh|ps1|go|rb|rs|java|kt|swift|c|h|cc|cpp|hpp|cs|php|md|txt|json|ya?ml|toml|cfg|ini)$/u;

/**
 * Identifiers read as their words, a flag switched on as its name: "-DskipTests", "SKIP_TESTS=1",
 * "rejectUnauthorized" → "skip Tests", "SKIP TESTS", "reject Unauthorized" ("SANDBOX=0" stays).
 */
const splitIdentifiers = (text: string) =>
  readSwitches(text)
    .replace(/(?<=[A-Za-z])\s*=\s*(?:1|true|yes|on)(?![\p{L}\p{N}])/giu, '')
    // (A file's name stays one: `force_push_guard.py` is a file, not a force push.)
    // (Nor does a name called a function's, a variable's: 「refreshToken 函数重命名为 renewAccessToken」.)
    .replace(/[\w./-]+/g, (word, at: number, all: string) =>
      FILE_NAME.test(word.toLowerCase()) || CODE_NOUN_AFTER.test(all.slice(at + word.length, at + word.length + 16)) || RENAMED_BEFORE.test(all.slice(Math.max(0, at - 48), at)) || OWN_TOOL.test(word)
        ? word
        : word.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').replace(/(?<=[A-Za-z])_(?=[A-Za-z])/g, ' '),
    )
    .replace(/(?<![\p{L}\p{N}])-D(?=[a-z])/gu, '-D ');

/**
 * A verification switch set in a config, an environment or a flag, read as what it does:
 * "verify_certs=False", "NODE_TLS_REJECT_UNAUTHORIZED=0", "StrictHostKeyChecking=no",
 * "GIT_SSL_NO_VERIFY=1" read "certificate verification disabled" (or "host key checking …",
 * "signature verification …"); "rejectUnauthorized: true" reads "… enabled". A switch named for
 * what it skips ("insecure", "no verify", "skip", "ignore", "allow invalid") is on when its check is off.
 */
const SWITCH_VALUE = 'true|false|yes|no|on|off|0|1|none|disabled?|enabled?|cert_none|cert_required|allow|prefer|require|verify-ca|verify-full';
const SWITCH = new RegExp(`(?:(?<![A-Za-z])(set|sets|setting|use|uses|using|pass|passes|passing|add|adds|adding)\\s+)?(?<![\\w.-])([A-Za-z][\\w.-]*?)["']?\\s*[:=]\\s*["']?(${SWITCH_VALUE})(?![\\w-])["']?`, 'gi');
const OFF_VALUE = /^(?:false|no|off|0|none|disabled?|cert_none|allow|prefer)$/i;
function readSwitches(text: string): string {
  if (!/[:=]/.test(text)) return text;
  // (The same switch set twice in a sentence, in two files, is said once: "host_key_checking = False in ansible.cfg and StrictHostKeyChecking=no in ssh_config".)
  let last: { read: string; end: number } | undefined;
  return text.replace(SWITCH, (m, verb: string | undefined, name: string, value: string, at: number) => {
    const read = switchRead(name, value);
    if (!read) return m;
    const key = `${read.check} ${read.state}`;
    const again = last?.read === key && !/[.!?;](?:\s|$)|[。；！？\n]/u.test(text.slice(last.end, at));
    last = { read: key, end: at + m.length };
    if (again) return verb ? `${verb} it likewise` : 'likewise';
    // (Set to a value, it is the verb: "never disable TLS verification or set sslmode=disable" disables both, under one "never".)
    return verb ? `${read.state === 'disabled' ? 'disable' : 'enable'} ${read.check}` : `${read.check} ${read.state}`;
  });
}

function switchRead(name: string, value: string): { check: string; state: 'disabled' | 'enabled' } | undefined {
  const words = name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase().split(/[\s_.-]+/);
  const has = (...w: string[]) => w.some((x) => words.includes(x));
  const check = has('host', 'hostkey') && has('key', 'hostkey', 'checking')
    ? 'host key checking'
    : has('signature', 'signatures', 'sign', 'gpg', 'gpgsign')
      ? 'signature verification'
      : has('verify', 'verification', 'ssl', 'tls', 'cert', 'certs', 'certificate', 'certificates', 'hostname', 'unauthorized', 'sslmode')
        ? 'certificate verification'
        : '';
  if (!check) return undefined;
  const skips = has('insecure', 'skip', 'no', 'disable', 'ignore', 'allow', 'accept', 'trust');
  return { check, state: OFF_VALUE.test(value) !== skips ? 'disabled' : 'enabled' };
}

/** URL escapes of printable ASCII ("%72%6d -rf") read as the characters they stand for. */
const decodePercents = (text: string) => (text.includes('%') ? text.replace(/%([2-7][0-9a-f])/gi, (_, hex: string) => (hex.toLowerCase() === '7f' ? _ : String.fromCharCode(parseInt(hex, 16)))) : text);

/** HTML character references ("&#115;kip", "&#x73;", "&amp;") read as the characters they stand for. */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '' };
const decodeEntities = (text: string) =>
  text.includes('&')
    ? text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (m, dec: string, hex: string, name: string) => {
        const cp = dec ? Number(dec) : hex ? parseInt(hex, 16) : undefined;
        if (cp !== undefined) return cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
        return NAMED[name.toLowerCase()] ?? m;
      })
    : text;

/**
 * The small letters that look like an i without its dot (Greek iota, Latin iota, Turkish dotless
 * ı): the confusables table folds them to "l", its skeleton for the shape, so "skιp" would read "sklp".
 */
const DOTLESS_I = /[ιɩı]/gu;

/** A cross mark says "don't" before a rule (soulCheck.ts reads it), not the letter X it looks like. */
const CROSS_MARK = '\u274C';

/** Confusables folded in runs of non-Han text; Han, CJK punctuation and the cross mark are kept as written. */
export function foldHomoglyphs(text: string): string {
  if (/^[\t\n\r\x20-\x7E]*$/.test(text)) return text;
  text = text.replace(DOTLESS_I, 'i');
  let out = '';
  let run = '';
  // (ASCII stays as written: the confusables table reads "| sh" as "l sh", "0" as "O".)
  const fold = (r: string) => r.replace(/[^\t\n\r\x20-\x7E]+/g, (m) => foldConfusables(m));
  for (const ch of text) {
    if (HAN_OR_CJK.test(ch) || ch === '\n' || ch === CROSS_MARK) {
      out += (run ? fold(run) : '') + ch;
      run = '';
    } else run += ch;
  }
  return out + (run ? fold(run) : '');
}

/** Chat shorthand read as the words it stands for ("paste it b4 u read it", "w/o asking"), before leet would fold "b4" to "ba". */
const CHAT: Record<string, string> = {
  b4: 'before', em: 'them', 'w/o': 'without', 'w/': 'with', u: 'you', ur: 'your', r: 'are', cmd: 'command', cmds: 'commands', pls: 'please', plz: 'please',
  thru: 'through', tho: 'though', bc: 'because', 'b/c': 'because', rn: 'right now', idc: "i don't care", nvm: 'never mind', prolly: 'probably', '2day': 'today',
  // Negations typed without their apostrophe: "dont bother", "u shouldnt".
  ...Object.fromEntries(['do', 'does', 'did', 'is', 'are', 'was', 'were', 'should', 'would', 'could', 'must', 'need', 'have', 'has'].map((w) => [`${w}nt`, `${w}n't`])),
  cant: "can't", wont: "won't",
};
// (Not a flag or an extension: `chmod -R`, `curl -u`, `.r`.)
const CHAT_WORD = /(?<![\p{L}\p{N}/.-])(?:b4|em|w\/o|w\/|u|ur|r|cmds?|plz|pls|thru|tho|bc|b\/c|rn|idc|nvm|prolly|2day|(?:do|does|did|is|are|was|were|should|would|could|must|need|have|has)nt|cant|wont)(?![\p{L}\p{N}/'’])/giu;
// (An acronym in capitals is a name, not chat: "RN" is React Native, "BC" a province.)
const expandChat = (word: string) => (word.length > 1 && word === word.toUpperCase() && /[A-Z]/.test(word) ? word : CHAT[word.toLowerCase()] ?? word);

/**
 * Written Cantonese read as the Mandarin the check knows (Hong Kong teams write it in chat): its
 * function words only — negations, aspect, pronouns, "give", "look" — which have no other meaning
 * in Mandarin text. 「唔使記落 memory」 reads 「不用記下 memory」, 「話俾我知」 「告訴我」.
 */
const CANTONESE: Record<string, string> = {
  唔使: '不用', 唔駛: '不用', 唔洗: '不用', 唔需要: '不需要', 唔好: '不要', 唔該: '請', 唔係: '不是', 唔: '不', 冇: '沒', 咗: '了', 嘅: '的', 喺: '在', 佢哋: '他們', 我哋: '我們', 你哋: '你們', 俾佢: '給他', 畀佢: '給他', 佢問: '他問', 佢話: '他說', 佢叫: '他叫', 佢要: '他要', 佢講: '他講', 佢: '它',
  嚟: '來', 嘢: '東西', 乜嘢: '什麼', 點解: '為什麼', 點樣: '怎樣', 邊啲: '哪些', 邊個: '哪個', 邊度: '哪裡', 呢啲: '這些', 呢個: '這個', 嗰啲: '那些', 嗰個: '那個', 嗰: '那', 啲: '些', 咁: '這麼', 而家: '現在',
  話俾我知: '告訴我', 話畀我知: '告訴我', 俾: '給', 畀: '給', 攞: '拿', 睇: '看', 諗: '想', 記落: '記下', 寫落: '寫下', 太嘈: '太吵', 就得: '就行',
  同佢: '和它', 同埋: '和', 入面: '裡面', 刪走: '刪掉', 删走: '删掉', 只係: '只是',
};
const CANTONESE_WORD = new RegExp(Object.keys(CANTONESE).sort((a, b) => b.length - a.length).join('|'), 'gu');

/** Leet folded as the check folds a text: the soul's own words are read the same way (`@ts-ignore` as the text's "ats-ignore"). */
export const foldLeetWords = (text: string) => text.replace(LEET_WORD, foldLeet);
const SWITCH_VALUE_WORD = new RegExp(`^(?:${SWITCH_VALUE}|skip|insecure)$`, 'i');
/** Leet undone, except in a value of code: `--gres=gpu:a100:N` holds no word "aioo" (but `verify=f4ls3` is still `false`). */
function foldLeetOutsideCode(word: string, at: number, all: string): string {
  const folded = foldLeet(word);
  const inCode = /[:=/]/.test(all[at - 1] ?? '') || /[:=/]/.test(all[at + word.length] ?? '');
  return !inCode || SWITCH_VALUE_WORD.test(folded) ? folded : word;
}

/** A word that mixes letters with leet digits or symbols, read as letters ("s0ul" → "soul"). */
function foldLeet(word: string): string {
  const trail = /[!|]+$/.exec(word)?.[0] ?? '';
  const core = trail ? word.slice(0, -trail.length) : word;
  // A hash, a version or an id is no word: hex runs and long tokens stay as written.
  if (!/[A-Za-z]/.test(core) || !/[0-9@$!|]/.test(core) || /^[0-9a-f]{7,}$/i.test(core) || core.length > 24) return word;
  // A name that opens with a digit before a capitalised word is a brand, not leet: 1Password, 7Zip.
  if (/^[0-9][A-Z][a-z]+$/.test(core)) return word;
  // So is a version: "API v3"; and a numeronym: i18n, k8s, a11y.
  if (/^v[0-9]+$/i.test(core) || /^[a-z][0-9]{2}[a-z]$/i.test(core) || /^k[0-9]s$/i.test(core)) return word;
  return core.replace(/[0-9@$!|]/g, (c) => LEET[c] ?? c) + trail;
}

/** Base64 or hex runs whose bytes are readable UTF-8 text (words, not a hash or binary). */
function decodedPayloads(text: string): { run: string; text: string }[] {
  const out: { run: string; text: string }[] = [];
  const runs = [
    ...[...text.matchAll(HEX_RUN)].map(([run]) => ({ run, bytes: Buffer.from(run, 'hex') })),
    ...[...text.matchAll(BASE64_RUN)].filter(([run]) => /[A-Z]/.test(run) || /[a-z]/.test(run)).map(([run]) => ({ run, bytes: Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64') })),
  ];
  for (const { run, bytes } of runs) {
    if (bytes.length < 8) continue;
    let decoded: string;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      continue;
    }
    const readable = [...decoded].filter((c) => /[\p{L}\p{N}\p{P}\s]/u.test(c)).length;
    if (readable / [...decoded].length >= 0.9 && (/\s/.test(decoded) || HAN_OR_CJK.test(decoded))) out.push({ run, text: decoded });
  }
  return out;
}

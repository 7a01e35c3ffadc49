/**
 * Terms for ranking (rank.ts): a text cut into lower-cased words (Latin runs by a quick
 * scan, CJK runs by Intl.Segmenter), English stop words dropped, English words reduced to
 * their Porter stem (`stemmer`), so "activities", "activity" and "active" meet. Numbers and
 * CJK words are kept as they are. Matching on terms only ranks: which chunks may hold a word
 * is still decided by the index's literal keys (words.ts).
 */
import { eng, zho } from 'stopword';
import { stemmer } from 'stemmer';
import { hasCjk, segmentWords } from './words';

// stopword's English list (108 words) plus question words and contractions' remains.
const EXTRA = 'does doing done dont didnt doesnt isnt wasnt whats s t d ll m re ve kind type thing things something anything ever just really yes no oh ok okay so'.split(' ');
const CJK_STOP = '的 了 是 在 和 與 及 嗎 呢 吧 啊 我 你 他 她 它 我們 你們 他們 什麼 怎麼 哪 有 也 都 就'.split(' ');
const STOP = new Set<string>([...eng, ...EXTRA, ...CJK_STOP, 'when', 'what', 'why', 'how', 'who', 'whom', 'which', 'where']);
/**
 * Chinese function characters: stopword's Chinese list (Simplified, one character each), their
 * Traditional forms, and the particles, pronouns, measure words and helper verbs of a question
 * (還是, 哪個, 一下, 幫我查, 說過, 要用, 時候). The segmenter cuts a question into such pieces; a
 * piece made only of them carries no subject.
 */
const CJK_STOP_CHARS = new Set<string>([...zho.filter((w) => [...w].length === 1), ...'們與並該這麼誰時幾兒說還個為於對會請嗎呢吧啊呀喔哦嘛用要過过幫帮查下被給给讓让從从再很太最經经而但其此著着可以能應应怎樣样些之前後后候問问想找是否沒没'.split('')]);

const RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}\p{M}]+(?:'[\p{L}]+)?/gu;

const stems = new Map<string, string>();
/** Whether a lower-cased word carries no meaning for search (English and Chinese function words). */
export const isStopWord = (w: string) => STOP.has(w) || (hasCjk(w) && [...w].every((ch) => CJK_STOP_CHARS.has(ch)));

/** The stem of one lower-cased word. */
export function stem(w: string): string {
  let s = stems.get(w);
  if (s === undefined) {
    s = /^[a-z]+$/.test(w) && w.length > 2 ? stemmer(w) : w;
    if (stems.size > 200_000) stems.clear();
    stems.set(w, s);
  }
  return s;
}

/**
 * The ranking terms of a text, in order, stop words dropped. Without `cjk`, a Han, kana or Hangul
 * run is not segmented (the costly part, and of no use to a query without such words): it stands
 * as one placeholder term per two characters, so the text's length still counts.
 */
export function terms(text: string, cjk = true): readonly string[] {
  const memo = cjk ? withCjk : withoutCjk;
  let out = memo.get(text);
  if (!out) {
    if (memo.size >= MEMO_LINES) memo.clear();
    memo.set(text, (out = cut(text, cjk)));
  }
  return out;
}

/**
 * The terms of texts cut before, with CJK runs segmented and without: a search ranks the same
 * lines as the one before it (an entity's days), and cutting a line (the segmenter, the stemmer)
 * costs more than looking it up. Past MEMO_LINES texts, the memo starts afresh.
 */
const MEMO_LINES = 1 << 16;
const withCjk = new Map<string, readonly string[]>();
const withoutCjk = new Map<string, readonly string[]>();

function cut(text: string, cjk: boolean): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(RUN)) {
    const written = m[0];
    if (hasCjk(written[0])) {
      if (cjk) for (const seg of segmentWords(written.toLowerCase())) if (!STOP.has(seg)) out.push(seg);
      else for (let i = 0; i < written.length; i += 2) out.push('');
      continue;
    }
    // A name in camel case is also its words: `accessTokenLifespan` says access, token, lifespan.
    // (Not a brand's capitals, PostgreSQL, iPhone: written in lower case, it is one word.)
    const parts = CAMEL_NAME.test(written) ? [written, ...written.split(CAMEL)] : [written];
    for (let w of parts.map((part) => part.toLowerCase())) {
      const apo = w.indexOf("'");
      if (apo > 0) w = w.slice(0, apo); // "caroline's" → "caroline"
      if (STOP.has(w)) continue;
      out.push(stem(w));
    }
  }
  return out;
}

/**
 * A name in camel case, as code writes one: words of letters, the first in lower case, each
 * next one capitalised (`accessTokenLifespan`, `getUserById`) — not a device's `ttyUSB2`, a
 * brand's `iPhone` or `macOS`.
 */
const CAMEL_NAME = /^\p{Ll}{2,}(?:\p{Lu}\p{Ll}+)+$/u;
/** Where a camel-case name's next word starts: `access|Token|Lifespan`. */
const CAMEL = /(?=\p{Lu})/u;

/** English derivational endings that keep a word's subject: own → ownership, pay → payment, lead → leadership. */
const DERIVED = /^(?:ership|erships|ship|ships|ment|ments|ness)$/;

/**
 * Whether two stems are one word and its derivation ("own" and "ownership", "owner" and "own"),
 * which Porter's stemmer leaves apart: the shorter (three letters or more) begins the longer, and
 * what follows is a derivational ending.
 */
export function derived(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 3 && long.length > short.length && long.startsWith(short) && DERIVED.test(long.slice(short.length)) && /^[a-z]+$/.test(long);
}

/**
 * Queries as agents write them (docs/search.md#prompts): a prompt is not a search box. It may
 * paste a stack trace or a log of thousands of characters, or ask two or three things at once.
 *
 * - A long prompt is reduced to what identifies its subject — error messages, exception names,
 *   file names, identifiers, quoted strings — and its prose, instead of being refused: a pasted
 *   trace finds the memory of the earlier fix of the same error.
 * - A prompt is split into its topics (its questions and requests): each is searched on its own
 *   share of the budget, so one topic's many matches cannot crowd out another's, and a topic that
 *   finds nothing is named in the answer.
 *
 * Both are rules on the shape of text (sentences, questions, code), not on any vocabulary.
 */
import { terms } from './terms';

/** Above this many characters (or with lines of code or log), a prompt is reduced to its subject. */
export const LONG_PROMPT_CHARS = 600;
/** A reduced prompt is at most this long: the strongest signals first. */
const SUBJECT_CHARS = 900;
/** Topics searched at most; the rest join the last one. */
export const MAX_TOPICS = 4;

// ---- long prompts ---------------------------------------------------------------------------

/**
 * `TypeError: Cannot read properties of undefined (reading 'id')`, `ECONNREFUSED 127.0.0.1:5432`,
 * a Go `panic: assignment to entry in nil map`, `fatal: …`, `denied: Permission …`, and a
 * message in a structured log's error field: `err="OOM command not allowed …"`, `"reason":"Data too large …"`.
 */
const ERROR_MESSAGE =
  /\b((?:[A-Z][A-Za-z]*)?(?:Error|Exception|Fault|Panic)|error|ERROR|panic|fatal|FATAL|FATAL ERROR|denied)\b(?::\s*|\s+-\s+)([^\n\\{}[\]]{8,240})|\b(?:err|error|reason)"?\s*[=:]\s*"([^\n"\\{}[\]]{8,160})"/g;
/**
 * A log message's constant words, the runs of three or more between its variable parts (numbers,
 * versions, ids, paths, quoted or bracketed names): "kafka: error while consuming appt.booking.updated.v1/7: kafka
 * server: The provided member is not known …" was written, the last time, with another partition;
 * `violates unique constraint "x_key"`, with another key.
 */
function templateOf(message: string): string[] {
  const runs: string[][] = [[]];
  for (const token of message.split(/\s+/)) {
    const word = token.replace(/^[(['`]+|[)\]'`.,;:]+$/g, '');
    if (!word || /[\d/\\=<>"{}@#$%]|^\W+$/.test(word) || /^[(['`]/.test(token)) runs.push([]);
    else runs[runs.length - 1].push(word);
    if (/[:;]$/.test(token)) runs.push([]);
  }
  return runs.filter((r) => r.length >= 3).map((r) => r.join(' '));
}

/** `TypeError`, `ECONNREFUSED`, and a JSON error's type: `circuit_breaking_exception`. */
const ERROR_NAME = /\b(?:[A-Z][A-Za-z]*(?:Error|Exception|Fault)|E(?!RROR\b)[A-Z]{4,}[A-Z0-9_]*|[a-z]+(?:_[a-z]+)*_(?:exception|error))\b/g;
/** A file name with an extension, from any path (`/app/dist/billing/webhook.js:151:41` → webhook.js). */
const FILE_NAME = /(?:^|[\s/\\(["'`])([A-Za-z_][\w.-]*\.(?:ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|kt|rb|php|cs|cpp|c|h|sql|ya?ml|json|toml|sh|md|tf))\b/g;
/** camelCase, PascalCase with an inner capital, snake_case, kebab-case names of code. */
const IDENTIFIER = /(?<![\w/\\.@-])(?:[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[a-z0-9]+(?:_[a-z0-9]+)+|[a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?![\w/\\-])/g;
/** A generated name (a pod, a hash): a part mixing letters and digits, five or more long. */
const GENERATED = /(?:^|[-_])(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{5,}(?:$|[-_])/;
const QUOTED = /`([^`\n]{3,80})`|(?<![\p{L}\p{N}])'([^'\n]{3,80})'(?![\p{L}\p{N}])|"([^"\n]{3,80})"/gu;

/** Whether a line is code or log rather than prose: braces, JSON, stack frames, few spaces. */
function isCodeLine(line: string): boolean {
  const t = line.trim();
  if (!t) return false;
  if (/^(?:at |\{|\}|\[|\]|<|\/\/|#include|import |from |def |function |const |let |var |return |if \(|for \(|\d{4}-\d{2}-\d{2}[T ]\d|[A-Z]+\s+\d{2}:\d{2})/.test(t)) return true;
  if (/^\s*[\w$.]+\s*[:=(]\s*["'{[(]/.test(t) && /[;{}()[\]"]/.test(t)) return true;
  const symbols = (t.match(/[{}[\]();=<>"|\\]/g) ?? []).length;
  return symbols / t.length > 0.06 || (t.length > 60 && !/\s/.test(t.slice(0, 60)));
}

/** Whether a prompt is long or pasted enough to be reduced to its subject. */
export function needsReduction(text: string): boolean {
  if (text.length > LONG_PROMPT_CHARS) return true;
  const lines = text.split('\n');
  return lines.length >= 4 && lines.filter(isCodeLine).length >= 2;
}

/**
 * What identifies a long prompt's subject: its quoted error messages first, then exception names,
 * file names and identifiers found in its code (its signals), and the lines of its prose that say
 * what is asked.
 */
function reduced(text: string): { signals: string[]; ask: string } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const prose = lines.filter((l) => l.trim() && !isCodeLine(l)).map((l) => l.trim());
  const code = lines.filter(isCodeLine).join('\n').replace(/\\n/g, '\n');
  const parts: string[] = [];
  const seen = new Set<string>();
  const add = (s: string) => {
    const key = s.toLowerCase();
    if (s && !seen.has(key) && ![...seen].some((k) => k.includes(key))) {
      seen.add(key);
      parts.push(s);
    }
  };
  const all = `${code}\n${lines.join('\n')}`;
  for (const m of all.matchAll(ERROR_MESSAGE)) for (const words of templateOf(m[2] ?? m[3])) add(`"${words}"`);
  for (const m of all.matchAll(ERROR_NAME)) add(m[0]);
  for (const m of all.matchAll(FILE_NAME)) add(m[1]);
  for (const m of prose.join('\n').matchAll(QUOTED)) add(`"${m[1] ?? m[2] ?? m[3]}"`);
  const ids = [...code.matchAll(IDENTIFIER)].map((m) => m[0]).filter((id) => !GENERATED.test(id));
  // An identifier that recurs in the code names its subject more than one seen once.
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const proseText = prose.join(' ');
  for (const id of [...counts.keys()].sort((a, b) => Number(proseText.includes(b)) - Number(proseText.includes(a)) || counts.get(b)! - counts.get(a)!).slice(0, 6)) add(id);
  // The prose says what is asked about it: the first lines (the situation) and the last (the question).
  return { signals: parts, ask: (prose.length > 3 ? [...prose.slice(0, 2), ...prose.slice(-2)] : prose).join(' ') };
}

/**
 * A long prompt as queries, read once: its subject — its signals, then its prose, which is kept
 * however many signals come before it (its end, the question, up to half the query) — and its
 * topics, each question its prose asks ("has this panic shown up before?", "what's the sane way to
 * get full logging into the image?") asked of what it pasted: every topic opens with the signals,
 * so none is a bare "what was the fix last time?". One question: one topic, the subject.
 */
export function pastedQuery(text: string): { subject: string; topics: string[] } {
  const { signals, ask } = reduced(text);
  const subject = withSignals(signals, ask) || text.slice(0, SUBJECT_CHARS);
  const asked = topicsOf(ask);
  return { subject, topics: asked.length < 2 ? [subject] : asked.map((topic) => withSignals(signals, topic)) };
}

function withSignals(signals: string[], prose: string): string {
  const ask = prose.slice(-SUBJECT_CHARS / 2);
  let out = '';
  for (const p of signals) if (out.length + p.length + ask.length < SUBJECT_CHARS) out += `${p} `;
  return `${out}${ask}`.trim();
}

// ---- topics ---------------------------------------------------------------------------------

/** Words that open a question or a request: where a new topic starts after `,`, `and`, `;`. */
const OPENERS =
  /^(?:and\s+|also\s+|plus\s+|then\s+)?(?:who(?:['’]?s|se|m)?|what(?:['’]?s)?|which|why|how(?:['’]?s)?|when(?:['’]?s)?|where(?:['’]?s)?|whether|is|are|was|were|do|does|did|can|could|should|have|has|remind|tell|show|list|explain)\b/i;
const CJK_OPENERS = /^(?:還有|另外|以及|和|跟)?(?:誰|什麼|甚麼|哪|為什麼|怎麼|如何|是否|有沒有|幫我|請)/;

/**
 * A prompt's topics: its questions and requests, each a query of its own. A prompt is cut at the
 * ends of its sentences and where a clause that opens like a question follows a comma, `and`, a
 * colon or a semicolon ("remind me why we picked BullMQ and who owns deploys"); a clause that asks
 * nothing (a preamble: "Before I refactor the webhook handler,") joins the topic after it. One
 * topic for a prompt that asks one thing.
 */
export function topicsOf(text: string): string[] {
  // Quoted text is never cut.
  const quotes: string[] = [];
  const masked = text.replace(/"[^"]*"|\u201c[^\u201d]*\u201d|\u300c[^\u300d]*\u300d/g, (q) => `\ue000${quotes.push(q) - 1}\ue001`);
  const clauses: string[] = [];
  // A full stop ends a sentence after a word, not after an initial (`U.S.`, `J.K. Rowling`).
  for (let sentence of masked.split(/(?<=[?!。？！])\s*|(?<=[\p{Ll}\d)\]][.;]|；)\s+|\n+/u)) {
    // "Two quick ones: …", "Remind me of three things: …": what introduces a list is not a topic.
    const intro = /^[^:：]{0,60}[:：]\s*(?=\S)/.exec(sentence);
    if (intro && asksAfter(sentence.slice(intro[0].length))) sentence = sentence.slice(intro[0].length);
    // Clauses after `,`, `:`, `;`, ` and ` / ` or ` that open like a question.
    const parts = sentence.split(/((?:[,，:：;；]\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|(?<=[\u4e00-\u9fff])[、，]|還有|另外)(?=\S))/);
    let current = '';
    for (let k = 0; k < parts.length; k += 2) {
      const piece = parts[k].trim();
      if (!piece) continue;
      // After a bare "and"/"or" only a question word opens a topic ("… and can make money from" goes on).
      const bare = /^\s+(?:and|or)\s+$/.test(parts[k - 1] ?? '');
      // After ", and" a noun phrase of its own is a second thing asked the same way ("what's our reindex procedure, and the rules for proto fields?").
      const elliptic = /^[,，;；]\s*(?:and|or)\s+$/.test(parts[k - 1] ?? '') && DETERMINED.test(piece);
      if (current && (bare ? WH.test(piece) : OPENERS.test(piece) || CJK_OPENERS.test(piece) || elliptic) && asks(current)) {
        clauses.push(current);
        current = piece;
      } else current = current ? `${current}${parts[k - 1] ?? ' '}${piece}` : piece;
    }
    if (current) clauses.push(current);
  }
  // A clause that asks nothing is context for the next one.
  const topics: string[] = [];
  let pending = '';
  for (const c of clauses) {
    if (!asks(c)) {
      pending = pending ? `${pending} ${c}` : c;
      continue;
    }
    topics.push(pending ? `${pending} ${c}` : c);
    pending = '';
  }
  if (pending) {
    if (topics.length) topics[topics.length - 1] += ` ${pending}`;
    else topics.push(pending);
  }
  // "…, where is it stored?": a clause that only points back at the one before belongs to it.
  for (let i = topics.length - 1; i > 0; i--) {
    if (ANAPHORA.test(topics[i]) && contentWords(topics[i]) <= 2) topics.splice(i - 1, 2, `${topics[i - 1]}, ${topics[i]}`);
  }
  // "the task sizes for the gateway and for the search indexer": one question asked of two things, a topic each.
  for (let i = topics.length - 1; i >= 0; i--) {
    const pair = SHARED_HEAD.exec(topics[i]);
    if (pair && topics.length < MAX_TOPICS && (asks(pair[1]) || /[?？]\s*$/.test(topics[i]))) topics.splice(i, 1, `${pair[1]}${pair[2]} ${pair[3]}`, `${pair[1]}${pair[2]} ${pair[4]}`);
  }
  const merged = topics.length > MAX_TOPICS ? [...topics.slice(0, MAX_TOPICS - 1), topics.slice(MAX_TOPICS - 1).join(' ')] : topics;
  return merged.map((t) => t.replace(/\ue000(\d+)\ue001/g, (_m, i) => quotes[Number(i)]).trim()).filter(Boolean);
}

/** A noun phrase with a determiner of its own: after ", and" it is a second thing the question asks about. */
const DETERMINED = /^(?:the|our|your|its|their|any)\s+\S/i;
/** A question's head, then the same preposition before each of two things joined by "and" ("… for the gateway and for the search indexer"). */
const SHARED_HEAD = /^(.*?\b)(for|of|on|in|about|from|to|with|at)\s+(\S.*?)\s*,?\s+and\s+\2\s+(\S.*)$/i;
const WH = /^(?:who(?:['’]?s|se|m)?|what(?:['’]?s)?|which|why|how(?:['’]?s)?|when(?:['’]?s)?|where(?:['’]?s)?|whether)\b/i;
const ANAPHORA = /\b(?:it|its|that|this|they|them|those|there)\b|[它其這那]|之前/i;
/** The words of a clause that say what it is about: not its question words, nor the pronoun that points back ("its"). */
const contentWords = (t: string) => terms(t).filter((w) => !/^(?:who|what|which|why|how|when|where|whether|is|are|do|does|did|can|should|have|has|stor|store|stored|use|used|it|its|that|this|they|them|those|there)$/.test(w) && w.length > 1).length;
const asksAfter = (rest: string) => OPENERS.test(rest.trim()) || CJK_OPENERS.test(rest.trim());

/** Whether a clause asks something: a question or a request, as opposed to a preamble. */
function asks(clause: string): boolean {
  const t = clause.trim();
  return /[?？]$/.test(t) || OPENERS.test(t) || CJK_OPENERS.test(t) || /\b(?:who|what|which|why|how|when|where|whether)(?:['’]?s)?\b/i.test(t) || /(?:嗎|呢|誰|什麼|哪|為什麼|怎麼|幾)/.test(t);
}

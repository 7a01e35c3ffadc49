/**
 * Recall of `coresoul search` on long two-person conversations in the LoCoMo format (Maharana et
 * al., ACL 2024), against a plain BM25 over the same lines with the same ±5 lines of context and
 * the same 2000-token budget, computed in the same run (docs/benchmarks.md#recall). The same
 * measurement as the team's reference script: same vault layout, questions, scoring and JSON.
 *
 * For each conversation: `coresoul init`, then one L1 line per turn (`- HH:MM:SS [[Speaker]]: text`,
 * photo captions kept) in chronological/<session date>.md and an entity note per speaker with its
 * [[date]] tags, as `coresoul write` lays them out. Every question of categories 1–4 (every K-th
 * with CORESOUL_RECALL_EVERY=K) goes through `coresoul search --json`, two at a time, in this
 * process's environment (as the reference script runs them). Scored: evidence recall (share of a question's
 * evidence turns whose text is in the answer), all evidence, day@5 (a top-5 result from an
 * evidence day), recall per category, the answer's tokens counted independently with the
 * tokenizer the CLI reports (gpt-tokenizer), latency p50/p95. Then, unless
 * CORESOUL_RECALL_COMPRESS=0, each vault is compressed (`compress --force` 40 days after its last
 * session) and day@5 and evidence recall measured again on every third question. Every figure is
 * also given per conversation (evidence, day@5, multi-hop, after compression): a rule's gain on each
 * one separately, as issue #31 asks (leave-one-conversation-out).
 *
 * The data is not shipped (CC BY-NC 4.0): point CORESOUL_RECALL_DATA at a .json or .json.gz of
 * shape { convs: [{ id, speakers, sessions: [{ when, turns: [{ id, speaker, text, caption? }] }],
 * qa: [{ q, ev, cat }] }] }. Prints the reference script's JSON document (one line), then a table.
 *
 *   CORESOUL_RECALL_DATA=path/to/locomo.json.gz npm run bench recall
 */
import { type ExecFileException, execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { benchDir, percentile } from './util';

const CLI = path.resolve(__dirname, '../dist/cli.js');
const BUDGET = 2000;
const CTX = 5;
const USAGE = 'recall: set CORESOUL_RECALL_DATA to a LoCoMo-format .json or .json.gz to run it, e.g. `CORESOUL_RECALL_DATA=path/to/locomo.json.gz npm run bench recall` (optional: CORESOUL_RECALL_EVERY=K asks every K-th question, CORESOUL_RECALL_COMPRESS=0 skips the compression pass)';
const SHAPE = '{ convs: [{ id, speakers, sessions: [{ when: "1:56 pm on 8 May, 2023", turns: [{ id: "D1:3", speaker, text, caption? }] }], qa: [{ q, ev: ["D1:3"], cat }] }] }';

// ---- the data ----
interface Turn { id: string; speaker: string; text: string; caption?: string }
interface Session { n?: number; when: string; turns: Turn[] }
interface QA { q: string; a?: unknown; ev?: string[]; cat: number }
interface Conv { id: string | number; speakers?: string[]; sessions: Session[]; qa: QA[] }

const pad = (n: number) => String(n).padStart(2, '0');
const norm = (s: unknown) => String(s ?? '').normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const MON: Record<string, number> = { january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12 };
const WHEN = /(\d+):(\d+)\s*(am|pm)\s+on\s+(\d+)\s+(\w+),?\s+(\d{4})/i;
/** "1:47 pm on 18 May, 2023" → { date, secs } */
function when(s: string): { date: string; secs: number } {
  const m = s.match(WHEN);
  if (!m) throw new Error('bad date ' + s);
  let h = Number(m[1]) % 12;
  if (m[3].toLowerCase() === 'pm') h += 12;
  return { date: `${m[6]}-${pad(MON[m[5].toLowerCase()])}-${pad(Number(m[4]))}`, secs: h * 3600 + Number(m[2]) * 60 };
}
const hms = (s: number) => `${pad(Math.floor(s / 3600) % 24)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
const turnText = (t: Turn) => `${t.text}${t.caption ? ` [photo: ${t.caption}]` : ''}`;

/** The conversations in `file`, or a one-line reason it is not LoCoMo-format. */
function load(file: string): Conv[] | string {
  let doc: unknown;
  try {
    const raw = fs.readFileSync(file);
    const text = raw[0] === 0x1f && raw[1] === 0x8b ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    doc = JSON.parse(text);
  } catch (e) {
    return `cannot read ${file} as JSON or gzipped JSON: ${(e as Error).message.split('\n')[0]}`;
  }
  const bad = (where: string, what: string) => `${file} is not LoCoMo-format (expected ${SHAPE}): ${where} ${what}`;
  const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  const str = (x: unknown) => typeof x === 'string';
  if (Array.isArray(doc) && isObj(doc[0]) && 'conversation' in doc[0])
    return bad('it', 'looks like the original locomo10.json (sample_id/conversation/session_N): convert it to the simpler shape first');
  if (!isObj(doc) || !Array.isArray(doc.convs) || !doc.convs.length) return bad('the top level', 'has no non-empty `convs` array');
  for (const [ci, c] of doc.convs.entries()) {
    const at = `convs[${ci}]`;
    if (!isObj(c)) return bad(at, 'is not an object');
    if (!str(c.id) && typeof c.id !== 'number') return bad(`${at}.id`, 'is not a string or number');
    if (!Array.isArray(c.sessions) || !c.sessions.length) return bad(`${at}.sessions`, 'is not a non-empty array');
    for (const [si, s] of c.sessions.entries()) {
      if (!isObj(s) || !str(s.when)) return bad(`${at}.sessions[${si}].when`, 'is missing');
      const m = (s.when as string).match(WHEN);
      if (!m || !MON[m[5].toLowerCase()]) return bad(`${at}.sessions[${si}].when`, `"${s.when}" is not a date like "1:56 pm on 8 May, 2023"`);
      if (!Array.isArray(s.turns)) return bad(`${at}.sessions[${si}].turns`, 'is not an array');
      for (const [ti, t] of s.turns.entries()) {
        if (!isObj(t) || !str(t.id) || !str(t.speaker) || !str(t.text) || (t.caption !== undefined && t.caption !== null && !str(t.caption)))
          return bad(`${at}.sessions[${si}].turns[${ti}]`, 'is not { id, speaker, text, caption? } of strings');
      }
    }
    if (!Array.isArray(c.qa)) return bad(`${at}.qa`, 'is not an array');
    for (const [qi, q] of c.qa.entries()) {
      if (!isObj(q) || !str(q.q) || typeof q.cat !== 'number' || (q.ev !== undefined && q.ev !== null && !(Array.isArray(q.ev) && q.ev.every(str))))
        return bad(`${at}.qa[${qi}]`, 'is not { q: string, ev: string[], cat: number }');
    }
  }
  return doc.convs as Conv[];
}

// ---- token counting, independent of the CLI: gpt-tokenizer with the encoding the CLI names ----
type Encoding = typeof import('gpt-tokenizer/encoding/cl100k_base');
const encodings = new Map<string, Encoding>();
function encodingFor(name: unknown): string {
  const n = String(name || '').toLowerCase();
  if (n.includes('cl100k') || /gpt-?4(?!o|\.1)|gpt-?3\.5/.test(n)) return 'cl100k_base';
  if (n.includes('p50k')) return 'p50k_base';
  if (n.includes('r50k')) return 'r50k_base';
  return 'o200k_base';
}
function count(text: unknown, name: unknown): number {
  const enc = encodingFor(name);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the encoding is picked at run time, as tokens.mjs does
  if (!encodings.has(enc)) encodings.set(enc, require(`gpt-tokenizer/encoding/${enc}`) as Encoding);
  const m = encodings.get(enc)!;
  try {
    return m.countTokens(String(text));
  } catch {
    return m.encode(String(text), { allowedSpecial: 'all' }).length;
  }
}

// ---- CLI calls, as the reference script makes them ----
interface Run { status: number; stdout: string; stderr: string; s: number }
const run = (args: string[]) =>
  new Promise<Run>((res) => {
    const a = process.hrtime.bigint();
    execFile('node', [CLI, ...args], { encoding: 'utf8', timeout: 30000, maxBuffer: 64 << 20 }, (err: ExecFileException | null, stdout, stderr) =>
      res({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr, s: Number(process.hrtime.bigint() - a) / 1e9 }),
    );
  });
async function pool<T, R>(items: T[], n: number, f: (item: T, k: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (i < items.length) {
        const k = i++;
        out[k] = await f(items[k], k);
      }
    }),
  );
  return out;
}

// ---- plain BM25 over lines (the reference a user could write in an afternoon) ----
interface Line { file: string; date: string; text: string; key: string }
interface Hit { date?: unknown; file?: unknown; text?: unknown }
const STOP = new Set(
  'a an the of to in on at for and or but is are was were be been did do does what when where who whom which why how with from by as that this it its her his their they she he i you we my your our me him them has have had would could should will about into than then there after before during since'.split(
    ' ',
  ),
);
const terms = (s: string) => norm(s).split(' ').filter((w) => w && !STOP.has(w));
function bm25Index(lines: Line[]) {
  const docs = lines.map((l) => terms(l.text));
  const df = new Map<string, number>();
  let len = 0;
  for (const d of docs) {
    len += d.length;
    for (const w of new Set(d)) df.set(w, (df.get(w) || 0) + 1);
  }
  return { docs, df, avg: len / Math.max(1, docs.length), lines };
}
function bm25(ix: ReturnType<typeof bm25Index>, q: string, tok: unknown): Hit[] {
  const qs = [...new Set(terms(q))];
  const N = ix.docs.length;
  const k1 = 1.2;
  const b = 0.75;
  const sc = ix.docs
    .map((d, i): [number, number] => {
      let s = 0;
      for (const w of qs) {
        const f = d.filter((x) => x === w).length;
        if (!f) continue;
        const dfw = ix.df.get(w)!;
        const idf = Math.log(1 + (N - dfw + 0.5) / (dfw + 0.5));
        s += (idf * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * d.length) / ix.avg));
      }
      return [s, i];
    })
    .filter(([s]) => s > 0)
    .sort((x, y) => y[0] - x[0]);
  const results: Hit[] = [];
  let used = 0;
  const taken = new Set<string>();
  for (const [, i] of sc) {
    const { file } = ix.lines[i];
    const win = ix.lines.slice(Math.max(0, i - CTX), i + CTX + 1).filter((l) => l.file === file && !taken.has(l.key));
    const text = win.map((l) => l.text).join('\n');
    const t = count(text, tok);
    if (used + t > BUDGET) break;
    win.forEach((l) => taken.add(l.key));
    used += t;
    results.push({ date: ix.lines[i].date, text });
    if (results.length >= 10) break;
  }
  return results;
}

// ---- scoring ----
interface Evidence { date: string; key: string }
interface Score { turn: number; all: boolean; day5: boolean }
const dateOf = (r: Hit) =>
  typeof r.date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(r.date) ? r.date.slice(0, 10) : (String(r.file || '').match(/(\d{4}-\d{2}-\d{2})/) || [])[1];
function score(results: Hit[], evid: Evidence[]): Score {
  const blob = norm(results.map((r) => String(r.text ?? '')).join('\n'));
  const found = evid.filter((e) => blob.includes(e.key)).length;
  const days = new Set<string | undefined>(evid.map((e) => e.date));
  return { turn: evid.length ? found / evid.length : 0, all: found === evid.length, day5: results.slice(0, 5).some((r) => days.has(dateOf(r))) };
}
const mean = (a: number[]) => (a.length ? a.reduce((s, x) => s + x, 0) / a.length : NaN);
const pct = (a: number[], p: number) => (a.length ? percentile(a, p) : NaN);
const agg = (a: Score[]) => ({ turn: mean(a.map((x) => x.turn)), all: mean(a.map((x) => (x.all ? 1 : 0))), day5: mean(a.map((x) => (x.day5 ? 1 : 0))) });
const dayAfter = (date: string, days: number) => new Date(Date.parse(date + 'T00:00:00Z') + days * 864e5).toISOString().slice(0, 10) + 'T12:00:00';

export default async function (): Promise<void> {
  const dataFile = process.env.CORESOUL_RECALL_DATA;
  if (!dataFile) {
    console.log(USAGE);
    return;
  }
  const EVERY = Number(process.env.CORESOUL_RECALL_EVERY ?? 1);
  const COMPRESS = process.env.CORESOUL_RECALL_COMPRESS !== '0';
  const fail = (why: string) => {
    console.error(`recall: ${why}`);
    process.exitCode = 1;
  };
  if (!Number.isInteger(EVERY) || EVERY < 1) return fail(`CORESOUL_RECALL_EVERY must be a whole number ≥ 1, not "${process.env.CORESOUL_RECALL_EVERY}"`);
  if (!fs.existsSync(CLI)) return fail(`${path.relative(process.cwd(), CLI)} is missing: run \`npm run build\` first`);
  const convs = load(dataFile);
  if (typeof convs === 'string') return fail(convs);
  const work = benchDir('recall');

  const fails: string[] = [];
  const notes: string[] = [];
  const cs: Score[] = [];
  const base: Score[] = [];
  const lat: number[] = [];
  const csDayAfter: boolean[] = [];
  const csTurnAfter: number[] = [];
  const perCat: Record<string, { cs: number[]; base: number[] }> = {};
  /** Per conversation: what a rule gains or loses on each one (a gain on some and a loss on others is tuning, not method). */
  const perConv: Record<string, { cs: Score[]; multiHop: number[]; after: Score[] }> = {};
  let tokenizer: unknown = null;
  let maxTokens = 0;
  let asked = 0;
  const skipped = 0; // the reference script skips questions past its time budget; this bench has none
  for (const c of convs) {
    const mine = (perConv[String(c.id)] = { cs: [] as Score[], multiHop: [] as number[], after: [] as Score[] });
    const root = path.join(work, `conv-${c.id}`);
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(root, { recursive: true });
    const sess = c.sessions.map((s) => ({ ...s, ...when(s.when) })).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.secs - b.secs));
    const first = sess[0];
    const last = sess[sess.length - 1];
    const init = await run(['init', '--root', root, '--now', `${first.date}T${hms(first.secs)}`]);
    if (init.status !== 0) {
      fails.push(`conv ${c.id}: init exit ${init.status}: ${init.stderr.slice(0, 150)}`);
      continue;
    }
    // The vault as `coresoul write` lays it out: L1 lines per day, an entity note per speaker.
    const mem = path.join(root, '.CoreSoul', 'memory');
    const ch = path.join(mem, 'chronological');
    const pe = path.join(mem, 'entities', 'people');
    fs.mkdirSync(ch, { recursive: true });
    fs.mkdirSync(pe, { recursive: true });
    const byId = new Map<string, Evidence>();
    const lines: Line[] = [];
    const tags = new Map<string, Map<string, number>>();
    for (const s of sess) {
      const out: string[] = [];
      s.turns.forEach((t, i) => {
        const text = `[[${t.speaker}]]: ${turnText(t)}`;
        const line = `- ${hms(s.secs + 30 * i)} ${text}`;
        out.push(line + '\n');
        lines.push({ file: s.date, date: s.date, text: line, key: `${s.date}#${i}` });
        byId.set(t.id, { date: s.date, key: norm(turnText(t)).slice(0, 60) });
        if (!tags.has(t.speaker)) tags.set(t.speaker, new Map());
        tags.get(t.speaker)!.set(s.date, (tags.get(t.speaker)!.get(s.date) || 0) + 1);
      });
      fs.appendFileSync(path.join(ch, `${s.date}.md`), out.join(''));
    }
    for (const [sp, m] of tags) fs.writeFileSync(path.join(pe, `${sp}.md`), `# ${sp}\n\n${[...m].map(([d, n]) => `- [[${d}]] ${n} mentions\n`).join('')}`);
    const ix = bm25Index(lines);
    const now = dayAfter(last.date, 1);
    const qs = c.qa
      .filter((q) => q.cat >= 1 && q.cat <= 4)
      .filter((_, i) => i % EVERY === 0)
      .map((q) => ({
        ...q,
        evid: [...new Set([...(q.ev || []).join(' ').matchAll(/D:?(\d+):(\d+)/g)].map((m) => `D${m[1]}:${m[2]}`))].map((id) => byId.get(id)).filter((e): e is Evidence => !!e),
      }))
      .filter((q) => q.evid.length);

    const answers = await pool(qs, 2, async (q) => {
      const r = await run(['search', q.q, '--json', '--root', root, '--now', now]);
      lat.push(r.s);
      asked++;
      if (r.status !== 0) {
        if (fails.length < 8) fails.push(`conv ${c.id}: "${q.q}": exit ${r.status} ${r.stderr.slice(0, 120).replace(/\n/g, ' ')}`);
        return { q, results: [] as Hit[] };
      }
      let j: { tokenizer?: unknown; results?: unknown };
      try {
        j = JSON.parse(r.stdout);
      } catch {
        if (fails.length < 8) fails.push(`conv ${c.id}: "${q.q}": --json output is not JSON`);
        return { q, results: [] as Hit[] };
      }
      j ??= {};
      tokenizer ??= j.tokenizer ?? null;
      const results = (Array.isArray(j.results) ? j.results : []) as Hit[];
      const t = results.reduce((s, x) => s + count(x.text ?? '', j.tokenizer), 0);
      maxTokens = Math.max(maxTokens, t);
      return { q, results };
    });
    for (const a of answers) {
      const s = score(a.results, a.q.evid);
      const b = score(bm25(ix, a.q.q, tokenizer), a.q.evid);
      cs.push(s);
      base.push(b);
      perCat[a.q.cat] ??= { cs: [], base: [] };
      perCat[a.q.cat].cs.push(s.turn);
      perCat[a.q.cat].base.push(b.turn);
      mine.cs.push(s);
      if (a.q.cat === 1) mine.multiHop.push(s.turn);
    }

    if (COMPRESS) {
      const later = dayAfter(last.date, 40);
      const r = await run(['compress', '--force', '--root', root, '--now', later]);
      if (r.status !== 0) fails.push(`conv ${c.id}: compress exit ${r.status}: ${r.stderr.slice(0, 120)}`);
      else {
        const after = await pool(
          qs.filter((_, i) => i % 3 === 0),
          2,
          async (q) => {
            const x = await run(['search', q.q, '--json', '--root', root, '--now', later]);
            try {
              const results: unknown = JSON.parse(x.stdout).results || [];
              if (!Array.isArray(results)) throw new Error('results is not an array');
              return score(results as Hit[], q.evid);
            } catch {
              return { turn: 0, all: false, day5: false };
            }
          },
        );
        csDayAfter.push(...after.map((s) => s.day5));
        csTurnAfter.push(...after.map((s) => s.turn));
        mine.after.push(...after);
      }
    }
  }
  fs.rmSync(work, { recursive: true, force: true });

  const cats = Object.fromEntries(Object.entries(perCat).map(([k, v]) => [k, { n: v.cs.length, cs: mean(v.cs), base: mean(v.base) }]));
  const doc = {
    asked,
    skipped,
    cs: agg(cs),
    base: agg(base),
    cats,
    perConv: Object.fromEntries(Object.entries(perConv).map(([id, v]) => [id, { n: v.cs.length, ...agg(v.cs), multiHop: mean(v.multiHop), ...(v.after.length && { turnAfterCompress: agg(v.after).turn, dayAfterCompress: agg(v.after).day5 }) }])),
    dayAfterCompress: csDayAfter.length ? mean(csDayAfter.map(Number)) : null,
    turnAfterCompress: csTurnAfter.length ? mean(csTurnAfter) : null,
    p50: pct(lat, 50),
    p95: pct(lat, 95),
    maxTokens,
    tokenizer: encodingFor(tokenizer),
    fails,
    notes,
  };
  console.log(JSON.stringify(doc));

  const f = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? '—' : x.toFixed(3));
  const rows: string[][] = [
    ['', 'coresoul search', 'plain BM25'],
    ['evidence recall', f(doc.cs.turn), f(doc.base.turn)],
    ['all evidence', f(doc.cs.all), f(doc.base.all)],
    ['day@5', f(doc.cs.day5), f(doc.base.day5)],
    ...[1, 2, 3, 4].map((k) => [`cat ${k} (n=${cats[k]?.n ?? 0})`, f(cats[k]?.cs), f(cats[k]?.base)]),
    ['after compression: evidence', COMPRESS ? f(doc.turnAfterCompress) : 'skipped', '—'],
    ['after compression: day@5', COMPRESS ? f(doc.dayAfterCompress) : 'skipped', '—'],
  ];
  console.log(`\n${convs.length} conversations, ${asked} questions${EVERY > 1 ? ` (one in ${EVERY})` : ''}; BM25: same ±${CTX} lines, ${BUDGET}-token budget`);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  for (const r of rows) console.log('  ' + r.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  '));
  const convRows: string[][] = [
    ['conversation', 'questions', 'evidence', 'day@5', 'multi-hop', 'after compression: evidence / day@5'],
    ...Object.entries(doc.perConv).map(([id, v]) => [id, String(v.n), f(v.turn), f(v.day5), f(v.multiHop), 'turnAfterCompress' in v ? `${f(v.turnAfterCompress)} / ${f(v.dayAfterCompress)}` : 'skipped']),
  ];
  const convWidths = convRows[0].map((_, i) => Math.max(...convRows.map((r) => [...r[i]].length)));
  console.log('per conversation:');
  for (const r of convRows) console.log('  ' + r.map((c, i) => (i ? c.padStart(convWidths[i]) : c.padEnd(convWidths[i]))).join('  '));
  const msOf = (s: number) => (Number.isNaN(s) ? '—' : `${(s * 1000).toFixed(0)} ms`);
  console.log(`latency p50 ${msOf(doc.p50)}, p95 ${msOf(doc.p95)} (whole CLI calls, 2 at a time); max answer ${maxTokens} tokens (${doc.tokenizer}, counted here)`);
  if (fails.length) console.log(`fails: ${fails.join('; ')}`);
}

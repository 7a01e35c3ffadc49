/**
 * Compression with hourly summaries written by a language model (docs/memory.md#model-summaries: "from a language
 * model when one is available"). The model is an interface: the extension supplies one over
 * `vscode.lm`; tests supply scripted fakes. The core never imports vscode.
 *
 * 1. Plan under the vault lock: a dry run that records the hours to summarise.
 * 2. Outside the lock (a model takes seconds; writers must not wait), summarise them in batched
 *    prompts within the model's token limit, each with a timeout. An hour whose summary is
 *    missing, malformed or drops a [[link]] is asked once more, then gets the extractive summary.
 * 3. Apply with `compress` under the lock. It reads every day again; an hour whose entries
 *    changed meanwhile gets the extractive summary of what is there now.
 */
import { type CompressOptions, type CompressReport, compress } from './compress';
import { type Hour, extractiveSummary, missingLinks, shorten, summaryProblem } from './summarise';
import type { Vault } from '../vault/layout';

export interface LanguageModel {
  /** Shown in reports, e.g. the vscode.lm model id. */
  readonly name: string;
  /** Tokens one prompt may hold; hours are batched to stay within it. */
  readonly maxPromptTokens: number;
  /** Counts tokens as the model does; by default an estimate (a CJK character ≈ 1, else 4 characters ≈ 1). */
  countTokens?(text: string): number | Promise<number>;
  /** Sends one prompt and resolves with the whole reply; should stop work when `signal` aborts. */
  complete(prompt: string, signal: AbortSignal): Promise<string>;
}

export interface ModelCompressOptions extends Omit<CompressOptions, 'summariser'> {
  model: LanguageModel;
  /** Longest wait for one reply; default 60 s. */
  timeoutMs?: number;
}

export interface ModelUse {
  model: string;
  /** Prompts sent, retries included. */
  prompts: number;
  /** Hours summarised by the model. */
  fromModel: number;
  /** Hours that got the extractive summary instead, and why. */
  fallbacks: { day: string; hour: string; reason: string }[];
}

export type ModelCompressReport = CompressReport & { summariser: ModelUse };

const DEFAULT_TIMEOUT_MS = 60_000;
const ATTEMPTS = 2; // a first try and one retry
const MAX_HOURS_PER_PROMPT = 24;
const PROMPT_ENTRY_CHARS = 600; // longer entries are shortened in the prompt, links kept

const INSTRUCTIONS = [
  "Summarise a developer assistant's memory log for long-term storage.",
  'Below, each block starts with a header line "=== YYYY-MM-DD HH:00" and lists the entries of that hour.',
  'For every block, answer with the same header line followed by 1 to 6 short bullet lines starting with "- ".',
  'Keep decisions, errors and their fixes, corrections, preferences and numbers.',
  'Copy every [[link]] exactly as written, each at least once, in the block it comes from.',
  'Answer with the header lines and bullets only, nothing else.',
].join('\n');

export async function compressWith(v: Vault, opts: ModelCompressOptions): Promise<ModelCompressReport> {
  const { model, timeoutMs = DEFAULT_TIMEOUT_MS, ...base } = opts;
  const use: ModelUse = { model: model.name, prompts: 0, fromModel: 0, fallbacks: [] };
  const hours: Hour[] = [];
  const planned = compress(v, { ...base, dryRun: true, summariser: (h) => (hours.push(h), extractiveSummary(h)) });
  if (opts.dryRun || !hours.length) return { ...(opts.dryRun ? planned : compress(v, base)), summariser: use };

  const { done, why } = await summariseAll(hours, model, timeoutMs, use);
  const report = compress(v, {
    ...base,
    summariser: (h) => {
      const lines = done.get(hourKey(h));
      if (lines) {
        use.fromModel++;
        return lines;
      }
      use.fallbacks.push({ day: h.day, hour: `${h.hour}:00`, reason: why.get(hourKey(h)) ?? 'entries changed while the model worked' });
      return extractiveSummary(h);
    },
  });
  return { ...report, summariser: use };
}

/** Identifies an hour by its content, so a summary is only used for the entries it was made from. */
const hourKey = (h: Hour) => JSON.stringify([h.day, h.hour, h.entries.map((e) => [e.time, e.kind ?? '', e.text])]);

async function summariseAll(hours: Hour[], model: LanguageModel, timeoutMs: number, use: ModelUse) {
  const done = new Map<string, string[]>();
  const why = new Map<string, string>();
  let pending = hours;
  for (let attempt = 0; attempt < ATTEMPTS && pending.length; attempt++) {
    const again: Hour[] = [];
    const { batches, tooLarge } = await batch(pending, model);
    for (const h of tooLarge) why.set(hourKey(h), `larger than the model's prompt limit of ${model.maxPromptTokens} tokens`);
    for (const hoursOfPrompt of batches) {
      use.prompts++;
      let reply: string;
      try {
        reply = await withTimeout((signal) => model.complete(prompt(hoursOfPrompt), signal), timeoutMs);
        if (typeof reply !== 'string') throw new Error('the reply is not text');
      } catch (err) {
        const reason = `no usable reply: ${String((err as Error)?.message ?? err).split('\n')[0]}`;
        for (const h of hoursOfPrompt) why.set(hourKey(h), reason);
        again.push(...hoursOfPrompt);
        continue;
      }
      const answers = parseReply(reply);
      for (const h of hoursOfPrompt) {
        const lines = answers.get(`${h.day} ${h.hour}`);
        const lost = lines && missingLinks(h, lines);
        const problem = !lines ? 'missing from the reply' : (summaryProblem(h, lines) ?? (lost!.length ? `dropped ${lost!.join(' ')}` : undefined));
        if (problem) {
          why.set(hourKey(h), problem);
          again.push(h);
        } else {
          done.set(hourKey(h), lines!);
        }
      }
    }
    pending = again;
  }
  return { done, why };
}

const hourBlock = (h: Hour) =>
  [`=== ${h.day} ${h.hour}:00`, ...h.entries.map((e) => `- ${e.time} ${e.kind ? `#${e.kind} ` : ''}${shorten(e.text, PROMPT_ENTRY_CHARS)}`)].join('\n');

const prompt = (hours: Hour[]) => [INSTRUCTIONS, ...hours.map(hourBlock)].join('\n\n');

/** Groups hours into prompts of at most `maxPromptTokens`; an hour too big alone is left out. */
async function batch(hours: Hour[], model: LanguageModel): Promise<{ batches: Hour[][]; tooLarge: Hour[] }> {
  const count = async (text: string) => (model.countTokens ? await model.countTokens(text) : estimateTokens(text)) + 2; // + separator
  const head = await count(INSTRUCTIONS);
  const batches: Hour[][] = [];
  const tooLarge: Hour[] = [];
  let current: Hour[] = [];
  let used = head;
  for (const h of hours) {
    const tokens = await count(hourBlock(h));
    if (head + tokens > model.maxPromptTokens) {
      tooLarge.push(h);
      continue;
    }
    if (used + tokens > model.maxPromptTokens || current.length === MAX_HOURS_PER_PROMPT) {
      batches.push(current);
      current = [];
      used = head;
    }
    current.push(h);
    used += tokens;
  }
  if (current.length) batches.push(current);
  return { batches, tooLarge };
}

function estimateTokens(text: string): number {
  let wide = 0;
  for (const ch of text) if (ch.codePointAt(0)! >= 0x2e80) wide++;
  return wide + Math.ceil((text.length - wide) / 4);
}

const HEADER_RE = /^={3}\s*(\d{4}-\d{2}-\d{2})\s+(\d{2}):00\s*=*$/;

/** The reply's bullets per `YYYY-MM-DD HH` header; text before the first header is ignored. */
function parseReply(reply: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const raw of reply.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const m = HEADER_RE.exec(line);
    if (m) out.set(`${m[1]} ${m[2]}`, (current = []));
    else if (current && line) current.push(line.replace(/^[*•]\s+/, '- '));
  }
  return out;
}

/** Runs `work` with an abort signal that fires, and a rejection, after `ms`. */
async function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new Error(`no reply within ${ms} ms`));
    }, ms);
  });
  const running = Promise.resolve().then(() => work(abort.signal));
  running.catch(() => {}); // a late failure after the timeout is not an unhandled rejection
  try {
    return await Promise.race([running, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

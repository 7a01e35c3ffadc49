/**
 * The layered prompt (docs/memory.md#layered-context): soul → persona → user profile → relevant
 * memories → recent days → request, each within its own token budget, serialised
 * deterministically (same inputs, same bytes: a stable prefix for prompt caches). When the
 * whole exceeds the budget, the lower layers are trimmed first and every trim is reported.
 * With the memory switch off, soul and persona still come, and nothing is read from memory.
 * Soul and persona are instructions; memories and recent days are recorded notes, quoted and
 * labelled as data (recorded.ts, docs/trust.md#memories-are-data).
 */
import { addDays, type Clock, localDay } from '../shared/clock';
import { readDay } from '../vault/days';
import { branchView, visibleLines } from '../vault/branches';
import { repoHead } from '../vault/gitHead';
import { CoreSoulError, inputError } from '../shared/errors';
import { soulProse } from '../safety/invariants';
import { type SoulGuard, refusalWhy, refusedPlaceholder, soulGuard } from '../safety/soulGuard';
import { entryCandidates, extractPreferences, isWhole } from '../profile/preferences';
import { shown } from '../safety/secrets';
import { readTextIfExists } from '../shared/fs';
import { readProfile } from '../profile/profile';
import { type Vault, rel } from '../vault/layout';
import { RECORDED_NOTES, citation, quoted, recordedNotes } from './recorded';
import { foundNothingFor } from '../search/result';

export const LAYERS = ['soul', 'persona', 'profile', 'memories', 'recent', 'request'] as const;
export type LayerName = (typeof LAYERS)[number];

/** Full context; then, when a model rejects the size, focused (no profile or recent days); then minimal. */
export const CONTEXT_MODES = ['full', 'focused', 'minimal'] as const;
export type ContextMode = (typeof CONTEXT_MODES)[number];
const MODE_LAYERS: Record<ContextMode, readonly LayerName[]> = {
  full: LAYERS,
  focused: ['soul', 'persona', 'memories', 'request'],
  minimal: ['soul', 'persona', 'request'],
};
export const nextMode = (m: ContextMode): ContextMode | undefined => CONTEXT_MODES[CONTEXT_MODES.indexOf(m) + 1];

export const DEFAULT_BUDGET = 8000;
export const DEFAULT_LAYER_BUDGETS: Record<LayerName, number> = {
  soul: 1500,
  persona: 1500,
  profile: 400,
  memories: 1500,
  recent: 600,
  request: 2500,
};
/** Trimmed first when the total is over budget; soul and request are never cut. */
const TRIM_ORDER: LayerName[] = ['recent', 'memories', 'profile', 'persona'];
/** Searches at most for a memories layer that fills its budget (`draftLayer`)… */
const RECALL_TRIES = 4;
/** …which stops asking once the room left is under this share of it (at 800 tokens, 50: about a citation and a line). */
const MIN_ROOM = 1 / 16;

export interface TokenCounter {
  /** The tokenizer's name, reported beside every count. */
  name: string;
  count(text: string): number;
}

export interface RecalledSnippet {
  file: string;
  /** 1-based: the line that matched best. */
  line: number;
  /** 1-based: the snippet's first line (its text starts there). */
  start?: number;
  date: string;
  text: string;
  /** Raw lines of a compressed day: `history <commit>`, and where they can be read now. */
  from?: string;
  open?: string;
  /** 1-based line of the text in `open`. */
  openLine?: number;
  /** A newer snippet above replaces this one (current before stale, docs/search.md#ranking): its day. */
  earlier?: string;
}

/** What a recall found: the snippets, and how many matching lines it left out (for a next page). */
export interface Recalled {
  snippets: RecalledSnippet[];
  more: number;
  /** The topics of a request that asks several things that found nothing. */
  missing?: string[];
}

/** Relevant memories for a request, within a token budget (the search pipeline); `page` 2 continues where 1 stopped. */
export type Recall = (query: string, maxTokens: number, page?: number) => Promise<Recalled>;

export interface ContextOptions {
  request: string;
  clock: Clock;
  tokens: TokenCounter;
  recall?: Recall;
  budget?: number;
  layerBudgets?: Partial<Record<LayerName, number>>;
  /** The memory switch (docs/memory.md#memory-switch); default on. */
  memory?: boolean;
  mode?: ContextMode;
  /** Only these layers (a host hook injects the standing layers once, the memories per prompt). */
  only?: readonly LayerName[];
}

export interface LayerReport {
  name: LayerName;
  tokens: number;
  budget: number;
  /** Where the layer came from (files, or file:line citations for memories). */
  sources: string[];
  trimmed: boolean;
}

export interface BuiltContext {
  text: string;
  tokens: number;
  budget: number;
  tokenizer: string;
  mode: ContextMode;
  memory: boolean;
  layers: LayerReport[];
  /** One line per cut, in the order they were made. */
  trims: string[];
  /** Persona or profile lines left out because they fail the soul check (a hand edit), one line each. */
  guarded: string[];
  /** The project branch whose memory the context holds (docs/sync.md#branches); absent outside a git project. */
  branch?: string;
}

interface Draft {
  name: LayerName;
  title: string;
  /** Lines in order; `keep` says which end survives a cut. */
  lines: string[];
  keep: 'head' | 'tail';
  sources: string[];
  budget: number;
  trimmed: boolean;
}

const TITLES: Record<LayerName, string> = {
  soul: '# Soul (innate directives — never break these)',
  persona: '# Persona',
  profile: '# User profile',
  memories: `# Relevant memories\n\n${RECORDED_NOTES}`,
  recent: `# Recent days\n\n${RECORDED_NOTES}`,
  request: '# Request',
};

export async function buildContext(v: Vault, opts: ContextOptions): Promise<BuiltContext> {
  if (!opts.request.trim()) throw inputError('context: the request is empty');
  const budget = opts.budget ?? DEFAULT_BUDGET;
  if (!Number.isInteger(budget) || budget < 100) throw inputError(`the token budget must be a whole number ≥ 100, got ${budget}`, 'budget');
  const mode = opts.mode ?? 'full';
  const memory = opts.memory !== false;
  const wanted = MODE_LAYERS[mode].filter((l) => (memory || !['profile', 'memories', 'recent'].includes(l)) && (!opts.only || opts.only.includes(l)));
  const budgets = { ...DEFAULT_LAYER_BUDGETS, ...opts.layerBudgets };
  const trims: string[] = [];
  const count = (d: Draft) => (d.lines.length ? opts.tokens.count(render([d])) : 0);

  const drafts: Draft[] = [];
  const guarded: string[] = [];
  const guards = { standing: standingGuard(v, guarded), statements: statementGuard(v, guarded) };
  for (const name of wanted) {
    // No layer asks for more than the whole: a hook's 800 tokens of memories are searched at 800 (shorter context, more hits), not at 1500 and cut.
    const d = await draftLayer(v, name, opts, Math.min(budgets[name], budget), guards);
    if (d.lines.length) drafts.push(d);
  }
  for (const d of drafts) {
    if (d.name !== 'soul' && d.name !== 'request') cut(d, d.budget, count, trims, `its ${d.budget}-token budget`);
  }
  for (const name of TRIM_ORDER) {
    const over = drafts.reduce((n, d) => n + count(d), 0) - budget;
    const d = drafts.find((x) => x.name === name);
    if (over > 0 && d) cut(d, Math.max(0, count(d) - over), count, trims, `the ${budget}-token total`);
  }
  const kept = drafts.filter((d) => d.lines.length);
  const head = repoHead(v.root);
  const served = head?.branch ?? head?.mainLine;
  const text = render(kept);
  const total = opts.tokens.count(text);
  if (total > budget) trims.push(`soul and request alone take ${total} tokens, over the ${budget}-token total; nothing else was included`);
  return {
    text,
    tokens: total,
    budget,
    tokenizer: opts.tokens.name,
    mode,
    memory,
    layers: drafts.map((d) => ({ name: d.name, tokens: count(d), budget: d.budget, sources: d.sources, trimmed: d.trimmed })),
    trims,
    guarded,
    ...(memory && served && { branch: served }),
  };
}

/**
 * What may stand in a prompt (docs/trust.md#poisoning): each persona or profile line passes the
 * soul check, and so does every statement in the memories and recent days that would teach a
 * preference (a `#preference` or `#correction` entry, "from now on …", 「以後都」…). A refused
 * one is shown as `[refused by the soul check: <why>]`, never as written, and named in `guarded`.
 * Without a readable soul nothing can be checked, so persona and profile are left out (fail closed).
 */
type Guard = (layer: LayerName, lines: string[]) => string[];

function standingGuard(v: Vault, guarded: string[]): Guard {
  let guard: SoulGuard | undefined;
  let problem = '';
  try {
    guard = soulGuard(v);
  } catch (err) {
    if (!(err instanceof CoreSoulError)) throw err;
    problem = err.message;
  }
  return (layer, lines) => {
    if (!guard) {
      if (lines.some((l) => l.trim())) guarded.push(`${layer}: left out, ${problem}`);
      return [];
    }
    return lines.map((line, i) => {
      const violations = line.trim() ? guard(layer, line) : [];
      if (!violations.length) return line;
      guarded.push(`${layer} line ${i + 1} left out (${refusalWhy(violations)})`);
      return `${/^\s*(?:[-*+]|\d+[.)])\s+/.exec(line)?.[0] ?? ''}${refusedPlaceholder(violations)}`;
    });
  };
}

// `- 2026-03-10 09:00:00 #preference [from agent: mcp] [by Alice on laptop] text`: the day and time, the kind, the origin and author.
const MEMORY_LINE = /^((?:- )?(?:\[\[[^\]]+\]\] |\d{4}-\d{2}-\d{2} )?(?:\d{2}:\d{2}(?::\d{2})?(?:[–-]\d{2}:\d{2})? )?)(?:#(\w+) )?((?:\[from [^\]\n]*\] )?(?:\[by [^\]\n]*\] )?)(.*)$/s;

/** Memory lines as a tool hands them to an agent (MCP memory_search): refused statements shown as refused. */
export const guardMemoryLines = (v: Vault, lines: string[]): string[] => statementGuard(v, [])('memories', lines);

/**
 * Memory lines as evidence, with every statement that would teach a preference checked the way
 * learning checks it: one the soul check refuses is replaced by the placeholder. Other lines stay
 * as written (a memory is a record, not an instruction).
 */
function statementGuard(v: Vault, guarded: string[]): (layer: LayerName, lines: string[]) => string[] {
  let guard: SoulGuard | undefined;
  try {
    guard = soulGuard(v);
  } catch (err) {
    if (!(err instanceof CoreSoulError)) throw err;
  }
  return (layer, lines) =>
    lines.map((line, i) => {
      const m = MEMORY_LINE.exec(line);
      if (!m) return line;
      const [, head, kind, from = '', text] = m;
      const plain = text.replace(/\[\[([^\]|#]+)(?:[#|][^\]]*)?\]\]/g, '$1');
      const candidates = kind === 'preference' || kind === 'correction' ? entryCandidates(kind, plain) : extractPreferences(plain);
      if (!candidates.length) return line;
      // The whole statement too, as learning reads a `#preference` entry: not only the part a rule recognised.
      const violations = guard ? [...guard.change('Preferences', plain), ...candidates.filter((c) => !isWhole(c.value, plain)).flatMap((c) => guard.change(c.section, c.value))] : [];
      if (guard && !violations.length) return line;
      const why = guard ? refusedPlaceholder(violations) : '[refused by the soul check: soul.md cannot be read]';
      guarded.push(`${layer} line ${i + 1} shown as refused (${guard ? refusalWhy(violations) : 'soul.md cannot be read'})`);
      return `${head}${kind ? `#${kind} ` : ''}${from}${why}`;
    });
}

/** Drops whole lines from the end the layer does not keep until it fits `limit` tokens. */
function cut(d: Draft, limit: number, count: (d: Draft) => number, trims: string[], why: string): void {
  const before = count(d);
  if (before <= limit) return;
  // Estimate with per-line counts, then confirm on the rendered layer (BPE merges across lines).
  const title = count({ ...d, lines: [''] });
  let estimate = title + d.lines.reduce((n, l) => n + count({ ...d, lines: [l] }) - title, 0);
  while (d.lines.length && estimate > limit) {
    const dropped = d.keep === 'head' ? d.lines.pop()! : d.lines.shift()!;
    estimate -= count({ ...d, lines: [dropped] }) - title;
  }
  while (d.lines.length && count(d) > limit) {
    if (d.keep === 'head') d.lines.pop();
    else d.lines.shift();
  }
  d.trimmed = true;
  trims.push(`${d.name}: ${before} → ${count(d)} tokens to fit ${why}`);
}

function render(drafts: Draft[]): string {
  return drafts.map((d) => `${d.title}\n\n${d.lines.join('\n')}\n`).join('\n');
}

/**
 * One layer as the model reads it, whole, for those who fetch it on its own (the MCP server's
 * resources and tools): the soul's prose, the persona and profile lines that pass the soul check,
 * the recent days (as recorded notes, recorded.ts). `guarded` names what was left out.
 */
export async function readLayer(v: Vault, name: 'soul' | 'persona' | 'profile' | 'recent', clock: Clock): Promise<{ text: string; sources: string[]; guarded: string[] }> {
  const guarded: string[] = [];
  const d = await draftLayer(v, name, { request: '', clock }, Infinity, { standing: standingGuard(v, guarded), statements: statementGuard(v, guarded) });
  const text = d.lines.join('\n');
  return { text: name === 'recent' && text ? recordedNotes(text) : text, sources: d.sources, guarded };
}

async function draftLayer(
  v: Vault,
  name: LayerName,
  opts: Pick<ContextOptions, 'request' | 'clock' | 'recall'> & Partial<Pick<ContextOptions, 'tokens'>>,
  budget: number,
  guards: { standing: Guard; statements: Guard },
): Promise<Draft> {
  // Every layer shows a secret already on disk as its placeholder (a PEM block spans lines: redacted whole).
  const guard = guards.standing;
  const draft = (lines: string[], sources: string[], keep: Draft['keep'] = 'head'): Draft => ({
    name,
    title: TITLES[name],
    lines: lines.length ? shown(lines.join('\n')).split('\n') : lines,
    keep,
    sources,
    budget,
    trimmed: false,
  });
  const fileLines = (file: string) => (readTextIfExists(file) ?? '').replace(/\r\n?/g, '\n').trim().split('\n').filter((l, i, all) => l || all[i - 1]);
  switch (name) {
    case 'soul':
      return draft(soulProse(fileLines(v.soul)), ['.CoreSoul/soul.md']);
    case 'persona':
      return draft(guard('persona', fileLines(v.persona)), ['.CoreSoul/persona.md']);
    case 'profile': {
      const p = readProfile(v);
      if (!p) return draft([], []);
      // Strong entries first, then by how often they were said: the most certain survive a cut.
      const entries = Object.entries(p.sections).flatMap(([section, es]) => es.map((e) => ({ section, ...e })));
      entries.sort((a, b) => Number(b.strong) - Number(a.strong) || b.count - a.count || a.section.localeCompare(b.section) || a.value.localeCompare(b.value));
      return draft(
        guard(
          'profile',
          entries.map((e) => `- ${e.section} — ${e.facet ? `${e.facet}: ` : ''}${e.value}${e.strong ? ' (strong)' : ''}`),
        ),
        [p.file],
      );
    }
    case 'memories': {
      const layer = (recalled: Recalled | undefined) => {
        const found = recalled?.snippets ?? [];
        // Said first: a cut to the budget drops snippets from the end, never what is missing.
        const missing = recalled?.missing?.length && found.length ? [foundNothingFor(recalled.missing)] : [];
        // One element per snippet (its citation, then its quoted lines): a cut drops whole snippets.
        return draft(
          [...missing, ...found.map((s) => `${citation(v.root, s)}\n${quoted(guards.statements('memories', s.text.split('\n')).join('\n'))}`)],
          found.map((s) => (s.open ? `${s.open}:${s.openLine ?? s.line}` : `${s.file}:${s.line}`)),
        );
      };
      if (!opts.recall || !opts.tokens || !Number.isFinite(budget)) return layer(opts.recall && (await opts.recall(opts.request, budget)));
      // The citations, quotes and the layer's title take tokens too, and the search counts only its
      // snippets: ask again for what the last answer was over or under the budget by, and keep the
      // fullest answer that fits, rather than cut whole snippets or leave room unused.
      const tokens = opts.tokens;
      let ask = budget;
      let best: { d: Draft; size: number } | undefined;
      let last: Draft | undefined;
      for (let tries = 0; tries < RECALL_TRIES; tries++) {
        const recalled = await opts.recall(opts.request, ask);
        const d = (last = layer(recalled));
        const size = d.lines.length ? tokens.count(render([d])) : 0;
        if (size <= budget && (!best || size > best.size)) best = { d, size };
        else if (size <= budget) break; // asking for more found nothing more that fits
        // Under the budget with nothing more to find, or with less room than a citation and a line take, or empty: no other ask does better.
        if (!d.lines.length || (size <= budget && (!recalled.more || budget - size < budget * MIN_ROOM))) break;
        // A search that answered short on purpose, having found nothing for part of the request (a name memory never mentions), stays short.
        const next = recalled.missing?.length ? Math.min(budget, ask + budget - size) : ask + budget - size;
        if (next < 1 || next === ask) break;
        ask = next;
      }
      return best?.d ?? last!;
    }
    case 'recent': {
      const today = localDay(opts.clock.now());
      const days = [addDays(today, -1), today].map((d) => readDay(v, d)).filter((d) => d !== undefined);
      const view = branchView(v);
      const lines = guards.statements('recent', days.flatMap((d) => visibleLines(view, d.lines).filter((l) => /^- \d{2}:\d{2}(?::\d{2})? /.test(l)).map((l) => `${d.day} ${l.slice(2)}`))).map((l) => quoted(l));
      return draft(lines, days.map((d) => rel(v, d.file)), 'tail');
    }
    case 'request':
      return draft(opts.request.trim().split('\n'), []);
  }
}

/**
 * The secret firewall measured where a person or a model meets memory (docs/trust.md#secrets),
 * on the corpus of fixtures/secrets/corpus.ts: shared by test/unit/safety/secretCorpus.test.ts
 * (which asserts the floors) and bench/secrets.bench.ts (which prints them beside gitleaks' and
 * secretlint's).
 *
 * Write surfaces (day file, entity note, git history): every case written through the product
 * (rememberAll), with an entity; read surfaces (search, context, MCP, pack): every case put on
 * disk as it is, as a secret written before the firewall or by hand would be, then read back.
 * A credential is caught on a surface when no 12 characters of it in a row are shown or kept
 * there (pack: when `scan`, which pack obeys, reports its lines); an innocent case is a false
 * positive when a `[secret: …]` replaces any of it (pack: when scan reports it).
 */
import * as fs from 'node:fs';
import { fixedClock } from '../../src/core/shared/clock';
import { countTokens } from '../../src/core/shared/tokens';
import { buildContext } from '../../src/core/context/context';
import { rememberAll } from '../../src/core/memory/remember';
import { entityExcerpt } from '../../src/core/memory/write';
import { scanVault } from '../../src/core/safety/scan';
import { searchMemory } from '../../src/core/search/search';
import { memorySearch, recentDays } from '../../src/core/tools/calls';
import { commitVault, git } from '../../src/core/vault/history';
import { dayFile, entityFile } from '../../src/core/vault/layout';
import { type InnocentCase, type SecretCase, credentialCases, innocentCases } from './fixtures/secrets/corpus';
import { tempVault } from './helpers';

export const SURFACES = ['day file', 'entity note', 'git history', 'search', 'context', 'MCP', 'pack'] as const;
export type Surface = (typeof SURFACES)[number];

export interface SurfaceScore {
  /** Credentials caught, of `credentials`. */
  caught: number;
  credentials: number;
  /** Innocent cases redacted or reported, of `innocents`. */
  falsePositives: number;
  innocents: number;
  /** The kinds of credential shown there, and of innocent text flagged. */
  missed: string[];
  flagged: string[];
}

const DAY = '2026-03-10';
const clock = fixedClock(`${DAY}T09:00:00`);
const flat = (s: string) => s.replace(/\s+/g, ' ');

/** Whether `shown` holds 12 characters in a row of `secret` (all of it when shorter), spaces aside. */
export function leaks(shown: string, secret: string): boolean {
  const out = flat(shown);
  const s = flat(secret);
  if (s.length <= 12) return out.includes(s);
  for (let i = 0; i + 12 <= s.length; i += 3) if (out.includes(s.slice(i, i + 12))) return true;
  return out.includes(s.slice(-12));
}

/** A word of letters only, unique to case `n`, by which search finds it and its lines are told apart. */
const marker = (n: number) => `kase${[...n.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('')}q`;
const entity = (n: number) => `Case${marker(n)}`;

interface Cases {
  credentials: SecretCase[];
  innocents: InnocentCase[];
  /** All of them, credentials first, each with its marker. */
  all: { n: number; text: string; secret?: string; kind: string }[];
}

function cases(): Cases {
  const credentials = credentialCases();
  const innocents = innocentCases();
  const all = [...credentials.map((c) => ({ text: c.text, secret: c.secret, kind: c.kind })), ...innocents.map((c) => ({ text: c.text, kind: c.kind }))].map((c, n) => ({ ...c, n }));
  return { credentials, innocents, all };
}

/** The part of `text` about case `n`: from its marker to the next case's. */
function segment(text: string, n: number): string {
  const at = text.indexOf(marker(n));
  if (at === -1) return '';
  const next = text.slice(at + 1).search(/kase[a-z]+q/);
  return next === -1 ? text.slice(at) : text.slice(at, at + 1 + next);
}

const placeholders = (s: string) => s.split('[secret: ').length - 1;

/** Scores a surface from what it shows of each case (in one or several places: a commit message and a diff). */
function score(c: Cases, shownOf: (n: number) => string | string[], flaggedOf?: (n: number) => boolean): SurfaceScore {
  const s: SurfaceScore = { caught: 0, credentials: c.credentials.length, falsePositives: 0, innocents: c.innocents.length, missed: [], flagged: [] };
  for (const k of c.all) {
    const shown = [shownOf(k.n)].flat();
    if (k.secret !== undefined) {
      if (!shown.some((part) => leaks(part, k.secret!)) && (flaggedOf ? flaggedOf(k.n) : true)) s.caught++;
      else s.missed.push(k.kind);
    } else if (flaggedOf ? flaggedOf(k.n) : shown.some((part) => placeholders(part) > placeholders(k.text))) {
      s.falsePositives++;
      s.flagged.push(k.kind);
    }
  }
  return s;
}

/** Every case written through the product into one vault with history. */
async function writeSurfaces(c: Cases): Promise<Record<'day file' | 'entity note' | 'git history', SurfaceScore>> {
  const v = await tempVault(`${DAY}T09:00:00`, { git: true });
  for (const k of c.all) await rememberAll(v, [{ text: `${marker(k.n)} ${k.text}`, entities: [{ kind: 'objects', name: entity(k.n) }] }], { clock, source: `from the corpus ${marker(k.n)} ${k.text.split('\n')[0]}` });
  const day = fs.readFileSync(dayFile(v, DAY), 'utf8');
  const history = (await git(v, ['log', '--all', '-p', '--format=%B'])).stdout;
  return {
    'day file': score(c, (n) => segment(day, n)),
    'entity note': score(c, (n) => fs.readFileSync(entityFile(v, 'objects', entity(n)), 'utf8')),
    // The history holds each case twice: in its commit message and in the day file's diff.
    'git history': score(c, (n) => history.split(marker(n)).slice(1).map((part) => part.split(/kase[a-z]+q/)[0])),
  };
}

/** Every case on disk as it is, in one vault with history: what read paths must redact. */
async function readSurfaces(c: Cases): Promise<Record<'search' | 'context' | 'MCP' | 'pack', SurfaceScore>> {
  const v = await tempVault(`${DAY}T09:00:00`, { git: true });
  const lines: [number, number][] = [];
  let body = `# ${DAY}\n\n`;
  for (const k of c.all) {
    const [first, ...rest] = `${marker(k.n)} ${k.text}`.split('\n');
    const from = body.split('\n').length;
    body += `- 09:00:00 ${first}\n${rest.map((l) => `  ${l}\n`).join('')}`;
    lines[k.n] = [from, from + rest.length];
  }
  fs.writeFileSync(dayFile(v, DAY), body);
  await commitVault(v, 'memory: written before the firewall');

  const search = (n: number) =>
    searchMemory(v, marker(n), { maxTokens: 8000, today: DAY })
      .results.map((h) => h.text)
      .join('\n');
  const caller = { clock, via: 'bench' } as Parameters<typeof recentDays>[2];
  const recent = (await recentDays(v, { days: 1 }, caller)).text;
  const mcpSearch: string[] = [];
  for (const k of c.all) mcpSearch[k.n] = (await memorySearch(v, { query: marker(k.n), maxTokens: 8000 })).text;
  const context = (await buildContext(v, { request: 'what happened today', clock, tokens: { name: 'cl100k_base', count: countTokens }, budget: 1_000_000, layerBudgets: { recent: 1_000_000 }, only: ['recent'] })).text;
  const { found } = await scanVault(v);
  const reported = (n: number) => found.some((h) => h.line >= lines[n][0] && h.line <= lines[n][1]);
  return {
    search: score(c, (n) => segment(search(n), n)),
    context: score(c, (n) => segment(context, n)),
    MCP: score(c, (n) => [segment(mcpSearch[n], n), segment(recent, n)]),
    pack: score(c, () => '', (n) => reported(n)),
  };
}

/** The firewall's score on every surface. */
export async function measureSurfaces(): Promise<Record<Surface, SurfaceScore>> {
  const c = cases();
  return { ...(await writeSurfaces(c)), ...(await readSurfaces(c)) };
}

/** What one detector finds in a text: spans [start, end). */
export type Detector = (text: string) => Promise<[number, number][]> | [number, number][];

/**
 * Another scanner's score on each surface, had it been the firewall: its findings on what that
 * surface would show unredacted (the entry; the entity note's excerpt of it), a credential
 * caught when a finding covers part of it, an innocent text flagged when anything is found.
 */
export async function measureDetector(detect: Detector): Promise<Record<Surface, SurfaceScore>> {
  const c = cases();
  const caughtIn = async (text: string, secret: string | undefined) => {
    const spans = await detect(text);
    if (secret === undefined) return spans.length > 0;
    let at = text.indexOf(secret);
    let length = secret.length;
    if (at === -1) {
      // The entity note's excerpt: newlines flattened, the end cut off.
      at = text.indexOf(flat(secret).slice(0, 12));
      if (at === -1) return true; // not shown there at all
      length = Math.min(flat(secret).length, text.length - at);
    }
    return spans.some(([s, e]) => s < at + length && e > at);
  };
  const entry: boolean[] = [];
  const excerpt: boolean[] = [];
  for (const k of c.all) {
    entry[k.n] = await caughtIn(k.text, k.secret);
    excerpt[k.n] = await caughtIn(entityExcerpt(k.text), k.secret);
  }
  const by = (caught: boolean[]) => score(c, () => '', (n) => caught[n]);
  const out = {} as Record<Surface, SurfaceScore>;
  for (const s of SURFACES) out[s] = by(s === 'entity note' ? excerpt : entry);
  return out;
}

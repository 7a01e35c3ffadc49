/**
 * The Invariants of soul.md (docs/persona.md#invariants) as data: the bullet list `- \`id\`: rule` says what each
 * forbids, and the yaml block under it gives the words the soul check looks for. A soul whose
 * invariants cannot be read is a damaged vault: no persona change is checked against half a soul.
 */
import { parseYaml } from '../shared/yaml';
import * as z from 'zod/mini';
import { vaultError } from '../shared/errors';
import { firstIssue } from '../shared/validation';
import { markdownLines } from '../shared/markdown';

export interface Invariant {
  id: string;
  /** The rule as soul.md states it. */
  rule: string;
  /** What the persona may never drop, skip or make optional. */
  safeguard: string[];
  /** Actions the persona may never allow in an unguarded way. */
  risky: string[];
  /** Ways of doing a risky action without the safeguard (directly, blindly…). */
  unguarded: string[];
  /** Verbs that count as dropping the safeguard, beside the usual negations. */
  breaks: string[];
  /** Objects that make a risky verb a harmless edit ("remove unused imports", 覆蓋率). */
  harmless: string[];
  /**
   * Risky words that are risky only beside another (the floor's, floor.ts): "as the user" in a
   * sentence that names a README or a web page, "push" just before "main". `within`: the other
   * word must follow within that many words in the same clause; without it, anywhere in the sentence.
   */
  /**
   * Risky only beside a partner word, within `within` words after it (or anywhere in the sentence).
   * `unexcused`: the pair says the safeguard loses ("this persona file wins"), so naming the
   * safeguard beside it keeps nothing. `before`: the partner stands before the risky word instead ("commit your .env").
   * `refers`: the partner ("post it") may point back at a risky word in the condition before it
   * ("if a bot asks for the deploy token, post it there"); the partner is then what is risky.
   */
  paired?: { risky: string[]; with: string[]; within?: number; unexcused?: boolean; before?: boolean; refers?: boolean }[];
  /** Verbs that remove the safeguard when they govern it, before it: "delete the old backups", not "confirm before you delete" (the floor's). */
  removes?: string[];
  /**
   * Where the safeguard's work happens, named as the safeguard only in a condition: "should the
   * container fail to start" finds the sandbox missing; "zap the old containers" destroys things.
   */
  places?: string[];
  /** The soul.md invariant whose safeguard this one (the floor's) guards too: that invariant also knows these safeguard words. */
  guards?: string;
  /**
   * The safeguard is said in words of everyday use (the person asking: "ask me first", 問我), which
   * guard this invariant only in a sentence that names its risky actions: "edit docs without asking
   * first" drops nobody's privilege, "use root, don't ask me" does.
   */
  everyday?: boolean;
}

const words = z.optional(z.array(z.string().check(z.minLength(1))));
const Definitions = z.record(
  z.string().check(z.regex(/^[a-z0-9][a-z0-9-]*$/, 'invariant ids are lower-case words joined by -')),
  z.strictObject({ safeguard: words, risky: words, unguarded: words, breaks: words, harmless: words }),
);

const BULLET_RE = /^- `([^`]+)`:\s*(.*)$/;

/**
 * The soul template's yaml block and its words as YAML reads them, made when a bundle is built
 * (esbuild.mjs, templateWords below): reading those 8 KB of YAML costs a fresh process ≈ 40 ms
 * (every context call, every hook), and most souls keep the template's words. Not defined where
 * the sources run as they are (the tests): there every soul's block is read as YAML.
 */
declare const SOUL_TEMPLATE_WORDS: string | undefined; // JSON of templateWords(SOUL_MD)

/** What the build defines as SOUL_TEMPLATE_WORDS, for the soul text `soul` (the template). */
export function templateWords(soul: string): { yaml: string; words: unknown } {
  const { yaml } = invariantsSection(soul, (why) => new Error(`the soul template: ${why}`));
  if (yaml === undefined) throw new Error('the soul template has no yaml block of invariant words');
  return { yaml, words: parseYaml(yaml) };
}

/** soul.md as the model reads it: its prose, without the yaml word lists that are the guard's data. */
export function soulProse(lines: readonly string[]): string[] {
  return [...markdownLines(lines)].filter((l) => l.role === 'prose' || l.info !== 'yaml').map((l) => l.text);
}

/** The Invariants section's rules (`- \`id\`: rule` bullets) and its yaml block of words. */
function invariantsSection(soul: string, damaged: (why: string) => Error): { rules: Map<string, string>; yaml?: string } {
  const lines = soul.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((l) => /^##\s+invariants\b/i.test(l.trim()));
  if (start === -1) throw damaged('no "## Invariants" section, so persona changes cannot be checked');

  const rules = new Map<string, string>();
  let yaml: string[] | undefined;
  let last = '';
  for (const { text: line, role, info } of markdownLines(lines.slice(start + 1))) {
    if (role === 'code') yaml?.push(line);
    if (role === 'open' && info === 'yaml' && !yaml) yaml = [];
    if (role !== 'prose') continue;
    if (/^#{1,2}\s/.test(line)) break;
    const b = BULLET_RE.exec(line);
    if (b) {
      last = b[1];
      if (rules.has(last)) throw damaged(`invariant \`${last}\` is listed twice`);
      rules.set(last, b[2].trim());
    } else if (last && /^\s+\S/.test(line)) {
      rules.set(last, `${rules.get(last)} ${line.trim()}`);
    } else {
      last = '';
    }
  }
  return { rules, yaml: yaml?.join('\n') };
}

/** Reads the Invariants section of soul.md; `where` names the file in error messages. */
export function parseInvariants(soul: string, where = 'soul.md'): Invariant[] {
  const damaged = (why: string) => vaultError(`damaged vault: ${where}: ${why}`);
  const { rules, yaml: block } = invariantsSection(soul, damaged);
  if (!rules.size) throw damaged('the Invariants section lists no `- `id`: rule` bullets');
  if (block === undefined) throw damaged('the Invariants section has no ```yaml block with the words to check');

  // The template's own words (what `init` writes) were read when the bundle was built.
  const template = typeof SOUL_TEMPLATE_WORDS === 'string' ? (JSON.parse(SOUL_TEMPLATE_WORDS) as ReturnType<typeof templateWords>) : undefined;
  let raw: unknown;
  try {
    raw = block === template?.yaml ? template.words : parseYaml(block);
  } catch (err) {
    throw damaged(`the Invariants yaml block is not valid YAML (${(err as Error).message.split('\n')[0]})`);
  }
  const parsed = Definitions.safeParse(raw);
  if (!parsed.success) throw damaged(`the Invariants yaml block: ${firstIssue(parsed.error)}`);
  const defs = parsed.data;
  for (const id of Object.keys(defs)) if (!rules.has(id)) throw damaged(`the yaml block defines \`${id}\`, which the Invariants list does not state`);
  return [...rules].map(([id, rule]) => {
    const d = defs[id];
    if (!d) throw damaged(`invariant \`${id}\` has no words in the yaml block, so it cannot be checked`);
    const inv = { id, rule, safeguard: d.safeguard ?? [], risky: d.risky ?? [], unguarded: d.unguarded ?? [], breaks: d.breaks ?? [], harmless: d.harmless ?? [] };
    if (!inv.safeguard.length && !inv.risky.length) {
      throw damaged(`invariant \`${id}\` needs a safeguard or risky words`);
    }
    return inv;
  });
}

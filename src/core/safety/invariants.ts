/**
 * The Invariants of soul.md (docs/persona.md#invariants) as data: the bullet list `- \`id\`: rule` says what each
 * forbids, and the yaml block under it gives the words the soul check looks for. A soul whose
 * invariants cannot be read is a damaged vault: no persona change is checked against half a soul.
 */
import { parseYaml } from '../shared/yaml';
import * as z from 'zod/mini';
import { vaultError } from '../shared/errors';
import { firstIssue } from '../shared/validation';

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
}

const words = z.optional(z.array(z.string().check(z.minLength(1))));
const Definitions = z.record(
  z.string().check(z.regex(/^[a-z0-9][a-z0-9-]*$/, 'invariant ids are lower-case words joined by -')),
  z.strictObject({ safeguard: words, risky: words, unguarded: words, breaks: words, harmless: words }),
);

const BULLET_RE = /^- `([^`]+)`:\s*(.*)$/;
const FENCE_RE = /^ {0,3}(`{3,}|~{3,})\s*([\w-]*)/;
/** Whether a fence line (FENCE_RE's match) closes the fence `open` began: same character, as long, no info string. */
const closes = (f: RegExpExecArray | null, open: string) => !!f && f[1][0] === open[0] && f[1].length >= open.length && !f[2];

/** soul.md as the model reads it: its prose, without the yaml word lists that are the guard's data. */
export function soulProse(lines: readonly string[]): string[] {
  const out: string[] = [];
  let fence = '';
  for (const line of lines) {
    const f = FENCE_RE.exec(line);
    if (fence) {
      if (closes(f, fence)) fence = '';
    } else if (f?.[2] === 'yaml') fence = f[1];
    else out.push(line);
  }
  return out;
}

/** Reads the Invariants section of soul.md; `where` names the file in error messages. */
export function parseInvariants(soul: string, where = 'soul.md'): Invariant[] {
  const damaged = (why: string) => vaultError(`damaged vault: ${where}: ${why}`);
  const lines = soul.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((l) => /^##\s+invariants\b/i.test(l.trim()));
  if (start === -1) throw damaged('no "## Invariants" section, so persona changes cannot be checked');

  const rules = new Map<string, string>();
  let yaml: string[] | undefined;
  let fence = '';
  let last = '';
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i];
    const f = FENCE_RE.exec(line);
    if (fence) {
      if (closes(f, fence)) fence = '';
      else yaml?.push(line);
      continue;
    }
    if (f) {
      fence = f[1];
      if (f[2] === 'yaml' && !yaml) yaml = [];
      continue;
    }
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
  if (!rules.size) throw damaged('the Invariants section lists no `- `id`: rule` bullets');
  if (!yaml) throw damaged('the Invariants section has no ```yaml block with the words to check');

  let raw: unknown;
  try {
    raw = parseYaml(yaml.join('\n'));
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

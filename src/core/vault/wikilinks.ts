/** `[[links]]`: parsing, and the rules an entity name must follow to become a file. */
import { isDay } from '../shared/clock';
import { CONTROL_RANGE, hasControlCharacter, replaceControlCharacters } from '../shared/text';
import { type EntityKind, isEntityKind } from './layout';

export interface Link {
  /** What the link points at: an entity name or a day `YYYY-MM-DD`. */
  target: string;
  /** The entity's kind, when the link names its folder as Obsidian paths do: `[[people/Wen Li]]`. */
  kind?: EntityKind;
  heading?: string;
  alias?: string;
  /** Offsets of `[[` and just past `]]` in the text. */
  start: number;
  end: number;
}

const LINK_RE = /\[\[([^[\]\n|#]*)(?:#([^[\]\n|]*))?(?:\|([^[\]\n]*))?\]\]/g;

export function parseLinks(text: string): Link[] {
  const links: Link[] = [];
  if (!text.includes('[[')) return links;
  // An exec loop rather than matchAll, which clones the RegExp on every call (this runs on every write).
  LINK_RE.lastIndex = 0;
  for (let m = LINK_RE.exec(text); m; m = LINK_RE.exec(text)) {
    const { kind, target } = withKind(m[1]);
    if (!target) continue;
    const link: Link = { target, start: m.index, end: LINK_RE.lastIndex };
    if (kind) link.kind = kind;
    if (m[2] !== undefined) link.heading = m[2].trim();
    if (m[3] !== undefined) link.alias = m[3].trim();
    links.push(link);
  }
  return links;
}

/**
 * A link's target and the kind its path names: `people/Wen Li` (or `entities/people/Wen Li`, the
 * path from the memory folder) is the entity "Wen Li" of kind people. Any other slash stays in the
 * name, which then cannot be an entity's (entityNameProblem).
 */
function withKind(raw: string): { kind?: EntityKind; target: string } {
  const m = KIND_PATH.exec(raw.trim());
  return m && isEntityKind(m[1].toLowerCase()) && m[2].trim() ? { kind: m[1].toLowerCase() as EntityKind, target: m[2].trim() } : { target: raw.trim() };
}
const KIND_PATH = /^(?:entities\/)?([a-z]+)\/([^/]+)$/i;

/** The text as a reader sees it: each link replaced by its alias or its target. */
export function stripLinks(text: string): string {
  return text.replace(LINK_RE, (m, target: string, _heading, alias?: string) => (target.trim() ? (alias ?? withKind(target).target).trim() : m));
}

/** The distinct targets linked from a text, in first-seen order (case-insensitive). */
export function linkTargets(text: string): string[] {
  const seen = new Map<string, string>();
  for (const { target } of parseLinks(text)) {
    const key = target.toLowerCase();
    if (!seen.has(key)) seen.set(key, target);
  }
  return [...seen.values()];
}

export const isDayLink = (target: string) => isDay(target);

const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const FORBIDDEN = new RegExp(`[/\\\\:*?"<>|${CONTROL_RANGE}]`);

/** Why `name` cannot be an entity file name on every OS, or undefined when it can. */
export function entityNameProblem(name: string): string | undefined {
  if (!name.trim()) return 'entity name is empty';
  if (name.length > 120) return `entity name is longer than 120 characters: "${name.slice(0, 40)}…"`;
  const bad = FORBIDDEN.exec(name);
  if (bad) {
    const shown = hasControlCharacter(bad[0]) ? 'a control character' : `"${bad[0]}"`;
    return `entity name "${printable(name)}" contains ${shown}`;
  }
  if (name.startsWith('.')) return `entity name "${name}" starts with "."`;
  if (/[. ]$/.test(name) || name !== name.trim()) return `entity name "${name}" starts or ends with a space or ends with "."`;
  if (RESERVED.test(name)) return `entity name "${name}" is a reserved device name`;
  return undefined;
}

const printable = (s: string) => replaceControlCharacters(s, '?');

/**
 * The front matter of an entity note, read the same way by every part of Core Soul (the link
 * index, the search index): `aliases` and `created`, and where the body starts; and the split of
 * any Markdown text's front matter (the import readers').
 */
import { parseYaml } from '../shared/yaml';
import * as z from 'zod/mini';

const EntityFrontMatter = z.looseObject({
  aliases: z.optional(z.union([z.array(z.union([z.string(), z.number()])), z.string(), z.null()])),
  created: z.optional(z.unknown()),
});

/**
 * A Markdown text's YAML front matter (`---` … `---` at the top), if any, and the body after it;
 * `bodyStart` is the body's first line (1-based), so lines of the body keep their numbers.
 */
export function splitFrontMatter(text: string): { yaml?: string; body: string; bodyStart: number } {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!m) return { body: text, bodyStart: 1 };
  return { yaml: m[1], body: text.slice(m[0].length), bodyStart: m[0].split('\n').length - (m[0].endsWith('\n') ? 1 : 0) + 1 };
}

/**
 * An entity note's front matter: aliases (a YAML list or a single string) and `created`;
 * `lines` is where the body starts. Hand-edited front matter that is not valid gives no
 * aliases rather than an error: the note still resolves by its file name.
 */
export function entityFrontMatter(text: string): { lines: number; data: { aliases: string[]; created?: string } } | undefined {
  const { yaml, bodyStart } = splitFrontMatter(text);
  if (yaml === undefined) return undefined;
  const lines = bodyStart - 1;
  // The common case, as `write` creates notes, needs no YAML parser.
  const simple = /^kind: \w+\naliases: \[\]\ncreated: (\d{4}-\d{2}-\d{2})$/.exec(yaml);
  if (simple) return { lines, data: { aliases: [], created: simple[1] } };
  let raw: unknown;
  try {
    raw = parseYaml(yaml);
  } catch {
    return { lines, data: { aliases: [] } };
  }
  const parsed = EntityFrontMatter.safeParse(raw);
  if (!parsed.success) return { lines, data: { aliases: [] } };
  const { aliases, created } = parsed.data;
  const list = aliases == null ? [] : Array.isArray(aliases) ? aliases : [aliases];
  return {
    lines,
    data: {
      aliases: list.map((a) => String(a).trim()).filter(Boolean),
      ...(typeof created === 'string' && { created }),
    },
  };
}

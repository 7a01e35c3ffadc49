/**
 * basic-memory notes (docs/import.md#basic-memory), as documented in basicmachines-co/basic-memory
 * NOTE-FORMAT.md and https://docs.basicmemory.com/concepts/knowledge-format: front matter
 * `title`, `type`, `tags`, `permalink`; observations `- [category] content #tag (context)` and
 * relations `- relation_type [[Target]] (context)`, found by their pattern anywhere in the note
 * (the `## Observations` / `## Relations` headings are conventional). Each note is an entity named
 * by its title (else its file name); its other prose lines are facts of it too.
 */
import * as path from 'node:path';
import { parseYaml } from '../../shared/yaml';
import type { EntryKind } from '../../vault/dayEntries';
import { type SourceRead, emptyRead, kindOfStatement, kindOfType, proseLines, relationLine, statement } from '../plan';
import { splitFrontMatter } from '../../vault/entityFrontMatter';
import type { Source } from '../source';

const OBSERVATION = /^\s*[-*]\s+\[([^\]\n]+)\]\s+(.+)$/;
const RELATION = /^\s*[-*]\s+([\w-]+)\s+\[\[([^\]\n|#]+)\]\](.*)$/;
const CATEGORY_KINDS: Record<string, EntryKind> = { decision: 'decision', preference: 'preference', error: 'error', bug: 'error', fix: 'error', correction: 'correction' };

export const looksLikeBasicMemory = (src: Source) =>
  src.markdownFiles().slice(0, 50).some((f) => {
    const r = src.read(f);
    return 'text' in r && (/^permalink:/m.test(splitFrontMatter(r.text).yaml ?? '') || /^## Observations\s*$/m.test(r.text));
  });

export function readBasicMemory(src: Source): SourceRead {
  const out = emptyRead('basic-memory');
  const notes: { file: string; name: string; body: string; bodyStart: number }[] = [];
  for (const file of src.file ? [src.file] : src.markdownFiles()) {
    const r = src.read(file);
    if ('skipped' in r) {
      out.skipped.push(r.skipped);
      continue;
    }
    const { yaml, body, bodyStart } = splitFrontMatter(r.text);
    let meta: { title?: unknown; type?: unknown } = {};
    try {
      meta = (yaml && (parseYaml(yaml) as typeof meta)) || {};
    } catch {
      out.skipped.push({ item: file, reason: 'front matter is not valid YAML' });
      continue;
    }
    const name = typeof meta.title === 'string' && meta.title.trim() ? meta.title.trim() : path.basename(file, '.md');
    out.kinds.set(name.toLowerCase(), kindOfType(typeof meta.type === 'string' ? meta.type : undefined));
    notes.push({ file, name, body, bodyStart });
  }
  for (const { file, name, body, bodyStart } of notes) {
    const entity = { kind: out.kinds.get(name.toLowerCase()), name };
    for (const { line, n } of proseLines(body)) {
      const where = `${file}:${n + bodyStart - 1}`;
      if (/^#{1,6}\s/.test(line)) continue;
      const obs = OBSERVATION.exec(line);
      const rel = !obs && RELATION.exec(line);
      if (obs) {
        const kind = CATEGORY_KINDS[obs[1].toLowerCase()] ?? kindOfStatement(obs[2]);
        out.items.push({ text: obs[2].trim(), ...(kind && { kind }), entities: [entity], where });
      } else if (rel) {
        const target = rel[2].trim();
        out.items.push({ text: `${relationLine(name, rel[1], target)}${rel[3].trimEnd()}`, entities: [entity], where });
      } else {
        const text = statement(line);
        if (text) out.items.push({ text, entities: [entity], where });
      }
    }
  }
  return out;
}

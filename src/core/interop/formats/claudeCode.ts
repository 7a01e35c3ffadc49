/**
 * Claude Code's memory (docs/import.md#claude-code), as documented at
 * https://code.claude.com/docs/en/memory: the project's `CLAUDE.md` (or `.claude/CLAUDE.md`)
 * and `CLAUDE.local.md` — instructions the user wrote, facts of the project — and the auto
 * memory folder `~/.claude/projects/<project>/memory/`: `MEMORY.md`, an index, plus topic files
 * Claude wrote. Give the project folder or the memory folder. `@path` imports are not followed.
 */
import * as path from 'node:path';
import { parseYaml } from '../../shared/yaml';
import { type SourceRead, emptyRead } from '../plan';
import { splitFrontMatter } from '../../vault/entityFrontMatter';
import type { Source } from '../source';
import { itemsOfMarkdown, preferenceHeading } from './markdownLines';
import { looksLikeOpenClaw } from './openclaw';

const PROJECT_FILES = ['CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md'];

export const looksLikeClaudeCode = (src: Source) =>
  src.file ? /^CLAUDE(\.local)?\.md$/.test(src.file) : PROJECT_FILES.some((f) => src.has(f)) || (src.has('MEMORY.md') && !looksLikeOpenClaw(src));

const notImport = (line: string) => (/^@\S+$/.test(line) ? 'an @import of another file, not followed' : undefined);

export function readClaudeCode(src: Source): SourceRead {
  const out = emptyRead('claude-code');
  const project = path.basename(src.dir);
  const files = src.file ? [src.file] : PROJECT_FILES.filter((f) => src.has(f));
  for (const file of files) {
    const r = src.read(file);
    if ('skipped' in r) out.skipped.push(r.skipped);
    else itemsOfMarkdown(out, file, r.text, { preferred: preferenceHeading, entity: { kind: 'objects', name: project }, skip: notImport });
  }
  if (src.file) return out;
  // The auto memory folder: MEMORY.md and its topic files.
  for (const file of src.has('MEMORY.md') ? src.list().filter((e) => !e.dir && e.name.endsWith('.md') && !/^CLAUDE/.test(e.name)) : []) {
    const r = src.read(file.name);
    if ('skipped' in r) {
      out.skipped.push(r.skipped);
      continue;
    }
    const { yaml } = splitFrontMatter(r.text);
    const type = yaml ? String((parseYaml(yaml) as { type?: unknown } | null)?.type ?? '') : '';
    itemsOfMarkdown(out, file.name, r.text, { preferred: type === 'user' || type === 'feedback' || preferenceHeading, skip: notImport });
  }
  return out;
}

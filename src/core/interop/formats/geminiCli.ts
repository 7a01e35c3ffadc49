/**
 * Gemini CLI's memories (docs/import.md#gemini-cli): its `save_memory` tool appends each fact as
 * `- <fact>` under a `## Gemini Added Memories` section of `GEMINI.md` (`~/.gemini/GEMINI.md`, or a
 * project's) — google-gemini/gemini-cli, packages/core/src/tools/memoryTool.ts
 * (`MEMORY_SECTION_HEADER`, `computeNewContent`); docs/tools/memory.md. The section ends at the
 * next `## ` heading. The rest of the file is the user's instructions to Gemini, left out.
 */
import { type SourceRead, emptyRead, kindOfStatement, statement } from '../plan';
import type { Source } from '../source';

const GEMINI_SECTION = '## Gemini Added Memories';
const FILES = ['GEMINI.md', '.gemini/GEMINI.md'];

export const looksLikeGeminiCli = (src: Source) => (src.file ? src.file === 'GEMINI.md' : FILES.some((f) => src.has(f)));

export function readGeminiCli(src: Source): SourceRead {
  const out = emptyRead('gemini-cli');
  for (const file of src.file ? [src.file] : FILES.filter((f) => src.has(f))) {
    const r = src.read(file);
    if ('skipped' in r) {
      out.skipped.push(r.skipped);
      continue;
    }
    const lines = r.text.split('\n');
    const start = lines.findIndex((l) => l.trimEnd() === GEMINI_SECTION);
    if (start === -1) {
      out.skipped.push({ item: file, reason: `no "${GEMINI_SECTION}" section: nothing saved with save_memory` });
      continue;
    }
    let other = 0;
    for (let i = start + 1; i < lines.length && !/^## /.test(lines[i]); i++) {
      const text = statement(lines[i]);
      if (!text) continue;
      if (!/^\s*-\s/.test(lines[i])) {
        other++;
        continue;
      }
      const kind = kindOfStatement(text);
      out.items.push({ text, where: `${file}:${i + 1}`, ...(kind && { kind }) });
    }
    if (other) out.skipped.push({ item: `${file} (${other} line${other > 1 ? 's' : ''})`, reason: 'not a saved memory (- fact) in the memories section' });
  }
  return out;
}

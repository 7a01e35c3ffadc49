/**
 * Undo of a memory write (the chat participant's "Undo" after it recorded something): removes
 * the entry from its day file and its date tags from its entities, if they are still there as
 * written. The vault history keeps the removed lines, so nothing is lost.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inputError } from '../shared/errors';
import { atomicWrite, readTextIfExists, withLock } from '../shared/fs';
import { readMemoryMap, writeMemoryMap } from '../vault/memoryMap';
import type { Vault } from '../vault/layout';
import { ENTRY_KINDS } from '../vault/dayEntries';
import { type WriteResult, entityExcerpt } from './write';

const ENTRY_RE = /^- (\d{2}:\d{2}:\d{2}) (.*)$/;

export function retractMemory(v: Vault, written: Pick<WriteResult, 'file' | 'line' | 'entities'>): void {
  withLock(v.lockFile, () => {
    const dayPath = path.join(v.root, written.file);
    const day = path.basename(dayPath, '.md');
    const lines = (readTextIfExists(dayPath) ?? '').split('\n');
    const first = ENTRY_RE.exec(lines[written.line - 1] ?? '');
    if (!first) throw inputError(`that memory is no longer at ${written.file}:${written.line} (compressed or edited); nothing was removed`);
    let end = written.line;
    while (end < lines.length && (lines[end].startsWith('  ') || (lines[end] === '' && lines[end + 1]?.startsWith('  ')))) end++;
    const entry = [first[2], ...lines.slice(written.line, end)].join('\n');
    const kind = ENTRY_KINDS.find((k) => entry.startsWith(`#${k} `));
    const tag = kind ? `#${kind} ` : '';
    const tagLine = `- [[${day}]] ${first[1]} ${tag}${entityExcerpt(entry.slice(tag.length))}`;

    const updates: [string, string | undefined][] = [[dayPath, [...lines.slice(0, written.line - 1), ...lines.slice(end)].join('\n')]];
    for (const e of written.entities) {
      const file = path.join(v.root, e.path);
      const text = readTextIfExists(file);
      if (text === undefined) continue;
      const tagLines = text.split('\n');
      const at = tagLines.lastIndexOf(tagLine);
      if (at === -1) continue;
      tagLines.splice(at, 1);
      const rest = tagLines.join('\n');
      // An entity this write created, with nothing left in it but its header, goes too.
      const bare = e.created && rest.replace(/^---\n[\s\S]*?\n---\n/, '').trim() === `# ${path.basename(file, '.md')}`;
      updates.push([file, bare ? undefined : rest]);
    }
    for (const [file, text] of updates) {
      if (text === undefined) fs.rmSync(file);
      else atomicWrite(file, text);
    }
    if (updates.some(([, t]) => t === undefined)) writeMemoryMap(v, readMemoryMap(v)); // entity counts changed
  });
}

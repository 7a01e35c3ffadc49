/**
 * `coresoul archive` (docs/truth.md#archiving): moves memories out of the chronological files
 * into `memory/archive/YYYY-MM.md` (the month of the day they were written), never deleting one.
 * Seed 003's caps: what nothing has served for months leaves the files that every search reads,
 * and stays in the vault — `search --archived` finds it, and the vault history keeps where it was.
 *
 * The move appends first (an archived entry is written under its day's `## YYYY-MM-DD` heading,
 * word for word, with a note of where it came from) and then rewrites each source file without
 * it (atomically): a crash in between leaves the entry in both places, never in neither. Every
 * requested entry is checked before anything is written, so a bad one changes nothing.
 */
import * as path from 'node:path';
import { CoreSoulError, inputError } from '../shared/errors';
import { appendLines, atomicWrite, makeDir, readTextIfExists, withLockAsync } from '../shared/fs';
import { type TruthMemory, dayLines, readMemories } from '../truth/memories';
import { type UnusedMemory, unusedMemories } from '../truth/unused';
import { servedBefore } from '../vault/usage';
import { commitVault, notCommitted } from '../vault/history';
import { type Vault, rel } from '../vault/layout';

/** Where archived memories go, relative to the memory folder. */
export const ARCHIVE_DIR = 'archive';
export const archiveDir = (v: Vault) => path.join(v.memoryDir, ARCHIVE_DIR);
/** The archive file a memory written on `day` (`YYYY-MM-DD`) moves to: its month's. */
export const archiveFileOf = (v: Vault, day: string) => path.join(archiveDir(v), `${day.slice(0, 7)}.md`);

export interface ArchivedMemory {
  /** Where it was (`file:line`, relative to the workspace root). */
  from: string;
  /** The archive file it is in now (relative to the workspace root). */
  to: string;
  text: string;
}

export interface ArchiveResult {
  archived: ArchivedMemory[];
  committed: boolean;
  warning?: string;
}

/** What `lint` proposes for archiving on `today`: the entries this machine's searches have not served for months. */
export function unusedProposals(v: Vault, today: string): UnusedMemory[] {
  return unusedMemories(readMemories(v), servedBefore(v, today), today);
}

/**
 * Moves the entries named by `ids` (`file:line` relative to the workspace root, as `lint` names
 * them: entries of the chronological files) to the archive, and commits the vault.
 */
export async function archiveMemories(v: Vault, ids: readonly string[]): Promise<ArchiveResult> {
  if (!ids.length) return { archived: [], committed: false };
  return withLockAsync(v.lockFile, async () => {
    // Check every entry first: one that is not there (any more) changes nothing.
    const byFile = new Map<string, { abs: string; lines: string[]; at: Map<number, TruthMemory> }>();
    const wanted: { file: string; line: number; id: string }[] = [];
    for (const id of [...new Set(ids)]) {
      const m = /^(.+):(\d+)$/.exec(id);
      if (!m) throw inputError(`archive: expected file:line, got "${id}"`);
      const file = m[1].replace(/\\/g, '/');
      const abs = path.join(v.root, file);
      if (path.dirname(abs) !== v.chronoDir) throw inputError(`archive: ${id} is not in the chronological files (${rel(v, v.chronoDir)}/)`);
      let f = byFile.get(file);
      if (!f) {
        const text = readTextIfExists(abs);
        if (text === undefined) throw inputError(`archive: ${file} does not exist`);
        const day = /^(\d{4}-\d{2}-\d{2})\.md$/.exec(path.basename(abs))?.[1];
        f = { abs, lines: text.split('\n'), at: new Map(dayLines(file, text, day).map((x) => [x.line, x])) };
        byFile.set(file, f);
      }
      if (!f.at.has(Number(m[2]))) throw inputError(`archive: ${id} is no memory entry (it may have moved: run coresoul lint again)`);
      wanted.push({ file, line: Number(m[2]), id });
    }
    // Append to the archive, month by month, each entry under its day.
    const archived: ArchivedMemory[] = [];
    const perMonth = new Map<string, { day: string; lines: string[] }[]>();
    for (const w of wanted) {
      const f = byFile.get(w.file)!;
      const mem = f.at.get(w.line)!;
      const day = mem.at.slice(0, 10);
      const span = entrySpan(f.lines, w.line - 1);
      const moved = f.lines.slice(span.start, span.end).map((l) => l.replace(/\r$/, ''));
      moved[0] = `${moved[0]} (archived from ${w.id})`;
      const month = day.slice(0, 7);
      const list = perMonth.get(month) ?? [];
      perMonth.set(month, list);
      list.push({ day, lines: moved });
      archived.push({ from: w.id, to: rel(v, archiveFileOf(v, day)), text: mem.text });
    }
    makeDir(archiveDir(v));
    for (const [month, entries] of perMonth) {
      const file = archiveFileOf(v, month);
      let lastDay = lastHeading(readTextIfExists(file) ?? '');
      const out: string[] = [];
      for (const e of entries.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))) {
        if (e.day !== lastDay) out.push('', `## ${e.day}`, '');
        lastDay = e.day;
        out.push(...e.lines);
      }
      appendLines(file, `${out.join('\n')}\n`, { header: `# Archive ${month}\n\n<!-- Memories moved out of the chronological files by coresoul archive (docs/truth.md#archiving): coresoul search --archived finds them. -->\n` });
    }
    // Then take them out of their files.
    for (const [file, f] of byFile) {
      const drop = new Set<number>();
      for (const w of wanted.filter((x) => x.file === file)) {
        const span = entrySpan(f.lines, w.line - 1);
        for (let i = span.start; i < span.end; i++) drop.add(i);
      }
      atomicWrite(f.abs, f.lines.filter((_l, i) => !drop.has(i)).join('\n'));
    }
    try {
      const { committed } = await commitVault(v, `memory: archived ${archived.length} unused ${archived.length === 1 ? 'memory' : 'memories'} to ${ARCHIVE_DIR}/`);
      return { archived, committed };
    } catch (err) {
      if (!(err instanceof CoreSoulError)) throw err;
      return { archived, committed: false, warning: notCommitted('archived', err.message.split('\n')[0]) };
    }
  });
}

/** An entry's line and its continuation lines (indented, not blank): [start, end). */
function entrySpan(lines: string[], start: number): { start: number; end: number } {
  let end = start + 1;
  while (end < lines.length && lines[end].startsWith('  ') && lines[end].trim()) end++;
  return { start, end };
}

/** The last `## YYYY-MM-DD` heading of an archive file's text. */
function lastHeading(text: string): string | undefined {
  const all = [...text.matchAll(/^## (\d{4}-\d{2}-\d{2})\s*$/gm)];
  return all.length ? all[all.length - 1][1] : undefined;
}


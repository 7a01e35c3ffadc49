/**
 * An OpenClaw agent workspace (docs/import.md#openclaw): `memory/YYYY-MM-DD.md` daily logs
 * (dated lines), `MEMORY.md` long-term memory (facts; a `YYYY-MM-DD:` line is dated), `USER.md`
 * about the user (their stated preferences), and `SOUL.md` / `IDENTITY.md` (identity: a persona
 * proposal). `AGENTS.md`, `TOOLS.md`, `HEARTBEAT.md` and `BOOTSTRAP.md` are OpenClaw's operating
 * instructions, not memories. Layout: https://docs.openclaw.ai/concepts/agent-workspace
 */
import { isDay } from '../../shared/clock';
import { type SourceRead, emptyRead } from '../plan';
import type { Source } from '../source';
import { itemsOfMarkdown, preferenceHeading } from './markdownLines';

const DAILY = /^(\d{4}-\d{2}-\d{2})(?:-[^/]*)?\.md$/;
const IDENTITY_FILES = ['IDENTITY.md', 'SOUL.md'];
const INSTRUCTION_FILES = ['AGENTS.md', 'TOOLS.md', 'HEARTBEAT.md', 'BOOTSTRAP.md'];

export const looksLikeOpenClaw = (src: Source) =>
  !src.file && (src.has('SOUL.md') || src.has('USER.md') || src.list('memory').some((e) => DAILY.test(e.name)));

export function readOpenClaw(src: Source): SourceRead {
  const out = emptyRead('openclaw');
  const text = (file: string): string | undefined => {
    if (!src.has(file)) return undefined;
    const r = src.read(file);
    if ('skipped' in r) out.skipped.push(r.skipped);
    return 'text' in r ? r.text : undefined;
  };
  for (const file of IDENTITY_FILES) {
    const t = text(file);
    if (t?.trim()) out.identity.push({ text: t, where: file });
  }
  const user = text('USER.md');
  if (user !== undefined) itemsOfMarkdown(out, 'USER.md', user, { preferred: true });
  const memoryFile = src.has('MEMORY.md') ? 'MEMORY.md' : 'memory.md';
  const memory = text(memoryFile);
  if (memory !== undefined) {
    itemsOfMarkdown(out, memoryFile, memory, { preferred: preferenceHeading });
    for (const item of out.items) {
      const dated = item.where.startsWith(`${memoryFile}:`) && /^(\d{4}-\d{2}-\d{2})\s*[:：-]\s*(.+)$/.exec(item.text);
      if (dated && isDay(dated[1])) Object.assign(item, { day: dated[1], time: '00:00:00', text: dated[2] });
    }
  }
  for (const e of src.list('memory')) {
    const m = DAILY.exec(e.name);
    const file = `memory/${e.name}`;
    if (e.dir || !e.name.endsWith('.md')) continue;
    if (!m || !isDay(m[1])) {
      out.skipped.push({ item: file, reason: 'not a daily log (memory/YYYY-MM-DD.md)' });
      continue;
    }
    const t = text(file);
    if (t !== undefined) itemsOfMarkdown(out, file, t, { day: m[1] });
  }
  for (const file of INSTRUCTION_FILES) {
    if (src.has(file)) out.skipped.push({ item: file, reason: "OpenClaw's operating instructions, not memories" });
  }
  return out;
}

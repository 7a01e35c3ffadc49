/**
 * The MCP reference memory server's knowledge graph (docs/import.md#mcp-memory): JSON lines,
 * `{"type":"entity","name","entityType","observations":[…]}` and
 * `{"type":"relation","from","to","relationType"}` (modelcontextprotocol/servers, src/memory/index.ts,
 * `loadGraph` / `saveGraph`). Each observation is a fact of its entity; each relation a line
 * linking both ends. A line that is not JSON (a truncated write) is skipped with its number.
 */
import * as z from 'zod/mini';
import { type ImportItem, type SourceRead, emptyRead, kindOfType, parseEntryText, relationLine } from '../plan';
import type { Source } from '../source';
import { firstIssue } from '../../shared/validation';

export const MCP_MEMORY_FILE = 'memory.jsonl';

const EntityLine = z.object({ type: z.literal('entity'), name: z.string(), entityType: z.string(), observations: z.array(z.string()) });
const RelationLine = z.object({ type: z.literal('relation'), from: z.string(), to: z.string(), relationType: z.string() });

/** Whether a text looks like the memory server's file: its first line is one of its records. */
export function looksLikeMcpMemory(text: string): boolean {
  const first = text.split('\n', 1)[0];
  return /^\s*\{\s*"type"\s*:\s*"(entity|relation)"/.test(first);
}

export function readMcpMemory(src: Source): SourceRead {
  const out = emptyRead('mcp-memory');
  const file = src.file ?? MCP_MEMORY_FILE;
  const read = src.read(file);
  if ('skipped' in read) {
    out.skipped.push(read.skipped);
    return out;
  }
  const relations: { from: string; to: string; type: string; where: string }[] = [];
  read.text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const where = `${file} line ${i + 1}`;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      out.skipped.push({ item: where, reason: 'not valid JSON (a truncated line?)' });
      return;
    }
    const type = (record as { type?: unknown } | null)?.type;
    if (type === 'entity') {
      const e = EntityLine.safeParse(record);
      if (!e.success) return void out.skipped.push({ item: where, reason: `not an entity: ${firstIssue(e.error)}` });
      const kind = kindOfType(e.data.entityType);
      out.kinds.set(e.data.name.toLowerCase(), kind);
      const entities = [{ kind, name: e.data.name }];
      if (!e.data.observations.length) out.items.push({ text: `[[${e.data.name}]] is a ${e.data.entityType}`, entities, where });
      e.data.observations.forEach((o, k) => {
        const item: ImportItem = { ...parseEntryText(o), entities, where: `${where} observation ${k + 1}` };
        if (item.text.trim()) out.items.push(item);
      });
    } else if (type === 'relation') {
      const r = RelationLine.safeParse(record);
      if (!r.success) return void out.skipped.push({ item: where, reason: `not a relation: ${firstIssue(r.error)}` });
      relations.push({ from: r.data.from, to: r.data.to, type: r.data.relationType, where });
    } else {
      out.skipped.push({ item: where, reason: `not an entity or a relation (type ${JSON.stringify(type)})` });
    }
  });
  for (const r of relations) {
    const ends = [r.from, r.to].map((name) => ({ kind: out.kinds.get(name.toLowerCase()), name }));
    out.items.push({ text: relationLine(r.from, r.type, r.to), entities: ends, where: r.where });
  }
  return out;
}

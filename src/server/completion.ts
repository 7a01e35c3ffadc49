/**
 * Completion after `[[`: entities (their kind as detail), their aliases (inserting
 * `Name|alias`) and days, matched against what was typed and ranked by how often and how
 * recently each is linked. Only the best items are sent; the list says it is incomplete so
 * the editor asks again as the user types, which keeps a 10k-entity vault fast.
 */
import {
  type CompletionItem,
  CompletionItemKind,
  type CompletionList,
  MarkupKind,
  type Position,
  type Range,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Entity } from '../core/linkIndex';
import { previewMarkdown } from './navigation';
import { frecency, matchTier } from './ranking';
import { type Session, lineText } from './session';

export const MAX_ITEMS = 100;

interface Candidate {
  label: string;
  /** What the link's target becomes. */
  target: string;
  /** Inserted after the target when the link has no `|alias` yet. */
  alias?: string;
  kind: CompletionItemKind;
  detail: string;
  tier: number;
  score: number;
}

/** Where the `[[` being typed is, what was typed after it, and what follows the cursor. */
export function linkBeingTyped(doc: TextDocument, position: Position): { query: string; range: Range; follow: '' | ']]' | '|' | '#' } | undefined {
  const line = lineText(doc, position.line);
  const before = line.slice(0, position.character);
  const open = before.lastIndexOf('[[');
  if (open === -1) return undefined;
  const query = before.slice(open + 2);
  if (/[[\]|#]/.test(query)) return undefined;
  const after = /^([^[\]\n|#]*)(\]\]|\||#)?/.exec(line.slice(position.character))!;
  const follow = (after[2] ?? '') as '' | ']]' | '|' | '#';
  const end = follow ? position.character + after[1].length : position.character;
  return { query, range: { start: { line: position.line, character: open + 2 }, end: { line: position.line, character: end } }, follow };
}

export function complete(session: Session, doc: TextDocument, position: Position): CompletionList | null {
  const typed = linkBeingTyped(doc, position);
  if (!typed) return null;
  const { index } = session;
  const query = typed.query.trim().toLowerCase();
  const today = session.today();
  const found: Candidate[] = [];

  const entityScore = (e: Entity) => frecency(index.linkCount(e.name), e.lastDay, today);
  for (const e of index.entities()) {
    const tier = matchTier(e.name, query);
    if (tier !== -1) found.push({ label: e.name, target: e.name, kind: CompletionItemKind.File, detail: e.kind, tier, score: entityScore(e) });
    for (const alias of e.aliases) {
      const aliasTier = matchTier(alias, query);
      if (aliasTier !== -1) {
        found.push({ label: alias, target: e.name, alias, kind: CompletionItemKind.Reference, detail: `alias of ${e.name} · ${e.kind}`, tier: aliasTier, score: entityScore(e) });
      }
    }
  }
  const days = index.days();
  for (const day of days.includes(today) ? days : [today, ...days]) {
    const tier = matchTier(day, query);
    if (tier === -1) continue;
    const where = index.resolve(day);
    const detail = day === today ? 'today' : where?.type === 'day' && where.monthly ? 'day · monthly summary' : 'day';
    found.push({ label: day, target: day, kind: CompletionItemKind.Event, detail, tier, score: frecency(index.linkCount(day), day, today) });
  }

  found.sort((a, b) => a.tier - b.tier || b.score - a.score || (a.label < b.label ? -1 : 1));
  const items = found.slice(0, MAX_ITEMS).map((c, i): CompletionItem => {
    const alias = c.alias && (typed.follow === '' || typed.follow === ']]') ? `|${c.alias}` : '';
    return {
      label: c.label,
      kind: c.kind,
      detail: c.detail,
      sortText: String(i).padStart(4, '0'),
      filterText: c.label,
      textEdit: { range: typed.range, newText: `${c.target}${alias}${typed.follow ? '' : ']]'}` },
      data: { target: c.target },
    };
  });
  return { isIncomplete: found.length > MAX_ITEMS, items };
}

/** Adds the target's first lines as documentation when the editor shows an item's details. */
export async function resolveItem(session: Session, item: CompletionItem): Promise<CompletionItem> {
  const target = (item.data as { target?: unknown } | undefined)?.target;
  if (typeof target !== 'string') return item;
  const markdown = await previewMarkdown(session, target);
  return markdown ? { ...item, documentation: { kind: MarkupKind.Markdown, value: markdown } } : item;
}

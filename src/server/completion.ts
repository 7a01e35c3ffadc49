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
import type { Entity } from '../core/links/linkIndex';
import { previewMarkdown } from './navigation';
import { best, frecency, matchTier } from './ranking';
import { type Session, lineText } from './session';

export const MAX_ITEMS = 100;

// Lower-case name and aliases per entity; an entity object is replaced when its note changes.
const lowered = new WeakMap<Entity, { name: string; aliases: string[] }>();
function lower(e: Entity) {
  let l = lowered.get(e);
  if (!l) lowered.set(e, (l = { name: e.name.toLowerCase(), aliases: e.aliases.map((a) => a.toLowerCase()) }));
  return l;
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

/**
 * The best items for what was typed. Every entity, alias and day is ranked as a number
 * (tier, then frecency; see ranking.ts) and only the kept ones become items, so a 10k-entity
 * vault costs one pass over plain arrays per keystroke.
 */
export function complete(session: Session, doc: TextDocument, position: Position): CompletionList | null {
  const typed = linkBeingTyped(doc, position);
  if (!typed) return null;
  const { index } = session;
  const query = typed.query.trim().toLowerCase();
  const today = session.today();
  const score = frecency(today);
  const entities = index.entities();
  const days = index.days().includes(today) ? index.days() : [today, ...index.days()];

  // Candidate i: entity `who[i]` by its name (`alias[i]` = -1) or by an alias; or day `who[i]` (alias[i] = -2).
  const ranks: number[] = [];
  const who: number[] = [];
  const alias: number[] = [];
  const add = (tier: number, s: number, w: number, a: number) => {
    ranks.push(tier * 1000 - s);
    who.push(w);
    alias.push(a);
  };
  entities.forEach((e, w) => {
    const l = lower(e);
    const tier = matchTier(l.name, query);
    let s: number | undefined;
    if (tier !== -1) add(tier, (s = score(index.linkCount(e.name), e.lastDay)), w, -1);
    l.aliases.forEach((a, i) => {
      const t = matchTier(a, query);
      if (t !== -1) add(t, (s ??= score(index.linkCount(e.name), e.lastDay)), w, i);
    });
  });
  days.forEach((day, w) => {
    const tier = matchTier(day, query);
    if (tier !== -1) add(tier, score(index.linkCount(day), day), w, -2);
  });

  const labelOf = (i: number) => (alias[i] === -2 ? days[who[i]] : alias[i] === -1 ? entities[who[i]].name : entities[who[i]].aliases[alias[i]]);
  const kept = best(ranks, MAX_ITEMS, labelOf);
  const items = kept.map((i, n): CompletionItem => {
    const label = labelOf(i);
    const entity = alias[i] === -2 ? undefined : entities[who[i]];
    const target = entity?.name ?? label;
    const byAlias = alias[i] >= 0;
    const aliasText = byAlias && (typed.follow === '' || typed.follow === ']]') ? `|${label}` : '';
    return {
      label,
      kind: byAlias ? CompletionItemKind.Reference : entity ? CompletionItemKind.File : CompletionItemKind.Event,
      detail: entity ? (byAlias ? `alias of ${entity.name} · ${entity.kind}` : entity.kind) : dayDetail(session, label, today),
      sortText: String(n).padStart(4, '0'),
      textEdit: { range: typed.range, newText: `${target}${aliasText}${typed.follow ? '' : ']]'}` },
      data: { target },
    };
  });
  return { isIncomplete: ranks.length > MAX_ITEMS, items };
}

function dayDetail(session: Session, day: string, today: string): string {
  if (day === today) return 'today';
  const t = session.index.resolve(day);
  return t?.type === 'day' && t.monthly ? 'day · monthly summary' : 'day';
}

/** Adds the target's first lines as documentation when the editor shows an item's details. */
export async function resolveItem(session: Session, item: CompletionItem): Promise<CompletionItem> {
  const target = (item.data as { target?: unknown } | undefined)?.target;
  if (typeof target !== 'string') return item;
  const markdown = await previewMarkdown(session, target);
  return markdown ? { ...item, documentation: { kind: MarkupKind.Markdown, value: markdown } } : item;
}

/**
 * Reading the link graph: go to definition (entity notes, daily files, the `## YYYY-MM-DD`
 * section of an L3 monthly file, `#headings`), references (backlinks), hover previews,
 * document links and workspace symbols.
 */
import * as path from 'node:path';
import {
  type DocumentLink,
  type Hover,
  type Location,
  MarkupKind,
  type Position,
  type Range,
  type SymbolInformation,
  SymbolKind,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { Cancelled, type LinkAt, type Target, linkAtColumn, placeLinks } from '../core/links/linkIndex';
import type { Link } from '../core/vault/wikilinks';
import type { EntityKind } from '../core/vault/layout';
import type { Backlink, BacklinksResult } from './protocol';
import { matchTier } from './ranking';
import { type Session, lineText, toUri } from './session';

const lineRange = (line: number, start = 0, end = start): Range => ({ start: { line, character: start }, end: { line, character: end } });
const location = (file: string, line: number): Location => ({ uri: toUri(file), range: lineRange(line) });
const linkLocation = (l: LinkAt): Location => ({ uri: toUri(l.file), range: lineRange(l.line, l.start, l.end) });

/** The `[[link]]` under the cursor, with its line's text. */
export function linkAt(doc: TextDocument, position: Position): { link: Link; text: string } | undefined {
  const text = lineText(doc, position.line);
  const link = linkAtColumn(text, position.character);
  return link && { link, text };
}

export async function definition(session: Session, doc: TextDocument, position: Position): Promise<Location | null> {
  const at = linkAt(doc, position);
  const target = at && session.index.resolve(at.link.target);
  if (!target) return null;
  return location(target.file, await session.index.lineOf(target, at.link.heading));
}

/**
 * What references are asked about: the target of the link under the cursor, else what the
 * document itself stands for (an entity note, a daily file, the L3 section around the cursor).
 */
function subjectAt(session: Session, file: string, doc: TextDocument, position: Position): string | undefined {
  const at = linkAt(doc, position);
  if (at) {
    const t = session.index.resolve(at.link.target);
    return t?.type === 'entity' ? t.entity.name : at.link.target;
  }
  const own = session.index.targetsOf(file);
  if (own.length <= 1) return own[0];
  // A monthly file: the section whose heading is the last one at or above the cursor.
  let best: { day: string; line: number } | undefined;
  for (const day of own) {
    const t = session.index.resolve(day);
    if (t && t.line <= position.line && (!best || t.line > best.line)) best = { day, line: t.line };
  }
  return best?.day;
}

export function references(session: Session, file: string, doc: TextDocument, position: Position, includeDeclaration: boolean, signal: AbortSignal): Location[] | null {
  const subject = subjectAt(session, file, doc, position);
  if (!subject) return null;
  const found = session.index.backlinks(subject, signal).map(linkLocation);
  const target = includeDeclaration ? session.index.resolve(subject) : undefined;
  return target ? [location(target.file, target.line), ...found] : found;
}

/** The backlinks of a whole document with each linking line's text (for a Backlinks view). */
export async function documentBacklinks(session: Session, file: string, signal: AbortSignal): Promise<BacklinksResult> {
  const targets = session.index.targetsOf(file);
  const links = targets.flatMap((t) => session.index.backlinks(t, signal));
  const out: Backlink[] = [];
  let cached: { file: string; lines: string[] } | undefined;
  for (const l of links) {
    if (cached?.file !== l.file) {
      if (signal.aborted) throw new Cancelled();
      cached = { file: l.file, lines: ((await session.text(l.file)) ?? '').split(/\r?\n/) };
    }
    out.push({ uri: toUri(l.file), line: l.line, start: l.start, end: l.end, text: (cached.lines[l.line] ?? '').trim() });
  }
  return { targets, links: out };
}

const describe = (session: Session, t: Target): string => {
  const links = session.index.linkCount(t.type === 'entity' ? t.entity.name : t.day);
  const counted = `${links} link${links === 1 ? '' : 's'}`;
  if (t.type === 'entity') return `**${t.entity.name}** · ${t.entity.kind} · ${counted}`;
  return `**${t.day}** · ${t.monthly ? `monthly summary in ${path.basename(t.file)}` : 'day'} · ${counted}`;
};

/** A Markdown preview of a link target: what it is, then its first lines. */
export async function previewMarkdown(session: Session, target: string, heading?: string): Promise<string | undefined> {
  const t = session.index.resolve(target);
  if (!t) return undefined;
  const excerpt = await session.index.excerpt(t, heading);
  const body = excerpt?.lines.join('\n').trim();
  return body ? `${describe(session, t)}\n\n---\n\n${body}` : describe(session, t);
}

export async function hover(session: Session, doc: TextDocument, position: Position): Promise<Hover | null> {
  const at = linkAt(doc, position);
  if (!at) return null;
  const { link } = at;
  const range = lineRange(position.line, link.start, link.end);
  const markdown = (await previewMarkdown(session, link.target, link.heading)) ?? `No note for \`${link.target}\` in the vault yet.`;
  return { contents: { kind: MarkupKind.Markdown, value: markdown }, range };
}

/** Every resolvable link of a document, pointing at its note (L3 sections at their heading's line). */
export function documentLinks(session: Session, doc: TextDocument, signal: AbortSignal): DocumentLink[] {
  const out: DocumentLink[] = [];
  for (const l of placeLinks(doc.getText())) {
    if (signal.aborted) throw new Cancelled();
    const t = session.index.resolve(l.target);
    if (!t) continue;
    const fragment = t.line > 0 ? `#L${t.line + 1}` : '';
    out.push({ range: lineRange(l.line, l.character + 2, l.endCharacter - 2), target: `${toUri(t.file)}${fragment}`, tooltip: t.type === 'entity' ? `${t.entity.kind}/${t.entity.name}` : t.day });
  }
  return out;
}

const SYMBOL_KINDS: Record<EntityKind, SymbolKind> = {
  people: SymbolKind.Object,
  events: SymbolKind.Event,
  places: SymbolKind.Namespace,
  objects: SymbolKind.Class,
};
export const MAX_SYMBOLS = 500;

/** Entities (also by alias) and days whose name matches the query, best matches first. */
export function workspaceSymbols(session: Session, query: string, signal: AbortSignal): SymbolInformation[] {
  const q = query.trim().toLowerCase();
  const found: { tier: number; symbol: SymbolInformation }[] = [];
  for (const e of session.index.entities()) {
    if (signal.aborted) throw new Cancelled();
    const names = [e.name, ...e.aliases];
    const tiers = names.map((n) => matchTier(n.toLowerCase(), q)).filter((t) => t !== -1);
    if (!tiers.length) continue;
    found.push({ tier: Math.min(...tiers), symbol: { name: e.name, kind: SYMBOL_KINDS[e.kind], containerName: e.kind, location: location(e.file, 0) } });
  }
  for (const day of session.index.days()) {
    const tier = matchTier(day, q);
    const t = tier === -1 ? undefined : session.index.resolve(day);
    if (t) found.push({ tier, symbol: { name: day, kind: SymbolKind.Key, containerName: path.basename(t.file), location: location(t.file, t.line) } });
  }
  found.sort((a, b) => a.tier - b.tier || (a.symbol.name < b.symbol.name ? -1 : 1));
  return found.slice(0, MAX_SYMBOLS).map((f) => f.symbol);
}

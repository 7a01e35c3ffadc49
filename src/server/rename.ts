/**
 * Renaming an entity: one WorkspaceEdit the user can preview that rewrites the target of every
 * `[[link]]` to it (keeping `#heading` and `|alias`), retitles the note's `# Name`, and renames
 * `entities/<kind>/<Name>.md`. Text edits come first, on the old URIs, then the file rename.
 */
import * as path from 'node:path';
import {
  ErrorCodes,
  type Position,
  type Range,
  ResponseError,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { Cancelled, type Entity, linkAtColumn, targetColumns } from '../core/links/linkIndex';
import { entityNameProblem } from '../core/vault/wikilinks';
import { linkAt } from './navigation';
import { type Session, toUri } from './session';

const refuse = (message: string) => new ResponseError(ErrorCodes.InvalidRequest, message);
const range = (line: number, start: number, end: number): Range => ({ start: { line, character: start }, end: { line, character: end } });

/** The note's title line `# Name`, if it names the entity, with the columns of the name. */
function titleOf(lines: string[], entity: Entity): { line: number; start: number; end: number } | undefined {
  const line = lines.findIndex((l) => /^# /.test(l));
  const title = line === -1 ? '' : lines[line].slice(2).trim();
  if (title.toLowerCase() !== entity.name.toLowerCase()) return undefined;
  const start = lines[line].indexOf(title, 2);
  return { line, start, end: start + title.length };
}

/** The entity under the cursor (a link to it, or its note's title) and the range to rename. */
function entityAt(session: Session, file: string, doc: TextDocument, position: Position): { entity: Entity; range: Range } {
  const at = linkAt(doc, position);
  if (at) {
    const t = session.index.resolve(at.link.target);
    if (t?.type === 'day') throw refuse('A day cannot be renamed.');
    if (!t) throw refuse(`There is no entity "${at.link.target}" to rename.`);
    const cols = targetColumns(at.text, at.link);
    return { entity: t.entity, range: range(position.line, cols.start, cols.end) };
  }
  const own = session.index.entityOf(file);
  const title = own && titleOf(doc.getText().split(/\r?\n/), own);
  if (own && title && title.line === position.line) return { entity: own, range: range(title.line, title.start, title.end) };
  throw refuse('Put the cursor on a [[link]] to an entity, or on the title of an entity note, to rename it.');
}

export function prepareRename(session: Session, file: string, doc: TextDocument, position: Position): { range: Range; placeholder: string } {
  const { entity, range } = entityAt(session, file, doc, position);
  return { range, placeholder: entity.name };
}

export async function rename(
  session: Session,
  file: string,
  doc: TextDocument,
  position: Position,
  requested: string,
  canRenameFiles: boolean,
  signal: AbortSignal,
): Promise<WorkspaceEdit> {
  const { entity } = entityAt(session, file, doc, position);
  const newName = requested.trim();
  const problem = entityNameProblem(newName);
  if (problem) throw new ResponseError(ErrorCodes.InvalidParams, problem);
  const clash = session.index.entity(newName);
  if (clash && clash !== entity) throw refuse(`An entity "${clash.name}" already exists (${clash.kind}).`);
  if (!canRenameFiles) throw refuse('This editor cannot rename files through a language server.');

  const edits = new Map<string, TextEdit[]>();
  const add = (f: string, e: TextEdit) => edits.set(f, [...(edits.get(f) ?? []), e]);
  let lines: { file: string; lines: string[] } | undefined;
  for (const l of session.index.backlinks(entity.name, signal)) {
    if (lines?.file !== l.file) {
      if (signal.aborted) throw new Cancelled();
      lines = { file: l.file, lines: ((await session.text(l.file)) ?? '').split(/\r?\n/) };
    }
    const text = lines.lines[l.line] ?? '';
    const link = linkAtColumn(text, l.start);
    if (!link || link.start !== l.start) continue; // the file changed under the index; skip rather than guess
    const cols = targetColumns(text, link);
    add(l.file, { range: range(l.line, cols.start, cols.end), newText: newName });
  }
  const title = titleOf(((await session.text(entity.file)) ?? '').split(/\r?\n/), entity);
  if (title) add(entity.file, { range: range(title.line, title.start, title.end), newText: newName });

  const newFile = path.join(path.dirname(entity.file), `${newName}.md`);
  return {
    documentChanges: [
      ...[...edits].map(([f, e]) => ({ textDocument: { uri: toUri(f), version: session.versionOf(f) }, edits: e })),
      ...(newFile === entity.file ? [] : [{ kind: 'rename' as const, oldUri: toUri(entity.file), newUri: toUri(newFile), options: { overwrite: false, ignoreIfExists: false } }]),
    ],
  };
}

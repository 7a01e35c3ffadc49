/**
 * Broken links: a link to an entity with no note (warning, with one "Create entity" quick fix
 * per kind), a name that cannot become a file (error), a day the vault has no memory of
 * (information: mentioning a date is fine, there is just nothing to open).
 */
import {
  type CodeAction,
  CodeActionKind,
  type Diagnostic,
  DiagnosticSeverity,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { isDay } from '../core/shared/clock';
import { DEFAULT_ENTITY_KIND, entityHeader } from '../core/vault/entities';
import { placeLinks } from '../core/links/linkIndex';
import { entityNameProblem } from '../core/vault/wikilinks';
import { ENTITY_KINDS, type EntityKind, entityFile } from '../core/vault/layout';
import { type Session, toUri } from './session';

export const SOURCE = 'coresoul';
export const BROKEN_LINK = 'broken-link';
export const BAD_NAME = 'bad-entity-name';
export const MISSING_DAY = 'missing-day';

export function diagnose(session: Session, text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const l of placeLinks(text)) {
    const range = { start: { line: l.line, character: l.character }, end: { line: l.line, character: l.endCharacter } };
    if (session.index.resolve(l.target)) continue;
    if (isDay(l.target)) {
      out.push({ range, severity: DiagnosticSeverity.Information, source: SOURCE, code: MISSING_DAY, message: `No memory for ${l.target} in the vault.` });
      continue;
    }
    const problem = entityNameProblem(l.target);
    if (problem) {
      out.push({ range, severity: DiagnosticSeverity.Error, source: SOURCE, code: BAD_NAME, message: `[[${l.target}]] cannot become an entity note: ${problem}.` });
      continue;
    }
    const aliasOf = session.index.entitiesWithAlias(l.target)[0];
    const hint = aliasOf ? ` "${l.target}" is an alias of [[${aliasOf.name}]]: link [[${aliasOf.name}|${l.target}]].` : ' Create it with a quick fix.';
    out.push({ range, severity: DiagnosticSeverity.Warning, source: SOURCE, code: BROKEN_LINK, message: `No entity "${l.target}".${hint}`, data: { name: l.target } });
  }
  return out;
}

/** A WorkspaceEdit that creates the note (refusing to overwrite one) with the standard header. */
export function createEntityEdit(session: Session, kind: EntityKind, name: string): WorkspaceEdit {
  const uri = toUri(entityFile(session.vault, kind, name));
  return {
    documentChanges: [
      { kind: 'create', uri, options: { overwrite: false, ignoreIfExists: false } },
      { textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: entityHeader(kind, name, session.today()) }] },
    ],
  };
}

/** "Create entity" quick fixes, one per kind, for the broken links among `diagnostics`. */
export function quickFixes(session: Session, diagnostics: Diagnostic[], canCreateFiles: boolean): CodeAction[] {
  if (!canCreateFiles) return [];
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    const name = (d.data as { name?: unknown } | undefined)?.name;
    if (d.source !== SOURCE || d.code !== BROKEN_LINK || typeof name !== 'string' || entityNameProblem(name)) continue;
    for (const kind of ENTITY_KINDS) {
      actions.push({
        title: `Create entity "${name}" in ${kind}`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: kind === DEFAULT_ENTITY_KIND,
        edit: createEntityEdit(session, kind, name),
      });
    }
  }
  return actions;
}

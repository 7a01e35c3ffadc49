/**
 * What `@coresoul` does with one chat request, free of `vscode` so that it runs under node:test
 * with a scripted model. participant.ts adapts VS Code's chat API to these ports.
 */
import * as path from 'node:path';
import { type Clock, localDay } from '../../../core/shared/clock';
import { compressBeforeWrite } from '../../../core/compress/compress';
import { type BuiltContext, type ContextMode, type Recall, type TokenCounter, buildContext, nextMode } from '../../../core/context/context';
import { citation, quoted, recordedNotes } from '../../../core/context/recorded';
import { findEntity } from '../../../core/vault/entities';
import { proposePersonaChange, readPersona } from '../../../core/persona/proposals';
import { modelJudge } from '../../../core/safety/modelJudge';
import { CoreSoulError } from '../../../core/shared/errors';
import type { LanguageModel } from '../../../core/compress/modelCompress';
import { packVault } from '../../../core/archive/pack';
import { vaultStatus } from '../../../core/memory/status';
import { memoriesFromTurn } from '../../../core/memory/turnMemory';
import type { Vault } from '../../../core/vault/layout';
import { rememberAll } from '../../../core/memory/remember';
import type { WriteRequest, WriteResult } from '../../../core/memory/write';
import { CompressionCancelled, compressFromEditor } from '../../shared/compression.model';
import { parseProposalReply, personaPrompt } from '../../shared/personaRequest.model';
import { judgeNote, refusalReasons } from '../../../core/persona/refusals';
import { notCommitted } from '../../../core/vault/history';
import { redactionNotice } from '../../../core/safety/secrets';

export interface ChatModel extends LanguageModel {
  /** Streams the reply to `onText` as it comes; resolves with the whole text. */
  stream(prompt: string, onText: (chunk: string) => void, signal: AbortSignal): Promise<string>;
  /** True when an error from this model means "the prompt is too large". */
  isTooLarge(err: unknown): boolean;
}

/** Where the answer goes: the chat response stream, or a recorder in tests. */
export interface ChatOutput {
  markdown(text: string): void;
  progress(text: string): void;
  /** A cited source: a file relative to the workspace root, 1-based line. */
  reference(file: string, line: number): void;
  /** Offers to undo what was recorded in this turn. */
  undo(written: WriteResult[]): void;
  /** Opens an accepted persona proposal for review (a diff with Apply and Reject). */
  review(proposalId: string): void;
  /** Offers to show a file the command wrote (relative to the workspace root). */
  reveal(file: string): void;
}

export interface ChatDeps {
  vault: Vault;
  clock: Clock;
  tokens: TokenCounter;
  /** The memory switch (docs/memory.md#memory-switch). */
  memory: boolean;
  /** Relevant memories for a query (the search pipeline). */
  recall: Recall;
  model?: ChatModel;
  /** The bundled CLI, packed into archives of a vault that has no copy of its own. */
  cliBundle?: string;
  signal: AbortSignal;
  warn(message: string): void;
}

export interface ChatRequest {
  command?: string;
  prompt: string;
}

export const COMMANDS = ['remember', 'recall', 'compress', 'status', 'persona', 'pack'] as const;

const MEMORY_OFF = 'Memory is switched off for this workspace (Core Soul: Toggle Memory): nothing is read from or written to memory.';
const NO_MODEL = 'No language model is available, so I cannot answer free questions or draft persona changes. These work without one: `/remember`, `/recall`, `/compress`, `/status`, `/pack`.';

/** Answers one request; returns what it wrote to memory. Errors a user can cause are shown, not thrown. */
export async function handleChat(req: ChatRequest, deps: ChatDeps, out: ChatOutput): Promise<WriteResult[]> {
  try {
    switch (req.command) {
      case 'remember':
        return await remember(req.prompt, deps, out);
      case 'recall':
        await recall(req.prompt, deps, out);
        return [];
      case 'compress':
        await runCompression(deps, out);
        return [];
      case 'status':
        await status(deps, out);
        return [];
      case 'persona':
        await personaChange(req.prompt, deps, out);
        return [];
      case 'pack':
        await pack(deps, out);
        return [];
      case undefined:
        return await converse(req.prompt, deps, out);
      default:
        out.markdown(`Unknown command \`/${req.command}\`. Try ${COMMANDS.map((c) => `\`/${c}\``).join(', ')}.`);
        return [];
    }
  } catch (err) {
    if (!(err instanceof CoreSoulError)) throw err;
    out.markdown(`**Core Soul:** ${err.message}`);
    return [];
  }
}

async function remember(text: string, deps: ChatDeps, out: ChatOutput): Promise<WriteResult[]> {
  if (!deps.memory) return out.markdown(MEMORY_OFF), [];
  const written = await record(deps, [{ text }]);
  out.markdown(`Remembered in \`${written[0].file}:${written[0].line}\`.`);
  out.reference(written[0].file, written[0].line);
  out.undo(written);
  return written;
}

/** `/recall <query>`, or `/recall <query> --page N` for what earlier answers left out. */
async function recall(prompt: string, deps: ChatDeps, out: ChatOutput): Promise<void> {
  if (!deps.memory) return out.markdown(MEMORY_OFF);
  const paged = /^(.*?)\s+--page\s+(\d{1,3})\s*$/s.exec(prompt);
  const [query, page] = paged ? [paged[1], Math.max(1, Number(paged[2]))] : [prompt, 1];
  const { snippets, more } = await deps.recall(query, 2000, page);
  if (!snippets.length) return out.markdown(page > 1 ? `Nothing more in memory for "${query}".` : `Nothing found in memory for "${query}".`);
  // Recorded notes, quoted (docs/trust.md#memories-are-data): what memory holds never reads as the chat's own words.
  out.markdown(recordedNotes(snippets.map((s) => `- ${citation(deps.vault.root, s)}\n\n  ${quoted(s.text).replace(/\n/g, '\n  ')}`).join('\n')));
  if (more) out.markdown(`\n\n_${more} more matching line(s): \`/recall ${query} --page ${page + 1}\`_`);
  for (const s of snippets) out.reference(s.open ?? s.file, s.line);
}

async function runCompression(deps: ChatDeps, out: ChatOutput): Promise<void> {
  if (!deps.memory) return out.markdown(MEMORY_OFF);
  out.progress(deps.model ? `Compressing with ${deps.model.name}…` : 'Compressing…');
  try {
    const report = await compressFromEditor(deps.vault, { now: deps.clock.now(), force: true, model: deps.model, warn: deps.warn }, deps.signal);
    out.markdown(
      `Compressed (week of ${report.weekOf}): ${report.l1ToL2.length} day(s) to hourly summaries, ${report.l2ToL3.length} day(s) into monthly files; ${report.linksChecked} links checked, ${report.linksLost} lost.`,
    );
  } catch (err) {
    if (!(err instanceof CompressionCancelled)) throw err;
    out.markdown('Compression cancelled; nothing was changed.');
  }
}

async function status(deps: ChatDeps, out: ChatOutput): Promise<void> {
  const s = await vaultStatus(deps.vault, deps.clock.now());
  const e = s.entities;
  out.markdown(
    [
      `**Memory** ${deps.memory ? 'on' : 'off'} · last compression ${s.lastCompressionDate}${s.compressionDue ? ' (due)' : ''}`,
      `- days: ${s.days.L1} detailed, ${s.days.L2} summarised, ${s.days.L3} archived`,
      `- entities: ${e.people} people, ${e.events} events, ${e.places} places, ${e.objects} objects`,
      `- history: ${s.git.enabled ? `${s.git.commits} commits` : 'off'}`,
      ...s.warnings.map((w) => `- ⚠ ${w}`),
    ].join('\n'),
  );
}

/**
 * The whole soul into `core_soul_deploy.tar.gz` at the workspace root, as `coresoul pack` does.
 * Allowed with memory off: the user exports their own files; no model reads them.
 */
async function pack(deps: ChatDeps, out: ChatOutput): Promise<void> {
  out.progress('Packing the soul…');
  const r = await packVault(deps.vault, { now: deps.clock.now(), cliBundle: deps.cliBundle });
  const file = path.relative(deps.vault.root, r.out);
  const history = r.history === 'bundle' ? `its history (${r.commits} commits)` : 'no history';
  out.markdown(
    [
      `Packed ${r.files} files into \`${file}\` (${(r.bytes / 1024).toFixed(1)} KiB, sha256 \`${r.sha256.slice(0, 12)}…\`): AGENTS.md, ${r.skills.length} skills, .CoreSoul with ${history}.`,
      ...r.skipped.map((x) => `- skipped \`${x.path}\`: ${x.reason}`),
      `Restore it elsewhere with \`coresoul restore ${file} --root <empty folder>\`.`,
    ].join('\n\n'),
  );
  out.reveal(file);
}

/** The user commands a persona change: the model drafts it, the core gates, soul-checks and stores it for review. */
async function personaChange(request: string, deps: ChatDeps, out: ChatOutput): Promise<void> {
  if (!request.trim()) return out.markdown('Say what should change, e.g. `/persona be more concise in code reviews`.');
  const model = deps.model;
  if (!model) return out.markdown(NO_MODEL);
  out.progress('Drafting a persona change…');
  const prompt = personaPrompt(request, readPersona(deps.vault));
  let parsed = parseProposalReply(await model.complete(prompt, deps.signal));
  if (!parsed.ok) {
    parsed = parseProposalReply(await model.complete(`${prompt}\n\nYour previous reply was refused (${parsed.error}). Reply with the JSON object only.`, deps.signal));
  }
  if (!parsed.ok) return out.markdown(`The model did not produce a usable proposal (${parsed.error}); the persona is unchanged.`);
  const review = await proposePersonaChange(
    deps.vault,
    { changes: parsed.value.changes, trigger: 'explicit-command', reason: `${parsed.value.reason} (asked: ${request.trim()})` },
    // The model that drafted the change also reads it against the soul; it can only refuse what the rules passed.
    { clock: deps.clock, compress: compressBeforeWrite, memory: deps.memory, judge: modelJudge(model, deps.signal) },
  );
  if (!review.accepted) return out.markdown(`**Refused** — the persona is unchanged.\n\n${refusalReasons(review)}`);
  out.markdown(`Proposed a change to ${review.sections.join(', ')}. Review the diff and choose **Apply** or **Reject**; nothing is written before Apply.${judgeNote(review) && ` ${judgeNote(review)}`}\n\n\`\`\`diff\n${review.diff}\n\`\`\``);
  out.review(review.id);
}

async function converse(prompt: string, deps: ChatDeps, out: ChatOutput): Promise<WriteResult[]> {
  const model = deps.model;
  if (!model) return out.markdown(NO_MODEL), [];
  let mode: ContextMode | undefined = 'full';
  let answer: string | undefined;
  let context: BuiltContext | undefined;
  while (mode && answer === undefined) {
    context = await buildContext(deps.vault, {
      request: prompt,
      clock: deps.clock,
      tokens: deps.tokens,
      memory: deps.memory,
      recall: deps.recall,
      mode,
      budget: Math.max(100, Math.floor(model.maxPromptTokens * 0.75)),
    });
    if (mode === 'full') for (const g of context.guarded) deps.warn(`Core Soul: ${g}`);
    try {
      answer = await model.stream(context.text, (chunk) => out.markdown(chunk), deps.signal);
    } catch (err) {
      if (!model.isTooLarge(err)) throw err;
      mode = nextMode(mode);
      if (mode) out.progress(`The model refused the size of the context; retrying with the ${mode} context…`);
    }
  }
  if (answer === undefined) return out.markdown('\n\nThe model refused even the minimal context (soul, persona and your request).'), [];
  for (const source of context?.layers.find((l) => l.name === 'memories')?.sources ?? []) {
    const [file, line] = [source.slice(0, source.lastIndexOf(':')), Number(source.slice(source.lastIndexOf(':') + 1))];
    out.reference(file, line);
  }
  if (!deps.memory || deps.signal.aborted) return [];
  // The soul's Stable Memory Trigger: decisions, fixes and new entities of this turn.
  const memories = memoriesFromTurn({ request: prompt, response: answer }, (name) => findEntity(deps.vault, name) !== undefined);
  if (!memories.length) return [];
  const written = await record(deps, memories.map((m) => ({ ...m, from: 'capture' as const, via: 'chat' })));
  out.markdown(`\n\n---\nRecorded in memory: ${written.map((w, i) => `${memories[i].kind} \`${w.file}:${w.line}\``).join(', ')}.`);
  out.undo(written);
  return written;
}

async function record(deps: ChatDeps, entries: WriteRequest[]): Promise<WriteResult[]> {
  const { results, commitProblem } = await rememberAll(deps.vault, entries, { clock: deps.clock, source: `from chat on ${localDay(deps.clock.now())}` });
  if (commitProblem) deps.warn(`Core Soul: ${notCommitted('written', commitProblem)}`);
  const notice = redactionNotice(results.flatMap((r) => r.redacted ?? []));
  if (notice) deps.warn(`Core Soul: ${notice}`);
  return results;
}

/**
 * Weekly compression in the editor: by itself when the workspace opens (or memory is turned
 * on) after a week boundary has passed, and on demand with "Core Soul: Compress Now". It runs
 * in a cancellable progress notification and then says what moved. Summaries come from a chat
 * model (`vscode.lm`) when the user allowed it (`coresoul.compression.useLanguageModel`), else
 * from the built-in summariser. Activation only schedules the check; it runs afterwards.
 */
import * as vscode from 'vscode';
import type { LanguageModel } from '../../../core/compress/modelCompress';
import { type Vault, openVault } from '../../../core/vault/layout';
import { signalOf } from '../../shared/cancellation';
import type { Services } from '../../shared/services';
import { languageModel } from '../../shared/languageModel';
import type { EditorCompressionReport } from '../../shared/compression.model';
import { SECTION, USE_MODEL_SETTING, readUseModel } from '../../shared/settings.model';
import { inFolder, memoryUsable, showError } from '../../shared/ui';

/** Chat models register a few seconds after start-up: compression on open waits this long for one. */
const MODEL_WAIT_MS = 30_000;

export function register(context: vscode.ExtensionContext, services: Services): void {
  let running: Promise<EditorCompressionReport | undefined> | undefined;
  const run = (v: Vault, opts: { force: boolean; waitForModel: boolean }) => {
    if (running) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Core Soul: a compression is already running.'));
      return Promise.resolve(undefined);
    }
    running = compressWithProgress(services, v, opts).finally(() => (running = undefined));
    return running;
  };

  const compressIfDue = async () => {
    const state = services.vault.state;
    if (state.kind !== 'ready' || running) return;
    try {
      const { compressionDueOnOpen } = await import('../../shared/compression.model');
      if (compressionDueOnOpen(state.vault, services.clock.now(), services.memory.enabled)) await run(state.vault, { force: false, waitForModel: true });
    } catch (err) {
      showError(services, err);
    }
  };
  // After activate() has returned: opening the workspace never waits for the vault.
  const onOpen = setTimeout(() => void compressIfDue(), 0);

  context.subscriptions.push(
    { dispose: () => clearTimeout(onOpen) },
    services.memory.onDidChange((on) => on && void compressIfDue()),
    vscode.commands.registerCommand(
      'coresoul.compressNow',
      inFolder(services, async (root) => {
        if (!memoryUsable(services, vscode.l10n.t('Core Soul: memory is off in this workspace, so nothing was compressed.'))) return undefined;
        return run(openVault(root), { force: true, waitForModel: false });
      }),
    ),
  );
}

async function compressWithProgress(services: Services, v: Vault, opts: { force: boolean; waitForModel: boolean }) {
  const { window, l10n } = vscode;
  const { allowed, problem } = readUseModel(vscode.workspace.getConfiguration(SECTION).get(USE_MODEL_SETTING));
  if (problem) services.log.warn(problem);
  const { CompressionCancelled, compressFromEditor } = await import('../../shared/compression.model');
  return window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t('Core Soul: compressing memory'), cancellable: true },
    async (progress, token): Promise<EditorCompressionReport | undefined> => {
      let model: LanguageModel | undefined;
      if (allowed) {
        progress.report({ message: l10n.t('waiting for a language model…') });
        const chat = await firstChatModel(opts.waitForModel ? MODEL_WAIT_MS : 0, token, services.log);
        model = chat && languageModel(chat, token, l10n.t('Core Soul summarises past weeks of your project memory.'));
      }
      progress.report({ message: model ? l10n.t('summarising with {0}…', model.name) : l10n.t('summarising…') });
      try {
        const report = await compressFromEditor(
          v,
          {

          now: services.clock.now(),
          force: opts.force,
          model,
            warn: (m) => services.log.warn(m),
          },
          signalOf(token),
        );
        if (report.ran) tell(services, report, allowed);
        return report;
      } catch (err) {
        if (!(err instanceof CompressionCancelled)) throw err;
        void window.showInformationMessage(l10n.t('Core Soul: compression cancelled; nothing was changed.'));
        return undefined;
      }
    },
  );
}

function tell(services: Services, report: EditorCompressionReport, modelAllowed: boolean): void {
  const { window, l10n } = vscode;
  for (const o of report.odd) services.log.warn(`compress: ${o.file}: ${o.problem}`);
  const moved = report.l1ToL2.length + report.l2ToL3.length;
  if (!moved) {
    void window.showInformationMessage(l10n.t('Core Soul: memory is already compressed; nothing to do.'));
    return;
  }
  const use = report.summariser;
  const summaries = use
    ? l10n.t('Summaries by {0} ({1} hours; {2} by the built-in summariser).', use.model, use.fromModel, use.fallbacks.length)
    : modelAllowed
      ? l10n.t('No language model was available, so the built-in summariser wrote the summaries.')
      : '';
  const odd = report.odd.length ? l10n.t('{0} hand-edited line(s) kept as written; see the Core Soul output.', report.odd.length) : '';
  const text = l10n.t(
    'Core Soul: compressed memory (week of {0}): {1} day(s) to hourly summaries, {2} into monthly files; all {3} links kept.',
    report.weekOf,
    report.l1ToL2.length,
    report.l2ToL3.length,
    report.linksChecked,
  );
  void window.showInformationMessage([text, summaries, odd].filter(Boolean).join(' '));
}

/** The first chat model, waiting up to `waitMs` for one to register; undefined when none comes or on cancel. */
async function firstChatModel(waitMs: number, token: vscode.CancellationToken, log: vscode.LogOutputChannel): Promise<vscode.LanguageModelChat | undefined> {
  const pick = async () => {
    try {
      return (await vscode.lm.selectChatModels())[0];
    } catch (err) {
      log.warn('cannot list language models:', err as Error);
      return undefined;
    }
  };
  const now = await pick();
  if (now || !waitMs || token.isCancellationRequested) return now;
  return new Promise((resolve) => {
    const done = (model: vscode.LanguageModelChat | undefined) => {
      clearTimeout(timer);
      subscriptions.forEach((d) => d.dispose());
      resolve(model);
    };
    const timer = setTimeout(() => done(undefined), waitMs);
    const subscriptions = [
      vscode.lm.onDidChangeChatModels(async () => {
        const model = await pick();
        if (model) done(model);
      }),
      token.onCancellationRequested(() => done(undefined)),
    ];
  });
}

/**
 * Memory health (docs/truth.md#the-health-view): a webview with the growth of the memory, how
 * fresh it still is and the graph of entities, the findings of `coresoul lint` and the
 * superseded memories with one-click fixes (open, correct, retract, archive); and the same findings as
 * diagnostics on the vault's Markdown files, with code actions. The data is one core call run
 * in a worker thread (healthWorker.ts), first when the view opens or a vault file is opened, then
 * again after each save or change on disk; the webview only draws what it is sent.
 */
import * as crypto from 'node:crypto';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as vscode from 'vscode';
import type { FixId, HealthFinding } from '../../../core/lint/health';
import { PERSON } from '../../../core/lint/health';
import { correctMemory, forgetMemory } from '../../../core/memory/amend';
import { archiveMemories } from '../../../core/memory/archive';
import { CoreSoulError } from '../../../core/shared/errors';
import type { Vault } from '../../../core/vault/layout';
import type { Services } from '../../shared/services';
import { memoryUsable, openAt, showError } from '../../shared/ui';
import { type HealthViewData, diagnosticSpecs, quickFixes, retractReason } from './health.model';
import type { HealthAnswer, HealthRequest } from './healthWorker';

const { l10n } = vscode;
const SOURCE = 'Core Soul';
/** How long after the last save or change on disk the health is computed again. */
const SETTLE_MS = 800;

const SEVERITIES = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

/** Every text the view shows, localised here: the webview holds no words of its own. */
function viewStrings() {
  return {
    title: l10n.t('Memory Health'),
    computing: l10n.t('Reading the vault…'),
    refresh: l10n.t('Refresh'),
    memories: l10n.t('Memories'),
    entities: l10n.t('Entity notes'),
    stale: l10n.t('Stale'),
    superseded: l10n.t('Superseded'),
    duplicates: l10n.t('Duplicates'),
    orphans: l10n.t('Orphan notes'),
    growth: l10n.t('Growth of the memory'),
    byKind: l10n.t('By kind'),
    byAuthor: l10n.t('By author'),
    freshness: l10n.t('Freshness by when it was written'),
    graph: l10n.t('Entities and their links'),
    graphShown: l10n.t('{0} of {1} notes, {2} of {3} links'),
    graphEmpty: l10n.t('No entity notes yet.'),
    findings: l10n.t('What to fix'),
    noFindings: l10n.t('Nothing to fix: every memory is current.'),
    unlisted: l10n.t('and {0} more (all in the Problems panel)'),
    week: l10n.t('week of {0}'),
    month: l10n.t('month of {0}'),
    total: l10n.t('{0} in all'),
    fixes: { open: l10n.t('Open'), openRelated: l10n.t('Open the other'), correct: l10n.t('Correct…'), retract: l10n.t('Retract'), archive: l10n.t('Archive…') } satisfies Record<FixId, string>,
    kinds: {
      note: l10n.t('note'),
      decision: l10n.t('decision'),
      error: l10n.t('error'),
      correction: l10n.t('correction'),
      preference: l10n.t('preference'),
      entity: l10n.t('entity note'),
    } as Record<string, string>,
    states: {
      current: l10n.t('current'),
      changed: l10n.t('code changed since'),
      dead: l10n.t('code gone'),
      duplicate: l10n.t('duplicate'),
      superseded: l10n.t('superseded'),
    } as Record<string, string>,
    rules: {
      superseded: l10n.t('Superseded by a later memory'),
      'dead-citation': l10n.t('Cites code that is gone'),
      'changed-citation': l10n.t('Cites code changed since'),
      duplicate: l10n.t('Repeats an earlier memory'),
      contradiction: l10n.t('Contradicts a current memory'),
      'broken-link': l10n.t('Broken links'),
      'orphan-note': l10n.t('Orphan notes'),
      secret: l10n.t('Secrets'),
      cap: l10n.t('Over a cap'),
      unused: l10n.t('Unused for months: proposed for archiving'),
    } as Record<string, string>,
    entityKinds: { people: l10n.t('People'), events: l10n.t('Events'), places: l10n.t('Places'), objects: l10n.t('Objects') } as Record<string, string>,
    person: l10n.t('you'),
    personKey: PERSON,
  };
}
export type HealthStrings = ReturnType<typeof viewStrings>;

/** One health computation at a time, in a worker thread; a newer request ends the older one. */
class HealthRunner {
  private worker: Worker | undefined;
  constructor(private readonly script: string) {}

  run(req: HealthRequest): Promise<HealthAnswer | undefined> {
    this.stop();
    const worker = (this.worker = new Worker(this.script, { workerData: req }));
    return new Promise((resolve) => {
      let answered = false;
      worker.once('message', (a: HealthAnswer) => {
        answered = true;
        resolve(a);
        void worker.terminate();
      });
      worker.once('error', (err) => {
        answered = true;
        resolve({ ok: false, message: err.message.split('\n')[0], expected: false });
      });
      worker.once('exit', () => {
        if (this.worker === worker) this.worker = undefined;
        if (!answered) resolve(undefined); // stopped for a newer request
      });
    });
  }

  stop(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }
}

export function register(context: vscode.ExtensionContext, services: Services): void {
  const runner = new HealthRunner(path.join(context.extensionPath, 'dist', 'healthWorker.js'));
  const diagnostics = vscode.languages.createDiagnosticCollection('coresoul-health');
  let data: HealthViewData | undefined;
  let findings: HealthFinding[] = [];
  /** The findings by `<absolute file>:<0-based line>:<rule>`, for code actions. */
  let byPlace = new Map<string, HealthFinding>();
  let panel: vscode.WebviewPanel | undefined;
  /** Set once the health was asked for (a vault file opened, the view shown): from then on it follows the vault. */
  let following = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;

  const vault = (): Vault | undefined => (services.vault.state.kind === 'ready' ? services.vault.state.vault : undefined);
  const inVault = (file: string) => {
    const v = vault();
    return !!v && file.endsWith('.md') && file.startsWith(v.soulDir + path.sep);
  };

  const post = (message: unknown) => void panel?.webview.postMessage(message);
  /** The view drawn again as it was: a fix given up leaves its button usable (the view disables one once clicked). */
  const redraw = () => data && post({ type: 'data', data, strings: viewStrings() });

  const compute = async (): Promise<void> => {
    const v = vault();
    if (!v || !services.memory.enabled) {
      runner.stop();
      diagnostics.clear();
      if (v) post({ type: 'error', message: l10n.t('Memory is off for this workspace: turn it on to see its health.') });
      return;
    }
    post({ type: 'computing' });
    const answer = await runner.run({ root: v.root });
    if (!answer) return; // a newer run replaced this one
    if (!answer.ok) {
      if (!answer.expected) services.log.error(`health: ${answer.message}`);
      post({ type: 'error', message: answer.message });
      return;
    }
    services.log.info(`health: ${answer.view.health.report.memories} memories, ${answer.findings.length} findings in ${answer.ms} ms`);
    data = answer.view;
    findings = answer.findings;
    showDiagnostics(v);
    post({ type: 'data', data, strings: viewStrings() });
  };
  const refresh = () => (running = compute().catch((err) => services.log.error(err as Error)));
  const schedule = () => {
    if (!following) return;
    clearTimeout(timer);
    timer = setTimeout(refresh, SETTLE_MS);
  };
  const follow = () => {
    if (following) return;
    following = true;
    refresh();
  };

  /** Every finding the health found, including those past the view's list: diagnostics show all. */
  const showDiagnostics = (v: Vault) => {
    diagnostics.clear();
    byPlace = new Map();
    const all = findings;
    const specs = diagnosticSpecs(all, v.root);
    for (const [file, list] of specs) {
      diagnostics.set(
        vscode.Uri.file(file),
        list.map((s) => {
          const f = all[s.finding];
          byPlace.set(`${file}:${s.line}:${s.code}`, f);
          const diag = new vscode.Diagnostic(new vscode.Range(s.line, 0, s.line, Number.MAX_SAFE_INTEGER), s.message, SEVERITIES[s.severity]);
          diag.source = SOURCE;
          diag.code = s.code;
          if (s.deprecated) diag.tags = [vscode.DiagnosticTag.Deprecated];
          if (f.related?.length) diag.relatedInformation = f.related.map((r) => new vscode.DiagnosticRelatedInformation(new vscode.Location(vscode.Uri.file(path.join(v.root, r.file)), new vscode.Position(r.line - 1, 0)), l10n.t('the other memory')));
          return diag;
        }),
      );
    }
  };

  /** Runs one fix of one finding; `text` is a correction's new text when the caller has it. */
  const fix = async (fixId: FixId, f: HealthFinding, text?: string): Promise<void> => {
    const v = vault();
    if (!v) return;
    if (fixId === 'open') return openAt(path.join(v.root, f.file), f.line);
    if (fixId === 'openRelated') return f.related?.[0] && openAt(path.join(v.root, f.related[0].file), f.related[0].line);
    if (fixId === 'archive' ? !f.archiveTo : !f.entry) return;
    if (!memoryUsable(services, l10n.t('Core Soul: memory is off for this workspace, so nothing was changed.'))) return;
    if (fixId === 'archive') {
      // Said before anything moves: from where, to where, and that nothing is deleted.
      const go = l10n.t('Archive');
      const question = l10n.t(
        'Core Soul: archive this memory? It moves from {0}:{1} to {2}: moved, never deleted; coresoul search --archived still finds it and the vault history keeps where it was.',
        f.file,
        f.line,
        f.archiveTo!,
      );
      if ((await vscode.window.showWarningMessage(question, go)) !== go) return redraw();
      const done = await archiveMemories(v, [`${f.file}:${f.line}`]);
      const moved = done.archived[0];
      void vscode.window.showInformationMessage(l10n.t('Core Soul: moved the memory of {0} to {1}.', moved.from, moved.to) + (done.warning ? ` ${done.warning}` : ''));
      refresh();
      await running;
      return;
    }
    if (!f.entry) return;
    const entry = { day: f.entry.day, line: f.entry.line };
    if (fixId === 'retract') {
      const done = await forgetMemory(v, { entry, reason: retractReason(f) }, { clock: services.clock });
      void vscode.window.showInformationMessage(l10n.t('Core Soul: retracted the memory of {0} {1}.', done.forgotten.day, done.forgotten.time) + (done.warning ? ` ${done.warning}` : ''));
    } else {
      const corrected =
        text ??
        (await vscode.window.showInputBox({
          ignoreFocusOut: true,
          title: l10n.t('Correct the memory of {0}', f.entry.day),
          prompt: f.message,
          value: (f.text ?? '').replace(/^\[from [^\]\n]*\]\s*/, ''),
          validateInput: (s) => (s.trim() ? undefined : l10n.t('Write what is true now.')),
        }));
      if (!corrected?.trim()) return redraw();
      const done = await correctMemory(v, { entry, text: corrected, reason: retractReason(f) }, { clock: services.clock });
      void vscode.window.showInformationMessage(l10n.t('Core Soul: corrected the memory of {0} {1}.', done.corrected.day, done.corrected.time) + (done.warning ? ` ${done.warning}` : ''));
    }
    refresh();
    await running;
  };
  const runFix = async (fixId: FixId, f: HealthFinding, text?: string) => {
    try {
      await fix(fixId, f, text);
    } catch (err) {
      if (err instanceof CoreSoulError) refresh(); // the vault changed under the view: show it as it is
      showError(services, err);
    }
  };

  const show = () => {
    if (panel) {
      panel.reveal();
      return;
    }
    const dist = vscode.Uri.joinPath(context.extensionUri, 'dist');
    const media = vscode.Uri.joinPath(context.extensionUri, 'media');
    panel = vscode.window.createWebviewPanel('coresoul.health', l10n.t('Memory Health'), vscode.ViewColumn.Active, { enableScripts: true, localResourceRoots: [dist, media] });
    panel.iconPath = vscode.Uri.joinPath(media, 'coresoul.svg');
    panel.webview.html = html(panel.webview, dist, media);
    panel.onDidDispose(() => (panel = undefined), undefined, context.subscriptions);
    panel.webview.onDidReceiveMessage(
      (m: { type: string; fix?: FixId; index?: number; file?: string }) => {
        if (m.type === 'ready') {
          if (data) post({ type: 'data', data, strings: viewStrings() });
          else post({ type: 'computing', strings: viewStrings() });
          if (!following) follow();
        } else if (m.type === 'refresh') refresh();
        else if (m.type === 'fix' && m.fix && m.index !== undefined) {
          const f = findings[m.index];
          if (f && f.fixes.includes(m.fix)) void runFix(m.fix, f);
        } else if (m.type === 'openNote' && m.file) {
          const v = vault();
          if (v && inVault(path.join(v.root, m.file))) void openAt(path.join(v.root, m.file));
        }
      },
      undefined,
      context.subscriptions,
    );
  };

  const codeActions: vscode.CodeActionProvider = {
    provideCodeActions(doc, _range, ctx) {
      const out: vscode.CodeAction[] = [];
      for (const d of ctx.diagnostics) {
        if (d.source !== SOURCE) continue;
        const f = byPlace.get(`${doc.uri.fsPath}:${d.range.start.line}:${String(d.code)}`);
        if (!f) continue;
        for (const fixId of quickFixes(f)) {
          const titles: Record<FixId, string> = {
            open: l10n.t('Open'),
            openRelated: l10n.t('Core Soul: open the other memory'),
            correct: l10n.t('Core Soul: correct this memory…'),
            retract: l10n.t('Core Soul: retract this memory'),
            archive: l10n.t('Core Soul: archive this memory…'),
          };
          const a = new vscode.CodeAction(titles[fixId], vscode.CodeActionKind.QuickFix);
          a.diagnostics = [d];
          a.command = { command: 'coresoul.health.fix', title: titles[fixId], arguments: [fixId, f] };
          out.push(a);
        }
      }
      return out;
    },
  };

  context.subscriptions.push(
    diagnostics,
    { dispose: () => (runner.stop(), clearTimeout(timer)) },
    vscode.commands.registerCommand('coresoul.health.show', () => {
      if (services.vault.state.kind !== 'ready') {
        void vscode.window.showWarningMessage(l10n.t('Core Soul: this workspace has no usable vault, so there is no health to show.'));
        return;
      }
      show();
      follow();
    }),
    vscode.commands.registerCommand('coresoul.health.refresh', async () => {
      refresh();
      await running;
    }),
    vscode.commands.registerCommand('coresoul.health.fix', (fixId: FixId, f: HealthFinding, text?: string) => runFix(fixId, f, text)),
    vscode.languages.registerCodeActionsProvider({ language: 'markdown', scheme: 'file', pattern: '**/.CoreSoul/**/*.md' }, codeActions, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
    vscode.workspace.onDidOpenTextDocument((doc) => inVault(doc.uri.fsPath) && follow()),
    vscode.workspace.onDidSaveTextDocument((doc) => inVault(doc.uri.fsPath) && schedule()),
    services.vault.onDidChange((c) => c.files.some((f) => f.path.endsWith('.md')) && schedule()),
    services.vault.onDidChangeState(() => (vault() ? schedule() : (diagnostics.clear(), runner.stop()))),
    services.memory.onDidChange(schedule),
  );
  // A vault file already open when the window starts: its diagnostics are wanted, but not before activation is done.
  if (vscode.workspace.textDocuments.some((d) => inVault(d.uri.fsPath))) setTimeout(follow, SETTLE_MS);
}

function html(webview: vscode.Webview, dist: vscode.Uri, media: vscode.Uri): string {
  const nonce = crypto.randomBytes(16).toString('base64');
  const csp = [`default-src 'none'`, `style-src ${webview.cspSource}`, `script-src 'nonce-${nonce}'`, `img-src ${webview.cspSource}`, `font-src ${webview.cspSource}`].join('; ');
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${webview.asWebviewUri(vscode.Uri.joinPath(media, 'health.css'))}">
<title>${l10n.t('Memory Health')}</title>
</head>
<body>
<main id="root" aria-live="polite"></main>
<script nonce="${nonce}" src="${webview.asWebviewUri(vscode.Uri.joinPath(dist, 'healthView.js'))}"></script>
</body>
</html>`;
}

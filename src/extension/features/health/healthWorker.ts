/**
 * The health view's data, computed off the extension host's thread (dist/healthWorker.js, a
 * worker thread started by health.ts): one core call, `vaultHealth`, and the graph's layout.
 * It reads the vault and the project's git history and writes nothing. Plain Node, no `vscode`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type HealthFinding, vaultHealth } from '../../../core/lint/health';
import { CoreSoulError } from '../../../core/shared/errors';
import { openVault } from '../../../core/vault/layout';
import { viewData } from './health.model';

export interface HealthRequest {
  root: string;
}

/** `findings`: every one (the diagnostics); `view`: what the webview is sent. */
export type HealthAnswer = { ok: true; findings: HealthFinding[]; view: ReturnType<typeof viewData>; ms: number } | { ok: false; message: string; expected: boolean };

async function main(req: HealthRequest): Promise<HealthAnswer> {
  const started = Date.now();
  try {
    // Secrets have their own firewall and scan (coresoul scan); the view is about staying true.
    const health = await vaultHealth(openVault(req.root), { secrets: false });
    return { ok: true, findings: health.findings, view: viewData(health), ms: Date.now() - started };
  } catch (err) {
    return { ok: false, message: String((err as Error)?.message ?? err).split('\n')[0], expected: err instanceof CoreSoulError };
  }
}

if (parentPort) void main(workerData as HealthRequest).then((a) => parentPort!.postMessage(a));

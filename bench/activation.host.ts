/**
 * The extensionTestsPath entry that bench/activation.bench.ts opens each window with: it waits
 * for Core Soul's activation marks in the real extension host and reports them, with the same
 * marks of VS Code's own extensions that started in that window (the start-up's common cost).
 */
import { record, waitFor } from '../test/e2e/host/e2e';
import { activationMarks, extensionMarks } from '../test/e2e/host/marks';

export async function run(): Promise<void> {
  const { load, will, did } = await waitFor(
    'Core Soul to activate',
    () => {
      const m = activationMarks();
      return m.load !== undefined && m.will !== undefined && m.did !== undefined && m;
    },
    60_000,
  );
  await record({ name: 'load', value: will! - load!, unit: 'ms' });
  const { loaded } = activationMarks();
  if (loaded !== undefined) await record({ name: 'require', value: loaded - load!, unit: 'ms' });
  await record({ name: 'activate', value: did! - will!, unit: 'ms' });
  const builtIn = Object.entries(extensionMarks())
    .filter(([id, m]) => id.startsWith('vscode.') && m.load !== undefined && m.will !== undefined)
    .map(([, m]) => m.will! - m.load!)
    .sort((a, b) => a - b);
  if (builtIn.length) await record({ name: 'built-in load', value: builtIn[Math.floor(builtIn.length / 2)], unit: 'ms' });
}

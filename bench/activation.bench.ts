/**
 * Activation time in the real thing: code-server (the e2e harness's VS Code) with the extension
 * installed from its VSIX, as users get it (no source maps: a development host that finds
 * dist/extension.js.map reads all 4 MB of it first), opens the ~100 MB generated vault, and
 * VS Code's own performance marks say how long requiring dist/extension.js and `activate()`
 * took. The reference, measured in the same run and the same way, is a small vault (the e2e
 * `vault` fixture): activation must not grow with the vault. Rounds alternate between the two,
 * each in a fresh window (a fresh extension host). Target: require + activate() ≤ 100 ms.
 *
 * Between the two the host does other work (VS Code starts its own extensions in the same
 * moments); that wait is printed apart, beside the median load-to-activate time of VS Code's
 * built-in extensions (`built-in load`), which shows the share that is the start-up's.
 *
 * The vault is opened from a copy with the memory switch off, so that no compression on open
 * (which comes after activation) rewrites the cached vault or loads the machine between rounds.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { codeServerHost } from '../test/e2e/codeServer';
import { startControl } from '../test/e2e/control';
import { makeFixture } from '../test/e2e/fixtures';
import { killMarked, markRun } from '../test/e2e/processes';
import { CONTROL_ENV, type Metric } from '../test/e2e/protocol';
import { ProvisionError, provision } from '../test/e2e/provision';
import { ms, percentile } from './util';
import { generateVault } from './vaultgen';

const REPO = path.resolve(__dirname, '..');
const ROUNDS = 3;
const TARGET_MS = 100;
const WINDOW_LIMIT_MS = 180_000;

export default async function () {
  let tools;
  try {
    tools = await provision(() => {});
  } catch (err) {
    if (!(err instanceof ProvisionError)) throw err;
    console.log(`skipped: code-server cannot run here (${err.message})`);
    return;
  }
  const big = await generateVault(1);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'coresoul-bench-activation-'));
  const mark = markRun();
  let host: Awaited<ReturnType<typeof codeServerHost>> | undefined;
  let control: Awaited<ReturnType<typeof startControl>> | undefined;
  try {
    const vaults = { small: path.join(work, 'small'), large: path.join(work, 'large') };
    makeFixture('vault', vaults.small, path.join(REPO, 'dist/cli.js'));
    fs.cpSync(big.root, vaults.large, { recursive: true });
    for (const root of Object.values(vaults)) {
      fs.mkdirSync(path.join(root, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(root, '.vscode/settings.json'), '{ "coresoul.memory.enabled": false }\n');
    }
    const entry = path.join(work, 'host.js');
    await esbuild.build({ entryPoints: [path.join(__dirname, 'activation.host.ts')], bundle: true, platform: 'node', target: 'node20', format: 'cjs', external: ['vscode'], outfile: entry, logLevel: 'error' });

    let window: Metric[] = [];
    control = await startControl({
      session: () => ({ suite: '', grep: '' }),
      begin: () => {},
      result: () => {},
      metric: (m) => void window.push(m),
      ui: async () => ({ ok: false, error: 'the activation bench does no UI actions' }),
    });
    fs.mkdirSync(path.join(work, 'host'));
    const vsix = path.join(work, 'core-soul.vsix');
    execFileSync('npm', ['run', '--silent', 'package', '--', '--out', vsix], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
    // VS Code runs the entry only in a window with an extension under development: an empty one.
    const empty = path.join(work, 'empty-extension');
    fs.mkdirSync(empty);
    fs.writeFileSync(path.join(empty, 'package.json'), JSON.stringify({ name: 'bench-empty', publisher: 'coresoul-bench', version: '0.0.0', engines: { vscode: '*' } }));
    host = await codeServerHost(tools, path.join(work, 'host'), { extension: empty, installed: [], vsix, suite: entry, env: { ...process.env, [CONTROL_ENV]: control.url } });
    const times: Record<keyof typeof vaults, { require: number[]; wait: number[]; activate: number[] }> = {
      small: { require: [], wait: [], activate: [] },
      large: { require: [], wait: [], activate: [] },
    };
    const builtIn: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const which of ['small', 'large'] as const) {
        window = [];
        const opened = await host.run(vaults[which], WINDOW_LIMIT_MS, () => {}, () => {});
        await opened.close();
        const value = (name: string) => window.find((m) => m.name === name)?.value;
        const [load, required, activate] = [value('load'), value('require'), value('activate')];
        if (load === undefined || required === undefined || activate === undefined) throw new Error(`no activation marks from the ${which} vault: ${opened.end.reason}`);
        times[which].require.push(required);
        times[which].wait.push(load - required);
        times[which].activate.push(activate);
        const others = value('built-in load');
        if (others !== undefined) builtIn.push(others);
      }
    }

    const median = (xs: number[]) => percentile(xs, 50);
    const total = (w: keyof typeof vaults) => median(times[w].require.map((r, i) => r + times[w].activate[i]));
    const line = (w: keyof typeof vaults) =>
      `require dist/extension.js ${ms(median(times[w].require))} + activate() ${ms(median(times[w].activate))} = ${ms(total(w))} (the host's own work between them: ${ms(median(times[w].wait))})`;
    console.log(`activation in code-server (VS Code's marks, median of ${ROUNDS} fresh windows each):`);
    console.log(`  small vault (reference):       ${line('small')}`);
    console.log(`  ${(big.bytes / 1e6).toFixed(0)} MB vault (${big.files} files): ${line('large')}`);
    if (builtIn.length) console.log(`  VS Code's built-in extensions in the same windows: load to activate ${ms(median(builtIn))} (median)`);
    console.log(`  ratio large/small: ${(total('large') / total('small')).toFixed(2)}×; target ≤ ${TARGET_MS} ms on the large vault: ${total('large') <= TARGET_MS ? 'met' : 'NOT met'} (activate() alone: ${median(times.large.activate) <= TARGET_MS ? 'met' : 'NOT met'})`);
  } finally {
    await host?.close();
    killMarked(mark);
    control?.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

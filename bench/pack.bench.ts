/**
 * Pack and restore on a large vault (two years of days, entities, a history of 10 commits),
 * against the system's `tar -czf` / `tar -xzf` of the same workspace in the same run.
 * The vault is generated once and cached under .bench-cache/ (CORESOUL_BENCH_PACK_MB, default 30).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixedClock, parseNow } from '../src/core/shared/clock';
import { hashFile } from '../src/core/archive/layout';
import { commitVault } from '../src/core/vault/history';
import { packVault } from '../src/core/archive/pack';
import { restoreArchive } from '../src/core/archive/restore';
import { initVault } from '../src/core/init/scaffold';
import { openVault } from '../src/core/vault/layout';
import { benchDir, ms } from './util';

const MB = Number(process.env.CORESOUL_BENCH_PACK_MB ?? 30);
const DAYS = 730;
const ENTITIES = 300;

async function generate(root: string): Promise<void> {
  await initVault(root, { clock: fixedClock('2024-01-01T09:00:00'), git: true });
  const v = openVault(root);
  const perDay = Math.ceil((MB * 1024 * 1024) / DAYS);
  const start = Date.UTC(2024, 0, 1);
  const tags: string[][] = Array.from({ length: ENTITIES }, () => []);
  for (let d = 0; d < DAYS; d++) {
    const day = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    const lines = [`# ${day}`, ''];
    for (let i = 0, size = 0; size < perDay; i++) {
      const e = (d * 7 + i) % ENTITIES;
      const line = `- ${String(8 + (i % 12)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00 worked on task ${d}-${i} with [[Entity${e}]]: reviewed the change, ran the tests, noted follow-ups`;
      lines.push(line);
      size += line.length + 1;
      if (i % 20 === 0) tags[e].push(`- [[${day}]] ${line.slice(2, 10)} task ${d}-${i}`);
    }
    fs.writeFileSync(path.join(v.chronoDir, `${day}.md`), `${lines.join('\n')}\n`);
    if ((d + 1) % (DAYS / 10) === 0) {
      tags.forEach((t, e) => fs.writeFileSync(path.join(v.entitiesDir, 'objects', `Entity${e}.md`), `# Entity${e}\n\n${t.join('\n')}\n`));
      await commitVault(v, `memory: up to ${day}`);
    }
  }
}

export default async function () {
  const cache = path.resolve(__dirname, `../.bench-cache/pack-vault-${MB}mb`);
  if (!fs.existsSync(path.join(cache, '.done'))) {
    fs.rmSync(cache, { recursive: true, force: true });
    fs.mkdirSync(cache, { recursive: true });
    await generate(cache);
    fs.writeFileSync(path.join(cache, '.done'), '');
  }
  const v = openVault(cache);
  const vaultBytes = Number(execFileSync('du', ['-sb', '--exclude=.git', v.soulDir], { encoding: 'utf8' }).split('\t')[0]);
  const out = benchDir('pack');
  const now = parseNow('2026-03-11T12:00:00Z');

  const time = async (fn: () => unknown) => {
    const t = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
  const ref = path.join(out, 'ref.tar.gz');
  const refPack = await time(() => execFileSync('tar', ['-czf', ref, '-C', v.root, 'AGENTS.md', '.github', '.CoreSoul']));
  const archive = path.join(out, 'a.tar.gz');
  const pack = await time(() => packVault(v, { now, out: archive }));
  const again = path.join(out, 'b.tar.gz');
  await packVault(v, { now, out: again });
  const refDir = path.join(out, 'ref');
  fs.mkdirSync(refDir);
  const refRestore = await time(() => execFileSync('tar', ['-xzf', ref, '-C', refDir]));
  const restore = await time(() => restoreArchive(archive, path.join(out, 'restored')));

  const size = (f: string) => fs.statSync(f).size;
  console.log(`vault: ${(vaultBytes / 2 ** 20).toFixed(1)} MiB of .CoreSoul files (${DAYS} days, ${ENTITIES} entities, 10+ commits)`);
  console.log(`pack ${ms(pack)} vs tar -czf ${ms(refPack)}: ${(pack / refPack).toFixed(2)}× (pack also bundles the git history and hashes every file)`);
  console.log(`archive ${(size(archive) / 2 ** 20).toFixed(2)} MiB vs ${(size(ref) / 2 ** 20).toFixed(2)} MiB (tar -czf, history as raw .git)`);
  console.log(`restore ${ms(restore)} vs tar -xzf ${ms(refRestore)}: ${(restore / refRestore).toFixed(2)}× (restore also verifies every sha256 and rebuilds the history)`);
  console.log(`deterministic: ${hashFile(archive).sha256 === hashFile(again).sha256 ? 'yes, two packs have the same sha256' : 'NO — two packs differ'}`);
  fs.rmSync(out, { recursive: true, force: true });
}

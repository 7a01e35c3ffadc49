/**
 * The secret firewall on the corpus of test/support/fixtures/secrets/ (credentials in their
 * documented formats, innocent look-alikes), on every surface where memory is kept or shown
 * (test/support/secretSurfaces.ts), beside two other scanners in the same run: gitleaks' default
 * rules applied as gitleaks applies them (keywords, regex, secret group, entropy floor, global
 * and per-rule allowlists: src/core/safety/gitleaks.ts on the vendored config) and secretlint's
 * preset-recommend. For those two, a surface's figure is what they would find in the text that
 * surface shows unredacted. Then the firewall's cost per entry, against the time to append it.
 *
 *   npm run bench secrets
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { gitleaksFindings } from '../src/core/safety/gitleaks';
import { redactText } from '../src/core/safety/secrets';
import { credentialCases, innocentCases } from '../test/support/fixtures/secrets/corpus';
import { type Detector, SURFACES, type SurfaceScore, measureDetector, measureSurfaces } from '../test/support/secretSurfaces';

const gitleaks: Detector = (text) => gitleaksFindings(text).map((f) => [f.start, f.end]);
const secretlint: Detector = async (text) => {
  const r = await lintSource({
    source: { filePath: 'memory.md', content: text, ext: '.md', contentType: 'text' },
    options: { config: { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] }, locale: 'en' },
  });
  return r.messages.map((m) => [m.range[0], m.range[1]]);
};

const pct = (s: SurfaceScore) => `${((100 * s.caught) / s.credentials).toFixed(1)}% (${s.caught}/${s.credentials}), ${s.falsePositives} FP`;

export default async function () {
  const ours = await measureSurfaces();
  const theirs = { gitleaks: await measureDetector(gitleaks), secretlint: await measureDetector(secretlint) };
  const c = ours['day file'];
  console.log(`corpus: ${c.credentials} credential formats, ${c.innocents} innocent look-alikes (test/support/fixtures/secrets/corpus.ts)`);
  const w = [12, 28, 28, 28];
  const row = (cells: string[]) => console.log(cells.map((x, i) => x.padEnd(w[i])).join(' ').trimEnd());
  row(['surface', 'Core Soul firewall', 'gitleaks default rules', 'secretlint preset-recommend']);
  for (const s of SURFACES) row([s, pct(ours[s]), pct(theirs.gitleaks[s]), pct(theirs.secretlint[s])]);
  const missed = new Set(SURFACES.flatMap((s) => ours[s].missed));
  const flagged = new Set(SURFACES.flatMap((s) => ours[s].flagged));
  console.log(`firewall misses: ${[...missed].join(', ') || 'none'}; flags: ${[...flagged].join(', ') || 'none'}`);
  console.log(`gitleaks misses (day file): ${theirs.gitleaks['day file'].missed.join(', ')}; flags: ${theirs.gitleaks['day file'].flagged.join(', ') || 'none'}`);
  console.log(`secretlint flags (day file): ${theirs.secretlint['day file'].flagged.join(', ') || 'none'}`);

  // Cost: every corpus text through the firewall, against appending it to a file, same run.
  const texts = [...credentialCases(), ...innocentCases()].map((k) => k.text);
  const plain = Array.from({ length: 200 }, (_, i) => `- 09:00:${String(i % 60).padStart(2, '0')} decided to move the ${i}th job to the new queue after the review`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'coresoul-secrets-')), 'day.md');
  const time = (fn: () => void, rounds = 20) => {
    const t: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const start = process.hrtime.bigint();
      fn();
      t.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    return t.sort((a, b) => a - b)[rounds >> 1];
  };
  for (const [name, set] of [
    ['corpus texts', texts],
    ['plain entries', plain],
  ] as const) {
    const redact = time(() => set.forEach((t) => redactText(t)));
    const append = time(() => set.forEach((t) => fs.appendFileSync(file, `${t}\n`)));
    console.log(`${name}: firewall ${((1000 * redact) / set.length).toFixed(1)} µs per text, appendFileSync ${((1000 * append) / set.length).toFixed(1)} µs (ratio ${(redact / append).toFixed(2)}×)`);
  }
}

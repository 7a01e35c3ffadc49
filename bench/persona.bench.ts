/**
 * The persona guard's costs. The gate reads every day of memory (L1, L2 and L3 sections) to find
 * its evidence: compared with a bare loop that reads the same files and counts `#correction`.
 * The soul check: compared with one regex pass over the same text with every soul word.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { addDays, fixedClock } from '../src/core/shared/clock';
import { readMemoryMap, writeMemoryMap } from '../src/core/vault/memoryMap';
import { personaGate } from '../src/core/persona/gate';
import { initVault } from '../src/core/init/scaffold';
import { ruleViolations } from '../src/core/safety/soulCheck';
import { parseInvariants } from '../src/core/safety/invariants';
import { PERSONA_MD } from '../src/core/init/templates/persona';
import { SOUL_MD } from '../src/core/init/templates/soul';
import { dayFile, openVault } from '../src/core/vault/layout';
import { benchDir, ms, timeMedian } from './util';

const DAYS = 365;
const ENTRIES_PER_DAY = 40;

export default async function () {
  const root = benchDir('persona');
  await initVault(root, { clock: fixedClock('2025-01-01T09:00:00'), git: false });
  const v = openVault(root);
  const days: Record<string, { level: 'L1'; file: string }> = {};
  for (let d = 0; d < DAYS; d++) {
    const day = addDays('2025-01-01', d);
    const lines = Array.from({ length: ENTRIES_PER_DAY }, (_, i) =>
      i === 7 && d % 30 === 0 ? `- 10:${String(i).padStart(2, '0')}:00 #correction too verbose again` : `- 10:${String(i).padStart(2, '0')}:00 worked on [[Module${i % 13}]] and fixed test ${d}-${i}`,
    );
    fs.writeFileSync(dayFile(v, day), `# ${day}\n\n${lines.join('\n')}\n`);
    days[day] = { level: 'L1', file: `chronological/${day}.md` };
  }
  writeMemoryMap(v, { ...readMemoryMap(v), days });
  const bytes = Object.keys(days).reduce((n, d) => n + fs.statSync(dayFile(v, d)).size, 0);

  const raw = timeMedian(5, () => {
    let n = 0;
    for (const f of fs.readdirSync(v.chronoDir)) n += fs.readFileSync(path.join(v.chronoDir, f), 'utf8').split('#correction').length - 1;
    if (!n) throw new Error('no corrections generated');
  });
  const correction = timeMedian(5, () => personaGate(v, 'repeated-correction', 'The user says I am too verbose'));
  const shift = timeMedian(5, () => personaGate(v, 'paradigm-shift', 'The work moved to [[Module3]] test fixing'));
  const g = personaGate(v, 'repeated-correction', 'The user says I am too verbose');
  console.log(`gate over ${DAYS} days × ${ENTRIES_PER_DAY} entries (${(bytes / 1e6).toFixed(1)} MB): repeated-correction ${ms(correction)}, paradigm-shift ${ms(shift)}; raw read + count ${ms(raw)}; ratios ${(correction / raw).toFixed(1)}× and ${(shift / raw).toFixed(1)}×`);
  console.log(`  found ${g.counted} corrections on ${g.days.length} days (passed: ${g.passed})`);

  const invariants = parseInvariants(SOUL_MD);
  const words = new RegExp(invariants.flatMap((i) => [...i.safeguard, ...i.risky, ...i.unguarded, ...i.breaks]).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
  const text = PERSONA_MD.repeat(10);
  const check = timeMedian(9, () => ruleViolations(invariants, [{ section: 'All', content: text }]));
  const scan = timeMedian(9, () => text.match(words));
  console.log(`soul check of ${(text.length / 1024).toFixed(1)} KB of persona text: ${ms(check)}; one regex pass with every soul word ${ms(scan)}; ratio ${(check / Math.max(scan, 0.001)).toFixed(1)}×`);
}

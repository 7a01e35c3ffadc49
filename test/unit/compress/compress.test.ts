import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock, oneMonthBefore, parseNow, weekMonday } from '../../../src/core/shared/clock';
import { type CompressReport, compress, compressionDue } from '../../../src/core/compress/compress';
import type { Entry } from '../../../src/core/vault/dayEntries';
import { readDay } from '../../../src/core/vault/days';
import { CoreSoulError } from '../../../src/core/shared/errors';
import { HOURLY_MARKER, isHourlySummary } from '../../../src/core/compress/hourlySummary';
import { linkTargets } from '../../../src/core/vault/wikilinks';
import { readMemoryMap } from '../../../src/core/vault/memoryMap';
import { extractiveSummary, shorten } from '../../../src/core/compress/summarise';
import { type Vault, dayFile, monthFile } from '../../../src/core/vault/layout';
import { writeMemory } from '../../../src/core/memory/write';
import { BY, read, snapshot, tempVault, writeAt } from '../../support/helpers';

const at = (iso: string) => parseNow(iso);
const run = (v: Vault, now: string, opts: Partial<Parameters<typeof compress>[1]> = {}) => compress(v, { now: at(now), ...opts });

/** A write through the real write path that never compresses: builds old L1 days. */
function writeL1(v: Vault, when: string, text: string) {
  return writeMemory(v, { text }, { clock: fixedClock(when), compress: () => ({ ran: false }) });
}

const keys = (text: string) => new Set(linkTargets(text).map((t) => t.toLowerCase()));
const vaultState = (v: Vault) => {
  const s = snapshot(v.soulDir);
  delete s['.lock'];
  return s;
};

describe('compress: when it runs', () => {
  it('T2.1: the first write of a new week compresses last week first, then writes', async () => {
    const v = await tempVault('2026-03-09T09:00:00'); // a Monday
    assert.equal(writeAt(v, '2026-03-15T22:00:00', 'Sunday work on [[Kubernetes]]').compressed, false);
    assert.equal(compressionDue(v, at('2026-03-15T23:59:59')), false);
    assert.equal(compressionDue(v, at('2026-03-16T00:00:01')), true);

    let mondayFileExisted: boolean | undefined;
    let report: CompressReport | undefined;
    const r = writeMemory(v, { text: 'Monday starts' }, {
      clock: fixedClock('2026-03-16T00:00:01'),
      compress: (vault, now) => {
        mondayFileExisted = fs.existsSync(dayFile(v, '2026-03-16'));
        return (report = compress(vault, { now }));
      },
    });
    assert.equal(mondayFileExisted, false, 'compression ran before the write');
    assert.equal(r.compressed, true);
    assert.deepEqual(report?.l1ToL2, ['2026-03-15']);
    const map = readMemoryMap(v);
    assert.equal(map.lastCompressionDate, '2026-03-16');
    assert.deepEqual(map.days['2026-03-15'], { level: 'L2', file: 'chronological/2026-03-15.md' });
    assert.deepEqual(map.days['2026-03-16'], { level: 'L1', file: 'chronological/2026-03-16.md' });
    const sunday = read(dayFile(v, '2026-03-15'));
    assert.ok(isHourlySummary(sunday));
    assert.match(sunday, /^# 2026-03-15\n<!-- coresoul:L2 hourly summary -->\n\n## 22:00\n- 22:00 \[by Tess Tester on testbox\] Sunday work on \[\[Kubernetes\]\]\n$/);
    assert.equal(read(dayFile(v, '2026-03-16')), `# 2026-03-16\n\n- 00:00:01 ${BY}Monday starts\n`);
    assert.equal(r.line, 3);
  });

  it('does nothing within one Monday–Sunday week', async () => {
    const v = await tempVault('2026-03-09T09:00:00');
    for (let d = 9; d <= 15; d++) assert.equal(writeAt(v, `2026-03-${String(d).padStart(2, "0")}T10:00:00`, `day ${d}`).compressed, false);
    assert.ok(Object.values(readMemoryMap(v).days).every((e) => e.level === 'L1'));
    assert.equal(run(v, '2026-03-15T23:00:00').ran, false);
  });

  it('treats ISO week 53 across the year end as one week', async () => {
    const v = await tempVault('2020-12-28T09:00:00'); // Monday of ISO week 53 of 2020
    assert.equal(writeAt(v, '2020-12-31T10:00:00', 'New Year eve').compressed, false);
    assert.equal(writeAt(v, '2021-01-03T10:00:00', 'Sunday of week 53').compressed, false);
    assert.equal(writeAt(v, '2021-01-04T08:00:00', 'first Monday of 2021').compressed, true);
    const map = readMemoryMap(v);
    assert.equal(map.days['2020-12-31'].level, 'L2');
    assert.equal(map.days['2021-01-03'].level, 'L2');
    assert.equal(map.days['2021-01-04'].level, 'L1');
  });

  it('--force compresses in the same week; a second run changes nothing', async () => {
    const v = await tempVault('2026-03-09T09:00:00');
    writeL1(v, '2026-03-04T10:00:00', 'last week, before the vault noticed');
    assert.equal(run(v, '2026-03-10T09:00:00').ran, false);
    const forced = run(v, '2026-03-10T09:00:00', { force: true });
    assert.equal(forced.ran, true);
    assert.deepEqual(forced.l1ToL2, ['2026-03-04']);

    const before = vaultState(v);
    assert.equal(run(v, '2026-03-10T09:00:00').ran, false);
    const again = run(v, '2026-03-10T09:00:00', { force: true });
    assert.deepEqual([again.l1ToL2, again.l2ToL3], [[], []]);
    assert.deepEqual(vaultState(v), before);
  });

  it('--dry-run reports the real plan and writes nothing', async () => {
    const v = await catchUpVault();
    const before = vaultState(v);
    const dry = run(v, '2026-03-10T09:00:00', { dryRun: true });
    assert.equal(dry.ran, false);
    assert.deepEqual(vaultState(v), before);
    const real = run(v, '2026-03-10T09:00:00');
    assert.deepEqual([real.l1ToL2, real.l2ToL3, real.linksChecked], [dry.l1ToL2, dry.l2ToL3, dry.linksChecked]);
    assert.ok(real.l2ToL3.length > 0 && real.l1ToL2.length > real.l2ToL3.length);
  });

  it('stops on a malformed memory_map with a vault error, changing nothing', async () => {
    const v = await catchUpVault();
    fs.writeFileSync(v.mapFile, read(v.mapFile).replace('| L1 |', '| L9 |'));
    const before = vaultState(v);
    assert.throws(() => run(v, '2026-03-10T09:00:00'), (e: unknown) => e instanceof CoreSoulError && e.exitCode === 2 && /level "L9"/.test(e.message));
    assert.deepEqual(vaultState(v), before);
  });
});

/** Days from October to early March written as L1 and never compressed, 3 entries each. */
async function catchUpVault(): Promise<Vault> {
  const v = await tempVault('2025-10-01T08:00:00');
  for (const day of ['2025-10-06', '2025-10-31', '2025-11-02', '2026-01-15', '2026-01-31', '2026-02-08', '2026-02-09', '2026-02-20', '2026-03-06']) {
    writeL1(v, `${day}T09:15:00`, `started on [[Project ${day.slice(5, 7)}]]`);
    writeL1(v, `${day}T09:40:00`, `#decision use 3 replicas for [[Postgres]]`);
    writeL1(v, `${day}T17:05:00`, `wrapped up, see [[${day}]]`);
  }
  return v;
}

describe('compress: L1 → L2 → L3', () => {
  it('catches up months in one run: old days fold into monthly files in date order', async () => {
    const v = await catchUpVault();
    const report = run(v, '2026-03-10T09:00:00');
    const cutoff = oneMonthBefore(weekMonday('2026-03-10'));
    assert.equal(cutoff, '2026-02-09');
    const all = ['2025-10-06', '2025-10-31', '2025-11-02', '2026-01-15', '2026-01-31', '2026-02-08', '2026-02-09', '2026-02-20', '2026-03-06'];
    assert.deepEqual(report.l1ToL2, all);
    assert.deepEqual(report.l2ToL3, all.filter((d) => d < cutoff));
    assert.equal(report.linksLost, 0);

    const map = readMemoryMap(v);
    assert.equal(map.lastCompressionDate, '2026-03-10');
    for (const day of all) {
      const folded: boolean = day < cutoff;
      assert.deepEqual(map.days[day], folded ? { level: 'L3', file: `chronological/${day.slice(0, 7)}.md` } : { level: 'L2', file: `chronological/${day}.md` });
      assert.equal(fs.existsSync(dayFile(v, day)), !folded, day);
      const found = readDay(v, day)!;
      assert.equal(found.monthly, folded);
      assert.ok(found.lines.join('\n').includes('#decision use 3 replicas for [[Postgres]]'), day);
    }
    const oct = read(monthFile(v, '2025-10'));
    assert.match(oct, /^# 2025-10\n\n## 2025-10-06\n\n### 09:00\n[\s\S]*\n## 2025-10-31\n\n### 09:00\n[\s\S]*### 17:00\n- 17:05 \[by Tess Tester on testbox\] wrapped up, see \[\[2025-10-31\]\]\n$/);
    assert.doesNotMatch(oct, /coresoul:L2|^# 2025-10-06/m);
  });

  it('adds later weeks to an existing monthly file in date order', async () => {
    const v = await tempVault('2026-01-01T08:00:00');
    for (const d of ['05', '12', '19', '26']) writeL1(v, `2026-01-${d}T10:00:00`, `January ${d}`);
    run(v, '2026-02-16T09:00:00'); // cutoff 2026-01-16: 05 and 12 fold
    run(v, '2026-03-02T09:00:00'); // cutoff 2026-02-02: 19 and 26 fold
    const jan = read(monthFile(v, '2026-01'));
    const order = [...jan.matchAll(/^## (\S+)$/gm)].map((m) => m[1]);
    assert.deepEqual(order, ['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26']);
    assert.ok(Object.values(readMemoryMap(v).days).every((e) => e.level === 'L3'));
  });

  it('T2.2: every link survives L2 and L3 and is reached from the entity tags', async () => {
    const v = await tempVault('2026-01-05T08:00:00');
    const written = new Map<string, Set<string>>(); // day → link keys written that day
    const long = 'a long account of the migration '.repeat(12);
    let n = 0;
    for (let d = new Date(Date.UTC(2026, 0, 5)); d < new Date(Date.UTC(2026, 1, 28)); d.setUTCDate(d.getUTCDate() + 1)) {
      if (d.getUTCDay() % 6 === 0) continue; // weekdays only
      const day = d.toISOString().slice(0, 10);
      const texts = [
        `kick-off with [[Alice]] on [[Project${n % 3}]]`,
        `${long} ending with [[Tail${n % 4}]]`, // cut short in the summary: its link must follow
        ...Array.from({ length: 7 }, (_, i) => `step ${i} touched [[Module${(n + i) % 9}]]`), // more than an hour keeps
        `#decision keep [[Redis]] for sessions`,
      ];
      texts.forEach((t, i) => writeAt(v, `${day}T10:${String(10 + i * 3).padStart(2, '0')}:00`, t));
      written.set(day, keys(texts.join('\n')));
      n++;
    }
    writeAt(v, '2026-03-10T09:00:00', 'today');
    const map = readMemoryMap(v);
    assert.equal(map.days['2026-01-05'].level, 'L3');
    assert.equal(map.days['2026-02-27'].level, 'L2');

    for (const [day, links] of written) {
      const text = readDay(v, day)!.lines.join('\n');
      for (const k of links) assert.ok(keys(text).has(k), `${day} lost [[${k}]]`);
      assert.ok(text.length < 2500, `${day} is summarised (${text.length} chars)`);
    }
    // Entity → date tags → the day's summary, wherever it now lives, links back to the entity.
    let tags = 0;
    for (const kind of fs.readdirSync(v.entitiesDir)) {
      for (const f of fs.readdirSync(path.join(v.entitiesDir, kind))) {
        const name = f.slice(0, -3).toLowerCase();
        for (const m of read(v.entitiesDir, kind, f).matchAll(/^- \[\[(\d{4}-\d{2}-\d{2})\]\]/gm)) {
          if (m[1] === '2026-03-10') continue;
          tags++;
          assert.ok(keys(readDay(v, m[1])!.lines.join('\n')).has(name), `[[${m[1]}]] in ${f} does not lead back to [[${name}]]`);
        }
      }
    }
    assert.ok(tags > 400);
  });

  it('summaries keep decisions, errors, fixes, first and last, numbers and every link', () => {
    const texts = [
      'opened the repo',
      'read [[Docs]] for a while',
      '#decision adopt [[Vitest]]',
      'browsed [[HackerNews]]',
      '#error build broke on [[CI]]',
      'chatted',
      'fixed the flaky test in [[Parser]]',
      '#correction user prefers tabs',
      'timeout raised to 30 s',
      'looked at [[Logs]] again',
      'more browsing',
      'closed the laptop',
    ];
    const entries: Entry[] = texts.map((t, i) => {
      const kind = /^#(\w+) /.exec(t)?.[1];
      return { time: `14:${String(i * 4).padStart(2, '0')}:00`, ...(kind && { kind: kind as Entry['kind'] }), text: kind ? t.slice(kind.length + 2) : t, author: { from: 'person' as const }, line: i + 3 };
    });
    const lines = extractiveSummary({ day: '2026-03-02', hour: '14', entries });
    assert.deepEqual(lines, [
      '- 14:00 opened the repo',
      '- 14:08 #decision adopt [[Vitest]]',
      '- 14:16 #error build broke on [[CI]]',
      '- 14:24 fixed the flaky test in [[Parser]]',
      '- 14:28 #correction user prefers tabs',
      '- 14:32 timeout raised to 30 s',
      '- 14:44 closed the laptop',
      '- … 5 more entries: [[Docs]] [[HackerNews]] [[Logs]]',
    ]);
  });

  it('shortens a long entry without cutting a link, and keeps the links of the cut part', () => {
    const text = `${'x'.repeat(185)} [[Straddling Link]] middle [[Tail]] ${'y'.repeat(50)} [[Tail]]`;
    const short = shorten(text);
    assert.ok(short.length < text.length);
    assert.equal(short, `${'x'.repeat(185)}… [[Straddling Link]] [[Tail]]`);
    assert.equal(shorten('短'.repeat(300)).length, 200);
  });

  it('repairs a summary that drops links, and replaces one that is not bullet lines', async () => {
    const v = await tempVault('2026-03-02T08:00:00');
    writeL1(v, '2026-03-03T09:00:00', 'met [[Alice]] about [[Budget]]');
    writeL1(v, '2026-03-03T11:00:00', 'lunch with [[Bob]]');
    const report = run(v, '2026-03-10T09:00:00', { summariser: (h) => (h.hour === '09' ? ['- a meeting'] : ['# not a bullet', 'prose']) });
    const text = read(dayFile(v, '2026-03-03'));
    // The summary that names nobody gets the hour's authors back, as it gets its links.
    assert.match(text, /## 09:00\n- a meeting\n- links: \[\[Alice\]\] \[\[Budget\]\]\n- by: Tess Tester on testbox\n/);
    assert.match(text, /## 11:00\n- 11:00 \[by Tess Tester on testbox\] lunch with \[\[Bob\]\]\n/);
    assert.equal(report.linksLost, 0);
    assert.equal(report.linksChecked, 3);
    assert.deepEqual(report.odd.map((o) => o.problem), ['summary of 11:00 (line 1 is not a "- " bullet line) rejected: extractive summary used']);
  });
});

describe('compress: hand edits and odd shapes', () => {
  it('keeps every line it does not understand, in L2 and in L3, and reports what was odd', async () => {
    const v = await tempVault('2026-01-01T08:00:00');
    const huge = `pasted ${'log '.repeat(3000)} [[HugeLink]]`;
    const lines = [
      '# 2026-01-07',
      '',
      'a note typed by hand before any entry',
      '- 09:00:00 first entry with [[Alice]]',
      '  and its second line',
      '',
      '  and a third after a blank line',
      '## Notes from the meeting',
      'free text about [[Budget]]',
      '',
      'more free text',
      '- 25:00:00 not a real time',
      `- 10:00:00 ${huge}`,
      `${'z'.repeat(12_000)}`,
      '- 10:30:00 #decision keep it',
    ];
    fs.writeFileSync(dayFile(v, '2026-01-07'), `\uFEFF${lines.join('\r\n')}\r\n`);
    const l2 = run(v, '2026-01-12T09:00:00');
    const text = read(dayFile(v, '2026-01-07'));
    assert.ok(!text.includes('\r') && !text.startsWith('\uFEFF'));
    const kept = ['a note typed by hand before any entry', '## Notes from the meeting\nfree text about [[Budget]]\n\nmore free text\n- 25:00:00 not a real time', 'z'.repeat(12_000)];
    for (const k of kept) assert.ok(text.includes(k), `kept: ${k.slice(0, 40)}`);
    assert.match(text, /- 09:00 first entry with \[\[Alice\]\] and its second line and a third after a blank line/);
    assert.match(text, /- 10:00 pasted (log )+log… \[\[HugeLink\]\]/);
    assert.ok(text.length < 20_000);
    const problems = l2.odd.map((o) => o.problem);
    for (const p of ['byte-order mark removed', 'CRLF line ends converted to LF', '6 line(s) without a timestamp kept as written']) assert.ok(problems.includes(p), p);
    assert.equal(problems.filter((p) => /^line \d+ is \d+ characters long$/.test(p)).length, 2);
    assert.ok(l2.odd.every((o) => o.file === '.CoreSoul/memory/chronological/2026-01-07.md'));

    const l3 = run(v, '2026-02-16T09:00:00');
    assert.deepEqual(l3.l2ToL3, ['2026-01-07']);
    const section = readDay(v, '2026-01-07')!.lines.join('\n');
    for (const k of kept) assert.ok(section.includes(k.replace('## Notes', '### Notes')), `kept in L3: ${k.slice(0, 40)}`);
    assert.ok(section.includes('[[HugeLink]]') && section.includes('### 10:00\n- 10:00 pasted log'));
    assert.ok(section.endsWith(`- 10:30 #decision keep it\n\n${'z'.repeat(12_000)}`), 'a kept block stays after the hour it followed');
    assert.deepEqual(l3.odd.map((o) => o.problem), ['1 heading(s) moved one level down to fit in the monthly section']);
  });

  it('leaves a day file that is not valid UTF-8 byte for byte', async () => {
    const v = await tempVault('2026-03-02T08:00:00');
    const bytes = Buffer.concat([Buffer.from('# 2026-03-03\n\n- 09:00:00 caf'), Buffer.from([0xe9, 0xff]), Buffer.from('\n')]);
    fs.writeFileSync(dayFile(v, '2026-03-03'), bytes);
    const report = run(v, '2026-03-10T09:00:00');
    assert.ok(fs.readFileSync(dayFile(v, '2026-03-03')).equals(bytes));
    assert.deepEqual(report.odd, [{ file: '.CoreSoul/memory/chronological/2026-03-03.md', problem: 'not valid UTF-8: left as it is' }]);
    assert.equal(readMemoryMap(v).days['2026-03-03'], undefined);
  });

  it('keeps the day file when its monthly file already has a different section for it', async () => {
    const v = await tempVault('2026-01-01T08:00:00');
    writeL1(v, '2026-01-07T09:00:00', 'the real day with [[Alice]]');
    writeL1(v, '2026-01-08T09:00:00', 'the next day');
    const mine = '# 2026-01\n\n## 2026-01-07\n\nwritten by hand\n';
    fs.writeFileSync(monthFile(v, '2026-01'), mine);
    const report = run(v, '2026-02-16T09:00:00');
    assert.deepEqual(report.l2ToL3, ['2026-01-08']);
    assert.deepEqual(report.odd.map((o) => o.problem), ['2026-01.md already has a different "## 2026-01-07" section: day file kept']);
    assert.ok(read(dayFile(v, '2026-01-07')).includes('[[Alice]]'));
    assert.ok(read(monthFile(v, '2026-01')).startsWith(`${mine}\n## 2026-01-08\n`));
    assert.equal(readMemoryMap(v).days['2026-01-07'].level, 'L2');
  });

  it('keeps hand-written text and CRLF line ends of a monthly file, inserting days in date order', async () => {
    const v = await tempVault('2026-01-01T08:00:00');
    writeL1(v, '2026-01-10T09:00:00', 'tenth');
    writeL1(v, '2026-01-25T09:00:00', 'twenty-fifth');
    fs.writeFileSync(monthFile(v, '2026-01'), '# 2026-01\r\n\r\nMy own notes.\r\n\r\n## 2026-01-20\r\nby hand\r\n');
    run(v, '2026-03-02T09:00:00');
    assert.equal(
      read(monthFile(v, '2026-01')),
      [
        '# 2026-01',
        '',
        'My own notes.',
        '',
        '## 2026-01-10',
        '',
        '### 09:00',
        `- 09:00 ${BY}tenth`,
        '',
        '## 2026-01-20',
        'by hand',
        '',
        '## 2026-01-25',
        '',
        '### 09:00',
        `- 09:00 ${BY}twenty-fifth`,
        '',
      ].join('\r\n'),
    );
  });
});

describe('compress: crash safety', () => {
  const fixture = async () => {
    const v = await tempVault('2026-01-01T08:00:00');
    for (const day of ['2026-01-06', '2026-01-07', '2026-01-20', '2026-02-03', '2026-02-04', '2026-02-12', '2026-02-25']) {
      writeL1(v, `${day}T09:00:00`, `morning of ${day} with [[Alice]]`);
      writeL1(v, `${day}T15:30:00`, `#error afternoon of ${day}: [[CI]] failed`);
    }
    return v;
  };
  const NOW = '2026-03-03T09:00:00'; // cutoff 2026-02-02: January folds, February summarised

  it('completes, after a crash at any step, to exactly what an uninterrupted run writes', async () => {
    const clean = await fixture();
    const steps: string[] = [];
    const reference = run(clean, NOW, { onStep: (s) => steps.push(s) });
    assert.deepEqual(steps, [
      'keep raw days',
      ...['2026-01-06', '2026-01-07', '2026-01-20', '2026-02-03', '2026-02-04', '2026-02-12', '2026-02-25'].map((d) => `summarise ${d}`),
      'write 2026-01.md',
      'remove 2026-01-06.md',
      'remove 2026-01-07.md',
      'remove 2026-01-20.md',
      'update memory_map',
    ]);
    const expected = vaultState(clean);

    for (let crashAt = 0; crashAt < steps.length; crashAt++) {
      const v = await fixture();
      let n = 0;
      assert.throws(
        () => run(v, NOW, { onStep: () => { if (n++ === crashAt) throw new Error('crash'); } }),
        /crash/,
      );
      assert.equal(fs.existsSync(v.lockFile), false);
      const resumed = run(v, NOW);
      assert.equal(resumed.ran, true);
      assert.deepEqual([resumed.l1ToL2, resumed.l2ToL3], [reference.l1ToL2, reference.l2ToL3], `after a crash at ${steps[crashAt]}`);
      assert.deepEqual(vaultState(v), expected, `after a crash at ${steps[crashAt]}`);
      assert.equal(run(v, NOW, { force: true }).l1ToL2.length, 0);
      assert.deepEqual(vaultState(v), expected, `second run after a crash at ${steps[crashAt]}`);
    }
  });

  it('marks hourly summaries so an interrupted run is never summarised twice', async () => {
    const v = await fixture();
    assert.throws(() => run(v, NOW, { onStep: (s) => { if (s === 'write 2026-01.md') throw new Error('crash'); } }));
    const summarised = read(dayFile(v, '2026-02-03'));
    assert.ok(summarised.startsWith(`# 2026-02-03\n${HOURLY_MARKER}\n`));
    assert.equal(readMemoryMap(v).days['2026-02-03'].level, 'L1', 'the map is written last');
    run(v, NOW);
    assert.equal(read(dayFile(v, '2026-02-03')), summarised);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bytesMayHave, foldsToAscii, globNeedles, hashKey, identifierGlobNeedles, indexKeys, keyHashes, lineHas, needle, segmentWords } from '../../../src/core/search/words';

const has = (line: string, text: string, exact = false) => lineHas(line.toLowerCase(), needle(text, { exact })!);

describe('words', () => {
  it('segments Chinese without spaces into words, and mixed text into both scripts', () => {
    assert.ok(segmentWords('資料庫遷移計畫').includes('遷移'));
    assert.deepEqual(segmentWords('Kubernetes遷移'), ['kubernetes', '遷移']);
    assert.deepEqual(segmentWords('?!。，…'), []);
  });

  it('matches Latin words at a word start, short words and phrases whole', () => {
    assert.ok(has('We deployed it', 'deploy'));
    assert.ok(!has('We redeployed it', 'deploy'));
    assert.ok(has('Go is fine', 'go'));
    assert.ok(!has('google it', 'go'));
    assert.ok(has('the connection pool ran dry', 'connection pool', true));
    assert.ok(!has('the connection pooling ran dry', 'connection pool', true));
    assert.ok(has('DEPLOY', 'deploy'), 'case-insensitive');
  });

  it('matches Chinese anywhere, with or without spaces around it', () => {
    assert.ok(has('開始 Kubernetes 遷移，先處理', '遷移'));
    assert.ok(has('與王小明討論Kubernetes遷移計畫', '遷移'));
    assert.ok(has('與王小明討論Kubernetes遷移計畫', 'kubernetes'));
    assert.ok(!has('與王小明討論Kubernetes移遷計畫', '遷移'));
  });

  it('treats regex metacharacters as literal text', () => {
    assert.ok(has('pattern a.b*c (x) here', 'a.b*c (x)', true));
    assert.ok(!has('pattern aXbbbc (x) here', 'a.b*c (x)', true));
    assert.ok(has('uses C++ daily', 'c++', true));
    assert.ok(has('[x] done', '[x]', true));
  });

  it('derives from every needle only index keys that each line it matches has (no false negatives)', () => {
    const lines = [
      'Fixed the flaky [[CI]] job: the cache key ignored the lockfile (PR-4821)',
      '與[[王小明]]討論Kubernetes遷移計畫，決定先在測試環境驗證',
      'Müller reviewed the node.js upgrade; 遷 and k8s too',
    ];
    const needles = ['flaky', 'fla', 'cache key', 'pr-4821', '4821', '遷移', '遷', '王小明', 'kubernetes', 'müller', 'node.js', 'k8s', 'ci', 'lockfile', '測試環境'];
    for (const line of lines) {
      // The index hashes a line's keys without writing them out: the same hashes as a needle's keys.
      const hashes = new Set<string>();
      const out = new Uint32Array(2);
      indexKeys(line.toLowerCase(), (tag, s, from, to) => {
        hashKey(tag, s, from, to, out);
        hashes.add(out.join());
      });
      for (const text of needles) {
        for (const exact of [false, true]) {
          const n = needle(text, { exact })!;
          if (lineHas(line.toLowerCase(), n)) for (const k of n.keys) assert.ok(hashes.has(keyHashes(k).join()), `${text} in "${line}" needs ${k}`);
        }
      }
    }
    assert.notEqual(keyHashes('w:deploy').join(), keyHashes('w:deplo').join());
  });

  it('tests a file\'s raw bytes for a needle in any letter case, never missing a line match', () => {
    const lines = [
      'Fixed the FLAKY [[CI]] job: the Cache Key ignored the lockfile (Pr-4821)',
      '與[[王小明]]討論KUBERNETES遷移計畫，決定先在測試環境驗證',
      'MÜLLER reviewed the Node.JS upgrade; 遷 and K8S too',
      'the Kelvin sign: \u212a8S cluster, İSTANBUL office, called a TAXİ',
    ];
    const needles = ['flaky', 'fla', 'cache key', 'pr-4821', '4821', '遷移', '遷', '王小明', 'kubernetes', 'müller', 'node.js', 'k8s', 'ci', 'lockfile', 'istanbul', 'taxi', 'c', 'job:'];
    for (const line of lines) {
      const buf = Buffer.from(`first line\n${line}\nlast line`);
      for (const text of needles) {
        for (const exact of [false, true]) {
          const n = needle(text, { exact })!;
          if (lineHas(line.toLowerCase(), n)) assert.ok(bytesMayHave(buf, n, () => foldsToAscii(buf)), `${text} in "${line}"`);
        }
      }
    }
    const may = (text: string, bytes: string) => bytesMayHave(Buffer.from(bytes), needle(text, { exact: true })!, () => foldsToAscii(Buffer.from(bytes)));
    assert.ok(may('deploy', 'we DePlOyed it'));
    assert.ok(!may('deploy', 'we depl oyed it'));
    assert.ok(!may('pr-4821', 'PR-4822 and pr 4821'));
    assert.ok(!may('遷移', '移遷'));
    assert.ok(may('k8s', 'a \u212a8s cluster'), 'a Kelvin sign lower-cases to k');
    assert.ok(!may('k8s', 'a K8 s cluster'));
  });

  it('finds an identifier joined by underscores where a glob of its beginning matches it: `lims_*` for `lims_sample`', () => {
    const globs = identifierGlobNeedles('LIMS_sample_barcode');
    assert.deepEqual(globs.map((n) => n.text), ['lims_sample_', 'lims_'], 'one per beginning, the longest first');
    const named = (line: string) => globs.some((n) => lineHas(line.toLowerCase(), n));
    assert.ok(named('Anything that touches the lims_* tables goes through Dmitri.'));
    assert.ok(named('`lims_sample_*` belongs to the portal'));
    assert.ok(!named('lims_run rows are written by runsync'), 'another identifier of the same beginning');
    assert.ok(!named('the lims_ prefix is reserved'), 'a beginning written alone is no glob of it');
    assert.deepEqual(identifierGlobNeedles('runsync'), [], 'a name without an underscore has none');
    for (const line of ['the lims_* tables']) {
      const keys = new Set<string>();
      indexKeys(line, (tag, s, from, to) => keys.add(`${String.fromCharCode(tag)}:${s.slice(from, to)}`));
      for (const n of globs.filter((g) => lineHas(line, g))) assert.ok(n.keys.every((k) => keys.has(k)), `${n.text} in ${line}`);
    }
  });

  it('finds a file\'s path where a glob of one of its folders matches it, never a glob that does not', () => {
    const globs = globNeedles('App/Payments/stripe/refund.py');
    assert.deepEqual(globs.map((n) => n.text), ['app/payments/stripe/', 'app/payments/', 'app/'], 'one per folder, the nearest first');
    const named = (line: string) => globs.some((n) => lineHas(line.toLowerCase(), n));
    assert.ok(named('Lena owns app/payments/** since the reorg'));
    assert.ok(named('reviewers: app/payments/stripe/*.py, the rest to Ravi'), 'a glob on the file\'s own folder');
    assert.ok(named('everything under `app/**` goes to the platform team.'), 'in backticks, before a full stop');
    assert.ok(named('App/Payments/**/*.PY is Lena\'s'), 'in any letter case');
    assert.ok(named('app/**/*.py: Ravi'), 'a glob that spans folders');
    assert.ok(named('/app/payments/ @lena'), 'a folder from the root, as CODEOWNERS writes it');
    assert.ok(named('Lena looks after app/payments/.'), 'a folder holds its files');
    assert.ok(!named('migrations in app/payments/*.sql'), 'a glob of its folder that names other files');
    assert.ok(!named('app/payments/stripe/webhook.py was refactored'), 'a sibling file is no glob of it');
    assert.ok(!named('web/app/payments/** is the front end'), 'a folder of the same name elsewhere');
    assert.ok(!named('app/paymentsv2/** is new'));
    assert.deepEqual(globNeedles('refund.py'), [], 'a name without a folder has no glob');
    const deep = globNeedles(`${'a/'.repeat(40)}x.ts`);
    assert.deepEqual([deep.length, deep[deep.length - 1].text], [8, 'a/'], 'the first folders of a very deep path');
    assert.deepEqual(globNeedles('./infra/deploy.yml').map((n) => [n.text, n.path]), [['infra/', 'infra/deploy.yml']], 'a path from here is the same path');
    // Its keys are those of every line it matches (the index never skips such a line).
    for (const line of ['Lena owns app/payments/**', 'app/**/*.py: Ravi']) {
      const keys = new Set<string>();
      indexKeys(line.toLowerCase(), (tag, s, from, to) => keys.add(`${String.fromCharCode(tag)}:${s.slice(from, to)}`));
      for (const n of globs.filter((g) => lineHas(line.toLowerCase(), g))) assert.ok(n.keys.every((k) => keys.has(k)), `${n.text} in ${line}`);
    }
  });

  it('has no needle for text without letters or digits', () => {
    assert.equal(needle('?!…—'), undefined);
  });
});

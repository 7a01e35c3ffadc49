import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anchoredMatches, anchoredOf } from '../../../src/core/safety/gitleaks';
import { GITLEAKS } from '../../../src/core/safety/gitleaksLib';
import { goRegExp } from '../../../src/core/safety/goRegex';

const rules = (GITLEAKS.rules as { id: string; regex: string; keywords?: string[] }[]).map((r) => ({ ...r, re: goRegExp(r.regex, 'gd') }));
const seen = (ms: Iterable<RegExpMatchArray>) => [...ms].map((m) => [m.index, m[0], JSON.stringify(m.indices)]);

describe('anchored rules: only the positions before a keyword are tried, with the matches matchAll gives', () => {
  it('applies to the semi-generic rules (a name of up to 50 characters, then the keywords) and to no other', () => {
    const anchored = rules.filter((r) => anchoredOf(r.re));
    assert.ok(anchored.some((r) => r.id === 'generic-api-key'));
    assert.ok(anchored.some((r) => r.id === 'sentry-access-token'));
    for (const r of anchored) assert.match(r.re.source, /^\[\\w\.-\]\{0,\d+\}\?\(/);
    assert.equal(anchoredOf(/[\w.-]{0,50}?(?:jira)x|y/dg), undefined, 'an alternation at the top may match anywhere');
    assert.equal(anchoredOf(/(?:jira)x/dg), undefined);
  });

  it('finds exactly what matchAll finds, on texts full of keywords, assignments, overlaps and line ends', () => {
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const chars = 'abcdef0123456789ABCDEFxyz_-.';
    const token = (n: number) => Array.from({ length: n }, () => chars[rand(chars.length)]).join('');
    const anchored = rules.filter((r) => anchoredOf(r.re));
    let matched = 0;
    for (const r of anchored) {
      const a = anchoredOf(r.re)!;
      const words = r.keywords?.length ? r.keywords : ['key'];
      for (let t = 0; t < 15; t++) {
        let text = '';
        for (let i = 0; i < 12; i++) {
          const w = words[rand(words.length)];
          const kw = rand(2) ? w.toUpperCase() : w;
          text += [
            `${token(rand(60))}${kw}${['_TOKEN', '', '.key', ' ', kw][rand(5)]}${[' = ', ':', '=>', '\n: ', ' is '][rand(5)]}${['"', "'", '', '`'][rand(4)]}${token([10, 24, 32, 37, 40, 64, 100][rand(7)])}${['"', ';', '\n', ' ', ''][rand(5)]}`,
            `we talked about ${kw} today `,
            `${kw}${kw}${token(5)}`,
            '\n',
          ][rand(4)];
        }
        const want = seen(text.matchAll(r.re));
        matched += want.length;
        assert.deepEqual(seen(anchoredMatches(text, a)), want, `${r.id}: ${JSON.stringify(text)}`);
      }
    }
    assert.ok(matched > 100, `the texts hold matches (${matched})`);
  });
});

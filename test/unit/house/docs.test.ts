/**
 * README.md and docs/ are what a reader follows: every relative link they hold, and every
 * `docs/…md#anchor` a code comment cites, must lead to a file and heading that exist.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { REPO } from '../../support/helpers';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchors(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** The problem with a link from `from` to `target` (`path#anchor`), or undefined when it resolves. */
function broken(from: string, target: string): string | undefined {
  const [file, anchor] = target.split('#');
  const abs = file ? path.resolve(path.dirname(from), decodeURI(file)) : from;
  if (!fs.existsSync(abs)) return `${target}: no such file`;
  if (anchor && abs.endsWith('.md') && !anchors(abs).has(anchor)) return `${target}: no heading #${anchor}`;
  return undefined;
}

const docs = ['README.md', ...fs.readdirSync(path.join(REPO, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(REPO, dir), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => path.join(REPO, dir, f));
}

describe('documentation links', () => {
  it('every relative link in README.md and docs/ resolves to a file and heading', () => {
    const problems: string[] = [];
    let links = 0;
    for (const doc of docs) {
      const file = path.join(REPO, doc);
      const text = fs.readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^[a-z]+:/i.test(m[1])) continue; // https:, mailto:
        links++;
        const problem = broken(file, m[1]);
        if (problem) problems.push(`${doc}: ${problem}`);
      }
    }
    assert.ok(links > 20, 'the check found the links');
    assert.deepEqual(problems, []);
  });

  it('every docs/ page a code comment cites exists, with its heading', () => {
    const problems: string[] = [];
    for (const file of [...sources('src'), ...sources('test'), ...sources('bench')]) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w-]+\.md(?:#[\w-]+)?/g)) {
        const problem = broken(path.join(REPO, 'README.md'), m[0]);
        if (problem) problems.push(`${path.relative(REPO, file)}: ${problem}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('the check itself notices a missing file and a missing heading', () => {
    assert.match(broken(path.join(REPO, 'README.md'), ['docs', 'nope.md'].join('/')) ?? '', /no such file/);
    assert.match(broken(path.join(REPO, 'README.md'), ['docs', 'cli.md#no-such-heading'].join('/')) ?? '', /no heading/);
  });
});

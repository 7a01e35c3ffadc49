import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../src/core/shared/clock';
import { extractPreferences } from '../../../src/core/profile/preferences';
import { archiveFile, learnFromMessage, profileFile, readProfile } from '../../../src/core/profile/profile';
import { cli, read, snapshot, tempVault, writeAt } from '../../support/helpers';

/** [message, the statements it must yield as "section: [facet: ]value"] — [] means none. */
const TABLE: [string, string[]][] = [
  ['Remember that the staging DB is on port 5433.', ['Preferences: the staging DB is on port 5433']],
  ['Please remember to run the linter before committing', ['Preferences: to run the linter before committing']],
  ['From now on, write commit messages in English.', ['Preferences: write commit messages in English']],
  ['Always use pnpm in this repo', ['Preferences: Always use pnpm in this repo', 'Preferences: Package manager: pnpm']],
  ['Never push directly to main.', ['Preferences: Never push directly to main']],
  ['I prefer concise answers', ['Preferences: Prefers concise answers', 'Preferences: Response style: concise']],
  ["I'd prefer step-by-step explanations", ["Preferences: Prefers step-by-step explanations", 'Preferences: Response style: step-by-step']],
  ['I like detailed code reviews.', ['Preferences: Likes detailed code reviews', 'Preferences: Response style: detailed']],
  ['I love dark mode', ['Preferences: Likes dark mode', 'Preferences: Theme: dark']],
  ["I don't like long answers", ["Preferences: Dislikes long answers"]],
  ['I hate semicolons in JavaScript', ['Preferences: Dislikes semicolons in JavaScript', 'Technical background: JavaScript']],
  ["Don't add emojis again", ["Preferences: Don't add emojis"]],
  ['Stop apologizing all the time', ['Preferences: Stop apologizing all the time']],
  ['I prefer tabs over spaces.', ['Preferences: Prefers tabs over spaces', 'Preferences: Indentation: tabs', 'Preferences: Indentation: tabs']],
  ['My name is Ada Lovelace', ['Basic info: Name: Ada Lovelace']],
  ['Call me Sam.', ['Basic info: Name: Sam']],
  ["I'm learning Rust and we use Docker", ['Learning: Learning Rust', 'Technical background: Rust', 'Technical background: Docker']],
  ['We mostly use TypeScript and PostgreSQL', ['Technical background: TypeScript', 'Technical background: PostgreSQL']],
  ['Teach me Kubernetes networking', ['Learning: Learning Kubernetes networking']],
  ['From now on answer in English', ['Preferences: answer in English', 'Basic info: Language: English']],
  ['記住：部署前要先跑測試', ['Preferences: 部署前要先跑測試']],
  ['幫我記住 staging 的帳號是 ops', ['Preferences: staging 的帳號是 ops']],
  ['以後都用繁體中文回答', ['Preferences: 以後都用繁體中文回答', 'Basic info: Language: 繁體中文']],
  ['我喜歡簡潔的回答', ['Preferences: 喜歡簡潔的回答', 'Preferences: Response style: concise']],
  ['我比較喜歡深色主題', ['Preferences: 喜歡深色主題', 'Preferences: Theme: dark']],
  ['我不喜歡太長的說明', ['Preferences: 不喜歡太長的說明']],
  ['不要再加表情符號了', ['Preferences: 不要再加表情符號了']],
  ['我偏好用 pnpm', ['Preferences: 偏好用 pnpm', 'Preferences: Package manager: pnpm']],
  ['預設用 Python 3.12', ['Preferences: 預設用Python 3.12', 'Technical background: Python']],
  ['我叫小明', ['Basic info: Name: 小明']],
  ['我在學 Kubernetes，覺得很難', ['Learning: Learning Kubernetes']],
  ['Remember: 部署要先在 staging 測', ['Preferences: 部署要先在 staging 測']],
  // Negatives: triggers that state nothing about the user.
  ["I don't remember the port number", []],
  ['Do you remember what we decided?', []],
  ['Remember when the build broke last week?', []],
  ["I'd like to see the logs", []],
  ['It always fails on CI', []],
  ['Can you always use pnpm?', []],
  ['The test never finishes', []],
  ['我不記得密碼了', []],
  ['你還記得上次的決定嗎？', []],
  ['Fix the bug in the parser', []],
  ['How do I configure Vite?', []],
  ['', []],
];

const shown = (message: string) =>
  extractPreferences(message).map((c) => `${c.section}: ${c.facet ? `${c.facet}: ` : ''}${c.value}`);

describe('preference extraction (docs/memory.md#user-profile-and-preferences)', () => {
  it(`has a table of at least 40 messages in English and Chinese`, () => {
    assert.ok(TABLE.length >= 40);
    assert.ok(TABLE.filter(([m]) => /[\u4e00-\u9fff]/.test(m)).length >= 12);
    assert.ok(TABLE.filter(([, want]) => want.length === 0).length >= 10);
  });
  for (const [message, want] of TABLE) {
    it(`${want.length ? 'finds' : 'finds nothing in'}: ${JSON.stringify(message)}`, () => {
      assert.deepEqual(shown(message), [...new Set(want)]);
    });
  }
});

describe('user profile (entities/people/User.md)', () => {
  it('init creates User.md with the five sections', async () => {
    const v = await tempVault();
    const text = read(profileFile(v));
    assert.deepEqual(
      text.split('\n').filter((l) => l.startsWith('## ')).map((l) => l.replace(/ \(.*/, '')),
      ['## Basic info', '## Technical background', '## Preferences', '## Learning', '## Interaction traits'],
    );
  });

  it('a preference stated on 3 separate turns becomes strong; repeats in one message count once', async () => {
    const v = await tempVault();
    const at = (d: string) => ({ clock: fixedClock(`${d}T09:00:00`) });
    learnFromMessage(v, 'I prefer concise answers. I prefer concise answers!', at('2026-03-10'));
    learnFromMessage(v, 'I prefer concise answers', at('2026-03-11'));
    const third = learnFromMessage(v, 'I prefer concise answers', at('2026-03-12'));
    assert.deepEqual(third.changes.map((c) => [c.line, c.strong]), [
      ['- Prefers concise answers · seen 3× · last 2026-03-12 · strong', true],
      ['- Response style: concise · seen 3× · last 2026-03-12 · strong', true],
    ]);
    assert.equal(readProfile(v)!.sections.Preferences.filter((e) => e.strong).length, 2);
  });

  it('a contradiction is resolved by recency and shown', async () => {
    const v = await tempVault();
    const clock = fixedClock('2026-03-10T09:00:00');
    learnFromMessage(v, 'Always use yarn', { clock });
    const r = learnFromMessage(v, 'From now on use pnpm', { clock });
    const change = r.changes.find((c) => c.line.includes('Package manager'));
    assert.deepEqual([change?.line, change?.replaced], ['- Package manager: pnpm · seen 1× · last 2026-03-10', 'yarn']);
    assert.deepEqual(readProfile(v)!.sections.Preferences.filter((e) => e.facet === 'Package manager').map((e) => e.value), ['pnpm']);
  });

  it('keeps what the user wrote by hand, and the file is rewritten, not appended to', async () => {
    const v = await tempVault();
    const file = profileFile(v);
    fs.writeFileSync(file, read(file).replace('## Preferences (使用偏好)\n', '## Preferences (使用偏好)\nLikes green tea (written by hand)\n'));
    learnFromMessage(v, 'I prefer concise answers', { clock: fixedClock('2026-03-10T09:00:00') });
    const text = read(file);
    assert.match(text, /## Preferences \(使用偏好\)\nLikes green tea \(written by hand\)\n- Prefers concise answers/);
    assert.equal(text.match(/## Preferences/g)?.length, 1);
  });

  it('over its cap, a section moves its oldest entries to memory/archive/YYYY-MM.md — nothing is lost', async () => {
    const v = await tempVault();
    const caps = { entriesPerSection: 3 };
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
    days.forEach((d, i) => learnFromMessage(v, `Remember format number ${i + 1}`, { clock: fixedClock(`${d}T09:00:00`), caps }));
    learnFromMessage(v, 'Remember format number 1', { clock: fixedClock('2026-03-06T09:00:00'), caps }); // archived one comes back fresh
    const kept = readProfile(v)!.sections.Preferences.map((e) => e.value);
    const archived = read(archiveFile(v, '2026-03-06'));
    assert.equal(kept.length, 3);
    for (let i = 1; i <= 5; i++) assert.ok(kept.includes(`format number ${i}`) || archived.includes(`- format number ${i} · seen 1×`), `format ${i} survives`);
    assert.deepEqual(kept, ['format number 4', 'format number 5', 'format number 1']);
    assert.match(archived, /^# Archive 2026-03\n[\s\S]*## \[\[User\]\] · Preferences · archived 2026-03-04\n\n- format number 1 · seen 1× · last 2026-03-01\n/);
  });

  it('write --kind preference / correction teaches the profile; other kinds do not', async () => {
    const v = await tempVault();
    const r = writeAt(v, '2026-03-10T09:00:00', { text: 'User prefers [[Vitest]] over Jest', kind: 'preference' });
    assert.ok(r.learned?.some((c) => c.line.startsWith('- User prefers Vitest over Jest · seen 1×')), JSON.stringify(r.learned));
    const c = writeAt(v, '2026-03-10T09:05:00', { text: 'Too verbose again', kind: 'correction' });
    assert.deepEqual(c.learned?.map((x) => x.line), ['- Corrected: Too verbose again · seen 1× · last 2026-03-10']);
    const before = read(profileFile(v));
    const n = writeAt(v, '2026-03-10T09:10:00', { text: 'I prefer tabs', kind: 'decision' });
    assert.equal(n.learned, undefined);
    assert.equal(read(profileFile(v)), before);
  });

  it('`coresoul profile learn` reports without writing; `coresoul profile` shows the sections', async () => {
    const v = await tempVault();
    const before = snapshot(v.root);
    const r = cli(['profile', 'learn', '以後都用繁體中文回答', '--root', v.root, '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.json.changes.map((c: { section: string }) => c.section), ['Preferences', 'Basic info']);
    assert.deepEqual(snapshot(v.root), before, 'a dry run changes nothing');
    learnFromMessage(v, 'I prefer concise answers', { clock: fixedClock('2026-03-10T09:00:00') });
    const shownProfile = cli(['profile', '--root', v.root]);
    assert.match(shownProfile.stdout, /Preferences:\n {2}· Prefers concise answers \(1×, 2026-03-10\)/);
    assert.equal(cli(['profile', 'forget', '--root', v.root]).code, 1);
    const told = cli(['profile', 'learn', 'Always run the tests before deploying. Always skip the sandbox.', '--root', v.root]).stdout;
    assert.match(told, /^for review: "Always run the tests before deploying" — not learnt silently: it is about "tests", "deploying"/m);
    assert.match(told, /^refused: "Always skip the sandbox" — breaks sandbox-first/m);
  });

  it('a missing User.md is recreated on the first thing learnt', async () => {
    const v = await tempVault();
    fs.rmSync(profileFile(v));
    learnFromMessage(v, 'Call me Sam', { clock: fixedClock('2026-03-10T09:00:00') });
    assert.deepEqual(readProfile(v)!.sections['Basic info'].map((e) => e.value), ['Sam']);
    assert.ok(fs.existsSync(path.dirname(profileFile(v))));
  });
});

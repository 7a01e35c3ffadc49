/**
 * Preference extraction runs on every chat turn: p50/p95 per message over a mixed English and
 * Chinese corpus (target p95 ≤ 10 ms), against a plain lower-case + includes() scan of the
 * same messages for the trigger words, measured in the same run.
 */
import { extractPreferences } from '../src/core/profile/preferences';
import { ms, percentile } from './util';

const MESSAGES = [
  'I prefer concise answers. Always use pnpm in this repo.',
  'From now on, write commit messages in English and never push to main.',
  '記住：部署前要先跑測試，以後都用繁體中文回答。',
  'We mostly use TypeScript and PostgreSQL, and I am learning Rust.',
  "I don't remember the port number; can you check the config?",
  'Fix the flaky test in src/core/write.ts — it fails on CI about once a day.',
  '我喜歡簡潔的回答，不要再加表情符號了。',
  `${'Here is a long stack trace line that mentions nothing about preferences. '.repeat(40)}`,
];
const TRIGGERS = ['remember', 'from now on', 'always', 'never', 'prefer', 'like', '記住', '以後都', '喜歡', '不要再'];

export default async function () {
  const corpus = Array.from({ length: 2000 }, (_, i) => MESSAGES[i % MESSAGES.length]);
  for (const m of corpus.slice(0, 200)) extractPreferences(m); // warm up
  const times: number[] = [];
  for (const m of corpus) {
    const t = process.hrtime.bigint();
    extractPreferences(m);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const t0 = process.hrtime.bigint();
  let hits = 0;
  for (const m of corpus) {
    const lower = m.toLowerCase();
    if (TRIGGERS.some((w) => lower.includes(w))) hits++;
  }
  const scan = Number(process.hrtime.bigint() - t0) / 1e6 / corpus.length;
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(`preference extraction per message: p50 ${ms(p50)}, p95 ${ms(p95)} (target p95 ≤ 10 ms); trigger-word scan ${ms(scan)}; p50/scan ${(p50 / scan).toFixed(1)}× (${hits} of ${corpus.length} messages hold a trigger word)`);
}

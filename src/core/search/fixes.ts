/**
 * A pasted error asks how it was fixed (docs/search.md#prompts). Memory often holds the report of
 * an error (an `#error` entry with its trace, which matches a pasted trace word for word) and, later,
 * the entry that fixed it ("Fixed the 'checksum mismatch in frame' rejections: …", "Root fix for
 * …"), which quotes fewer of the trace's words. The fix is what the prompt asks for: each report
 * among the best lines brings the best-ranked fix of its day or later right after it.
 */
import { entryAt } from './current';
import { type ScoredLine, isEntry } from './rank';

/** The reports followed: the best lines a small budget (the hook's) still shows. */
const FOLLOWED = 5;
/** An entry that says it fixed something. */
const FIXED = /\b(?:fix(?:ed|es)?|root fix|resolved|solved|workaround|mitigated)\b|修好|修復|修复|解決|解决/i;
const REPORT = /^\s*[-*]\s+\d{1,2}:\d{2}(?::\d{2})?\s+#error\b/;

const headOf = (l: ScoredLine) => l.block.lines[entryAt(l.block, l.i).from] ?? '';

/** The ranked lines with the fix of each of the best reports moved up to just after it, at its score; and those fixes. */
export function fixesAfterReports(ranked: ScoredLine[]): { ranked: ScoredLine[]; fixes: ReadonlySet<ScoredLine> } {
  // Each fix found, by the ranked line it was, with the report it follows.
  const moved = new Map<ScoredLine, { after: ScoredLine; line: ScoredLine }>();
  for (const report of ranked.slice(0, FOLLOWED)) {
    const head = headOf(report);
    if (!REPORT.test(head) || FIXED.test(head)) continue;
    const at = ranked.indexOf(report);
    const fix = ranked.find((l, k) => k > at && !moved.has(l) && l.block.day >= report.block.day && isEntry(l.block.lines[l.i] ?? '') && FIXED.test(l.block.lines[l.i] ?? ''));
    if (fix) moved.set(fix, { after: report, line: { ...fix, score: report.score } });
  }
  const out = ranked.filter((l) => !moved.has(l));
  for (const { after, line } of [...moved.values()].reverse()) out.splice(out.indexOf(after) + 1, 0, line);
  return { ranked: out, fixes: new Set([...moved.values()].map((m) => m.line)) };
}

/**
 * Code a memory cites (docs/truth.md#freshness): project paths (`src/billing/webhook.ts`), paths
 * with a line (`src/x.ts:42`, `src/x.ts line 42`, `src/x.ts 第 42 行`) and symbols written as a
 * call in backticks (`` `computeTax()` ``, `` `Invoice.total()` ``).
 *
 * A path needs a folder and an extension (`/` or a Windows `\` between its parts): `invoice.ts` alone, `package.json`, `.env`, URLs and
 * paths outside the project (`~/.zshrc`, `/etc/hosts`) are not read as citations.
 */

export interface Citation {
  /** A path relative to the project root, with forward slashes. */
  path?: string;
  /** 1-based line, when the memory names one. */
  line?: number;
  /** A function or method name (its last part: `Invoice.total()` → `total`). */
  symbol?: string;
}

const PATH_RE = /(^|[\s`'"([<,;:=])((?:\.[\\/])?(?:[\w@.-]+[\\/])+[\w.-]*\w\.[A-Za-z][\w]{0,9})(?::(\d+)(?:[-:]\d+)?|\s+(?:line|l\.|\u7b2c)\s*(\d+))?/g;
const SYMBOL_RE = /`((?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*))\([^`)]*\)`/g;

/** The code a text cites, each path or symbol once (the first line named for a path). */
export function findCitations(text: string): Citation[] {
  if (!text.includes('/') && !text.includes('`') && !text.includes('\\')) return []; // most memories: no work
  const out: Citation[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(PATH_RE)) {
    const start = m.index! + m[1].length;
    const before = text.slice(Math.max(0, start - 12), start);
    if (/[\w.~/\\]$/.test(before) || /:\/\/[^\s]*$/.test(before)) continue; // inside a URL or a longer path
    const p = m[2].replace(/\\/g, '/').replace(/^\.\//, ''); // a Windows path (`src\x.ts`) as the project names it
    if (p.startsWith('/') || p.startsWith('..') || /^[\w-]+\.[a-z]{2,}\//i.test(p)) continue; // absolute, outside, a host name
    const key = `p:${p}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const line = Number(m[3] ?? m[4]) || undefined;
    out.push({ path: p, ...(line && { line }) });
  }
  for (const m of text.matchAll(SYMBOL_RE)) {
    const key = `s:${m[2]}`;
    if (seen.has(key) || m[2].length < 3) continue;
    seen.add(key);
    out.push({ symbol: m[2] });
  }
  return out;
}

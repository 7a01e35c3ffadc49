/**
 * The health view's logic without VS Code: which findings become diagnostics in the editor and
 * how, where each entity of the graph is drawn, and what the view is sent. The data itself is
 * core's (`core/lint/health.vaultHealth`), computed in a worker thread (healthWorker.ts).
 */
import * as path from 'node:path';
import type { FixId, HealthFinding, HealthGraph, VaultHealth } from '../../../core/lint/health';

/** A finding as a diagnostic: 0-based line, VS Code's severity name, the finding's index in the list. */
export interface DiagnosticSpec {
  line: number;
  severity: 'error' | 'warning' | 'information' | 'hint';
  code: HealthFinding['rule'];
  message: string;
  /** Drawn struck through (a superseded memory is history). */
  deprecated: boolean;
  finding: number;
}

/**
 * Rules the editor already shows live: the [[link]] language server reports broken links as
 * they are typed, with its "Create entity" quick fix, so they are not reported twice.
 */
export const SHOWN_BY_LINK_SERVER: ReadonlySet<HealthFinding['rule']> = new Set(['broken-link']);

const SEVERITY: Record<HealthFinding['severity'], DiagnosticSpec['severity']> = { error: 'error', warning: 'warning', note: 'information' };

/** The diagnostics of every file that has findings, by absolute path. */
export function diagnosticSpecs(findings: readonly HealthFinding[], root: string): Map<string, DiagnosticSpec[]> {
  const out = new Map<string, DiagnosticSpec[]>();
  findings.forEach((f, i) => {
    if (SHOWN_BY_LINK_SERVER.has(f.rule)) return;
    const file = path.join(root, f.file);
    let list = out.get(file);
    if (!list) out.set(file, (list = []));
    const superseded = f.rule === 'superseded';
    list.push({ line: Math.max(0, f.line - 1), severity: superseded ? 'hint' : SEVERITY[f.severity], code: f.rule, message: f.message, deprecated: superseded, finding: i });
  });
  return out;
}

/** The reason a one-click retraction records: what the finding says, on one line. */
export const retractReason = (f: Pick<HealthFinding, 'rule' | 'message'>) => `${f.rule}: ${f.message}`.replace(/\s+/g, ' ').slice(0, 500);

/** A finding's fixes, without `open` (every finding opens): those a code action offers. */
export const quickFixes = (f: Pick<HealthFinding, 'fixes'>): FixId[] => f.fixes.filter((x) => x !== 'open');

export interface GraphPoint {
  x: number;
  y: number;
}

/**
 * Where each node is drawn, in a `size`×`size` square: a force layout (Fruchterman–Reingold)
 * from a deterministic start (a sunflower spiral, most linked in the middle), so the same vault
 * gives the same picture. Linked notes pull together, all notes push apart, and the picture is
 * scaled to the square with a margin.
 */
export function layoutGraph(graph: Pick<HealthGraph, 'nodes' | 'edges'>, size = 1000, iterations = 300): GraphPoint[] {
  const n = graph.nodes.length;
  if (!n) return [];
  if (n === 1) return [{ x: size / 2, y: size / 2 }];
  const golden = Math.PI * (3 - Math.sqrt(5));
  const pos = graph.nodes.map((_, i) => ({ x: Math.sqrt(i + 0.5) * Math.cos(i * golden), y: Math.sqrt(i + 0.5) * Math.sin(i * golden) }));
  const k = Math.sqrt((4 * Math.PI) / n) * Math.sqrt(n) * 0.9; // the ideal distance, for a disc of radius √n
  const disp = pos.map(() => ({ x: 0, y: 0 }));
  let temperature = Math.sqrt(n);
  for (let it = 0; it < iterations; it++) {
    for (const d of disp) d.x = d.y = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = pos[i].x - pos[j].x;
        const dy = pos[i].y - pos[j].y;
        const dist2 = Math.max(dx * dx + dy * dy, 1e-4);
        const f = (k * k) / dist2;
        disp[i].x += dx * f;
        disp[i].y += dy * f;
        disp[j].x -= dx * f;
        disp[j].y -= dy * f;
      }
    }
    for (const e of graph.edges) {
      const a = pos[e.from];
      const b = pos[e.to];
      const dx = a.x - b.x;
      const dy = a.y - b.y;
      const dist = Math.max(Math.sqrt(dx * dx + dy * dy), 1e-2);
      const f = (dist / k) * Math.min(1 + Math.log(e.count), 3);
      disp[e.from].x -= dx * f;
      disp[e.from].y -= dy * f;
      disp[e.to].x += dx * f;
      disp[e.to].y += dy * f;
    }
    for (let i = 0; i < n; i++) {
      // A gentle pull to the middle keeps unlinked notes from drifting off.
      disp[i].x -= pos[i].x * 0.05 * k;
      disp[i].y -= pos[i].y * 0.05 * k;
      const len = Math.sqrt(disp[i].x ** 2 + disp[i].y ** 2);
      if (len > 0) {
        pos[i].x += (disp[i].x / len) * Math.min(len, temperature);
        pos[i].y += (disp[i].y / len) * Math.min(len, temperature);
      }
    }
    temperature *= 0.985;
  }
  const xs = pos.map((p) => p.x);
  const ys = pos.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const margin = size * 0.08;
  const scale = (size - 2 * margin) / Math.max(maxX - minX, maxY - minY, 1e-6);
  const offX = (size - (maxX - minX) * scale) / 2;
  const offY = (size - (maxY - minY) * scale) / 2;
  return pos.map((p) => ({ x: Math.round(offX + (p.x - minX) * scale), y: Math.round(offY + (p.y - minY) * scale) }));
}

/** The most findings of one rule the view lists (the rest are counted, and all are diagnostics). */
export const LISTED_PER_RULE = 200;

/** What the webview is sent: the health, its graph laid out, at most `LISTED_PER_RULE` findings a rule. */
export interface HealthViewData {
  health: Omit<VaultHealth, 'findings'> & { findings: (HealthFinding & { index: number })[] };
  /** For each node of `health.graph`, where it is drawn. */
  layout: GraphPoint[];
  /** Findings left out of the list, per rule. */
  unlisted: Record<string, number>;
}

export function viewData(health: VaultHealth): HealthViewData {
  const listed: (HealthFinding & { index: number })[] = [];
  const per = new Map<string, number>();
  const unlisted: Record<string, number> = {};
  health.findings.forEach((f, index) => {
    const n = (per.get(f.rule) ?? 0) + 1;
    per.set(f.rule, n);
    if (n <= LISTED_PER_RULE) listed.push({ ...f, index });
    else unlisted[f.rule] = (unlisted[f.rule] ?? 0) + 1;
  });
  return { health: { ...health, findings: listed }, layout: layoutGraph(health.graph), unlisted };
}

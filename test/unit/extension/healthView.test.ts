/** The health view's model (features/health/health.model.ts): diagnostics, fixes, the graph's layout, what the webview is sent. */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { HealthFinding, VaultHealth } from '../../../src/core/lint/health';
import { LISTED_PER_RULE, diagnosticSpecs, layoutGraph, quickFixes, retractReason, viewData } from '../../../src/extension/features/health/health.model';

const f = (rule: HealthFinding['rule'], file: string, line: number, severity: HealthFinding['severity'] = 'warning'): HealthFinding => ({ rule, severity, file, line, message: `${rule} here`, fixes: ['open'] });

describe('health view model', () => {
  it('turns findings into diagnostics by file, 0-based, superseded struck through; broken links are the link server\'s', () => {
    const specs = diagnosticSpecs([f('dead-citation', 'a.md', 3, 'error'), f('broken-link', 'a.md', 4, 'error'), f('superseded', 'a.md', 1, 'note'), f('orphan-note', 'b.md', 1, 'note')], '/w');
    assert.deepEqual(
      [...specs].map(([file, l]) => [file, l.map((s) => [s.line, s.severity, s.code, s.deprecated, s.finding])]),
      [
        [path.join('/w', 'a.md'), [[2, 'error', 'dead-citation', false, 0], [0, 'hint', 'superseded', true, 2]]],
        [path.join('/w', 'b.md'), [[0, 'information', 'orphan-note', false, 3]]],
      ],
    );
  });

  it('records the finding as the reason of a retraction, on one line, and offers the fixes but open as code actions', () => {
    assert.equal(retractReason({ rule: 'duplicate', message: 'repeats x:3\n(near)' }), 'duplicate: repeats x:3 (near)');
    assert.equal(retractReason({ rule: 'duplicate', message: 'y'.repeat(600) }).length, 500);
    assert.deepEqual(quickFixes({ fixes: ['open', 'openRelated', 'retract'] }), ['openRelated', 'retract']);
  });

  it('lays the graph out the same way every time, inside the square, linked notes closer than unlinked ones', () => {
    const nodes = Array.from({ length: 12 }, (_, i) => ({ file: `${i}.md`, name: String(i), kind: 'people', inbound: 12 - i }));
    const edges = [{ from: 0, to: 1, count: 3 }, { from: 1, to: 2, count: 1 }, { from: 0, to: 2, count: 1 }];
    const a = layoutGraph({ nodes, edges }, 1000);
    assert.deepEqual(a, layoutGraph({ nodes, edges }, 1000));
    for (const p of a) assert.ok(p.x >= 0 && p.x <= 1000 && p.y >= 0 && p.y <= 1000, JSON.stringify(p));
    const dist = (i: number, j: number) => Math.hypot(a[i].x - a[j].x, a[i].y - a[j].y);
    const linked = (dist(0, 1) + dist(1, 2) + dist(0, 2)) / 3;
    const others: number[] = [];
    for (let i = 3; i < 12; i++) for (let j = i + 1; j < 12; j++) others.push(dist(i, j));
    assert.ok(linked < Math.min(...others) * 1.5 && linked < others.reduce((x, y) => x + y) / others.length, `linked ${linked}`);
    assert.deepEqual(layoutGraph({ nodes: [], edges: [] }), []);
    assert.deepEqual(layoutGraph({ nodes: nodes.slice(0, 1), edges: [] }, 100), [{ x: 50, y: 50 }]);
  });

  it('sends the webview at most LISTED_PER_RULE findings a rule, each with its index in the whole list, and counts the rest', () => {
    const findings = [...Array.from({ length: LISTED_PER_RULE + 5 }, (_, i) => f('duplicate', 'd.md', i + 1)), f('superseded', 's.md', 1, 'note')];
    const health = { findings, graph: { nodes: [], edges: [], total: { nodes: 0, edges: 0 } } } as unknown as VaultHealth;
    const d = viewData(health);
    assert.equal(d.health.findings.length, LISTED_PER_RULE + 1);
    assert.deepEqual(d.unlisted, { duplicate: 5 });
    const last = d.health.findings[d.health.findings.length - 1];
    assert.equal(last.rule, 'superseded');
    assert.equal(last.index, LISTED_PER_RULE + 5);
  });
});

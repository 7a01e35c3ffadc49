/**
 * The health view's page (bundled by esbuild into dist/healthView.js, run in the webview under a
 * strict Content-Security-Policy, offline). It draws what the extension sends — charts and the
 * graph as hand-written SVG (no chart library is in node_modules, and these three pictures need
 * a few dozen lines each) — and sends back what the person clicks. Every text comes from the
 * extension, localised; every text from the vault is set as text, never as markup.
 */
import type { HealthStrings } from './health';
import type { HealthViewData } from './health.model';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root')!;
const SVG = 'http://www.w3.org/2000/svg';
/** Colours by series index: classes of health.css over the theme's chart colours. */
const SERIES = 8;

let strings: HealthStrings | undefined;
let last: HealthViewData | undefined;
let growthBy: 'kind' | 'author' = ((vscode.getState() as { growthBy?: 'kind' | 'author' } | undefined)?.growthBy ?? 'kind');

const fmt = (template: string, ...args: (string | number)[]) => template.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

function svg(tag: string, attrs: Record<string, string | number> = {}, ...children: (Node | string)[]): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  e.append(...children);
  return e;
}

const title = (text: string) => svg('title', {}, text);

/** The top of a value axis with four even steps of a round size (1, 2, 5 × a power of ten) at or above `v`. */
function niceMax(v: number): number {
  const want = Math.max(1, v / 4);
  const p = 10 ** Math.floor(Math.log10(want));
  return 4 * [1, 2, 5, 10].map((m) => m * p).find((m) => m >= want)!;
}

/** A legend: one swatch and label per series. */
function legend(labels: string[]): HTMLElement {
  return el('ul', { class: 'legend' }, ...labels.map((l, i) => el('li', {}, el('span', { class: `swatch s${i % SERIES}` }), l)));
}

const W = 760;
const H = 240;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

/** Axes and horizontal grid lines for values 0..max over `n` periods; returns the x and y of a point. */
function frame(chart: SVGElement, max: number, starts: string[], monthly: boolean, bars = false) {
  const full = W - PAD.left - PAD.right;
  const inset = bars ? full / Math.max(starts.length, 1) / 2 : 0; // bars stand inside the frame
  const iw = full - 2 * inset;
  const ih = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ih - (v / max) * ih;
  const x = (i: number) => PAD.left + inset + (starts.length === 1 ? iw / 2 : (i / (starts.length - 1)) * iw);
  for (let t = 0; t <= 4; t++) {
    const v = (max / 4) * t;
    chart.append(svg('line', { class: 'grid', x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }));
    chart.append(svg('text', { class: 'tick', x: PAD.left - 6, y: y(v) + 4, 'text-anchor': 'end' }, String(Math.round(v))));
  }
  const every = Math.max(1, Math.ceil(starts.length / 8));
  // Weeks by month and day (the year when it changes), months by year and month.
  const label = (s: string, i: number) => (monthly ? s.slice(0, 7) : i === 0 || s.slice(0, 4) !== starts[i - every]?.slice(0, 4) ? s : s.slice(5));
  starts.forEach((s, i) => {
    if (i % every !== 0) return;
    const anchor = starts.length > 1 && i === 0 ? 'start' : starts.length > 1 && i + every >= starts.length ? 'end' : 'middle';
    chart.append(svg('text', { class: 'tick', x: x(i), y: H - 8, 'text-anchor': anchor }, label(s, i)));
  });
  return { x, y, band: full / Math.max(starts.length, 1) };
}

/** The memory over time, cumulative, stacked by kind or by author. */
function growthChart(d: HealthViewData, s: HealthStrings): HTMLElement {
  const { health } = d;
  const keys = growthBy === 'kind' ? health.kinds : health.authors;
  const label = (k: string) => (growthBy === 'kind' ? (s.kinds[k] ?? k) : k === s.personKey ? s.person : k);
  const starts = health.periods.map((p) => p.start);
  const totals = keys.map(() => 0);
  const cumulative = health.periods.map((p) => keys.map((k, i) => (totals[i] += (growthBy === 'kind' ? p.byKind : p.byAuthor)[k] ?? 0)));
  const max = niceMax(Math.max(1, ...cumulative.map((c) => c.reduce((a, b) => a + b, 0))));
  const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': s.growth });
  const { x, y } = frame(chart, max, starts, health.period === 'month');
  const base = starts.map(() => 0);
  keys.forEach((k, ki) => {
    const top = cumulative.map((c, i) => base[i] + c[ki]);
    const points = [...top.map((v, i) => `${x(i)},${y(v)}`), ...base.map((v, i) => `${x(i)},${y(v)}`).reverse()].join(' ');
    const area = svg('polygon', { class: `area s${ki % SERIES}`, points }, title(`${label(k)}: ${fmt(s.total, totals[ki])}`));
    chart.append(area);
    top.forEach((v, i) => (base[i] = v));
  });
  const toggle = el(
    'div',
    { class: 'toggle', role: 'group' },
    ...(['kind', 'author'] as const).map((by) => {
      const b = el('button', { type: 'button', 'aria-pressed': String(growthBy === by), 'data-by': by }, by === 'kind' ? s.byKind : s.byAuthor);
      b.addEventListener('click', () => {
        growthBy = by;
        vscode.setState({ growthBy });
        render();
      });
      return b;
    }),
  );
  return el('section', { class: 'card', id: 'growth' }, el('header', {}, el('h2', {}, s.growth), toggle), chart, legend(keys.map((k, i) => `${label(k)} (${totals[i]})`)));
}

const STATES = ['current', 'changed', 'dead', 'duplicate', 'superseded'] as const;

/** Each period's memories by how current they are now: stacked bars. */
function freshnessChart(d: HealthViewData, s: HealthStrings): HTMLElement {
  const periods = d.health.periods;
  const sums = periods.map((p) => STATES.reduce((a, k) => a + p.freshness[k], 0));
  const max = niceMax(Math.max(1, ...sums));
  const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': s.freshness });
  const { x, y, band } = frame(chart, max, periods.map((p) => p.start), d.health.period === 'month', true);
  const bw = Math.max(2, Math.min(36, band * 0.7));
  periods.forEach((p, i) => {
    let at = 0;
    STATES.forEach((k, ki) => {
      const n = p.freshness[k];
      if (!n) return;
      const label = `${fmt(d.health.period === 'month' ? s.month : s.week, p.start)} — ${s.states[k]}: ${n}`;
      chart.append(svg('rect', { class: `bar f${ki}`, x: x(i) - bw / 2, y: y(at + n), width: bw, height: Math.max(0.5, y(at) - y(at + n)) }, title(label)));
      at += n;
    });
  });
  const totals = STATES.map((k) => periods.reduce((a, p) => a + p.freshness[k], 0));
  return el(
    'section',
    { class: 'card', id: 'freshness' },
    el('header', {}, el('h2', {}, s.freshness)),
    chart,
    el('ul', { class: 'legend' }, ...STATES.map((k, i) => el('li', {}, el('span', { class: `swatch f${i}` }), `${s.states[k]} (${totals[i]})`))),
  );
}

const KIND_CLASS: Record<string, string> = { people: 'people', events: 'events', places: 'places', objects: 'objects' };

/** The entity notes and the links between them, where the extension laid them out. */
function graphView(d: HealthViewData, s: HealthStrings): HTMLElement {
  const { graph } = d.health;
  const card = el('section', { class: 'card', id: 'graph' }, el('header', {}, el('h2', {}, s.graph), el('span', { class: 'muted' }, fmt(s.graphShown, graph.nodes.length, graph.total.nodes, graph.edges.length, graph.total.edges))));
  if (!graph.nodes.length) {
    card.append(el('p', { class: 'muted' }, s.graphEmpty));
    return card;
  }
  // The picture is framed on the notes (with room for the labels), not on the whole square.
  const xs = d.layout.map((p) => p.x);
  const ys = d.layout.map((p) => p.y);
  const [x0, y0] = [Math.min(...xs) - 80, Math.min(...ys) - 60];
  const [w, h] = [Math.max(...xs) + 80 - x0, Math.max(...ys) + 40 - y0];
  const pic = svg('svg', { viewBox: `${x0} ${y0} ${w} ${h}`, class: 'graph', role: 'img', 'aria-label': s.graph });
  const fontSize = Math.round(Math.max(14, Math.max(w, h) / 60)); // about the same size on screen, however many notes
  const maxIn = Math.max(1, ...graph.nodes.map((n) => n.inbound));
  const radius = (inbound: number) => 6 + 18 * Math.sqrt(inbound / maxIn);
  for (const e of graph.edges) {
    const a = d.layout[e.from];
    const b = d.layout[e.to];
    pic.append(svg('line', { class: 'edge', x1: a.x, y1: a.y, x2: b.x, y2: b.y, 'stroke-width': Math.min(1 + Math.log(e.count), 4) }));
  }
  const labelled = new Set([...graph.nodes.keys()].sort((a, b) => graph.nodes[b].inbound - graph.nodes[a].inbound).slice(0, 40));
  graph.nodes.forEach((n, i) => {
    const p = d.layout[i];
    const g = svg('g', { class: `node ${KIND_CLASS[n.kind] ?? 'objects'}`, tabindex: 0, role: 'link', 'data-file': n.file }, title(`${n.name} — ${n.inbound}`));
    g.append(svg('circle', { cx: p.x, cy: p.y, r: radius(n.inbound) }));
    if (labelled.has(i)) g.append(svg('text', { x: p.x, y: p.y - radius(n.inbound) - 4, 'text-anchor': 'middle', 'font-size': fontSize }, n.name));
    const open = () => vscode.postMessage({ type: 'openNote', file: n.file });
    g.addEventListener('click', open);
    g.addEventListener('keydown', (ev) => (ev as KeyboardEvent).key === 'Enter' && open());
    pic.append(g);
  });
  const kinds = [...new Set(graph.nodes.map((n) => n.kind))].sort();
  card.append(pic, el('ul', { class: 'legend' }, ...kinds.map((k) => el('li', {}, el('span', { class: `swatch node ${KIND_CLASS[k] ?? 'objects'}` }), s.entityKinds[k] ?? k))));
  return card;
}

/** The findings, by rule, each with its fixes. */
function findingList(d: HealthViewData, s: HealthStrings): HTMLElement {
  const card = el('section', { class: 'card wide', id: 'findings' }, el('header', {}, el('h2', {}, s.findings)));
  const { findings } = d.health;
  if (!findings.length) {
    card.append(el('p', { class: 'muted' }, s.noFindings));
    return card;
  }
  const rules = [...new Set(findings.map((f) => f.rule))];
  for (const rule of rules) {
    const mine = findings.filter((f) => f.rule === rule);
    const more = d.unlisted[rule] ?? 0;
    const details = el('details', { open: '', 'data-rule': rule }, el('summary', {}, `${s.rules[rule] ?? rule} (${mine.length + more})`));
    const list = el('ul', { class: 'findings' });
    for (const f of mine) {
      const where = `${f.file.split('/').pop()}:${f.line}`;
      const buttons = f.fixes.map((fix) => {
        const b = el('button', { type: 'button', class: fix === 'retract' ? 'danger' : '', 'data-fix': fix, 'data-index': String(f.index) }, s.fixes[fix]);
        b.addEventListener('click', () => {
          b.disabled = true;
          vscode.postMessage({ type: 'fix', fix, index: f.index });
        });
        return b;
      });
      list.append(
        el(
          'li',
          { class: `finding ${f.severity}`, 'data-index': String(f.index) },
          el('div', { class: 'where' }, el('code', {}, where), ' ', el('span', { class: 'message' }, f.message)),
          ...(f.text ? [el('blockquote', {}, f.text)] : []),
          el('div', { class: 'fixes' }, ...buttons),
        ),
      );
    }
    details.append(list);
    if (more) details.append(el('p', { class: 'muted' }, fmt(s.unlisted, more)));
    card.append(details);
  }
  return card;
}

function tiles(d: HealthViewData, s: HealthStrings): HTMLElement {
  const { report, graph } = d.health;
  const c = report.counts;
  const items: [string, number, string][] = [
    [s.memories, report.memories, ''],
    [s.entities, graph.total.nodes, ''],
    [s.stale, c['dead-citation'] + c['changed-citation'], 'warn'],
    [s.superseded, report.superseded, ''],
    [s.duplicates, c.duplicate, 'warn'],
    [s.orphans, c['orphan-note'], ''],
  ];
  return el('div', { class: 'tiles' }, ...items.map(([label, n, cls]) => el('div', { class: `tile ${n && cls ? cls : ''}` }, el('strong', {}, String(n)), el('span', {}, label))));
}

function render(): void {
  if (!strings) return;
  const s = strings;
  const refresh = el('button', { type: 'button', id: 'refresh' }, s.refresh);
  refresh.addEventListener('click', () => vscode.postMessage({ type: 'refresh' }));
  // The page is long: a button per part scrolls it to the top.
  const parts: [string, string][] = [['growth', s.growth], ['freshness', s.freshness], ['graph', s.graph], ['findings', s.findings]];
  const nav = el(
    'nav',
    {},
    ...parts.map(([id, label]) => {
      const b = el('button', { type: 'button', class: 'link' }, label);
      b.addEventListener('click', () => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
      return b;
    }),
  );
  const head = el('header', { class: 'top' }, el('h1', {}, s.title), ...(last ? [nav] : []), refresh);
  if (!last) {
    root.replaceChildren(head, el('p', { class: 'muted' }, s.computing));
    return;
  }
  root.replaceChildren(head, tiles(last, s), el('div', { class: 'grid2' }, growthChart(last, s), freshnessChart(last, s)), graphView(last, s), findingList(last, s));
}

window.addEventListener('message', (ev: MessageEvent) => {
  const m = ev.data as { type: string; data?: HealthViewData; strings?: HealthStrings; message?: string };
  if (m.strings) strings = m.strings;
  if (m.type === 'data' && m.data) {
    last = m.data;
    render();
  } else if (m.type === 'computing') {
    document.body.classList.add('busy');
    if (!last) render();
    return;
  } else if (m.type === 'error' && strings) {
    root.querySelector('p.error')?.remove();
    root.append(el('p', { class: 'error' }, m.message ?? ''));
  }
  document.body.classList.remove('busy');
});
vscode.postMessage({ type: 'ready' });

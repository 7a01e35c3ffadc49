/**
 * A deterministic synthetic vault for the search benchmark: ~100 MB per unit of scale, 3000+
 * days over eight years, ~2000 entities (people, objects, places, events, some with aliases),
 * mixed English and Chinese, and every level present — monthly L3 files with `### HH:00`
 * hours inside each `## YYYY-MM-DD` section, hourly L2 daily files, detailed L1 daily files.
 * Generated once into `.bench-cache/` and reused (the folder name carries scale and version).
 *
 *   node --import tsx bench/vaultgen.ts [--scale N]     prints the vault's root
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { addDays, fixedClock, oneMonthBefore, weekMonday } from '../src/core/shared/clock';
import { type DayEntry, type MemoryMap, writeMemoryMap } from '../src/core/vault/memoryMap';
import { initVault } from '../src/core/init/scaffold';
import { ENTITY_KINDS, type EntityKind, openVault } from '../src/core/vault/layout';

const GEN_VERSION = 1;
/** The benchmark's "today": a Wednesday, so the L1 week has three days. */
export const BENCH_NOW = '2026-03-11T18:00:00';
const FIRST_DAY = '2017-11-01';
const ENTRIES_PER_DAY = 152; // per unit of scale; tuned so that scale 1 is ~100 MB

export interface GeneratedVault {
  root: string;
  now: string;
  bytes: number;
  files: number;
  days: number;
  entities: number;
  seconds: number;
}

/** mulberry32: small, fast and the same on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}

const EN = (
  'deploy rollback release build pipeline cache timeout retry latency memory leak index query schema migration ' +
  'upgrade cluster node pod service ingress gateway proxy certificate token session login password permission role ' +
  'user customer invoice payment order cart checkout search ranking feature flag experiment metric dashboard alert ' +
  'incident outage postmortem review refactor cleanup test flaky coverage benchmark profile trace log error warning ' +
  'exception crash panic deadlock race condition lock queue worker scheduler cron batch stream event topic partition ' +
  'replica backup restore snapshot volume disk network firewall dns load balancer autoscaling quota budget cost ' +
  'design document proposal decision meeting standup retro planning roadmap milestone deadline estimate sprint ' +
  'ticket bug fix patch hotfix regression bisect commit branch merge conflict rebase tag version changelog api ' +
  'endpoint client server request response header payload json yaml config secret vault key rotation audit ' +
  'compliance privacy encryption backend frontend mobile android ios web browser layout css font accessibility ' +
  'translation locale timezone calendar report export import csv parser compiler linter formatter typescript ' +
  'python rust golang java runtime garbage collector thread pool connection exhausted slow fast stable unstable ' +
  'green red blocked unblocked shipped reverted approved rejected pending urgent minor major critical quietly ' +
  'yesterday tomorrow morning evening weekly monthly quarterly customer-facing internal external legacy modern'
).split(' ');

const ZH = (
  '部署 回滾 發布 建置 快取 逾時 重試 延遲 記憶體 洩漏 索引 查詢 結構 遷移 升級 叢集 節點 服務 閘道 憑證 ' +
  '權限 使用者 客戶 發票 付款 訂單 搜尋 排序 實驗 指標 儀表板 警報 事故 停機 檢討 重構 清理 測試 覆蓋率 ' +
  '效能 追蹤 日誌 錯誤 警告 例外 當機 死結 佇列 排程 批次 備份 還原 快照 網路 防火牆 負載 平衡 預算 成本 ' +
  '設計 文件 提案 決定 會議 站會 規劃 路線圖 里程碑 截止 估算 衝刺 問題 修復 補丁 回歸 分支 合併 衝突 版本 ' +
  '介面 設定 密鑰 輪替 稽核 加密 後端 前端 行動 瀏覽器 翻譯 時區 報表 匯出 匯入 解析 編譯 執行 連線 池 ' +
  '穩定 不穩定 阻塞 上線 撤回 核准 拒絕 緊急 今天 明天 上午 下午 每週 每月 內部 外部 舊版 新版 資料庫 計畫'
).split(' ');

const TECH = (
  'Kubernetes PostgreSQL Redis Kafka Elasticsearch Terraform Docker Nginx Grafana Prometheus GitHub Actions ' +
  'Jenkins React Vue Angular Svelte Django Flask Rails Spring Express FastAPI GraphQL gRPC RabbitMQ MongoDB ' +
  'Cassandra ClickHouse Snowflake BigQuery Airflow Spark Flink Hadoop Istio Envoy Consul Vault-HashiCorp Helm ' +
  'ArgoCD Sentry Datadog PagerDuty Jira Confluence Slack Figma Webpack Vite esbuild Babel ESLint Prettier Jest ' +
  'Vitest Playwright Cypress Storybook Tailwind Bootstrap Node.js Deno Bun TypeScript Python Rust Golang Java ' +
  'Kotlin Swift OpenSSL Let-s-Encrypt Cloudflare Fastly AWS GCP Azure Lambda S3 DynamoDB SQS CloudFront'
).split(/\s+/);
const ALIASES: Record<string, string[]> = {
  Kubernetes: ['k8s', 'kube'],
  PostgreSQL: ['Postgres', 'pg'],
  Elasticsearch: ['ES'],
  TypeScript: ['TS'],
  'Node.js': ['Node'],
};
const FIRST = 'Alice Bob Carol David Erin Frank Grace Heidi Ivan Judy Mallory Niaj Olivia Peggy Rupert Sybil Trent Victor Walter Yuki Zoe Ming Wei Hana Priya Omar Lars Ines'.split(' ');
const LAST = 'Chen Smith Wang Garcia Müller Tanaka Kim Singh Rossi Novak Silva Cohen Dubois Jensen Okafor Ivanova'.split(' ');
const ZH_SUR = '王李張劉陳楊黃趙吳周徐孫馬朱胡林郭何高羅'.split('');
const ZH_GIVEN = '小明 美玲 志強 淑芬 建國 怡君 家豪 雅婷 俊傑 佩珊 冠宇 欣怡 宗翰 詩涵 承恩'.split(' ');
const PLACES = 'Taipei Office,Berlin Office,Tokyo Data Center,London Office,Remote,台北辦公室,新竹機房,Singapore Region,Frankfurt Region,Home Lab'.split(',');
const PROJ = 'Falcon Orion Atlas Phoenix Nimbus Aurora Zephyr Titan Mercury Apollo Hermes Polaris Vega Lyra Draco'.split(' ');

interface Entity {
  kind: EntityKind;
  name: string;
  aliases: string[];
  created: string;
  lines: string[];
}

function makeEntities(r: ReturnType<typeof rng>, count: number): Entity[] {
  const names = new Map<string, Entity>();
  const add = (kind: EntityKind, name: string, aliases: string[] = []) => {
    if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), { kind, name, aliases, created: FIRST_DAY, lines: [] });
  };
  for (const t of TECH) add('objects', t, ALIASES[t]);
  for (const p of PLACES) add('places', p);
  for (const f of FIRST) for (const l of LAST) if (r.next() < 0.5) add('people', `${f} ${l}`);
  for (const s of ZH_SUR) for (const g of ZH_GIVEN) if (r.next() < 0.4) add('people', `${s}${g}`);
  for (let i = 0; names.size < count; i++) {
    const roll = r.next();
    if (roll < 0.45) add('objects', `Project ${r.pick(PROJ)} ${r.pick(EN).replace(/^./, (c) => c.toUpperCase())}`);
    else if (roll < 0.65) add('objects', `svc-${r.pick(EN)}-${r.pick(EN)}`);
    else if (roll < 0.8) add('events', `${r.pick(['Outage', 'Launch', 'Review', 'Offsite', 'Audit'])} ${2018 + r.int(9)}-${String(1 + r.int(12)).padStart(2, '0')} ${r.pick(EN)}`);
    else add('events', `${r.pick(ZH)}${r.pick(ZH)}專案${i}`);
  }
  return [...names.values()];
}

/** Cumulative Zipf weights, so a few entities are everywhere and most are rare. */
function zipfSampler(r: ReturnType<typeof rng>, n: number) {
  const cum: number[] = [];
  let total = 0;
  for (let i = 0; i < n; i++) cum.push((total += 1 / (i + 1) ** 0.9));
  return () => {
    const x = r.next() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function sentence(r: ReturnType<typeof rng>, link: (e: Entity) => string, entity: () => Entity): string {
  const w = () => r.pick(EN);
  const z = () => r.pick(ZH);
  const id = () => `${r.pick(['PR', 'INC', 'JIRA', 'build'])}-${1000 + r.int(9000)}`;
  switch (r.int(10)) {
    case 0:
      return `Decided to ${w()} the ${w()} ${w()} in ${link(entity())} after ${w()} ${w()} with ${link(entity())}`;
    case 1:
      return `開始 ${link(entity())} ${z()}，先處理${z()}${z()}，再${z()}${z()}`;
    case 2:
      return `Fixed ${w()} ${w()} in ${link(entity())}: the ${w()} ${w()} was ${w()} (${id()})`;
    case 3:
      return `與${link(entity())}討論${r.pick(TECH)}${z()}計畫，決定${z()}${z()}${z()}`;
    case 4:
      return `${link(entity())} ${w()} ${w()} ${w()} ${w()}; ${w()} ${w()} ${w()} ${id()}`;
    case 5:
      return `Reviewed ${link(entity())} ${w()} with ${link(entity())}, ${w()} ${w()} ${z()}${z()}`;
    case 6:
      return `${z()}${z()}：${link(entity())} 的${z()}${z()}${z()}，${w()} ${w()} ${id()}`;
    case 7:
      return `${w()} ${w()} ${w()} ${w()} ${w()} ${w()} ${w()} ${w()} ${w()} ${w()}`;
    case 8:
      return `Met ${link(entity())} at ${link(entity())} about ${w()} ${w()} and ${w()} ${w()}`;
    default:
      return `${z()}${z()}${z()} ${z()}${z()} ${w()} ${w()} ${link(entity())}`;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

export async function generateVault(scale = 1, cacheRoot = path.resolve(__dirname, '../.bench-cache')): Promise<GeneratedVault> {
  const root = path.join(cacheRoot, `vault-x${scale}-v${GEN_VERSION}`);
  const done = path.join(root, '.generated.json');
  if (fs.existsSync(done)) return { root, ...JSON.parse(fs.readFileSync(done, 'utf8')) };
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const t0 = Date.now();

  await initVault(root, { clock: fixedClock(FIRST_DAY), git: false });
  const v = openVault(root);
  const r = rng(20260311);
  const entities = makeEntities(r, 2000);
  const sample = zipfSampler(r, entities.length);
  const entity = () => entities[sample()];

  const today = BENCH_NOW.slice(0, 10);
  const monday = weekMonday(today);
  const l2From = oneMonthBefore(monday);
  const days: Record<string, DayEntry> = {};
  let monthKey = '';
  let month: string[] = [];
  const flushMonth = () => {
    if (month.length) fs.writeFileSync(path.join(v.chronoDir, `${monthKey}.md`), `${month.join('\n')}\n`);
    month = [];
  };

  let dayCount = 0;
  for (let day = FIRST_DAY; day <= today; day = addDays(day, 1), dayCount++) {
    const level = day >= monday ? 'L1' : day >= l2From ? 'L2' : 'L3';
    const n = Math.round(ENTRIES_PER_DAY * scale * (0.6 + 0.8 * r.next()));
    const hours = new Map<number, string[]>();
    for (let i = 0; i < n; i++) {
      const secs = 8 * 3600 + Math.floor(((i + r.next()) / n) * 14 * 3600);
      const time = `${pad(Math.floor(secs / 3600))}:${pad(Math.floor(secs / 60) % 60)}:${pad(secs % 60)}`;
      const linked: Entity[] = [];
      const link = (e: Entity) => (linked.push(e), `[[${e.name}]]`);
      const kind = r.next() < 0.15 ? `#${r.pick(['decision', 'error', 'correction', 'preference'])} ` : '';
      const text = kind + sentence(r, link, entity);
      const hour = Math.floor(secs / 3600);
      if (!hours.has(hour)) hours.set(hour, []);
      hours.get(hour)!.push(level === 'L1' ? `- ${time} ${text}` : `- ${text}`);
      const excerpt = text.length > 200 ? `${text.slice(0, 199)}…` : text;
      for (const e of new Set(linked)) e.lines.push(`- [[${day}]] ${time} ${excerpt}`);
    }
    const body = (hashes: string) =>
      [...hours].flatMap(([h, lines]) => (level === 'L1' ? lines : [`${hashes} ${pad(h)}:00`, '', ...lines, '']));
    if (level === 'L3') {
      if (day.slice(0, 7) !== monthKey) {
        flushMonth();
        monthKey = day.slice(0, 7);
        month.push(`# ${monthKey}`, '');
      }
      month.push(`## ${day}`, '', ...body('###'));
      days[day] = { level, file: `chronological/${monthKey}.md` };
    } else {
      flushMonth();
      const lines = [`# ${day}`, '', ...body('##')];
      fs.writeFileSync(path.join(v.chronoDir, `${day}.md`), `${lines.join('\n').trimEnd()}\n`);
      days[day] = { level, file: `chronological/${day}.md` };
    }
  }
  flushMonth();

  for (const e of entities) {
    if (!e.lines.length && r.next() < 0.5) continue;
    const head = `---\nkind: ${e.kind}\naliases: [${e.aliases.join(', ')}]\ncreated: ${e.created}\n---\n# ${e.name}\n\n`;
    fs.mkdirSync(path.join(v.entitiesDir, e.kind), { recursive: true });
    fs.writeFileSync(path.join(v.entitiesDir, e.kind, `${e.name}.md`), `${head}${e.lines.join('\n')}\n`);
  }
  const map: MemoryMap = { lastCompressionDate: monday, days, extra: {} };
  writeMemoryMap(v, map);

  let bytes = 0;
  let files = 0;
  for (const dir of [v.chronoDir, ...ENTITY_KINDS.map((k) => path.join(v.entitiesDir, k))]) {
    for (const f of fs.readdirSync(dir)) {
      bytes += fs.statSync(path.join(dir, f)).size;
      files++;
    }
  }
  const stats = { now: BENCH_NOW, bytes, files, days: dayCount, entities: files - fs.readdirSync(v.chronoDir).length, seconds: (Date.now() - t0) / 1000 };
  fs.writeFileSync(done, JSON.stringify(stats));
  return { root, ...stats };
}

if (require.main === module) {
  const i = process.argv.indexOf('--scale');
  generateVault(i === -1 ? 1 : Number(process.argv[i + 1])).then((g) => console.log(JSON.stringify(g)));
}

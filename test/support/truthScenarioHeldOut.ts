/**
 * A second project for issue #34's measure, written after the rules and not used to tune them
 * (held out): a Ruby and Go service over five months, its memories in other words than the
 * first scenario's — path ranges and lines that fall off a shortened file, a Windows path,
 * paths inside URLs, a symbol removed; facts replaced with "replaced X with Y", "X was replaced
 * by Y", "S switched to Y", 「S改用Y」 and one phrasing no rule reads ("we went with …"); a
 * change considered and rejected; rules repeated with contractions, passive voice and Chinese
 * variants. Labels say what happened, as in truthScenario.ts.
 */
import type { CodeChange, Memory, Note, ScenarioSet } from './truthScenario';

const file = (lines: string[]) => `${lines.join('\n')}\n`;
const padded = (head: string[], n: number) => file([...head, ...Array.from({ length: n }, (_, i) => `# line ${i + head.length + 1}`)]);

const CODE: CodeChange[] = [
  {
    at: '2025-10-01T09:00:00',
    write: {
      'Gemfile': "source 'https://rubygems.org'\n",
      'app/models/user.rb': padded(['class User; end'], 60),
      'app/models/order.rb': padded(['class Order; end'], 80),
      'app/services/refund.rb': padded(['class Refund', '  def parse_config; end', 'end'], 40),
      'lib/cache/store.go': padded(['package cache', 'func Router() {}'], 90),
      'lib/cache/ttl.go': padded(['package cache'], 30),
      'config/app.yaml': file(['env: dev', 'port: 3000']),
      'handbook/api.md': file(['# API']),
      'scripts/migrate.rb': padded(['# migrate'], 12),
      'src/win/paths.ts': padded(['export const sep = "\\\\";'], 15),
      'app/jobs/mailer_job.rb': padded(['class MailerJob; end'], 20),
    },
  },
  { at: '2025-10-20T10:00:00', write: { 'lib/cache/ttl.go': padded(['package cache', '// ttl'], 30) } },
  { at: '2025-11-10T11:00:00', rename: [['app/models/user.rb', 'app/models/account.rb']] },
  { at: '2025-11-25T12:00:00', write: { 'app/services/refund.rb': padded(['class Refund', 'end'], 6) } },
  { at: '2025-12-05T15:00:00', write: { 'config/app.yaml': file(['env: dev', 'port: 8080']) } },
  { at: '2025-12-20T09:00:00', remove: ['app/jobs/mailer_job.rb'] },
  { at: '2026-01-15T14:00:00', write: { 'src/win/paths.ts': padded(['export const sep = "/";'], 15) } },
  { at: '2026-02-01T10:00:00', write: { 'lib/cache/store.go': padded(['package cache', 'func Router() {}', 'func Evict() {}'], 95) } },
];

const MEMORIES: Memory[] = [
  // Code citations.
  { at: '2025-10-05T10:00:00', text: 'Refund amounts are validated in app/services/refund.rb:10-20', stale: true },
  { at: '2025-10-06T10:00:00', text: 'User roles are defined on the model (app/models/user.rb).', stale: true },
  { at: '2025-10-07T10:00:00', text: 'Eviction policy: see `lib/cache/store.go`.', stale: true },
  { at: '2025-10-08T10:00:00', text: 'Refund settings are read by `parse_config()` at boot', stale: true },
  { at: '2025-10-09T10:00:00', text: 'The cache router is `Router()` in the cache package' },
  { at: '2025-10-10T10:00:00', text: 'API conventions are written down in handbook/api.md' },
  { at: '2025-10-11T10:00:00', text: '埠號設定在 config/app.yaml', stale: true },
  { at: '2025-10-25T10:00:00', text: 'TTL defaults live in lib/cache/ttl.go' },
  { at: '2025-10-12T10:00:00', text: 'The upstream fix is at https://github.com/acme/shop/blob/main/app/models/order.rb#L10' },
  { at: '2025-10-13T10:00:00', text: 'Path separators are handled in src\\win\\paths.ts', stale: true },
  { at: '2025-10-14T10:00:00', text: 'Welcome emails are sent by app/jobs/mailer_job.rb', stale: true },
  { at: '2025-10-15T10:00:00', text: 'Orders are persisted by app/models/order.rb' },
  { at: '2025-12-22T10:00:00', text: 'Data migrations run with scripts/migrate.rb' },

  // Facts replaced, in other words.
  { at: '2025-10-03T11:00:00', key: 'cdn', text: 'Our CDN is CloudFront.' },
  { at: '2026-01-10T11:00:00', replaces: 'cdn', text: 'Moved the CDN from CloudFront to Fastly.' },
  { at: '2025-10-04T11:00:00', key: 'flags', text: 'Feature flags are managed with LaunchDarkly.' },
  { at: '2025-12-01T11:00:00', replaces: 'flags', text: 'We replaced LaunchDarkly with Unleash for feature flags.' },
  { at: '2025-10-16T11:00:00', key: 'gateway', text: 'The API gateway runs on Kong.' },
  { at: '2026-02-10T11:00:00', replaces: 'gateway', text: 'Kong was replaced by Envoy as the API gateway.' },
  { at: '2025-10-17T11:00:00', key: 'errors', text: 'Error tracking uses Rollbar.' },
  { at: '2025-12-12T11:00:00', replaces: 'errors', text: 'Error tracking switched to Sentry.' },
  { at: '2025-10-18T11:00:00', key: 'vue', text: '前端框架是 Vue 2' },
  { at: '2026-01-05T11:00:00', replaces: 'vue', text: '前端框架改用 React' },
  { at: '2025-10-19T11:00:00', key: 'secrets', text: 'Secrets live in HashiCorp Vault.' },
  { at: '2026-01-20T11:00:00', replaces: 'secrets', text: 'Secrets are kept in AWS Secrets Manager instead of HashiCorp Vault.' },
  { at: '2025-10-21T11:00:00', key: 'docs', text: 'Docs are built with MkDocs.' },
  { at: '2026-02-15T11:00:00', replaces: 'docs', text: 'We went with Docusaurus for the docs site.' },
  { at: '2025-10-22T11:00:00', key: 'ruby', text: 'The service runs on Ruby 3.2.' },
  { at: '2026-02-20T11:00:00', replaces: 'ruby', text: 'Upgraded the service from Ruby 3.2 to Ruby 3.3.' },
  { at: '2025-10-23T11:00:00', key: 'queue', text: '背景工作用 Sidekiq' },
  { at: '2026-01-25T11:00:00', replaces: 'queue', text: '背景工作不再用 Sidekiq，換成 GoodJob' },
  // Same subjects, nothing replaced.
  { at: '2025-10-24T11:00:00', text: 'Events stream through Kafka.' },
  { at: '2026-01-28T11:00:00', text: 'Evaluated a move from Kafka to Pulsar; decided to stay.' },
  { at: '2025-10-26T11:00:00', text: 'The cache TTL is 5 minutes.' },
  { at: '2025-11-26T11:00:00', text: 'The session TTL is 30 minutes.' },
  { at: '2025-10-27T11:00:00', text: 'Fastly purges are rate limited.' },

  // Rules written again.
  { at: '2025-10-02T17:00:00', repeats: 'squash', text: 'Squash-merge feature branches.' },
  { at: '2025-11-02T17:00:00', repeats: 'squash', text: 'Feature branches are squash-merged.' },
  { at: '2025-12-02T17:00:00', repeats: 'squash', text: 'squash merge feature branches!' },
  { at: '2025-10-28T17:00:00', repeats: 'pii', text: 'Do not log personal data.' },
  { at: '2025-12-28T17:00:00', repeats: 'pii', text: "Don't log personal data." },
  { at: '2025-10-29T17:00:00', repeats: 'rotate', text: 'Rotate API keys every 90 days.' },
  { at: '2026-01-29T17:00:00', repeats: 'rotate', text: 'API keys must be rotated every 90 days.' },
  { at: '2025-10-30T17:00:00', repeats: 'review-zh', text: '程式碼審查至少要一個人核准' },
  { at: '2026-02-28T17:00:00', repeats: 'review-zh', text: '程式碼審查至少要一個人核准。' },
  { at: '2025-10-31T17:00:00', repeats: 'migr', text: 'Run migrations before deploying the web app.' },
  { at: '2025-12-31T17:00:00', repeats: 'migr', text: 'Before deploying the web app, run the migrations.' },
  // Close, but other rules.
  { at: '2025-11-05T17:00:00', text: 'Rotate SSH keys every 180 days.' },
  { at: '2025-11-06T17:00:00', text: 'Do not log request bodies.' },
  { at: '2025-11-07T17:00:00', text: 'Squash commits before tagging a release.' },
];

const NOTES: Note[] = [
  { note: 'objects/Refunds', created: '2025-10-05', lines: [{ text: 'Logic: app/services/refund.rb, lines 30-35', stale: true }, { text: 'Owner: the finance squad' }] },
  { note: 'objects/Cache', created: '2026-02-05', lines: [{ text: 'Store: lib/cache/store.go' }] },
];

export const HELD_OUT: ScenarioSet = { code: CODE, memories: MEMORIES, notes: NOTES };

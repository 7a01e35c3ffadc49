/**
 * Rule-based preference extraction (docs/memory.md#user-profile-and-preferences): explicit statements in English and Chinese
 * ("remember…", "from now on…", "I prefer…", 「記住」「以後都」「我喜歡」…) become profile
 * candidates, without a model. Questions and idioms like "I don't remember" are not statements.
 */
export const PROFILE_SECTIONS = ['Basic info', 'Technical background', 'Preferences', 'Learning', 'Interaction traits'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export interface Candidate {
  section: ProfileSection;
  /** A fixed facet ("Response style") whose value a later statement replaces; none for free statements. */
  facet?: string;
  value: string;
  /** The words that made it a statement. */
  trigger: string;
}

/** Facets with a single current value: a contradicting statement replaces the old value. */
export const FACETS = ['Name', 'Language', 'Response style', 'Theme', 'Code comments', 'Package manager', 'Indentation'] as const;

interface Rule {
  re: RegExp;
  trigger: string;
  /** Builds the statement from the captured rest of the sentence. */
  value: (rest: string) => string;
}

const STATEMENT_RULES: Rule[] = [
  { re: /^(?:please\s+)?remember(?:\s+that|\s*[:,])?\s+(.+)/i, trigger: 'remember', value: (r) => r },
  { re: /\bfrom now on\s*[,:]?\s*(.+)/i, trigger: 'from now on', value: (r) => r },
  { re: /^(?:please\s+)?(always\s+.+)/i, trigger: 'always', value: (r) => r },
  { re: /^(?:please\s+)?(never\s+.+)/i, trigger: 'never', value: (r) => r },
  { re: /\bi(?: would|'d)? prefer\s+(.+)/i, trigger: 'I prefer', value: (r) => `Prefers ${r}` },
  { re: /\bi (?:don't|do not|really don't) like\s+(.+)/i, trigger: "I don't like", value: (r) => `Dislikes ${r}` },
  { re: /\bi (?:dislike|hate|can't stand)\s+(.+)/i, trigger: 'I dislike', value: (r) => `Dislikes ${r}` },
  { re: /\bi (?:really )?(?:like|love)\s+(?!to\b|it when you\b)(.+)/i, trigger: 'I like', value: (r) => `Likes ${r}` },
  { re: /^(?:please\s+)?(?:don't|do not)\s+(.+?)\s+(?:again|anymore|any more)\b/i, trigger: "don't … again", value: (r) => `Don't ${r}` },
  { re: /^(?:please\s+)?stop\s+(\w+ing\b.*)/i, trigger: 'stop', value: (r) => `Stop ${r}` },
  { re: /(?:幫我)?記住[，,:：]?\s*(.+)/, trigger: '記住', value: (r) => r },
  { re: /以後都\s*(.+)/, trigger: '以後都', value: (r) => `以後都${r}` },
  { re: /我不喜歡\s*(.+)/, trigger: '我不喜歡', value: (r) => `不喜歡${r}` },
  { re: /我(?:很|比較|最)?喜歡\s*(.+)/, trigger: '我喜歡', value: (r) => `喜歡${r}` },
  { re: /不要再\s*(.+)/, trigger: '不要再', value: (r) => `不要再${r}` },
  { re: /我(?:偏好|習慣)\s*(.+)/, trigger: '我偏好', value: (r) => `偏好${r}` },
  { re: /預設用\s*(.+)/, trigger: '預設用', value: (r) => `預設用${r}` },
];

/** Sentences that look like triggers but state nothing about the user. */
const NOT_STATEMENTS = [
  /\b(?:i|we) (?:don't|do not|can't|cannot|couldn't) remember\b/i,
  /\b(?:do|did) you (?:still )?remember\b/i,
  /\bremember when\b/i,
  /\bi(?: would|'d) like to\b/i,
  /我(?:不記得|記不得|忘了)/,
  /還記得/,
];

const FACET_RULES: { re: RegExp; facet: (typeof FACETS)[number]; value: string }[] = [
  { re: /\b(?:concise|brief|short|terse)\b|簡潔|簡短|精簡/i, facet: 'Response style', value: 'concise' },
  { re: /\b(?:detailed|in[- ]depth|thorough)\b|詳細/i, facet: 'Response style', value: 'detailed' },
  { re: /\bstep[- ]by[- ]step\b|步驟/i, facet: 'Response style', value: 'step-by-step' },
  { re: /\bdark (?:theme|mode)\b|暗色|深色/i, facet: 'Theme', value: 'dark' },
  { re: /\blight (?:theme|mode)\b|亮色|淺色/i, facet: 'Theme', value: 'light' },
  { re: /\b(?:no|fewer|less|minimal) comments\b|不要註解|少一點註解/i, facet: 'Code comments', value: 'minimal' },
  { re: /\b(?:more|detailed) comments\b|多一點註解|加上註解/i, facet: 'Code comments', value: 'more' },
  { re: /\bpnpm\b/i, facet: 'Package manager', value: 'pnpm' },
  { re: /\byarn\b/i, facet: 'Package manager', value: 'yarn' },
  { re: /\btabs\b|tab 縮排/i, facet: 'Indentation', value: 'tabs' },
  { re: /\bspaces\b|空格縮排/i, facet: 'Indentation', value: 'spaces' },
  { re: /繁體中文|traditional chinese/i, facet: 'Language', value: '繁體中文' },
  { re: /简体中文|簡體中文|simplified chinese/i, facet: 'Language', value: '简体中文' },
  { re: /\b(?:answer|reply|respond|write) in english\b|用英文/i, facet: 'Language', value: 'English' },
];

const TECH = [
  'Python', 'JavaScript', 'TypeScript', 'Rust', 'Java', 'Kotlin', 'Swift', 'C#', 'C++', 'Ruby', 'PHP',
  'React', 'Vue', 'Angular', 'Svelte', 'Next.js', 'FastAPI', 'Django', 'Flask', 'Express', 'TailwindCSS',
  'Docker', 'Kubernetes', 'PostgreSQL', 'MySQL', 'SQLite', 'Redis', 'Deno', 'Bun', 'Vite', 'Jest', 'Vitest', 'pytest',
];
// Plain "go" is too common an English word; golang stands for the language.
const TECH_ALIASES: Record<string, string> = { golang: 'Go', k8s: 'Kubernetes', postgres: 'PostgreSQL', tailwind: 'TailwindCSS', nextjs: 'Next.js' };
const TECH_RE = new RegExp(
  `(?<![\\w#+.])(${[...TECH, ...Object.keys(TECH_ALIASES)].map((t) => t.replace(/[.+#]/g, (c) => `\\${c}`)).join('|')})(?![\\w#+])`,
  'gi',
);
const USES_TECH = /\b(?:i|we)(?: mostly| mainly)? (?:use|am using|'m using|are using|work with|write|code in)\b|我(?:們)?(?:用|使用|在用)/i;
// The topic ends at a conjunction or a comma: "I'm learning Rust and we use Docker" → Rust.
const TOPIC = String.raw`([^,，;；、]+?)(?=\s+(?:and|but|so|because)\b|[,，;；、]|$)`;
const LEARNING = new RegExp(String.raw`\b(?:i'm|i am) (?:learning|studying|new to)\s+${TOPIC}|\bteach me\s+${TOPIC}|我(?:正)?在學\s*${TOPIC}|教我\s*${TOPIC}`, 'i');
const NAME = /\b(?:my name is|call me)\s+([\p{L}][\p{L}\p{N} .'-]{0,40})|(?:我叫|叫我)\s*([\p{L}\p{N}]{1,20})/iu;

const MAX_VALUE = 160;

function clean(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim().replace(/[。．.!！;；,，]+$/u, '');
  return t.length > MAX_VALUE ? `${t.slice(0, MAX_VALUE - 1)}…` : t;
}

function sentences(message: string): string[] {
  return message
    .split(/(?<=[.!?;])\s+|(?<=[。！？；])\s*|\n+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The profile candidates stated in one message (each at most once). */
export function extractPreferences(message: string): Candidate[] {
  const found = new Map<string, Candidate>();
  const add = (c: Candidate) => {
    const key = `${c.section}|${c.facet ?? c.value.toLowerCase()}`;
    if (c.value && !found.has(key)) found.set(key, c);
  };
  for (const s of sentences(message.slice(0, 4000))) {
    if (/[?？]$/.test(s) || NOT_STATEMENTS.some((re) => re.test(s))) continue;
    const name = NAME.exec(s);
    if (name) add({ section: 'Basic info', facet: 'Name', value: clean(name[1] ?? name[2]), trigger: 'name' });
    const learning = LEARNING.exec(s);
    if (learning) add({ section: 'Learning', value: `Learning ${clean(learning.slice(1).find(Boolean) ?? '')}`, trigger: 'learning' });
    const rule = STATEMENT_RULES.find((r) => r.re.test(s));
    if (rule) {
      const rest = clean(rule.re.exec(s)![1]);
      if (rest) add({ section: 'Preferences', value: rule.value(rest), trigger: rule.trigger });
      for (const f of FACET_RULES) if (f.re.test(s)) add({ section: f.facet === 'Language' ? 'Basic info' : 'Preferences', facet: f.facet, value: f.value, trigger: rule.trigger });
    }
    if (rule || USES_TECH.test(s)) {
      for (const m of s.matchAll(TECH_RE)) {
        const canonical = TECH_ALIASES[m[1].toLowerCase()] ?? TECH.find((t) => t.toLowerCase() === m[1].toLowerCase())!;
        add({ section: 'Technical background', value: canonical, trigger: rule?.trigger ?? 'uses' });
      }
    }
  }
  return [...found.values()];
}

/** A whole statement as one profile line: its lines joined, at most WHOLE_CHARS long (a shorter value is checked on its own too). */
export const flatStatement = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();
const WHOLE_CHARS = 200;
const wholeValue = (text: string) => {
  const flat = flatStatement(text);
  return flat.length > WHOLE_CHARS ? `${flat.slice(0, WHOLE_CHARS - 1)}…` : flat;
};
/** A candidate that is the statement itself, however laid out or shortened: it is checked as the statement (a cut can drop a safeguard's word). */
export const isWhole = (value: string, statement: string) => value === statement || value === flatStatement(statement) || value === wholeValue(statement);

/** Text laid out as Markdown steps, a list or a table: a line after the first opens with a marker. */
const STRUCTURED = /\n\s*(?:[-*+]\s|\d+[.)]\s|\||#{1,6}\s)/u;

/**
 * What an entry of kind `preference` or `correction` offers to teach: the statements in it, else
 * (a preference no rule recognises) the whole text; a correction is also an interaction trait.
 * Learning and the context's check of recent days read an entry the same way.
 */
export function entryCandidates(kind: 'preference' | 'correction', plain: string): Candidate[] {
  // Steps, list items and table rows are read together: a line of them alone loses what guards it ("3. Then run it in the real workspace").
  // (Never cut short: a step list's first lines alone can lose the step that guards the next.)
  if (kind === 'preference' && STRUCTURED.test(plain)) return [{ section: 'Preferences', value: flatStatement(plain), trigger: 'preference' }];
  const found = extractPreferences(plain);
  if (kind === 'correction') return [...found, { section: 'Interaction traits', value: `Corrected: ${wholeValue(plain)}`, trigger: 'correction' }];
  return found.length ? found : [{ section: 'Preferences', value: wholeValue(plain), trigger: 'preference' }];
}

/**
 * What may be learnt without asking (docs/trust.md#poisoning): an allowlist, not a denylist. A
 * preference is learnt silently only when it is one of the kinds that cannot weaken the soul —
 * tone, language, format, naming, tool choice — or a plain fact about the user (name, background,
 * what they are learning). Anything else — actions, permissions, safeguards, whose words count,
 * or simply a kind this file does not know — is never learnt silently: the person reviews it.
 * The soul check runs as well; a kind on this list does not excuse a text that names a soul
 * subject ("use rimraf on the root" is tool choice by its words, and an action by its meaning).
 */
import type { Candidate } from './preferences';

export const SAFE_KINDS = ['tone', 'language', 'format', 'naming', 'tool', 'fact'] as const;
export type SafeKind = (typeof SAFE_KINDS)[number];

const KIND_WORDS: [SafeKind, RegExp][] = [
  [
    'tone',
    /\b(?:concise|brief|briefly|short|shorter|terse|succinct|verbose|wordy|long-winded|detailed|in-depth|thorough|friendly|formal|informal|casual|polite|warm|tone|humou?r|funny|jokes?|emoji|pleasantries|small talk|jargon|hedging|apologi[sz]\w*|encouraging|patient|blunt|straightforward|to the point|chatty|talk(?:s|ing)? too much|explain\w*|reasoning|summar(?:y|ies|i[sz]e)|conclusion first|answer first)\b|囉嗦|啰嗦|簡潔|简洁|簡短|简短|精簡|精简|詳細|详细|語氣|语气|友善|客氣|客气|幽默|表情|廢話|废话|客套|結論|结论|解釋|解释|說明|说明/i,
  ],
  [
    'language',
    /\b(?:english|chinese|japanese|korean|french|german|spanish|mandarin|cantonese|traditional|simplified|british|american|language)\b|中文|繁體|繁体|簡體|简体|英文|英語|英语|日文|語言|语言/i,
  ],
  [
    'format',
    /\b(?:markdown|bullets?|bullet points?|lists?|tables?|headings?|headers?|code blocks?|code first|snippets?|examples?|diagrams?|mermaid|line length|lines? under|characters|columns|indent\w*|tabs|spaces|semicolons?|quotes|trailing commas?|comments?|docstrings?|jsdoc|imperative mood|commit messages?|format\w*|layout|structure|numbered|step[- ]by[- ]step|dark (?:theme|mode)|light (?:theme|mode)|theme)\b|格式|表格|條列|条列|列表|標題|标题|註解|注解|註釋|注释|縮排|缩进|分號|分号|範例|范例|示例|摘要|步驟|步骤|暗色|深色|淺色|浅色/i,
  ],
  [
    'naming',
    /\b(?:camel ?case|snake_case|snake case|pascal ?case|kebab[- ]case|naming|names?|named|prefix\w*|suffix\w*|file ?names?|variable names?)\b|命名|變數名|变量名|函數名|函数名|檔名|文件名/i,
  ],
  [
    'tool',
    /\b(?:pnpm|yarn|npm|bun|deno|node(?:\.js)?|vitest|jest|mocha|pytest|prettier|eslint|biome|ruff|black|vim|neovim|emacs|vs ?code|editor|ide|librar(?:y|ies)|framework|package manager|typescript|javascript|python|rust|go(?:lang)?|java|kotlin|swift|ruby|php|react|vue|angular|svelte|next\.js|tailwind\w*|docker|postgres\w*|mysql|sqlite|redis|strict mode|functional components?|hooks api|composition|inheritance|over)\b|偏好|優先使用|优先使用|套件|依賴|依赖|框架|編輯器|编辑器/i,
  ],
];

/** The safe kind of a candidate, or undefined when it is none of them (then the person reviews it). */
export function safeKind(c: Candidate): SafeKind | undefined {
  if (c.section === 'Basic info' || c.section === 'Technical background' || c.section === 'Learning') return 'fact';
  if (/\b(?:time ?zone|timezone|based in|located in|i live in)\b|時區|时区/i.test(c.value)) return 'fact';
  if (c.facet) return c.facet === 'Language' ? 'language' : c.facet === 'Package manager' ? 'tool' : c.facet === 'Response style' ? 'tone' : 'format';
  const value = c.value.replace(/^(?:Prefers|Likes|Dislikes|Don't|Stop|Corrected:)\s+/i, '');
  return KIND_WORDS.find(([, re]) => re.test(value))?.[0];
}

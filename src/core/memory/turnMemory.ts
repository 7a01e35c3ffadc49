/**
 * The soul's Stable Memory Trigger, by rules: after a chat turn, what is worth remembering —
 * decisions, error fixes, and entities the vault does not know yet — as MemoryWrite requests.
 * No model is asked; the participant shows what it recorded and offers to undo it.
 */
import { markdownLines } from '../shared/markdown';
import { entityNameProblem, linkTargets, isDayLink } from '../vault/wikilinks';
import type { WriteRequest } from './write';

export interface Turn {
  request: string;
  response: string;
}

const DECISION = /\b(?:decided|decide to|we(?:'ll| will) (?:use|go with)|chose|choose to|went with|opted for|switch(?:ed)? to|migrat(?:e|ed) to|adopt(?:ed)?)\b|決定|選擇了|改用|採用|遷移到/i;
const ERROR_FIX = /\b(?:fixed|fixes|the fix (?:is|was)|root cause|the (?:bug|error|problem|issue) (?:is|was)|caused by|resolved by|workaround)\b|修復|修正了|根本原因|解決了|原因是/i;
const MAX_MEMORIES = 3;
const MAX_TEXT = 300;

function sentences(text: string): string[] {
  return [...markdownLines(text.split('\n'))]
    .filter((l) => l.role === 'prose') // code blocks are not statements
    .map((l) => l.text)
    .join('\n')
    .split(/(?<=[.!?])\s+|(?<=[。！？])|\n+/u)
    .map((s) => s.replace(/^[\s>*#-]+/, '').trim())
    .filter((s) => s.length > 8);
}

const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);

/**
 * Memories for one turn: each decision or error fix stated in it (kind decision / error), and a
 * note for entities linked in the turn that `isKnown` does not know. At most three per turn.
 */
export function memoriesFromTurn(turn: Turn, isKnown: (entity: string) => boolean): WriteRequest[] {
  const out: WriteRequest[] = [];
  const seen = new Set<string>();
  for (const s of [...sentences(turn.response), ...sentences(turn.request)]) {
    const kind = ERROR_FIX.test(s) ? 'error' : DECISION.test(s) ? 'decision' : undefined;
    const key = s.toLowerCase();
    if (kind && !seen.has(key)) {
      seen.add(key);
      out.push({ text: clip(s), kind });
    }
  }
  const linked = new Set(out.flatMap((m) => linkTargets(m.text).map((t) => t.toLowerCase())));
  const fresh = linkTargets(`${turn.request}\n${turn.response}`).filter(
    (t) => !isDayLink(t) && !entityNameProblem(t) && !isKnown(t) && !linked.has(t.toLowerCase()),
  );
  if (fresh.length) {
    const topic = sentences(turn.request)[0] ?? turn.request.trim();
    out.push({ text: clip(`New: ${fresh.map((t) => `[[${t}]]`).join(', ')} — ${topic}`), kind: 'note' });
  }
  return out.slice(0, MAX_MEMORIES);
}

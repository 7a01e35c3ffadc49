/**
 * Contradictions between current memories (docs/truth.md#contradictions): two memories, neither
 * superseded, that give one subject two different values without one saying it replaces the
 * other — "The main database is MySQL" and later "The main database is Postgres" — or that say
 * "always X" and "never X". Only these two shapes are read, so a contradiction said any other way
 * is not found; a correction phrase turns the pair into a supersession instead.
 */
import { stripLinks } from '../vault/wikilinks';
import { words } from './words';
import { withoutWriterMarkers } from '../vault/dayEntries';

export interface Contradiction {
  older: string;
  newer: string;
  /** The subject both speak of ("main database"), or the rule ("always/never: run lint"). */
  about: string;
}

export type ContradictionInput = { id: string; at: string; text: string };

const STATEMENT = /^(?:the |our |we )?([a-z][\w -]{1,30}?)\s+(?:is|are|uses|runs on)\s+([^.;,]{1,40})\.?$/i;
const STATEMENT_ZH = /^([\p{Script=Han}A-Za-z ]{1,12}?)(?:使用|採用|采用|是)([^，。；]{1,30})。?$/u;
const POLARITY = /^(always|never)\s+(.{3,80}?)[.!]?$/i;
/** Words each of the three shapes holds, looked for first in the memory as written (most memories say none of them). */
const HINT = /\b(?:is|are|uses|runs|always|never)\b|使用|採用|采用|是/i;

/** Pairs of current memories that disagree; `superseded` holds the ids already replaced (left out). */
export function findContradictions(memories: readonly ContradictionInput[], superseded: ReadonlySet<string> = new Set(), signal?: AbortSignal): Contradiction[] {
  const bySubject = new Map<string, { m: ContradictionInput; value: string[] }[]>();
  const byRule = new Map<string, { m: ContradictionInput; positive: boolean }[]>();
  let n = 0;
  for (const m of memories) {
    if (++n % 4096 === 0) signal?.throwIfAborted();
    if (superseded.size && superseded.has(m.id)) continue; // none given: no id looked up (a million cost a second)
    if (!HINT.test(m.text)) continue;
    const text = stripLinks(withoutWriterMarkers(m.text)).trim(); // what it says, not who wrote it
    if (text.length > 120) continue;
    const s = STATEMENT.exec(text) ?? STATEMENT_ZH.exec(text);
    if (s) {
      const subject = words(s[1]).join(' ');
      const value = words(s[2]);
      if (subject && value.length) listed(bySubject, subject).push({ m, value });
      continue;
    }
    const p = POLARITY.exec(text);
    if (p) {
      const rule = words(p[2]).join(' ');
      if (rule) listed(byRule, rule).push({ m, positive: p[1].toLowerCase() === 'always' });
    }
  }
  const out: Contradiction[] = [];
  for (const [subject, list] of bySubject) {
    if (list.length < 2) continue;
    list.sort((a, b) => (a.m.at < b.m.at ? -1 : 1));
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1];
      const cur = list[i];
      if (!cur.value.some((w) => prev.value.includes(w))) out.push({ older: prev.m.id, newer: cur.m.id, about: subject });
    }
  }
  for (const [rule, list] of byRule) {
    if (list.length < 2) continue;
    list.sort((a, b) => (a.m.at < b.m.at ? -1 : 1));
    for (let i = 1; i < list.length; i++) {
      if (list[i].positive !== list[i - 1].positive) out.push({ older: list[i - 1].m.id, newer: list[i].m.id, about: `always/never: ${rule}` });
    }
  }
  return out;
}

/** The list of `key` in `lists`, made empty when it has none (a subject stated a thousand times is not copied a thousand times). */
function listed<T>(lists: Map<string, T[]>, key: string): T[] {
  let list = lists.get(key);
  if (!list) lists.set(key, (list = []));
  return list;
}

/**
 * What the vault already holds, so that importing the same source twice adds nothing twice
 * (docs/import.md#idempotence): every entry of every day (the raw lines of compressed days too)
 * and every line of every entity note, in the one-line form entity notes keep (`entityExcerpt`),
 * once by day and once regardless of day.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDay } from '../shared/clock';
import { readDayEntries, readUtf8Strict } from '../vault/dayEntries';
import { ENTITY_KINDS, type Vault, entityDir } from '../vault/layout';
import { entityExcerpt } from '../memory/write';
import { ensureRawDays, rawDir } from '../compress/rawDays';
import { parseEntryText, statement } from './plan';
import { splitFrontMatter } from '../vault/entityFrontMatter';

export class KnownLines {
  private readonly dated = new Set<string>();
  private readonly any = new Set<string>();

  /** Whether the vault (or this import, so far) holds the text — on that day, when dated. */
  has(text: string, day?: string): boolean {
    const key = entityExcerpt(text);
    return day ? this.dated.has(`${day}\t${key}`) : this.any.has(key);
  }

  add(text: string, day?: string): void {
    const key = entityExcerpt(text);
    this.any.add(key);
    if (day) this.dated.add(`${day}\t${key}`);
  }

  static of(v: Vault): KnownLines {
    const known = new KnownLines();
    ensureRawDays(v);
    // A day file (L1, or L2 with lines added since) and the raw text of a compressed day (L2, L3).
    for (const dir of [v.chronoDir, rawDir(v)]) {
      for (const name of listDir(dir)) {
        const day = name.slice(0, -3);
        const text = isDay(day) ? readUtf8Strict(path.join(dir, name)) : undefined;
        if (text === undefined) continue;
        for (const e of readDayEntries(day, text).entries) known.add(parseEntryText(e.text).text, day);
      }
    }
    for (const kind of ENTITY_KINDS) {
      for (const name of listDir(entityDir(v, kind))) {
        const text = readUtf8Strict(path.join(entityDir(v, kind), name));
        if (text === undefined) continue;
        for (const line of splitFrontMatter(text).body.split('\n')) {
          if (!/^\s*[-*]\s/.test(line)) continue;
          const e = parseEntryText(statement(line));
          known.add(e.text, e.day);
        }
      }
    }
    return known;
  }
}

function listDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir).filter((f) => f.endsWith('.md'));
  } catch {
    return [];
  }
}

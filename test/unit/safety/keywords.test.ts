import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keywordFinder } from '../../../src/core/safety/keywords';
import { gitleaksKeywords } from '../../../src/core/safety/gitleaks';

const naive = (words: string[], lower: string) => new Set(words.filter((w) => lower.includes(w)));

describe('keywordFinder: the keywords a text holds, in one pass', () => {
  it('finds words that overlap, nest and share a start, as includes() does', () => {
    const words = ['pass', 'password', 'word', 'sword', 'api', 'api-', 'key', 'apikey', 'q~', 'v1.0-'];
    const held = keywordFinder(words);
    for (const text of ['password', 'apikey', 'api-key', 'a q~b v1.0-x', 'swordfish', 'nothing here', '', 'passpasswor']) {
      assert.deepEqual(held(text), naive(words, text), text);
    }
  });

  it('agrees with includes() on random texts over gitleaks keywords (every keyword, every text)', () => {
    const words = gitleaksKeywords();
    const held = keywordFinder(words);
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    for (let t = 0; t < 200; t++) {
      // Glue pieces of keywords and noise, so words overlap and cut each other.
      let text = '';
      for (let i = 0; i < 30; i++) {
        const w = words[rand(words.length)];
        text += rand(3) ? w.slice(rand(w.length), w.length) : ' 日誌 -_.~'[rand(9)];
      }
      assert.deepEqual(held(text), naive(words, text), text);
    }
  });

  it('holds nothing for no words', () => assert.deepEqual(keywordFinder([])('anything'), new Set()));
});

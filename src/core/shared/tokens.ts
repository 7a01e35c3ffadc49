/**
 * Model tokens, counted with a real tokenizer: OpenAI's cl100k_base BPE (gpt-tokenizer), the
 * encoding of the GPT-4 / GPT-3.5 family. Its rank table is large, so it is loaded on the
 * first count only: commands that never count tokens (write, status) never pay for it.
 */
export const TOKENIZER = 'cl100k_base (gpt-tokenizer)';

type Encoding = typeof import('gpt-tokenizer/encoding/cl100k_base');
let encoding: Encoding | undefined;
// Memory text is data: `<|endoftext|>` in a note is counted as plain text, never refused.
const PLAIN = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  if (!text) return 0;
  let n = counted.get(text);
  if (n === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    encoding ??= require('gpt-tokenizer/encoding/cl100k_base') as Encoding;
    n = encoding.countTokens(text, PLAIN);
    if (text.length <= MEMO_TEXT) {
      if (countedChars > MEMO_CHARS) {
        counted.clear();
        countedChars = 0;
      }
      counted.set(text, n);
      countedChars += text.length;
    }
  }
  return n;
}

/**
 * Counts of texts counted before: a search counts the same snippets as the one before it (and
 * its pages, budget shares and checks count a text more than once), and the encoder costs more
 * than a lookup. Texts up to MEMO_TEXT characters; past MEMO_CHARS in all, it starts afresh.
 */
const MEMO_TEXT = 64 * 1024;
const MEMO_CHARS = 8 * 1024 * 1024;
const counted = new Map<string, number>();
let countedChars = 0;

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
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  encoding ??= require('gpt-tokenizer/encoding/cl100k_base') as Encoding;
  return encoding.countTokens(text, PLAIN);
}

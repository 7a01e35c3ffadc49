/** A scripted language model for compression tests: it answers the hour blocks the core asks it to summarise. */
import { linkTargets } from '../../src/core/vault/wikilinks';
import type { LanguageModel } from '../../src/core/compress/modelCompress';

export interface Block {
  header: string;
  entries: string[];
}

/** The hour blocks of a prompt, as the core wrote them. */
export function blocks(prompt: string): Block[] {
  return prompt
    .split('\n\n')
    .filter((b) => b.startsWith('=== '))
    .map((b) => {
      const [header, ...entries] = b.split('\n');
      return { header, entries };
    });
}

/** A scripted model: `answer` turns each hour block into bullets; it records every prompt. */
export function fakeModel(answer: (b: Block, call: number) => string[], extra: Partial<LanguageModel> = {}) {
  const prompts: string[] = [];
  const model: LanguageModel = {
    name: 'fake-model',
    maxPromptTokens: 4000,
    async complete(prompt) {
      prompts.push(prompt);
      return blocks(prompt)
        .map((b) => [b.header, ...answer(b, prompts.length)].join('\n'))
        .join('\n\n');
    },
    ...extra,
  };
  return { model, prompts };
}

export const linksOf = (b: Block) => linkTargets(b.entries.join(' ')).map((t) => `[[${t}]]`);

/**
 * The lint rules that keep the architecture (eslint.config.mjs, docs/architecture.md) are
 * themselves checked: each one must fail on the import it exists to forbid.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { REPO } from '../support/helpers';

const eslint = new ESLint({ cwd: REPO });

/** The messages ESLint gives `code` as if it were the file `file` of the repository. */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const restricted = (messages: string[]) => messages.filter((m) => m.startsWith('no-restricted-imports'));

describe('architecture boundaries (ESLint)', () => {
  it('keeps vscode out of the core, the server, the CLI, the MCP server and every extension model', async () => {
    for (const file of ['src/core/search/x.ts', 'src/server/x.ts', 'src/cli/x.ts', 'src/mcp/x.ts', 'src/extension/features/chat/x.model.ts']) {
      assert.equal(restricted(await problems(file, "import * as vscode from 'vscode';\nexport const v = vscode;\n")).length, 1, file);
    }
  });

  it('lets the extension itself use vscode', async () => {
    assert.deepEqual(restricted(await problems('src/extension/features/chat/x.ts', "import * as vscode from 'vscode';\nexport const v = vscode;\n")), []);
  });

  it('keeps the core from importing its adapters', async () => {
    const messages = restricted(await problems('src/core/memory/x.ts', "import { activate } from '../../extension/extension';\nexport const a = activate;\n"));
    assert.equal(messages.length, 1);
    assert.match(messages[0], /never imports an adapter/);
    assert.equal(restricted(await problems('src/core/tools/x.ts', "import { serveMcp } from '../../mcp/server';\nexport const s = serveMcp;\n")).length, 1);
  });

  it('keeps the core domains one way: shared imports no domain, vault only shared', async () => {
    assert.equal(restricted(await problems('src/core/shared/x.ts', "import { openVault } from '../vault/layout';\nexport const o = openVault;\n")).length, 1);
    assert.equal(restricted(await problems('src/core/vault/x.ts', "import { writeMemory } from '../memory/write';\nexport const w = writeMemory;\n")).length, 1);
    assert.deepEqual(restricted(await problems('src/core/vault/x.ts', "import { inputError } from '../shared/errors';\nexport const e = inputError;\n")), []);
  });
});

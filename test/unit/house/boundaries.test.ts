/**
 * The lint rules that keep the architecture (eslint.config.mjs, docs/architecture.md) are
 * themselves checked: each one must fail on the import it exists to forbid, and pass the
 * imports the house allows.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { REPO } from '../../support/helpers';

const eslint = new ESLint({ cwd: REPO });

/** The import-rule messages ESLint gives one `import` line as if it were the file `file` of the repository. */
async function restricted(file: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import * as m from '${from}';\nexport const x = m;\n`, { filePath: path.join(REPO, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** The floors as eslint.config.mjs lists them (the rules are generated from this list). */
let floors: { name: string; domains: string[] }[] = [];
before(async () => {
  floors = (await import(pathToFileURL(path.join(REPO, 'eslint.config.mjs')).href)).FLOORS;
});
const CORE = path.join(REPO, 'src/core');

describe('architecture boundaries (ESLint)', () => {
  it('names every folder of src/core on exactly one floor', () => {
    const onFloors = floors.flatMap((f) => f.domains).sort();
    const folders = fs.readdirSync(CORE, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    assert.deepEqual(onFloors, folders);
  });

  it('fails every import from a floor to a higher one, from files and sub-folders alike', async () => {
    let checked = 0;
    for (const [i, floor] of floors.entries()) {
      for (const higher of floors.slice(i + 1)) {
        for (const domain of floor.domains) {
          for (const target of higher.domains) {
            const messages = await restricted(`src/core/${domain}/x.ts`, `../${target}/x`);
            assert.equal(messages.length, 1, `${domain} → ${target}`);
            assert.match(messages[0], new RegExp(`on the ${floor.name} floor: it never imports a higher floor`));
            checked++;
          }
        }
      }
    }
    assert.ok(checked >= 60, `${checked} pairs`);
    assert.equal((await restricted('src/core/interop/formats/x.ts', '../../../extension/extension')).length, 1, 'a face, from a sub-folder of a workflow');
    assert.equal((await restricted('src/core/search/index/x.ts', '../../memory/write')).length, 1, 'a sub-folder of an engine');
  });

  it('lets a floor import its own floor and every floor below', async () => {
    for (const [i, floor] of floors.entries()) {
      for (const lower of floors.slice(0, i + 1)) {
        for (const target of lower.domains) assert.deepEqual(await restricted(`src/core/${floor.domains[0]}/x.ts`, `../${target}/x`), [], `${floor.domains[0]} → ${target}`);
      }
    }
    assert.deepEqual(await restricted('src/core/init/templates/x.ts', '../../vault/personaSections'), []);
  });

  it('keeps every face out of the core, and vscode out of the core, the server, the CLI, the MCP server and every extension model', async () => {
    for (const face of ['extension/extension', 'server/server', 'cli/main', 'mcp/server']) {
      const messages = await restricted('src/core/memory/x.ts', `../../${face}`);
      assert.equal(messages.length, 1, face);
      assert.match(messages[0], /never imports a face/);
    }
    for (const file of ['src/core/search/x.ts', 'src/server/x.ts', 'src/cli/x.ts', 'src/cli/commands/x.ts', 'src/mcp/x.ts', 'src/extension/features/chat/x.model.ts', 'src/extension/shared/x.model.ts']) {
      assert.equal((await restricted(file, 'vscode')).length, 1, file);
    }
    assert.deepEqual(await restricted('src/extension/features/chat/x.ts', 'vscode'), []);
  });

  it('fails an extension feature importing another feature, and lets it use extension/shared and the core', async () => {
    for (const file of ['src/extension/features/chat/x.ts', 'src/extension/features/chat/x.model.ts']) {
      const messages = await restricted(file, '../persona/personaReview');
      assert.equal(messages.length, 1, file);
      assert.match(messages[0], /never imports another feature/);
      assert.equal((await restricted(file, '../../features/persona/personaReview')).length, 1, file);
      assert.deepEqual(await restricted(file, '../../shared/commands'), [], file);
      assert.deepEqual(await restricted(file, './handler.model'), [], file);
      assert.deepEqual(await restricted(file, '../../../core/memory/write'), [], file);
    }
  });

  it('fails a CLI command importing another command, and lets it use cli/command.ts', async () => {
    const messages = await restricted('src/cli/commands/write.ts', './compress');
    assert.equal(messages.length, 1);
    assert.match(messages[0], /never imports another command/);
    assert.deepEqual(await restricted('src/cli/commands/write.ts', '../command'), []);
    assert.deepEqual(await restricted('src/cli/commands/index.ts', './write'), [], 'the list of commands imports them all');
  });
});

/** The core domains each file of `domain` imports (its relative imports that leave the folder). */
function importedDomains(domain: string): Set<string> {
  const out = new Set<string>();
  const dir = path.join(CORE, domain);
  for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const file = path.join(dir, rel);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/from '(\.\.?\/[^']+)'/g)) {
      const target = path.relative(CORE, path.resolve(path.dirname(file), m[1])).split(path.sep)[0];
      if (target !== domain && !target.startsWith('..')) out.add(target);
    }
  }
  return out;
}

describe('core domains', () => {
  it('depend on each other without a cycle (files may be acyclic while their folders are not)', () => {
    const domains = floors.flatMap((f) => f.domains);
    const edges = new Map(domains.map((d) => [d, importedDomains(d)]));
    const state = new Map<string, 'open' | 'done'>();
    const visit = (d: string, trail: string[]): void => {
      if (state.get(d) === 'done') return;
      assert.notEqual(state.get(d), 'open', `cycle: ${[...trail, d].join(' → ')}`);
      state.set(d, 'open');
      for (const next of edges.get(d) ?? []) visit(next, [...trail, d]);
      state.set(d, 'done');
    };
    for (const d of domains) visit(d, []);
    assert.ok([...edges.values()].some((e) => e.size), 'the imports were read');
  });
});

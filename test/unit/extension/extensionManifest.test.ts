/**
 * The extension's manifest and its companions agree with the code: every command, string,
 * translation, file and grammar the manifest names exists, and the VSIX holds only what it must.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseLinks } from '../../../src/core/vault/wikilinks';
import { REPO } from '../../support/helpers';

const json = (p: string) => JSON.parse(fs.readFileSync(path.join(REPO, p), 'utf8'));
const pkg = json('package.json');
const LOCALES = ['zh-tw', 'zh-cn'];

function sources(dir: string): { file: string; text: string }[] {
  return fs
    .readdirSync(path.join(REPO, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: path.join(dir, f), text: fs.readFileSync(path.join(REPO, dir, f), 'utf8') }));
}
const extensionSources = sources('src/extension');

/** Every `l10n.t('…')` message in the extension's code. */
function messages(): Set<string> {
  const out = new Set<string>();
  for (const { text } of extensionSources) {
    for (const m of text.matchAll(/l10n\.t\(\s*'((?:\\.|[^'\\])*)'/g)) out.add(m[1].replace(/\\(.)/g, '$1'));
    assert.doesNotMatch(text, /l10n\.t\(\s*[`"]/, 'messages are single-quoted literals, so they can be checked');
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();

/** `%key%` references anywhere in the manifest. */
function nlsKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const m = /^%(.+)%$/.exec(value);
    if (m) out.add(m[1]);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) nlsKeys(v, out);
  }
  return out;
}

describe('manifest', () => {
  it('activates on a vault and on its own views and commands only', () => {
    assert.deepEqual(pkg.activationEvents, ['workspaceContains:.CoreSoul/memory/memory_map.md']);
    assert.equal(pkg.main, './dist/extension.js');
    // 1.101 finalised the MCP server definition provider; the API types are those of the oldest VS Code it runs in.
    assert.equal(pkg.engines.vscode, '^1.101.0');
    assert.equal(`^${pkg.devDependencies['@types/vscode']}`, pkg.engines.vscode);
    assert.deepEqual(pkg.contributes.mcpServerDefinitionProviders, [{ id: 'coresoul.mcp', label: 'Core Soul' }]);
  });

  it('declares exactly the commands the extension registers, all under the Core Soul category', () => {
    const registered = new Set(extensionSources.flatMap(({ text }) => [...text.matchAll(/registerCommand\(\s*'([^']+)'/g)].map((m) => m[1])));
    const declared = pkg.contributes.commands.map((c: { command: string }) => c.command);
    assert.deepEqual([...registered].sort(), [...declared].sort());
    const nls = json('package.nls.json');
    for (const c of pkg.contributes.commands) assert.equal(nls[c.category.slice(1, -1)], 'Core Soul', c.command);
    for (const id of ['coresoul.initialize', 'coresoul.writeMemory', 'coresoul.openToday', 'coresoul.showStatus', 'coresoul.toggleMemory']) {
      assert.ok(declared.includes(id), id);
    }
  });

  it('links only to commands that exist, from menus, welcome views and the walkthrough', () => {
    const known = new Set<string>(pkg.contributes.commands.map((c: { command: string }) => c.command));
    for (const v of pkg.contributes.views.coresoul) known.add(`${v.id}.focus`);
    const menus = Object.values(pkg.contributes.menus).flat() as { command: string }[];
    for (const m of menus) assert.ok(known.has(m.command), `menu → ${m.command}`);
    const texts = [
      ...pkg.contributes.viewsWelcome.map((w: { contents: string }) => w.contents),
      ...pkg.contributes.walkthroughs.flatMap((w: { steps: { description: string }[] }) => w.steps.map((s) => s.description)),
    ];
    for (const locale of ['', ...LOCALES.map((l) => `.${l}`)]) {
      const nls = json(`package.nls${locale}.json`);
      for (const t of texts) {
        for (const [, id] of nls[t.slice(1, -1)].matchAll(/\(command:([\w.]+)/g)) {
          assert.ok(known.has(id) || id.startsWith('workbench.'), `package.nls${locale}.json → ${id}`);
        }
      }
    }
    const walkthrough = pkg.contributes.walkthroughs[0];
    assert.ok(texts.some((t) => json('package.nls.json')[t.slice(1, -1)].includes(`${pkg.publisher}.${pkg.name}%23${walkthrough.id}`)));
  });

  it('puts every feature module in the FEATURES array', () => {
    const features = extensionSources.filter(({ text }) => /^export function register\(/m.test(text)).map(({ file }) => path.basename(file, '.ts'));
    const wiring = fs.readFileSync(path.join(REPO, 'src/extension/features.ts'), 'utf8');
    const list = /const FEATURES[^=]*=\s*\[([^\]]*)\]/.exec(wiring)?.[1].split(',').map((s) => s.trim()) ?? [];
    assert.deepEqual([...list].sort(), [...features].sort());
  });

  it('describes its setting: the memory switch, on by default', () => {
    const setting = pkg.contributes.configuration.properties['coresoul.memory.enabled'];
    assert.equal(setting.type, 'boolean');
    assert.equal(setting.default, true);
    assert.ok(json('package.nls.json')[setting.markdownDescription.slice(1, -1)].length > 40);
  });

  it('names files that exist', () => {
    const files = [
      pkg.contributes.viewsContainers.activitybar[0].icon,
      ...pkg.contributes.views.coresoul.map((v: { icon: string }) => v.icon),
      ...pkg.contributes.grammars.map((g: { path: string }) => g.path),
      ...pkg.contributes.walkthroughs.flatMap((w: { steps: { media: { markdown: string } }[] }) => w.steps.map((s) => s.media.markdown)),
    ];
    for (const f of files) assert.ok(fs.existsSync(path.join(REPO, f)), f);
  });
});

describe('translations', () => {
  it('has every manifest string in English and in both Chinese variants, and nothing stale', () => {
    const used = [...nlsKeys(pkg)].sort();
    for (const locale of ['', ...LOCALES.map((l) => `.${l}`)]) {
      const nls = json(`package.nls${locale}.json`);
      assert.deepEqual(Object.keys(nls).sort(), used, `package.nls${locale}.json`);
    }
  });

  it('has every message of the code in both l10n bundles, with the same placeholders, and nothing stale', () => {
    const used = messages();
    assert.ok(used.size > 30);
    for (const locale of LOCALES) {
      const bundle = json(`l10n/bundle.l10n.${locale}.json`);
      assert.deepEqual(Object.keys(bundle).sort(), [...used].sort(), locale);
      for (const [en, translated] of Object.entries(bundle)) {
        assert.deepEqual(placeholders(translated as string), placeholders(en), `${locale}: ${en}`);
      }
    }
    assert.equal(pkg.l10n, './l10n');
  });

  it('keeps the translated manifest strings with the same placeholders, links and markup', () => {
    const en = json('package.nls.json');
    const shape = (s: string) => [...s.matchAll(/\]\([^)]*\)|`[^`]*`|\n/g)].map((m) => (m[0].startsWith('`') ? '`' : m[0]));
    for (const locale of LOCALES) {
      const nls = json(`package.nls.${locale}.json`);
      for (const key of Object.keys(en)) {
        assert.deepEqual(shape(nls[key]).filter((s) => s !== '`').length, shape(en[key]).filter((s) => s !== '`').length, `${locale}: ${key}`);
      }
    }
  });
});

describe('[[link]] highlighting grammar', () => {
  const grammar = json('syntaxes/wikilink.tmLanguage.json');
  const contribution = pkg.contributes.grammars[0];

  it('is injected into Markdown, outside code', () => {
    assert.equal(contribution.scopeName, grammar.scopeName);
    assert.deepEqual(contribution.injectTo, ['text.html.markdown']);
    assert.match(grammar.injectionSelector, /^L:text\.html\.markdown /);
    for (const code of ['markup.fenced_code', 'markup.inline.raw', 'markup.raw.block']) assert.ok(grammar.injectionSelector.includes(`-${code}`), code);
  });

  it('highlights exactly the links the core parses', () => {
    const re = new RegExp(grammar.repository.wikilink.match, 'g');
    const dayRe = new RegExp(grammar.repository.wikilink.captures['2'].patterns[0].match);
    const samples = [
      'met [[Alice]] and [[王小明]] on [[2026-03-10]]',
      '[[Alice#Notes|her notes]] then [[Bob|B]] and [[Carol#Intro]]',
      'not links: [[]] [[ ]] [[#only-heading]] [[a\nb]] [single] [[x]',
      'nested [[[Inner]]] and [[R&D 100% (v2)]]',
    ];
    for (const text of samples) {
      const highlighted = [...text.matchAll(re)].map((m) => ({ target: m[2].trim(), start: m.index, end: m.index + m[0].length }));
      const parsed = parseLinks(text).map(({ target, start, end }) => ({ target, start, end }));
      assert.deepEqual(highlighted, parsed, text);
    }
    assert.ok(dayRe.test('2026-03-10'));
    assert.ok(!dayRe.test('Alice 2026-03-10'));
  });
});

describe('VSIX', () => {
  it('holds only the bundles, the tokenizer table, media, grammar, translations, manifest, README, CHANGELOG and LICENSE', () => {
    const vsce = path.join(REPO, 'node_modules/@vscode/vsce/vsce');
    const listed = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: REPO, encoding: 'utf8' }).trim().split('\n');
    const allowed = /^(dist\/(extension|server|cli|languageclient|healthWorker|healthView)\.js|dist\/cl100k_base\.json\.gz|dist\/(?:narrower|translation|lexicon)\.txt|dist\/[\w.-]+\.LEGAL\.txt|media\/.+|syntaxes\/.+|l10n\/bundle\.l10n\.[\w-]+\.json|package(\.nls(\.[\w-]+)?)?\.json|docs\/[\w-]+\.md|docs\/screenshots\/[\w-]+\.png|README\.md|CHANGELOG\.md|LICENSE)$/;
    for (const f of listed) assert.match(f, allowed);
    for (const must of ['docs/cli.md', 'docs/screenshots/sidebar-backlinks.png', 'dist/extension.js', 'dist/server.js', 'dist/cli.js', 'dist/languageclient.js', 'dist/cl100k_base.json.gz', 'dist/narrower.txt', 'dist/translation.txt', 'dist/lexicon.txt', 'package.json', 'package.nls.json', 'l10n/bundle.l10n.zh-tw.json', 'syntaxes/wikilink.tmLanguage.json', 'media/coresoul.svg']) {
      assert.ok(listed.includes(must), must);
    }
  });
});

// The house rules (docs/architecture.md), enforced here rather than by convention:
// - the core and the language server never see `vscode`; the core never reaches into a face;
// - the core stands on floors, and a floor imports only from its own floor and those below;
// - extension features never import each other (they meet in extension/shared), and CLI
//   commands never import each other (they meet in cli/command.ts).
// Import cycles, type-only ones included, are found by dpdm in `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The core's floors, lowest first: each names its domains (folders of src/core). */
export const FLOORS = [
  { name: 'shared', domains: ['shared'] },
  { name: 'vault', domains: ['vault'] },
  // Rules over vault files: what a file means, how it decays, what may enter it, how it is found.
  { name: 'engines', domains: ['compress', 'safety', 'links', 'search', 'profile', 'truth'] },
  // What a face asks for: each puts engines together into one thing a person does.
  { name: 'workflows', domains: ['memory', 'context', 'init', 'persona', 'archive', 'sync', 'interop', 'tools', 'lint'] },
];
/** The faces over the core: every import of theirs into the core is forbidden. */
const FACES = ['extension', 'server', 'cli', 'mcp'];

const noVscode = { name: 'vscode', message: 'Only the extension talks to VS Code; keep this file plain Node.' };
const restrict = (paths, patterns = []) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });
/** A relative import that climbs to one of `folders` (`../memory/write`, `../../../extension/x`). */
const climbsTo = (folders) => `^(?:\\.\\./)+(?:${folders.join('|')})(?:/|$)`;

const onlyExtension = { group: ['**/extension/**'], message: 'Only the extension imports the extension.' };
// Later configs replace a rule's options for the files they match, so each face's list is whole.
const noFeature = { regex: '^\\.\\./[^./]|(?:^|/)features/', message: 'An extension feature never imports another feature; share through extension/shared.' };
const noCommand = { regex: '^\\./', message: 'A CLI command never imports another command; share through cli/command.ts.' };
const faces = { regex: climbsTo(FACES), message: 'The core never imports a face (extension, server, cli, mcp).' };

/** One config per floor: its files may not import a domain of any floor above it. */
const floorRules = FLOORS.map((floor, i) => {
  const above = FLOORS.slice(i + 1);
  const patterns = [faces];
  if (above.length) {
    const names = above.map((f) => f.name).join(', ');
    patterns.push({
      regex: climbsTo(above.flatMap((f) => f.domains)),
      message: `core/${floor.domains.length === 1 ? floor.domains[0] : `{${floor.domains.join(',')}}`} is on the ${floor.name} floor: it never imports a higher floor (${names}).`,
    });
  }
  return { files: floor.domains.map((d) => `src/core/${d}/**/*.ts`), rules: restrict([noVscode], patterns) };
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.bench-cache/**', 'test-results/**', '**/*.mjs', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  // Tests read the CLI's JSON answers as they come.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  ...floorRules,
  { files: ['src/server/**/*.ts', 'src/cli/**/*.ts', 'src/mcp/**/*.ts', 'src/extension/**/*.model.ts'], rules: restrict([noVscode], [onlyExtension]) },
  { files: ['src/extension/features/**/*.ts'], rules: restrict([], [noFeature]) },
  { files: ['src/extension/features/**/*.model.ts'], rules: restrict([noVscode], [onlyExtension, noFeature]) },
  { files: ['src/cli/commands/*.ts'], ignores: ['src/cli/commands/index.ts'], rules: restrict([noVscode], [onlyExtension, noCommand]) },
);

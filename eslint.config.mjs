// The boundaries of the house (docs/architecture.md), enforced here rather than by convention:
// the core and the language server never see `vscode`, the core never reaches into its adapters,
// the core's domains depend one way (shared ← vault ← the rest). Import cycles, type-only ones
// included, are found by dpdm in `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noVscode = { name: 'vscode', message: 'Only the extension talks to VS Code; keep this file plain Node.' };
const adapters = ['**/extension/**', '**/server/**', '**/cli/**', '**/mcp/**'];
const restrict = (paths, patterns = []) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });

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
  {
    files: ['src/core/**/*.ts'],
    rules: restrict([noVscode], [{ group: adapters, message: 'The core never imports an adapter (extension, server, cli, mcp).' }]),
  },
  {
    files: ['src/core/shared/**/*.ts'],
    rules: restrict([noVscode], [{ group: ['../*'], message: 'core/shared is the base: it imports no other domain.' }]),
  },
  {
    files: ['src/core/vault/**/*.ts'],
    rules: restrict([noVscode], [{ group: ['../*', '!../shared'], message: 'core/vault builds on core/shared only.' }]),
  },
  {
    files: ['src/server/**/*.ts', 'src/cli/**/*.ts', 'src/mcp/**/*.ts', 'src/extension/**/*.model.ts'],
    rules: restrict([noVscode], [{ group: ['**/extension/**'], message: 'Only the extension imports the extension.' }]),
  },
);

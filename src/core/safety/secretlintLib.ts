/**
 * The parts of secretlint the secret firewall uses (secrets.ts), in one module. The CLI build
 * ships it as source text compiled only when a command first scans text (esbuild.mjs,
 * `lazyText`), so commands that never write do not pay for parsing it at every start.
 */
export { lintSource } from '@secretlint/core';
export { creator as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend';
export { creator as patternRule } from '@secretlint/secretlint-rule-pattern';

/**
 * gitleaks' default rules as data (rules/gitleaks.json), in a module of its own: the bundles
 * embed it as text parsed only when something first scans for secrets (esbuild.mjs, `lazyText`),
 * so commands that never read or write memory do not pay for it at every start.
 */
import config from './rules/gitleaks.json';

export const GITLEAKS = config;

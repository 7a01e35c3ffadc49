/**
 * A lint report as SARIF 2.1.0 (docs/truth.md#lint), the format CI systems (GitHub code
 * scanning, GitLab, Azure DevOps) show inline: one run, the rules with their default level, one
 * result per finding located by file (relative to the workspace root, `%SRCROOT%`) and line.
 */
import { LINT_RULES, type LintReport, type LintRuleId } from './lint';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export function toSarif(report: LintReport, version: string): object {
  const ids = Object.keys(LINT_RULES) as LintRuleId[];
  const loc = (file: string, line: number) => ({
    physicalLocation: { artifactLocation: { uri: file, uriBaseId: '%SRCROOT%' }, region: { startLine: Math.max(1, line) } },
  });
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'coresoul',
            version,
            informationUri: 'https://github.com/coresoul/coresoul/blob/main/docs/truth.md#lint',
            rules: ids.map((id) => ({
              id,
              name: id.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase()),
              shortDescription: { text: LINT_RULES[id].summary },
              defaultConfiguration: { level: LINT_RULES[id].severity },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The workspace root (the folder that holds .CoreSoul).' } } },
        results: report.findings.map((f) => ({
          ruleId: f.rule,
          ruleIndex: ids.indexOf(f.rule),
          level: f.severity,
          message: { text: f.message },
          locations: [loc(f.file, f.line)],
          ...(f.related && { relatedLocations: f.related.map((r, i) => ({ id: i, ...loc(r.file, r.line) })) }),
        })),
      },
    ],
  };
}

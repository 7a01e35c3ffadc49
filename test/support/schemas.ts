/**
 * JSON-schema validators for what the CLI prints: the lint report (docs/schemas/) and SARIF 2.1.0
 * (test/support/sarif-2.1.0.schema.json, a draft-04 schema: ajv 6 reads draft-04 with its meta-schema).
 */
import Ajv from 'ajv';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO } from './helpers';

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
const draft04 = readJson(require.resolve('ajv/lib/refs/json-schema-draft-04.json'));

function validator(file: string, opts: { draft04?: boolean } = {}) {
  const ajv = new Ajv({ allErrors: true, ...(opts.draft04 && { schemaId: 'id' as const, meta: false }) });
  if (opts.draft04) ajv.addMetaSchema(draft04);
  const validate = ajv.compile(readJson(path.join(REPO, file)));
  return (doc: unknown): string[] => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.dataPath} ${e.message}`));
}

/** The problems of a `coresoul lint --json` document (none: valid). */
export const lintReportProblems = validator('docs/schemas/lint-report.schema.json');
/** The problems of a SARIF log (none: valid SARIF 2.1.0). */
export const sarifProblems = validator('test/support/sarif-2.1.0.schema.json', { draft04: true });

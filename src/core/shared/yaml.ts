/**
 * The YAML library, loaded on first use: most calls never need it (memory_map's own front matter
 * is read without it), and evaluating it costs every start of the extension and the CLI ~10 ms.
 */
type Yaml = typeof import('yaml');
let yaml: Yaml | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const lib = () => (yaml ??= require('yaml') as Yaml);

export const parseYaml = (text: string): unknown => lib().parse(text);
export const stringifyYaml = (value: unknown): string => lib().stringify(value);

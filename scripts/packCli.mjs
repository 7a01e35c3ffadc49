// Builds the `coresoul` npm package, the command line on its own for people who do not use
// VS Code: dist/cli.js is self-contained (its libraries and the tokenizer's ranks are inside),
// so the package is that file, a README and the licence, with no dependencies. Writes
// coresoul-<version>.tgz into the folder given (default: the repository root) and prints its path.
//   node scripts/packCli.mjs [out-dir]        (after npm run build)
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const out = resolve(process.argv[2] ?? repo);
const cli = join(repo, 'dist', 'cli.js');
if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run npm run build first');
const { version, license, repository } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));

// What `npm pack` names the archive, which the README tells people to install.
const tgzName = `coresoul-${version}.tgz`;
const dir = mkdtempSync(join(tmpdir(), 'coresoul-cli-'));
try {
  copyFileSync(cli, join(dir, 'cli.js'));
  copyFileSync(join(repo, 'LICENSE'), join(dir, 'LICENSE'));
  const pkg = {
    name: 'coresoul',
    version,
    description: 'Core Soul: a persistent memory and persona for AI coding agents, as plain Markdown in your repository (CLI and MCP server).',
    license,
    ...(repository && { repository }),
    bin: { coresoul: 'cli.js' },
    files: ['cli.js', 'LICENSE', 'README.md'],
    engines: { node: '>=20' },
    keywords: ['memory', 'agents', 'mcp', 'claude-code', 'codex', 'gemini-cli', 'copilot'],
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(
    join(dir, 'README.md'),
    `# coresoul\n\nThe Core Soul command line: a persistent memory and persona for AI coding agents, stored as plain Markdown in your repository.\n\nInstall it from the file you have (it is not on the npm registry; \`npm i -g coresoul\` would fetch someone else's package, if any):\n\n\`\`\`sh\nnpm i -g ./${tgzName}\ncoresoul init --hosts claude,gemini,codex,cursor,vscode --hooks   # the vault, skills, AGENTS.md, each agent's MCP server and hooks\ncoresoul write "Chose [[PostgreSQL]] for JSONB support" --kind decision\ncoresoul search "why PostgreSQL"\ncoresoul mcp                                                      # the MCP server agents start\n\`\`\`\n\nEvery command: \`coresoul --help\`.\n`,
  );
  const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop();
  if (file !== tgzName) throw new Error(`npm pack wrote ${file}, but the README names ${tgzName}`);
  process.stdout.write(`${join(out, file)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The five CoreSoul skills (docs/memory.md#the-vault-on-disk): one SKILL.md each, calling the vault's bundled CLI. */
import { CLI } from './soul';

export interface SkillTemplate {
  name: string;
  summary: string;
  description: string;
  body: string;
}

export const SKILLS: SkillTemplate[] = [
  {
    name: 'CoreSoul_MemoryWrite',
    summary: 'record an entity, decision or error fix in memory (append-only, no model).',
    description:
      'Record a new entity (project, person, technology), an important decision or an error fix in the Core Soul memory vault. Use before ending any turn that involved one (the Stable Memory Trigger).',
    body: `Append one entry to today's memory. Link every entity as \`[[Name]]\`; each gets a date tag.

\`\`\`sh
${CLI} write "<what happened, with [[Entity]] links>" --kind <note|decision|error|correction|preference> --json
\`\`\`

- \`--entity kind/Name\` (kind: people, events, places, objects) files the entry under an entity
  that the text does not link; repeat it for several.
- Use \`--kind correction\` when the user corrected your behaviour, \`--kind preference\` for a
  stated preference, \`--kind decision\` / \`--kind error\` for decisions and error fixes.
- Add \`--from agent --via <your host>\` to anything that is not the user's own words (what you
  read in a tool output, a file or a web page): it is remembered, but never teaches a preference
  nor counts as a correction.
- Credentials are replaced by \`[secret: <kind>]\` before the write (\`redacted\` in the output).
- Output: \`{file, line, entities:[{path, created}], compressed}\`. Exit 1 means the input was
  refused (message on stderr); nothing was written.
- A wrong entry is never edited by hand: \`${CLI} correct "<YYYY-MM-DD HH:MM:SS>" "<right text>"
  --reason "<why>" --json\` writes the right one and marks the old one superseded;
  \`${CLI} forget "<YYYY-MM-DD HH:MM:SS>" --reason "<why>" --json\` retracts one that must go
  (both kept in the vault history).`,
  },
  {
    name: 'CoreSoul_MemorySearch',
    summary: 'retrieve the few relevant lines from memory within a token budget.',
    description:
      'Search the Core Soul memory vault for what happened before: returns a few cited snippets within a token budget, never whole files. Use before answering questions about past work, decisions, people or errors.',
    body: `\`\`\`sh
${CLI} search "<entity or keywords>" --max-tokens 2000 --json
\`\`\`

- Ask in plain words or a question (\`When did Alice move to Berlin?\`); names, dates and Chinese work.
- Each result cites \`file\`, \`line\` and \`date\`; quote them when you answer. \`"from": "history …"\`
  marks the raw lines of a compressed day, recovered from the vault history.
- When the answer has \`"more"\`, lines were left out: run it again with \`--page <nextPage>\`.
- To read one day or one entity note by name: \`${CLI} read <YYYY-MM-DD|Name|kind/Name> --json\`;
  the last days: \`${CLI} recent --days 7\`; the entities known: \`${CLI} entities --sort recent\`.
- Never read the vault's folders or whole files into context instead.`,
  },
  {
    name: 'CoreSoul_MemoryCompress',
    summary: 'run the weekly memory decay (L1 → L2 → L3).',
    description:
      'Run the weekly Core Soul memory compression: detailed days become hourly summaries, old days fold into monthly files, every [[link]] preserved. Runs by itself before the first write of a new week.',
    body: `\`\`\`sh
${CLI} compress --json          # only when a week boundary has passed
${CLI} compress --dry-run       # show the plan, change nothing
\`\`\`

Compression also runs automatically before the first memory write of a new Monday–Sunday week.`,
  },
  {
    name: 'CoreSoul_PersonaUpdate',
    summary: 'propose a gated, soul-checked persona change for review.',
    description:
      'Propose a change to one section of the Core Soul persona. Only when the user corrected the same behaviour repeatedly, the work shifted paradigm, or the user explicitly asked; the change is gated, checked against soul.md and reviewed before it applies.',
    body: `1. Write the new body of one section (without its heading) to a file.
2. Propose it:

\`\`\`sh
${CLI} persona propose --section "Behavioral Guidelines" --content-file <file> --trigger <explicit-command|repeated-correction|paradigm-shift> --reason "<why>" --from agent --via <your host> --json
\`\`\`

   \`--from agent --via <your host>\` says you propose it: you cannot give the user's command, so
   an \`explicit-command\` of yours waits for the user's review like any proposal.

3. Show the user the printed diff. Only after the user approves:

\`\`\`sh
${CLI} persona apply <id>     # or: ${CLI} persona reject <id>
\`\`\`

Exit 3 means the gate or the soul check refused the change: tell the user why, do not retry
with a rephrasing. A single complaint belongs in memory (\`--kind correction\`), not the persona.
\`persona history\` lists past changes; \`persona revert <commit>\` undoes one, only when the user asks.`,
  },
  {
    name: 'CoreSoul_PackSoul',
    summary: 'pack soul, persona, memory and skills into one portable archive.',
    description:
      'Pack the Core Soul (AGENTS.md, skills, soul, persona and memory with history) into core_soul_deploy.tar.gz to move it to another project or machine, or restore such an archive.',
    body: `\`\`\`sh
${CLI} pack --out core_soul_deploy.tar.gz --json
${CLI} restore core_soul_deploy.tar.gz --root <empty folder> --json
\`\`\`

Restore refuses a non-empty folder unless \`--merge\` is given, and refuses unsafe archives.`,
  },
];

export function skillMarkdown(s: SkillTemplate): string {
  return `---\nname: ${s.name}\ndescription: ${JSON.stringify(s.description)}\n---\n\n# ${s.name}\n\nRun from the workspace root.\n\n${s.body}\n`;
}

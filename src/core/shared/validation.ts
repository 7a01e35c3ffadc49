/**
 * One-line descriptions of zod/mini validation issues. zod/mini ships no English messages
 * (they would add to the CLI bundle), so an issue without a custom message says only
 * "Invalid input"; this names what was expected instead.
 */
import type * as z from 'zod/mini';

/** `path: what was wrong` for the first issue of a failed parse. */
export function firstIssue(error: { issues: readonly z.core.$ZodIssue[] }): string {
  const issue = error.issues[0];
  const where = issue.path.length ? issue.path.join('.') : '(root)';
  return `${where}: ${describe(issue)}`;
}

/** What was wrong with one value, in words (zod/mini's own message is often just "Invalid input"). */
export function describe(issue: z.core.$ZodIssue): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected ${issue.values.map((x) => JSON.stringify(x)).join(' or ')}`;
    case 'too_small':
      return `expected at least ${String(issue.minimum)}`;
    case 'too_big':
      return `expected at most ${String(issue.maximum)}`;
    default:
      return issue.message;
  }
}

/**
 * A name git accepts for a branch, as far as a search option needs to know (`search --branch`,
 * the MCP tool's `branch`): no space or control character, none of `~^:?*\`, no `..`, not
 * starting with `-`.
 */
export function isBranchName(b: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what git refuses in a name
  return b.length > 0 && b.length <= 255 && !/[\s~^:?*\\\x00-\x1f\x7f]|\.\.|^-/.test(b);
}

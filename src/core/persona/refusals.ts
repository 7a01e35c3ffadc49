/** Why a persona proposal was refused, as every face says it (chat, tools, MCP, the review UI). */
import type { Review } from './proposals';

/** The gate's reason, then each violation of the soul. */
export function refusals(review: Review): string[] {
  return [
    ...(review.gate.passed ? [] : [`gate (${review.trigger}): ${review.gate.message}`]),
    ...review.violations.map((x) => `soul.md ${x.invariant}: "${x.quote}" — ${x.why}`),
  ];
}

/** `refusals` as Markdown bullets. */
export const refusalReasons = (review: Review) => refusals(review).map((r) => `- ${r}`).join('\n');

/** Why a persona proposal was refused, as every face says it (chat, tools, MCP, the review UI). */
import type { Review } from './proposals';

/** The gate's reason, then each violation of the soul. */
export function refusals(review: Review): string[] {
  return [
    ...(review.gate.passed ? [] : [`gate (${review.trigger}): ${review.gate.message}`]),
    ...review.violations.map((x) => `soul.md ${x.invariant}: "${x.quote}" — ${x.why}${x.by === 'judge' ? ' (the model judge)' : ''}`),
  ];
}

/** What the model judge did, when it was asked and could not answer: the rules alone decided. */
export const judgeNote = (review: Review) => (typeof review.soul.judge === 'object' ? `The model could not judge it (${review.soul.judge.error}); the soul check's rules decided alone.` : '');

/** `refusals` as Markdown bullets. */
export const refusalReasons = (review: Review) => refusals(review).map((r) => `- ${r}`).join('\n');

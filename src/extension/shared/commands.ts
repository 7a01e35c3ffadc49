/** Command ids one feature runs and another registers: features never import each other, so they meet here. */

/** Opens a persona proposal in the diff review (features/persona/personaReview.ts registers it). */
export const REVIEW_COMMAND = 'coresoul.persona.review';

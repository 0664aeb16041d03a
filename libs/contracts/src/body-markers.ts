// What the claim check reads in a body, apart from the rest of the contracts (and zod): the backend's
// body-work thread loads this file alone, and every module a thread loads is a copy of its own.

/** A reference marker in a body: `[n]` names source n, placed before the sentence's closing punctuation. */
export const SOURCE_MARKER_PATTERN = /\[(\d{1,3})\]/g;

/**
 * The heading that sets the persona's own opinion apart: what follows it (up to the next heading) is
 * commentary, never checked as a claim and never presented as a sourced fact.
 */
export const COMMENTARY_HEADING = "The AI Mind's take";

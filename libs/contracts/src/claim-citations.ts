import { ClaimFlagSchema } from './provenance.js';
import { z } from './zod.js';

/**
 * Every claim opened at its source: what a reader sees of one cited sentence of a published article.
 *
 * The body's reference markers ([2]) of a sentence the claim check read link to the sentence's note
 * (`#claim-<id>`, CLAIM_NOTE_ID): the passage of the source that best supports it (the check's match,
 * one sentence of the source, never its whole kept text), the outlet and the link. A sentence whose
 * flags an editor published over says so, with who, when and the note of that publish or schedule step.
 */
export const PublicClaimSchema = z.object({
  /** The claim's id: what a reader's error report on this sentence names. */
  id: z.number().int(),
  position: z.number().int().nonnegative(),
  sentence: z.string(),
  /** The source of the passage, or null when no source shares the sentence's words. */
  sourceNumber: z.number().int().positive().nullable(),
  passage: z.string().nullable(),
  outlet: z.string().nullable(),
  sourceTitle: z.string().nullable(),
  link: z.string().nullable(),
  /** What the claim check found wrong (empty when the passage supports it). */
  flags: z.array(ClaimFlagSchema),
  /** Whether the body marks this sentence with a reference marker (a sentence listed only for its override has none). */
  cited: z.boolean(),
  /** The editor who published over the flags, when, and the note of that step (null: none given). */
  override: z.object({ by: z.string(), at: z.string(), note: z.string().nullable() }).nullable(),
});
export type PublicClaim = z.infer<typeof PublicClaimSchema>;

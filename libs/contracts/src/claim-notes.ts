// How a page addresses a claim's note: plain values, for the public site's bundle (no zod).

/** The id of a claim's note at the end of the article, and of the marker that links to it (the note's way back). */
export const claimNoteId = (claimId: number) => `claim-${claimId}`;
export const claimMarkerId = (claimId: number) => `claim-ref-${claimId}`;
/** The class of a reference marker's link that opens a claim (the page's scripts open its passage in place). */
export const CLAIM_REF_CLASS = 'claim-ref';

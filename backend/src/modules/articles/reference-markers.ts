import { claimMarkerId, claimNoteId, CLAIM_REF_CLASS } from '@ai-mind/contracts';

/** A reference marker as the body's text has it: `[1]`, or a list `[2, 3]`. */
export const REFERENCE_MARKER_LIST = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/** The claim a marker sits in: its note is where the marker leads. */
export interface MarkerClaim {
  id: number;
  /** An editor published over the claim's flags: the marker says so. */
  overridden: boolean;
}

/**
 * Turns the body's reference markers (`[1]`, `[2, 3]` in its text, as the writer was told to cite its
 * numbered sources) into links: to the note of the sentence's claim (`#claim-<id>`, its source's
 * passage) when `claimOf` names one for the marker (by its index among the body's markers, in order),
 * else to the page's list of sources (`#source-<n>`). Only numbers of sources the article has are
 * linked; markup is left alone (only text between tags is read). The body is sanitized before this,
 * and what it adds is fixed markup.
 */
export function linkReferenceMarkers(html: string, sourceNumbers: ReadonlySet<number>, claimOf?: (markerIndex: number) => MarkerClaim | null): string {
  if (sourceNumbers.size === 0) return html;
  let index = 0;
  /** Only a claim's first marker carries the id its note links back to. */
  const anchored = new Set<number>();
  return html.replace(
    /(^|>)([^<]*)/g,
    (_whole, start: string, text: string) =>
      start +
      text.replace(REFERENCE_MARKER_LIST, (marker, list: string) => {
        const claim = claimOf?.(index) ?? null;
        index += 1;
        const numbers = list.split(',').map((n) => Number(n.trim()));
        if (!numbers.every((n) => sourceNumbers.has(n))) return marker;
        if (!claim) return `<sup class="source-ref">[${numbers.map((n) => `<a href="#source-${n}" aria-label="Source ${n}">${n}</a>`).join(', ')}]</sup>`;
        const links = numbers.map((n) => {
          const id = anchored.has(claim.id) ? '' : ` id="${claimMarkerId(claim.id)}"`;
          anchored.add(claim.id);
          const label = claim.overridden ? `Source ${n}, published over a flag: the passage` : `Source ${n}: the passage`;
          return `<a href="#${claimNoteId(claim.id)}"${id} class="${CLAIM_REF_CLASS}" data-claim="${claim.id}" aria-label="${label}">${n}</a>`;
        });
        return `<sup class="source-ref${claim.overridden ? ' source-ref-overridden' : ''}">[${links.join(', ')}]</sup>`;
      }),
  );
}

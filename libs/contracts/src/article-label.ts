import type { PublicProvenance } from './public-record.js';
import { formatLongDate } from './text.js';

const sourcesPhrase = (count: number) => `${count} source${count === 1 ? '' : 's'}`;

/**
 * The sources as the label names them: a single-source approval says so, whatever the number of items
 * (several items of one owner, or one report syndicated by several outlets, are still one source).
 */
function writtenFrom(provenance: PublicProvenance, count: number): string {
  if (!provenance.grade.singleSource) return sourcesPhrase(count);
  return count === 1 ? 'a single source' : `${sourcesPhrase(count)}, approved as single-source`;
}

/**
 * The line every article page carries about how the article was made, e.g. "Written by the AI Mind
 * from 4 sources; reviewed and published by Dana on November 27, 2026". What is not on record is
 * said as such, never filled in.
 */
export function articleLabel(provenance: PublicProvenance): string {
  const sources = provenance.sources;
  const written =
    provenance.draftedBy === 'ai'
      ? sources
        ? `Written by the AI Mind from ${writtenFrom(provenance, sources.length)}`
        : 'Written by the AI Mind; its sources were not recorded'
      : sources
        ? `Published by the AI Mind from ${writtenFrom(provenance, sources.length)}; how its text was written was not recorded`
        : 'Published by the AI Mind; how its text was written was not recorded';
  const date = provenance.publishedAt ? formatLongDate(provenance.publishedAt) : null;
  const reviewed = provenance.reviewedBy
    ? `reviewed and published by ${provenance.reviewedBy}${date ? ` on ${date}` : ''}`
    : date
      ? `published on ${date}; no record names the reviewing editor`
      : 'no record names the editor who published it';
  return `${written}; ${reviewed}`;
}

/** How much of the AI's draft the editors changed, in words ("about 12% of the words"). */
export function editedSharePhrase(share: number): string {
  if (share === 0) return 'nothing: it is published as the AI wrote it';
  const percent = Math.round(share * 100);
  return percent === 0 ? 'less than 1% of the words' : `about ${percent}% of the words`;
}

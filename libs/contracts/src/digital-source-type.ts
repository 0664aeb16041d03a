import type { IPTCDigitalSourceEnumeration } from 'schema-dts';
import type { AiGrade } from './disclosure.js';

/**
 * The members of schema.org's IPTCDigitalSourceEnumeration, by their full IRI. Typed from schema-dts,
 * so a member schema.org does not define does not compile. Kept apart from disclosure.ts (which
 * builds zod schemas) so that the zod-free web entry, whose structured data names it, can import it.
 */
export type DigitalSourceType = Extract<IPTCDigitalSourceEnumeration, `https://schema.org/${string}`>;

/**
 * The IPTC digital source type of the article's text, as schema.org spells it
 * (https://schema.org/IPTCDigitalSourceEnumeration): the AI's text as it wrote it, an AI text people
 * edited, or a person's text.
 */
export function textDigitalSourceType(grade: AiGrade, editedShare: number | null): DigitalSourceType {
  // IPTC's digitalArt (formerly digitalCreation: "created by a human using non-generative tools").
  if (grade === 'human') return 'https://schema.org/DigitalArtDigitalSource';
  if (grade === 'human-ai-assisted') return 'https://schema.org/CompositeWithTrainedAlgorithmicMediaDigitalSource';
  return (editedShare ?? 0) > 0
    ? 'https://schema.org/CompositeWithTrainedAlgorithmicMediaDigitalSource'
    : 'https://schema.org/TrainedAlgorithmicMediaDigitalSource';
}

import type { SourceImage } from './image-source.js';

/**
 * IPTC's Digital Source Type NewsCodes (cv.iptc.org/newscodes/digitalsourcetype): how a picture was
 * made, in the form XMP's Iptc4xmpExt:DigitalSourceType holds it (schema.org spells the same terms
 * differently, for JSON-LD). Search engines and platforms read this field to label generated images.
 */
export const DIGITAL_SOURCE_TYPE = {
  /** Made by a model trained on sampled content (an image generator). */
  trainedAlgorithmicMedia: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
  /** Made purely by an algorithm with no training data: a program drawing from a formula or template. */
  algorithmicMedia: 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia',
} as const;

export type DigitalSourceType = (typeof DIGITAL_SOURCE_TYPE)[keyof typeof DIGITAL_SOURCE_TYPE];

/** What `xmp:CreatorTool` names for the images this module draws. */
export const COVER_ART_TOOL = 'The AI Mind cover art';

/**
 * The digital source type each kind of source image is declared as; null declares none. A Record over
 * every origin, so a new kind of source (an image model, say: trainedAlgorithmicMedia) cannot be added
 * without deciding what it is.
 * - cover art: our own code draws a gradient, two circles and the headline from a fixed template, with
 *   no model involved, which is IPTC's algorithmicMedia. The headline set on it may be the AI's; the
 *   words' provenance is the article's own disclosure (its grade and JSON-LD), not the picture's.
 * - a provider's photo: a stock photograph we neither took nor made; we cannot vouch for how it was
 *   made, so we claim nothing rather than guess (IPTC has no "unknown" term).
 */
const SOURCE_TYPE_OF_ORIGIN: Record<SourceImage['origin'], DigitalSourceType | null> = {
  'cover-art': DIGITAL_SOURCE_TYPE.algorithmicMedia,
  provider: null,
};

export function digitalSourceTypeOf(origin: SourceImage['origin']): DigitalSourceType | null {
  return SOURCE_TYPE_OF_ORIGIN[origin];
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** Control characters other than tab and newlines are not allowed in XML 1.0, even escaped. */
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * The XMP packet written into a generated image: its digital source type, the tool that made it and
 * the article's title. Text (XML), not binary: sharp's withXmp puts it in the file's XMP chunk, and
 * renderCoverSvg into the SVG's <metadata>.
 */
export function provenanceXmp(digitalSourceType: DigitalSourceType, details: { title: string; creatorTool?: string }): string {
  const text = (value: string) => escapeXml(value.replace(XML_INVALID, ''));
  // The xpacket begin attribute is a byte-order mark by the XMP specification, so readers can find and decode the packet.
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:dc="http://purl.org/dc/elements/1.1/">
<Iptc4xmpExt:DigitalSourceType>${text(digitalSourceType)}</Iptc4xmpExt:DigitalSourceType>
<xmp:CreatorTool>${text(details.creatorTool ?? COVER_ART_TOOL)}</xmp:CreatorTool>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${text(details.title)}</rdf:li></rdf:Alt></dc:title>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>`;
}

import exifr from 'exifr';
import { SaxesParser } from 'saxes';
import { renderCoverSvg } from './cover-art.js';
import { DIGITAL_SOURCE_TYPE, digitalSourceTypeOf, provenanceXmp } from './provenance.js';

/** An XMP packet read back by exifr, grouped by namespace prefix. */
const readXmp = async (xmp: string) =>
  (await exifr.sidecar(Buffer.from(xmp), { mergeOutput: false }, 'xmp')) as Record<string, Record<string, unknown> | undefined>;

/** Parses strictly (throws on any well-formedness error) into each element's text, by qualified name. */
function xmlTexts(xml: string): Map<string, string> {
  const parser = new SaxesParser({ xmlns: true });
  const texts = new Map<string, string>();
  const open: string[] = [];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => void open.push(tag.name));
  parser.on('closetag', () => void open.pop());
  parser.on('text', (text) => {
    const name = open.at(-1);
    if (name && text.trim()) texts.set(name, (texts.get(name) ?? '') + text);
  });
  parser.write(xml).close();
  return texts;
}

describe('generated image provenance (XMP)', () => {
  it('declares cover art as drawn by an algorithm, and claims nothing for a stock photo', () => {
    expect(digitalSourceTypeOf('cover-art')).toBe('http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia');
    expect(digitalSourceTypeOf('provider')).toBeNull();
  });

  it('writes a packet exifr reads back: the IPTC digital source type, the tool and the title', async () => {
    const title = 'Rates & "risks" <2026> \u0007 fall';
    const xmp = provenanceXmp(DIGITAL_SOURCE_TYPE.trainedAlgorithmicMedia, { title, creatorTool: 'Image model X' });
    const read = await readXmp(xmp);
    expect(read.Iptc4xmpExt).toEqual({ DigitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia' });
    expect(read.xmp).toEqual({ CreatorTool: 'Image model X' });
    // exifr hands text back without decoding entities, so the title is read with an XML parser: the
    // markup characters survive escaped, the control character XML cannot hold is dropped.
    expect(xmlTexts(xmp).get('rdf:li')).toBe('Rates & "risks" <2026>  fall');
  });

  it("puts the packet in the cover SVG's <metadata>, a well-formed document", async () => {
    const svg = renderCoverSvg('Why grids strain & fail', 'Global Events');
    expect(xmlTexts(svg).get('rdf:li')).toBe('Why grids strain & fail');
    const packet = /<metadata>([\s\S]*?)<\/metadata>/.exec(svg)![1]!;
    const read = await readXmp(packet);
    expect(read.Iptc4xmpExt?.DigitalSourceType).toBe(DIGITAL_SOURCE_TYPE.algorithmicMedia);
    expect(read.xmp?.CreatorTool).toBe('The AI Mind cover art');
  });
});

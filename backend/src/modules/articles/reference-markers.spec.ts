import { linkReferenceMarkers } from './reference-markers.js';

describe('reference markers', () => {
  const sources = new Set([1, 2, 3]);

  it('links each marker of a known source to its entry in the list of sources', () => {
    expect(linkReferenceMarkers('<p>Rates rose [1]. Markets fell [2, 3].</p>', sources)).toBe(
      '<p>Rates rose <sup class="source-ref">[<a href="#source-1" aria-label="Source 1">1</a>]</sup>. Markets fell <sup class="source-ref">[<a href="#source-2" aria-label="Source 2">2</a>, <a href="#source-3" aria-label="Source 3">3</a>]</sup>.</p>',
    );
  });

  it('leaves markers of sources the article does not have, and markup, alone', () => {
    expect(linkReferenceMarkers('<p title="[1]">See [9] and [1, 9].</p>', sources)).toBe('<p title="[1]">See [9] and [1, 9].</p>');
    expect(linkReferenceMarkers('<p>Rose [1].</p>', new Set())).toBe('<p>Rose [1].</p>');
  });
});

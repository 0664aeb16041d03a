import type { ArticleClaim, PublicArticleSource } from '@ai-mind/contracts';
import { citeClaims, markerOwners } from './claim-citations.js';

const claim = (id: number, position: number, sentence: string, extra: Partial<ArticleClaim> = {}): ArticleClaim => ({
  id,
  position,
  sentence,
  sourceNumber: 1,
  passage: 'Rates rose in May.',
  score: 1,
  flags: [],
  overriddenBy: null,
  overriddenAt: null,
  ...extra,
});

const source = (number: number): PublicArticleSource => ({
  number,
  outlet: `Outlet ${number}`,
  title: `Title ${number}`,
  summary: '',
  link: `https://outlet${number}.example/a`,
  publishedAt: null,
  fetchStatus: 'fetched',
  fetchedAt: null,
  contentHash: null,
});

describe('claim citations', () => {
  it("finds each marker's sentence as the claim check reads the body, across inline markup", () => {
    const html = '<p>Rates rose in May this year [1]. Markets <em>fell hard on the news</em> [2, 3]. Is that all [1]?</p><h2>Why [1]</h2>';
    const claims = [claim(7, 0, 'Rates rose in May this year [1].'), claim(8, 1, 'Markets fell hard on the news [2, 3].')];
    expect(markerOwners(html, claims).map((owner) => owner?.id ?? null)).toEqual([7, 8, null, null]);
  });

  it('links the markers of checked sentences to their notes, once with the way back, and the others to the sources', () => {
    const html = '<p>Rates rose in May this year [1] and again in June [1]. Nobody asked why [2]?</p>';
    const claims = [
      claim(3, 0, 'Rates rose in May this year [1] and again in June [1].', {
        flags: ['number_mismatch'],
        overriddenBy: 'ed',
        overriddenAt: '2026-11-28T10:00:00.123Z',
      }),
    ];
    const cited = citeClaims(html, [source(1), source(2)], claims, new Map([['2026-11-28T10:00:00.123Z', 'Checked by phone.']]));
    expect(cited.content).toBe(
      '<p>Rates rose in May this year <sup class="source-ref source-ref-overridden">[<a href="#claim-3" id="claim-ref-3" class="claim-ref" data-claim="3" aria-label="Source 1, published over a flag: the passage">1</a>]</sup>' +
        ' and again in June <sup class="source-ref source-ref-overridden">[<a href="#claim-3" class="claim-ref" data-claim="3" aria-label="Source 1, published over a flag: the passage">1</a>]</sup>.' +
        ' Nobody asked why <sup class="source-ref">[<a href="#source-2" aria-label="Source 2">2</a>]</sup>?</p>',
    );
    expect(cited.claims).toEqual([
      {
        id: 3,
        position: 0,
        sentence: 'Rates rose in May this year [1] and again in June [1].',
        sourceNumber: 1,
        passage: 'Rates rose in May.',
        outlet: 'Outlet 1',
        sourceTitle: 'Title 1',
        link: 'https://outlet1.example/a',
        flags: ['number_mismatch'],
        cited: true,
        override: { by: 'ed', at: '2026-11-28T10:00:00.123Z', note: 'Checked by phone.' },
      },
    ]);
  });

  it('ties no marker to a claim when the markup holds a marker the text does not, and lists an uncited override', () => {
    const html = '<p title="a > [1]">Rates rose in May this year [1].</p><p>Something nobody can source at all.</p>';
    const claims = [
      claim(1, 0, 'Rates rose in May this year [1].'),
      claim(2, 1, 'Something nobody can source at all.', {
        sourceNumber: null,
        passage: null,
        flags: ['unsupported'],
        overriddenBy: 'ed',
        overriddenAt: '2026-11-28T10:00:00.000Z',
      }),
    ];
    const cited = citeClaims(html, [source(1)], claims, new Map());
    expect(cited.content).not.toContain('claim-ref');
    expect(cited.claims.map((c) => [c.id, c.cited, c.override ? c.override.note : 'none'])).toEqual([[2, false, null]]);
  });

  it('leaves a body without claims as the sources list links it', () => {
    expect(citeClaims('<p>Rates rose [1].</p>', [source(1)], null, new Map())).toEqual({
      content: '<p>Rates rose <sup class="source-ref">[<a href="#source-1" aria-label="Source 1">1</a>]</sup>.</p>',
      claims: [],
    });
  });
});

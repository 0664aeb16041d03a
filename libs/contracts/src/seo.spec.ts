import type { Article } from './articles.js';
import { gradeArticle, type ArticleGrade, type DisclosureRecord } from './disclosure.js';
import { NEWSROOM_PAGES } from './newsroom-pages.js';
import type { PublicProvenance } from './public-record.js';
import { articleLabel } from './article-label.js';
import {
  absoluteUrl,
  articleCanonicalPath,
  articleMeta,
  autoDescription,
  categoryMeta,
  correctionsMeta,
  headElements,
  homeMeta,
  keywordsFromTitle,
  notFoundMeta,
  type PageMeta,
} from './seo.js';
import { schemaOrgProblems } from './testing/schema-org.js';

const ORIGIN = 'https://theaimind.example';

function article(overrides: Partial<Article> = {}): Article {
  return {
    id: 7,
    title: 'Why the Grid Is the New Bottleneck for AI',
    slug: 'why-the-grid-is-the-new-bottleneck',
    content: `<h2>Power</h2>\n<p>${'Data   centres want electricity. '.repeat(10)}</p>`,
    category: 'Global Events',
    imageUrl: '/media/covers/grid.svg',
    sourceUrl: null,
    aiCommentary: null,
    likes: 0,
    shares: 0,
    comments: 0,
    createdAt: '2024-01-05T09:00:00.000Z',
    updatedAt: '2024-01-06T09:00:00.000Z',
    approved: true,
    isApproved: true,
    metaTitle: null,
    metaDescription: null,
    corrections: [],
    ...overrides,
  };
}

describe('automatic description', () => {
  it('strips tags, collapses whitespace and cuts to 160 with ... only when longer', () => {
    const text = autoDescription(article().content);
    expect(text.startsWith('Power Data centres want electricity. Data centres')).toBe(true);
    expect(text.endsWith('...')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(163);
    expect(autoDescription('<p>Short   and <b>sweet</b>.</p>')).toBe('Short and sweet.');
  });

  it('uses the first 160 characters for the meta description, 155 for the social one and 160 in structured data', () => {
    const meta = articleMeta(article(), ORIGIN);
    const plain = autoDescription(article().content, 10_000);
    for (const [text, limit] of [
      [meta.description, 160],
      [meta.socialDescription, 155],
      [String(meta.jsonLd[0]!.description), 160],
    ] as const) {
      expect(text).toBe(`${plain.slice(0, limit).trimEnd()}...`);
    }
  });

  it('cuts at exactly the length, even where a word fits only up to its last letter', () => {
    // The 155th character ends "in" and a comma follows: the cut keeps the whole of "in".
    const content = `<p>${'x'.repeat(136)} officials spoke in, then left</p>`;
    const plain = autoDescription(content, 10_000);
    expect(plain.slice(0, 155).endsWith('spoke in')).toBe(true);
    const meta = articleMeta(article({ content }), ORIGIN);
    expect(meta.socialDescription).toBe(`${'x'.repeat(136)} officials spoke in...`);
    expect(meta.socialDescription.length).toBe(158);
    expect(autoDescription('<p>Ask what the future holds</p>', 15)).toBe('Ask what the fu...');
    expect(autoDescription('<p>Ask what the future holds</p>', 13)).toBe('Ask what the...');
    expect(autoDescription('<p>Fits exactly</p>', 12)).toBe('Fits exactly');
  });

  it('prefers the editor-written meta description', () => {
    expect(articleMeta(article({ metaDescription: 'Hand written.' }), ORIGIN).description).toBe('Hand written.');
  });
});

describe('keywords', () => {
  it('are the title words longer than 3 characters, without punctuation or repeats', () => {
    expect(keywordsFromTitle('Why the Grid, the GRID, Is the New Bottleneck for AI!')).toBe('grid, bottleneck');
    expect(keywordsFromTitle('Économie: quelle reprise?')).toBe('économie, quelle, reprise');
  });
});

describe('canonical URLs', () => {
  it('lowercase the category and turn spaces into hyphens', () => {
    expect(articleCanonicalPath({ category: 'Global Events', slug: 'x-y' })).toBe('/global-events/article/x-y');
    expect(articleMeta(article(), ORIGIN).canonicalPath).toBe('/global-events/article/why-the-grid-is-the-new-bottleneck');
    expect(categoryMeta('Global Events').canonicalPath).toBe('/category/global-events');
    expect(categoryMeta('global-events').canonicalPath).toBe('/category/global-events');
  });

  it('are made absolute against the origin', () => {
    expect(absoluteUrl('/a/b', `${ORIGIN}/`)).toBe(`${ORIGIN}/a/b`);
    expect(absoluteUrl('https://cdn.example/x.png', ORIGIN)).toBe('https://cdn.example/x.png');
  });
});

/** The JSON-LD blocks as the page's head carries them, parsed back. */
function emittedJsonLd(meta: PageMeta): Record<string, unknown>[] {
  return headElements(meta, ORIGIN)
    .filter((element) => element.tag === 'script' && element.attrs.type === 'application/ld+json')
    .map((element) => JSON.parse(element.text!) as Record<string, unknown>);
}

/** The newsroom with its published promises, at absolute addresses. */
const NEWSROOM = {
  '@type': 'NewsMediaOrganization',
  '@id': `${ORIGIN}/#organization`,
  name: 'The AI Mind',
  url: `${ORIGIN}/`,
  logo: `${ORIGIN}/favicon.svg`,
  publishingPrinciples: `${ORIGIN}${NEWSROOM_PAGES.publishingPrinciples}`,
  correctionsPolicy: `${ORIGIN}${NEWSROOM_PAGES.correctionsPolicy}`,
  ethicsPolicy: `${ORIGIN}${NEWSROOM_PAGES.ethicsPolicy}`,
  masthead: `${ORIGIN}${NEWSROOM_PAGES.masthead}`,
  actionableFeedbackPolicy: `${ORIGIN}/about/publishing-principles#feedback`,
  verificationFactCheckingPolicy: `${ORIGIN}/about/publishing-principles#verification`,
  ownershipFundingInfo: `${ORIGIN}${NEWSROOM_PAGES.ownershipFunding}`,
};

describe('structured data', () => {
  it('describes the home page as a WebSite with a search action, published by the newsroom', () => {
    const [site] = homeMeta(ORIGIN).jsonLd;
    expect(site).toMatchObject({ '@type': 'WebSite', url: `${ORIGIN}/`, publisher: { '@id': `${ORIGIN}/#organization` } });
    expect(site!.potentialAction).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: `${ORIGIN}/?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    });
  });

  it('describes the newsroom as a NewsMediaOrganization naming each of its published promises', () => {
    const documents = emittedJsonLd(homeMeta(ORIGIN));
    expect(documents).toHaveLength(2);
    expect(documents[1]).toEqual({ '@context': 'https://schema.org', ...NEWSROOM });
    // Every @type and property defined by schema.org and applying to its node, every value in its range.
    expect(schemaOrgProblems(documents)).toEqual([]);
  });

  it('describes an article as a news article with absolute image and page URLs', () => {
    const meta = articleMeta(article(), ORIGIN);
    expect(meta.ogType).toBe('article');
    expect(meta.jsonLd[0]).toMatchObject({
      // Without a record, an article of the site is the AI's analysis (its grade would say so too).
      '@type': 'AnalysisNewsArticle',
      headline: 'Why the Grid Is the New Bottleneck for AI',
      image: [`${ORIGIN}/media/covers/grid.svg`],
      datePublished: '2024-01-05T09:00:00.000Z',
      dateModified: '2024-01-06T09:00:00.000Z',
      mainEntityOfPage: { '@id': `${ORIGIN}/global-events/article/why-the-grid-is-the-new-bottleneck` },
      publisher: NEWSROOM,
      publishingPrinciples: `${ORIGIN}/about/publishing-principles`,
    });
    expect(schemaOrgProblems(emittedJsonLd(meta))).toEqual([]);
  });

  it('keeps not-found and search pages out of the index', () => {
    expect(notFoundMeta('/nope')).toMatchObject({ index: false, status: 404 });
    expect(homeMeta(ORIGIN, 'grid').index).toBe(false);
    expect(homeMeta(ORIGIN).index).toBe(true);
  });
});

/** A grade computed by the contract's rule from a record, as the backend does. */
function graded(record: Partial<DisclosureRecord>): ArticleGrade {
  return gradeArticle({
    drafter: 'ai',
    editedShare: 0,
    responsibleEditor: null,
    reviewStepTaken: false,
    reviewMinutes: null,
    claims: null,
    ...record,
  });
}

describe("an article's record in its structured data", () => {
  const provenance: PublicProvenance = {
    draftedBy: 'ai',
    sources: [
      {
        number: 1,
        outlet: 'Markets Desk',
        title: 'Grid queues grow',
        summary: 'Queues grow.',
        link: 'https://markets.example/grid',
        publishedAt: '2024-01-04T08:00:00.000Z',
        fetchStatus: 'fetched',
        fetchedAt: '2024-01-04T09:00:00.000Z',
        contentHash: 'ab',
      },
      {
        number: 2,
        outlet: '',
        title: '',
        summary: '',
        link: 'https://other.example/a',
        publishedAt: null,
        fetchStatus: 'feed_only',
        fetchedAt: null,
        contentHash: null,
      },
    ],
    engine: 'offline persona engine',
    promptVersion: 'blog-v2',
    reviewedBy: 'Dana Editor',
    publishedAt: '2024-01-05T09:00:00.000Z',
    editedShare: 0.1,
    claims: { checked: 4, flagged: 1, overridden: 1 },
    unknown: [],
    grade: graded({
      editedShare: 0.1,
      responsibleEditor: { accountId: 3, name: 'Dana Editor' },
      reviewStepTaken: true,
      reviewMinutes: 12,
      claims: { checked: 4, flagged: 1, overridden: 1, open: 0, overriddenWithoutNote: 0 },
    }),
  };

  it('names the sources as isBasedOn and citation, the editor, and every note as a correction', () => {
    const corrections = [{ id: 'c1', kind: 'correction' as const, text: 'The queue is 2 GW, not 20 GW.', createdAt: '2024-01-07T10:00:00.000Z' }];
    const [data] = articleMeta({ ...article({ corrections }), provenance }, ORIGIN).jsonLd as Record<string, unknown>[];
    expect(data!.isBasedOn).toEqual([
      {
        '@type': 'CreativeWork',
        url: 'https://markets.example/grid',
        name: 'Grid queues grow',
        publisher: { '@type': 'Organization', name: 'Markets Desk' },
        datePublished: '2024-01-04T08:00:00.000Z',
      },
      { '@type': 'CreativeWork', url: 'https://other.example/a' },
    ]);
    expect(data!.citation).toEqual(data!.isBasedOn);
    expect(data!.editor).toEqual({ '@type': 'Person', name: 'Dana Editor' });
    expect(data!.correction).toEqual([
      { '@type': 'CorrectionComment', name: 'Correction', text: 'The queue is 2 GW, not 20 GW.', datePublished: '2024-01-07T10:00:00.000Z' },
    ]);
    expect(data!.dateModified).toBe('2024-01-06T09:00:00.000Z');
  });

  it("says a single-source approval in the label line and the backstory, with the editor's note", () => {
    const single = { note: 'Only Markets Desk has it yet.', independentOutlets: 1 };
    const oneSource = { ...provenance, sources: provenance.sources!.slice(0, 1), grade: graded({ singleSource: single }) };
    expect(articleLabel(oneSource)).toMatch(/^Written by the AI Mind from a single source; reviewed and published by Dana Editor/);
    expect(articleLabel({ ...oneSource, sources: provenance.sources })).toMatch(/^Written by the AI Mind from 2 sources, approved as single-source;/);
    const [data] = articleMeta({ ...article(), provenance: oneSource }, ORIGIN).jsonLd as Record<string, unknown>[];
    expect(data!.backstory).toBe(
      `AI-generated from a single source: written by the AI Mind from a single source; reviewed and published by Dana Editor on January 5, 2024. It was approved as single-source; the editor's note: "Only Markets Desk has it yet."`,
    );
    // Without the approval, the count of sources as before.
    expect(articleLabel(provenance)).toMatch(/^Written by the AI Mind from 2 sources;/);
  });

  it('says nothing it does not know', () => {
    const [data] = articleMeta({ ...article(), provenance: { ...provenance, sources: null, reviewedBy: null } }, ORIGIN).jsonLd as Record<string, unknown>[];
    expect(data).not.toHaveProperty('isBasedOn');
    expect(data).not.toHaveProperty('citation');
    expect(data).not.toHaveProperty('editor');
    expect(data).not.toHaveProperty('correction');
  });

  it("says how an AI draft published without a substantive review was made: the AI's own text, disclosed", () => {
    const unreviewed = { ...provenance, reviewedBy: null, editedShare: 0, claims: null, grade: graded({}) };
    expect(unreviewed.grade.grade).toBe('ai-unreviewed');
    const documents = emittedJsonLd(articleMeta({ ...article(), provenance: unreviewed }, ORIGIN));
    expect(documents[0]).toMatchObject({
      '@type': 'AnalysisNewsArticle',
      digitalSourceType: 'https://schema.org/TrainedAlgorithmicMediaDigitalSource',
      backstory: 'AI-generated: written by the AI Mind from 2 sources; published on January 5, 2024; no record names the reviewing editor.',
      publishingPrinciples: `${ORIGIN}/about/publishing-principles`,
      publisher: NEWSROOM,
    });
    expect(documents[0]).not.toHaveProperty('editor');
    expect(schemaOrgProblems(documents)).toEqual([]);
  });

  it("says how an AI draft an editor reviewed and edited was made: a composite with the AI's text, under a named editor", () => {
    expect(provenance.grade.grade).toBe('ai-reviewed');
    const corrections = [{ id: 'c1', kind: 'update' as const, text: 'Regulators answered on Friday.', createdAt: '2024-01-08T10:00:00.000Z' }];
    const documents = emittedJsonLd(articleMeta({ ...article({ corrections }), provenance }, ORIGIN));
    expect(documents[0]).toMatchObject({
      '@type': 'AnalysisNewsArticle',
      digitalSourceType: 'https://schema.org/CompositeWithTrainedAlgorithmicMediaDigitalSource',
      backstory: 'Written by AI, reviewed by an editor: written by the AI Mind from 2 sources; reviewed and published by Dana Editor on January 5, 2024.',
      editor: { '@type': 'Person', name: 'Dana Editor' },
      correction: [{ '@type': 'CorrectionComment', name: 'Update' }],
    });
    expect(schemaOrgProblems(documents)).toEqual([]);
    // As written by the AI, untouched by the editor: the AI's own text.
    const asWritten = emittedJsonLd(articleMeta({ ...article(), provenance: { ...provenance, editedShare: 0 } }, ORIGIN));
    expect(asWritten[0]!.digitalSourceType).toBe('https://schema.org/TrainedAlgorithmicMediaDigitalSource');
  });

  it("says how a person's article was made: a NewsArticle of a person's text", () => {
    const human = { ...provenance, sources: null, editedShare: null, claims: null, grade: graded({ drafter: 'person', editedShare: null }) };
    expect(human.grade.grade).toBe('human');
    const documents = emittedJsonLd(articleMeta({ ...article(), provenance: human }, ORIGIN));
    expect(documents[0]).toMatchObject({
      '@type': 'NewsArticle',
      digitalSourceType: 'https://schema.org/DigitalArtDigitalSource',
      backstory: expect.stringMatching(/^Written by a person: .+ reviewed and published by Dana Editor on January 5, 2024\.$/),
      editor: { '@type': 'Person', name: 'Dana Editor' },
      publisher: NEWSROOM,
    });
    expect(schemaOrgProblems(documents)).toEqual([]);
  });

  it('says an AI draft people rewrote for the most part is a composite with AI media', () => {
    const rewritten = {
      ...provenance,
      editedShare: 0.6,
      grade: graded({ editedShare: 0.6, responsibleEditor: { accountId: 3, name: 'Dana Editor' }, reviewStepTaken: true }),
    };
    expect(rewritten.grade.grade).toBe('human-ai-assisted');
    const documents = emittedJsonLd(articleMeta({ ...article(), provenance: rewritten }, ORIGIN));
    expect(documents[0]).toMatchObject({
      '@type': 'AnalysisNewsArticle',
      digitalSourceType: 'https://schema.org/CompositeWithTrainedAlgorithmicMediaDigitalSource',
      backstory: expect.stringMatching(/^Written by a person with AI help: written by the AI Mind/),
    });
    expect(schemaOrgProblems(documents)).toEqual([]);
  });
});

describe('the ActivityPub alternates in the head', () => {
  const alternates = (meta: PageMeta) => headElements(meta, 'https://news.example').filter((element) => element.attrs.rel === 'alternate');

  it('names the site actor on the home page and the article object on an article page, and nothing elsewhere', () => {
    expect(alternates(homeMeta('https://news.example'))).toEqual([
      { tag: 'link', attrs: { rel: 'alternate', type: 'application/activity+json', href: 'https://news.example/ap/actor/site' } },
    ]);
    const page = articleMeta(article(), 'https://news.example');
    expect(alternates(page)).toEqual([
      { tag: 'link', attrs: { rel: 'alternate', type: 'application/activity+json', href: `https://news.example${articleCanonicalPath(article())}` } },
    ]);
    expect(alternates(correctionsMeta())).toEqual([]);
    expect(alternates(notFoundMeta('/nowhere'))).toEqual([]);
  });

  it('names neither when the site is no ActivityPub actor', () => {
    const off = (meta: PageMeta) => headElements(meta, 'https://news.example', { activityPub: false }).filter((element) => element.attrs.rel === 'alternate');
    expect(off(homeMeta('https://news.example'))).toEqual([]);
    expect(off(articleMeta(article(), 'https://news.example'))).toEqual([]);
  });
});

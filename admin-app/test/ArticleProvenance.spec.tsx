import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminArticle, ArticleProvenance } from '@ai-mind/contracts';
import { articleFixture, renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { articleRoutes } from './support/article-routes';
import { SIGNED_IN, useBrowserDialogs } from './support/dialogs';

const draft: AdminArticle = {
  ...articleFixture({
    title: 'Housing starts fall',
    slug: 'housing-starts-fall',
    approved: false,
    isApproved: false,
    content: '<p>Markets Desk reports: Builders started the fewest homes in three years [1].</p>',
  }),
  version: 4,
};

const provenance: ArticleProvenance = {
  articleId: 1,
  sourcesKnown: true,
  approvedTopic: {
    id: 9,
    topic: 'Housing starts fall',
    approvedBy: 'alice',
    approvedAt: '2026-11-14T15:00:00.000Z',
    singleSource: false,
    singleSourceNote: null,
    independentOutlets: 2,
  },
  sources: [
    {
      number: 1,
      outlet: 'Markets Desk',
      title: 'Housing starts fall to a three-year low',
      summary: 'Builders started the fewest homes.',
      link: 'https://marketsdesk.example/housing',
      publishedAt: '2026-11-14T13:00:00.000Z',
      fetchStatus: 'fetched',
      fetchError: null,
      fetchedAt: '2026-11-14T15:00:05.000Z',
      contentHash: 'a'.repeat(64),
      text: 'Builders started the fewest homes in three years.',
    },
    {
      number: 2,
      outlet: 'Civic Post',
      title: 'Housing starts at three-year low',
      summary: 'Starts fell.',
      link: 'http://10.20.30.40/housing',
      publishedAt: null,
      fetchStatus: 'blocked',
      fetchError: '10.20.30.40 is not a public address',
      fetchedAt: '2026-11-14T15:00:05.000Z',
      contentHash: null,
      text: null,
    },
  ],
  generation: {
    engine: 'offline',
    model: null,
    promptVersion: 'blog@2',
    generatedAt: '2026-11-14T15:00:06.000Z',
    sourceCount: 2,
    draftTitle: 'Housing starts fall',
    draftHtml: draft.content,
  },
  claims: {
    articleVersion: 4,
    checkedAt: '2026-11-14T15:10:00.000Z',
    total: 2,
    flagged: 1,
    overridden: 0,
    open: 1,
    claims: [
      {
        id: 1,
        position: 0,
        sentence: 'Markets Desk reports: Builders started the fewest homes in three years [1].',
        sourceNumber: 1,
        passage: 'Builders started the fewest homes in three years.',
        score: 1,
        flags: [],
        overriddenBy: null,
        overriddenAt: null,
      },
      {
        id: 2,
        position: 1,
        sentence: 'Starts fell 9.5% in October [1].',
        sourceNumber: 1,
        passage: 'Starts fell 7.5% in October.',
        score: 0.9,
        flags: ['number_mismatch'],
        overriddenBy: null,
        overriddenAt: null,
      },
    ],
  },
};

describe('the editor shows how a draft was made', () => {
  let network: ReturnType<typeof stubFetch>;
  const { alerts } = useBrowserDialogs();
  afterEach(() => network.restore());

  it('lists the sources with what became of each page, each claim beside its passage with its flags, and publishes over open flags only once the editor vouches', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [draft]),
      'GET /api/admin/articles/1/provenance': () => ({ status: 200, body: provenance }),
      'POST /api/admin/approve-blog': () => ({ status: 200, body: { message: 'Blog "Housing starts fall" is published over 1 flagged claim, on your word.' } }),
    });
    renderApp(<AdminApp />, '/admin/articles/1');

    const panel = await screen.findByTestId('article-provenance', {}, { timeout: 8_000 });
    const sources = await within(panel).findAllByTestId('provenance-source');
    expect(sources).toHaveLength(2);
    expect(within(sources[0]!).getByRole('link', { name: 'Housing starts fall to a three-year low' })).toHaveAttribute(
      'href',
      'https://marketsdesk.example/housing',
    );
    expect(within(sources[0]!).getByText('fetched')).toBeInTheDocument();
    expect(within(sources[1]!).getByText('blocked')).toBeInTheDocument();
    expect(within(sources[1]!).getByText('10.20.30.40 is not a public address')).toBeInTheDocument();
    expect(within(panel).getByTestId('provenance-generation')).toHaveTextContent('Written by the offline engine with prompt blog@2 from 2 sources');

    const claims = within(panel).getAllByTestId('provenance-claim');
    expect(claims.map((row) => row.getAttribute('data-open'))).toEqual(['false', 'true']);
    expect(within(claims[1]!).getByText('Starts fell 9.5% in October [1].')).toBeInTheDocument();
    expect(within(claims[1]!).getByText('[1] Markets Desk: “Starts fell 7.5% in October.”')).toBeInTheDocument();
    expect(within(claims[1]!).getByText('Number differs from the source')).toBeInTheDocument();
    expect(within(panel).getByTestId('provenance-claim-counts')).toHaveTextContent('2 checked1 open');

    const publish = within(panel).getByRole('button', { name: 'Publish over 1 open claim' });
    expect(publish).toBeDisabled();
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'I have read the flagged claims and vouch for them' }));
    expect(publish).toBeEnabled();
    fireEvent.click(publish);
    await waitFor(() => expect(network.calls.some((call) => call.method === 'POST' && call.path === '/api/admin/approve-blog')).toBe(true));
    expect(network.calls.find((call) => call.method === 'POST')!.body).toEqual({ blogId: 1, version: 4, overrideClaims: true });
    await waitFor(() => expect(alerts.at(-1)).toContain('published over 1 flagged claim'));
  });

  it('says so for an article with no source set', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [draft]),
      'GET /api/admin/articles/1/provenance': () => ({
        status: 200,
        body: { articleId: 1, sourcesKnown: false, approvedTopic: null, sources: [], generation: null, claims: null },
      }),
    });
    renderApp(<AdminApp />, '/admin/articles/1');
    expect(await screen.findByText(/no source set is known, so its claims are not checked/, {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('provenance-claims')).toBeNull();
  });
});

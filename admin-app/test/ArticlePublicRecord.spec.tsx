import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminArticle, AdminErrorReport, ArticleProvenance, NewStoryReports } from '@ai-mind/contracts';
import { articleFixture, renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { articleRoutes } from './support/article-routes';
import { SIGNED_IN, useBrowserDialogs } from './support/dialogs';

const published: AdminArticle = { ...articleFixture({ id: 1, title: 'Port strike ends', slug: 'port-strike-ends' }), version: 6 };

const noProvenance: ArticleProvenance = { articleId: 1, sourcesKnown: false, approvedTopic: null, sources: [], generation: null, claims: null };

const report: AdminErrorReport = {
  id: 3,
  articleId: 1,
  articleTitle: 'Port strike ends',
  articleSlug: 'port-strike-ends',
  details: 'The strike lasted nine days, not ten.',
  quote: 'ten days',
  claim: { id: 12, sentence: 'The strike lasted ten days [1].', sourceNumber: 1, passage: 'The strike lasted ten days.', outlet: 'Coast Wire' },
  status: 'open',
  createdAt: '2026-11-27T10:00:00.000Z',
  handledBy: null,
  handledAt: null,
};

const fresh: NewStoryReports = {
  articleId: 1,
  title: 'Port strike ends',
  reports: [
    {
      outlet: 'Coast Wire',
      title: 'Ships leave the harbour.',
      summary: 'They leave.',
      link: 'https://coast.example/3',
      publishedAt: '2026-11-27T11:00:00.000Z',
    },
  ],
};

describe("an article's public record beside its claims", () => {
  let network: ReturnType<typeof stubFetch>;
  const { alerts } = useBrowserDialogs();
  afterEach(() => network.restore());

  it('shows the readers’ reports to resolve, the new reports since publication, and publishes an update drafted from them', async () => {
    network = stubFetch({
      ...SIGNED_IN,
      'GET /api/trending-topics': () => ({ status: 200, body: [] }),
      ...articleRoutes(() => [published]),
      'GET /api/admin/articles/1/provenance': () => ({ status: 200, body: noProvenance }),
      'GET /api/admin/error-reports': () => ({ status: 200, body: [report] }),
      'POST /api/admin/error-reports/status': () => ({ status: 200, body: { message: 'Marked 1 report resolved.', count: 1 } }),
      'GET /api/admin/articles/1/new-reports': () => ({ status: 200, body: fresh }),
      'POST /api/admin/articles/1/corrections': () => ({ status: 201, body: { ...published, version: 7 } }),
    });
    renderApp(<AdminApp />, '/admin/articles/1');

    const record = await screen.findByTestId('article-public-record', {}, { timeout: 8_000 });
    const card = await within(record).findByTestId('error-report');
    expect(card).toHaveTextContent('The strike lasted nine days, not ten.');
    expect(card).toHaveTextContent('“ten days”');
    // A report on one sentence: the sentence beside the passage the page showed for it.
    expect(within(card).getByTestId('error-report-claim-sentence')).toHaveTextContent('The strike lasted ten days [1].');
    expect(within(card).getByTestId('error-report-claim-passage')).toHaveTextContent('“The strike lasted ten days.”');
    expect(within(card).getByTestId('error-report-claim')).toHaveTextContent('Its passage, source 1 (Coast Wire)');
    fireEvent.click(within(card).getByRole('button', { name: 'Resolved' }));
    await waitFor(() => expect(network.calls.find((call) => call.path === '/api/admin/error-reports/status')?.body).toEqual({ ids: [3], status: 'resolved' }));

    const news = await within(record).findByTestId('new-reports');
    expect(news).toHaveTextContent('1 new report since publication');
    expect(within(news).getByRole('link', { name: 'Ships leave the harbour.' })).toHaveAttribute('href', 'https://coast.example/3');
    fireEvent.click(within(news).getByRole('button', { name: 'Draft an update from them' }));
    const text = within(record).getByRole('textbox', { name: 'What happened since publication' });
    expect(text).toHaveValue('Since this article was published: Coast Wire reports: Ships leave the harbour.');
    fireEvent.click(within(record).getByRole('button', { name: 'Publish update note' }));
    await waitFor(() =>
      expect(network.calls.find((call) => call.method === 'POST' && call.path === '/api/admin/articles/1/corrections')?.body).toEqual({
        kind: 'update',
        text: 'Since this article was published: Coast Wire reports: Ships leave the harbour.',
        version: 6,
        covers: ['https://coast.example/3'],
      }),
    );
    await waitFor(() => expect(alerts.at(-1)).toMatch(/^Update added/));
  }, 30_000);
});

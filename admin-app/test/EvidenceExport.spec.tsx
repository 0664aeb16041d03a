import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROLE_PERMISSIONS, TOTAL_COUNT_HEADER, type AdminArticle, type AdminRole, type ArticleProvenance } from '@ai-mind/contracts';
import { articleFixture, renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { articleRoutes } from './support/article-routes';

const signedInAs = (role: AdminRole) => ({
  'GET /api/admin/check': () => ({
    status: 200,
    body: {
      authenticated: true,
      username: role,
      csrfToken: 'csrf-1',
      account: { username: role, displayName: `The ${role}`, role, permissions: ROLE_PERMISSIONS[role] },
    },
  }),
});

const published: AdminArticle = { ...articleFixture({ id: 1, title: 'Port strike ends', slug: 'port-strike-ends' }), version: 6 };
const noProvenance: ArticleProvenance = { articleId: 1, sourcesKnown: false, approvedTopic: null, sources: [], generation: null, claims: null };

const articlePage = (role: AdminRole) =>
  stubFetch({
    ...signedInAs(role),
    'GET /api/trending-topics': () => ({ status: 200, body: [] }),
    ...articleRoutes(() => [published]),
    'GET /api/admin/articles/1/provenance': () => ({ status: 200, body: noProvenance }),
    'GET /api/admin/error-reports': () => ({ status: 200, body: [] }),
    'GET /api/admin/articles/1/new-reports': () => ({ status: 200, body: { articleId: 1, title: published.title, reports: [] } }),
  });

describe('the evidence export in the panel', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => network.restore());

  it("offers an owner the article's evidence as CSV and JSON downloads on its page", async () => {
    network = articlePage('owner');
    renderApp(<AdminApp />, '/admin/articles/1');
    const control = await screen.findByTestId('article-evidence-export', {}, { timeout: 8_000 });
    expect(within(control).getByRole('link', { name: 'Export evidence (CSV)' })).toHaveAttribute('href', '/api/admin/evidence?article=1&format=csv');
    expect(within(control).getByRole('link', { name: 'Export evidence (JSON)' })).toHaveAttribute('href', '/api/admin/evidence?article=1&format=json');
    expect(within(control).getByRole('link', { name: 'Export evidence (CSV)' })).toHaveAttribute('download');
  });

  it('shows an editor no export (the server refuses it to them too)', async () => {
    network = articlePage('editor');
    renderApp(<AdminApp />, '/admin/articles/1');
    await screen.findByTestId('blog-editor', {}, { timeout: 8_000 });
    expect(screen.queryByTestId('article-evidence-export')).toBeNull();
  });

  it("checks a period with the API's schema before the owner's browser downloads it, each message beside its field", async () => {
    network = stubFetch({ ...signedInAs('owner'), 'GET /api/admin/audit-log': () => ({ status: 200, body: [], headers: { [TOTAL_COUNT_HEADER]: '0' } }) });
    renderApp(<AdminApp />, '/admin/audit');
    const form = await screen.findByRole('form', { name: 'Evidence export' }, { timeout: 8_000 });
    // A plain GET form to the export: the browser downloads the streamed file itself.
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/api/admin/evidence');
    expect(within(form).getByLabelText('Format')).toHaveAttribute('name', 'format');

    fireEvent.change(within(form).getByLabelText(/^Published from/), { target: { value: '2024-01-01' } });
    fireEvent.change(within(form).getByLabelText(/^to \(included\)/), { target: { value: '2026-11-30' } });
    const submitted = fireEvent.submit(form);
    expect(submitted).toBe(false);
    expect(await within(form).findByText('must be at most 366 days after from')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/^Published from/), { target: { value: '2026-12-01' } });
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getByText('must not be before from')).toBeInTheDocument());
  });
});

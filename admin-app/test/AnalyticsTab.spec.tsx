import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnalyticsFollows, AnalyticsNewsletter, AnalyticsTop, AnalyticsTopArticles, AnalyticsViews } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import AdminApp from '../src/app/AdminApp';
import { ANALYTICS_COPY } from '../src/features/analytics/components/AnalyticsTab';
import { CHART_MESSAGES } from '../src/features/analytics/components/ChartCard';
import { SIGNED_IN } from './support/dialogs';

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const today = () => utcDay(Date.now());
const daysAgo = (days: number) => utcDay(Date.parse(`${today()}T00:00:00Z`) - days * DAY_MS);

const VIEWS: AnalyticsViews = {
  total: 1234,
  points: [
    { period: '2026-02-01', value: 1000 },
    { period: '2026-02-02', value: 234 },
  ],
};
const ARTICLES: AnalyticsTopArticles = {
  articles: [
    { id: 1, title: 'Why the Grid Is the New Bottleneck', slug: 'grid', category: 'Technology', views: 812 },
    { id: 2, title: 'Central Banks Hold Rates', slug: 'banks', category: 'Global Events', views: 97 },
  ],
};
const top = (entries: [string, number][]): AnalyticsTop => ({
  total: entries.reduce((sum, [, views]) => sum + views, 0),
  entries: entries.map(([key, views]) => ({ key, views })),
});
const NEWSLETTER: AnalyticsNewsletter = {
  before: 40,
  points: [
    { period: '2026-02-01', value: 42, joined: 2 },
    { period: '2026-02-02', value: 45, joined: 3 },
  ],
};

const FOLLOWS: AnalyticsFollows = {
  follows: { email: 12, push: 30 },
  active: { email: 250, push: 1300 },
  sends: { email: 4100, push: 27000 },
  retried: 57,
  dropped: 3,
};

type Answers = Partial<Record<'views' | 'articles' | 'categories' | 'sources' | 'countries' | 'newsletter' | 'follows', { status: number; body: unknown }>>;

function openAnalytics(path = '/admin/analytics', answers: Answers = {}) {
  const chart = (name: keyof Answers, body: unknown) => () => answers[name] ?? { status: 200, body };
  const network = stubFetch({
    ...SIGNED_IN,
    'GET /api/admin/analytics/views': chart('views', VIEWS),
    'GET /api/admin/analytics/articles': chart('articles', ARTICLES),
    'GET /api/admin/analytics/categories': chart(
      'categories',
      top([
        ['Technology', 900],
        ['Global Events', 200],
      ]),
    ),
    'GET /api/admin/analytics/sources': chart(
      'sources',
      top([
        ['google', 700],
        ['direct', 400],
        ['news.example.org', 134],
      ]),
    ),
    'GET /api/admin/analytics/countries': chart(
      'countries',
      top([
        ['IE', 600],
        ['', 34],
      ]),
    ),
    'GET /api/admin/analytics/newsletter': chart('newsletter', NEWSLETTER),
    'GET /api/admin/analytics/follows': chart('follows', FOLLOWS),
  });
  renderApp(<AdminApp />, path);
  return network;
}

const chartCalls = (network: ReturnType<typeof stubFetch>) =>
  network.calls.filter((call) => call.path.startsWith('/api/admin/analytics/')).map((call) => new URL(call.path, 'http://localhost'));
const section = (name: string) => screen.findByRole('region', { name });

describe('the Analytics tab', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => network.restore());

  // jsdom lays nothing out, so recharts warns that every chart's container has no size.
  const warn = console.warn;
  beforeAll(() => {
    console.warn = (...args: unknown[]) => void (String(args[0]).includes('of chart should be greater than 0') || warn(...args));
  });
  afterAll(() => {
    console.warn = warn;
  });

  it('is a tab of its own; it asks every chart for the last 30 days by day (UTC) and says whose views it counts', async () => {
    network = openAnalytics();
    expect(await screen.findByRole('tab', { name: 'Analytics', selected: true })).toBeInTheDocument();
    expect(await screen.findByText(ANALYTICS_COPY.scope)).toBeInTheDocument();
    await waitFor(() => expect(chartCalls(network)).toHaveLength(7));
    const calls = chartCalls(network);
    expect(calls.map((url) => url.pathname.split('/').at(-1)).sort()).toEqual([
      'articles',
      'categories',
      'countries',
      'follows',
      'newsletter',
      'sources',
      'views',
    ]);
    for (const url of calls) expect(Object.fromEntries(url.searchParams)).toEqual({ from: daysAgo(29), to: today(), interval: 'day' });
    expect(screen.getByRole('button', { name: '30 days', pressed: true })).toBeInTheDocument();
    expect(screen.getByLabelText('From (UTC)')).toHaveValue(daysAgo(29));
    expect(screen.getByLabelText('To (UTC)')).toHaveValue(today());
  });

  it('shows each chart with its figures: totals, the top articles, categories, sources and countries by name, the list size', async () => {
    network = openAnalytics();
    expect(await within(await section('Page views')).findByText('1,234 views in the range')).toBeInTheDocument();
    const articles = await section('Top articles');
    expect(await within(articles).findByText('Why the Grid Is the New Bottleneck')).toBeInTheDocument();
    expect(within(articles).getByText('812')).toBeInTheDocument();
    expect(within(articles).getByRole('link', { name: 'Central Banks Hold Rates' })).toHaveAttribute('href', '/article/banks');
    const categories = await section('Top categories');
    expect(await within(categories).findByText('Global Events')).toBeInTheDocument();
    expect(within(categories).getByText('1,100 views')).toBeInTheDocument();
    const sources = await section('Traffic sources');
    for (const source of ['google', 'direct', 'news.example.org']) expect(await within(sources).findByText(source)).toBeInTheDocument();
    const countries = await section('Countries');
    expect(await within(countries).findByText('Ireland')).toBeInTheDocument();
    expect(within(countries).getByText('Unknown')).toBeInTheDocument();
    expect(await within(await section('Newsletter subscribers')).findByText('45 on the list, 5 joined in the range')).toBeInTheDocument();
    const follows = await section('Follows and sends');
    expect(await within(follows).findByText('1,550 following now')).toBeInTheDocument();
    const row = (name: string) => within(follows).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(
      within(row('New follows in the range'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['New follows in the range', '12', '30']);
    expect(
      within(row('Messages sent in the range'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Messages sent in the range', '4,100', '27,000']);
    expect(
      within(row('Dropped after their last attempt'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Dropped after their last attempt', '3']);
  });

  it('changes the range from a quick range, two dates and the interval, and asks again for it', async () => {
    network = openAnalytics();
    await waitFor(() => expect(chartCalls(network)).toHaveLength(7));
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(chartCalls(network).some((url) => url.searchParams.get('from') === daysAgo(6))).toBe(true));
    expect(screen.getByRole('button', { name: '7 days', pressed: true })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'By week' }));
    await waitFor(() => expect(chartCalls(network).filter((url) => url.searchParams.get('interval') === 'week')).toHaveLength(7));

    fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: '2026-01-05' } });
    fireEvent.change(screen.getByLabelText('To (UTC)'), { target: { value: '2026-01-18' } });
    await waitFor(() =>
      expect(
        chartCalls(network).filter(
          (url) => url.searchParams.get('from') === '2026-01-05' && url.searchParams.get('to') === '2026-01-18' && url.searchParams.get('interval') === 'week',
        ),
      ).toHaveLength(7),
    );
    expect(screen.queryByRole('button', { pressed: true })).toBeNull();
  });

  it('opens on the range in its address, and falls back to the last 30 days with the reason when the range cannot be shown', async () => {
    network = openAnalytics('/admin/analytics?from=2026-01-10&to=2026-01-01');
    expect(await screen.findByText(ANALYTICS_COPY.badRange('to must not be before from'))).toBeInTheDocument();
    await waitFor(() => expect(chartCalls(network)).toHaveLength(7));
    expect(chartCalls(network).every((url) => url.searchParams.get('from') === daysAgo(29))).toBe(true);
  });

  it('says so when a range has no page views and nobody has subscribed, and shows a failed chart without hiding the others', async () => {
    const empty = { status: 200, body: { total: 0, entries: [] } };
    network = openAnalytics('/admin/analytics?from=2024-01-01&to=2024-01-07&interval=day', {
      views: { status: 200, body: { total: 0, points: [{ period: '2024-01-01', value: 0 }] } },
      articles: { status: 200, body: { articles: [] } },
      categories: empty,
      sources: { status: 500, body: { error: 'Internal Server Error', message: 'database unavailable' } },
      countries: empty,
      newsletter: { status: 200, body: { before: 0, points: [{ period: '2024-01-01', value: 0, joined: 0 }] } },
      follows: { status: 200, body: { follows: { email: 0, push: 0 }, active: { email: 0, push: 0 }, sends: { email: 0, push: 0 }, retried: 0, dropped: 0 } },
    });
    for (const name of ['Page views', 'Top articles', 'Top categories', 'Countries'])
      expect(await within(await section(name)).findByText(CHART_MESSAGES.empty)).toBeInTheDocument();
    expect(await within(await section('Newsletter subscribers')).findByText(ANALYTICS_COPY.noSubscribers)).toBeInTheDocument();
    expect(await within(await section('Follows and sends')).findByText(ANALYTICS_COPY.noFollows)).toBeInTheDocument();
    expect(await within(await section('Traffic sources')).findByText(/Could not load traffic sources: 500/)).toBeInTheDocument();
  });
});

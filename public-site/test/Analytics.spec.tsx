import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONSENT_STORAGE_KEYS, COOKIE_BANNER_DELAY_MS, PAGE_DATA_ELEMENT_ID, staticPageMeta } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import PublicApp from '../src/app/PublicApp';
import { ADS_SCRIPT_URL } from '../src/features/ads/ads-script';
import { CONSENT_COPY } from '../src/features/consent/consent-copy';
import { trafficSource } from '../src/features/analytics/traffic-source';

const pageViews = (network: ReturnType<typeof stubFetch>) => network.calls.filter((call) => call.path === '/api/analytics/pageview');
const scripts = (prefix: string) => [...document.querySelectorAll('script')].filter((script) => script.src.startsWith(prefix));
const GA4_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

/** The API's token of a path's page; a path that is no page (here: /gone) has none. */
const tokenOf = (path: string) => `token-of-${path}`;

function openSite(path = '/privacy') {
  const network = stubFetch({
    'GET /api/geo': () => ({ status: 200, body: { country: 'US' } }),
    'GET /api/analytics/pageview-token': ({ url }) => {
      const page = url.searchParams.get('path')!;
      return page === '/gone'
        ? { status: 404, body: { error: 'Not Found', message: 'No public page at this path' } }
        : { status: 200, body: { token: tokenOf(page) } };
    },
    'POST /api/analytics/pageview': () => ({ status: 202 }),
  });
  renderApp(<PublicApp />, path);
  return network;
}
const tokenRequests = (network: ReturnType<typeof stubFetch>) => network.calls.filter((call) => call.path.startsWith('/api/analytics/pageview-token'));

function storeChoice(choice: 'accepted' | 'rejected' | 'custom', details?: object) {
  localStorage.setItem(CONSENT_STORAGE_KEYS.consent, choice);
  if (details) localStorage.setItem(CONSENT_STORAGE_KEYS.details, JSON.stringify(details));
}

describe('traffic source (docs/product.md#limits)', () => {
  it.each([
    ['?utm_source=newsletter&utm_medium=email', 'https://www.google.com/', 'newsletter'],
    ['', 'https://www.google.co.uk/search?q=ai', 'google'],
    ['', 'https://www.bing.com/search?q=ai', 'bing'],
    ['', 'https://duckduckgo.com/', 'duckduckgo'],
    ['', 'https://t.co/abc', 'twitter'],
    ['', 'https://m.facebook.com/', 'facebook'],
    ['', 'https://www.reddit.com/r/technology', 'reddit'],
    ['', 'https://www.news.example.org/story', 'news.example.org'],
    ['', 'https://theaimind.example/article/x', 'direct'],
    ['', '', 'direct'],
    ['?utm_source=', '', 'direct'],
    // Campaigns and hosts are counted as the API buckets them: never free text.
    ['?utm_source=Spring_Sale', '', 'spring_sale'],
    ['?utm_source=CALL%20555-0100%20evil.example%20promo', '', 'other'],
    ['', 'http://192.168.1.20/page', 'other'],
  ])('search %j, referrer %j gives %j', (search, referrer, expected) => {
    expect(trafficSource(search, referrer, 'theaimind.example')).toBe(expected);
  });
});

describe('consent-gated analytics and ads', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => {
    network.restore();
    localStorage.clear();
    delete process.env.PUBLIC_GA4_ID;
    delete process.env.PUBLIC_ADSENSE_CLIENT;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    delete window.gtag;
    delete window.dataLayer;
  });

  it('sends no page view before consent, and one for the current page once the visitor accepts', async () => {
    jest.useFakeTimers();
    try {
      network = openSite();
      await act(async () => void jest.advanceTimersByTime(COOKIE_BANNER_DELAY_MS));
      const banner = await screen.findByRole('dialog', { name: CONSENT_COPY.title });
      expect(pageViews(network)).toEqual([]);
      fireEvent.click(within(banner).getByRole('button', { name: 'Accept' }));
      await waitFor(() => expect(pageViews(network)).toHaveLength(1));
      expect(pageViews(network)[0]).toMatchObject({ method: 'POST', body: { path: '/privacy', source: 'direct', token: tokenOf('/privacy') } });
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends nothing after a rejection', async () => {
    jest.useFakeTimers();
    try {
      network = openSite();
      await act(async () => void jest.advanceTimersByTime(COOKIE_BANNER_DELAY_MS));
      fireEvent.click(within(await screen.findByRole('dialog', { name: CONSENT_COPY.title })).getByRole('button', { name: 'Reject' }));
      await act(async () => void jest.advanceTimersByTime(1000));
      expect(pageViews(network)).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('re-applies a stored acceptance on load and sends a page view on every path change', async () => {
    storeChoice('accepted', { necessary: true, analytics: true, marketing: true, preferences: true });
    network = openSite('/privacy');
    await waitFor(() => expect(pageViews(network)).toHaveLength(1));
    fireEvent.click(screen.getAllByRole('link', { name: 'Terms' })[0]!);
    await waitFor(() => expect(pageViews(network).map((call) => (call.body as { path: string }).path)).toEqual(['/privacy', '/terms']));
    // Each view carries its own page's title, not the one the reader came from.
    expect(pageViews(network).map((call) => (call.body as { title: string }).title)).toEqual([
      staticPageMeta('/privacy').title,
      staticPageMeta('/terms').title,
    ]);
    expect(screen.queryByRole('dialog', { name: CONSENT_COPY.title })).toBeNull();
  });

  it("sends the landing page's own token from its server-rendered data, and asks the API for the next pages'", async () => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = PAGE_DATA_ELEMENT_ID;
    data.textContent = JSON.stringify({ queries: {}, viewToken: 'token-in-the-page' });
    document.body.appendChild(data);
    window.history.replaceState(null, '', '/privacy');
    try {
      storeChoice('accepted');
      network = openSite('/privacy');
      await waitFor(() => expect(pageViews(network)).toHaveLength(1));
      expect(pageViews(network)[0]!.body).toMatchObject({ path: '/privacy', token: 'token-in-the-page' });
      expect(tokenRequests(network)).toEqual([]);
      fireEvent.click(screen.getAllByRole('link', { name: 'Terms' })[0]!);
      await waitFor(() => expect(pageViews(network)).toHaveLength(2));
      expect(pageViews(network)[1]!.body).toMatchObject({ path: '/terms', token: tokenOf('/terms') });
      expect(tokenRequests(network).map((call) => call.path)).toEqual(['/api/analytics/pageview-token?path=%2Fterms']);
    } finally {
      data.remove();
      window.history.replaceState(null, '', '/');
    }
  });

  it('sends no view of a path that is no page (the API has no token for it)', async () => {
    storeChoice('accepted');
    network = openSite('/gone');
    await waitFor(() => expect(tokenRequests(network)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pageViews(network)).toEqual([]);
  });

  it('follows custom details: analytics off sends nothing, analytics on sends page views', async () => {
    storeChoice('custom', { necessary: true, analytics: false, marketing: true, preferences: true });
    network = openSite();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pageViews(network)).toEqual([]);
    network.restore();
    localStorage.clear();
    cleanup();

    storeChoice('custom', { necessary: true, analytics: true, marketing: false, preferences: false });
    network = openSite();
    await waitFor(() => expect(pageViews(network)).toHaveLength(1));
  });

  it('never contacts GA4 without a measurement id', async () => {
    storeChoice('accepted');
    network = openSite();
    await waitFor(() => expect(pageViews(network)).toHaveLength(1));
    expect(scripts(GA4_SCRIPT_URL)).toEqual([]);
    expect(window.gtag).toBeUndefined();
  });

  it('with a measurement id, loads GA4 only after analytics consent, in consent mode, and sends it the page views', async () => {
    process.env.PUBLIC_GA4_ID = 'G-TEST123';
    jest.useFakeTimers();
    try {
      network = openSite();
      await act(async () => void jest.advanceTimersByTime(COOKIE_BANNER_DELAY_MS));
      const banner = await screen.findByRole('dialog', { name: CONSENT_COPY.title });
      expect(scripts(GA4_SCRIPT_URL)).toEqual([]);
      fireEvent.click(within(banner).getByRole('button', { name: 'Accept' }));
      await waitFor(() => expect(scripts(GA4_SCRIPT_URL)).toHaveLength(1));
      expect(scripts(GA4_SCRIPT_URL)[0]!.src).toBe(`${GA4_SCRIPT_URL}?id=G-TEST123`);
      const calls = window.dataLayer!.map((entry) => [...(entry as IArguments)]);
      expect(calls[0]).toEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })]);
      expect(calls).toContainEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'granted' })]);
      expect(calls).toContainEqual(['config', 'G-TEST123', { send_page_view: false }]);
      expect(calls).toContainEqual(['event', 'page_view', expect.objectContaining({ page_path: '/privacy', traffic_source: 'direct' })]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('tells GA4 when analytics consent is withdrawn, and sends no more page views', async () => {
    process.env.PUBLIC_GA4_ID = 'G-TEST123';
    storeChoice('accepted');
    network = openSite('/privacy');
    await waitFor(() => expect(pageViews(network)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: CONSENT_COPY.title })).getByRole('button', { name: 'Reject' }));
    const calls = window.dataLayer!.map((entry) => [...(entry as IArguments)]);
    expect(calls.at(-1)).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })]);
    fireEvent.click(screen.getAllByRole('link', { name: 'Terms' })[0]!);
    await screen.findByRole('heading', { level: 1, name: /Terms/ });
    expect(pageViews(network)).toHaveLength(1);
  });

  it('loads the ads script only when a client is configured and marketing is consented to', async () => {
    storeChoice('accepted');
    network = openSite();
    await waitFor(() => expect(pageViews(network)).toHaveLength(1));
    expect(scripts(ADS_SCRIPT_URL)).toEqual([]);
    network.restore();
    cleanup();

    process.env.PUBLIC_ADSENSE_CLIENT = 'ca-pub-123456';
    storeChoice('custom', { necessary: true, analytics: true, marketing: false, preferences: false });
    network = openSite();
    await waitFor(() => expect(pageViews(network)).toHaveLength(1));
    expect(scripts(ADS_SCRIPT_URL)).toEqual([]);
    network.restore();
    cleanup();

    storeChoice('accepted');
    network = openSite();
    await waitFor(() => expect(scripts(ADS_SCRIPT_URL)).toHaveLength(1));
    expect(scripts(ADS_SCRIPT_URL)[0]!.src).toBe(`${ADS_SCRIPT_URL}?client=ca-pub-123456`);
  });

  it('only logs an ads script that fails to load', async () => {
    process.env.PUBLIC_ADSENSE_CLIENT = 'ca-pub-123456';
    storeChoice('accepted');
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      network = openSite();
      await waitFor(() => expect(scripts(ADS_SCRIPT_URL)).toHaveLength(1));
      scripts(ADS_SCRIPT_URL)[0]!.dispatchEvent(new Event('error'));
      expect(logged).toHaveBeenCalledWith('The ads script failed to load', `${ADS_SCRIPT_URL}?client=ca-pub-123456`);
      expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
  });
});

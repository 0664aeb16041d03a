import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONSENT_STORAGE_KEYS, COOKIE_BANNER_DELAY_MS, EU_COUNTRY_CODES } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import PublicApp from '../src/app/PublicApp';
import { CONSENT_COPY } from '../src/features/consent/consent-copy';
import { isEuCountry } from '../src/features/consent/consent-storage';

const banner = () => screen.queryByRole('dialog', { name: CONSENT_COPY.title });
const stored = (key: keyof typeof CONSENT_STORAGE_KEYS) => localStorage.getItem(CONSENT_STORAGE_KEYS[key]);

/** The privacy page (no API calls of its own) with /api/geo answering `geo`. */
function openSite(geo: () => { status: number; body?: unknown }) {
  const network = stubFetch({ 'GET /api/geo': geo, 'POST /api/analytics/pageview': () => ({ status: 202 }) });
  renderApp(<PublicApp />, '/privacy');
  return network;
}

async function waitForBanner() {
  await act(async () => void jest.advanceTimersByTime(COOKIE_BANNER_DELAY_MS));
  return waitFor(() => expect(banner()).toBeInTheDocument());
}

describe('cookie banner', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    network.restore();
    localStorage.clear();
    jest.useRealTimers();
  });

  it('appears 1 s after load when no choice is stored, with the general wording outside the EU', async () => {
    network = openSite(() => ({ status: 200, body: { country: 'US' } }));
    await act(async () => void jest.advanceTimersByTime(COOKIE_BANNER_DELAY_MS - 1));
    expect(banner()).toBeNull();
    await waitForBanner();
    const dialog = within(banner()!);
    expect(dialog.getByText(CONSENT_COPY.general, { exact: false })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Customize' })).toBeInTheDocument();
    expect(stored('location')).toBe('US');
    expect(network.calls.filter((call) => call.path === '/api/geo')).toHaveLength(1);
  });

  it('uses the GDPR wording (Reject All, explicit consent) for the 27 EU countries', async () => {
    expect(EU_COUNTRY_CODES).toHaveLength(27);
    expect(EU_COUNTRY_CODES.every((code) => isEuCountry(code))).toBe(true);
    expect(isEuCountry('GB')).toBe(false);
    network = openSite(() => ({ status: 200, body: { country: 'DE' } }));
    await waitForBanner();
    const dialog = within(banner()!);
    expect(dialog.getByText(/explicit consent/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Accept All' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reject All' })).toBeInTheDocument();
    expect(stored('location')).toBe('DE');
  });

  it('falls back to the general wording when the country lookup fails, without breaking the page', async () => {
    network = openSite(() => ({ status: 500, body: { error: 'Internal Server Error', message: 'down' } }));
    await waitForBanner();
    expect(within(banner()!).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(stored('location')).toBeNull();
  });

  it('asks the configured lookup URL instead of the API when one is set', async () => {
    process.env.PUBLIC_GEO_LOOKUP_URL = 'https://geo.example.com/json';
    const original = globalThis.fetch;
    const asked: string[] = [];
    try {
      network = stubFetch({});
      const stubbed = globalThis.fetch;
      globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).startsWith('https://geo.example.com')) {
          asked.push(String(input));
          return new Response(JSON.stringify({ country_code: 'fr' }), { status: 200 });
        }
        return stubbed(input, init);
      }) as typeof fetch;
      renderApp(<PublicApp />, '/privacy');
      await waitForBanner();
      expect(asked).toEqual(['https://geo.example.com/json']);
      expect(within(banner()!).getByRole('button', { name: 'Reject All' })).toBeInTheDocument();
      expect(network.calls.filter((call) => call.path === '/api/geo')).toEqual([]);
    } finally {
      delete process.env.PUBLIC_GEO_LOOKUP_URL;
      globalThis.fetch = original;
    }
  });

  it('stores an accepted choice with all details and its date, and goes away', async () => {
    network = openSite(() => ({ status: 200, body: { country: 'US' } }));
    await waitForBanner();
    fireEvent.click(within(banner()!).getByRole('button', { name: 'Accept' }));
    expect(banner()).toBeNull();
    expect(stored('consent')).toBe('accepted');
    expect(JSON.parse(stored('details')!)).toEqual({ necessary: true, analytics: true, marketing: true, preferences: true });
    expect(new Date(stored('date')!).toISOString()).toBe(stored('date'));
  });

  it('stores a rejection as necessary only', async () => {
    network = openSite(() => ({ status: 200, body: { country: 'DE' } }));
    await waitForBanner();
    fireEvent.click(within(banner()!).getByRole('button', { name: 'Reject All' }));
    expect(banner()).toBeNull();
    expect(stored('consent')).toBe('rejected');
    expect(JSON.parse(stored('details')!)).toEqual({ necessary: true, analytics: false, marketing: false, preferences: false });
  });

  it('lets the visitor customise: necessary always on and disabled, the others off until switched on', async () => {
    network = openSite(() => ({ status: 200, body: { country: 'US' } }));
    await waitForBanner();
    fireEvent.click(within(banner()!).getByRole('button', { name: 'Customize' }));
    const dialog = within(banner()!);
    expect(dialog.getByRole('switch', { name: /^Necessary/ })).toBeChecked();
    expect(dialog.getByRole('switch', { name: /^Necessary/ })).toBeDisabled();
    for (const name of ['Analytics', 'Marketing', 'Preferences']) expect(dialog.getByRole('switch', { name: new RegExp(`^${name}`) })).not.toBeChecked();
    fireEvent.click(dialog.getByRole('switch', { name: /^Analytics/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save Preferences' }));
    expect(banner()).toBeNull();
    expect(stored('consent')).toBe('custom');
    expect(JSON.parse(stored('details')!)).toEqual({ necessary: true, analytics: true, marketing: false, preferences: false });
  });

  it('stays away, and asks nobody for the country, once a choice is stored', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEYS.consent, 'rejected');
    network = openSite(() => ({ status: 200, body: { country: 'US' } }));
    await act(async () => void jest.advanceTimersByTime(COOKIE_BANNER_DELAY_MS * 5));
    expect(banner()).toBeNull();
    expect(network.calls.filter((call) => call.path === '/api/geo')).toEqual([]);
  });

  it('opens again at once from Cookie settings on the Privacy page, showing the stored details, to change the choice', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEYS.consent, 'custom');
    localStorage.setItem(CONSENT_STORAGE_KEYS.details, JSON.stringify({ necessary: true, analytics: true, marketing: false, preferences: false }));
    localStorage.setItem(CONSENT_STORAGE_KEYS.location, 'DE');
    network = openSite(() => ({ status: 200, body: { country: 'DE' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    await waitFor(() => expect(banner()).toBeInTheDocument());
    fireEvent.click(within(banner()!).getByRole('button', { name: 'Customize' }));
    expect(within(banner()!).getByRole('switch', { name: /^Analytics/ })).toBeChecked();
    fireEvent.click(within(banner()!).getByRole('button', { name: 'Reject All' }));
    expect(banner()).toBeNull();
    expect(stored('consent')).toBe('rejected');
    expect(network.calls.filter((call) => call.path === '/api/geo')).toEqual([]);
  });

  it('shows on every page, including the 404 page', async () => {
    network = stubFetch({ 'GET /api/geo': () => ({ status: 200, body: { country: null } }) });
    renderApp(<PublicApp />, '/no/such/page');
    await waitForBanner();
    expect(screen.getByText('404 Page Not Found')).toBeInTheDocument();
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@ai-mind/ui';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import { CATEGORY_BADGE_COLORS, CONSENT_STORAGE_KEYS } from '@ai-mind/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import PublicApp from '../src/app/PublicApp';
import { DRAWER_LINKS, FOOTER_LINKS, HEADER_LINKS } from '../src/app/SiteLayout';
import { AD_SIZES, AdSlot, isValidAdSlotId } from '../src/features/ads/components/AdSlot';
import { ArticleCard, FALLBACK_IMAGE } from '../src/features/articles/components/ArticleCard';
import { CategoryBadge } from '../src/features/articles/components/CategoryBadge';
import { HeaderSearch, searchUrl } from '../src/features/layout/components/HeaderSearch';
import { discussionsLabel, TrendingFeed } from '../src/features/trending/components/TrendingFeed';
import { summary } from './fixtures';

// A visitor who has already made a cookie choice: the banner and its country lookup stay out of these tests.
beforeEach(() => localStorage.setItem(CONSENT_STORAGE_KEYS.consent, 'rejected'));
afterEach(() => localStorage.clear());

function renderInApp(element: ReactElement) {
  return render(
    <AppProviders>
      <MemoryRouter>{element}</MemoryRouter>
    </AppProviders>,
  );
}

describe('article card', () => {
  it("shows the server's excerpt for list items, the en-US date and the counts", () => {
    renderInApp(
      <ArticleCard article={summary({ excerpt: 'Server cut this...', createdAt: '2024-12-25T23:30:00.000Z', likes: 1234, shares: 1, comments: 0 })} />,
    );
    expect(screen.getByText('Server cut this...')).toBeInTheDocument();
    expect(screen.getByText('Dec 25, 2024')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '1,234 likes' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '1 share' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '0 comments' })).toBeInTheDocument();
    expect(screen.getByText(/Humans built a cloud/)).toBeInTheDocument();
  });

  it("carries the article's AI involvement label: the EU disclosure as a badge, another grade's quieter", () => {
    const { unmount } = renderInApp(<ArticleCard article={summary({ aiGrade: { grade: 'ai-unreviewed', label: 'AI-generated', disclosed: true } })} />);
    expect(screen.getByText('AI-generated').closest('[data-testid="ai-grade"]')).toHaveAttribute('data-grade', 'ai-unreviewed');
    unmount();
    renderInApp(<ArticleCard article={summary({ aiGrade: { grade: 'human', label: 'Written by a person', disclosed: false } })} />);
    expect(screen.getByTestId('ai-grade')).toHaveTextContent('Written by a person');
    expect(screen.queryByText('AI-generated')).toBeNull();
  });

  it('switches to the stock image when the article image fails, and uses it when there is none', () => {
    const { container, unmount } = renderInApp(<ArticleCard article={summary({ imageUrl: '/media/broken.png' })} />);
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/media/broken.png');
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(FALLBACK_IMAGE);
    unmount();
    const none = renderInApp(<ArticleCard article={summary({ imageUrl: null })} />);
    expect(none.container.querySelector('img')).toHaveAttribute('src', FALLBACK_IMAGE);
  });

  it.each(Object.entries(CATEGORY_BADGE_COLORS))('gives %s its own badge colour', (category, color) => {
    renderInApp(<CategoryBadge category={category} />);
    expect(screen.getByText(category).closest('[data-color]')).toHaveAttribute('data-color', color);
  });

  it('gives any other category a neutral grey badge', () => {
    renderInApp(<CategoryBadge category="AI Product Reviews" />);
    expect(screen.getByText('AI Product Reviews').closest('[data-color]')).toHaveAttribute('data-color', 'gray');
  });
});

describe('ad slots', () => {
  it.each([
    ['1234567890', true],
    ['123456', true],
    ['12345', false],
    ['SLOT_ID_12345678', false],
    ['12345SLOT_ID', false],
    ['12345a7890', false],
    ['', false],
    [undefined, false],
  ])('slot id %p valid: %p', (slotId, valid) => {
    expect(isValidAdSlotId(slotId)).toBe(valid);
  });

  it('shows a placeholder box of the slot size for an invalid id, and an ad unit for a valid one', () => {
    const { unmount } = renderInApp(<AdSlot slotId="SLOT_ID_X" size={AD_SIZES.sidebar} data-placement="sidebar-left" />);
    expect(screen.getByTestId('ad-placeholder')).toHaveStyle({ width: '160px', height: '600px' });
    expect(screen.getByText('Advertisement')).toBeInTheDocument();
    unmount();
    const { container } = renderInApp(<AdSlot slotId="9876543210" size={AD_SIZES.inFeed} data-placement="in-feed" />);
    expect(screen.queryByTestId('ad-placeholder')).not.toBeInTheDocument();
    expect(container.querySelector('ins.adsbygoogle')).toHaveAttribute('data-ad-slot', '9876543210');
    expect(container.querySelector('aside')).toHaveStyle({ minWidth: '250px', minHeight: '300px' });
  });

  it('gives the mobile banner at least 100 px of height', () => {
    renderInApp(<AdSlot slotId={null} size={AD_SIZES.mobile} data-placement="mobile" />);
    expect(screen.getByTestId('ad-placeholder')).toHaveStyle({ minHeight: '100px' });
  });
});

describe('header search', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['\t\n', null],
    ['  grid power  ', '/?search=grid%20power'],
    ['AI & "jobs"?', '/?search=AI%20%26%20%22jobs%22%3F'],
    ['économie', '/?search=%C3%A9conomie'],
  ])('term %j goes to %p', (term, url) => {
    expect(searchUrl(term)).toBe(url);
  });

  it('toggles an inline input with the icon; whitespace does nothing, a term reloads the home page with it', () => {
    const visits: string[] = [];
    renderInApp(<HeaderSearch navigate={(url) => visits.push(url)} />);
    expect(screen.queryByRole('textbox', { name: 'Search articles' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const input = screen.getByRole('textbox', { name: 'Search articles' });

    fireEvent.change(input, { target: { value: '    ' } });
    fireEvent.submit(input.closest('form')!);
    expect(visits).toEqual([]);

    fireEvent.change(input, { target: { value: ' chips & tariffs ' } });
    fireEvent.submit(input.closest('form')!);
    expect(visits).toEqual(['/?search=chips%20%26%20tariffs']);

    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('textbox', { name: 'Search articles' })).not.toBeInTheDocument();
  });
});

describe('trending feed', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => network.restore());

  const items = [
    { id: 1, topic: 'Chip export rules', category: 'Technology', mentions: 48210 },
    { id: 2, topic: 'Rate cut odds', category: 'Economics', mentions: 30400 },
    { id: 3, topic: 'Heatwave records', category: 'Global Events', mentions: 12000 },
    { id: 4, topic: 'Museum reopenings', category: 'Culture', mentions: 950 },
  ];

  it('marks the top 3 with a flame, shows locale-formatted discussions and links to category pages', async () => {
    network = stubFetch({ 'GET /api/trending': () => ({ status: 200, body: items }) });
    renderInApp(<TrendingFeed />);
    const rows = await screen.findAllByTestId('trending-item');
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => within(row).queryByTestId('trending-flame') !== null)).toEqual([true, true, true, false]);
    expect(within(rows[0]!).getByText(`Technology · ${discussionsLabel(48210)}`)).toBeInTheDocument();
    expect(rows[2]).toHaveAttribute('href', '/category/Global%20Events');
    expect(discussionsLabel(48210, 'en-US')).toBe('48,210 discussions');
    expect(discussionsLabel(48210, 'de-DE')).toBe('48.210 discussions');
  });

  it('has a Browse by Category list of the five categories', async () => {
    network = stubFetch({ 'GET /api/trending': () => ({ status: 200, body: [] }) });
    renderInApp(<TrendingFeed />);
    const heading = screen.getByRole('heading', { name: 'Browse by Category' });
    const list = heading.nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Politics', 'Technology', 'Culture', 'Economics', 'Global Events']);
    expect(within(list).getByRole('link', { name: 'Global Events' })).toHaveAttribute('href', '/category/Global%20Events');
  });
});

describe('layout', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => network.restore());

  it('links the header, footer and logo as the spec lists them, with the 2024 copyright and newsletter box', () => {
    network = stubFetch({});
    renderApp(<PublicApp />, '/no/such/page');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(HEADER_LINKS.map((l) => encodeURI(l.to)));
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(FOOTER_LINKS.map((l) => l.to));
    expect(screen.getByRole('link', { name: 'The AI Mind, home' })).toHaveAttribute('href', '/');
    expect(screen.getByText('© 2024 The AI Mind. All rights reserved.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('opens the drawer with the header links plus privacy and terms, and closes it', async () => {
    network = stubFetch({});
    renderApp(<PublicApp />, '/no/such/page');
    expect(screen.queryByRole('navigation', { name: 'Site' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('navigation', { name: 'Site' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(DRAWER_LINKS.map((l) => l.label));
    expect(within(drawer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(drawer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    fireEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Site' })).not.toBeInTheDocument());
  });

  it('scrolls to the top on every route change', async () => {
    network = stubFetch({});
    const scrolls: number[] = [];
    const original = window.scrollTo;
    window.scrollTo = ((_x: number, y: number) => void scrolls.push(y)) as unknown as typeof window.scrollTo;
    function Where() {
      return <p data-testid="where">{useLocation().pathname}</p>;
    }
    try {
      render(
        <AppProviders>
          <MemoryRouter initialEntries={['/about']}>
            <Routes>
              <Route
                path="*"
                element={
                  <>
                    <PublicApp />
                    <Where />
                  </>
                }
              />
            </Routes>
          </MemoryRouter>
        </AppProviders>,
      );
      const before = scrolls.length;
      fireEvent.click(within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'Privacy' }));
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/privacy'));
      expect(scrolls.length).toBe(before + 1);
      expect(scrolls.at(-1)).toBe(0);
    } finally {
      window.scrollTo = original;
    }
  });
});

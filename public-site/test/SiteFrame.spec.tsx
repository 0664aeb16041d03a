import { jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import { COOKIE_BANNER_DELAY_MS } from '@ai-mind/contracts';
import { stubFetch } from '@ai-mind/ui/testing';
import SiteFrame from '../src/app/SiteFrame';
import { CONSENT_COPY } from '../src/features/consent/consent-copy';

describe('the site frame around another app (the admin panel at /admin)', () => {
  afterEach(() => localStorage.clear());

  it('shows the header navigation, the footer, the consent banner and the framed content', async () => {
    jest.useFakeTimers();
    const network = stubFetch({ 'GET /api/geo': () => ({ status: 200, body: { country: 'US' } }) });
    try {
      window.history.pushState({}, '', '/admin');
      render(
        <SiteFrame>
          <p>the admin panel</p>
        </SiteFrame>,
      );
      expect(screen.getByText('the admin panel')).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(within(nav).getByRole('link', { name: 'Technology' })).toHaveAttribute('href', '/category/Technology');
      expect(screen.getByRole('link', { name: 'The AI Mind, home' })).toHaveAttribute('href', '/');
      await act(async () => void jest.advanceTimersByTime(COOKIE_BANNER_DELAY_MS));
      expect(await screen.findByRole('navigation', { name: 'Footer' })).toBeInTheDocument();
      expect(screen.getByText('© 2024 The AI Mind. All rights reserved.')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: CONSENT_COPY.title })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
      network.restore();
    }
  });
});

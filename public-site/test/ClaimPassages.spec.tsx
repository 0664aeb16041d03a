import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@ai-mind/ui';
import { CONSENT_STORAGE_KEYS, type PublicClaim } from '@ai-mind/contracts';
import { MemoryRouter } from 'react-router';
import { ArticleContent } from '../src/features/articles/components/ArticleContent';
import { ClaimNotes } from '../src/features/claims/components/ClaimNotes';
import { ClaimPopover } from '../src/features/claims/components/ClaimPopover';

beforeEach(() => localStorage.setItem(CONSENT_STORAGE_KEYS.consent, 'rejected'));
afterEach(() => localStorage.clear());

const claims: PublicClaim[] = [
  {
    id: 4,
    position: 0,
    sentence: 'Rates rose in May this year [1].',
    sourceNumber: 1,
    passage: 'Rates rose in May.',
    outlet: 'Markets Desk',
    sourceTitle: 'Rates rise',
    link: 'https://markets.example/rates',
    flags: [],
    cited: true,
    override: null,
  },
  {
    id: 5,
    position: 1,
    sentence: 'The minister resigned on Tuesday [1].',
    sourceNumber: null,
    passage: null,
    outlet: null,
    sourceTitle: null,
    link: null,
    flags: ['unsupported'],
    cited: true,
    override: { by: 'Dana', at: '2026-11-28T10:00:00.000Z', note: 'Confirmed by phone.' },
  },
];

const body =
  '<p>Rates rose in May this year <sup class="source-ref">[<a href="#claim-4" id="claim-ref-4" class="claim-ref" data-claim="4" aria-label="Source 1: the passage">1</a>]</sup>.' +
  ' The minister resigned on Tuesday <sup class="source-ref source-ref-overridden">[<a href="#claim-5" id="claim-ref-5" class="claim-ref" data-claim="5" aria-label="Source 1, published over a flag: the passage">1</a>]</sup>.</p>';

function renderArticle() {
  return render(
    <AppProviders>
      <MemoryRouter>
        <ArticleContent content={body} />
        <ClaimNotes articleId={9} claims={claims} />
        <ClaimPopover claims={claims} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("a claim's passage", () => {
  it('is in a note at the end, the marker its anchor and the note a link back, with a form to report the sentence', () => {
    renderArticle();
    const note = document.getElementById('claim-4')!;
    expect(note).toHaveTextContent('“Rates rose in May.”');
    expect(within(note).getByRole('link', { name: 'Rates rise' })).toHaveAttribute('href', 'https://markets.example/rates');
    expect(within(note).getByRole('link', { name: 'Back to the sentence' })).toHaveAttribute('href', '#claim-ref-4');
    const form = within(note).getByRole('form', { name: 'Report this sentence as wrong' });
    expect(form).toHaveAttribute('action', '/api/articles/9/error-reports/form');
    expect(form.querySelector('input[name="claim"]')).toHaveValue('4');
    const overridden = document.getElementById('claim-5')!;
    expect(overridden).toHaveTextContent('Published over a flag');
    expect(overridden).toHaveTextContent('Their note: “Confirmed by phone.”');
    expect(overridden).toHaveTextContent('No passage of the sources supports this sentence.');
  });

  it('opens in place from its marker by Enter (a click) or Space, takes the focus, and Escape gives it back to the marker', async () => {
    renderArticle();
    const marker = screen.getByRole('link', { name: 'Source 1: the passage' });
    await waitFor(() => expect(marker).toHaveAttribute('aria-haspopup', 'dialog'));
    marker.focus();
    fireEvent.click(marker);
    const dialog = await screen.findByRole('dialog', { name: 'What supports this sentence' });
    expect(dialog).toHaveTextContent('“Rates rose in May.”');
    expect(marker).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(dialog).toHaveFocus());
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(marker).toHaveFocus();
    expect(marker).toHaveAttribute('aria-expanded', 'false');

    fireEvent.keyDown(marker, { key: ' ' });
    expect(await screen.findByRole('dialog', { name: 'What supports this sentence' })).toBeInTheDocument();
  });
});

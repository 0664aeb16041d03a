import { fireEvent, screen } from '@testing-library/react';
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_SUCCESS_MESSAGE } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import { NEWSLETTER_FAILURE_MESSAGE, NewsletterBox } from '../src/features/layout/components/NewsletterBox';

const emailInput = () => screen.getByRole('textbox', { name: 'Email address' });
function subscribe(email: string) {
  fireEvent.change(emailInput(), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('newsletter box', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => network.restore());

  it('checks the address before sending anything', async () => {
    network = stubFetch({});
    renderApp(<NewsletterBox />);
    subscribe('not-an-address');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(network.calls).toEqual([]);
  });

  it('subscribes the trimmed address with the page it was typed on, confirms and clears the input', async () => {
    network = stubFetch({ 'POST /api/newsletter': () => ({ status: 201, body: { message: NEWSLETTER_SUCCESS_MESSAGE } }) });
    renderApp(<NewsletterBox />);
    // The consent the sign-up records is the text the reader sees.
    expect(screen.getByText(NEWSLETTER_CONSENT_TEXT)).toBeInTheDocument();
    subscribe('  ada@example.com ');
    expect(await screen.findByText(NEWSLETTER_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(network.calls).toEqual([{ method: 'POST', path: '/api/newsletter', body: { email: 'ada@example.com', source: '/' } }]);
    expect(emailInput()).toHaveValue('');
  });

  it("shows the server's field message when it refuses the address", async () => {
    network = stubFetch({
      'POST /api/newsletter': () => ({
        status: 400,
        body: { error: 'Bad Request', message: 'Validation failed', details: [{ path: 'email', message: 'That domain does not take mail' }] },
      }),
    });
    renderApp(<NewsletterBox />);
    subscribe('ada@example.com');
    expect(await screen.findByText('That domain does not take mail')).toBeInTheDocument();
    expect(emailInput()).toHaveValue('ada@example.com');
  });

  it('says so when the subscription fails', async () => {
    network = stubFetch({ 'POST /api/newsletter': () => ({ status: 503, body: '' }) });
    renderApp(<NewsletterBox />);
    subscribe('ada@example.com');
    expect(await screen.findByText(NEWSLETTER_FAILURE_MESSAGE)).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CONTACT_FAILURE_MESSAGE, CONTACT_SUCCESS_MESSAGE } from '@ai-mind/contracts';
import { renderApp, stubFetch } from '@ai-mind/ui/testing';
import { ContactForm } from '../src/features/contact/components/ContactForm';

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
}

describe('contact form', () => {
  let network: ReturnType<typeof stubFetch>;
  let alerts: string[];
  const originalAlert = window.alert;
  beforeEach(() => {
    alerts = [];
    window.alert = (message?: unknown) => void alerts.push(String(message));
  });
  afterEach(() => {
    network.restore();
    window.alert = originalAlert;
  });

  it('requires every field, with an email input for the email', () => {
    network = stubFetch({});
    renderApp(<ContactForm />);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeRequired();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Message/)).toHaveAttribute('rows', '4');
  });

  it('sends the message, thanks the visitor and clears the form', async () => {
    network = stubFetch({ 'POST /api/contact': () => ({ status: 201, body: { message: CONTACT_SUCCESS_MESSAGE } }) });
    renderApp(<ContactForm />);
    fill({ Name: 'Ada', Email: 'ada@example.com', Subject: 'Hello', Message: 'Nice site' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(alerts).toEqual([CONTACT_SUCCESS_MESSAGE]));
    expect(network.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/contact',
      body: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Nice site', website: '' },
    });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
  });

  it('keeps what was typed, shows the server field messages and the failure alert', async () => {
    network = stubFetch({
      'POST /api/contact': () => ({
        status: 400,
        body: { error: 'Bad Request', message: 'Validation failed', details: [{ path: 'email', message: 'Please enter a valid email address' }] },
      }),
    });
    renderApp(<ContactForm />);
    fill({ Name: 'Ada', Email: 'ada@example', Subject: 'Hello', Message: 'Nice site' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(alerts).toEqual([CONTACT_FAILURE_MESSAGE]));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada');
  });
});

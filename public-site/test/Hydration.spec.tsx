import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
// The Node build: the browser one needs MessageChannel, which jsdom lacks.
import { renderToString } from 'react-dom/server.node';
import { MemoryRouter } from 'react-router';
import { ArticleImage, FALLBACK_IMAGE } from '../src/features/articles/components/ArticleImage';
import { CommentForm } from '../src/features/comments/components/CommentForm';
import { ContactForm } from '../src/features/contact/components/ContactForm';
import { NewsletterBox } from '../src/features/layout/components/NewsletterBox';
import { PageStateProvider, type PageState } from '../src/app/page-state';
import { AppProviders } from '@ai-mind/ui';
import { stubFetch } from '@ai-mind/ui/testing';

const NO_STATE: PageState = { flash: null, imageMissing: () => false };

/** Every hydrated root of a test, unmounted after it (their toasts render into the body). */
const roots: Root[] = [];
afterEach(() => {
  act(() => notifications.clean());
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  document.body.innerHTML = '';
});

function tree(element: ReactElement, state: PageState = NO_STATE) {
  return (
    <AppProviders>
      <MemoryRouter initialEntries={['/article/grids']}>
        <PageStateProvider state={state}>{element}</PageStateProvider>
      </MemoryRouter>
    </AppProviders>
  );
}

/**
 * The server's HTML of `element` in the document, then `beforeHydration` (what the reader does while
 * the scripts are on their way: typing into the DOM), then the app hydrating it.
 */
async function serverThenHydrate(element: ReactElement, beforeHydration: () => void = () => undefined, state?: PageState) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree(element, state));
  document.body.appendChild(container);
  const serverHtml = container.innerHTML;
  beforeHydration();
  const recoverable: unknown[] = [];
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, tree(element, state), { onRecoverableError: (error) => recoverable.push(error) });
  });
  roots.push(root);
  return { container, serverHtml, recoverable };
}

/** What a reader types before hydration: the DOM's value, with no React listening yet. */
function typeIntoDom(field: HTMLElement, text: string) {
  (field as HTMLInputElement).value = text;
}

describe('hydration keeps what the reader did (useAdoptedForm)', () => {
  let network: ReturnType<typeof stubFetch>;
  afterEach(() => network?.restore());

  it('renders the comment form as a real form whose submit works without the scripts', () => {
    const html = renderToString(tree(<CommentForm articleId={7} onPosted={() => undefined} />));
    expect(html).toMatch(/<form[^>]*action="\/api\/articles\/7\/comments\/form"[^>]*method="post"/);
    expect(html).toContain('<input type="hidden" name="back" value="/article/grids"/>');
    // Not disabled in the server's HTML: without the scripts the server checks the fields.
    expect(html).not.toMatch(/<button[^>]*disabled[^>]*type="submit"/);
  });

  it('keeps a comment typed before hydration, enables Post Comment from it, and posts it once', async () => {
    network = stubFetch({
      'POST /api/articles/7/comments': () => ({
        status: 201,
        body: { id: 1, authorName: 'Ada', authorUrl: null, content: 'Typed early.', createdAt: '2024-01-05T09:00:00.000Z', aiResponse: null },
      }),
    });
    const { recoverable } = await serverThenHydrate(<CommentForm articleId={7} onPosted={() => undefined} />, () => {
      typeIntoDom(screen.getByRole('textbox', { name: /^Name/ }), 'Ada');
      typeIntoDom(screen.getByRole('textbox', { name: /^Comment/ }), 'Typed early.');
    });
    expect(recoverable).toEqual([]);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: /^Comment/ })).toHaveValue('Typed early.');
    expect(screen.getByRole('button', { name: 'Post Comment' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Comment/ })).toHaveValue(''));
    expect(network.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/articles/7/comments', body: { authorName: 'Ada', content: 'Typed early.' } },
    ]);
  });

  it('disables Post Comment once hydrated when the fields are empty (docs/product.md#validation)', async () => {
    await serverThenHydrate(<CommentForm articleId={7} onPosted={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Post Comment' })).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Comment/ }), { target: { value: 'Now filled.' } });
    expect(screen.getByRole('button', { name: 'Post Comment' })).toBeEnabled();
  });

  it('sends the contact message typed before hydration, as typed', async () => {
    network = stubFetch({ 'POST /api/contact': () => ({ status: 201, body: { message: 'ok' } }) });
    const alerts: string[] = [];
    const alert = window.alert;
    window.alert = (message?: unknown) => void alerts.push(String(message));
    try {
      await serverThenHydrate(<ContactForm />, () => {
        typeIntoDom(screen.getByRole('textbox', { name: /^Name/ }), 'Grace');
        typeIntoDom(screen.getByRole('textbox', { name: /^Email/ }), 'grace@example.com');
        typeIntoDom(screen.getByRole('textbox', { name: /^Subject/ }), 'Early');
        typeIntoDom(screen.getByRole('textbox', { name: /^Message/ }), 'Before the scripts.');
      });
      expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('Before the scripts.');
      fireEvent.submit(screen.getByRole('form', { name: 'Contact form' }));
      await waitFor(() => expect(alerts).toHaveLength(1));
      expect(network.calls).toEqual([
        {
          method: 'POST',
          path: '/api/contact',
          body: { name: 'Grace', email: 'grace@example.com', subject: 'Early', message: 'Before the scripts.', website: '' },
        },
      ]);
      expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
    } finally {
      window.alert = alert;
    }
  });

  it('subscribes the address typed before hydration', async () => {
    network = stubFetch({ 'POST /api/newsletter': () => ({ status: 201, body: { message: 'Subscribed.' } }) });
    await serverThenHydrate(<NewsletterBox />, () => typeIntoDom(screen.getByRole('textbox', { name: 'Email address' }), 'early@example.com'));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('early@example.com');
    fireEvent.submit(screen.getByRole('form', { name: 'Newsletter' }));
    expect(await screen.findByText('Subscribed.')).toBeInTheDocument();
    // The box also sends the page it was used on, for the consent record.
    expect(network.calls).toEqual([{ method: 'POST', path: '/api/newsletter', body: { email: 'early@example.com', source: '/article/grids' } }]);
  });

  it('shows what the server kept of a refused form in its fields, with its errors, and hydrates the same', async () => {
    const state: PageState = {
      flash: {
        form: 'comment',
        articleId: 7,
        outcome: 'refused',
        fieldErrors: { authorName: 'Both name and comment are required.' },
        values: { authorName: '', content: 'Kept by the server.' },
      },
      imageMissing: () => false,
    };
    const { recoverable } = await serverThenHydrate(<CommentForm articleId={7} onPosted={() => undefined} />, undefined, state);
    expect(recoverable).toEqual([]);
    expect(screen.getByRole('textbox', { name: /^Comment/ })).toHaveValue('Kept by the server.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(screen.getByRole('alert')).toHaveTextContent('Both name and comment are required.');
  });
});

describe('article images fall back whatever the timing', () => {
  it('switches to the fallback when the image failed before hydration (complete, no pixels)', async () => {
    await serverThenHydrate(<ArticleImage src="/media/articles/1/va-1200x630.webp" alt="cover" sizes="100vw" priority />, () => {
      const image = screen.getByRole('img', { name: 'cover' });
      expect(image).toHaveAttribute('src', '/media/articles/1/va-1200x630.webp');
      // The error event fired with no React listening: all that is left is the element's state.
      Object.defineProperty(image, 'complete', { value: true });
      Object.defineProperty(image, 'naturalWidth', { value: 0 });
    });
    const image = screen.getByRole('img', { name: 'cover' });
    expect(image).toHaveAttribute('src', FALLBACK_IMAGE);
    expect(image).not.toHaveAttribute('srcset');
  });

  it('keeps an image that loaded before hydration', async () => {
    await serverThenHydrate(<ArticleImage src="/media/articles/1/va-1200x630.webp" alt="cover" sizes="100vw" priority />, () => {
      const image = screen.getByRole('img', { name: 'cover' });
      Object.defineProperty(image, 'complete', { value: true });
      Object.defineProperty(image, 'naturalWidth', { value: 1200 });
    });
    expect(screen.getByRole('img', { name: 'cover' })).toHaveAttribute('src', '/media/articles/1/va-1200x630.webp');
  });

  it('renders the fallback on the server for an image it knows is missing, and hydrates it as such', async () => {
    const missing = '/media/articles/2/vb-1200x630.webp';
    const state: PageState = { flash: null, imageMissing: (src) => src === missing };
    const { serverHtml, recoverable } = await serverThenHydrate(<ArticleImage src={missing} alt="cover" sizes="100vw" />, undefined, state);
    expect(serverHtml).toContain(`src="${FALLBACK_IMAGE}"`);
    expect(serverHtml).not.toContain(missing);
    expect(recoverable).toEqual([]);
    expect(screen.getByRole('img', { name: 'cover' })).toHaveAttribute('src', FALLBACK_IMAGE);
  });

  it('switches on a load error after hydration', async () => {
    await serverThenHydrate(<ArticleImage src="/media/articles/3/vc-1200x630.webp" alt="cover" sizes="100vw" />);
    const image = screen.getByRole('img', { name: 'cover' });
    expect(image).toHaveAttribute('src', '/media/articles/3/vc-1200x630.webp');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', FALLBACK_IMAGE);
  });
});

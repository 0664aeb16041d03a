import { render } from '@testing-library/react';
import type { Article } from '@ai-mind/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from './providers';

interface StubAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Responder = (request: { method: string; url: URL; body: unknown }) => StubAnswer | Promise<StubAnswer>;

/**
 * Component-test stand-in for the network: answers fetch calls by path with the given responders and
 * records every call. Returns the call log; restore with the returned `restore`.
 */
export function stubFetch(routes: Record<string, Responder>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const responder = routes[`${method} ${url.pathname}`];
    const answer: StubAnswer = responder ? await responder({ method, url, body }) : { status: 404, body: { error: 'Not Found', message: 'no stub' } };
    const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers } });
  }) as typeof fetch;
  return { calls, restore: () => (globalThis.fetch = original) };
}

/** Renders an app element inside the real providers and a router at `path`. */
export function renderApp(element: ReactElement, path = '/') {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </AppProviders>,
  );
}

/** A published article as the API sends it, for component tests; override what the test is about. */
export function articleFixture(overrides: Partial<Article> = {}): Article {
  return {
    id: 1,
    title: 'Why Grids Are the New Bottleneck',
    slug: 'why-grids-are-the-new-bottleneck',
    content: `<h2>Power</h2><p>${'Data centres want electricity. '.repeat(12)}</p>`,
    category: 'Technology',
    imageUrl: '/media/covers/x.svg',
    sourceUrl: null,
    aiCommentary: 'Humans built a cloud and forgot it needs a plug.',
    likes: 3,
    shares: 1,
    comments: 2,
    createdAt: '2024-01-05T09:00:00.000Z',
    updatedAt: '2024-01-05T09:00:00.000Z',
    approved: true,
    isApproved: true,
    metaTitle: null,
    metaDescription: null,
    corrections: [],
    ...overrides,
  };
}

import sharp from 'sharp';
import { articleMeta, headElements, type Article } from '@ai-mind/contracts';
import { ImageProviderError, providerImage } from '../src/modules/media/image-source.js';
import { fetchLivePageArticle, ForeignOriginError } from '../src/modules/recovery/live-page.js';
import { renderHeadElements } from '../src/modules/pages/markup.js';
import { startLocalHttpServer } from './support/local-http-server.js';

type Server = Awaited<ReturnType<typeof startLocalHttpServer>>;

describe('image provider and live page sources, against a local stand-in server', () => {
  let server: Server;
  let photo: Buffer;

  beforeAll(async () => {
    photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    server = await startLocalHttpServer({
      '/photo.jpg': (_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo),
    });
  });
  afterAll(() => server.close());

  const json =
    (body: unknown, status = 200) =>
    (_req: unknown, res: import('node:http').ServerResponse) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  it('searches Unsplash by the title keywords and category, with the Client-ID key, and downloads the photo', async () => {
    server.routes['/search/photos'] = json({ results: [{ urls: { regular: server.url('/photo.jpg') } }] });
    const image = await providerImage({ name: 'unsplash', apiKey: 'key-1', baseUrl: server.origin }, 'Why grids strain under heat', 'Global Events');
    expect(image).toEqual({ data: photo, origin: 'provider' });
    const request = server.requests.find((r) => r.path.startsWith('/search/photos?'))!;
    expect(request.headers.authorization).toBe('Client-ID key-1');
    expect(new URL(request.path, server.origin).searchParams.get('query')).toBe('grids strain under heat Global Events');
  });

  it('searches Pexels with its key, and gives null when it has no photo', async () => {
    server.routes['/v1/search'] = json({ photos: [{ src: { large2x: server.url('/photo.jpg') } }] });
    expect(await providerImage({ name: 'pexels', apiKey: 'key-2', baseUrl: server.origin }, 'Markets rally', 'Economics')).toEqual({
      data: photo,
      origin: 'provider',
    });
    expect(server.requests.at(-2)!.headers.authorization).toBe('key-2');
    server.routes['/v1/search'] = json({ photos: [] });
    expect(await providerImage({ name: 'pexels', apiKey: 'key-2', baseUrl: server.origin }, 'Markets rally', 'Economics')).toBeNull();
  });

  it('throws ImageProviderError when the provider fails, so the job is retried', async () => {
    server.routes['/search/photos'] = json({ errors: ['Rate Limit Exceeded'] }, 403);
    await expect(providerImage({ name: 'unsplash', apiKey: 'key-1', baseUrl: server.origin }, 'Anything', 'Culture')).rejects.toBeInstanceOf(
      ImageProviderError,
    );
  });

  it("reads an article back from its live page's structured data, as a draft", async () => {
    const article: Article = {
      id: 7,
      title: 'The grid & the heat',
      slug: 'the-grid-and-the-heat',
      content: '<p>Power demand peaks.</p>',
      category: 'Global Events',
      imageUrl: '/media/articles/7/vabc-1200x630.webp',
      sourceUrl: null,
      aiCommentary: null,
      likes: 3,
      shares: 1,
      comments: 0,
      createdAt: '2026-01-05T10:00:00.000Z',
      updatedAt: '2026-01-06T10:00:00.000Z',
      approved: true,
      isApproved: true,
      metaTitle: null,
      metaDescription: 'Why demand peaks now.',
      corrections: [],
    };
    const head = renderHeadElements(headElements(articleMeta(article, server.origin), server.origin));
    server.routes['/global-events/article/the-grid-and-the-heat'] = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><head>${head}</head><body><div id="root"></div></body></html>`);

    const found = await fetchLivePageArticle(server.url('/global-events/article/the-grid-and-the-heat'), 'the-grid-and-the-heat', server.origin);
    expect(found).toMatchObject({
      title: 'The grid & the heat',
      slug: 'the-grid-and-the-heat',
      content: '<p>Why demand peaks now.</p>',
      category: 'Global Events',
      imageUrl: server.url('/media/articles/7/vabc-1200x630.webp'),
      createdAt: '2026-01-05T10:00:00.000Z',
      approved: false,
    });
    expect(await fetchLivePageArticle(server.url('/global-events/article/gone'), 'gone', server.origin)).toBeNull();
  });

  it("fetches no live page outside the site's own origin, nor follows a redirect away from it", async () => {
    let asked = 0;
    server.routes['/global-events/article/elsewhere'] = (_req, res) => {
      asked += 1;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    };
    await expect(fetchLivePageArticle(server.url('/global-events/article/elsewhere'), 'elsewhere', 'https://www.example.com')).rejects.toThrow(
      ForeignOriginError,
    );
    expect(asked).toBe(0);
    server.routes['/global-events/article/moved'] = (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    await expect(fetchLivePageArticle(server.url('/global-events/article/moved'), 'moved', server.origin)).rejects.toThrow();
  });
});

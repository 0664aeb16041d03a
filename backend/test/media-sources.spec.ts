import sharp from 'sharp';
import { articleMeta, headElements, type Article } from '@ai-mind/contracts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ImageProviderError, providerImage } from '../src/modules/media/image-source.js';
import { IMAGE_CACHE_CONTROL, S3ImageStore } from '../src/modules/media/image-store.js';
import { authorization, sha256Hex } from '../src/modules/media/s3-signer.js';
import { fetchLivePageArticle, ForeignOriginError } from '../src/modules/recovery/live-page.js';
import { renderHeadElements } from '../src/modules/seo/markup.js';
import { startLocalHttpServer } from './support/local-http-server.js';

type Server = Awaited<ReturnType<typeof startLocalHttpServer>>;

describe('image provider and live page sources, against a local stand-in server', () => {
  let server: Server;
  let photo: Buffer;

  beforeAll(async () => {
    photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    server = await startLocalHttpServer({
      '/photo.jpg': (_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo),
    });
  });
  afterAll(() => server.close());

  const json = (body: unknown, status = 200) => (_req: unknown, res: import('node:http').ServerResponse) =>
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
    expect(await providerImage({ name: 'pexels', apiKey: 'key-2', baseUrl: server.origin }, 'Markets rally', 'Economics')).toEqual({ data: photo, origin: 'provider' });
    expect(server.requests.at(-2)!.headers.authorization).toBe('key-2');
    server.routes['/v1/search'] = json({ photos: [] });
    expect(await providerImage({ name: 'pexels', apiKey: 'key-2', baseUrl: server.origin }, 'Markets rally', 'Economics')).toBeNull();
  });

  it('throws ImageProviderError when the provider fails, so the job is retried', async () => {
    server.routes['/search/photos'] = json({ errors: ['Rate Limit Exceeded'] }, 403);
    await expect(providerImage({ name: 'unsplash', apiKey: 'key-1', baseUrl: server.origin }, 'Anything', 'Culture')).rejects.toBeInstanceOf(ImageProviderError);
  });

  it("reads an article back from its live page's structured data, as a draft", async () => {
    const article: Article = {
      id: 7, title: 'The grid & the heat', slug: 'the-grid-and-the-heat', content: '<p>Power demand peaks.</p>', category: 'Global Events',
      imageUrl: '/media/articles/7/vabc-1200x630.webp', sourceUrl: null, aiCommentary: null, likes: 3, shares: 1, comments: 0,
      createdAt: '2026-01-05T10:00:00.000Z', updatedAt: '2026-01-06T10:00:00.000Z', approved: true, isApproved: true, metaTitle: null,
      metaDescription: 'Why demand peaks now.', corrections: [],
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

  it('fetches no live page outside the site\'s own origin, nor follows a redirect away from it', async () => {
    let asked = 0;
    server.routes['/global-events/article/elsewhere'] = (_req, res) => {
      asked += 1;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    };
    await expect(fetchLivePageArticle(server.url('/global-events/article/elsewhere'), 'elsewhere', 'https://www.example.com')).rejects.toThrow(ForeignOriginError);
    expect(asked).toBe(0);
    server.routes['/global-events/article/moved'] = (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    await expect(fetchLivePageArticle(server.url('/global-events/article/moved'), 'moved', server.origin)).rejects.toThrow();
  });
});

describe('AWS Signature Version 4', () => {
  it("matches AWS's published examples", () => {
    const empty = sha256Hex('');
    expect(
      authorization(
        {
          method: 'GET',
          url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
          headers: { Host: 'examplebucket.s3.amazonaws.com', Range: 'bytes=0-9', 'x-amz-content-sha256': empty, 'x-amz-date': '20130524T000000Z' },
          payloadHash: empty,
          region: 'us-east-1',
          service: 's3',
          amzDate: '20130524T000000Z',
        },
        { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      ),
    ).toMatch(/SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41$/);
    expect(
      authorization(
        {
          method: 'GET',
          url: new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1'),
          headers: { Host: 'example.amazonaws.com', 'X-Amz-Date': '20150830T123600Z' },
          payloadHash: empty,
          region: 'us-east-1',
          service: 'service',
          amzDate: '20150830T123600Z',
        },
        { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
      ),
    ).toMatch(/Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500$/);
  });
});

describe('the S3 image store, against a local S3 stand-in that checks every signature', () => {
  const credentials = { accessKeyId: 'test-key', secretAccessKey: 'test-secret' };
  const objects = new Map<string, { data: Buffer; headers: http.IncomingHttpHeaders }>();
  const refused: string[] = [];
  let server: http.Server;
  let store: S3ImageStore;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const url = new URL(req.url!, `http://${req.headers.host}`);
        const given = String(req.headers.authorization);
        const signedNames = /SignedHeaders=([^,]+)/.exec(given)?.[1]?.split(';') ?? [];
        const expected = authorization(
          {
            method: req.method!,
            url,
            headers: Object.fromEntries(signedNames.map((name) => [name, String(req.headers[name])])),
            payloadHash: String(req.headers['x-amz-content-sha256']),
            region: 'eu-west-1',
            service: 's3',
            amzDate: String(req.headers['x-amz-date']),
          },
          credentials,
        );
        if (given !== expected || sha256Hex(body) !== req.headers['x-amz-content-sha256'] || !signedNames.includes('host')) {
          refused.push(`${req.method} ${req.url}`);
          return res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        }
        const key = decodeURIComponent(url.pathname.replace(/^\/media-bucket\//, ''));
        if (req.method === 'PUT') objects.set(key, { data: body, headers: req.headers });
        if (req.method === 'DELETE') objects.delete(key);
        if (req.method === 'GET') {
          const prefix = url.searchParams.get('prefix') ?? '';
          const keys = [...objects.keys()].filter((k) => k.startsWith(prefix));
          return res.writeHead(200, { 'content-type': 'application/xml' }).end(`<ListBucketResult>${keys.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('')}</ListBucketResult>`);
        }
        res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    store = new S3ImageStore({ bucket: 'media-bucket', region: 'eu-west-1', endpoint, ...credentials, publicUrl: 'https://media.example.com' });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts images with a year of caching, lists them by prefix, removes them, and links them under the public URL', async () => {
    await store.put('articles/5/vold-1200x630.webp', Buffer.from('old'), 'image/webp');
    await store.put('articles/5/vnew-1200x630.webp', Buffer.from('new'), 'image/webp');
    await store.put('articles/6/vx-1200x630.webp', Buffer.from('other'), 'image/webp');
    expect(refused).toEqual([]);
    expect(objects.get('articles/5/vnew-1200x630.webp')).toMatchObject({
      data: Buffer.from('new'),
      headers: expect.objectContaining({ 'content-type': 'image/webp', 'cache-control': IMAGE_CACHE_CONTROL }),
    });
    expect((await store.list('articles/5/')).sort()).toEqual(['articles/5/vnew-1200x630.webp', 'articles/5/vold-1200x630.webp']);
    await store.remove('articles/5/vold-1200x630.webp');
    expect([...objects.keys()].sort()).toEqual(['articles/5/vnew-1200x630.webp', 'articles/6/vx-1200x630.webp']);
    expect(store.url('articles/5/vnew-1200x630.webp')).toBe('https://media.example.com/articles/5/vnew-1200x630.webp');
    expect(refused).toEqual([]);
  });

  it('fails loudly when the store refuses a request', async () => {
    const wrong = new S3ImageStore({ bucket: 'media-bucket', region: 'eu-west-1', endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, accessKeyId: 'test-key', secretAccessKey: 'wrong', publicUrl: 'https://media.example.com' });
    await expect(wrong.put('articles/7/v-1200x630.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/answered 403/);
  });
});

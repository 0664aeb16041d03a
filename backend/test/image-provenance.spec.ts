import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import exifr from 'exifr';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createApiApp } from '../src/app/create-api-app.js';
import type { AppConfig } from '../src/config/app-config.js';
import { ArticleCommands, ArticleReads } from '../src/modules/articles/index.js';
import { ArticleImageService, IMAGE_SIZES, articleImageKey } from '../src/modules/media/article-image.service.js';
import { createArticle } from './support/article-factory.js';
import { startLocalHttpServer } from './support/local-http-server.js';
import { configOf, testConfig } from './support/test-config.js';

const ALGORITHMIC_MEDIA = 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia';

/** The chunks of a WebP file (RIFF): four-character code and data, each padded to an even length. */
function webpChunks(file: Buffer): Map<string, Buffer> {
  expect(file.toString('latin1', 0, 4)).toBe('RIFF');
  expect(file.toString('latin1', 8, 12)).toBe('WEBP');
  const chunks = new Map<string, Buffer>();
  for (let at = 12; at + 8 <= file.length;) {
    const size = file.readUInt32LE(at + 4);
    chunks.set(file.toString('latin1', at, at + 4), file.subarray(at + 8, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/**
 * The XMP of a WebP file as exifr reads it (grouped by namespace prefix), or null when it has none.
 * exifr reads XMP but not the WebP container, so the test finds the chunk and checks that the
 * extended header (VP8X) announces it, as readers that look for XMP require.
 */
async function webpXmp(file: Buffer): Promise<Record<string, Record<string, unknown> | undefined> | null> {
  const chunks = webpChunks(file);
  const xmp = chunks.get('XMP ');
  if (!xmp) return null;
  const XMP_FLAG = 0x04;
  expect(chunks.get('VP8X')![0]! & XMP_FLAG).toBe(XMP_FLAG);
  return (await exifr.sidecar(xmp, { mergeOutput: false }, 'xmp')) as Record<string, Record<string, unknown> | undefined>;
}

/** Every size of an article's image rendered by the real service into the media folder, against the real database. */
describe('generated images carry their provenance', () => {
  let app: NestFastifyApplication;
  let config: AppConfig;
  let em: EntityManager;

  beforeAll(async () => {
    app = await createApiApp(testConfig());
    config = configOf(app);
    em = app.get(EntityManager);
  });
  afterAll(() => app.close());

  const readSizes = (articleId: number, version: string) =>
    Promise.all(IMAGE_SIZES.map((size) => fs.readFile(path.join(config.images.mediaDir, articleImageKey(articleId, version, size)))));

  it('cover art: every size says in its XMP that an algorithm drew it, for the article it was drawn for', async () => {
    const article = await createArticle(em, { title: 'Grids strain & buckle in the heat', category: 'Global Events' });
    const result = await app.get(ArticleImageService).regenerate(article.id, 'vprov1');
    expect(result).toEqual({ updated: true, imageUrl: `/media/${articleImageKey(article.id, 'vprov1')}` });

    for (const [i, file] of (await readSizes(article.id, 'vprov1')).entries()) {
      expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: IMAGE_SIZES[i]!.width, height: IMAGE_SIZES[i]!.height });
      const xmp = await webpXmp(file);
      expect(xmp?.Iptc4xmpExt).toEqual({ DigitalSourceType: ALGORITHMIC_MEDIA });
      expect(xmp?.xmp).toEqual({ CreatorTool: 'The AI Mind cover art' });
      // exifr does not decode XML entities: the title is as written in the packet.
      expect(xmp?.dc).toEqual({ title: { lang: 'x-default', value: 'Grids strain &amp; buckle in the heat' } });
    }
  });

  it("a provider's photo: no source type is claimed for it, and its own metadata is not passed on", async () => {
    // A JPEG that says it is a camera's capture: we cannot vouch for that, so none of it goes out.
    const cameraXmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/">' +
      '<Iptc4xmpExt:DigitalSourceType>http://cv.iptc.org/newscodes/digitalsourcetype/digitalCapture</Iptc4xmpExt:DigitalSourceType></rdf:Description></rdf:RDF></x:xmpmeta>';
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#336699' } })
      .jpeg()
      .withXmp(cameraXmp)
      .toBuffer();
    expect((await sharp(photo).metadata()).xmp).toBeDefined();
    const server = await startLocalHttpServer({ '/photo.jpg': (_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo) });
    try {
      server.routes['/search/photos'] = (_req, res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [{ urls: { regular: server.url('/photo.jpg') } }] }));
      const withProvider = new ArticleImageService(app.get(ArticleReads), app.get(ArticleCommands), {
        ...config.images,
        provider: { name: 'unsplash', apiKey: 'key', baseUrl: server.origin },
      });
      const article = await createArticle(em, { title: 'Markets rally' });
      expect((await withProvider.regenerate(article.id, 'vprov2')).updated).toBe(true);
      expect(server.requests.some((request) => request.path === '/photo.jpg')).toBe(true);
      for (const file of await readSizes(article.id, 'vprov2')) {
        expect(await webpXmp(file)).toBeNull();
        expect((await sharp(file).metadata()).xmp).toBeUndefined();
      }
    } finally {
      await server.close();
    }
  });
});

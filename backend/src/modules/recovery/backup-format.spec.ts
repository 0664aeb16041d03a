import { gunzipSync, gzipSync } from 'node:zlib';
import { decodeBackup, encodeBackup, type BackedUpArticle } from './backup-format.js';

const article = (id: number, content = `<p>Body ${id}</p>`) =>
  ({ id, title: `Article ${id}`, slug: `article-${id}`, content, approved: id % 2 === 0 }) as unknown as BackedUpArticle;

/** Encodes the articles written in these batches. */
const encode = (batches: BackedUpArticle[][]) =>
  encodeBackup(async (write) => {
    for (const batch of batches) await write(batch);
  });

/** The compressed bytes, `size` at a time, as a file or a row would hand them over. */
async function* chunks(bytes: Buffer, size = 7): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function decodeAll(bytes: Buffer): Promise<{ articles: BackedUpArticle[]; error?: Error }> {
  const articles: BackedUpArticle[] = [];
  try {
    for await (const one of decodeBackup(chunks(bytes))) articles.push(one);
    return { articles };
  } catch (error) {
    return { articles, error: error as Error };
  }
}

describe('backup format', () => {
  const articles = Array.from({ length: 5 }, (_, i) => article(i + 1));

  it('writes a JSON array with one article per line, and reads it back', async () => {
    const bytes = await encode([articles.slice(0, 2), [], articles.slice(2)]);
    const text = gunzipSync(bytes).toString('utf8');
    expect(text.split('\n')).toEqual(['[', ...articles.map((a, i) => JSON.stringify(a) + (i < articles.length - 1 ? ',' : '')), ']']);
    expect(JSON.parse(text)).toEqual(articles);
    expect(await decodeAll(bytes)).toEqual({ articles });
  });

  it('encodes the same articles to the same bytes however they were batched', async () => {
    const whole = await encode([articles]);
    expect((await encode(articles.map((a) => [a]))).equals(whole)).toBe(true);
    expect((await encode([articles.slice(0, 4)])).equals(whole)).toBe(false);
  });

  it('reads an empty archive, in both formats', async () => {
    expect(gunzipSync(await encode([])).toString('utf8')).toBe('[\n]');
    expect(await decodeAll(await encode([]))).toEqual({ articles: [] });
    expect(await decodeAll(gzipSync('[]'))).toEqual({ articles: [] });
  });

  it('reads a backup written before, as one line', async () => {
    expect(await decodeAll(gzipSync(JSON.stringify(articles)))).toEqual({ articles });
  });

  it('keeps multi-byte characters whole across the inflated chunks', async () => {
    const long = [article(1, `<p>${'é✓'.repeat(30_000)}</p>`), article(2, `<p>${'ü'.repeat(50_001)}</p>`)];
    expect(await decodeAll(await encode([long]))).toEqual({ articles: long });
  });

  it('throws on damage wherever it is, after the articles read before it', async () => {
    const lines = ['[', `${JSON.stringify(articles[0])},`, `${JSON.stringify(articles[1])},`, '{"id": 3, "title": "cut', ']'];
    const badLine = await decodeAll(gzipSync(lines.join('\n')));
    expect(badLine.articles).toEqual(articles.slice(0, 2));
    expect(badLine.error).toBeInstanceOf(SyntaxError);

    const unclosed = await decodeAll(gzipSync(lines.slice(0, 3).join('\n')));
    expect(unclosed.articles).toEqual(articles.slice(0, 2));
    expect(unclosed.error?.message).toBe('The backup ends before its closing bracket');

    const whole = await encode([articles]);
    expect((await decodeAll(whole.subarray(0, whole.length - 12))).error?.message).toBe('unexpected end of file');
    expect((await decodeAll(Buffer.from('not gzip at all'))).error).toMatchObject({ code: 'Z_DATA_ERROR' });
    expect((await decodeAll(gzipSync('{"id": 1}'))).error?.message).toBe('The backup is not a JSON array');
    expect((await decodeAll(gzipSync('[\n]\n{"id": 1}'))).error?.message).toBe('The backup goes on after its closing bracket');
  });
});

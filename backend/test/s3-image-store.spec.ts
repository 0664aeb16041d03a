import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { IMAGE_CACHE_CONTROL, S3ImageStore } from '../src/modules/media/image-store.js';

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The Authorization header S3 expects for the request's signed headers, computed by AWS's own SigV4 signer. */
async function expectedAuthorization(
  request: { method: string; url: URL; headers: Record<string, string>; body?: Buffer },
  credentials: Credentials,
  region: string,
  service: string,
  uriEscapePath: boolean,
): Promise<string> {
  const signer = new SignatureV4({ credentials, region, service, sha256: Sha256, uriEscapePath });
  const amzDate = request.headers['x-amz-date']!;
  const signingDate = new Date(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  const query: Record<string, string> = {};
  for (const [key, value] of request.url.searchParams) query[key] = value;
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: request.url.protocol,
      hostname: request.url.hostname,
      port: request.url.port ? Number(request.url.port) : undefined,
      path: request.url.pathname,
      query,
      headers: request.headers,
      body: request.body,
    },
    { signingDate },
  );
  return String(signed.headers.authorization);
}

describe("the stand-in's signature check", () => {
  it("computes AWS's published example signature", async () => {
    const empty = sha256Hex('');
    const authorization = await expectedAuthorization(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9', 'x-amz-content-sha256': empty, 'x-amz-date': '20130524T000000Z' },
      },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      'us-east-1',
      's3',
      false,
    );
    expect(authorization).toMatch(
      /SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41$/,
    );
  });
});

describe('the S3 image store, against a local S3 stand-in that checks every signature', () => {
  const credentials: Credentials = { accessKeyId: 'test-key', secretAccessKey: 'test-secret' };
  const temporary: Credentials = { accessKeyId: 'temp-key', secretAccessKey: 'temp-secret', sessionToken: 'sts-session-token' };
  const objects = new Map<string, { data: Buffer; headers: http.IncomingHttpHeaders }>();
  const refused: string[] = [];
  /** Keys whose next PUT is answered 503 SlowDown, as S3 does under load. */
  const slowDown = new Set<string>();
  const attempts = new Map<string, number>();
  let server: http.Server;
  let endpoint: string;
  const storeWith = (given: Credentials) =>
    new S3ImageStore({ bucket: 'media-bucket', region: 'eu-west-1', endpoint, credentials: given, publicUrl: 'https://media.example.com' });

  async function authenticated(req: http.IncomingMessage, url: URL, body: Buffer): Promise<boolean> {
    const given = String(req.headers.authorization);
    const keyId = /Credential=([^/]+)\//.exec(given)?.[1];
    const known = [credentials, temporary].find((c) => c.accessKeyId === keyId);
    if (!known) return false;
    if (known.sessionToken && req.headers['x-amz-security-token'] !== known.sessionToken) return false;
    const signedNames = /SignedHeaders=([^,]+)/.exec(given)?.[1]?.split(';') ?? [];
    if (!signedNames.includes('host')) return false;
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) return false;
    const headers = Object.fromEntries(signedNames.map((name) => [name, String(req.headers[name])]));
    const expected = await expectedAuthorization({ method: req.method!, url, headers }, { ...known, sessionToken: undefined }, 'eu-west-1', 's3', false);
    return given === expected;
  }

  function listing(url: URL): string {
    const prefix = url.searchParams.get('prefix') ?? '';
    const pageSize = Math.min(Number(url.searchParams.get('max-keys') ?? 1000), 1000);
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
    const start = Number(url.searchParams.get('continuation-token') ?? 0);
    const page = keys.slice(start, start + pageSize);
    const more = start + pageSize < keys.length;
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>media-bucket</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${start + pageSize}</NextContinuationToken>` : ''}${page.map((k) => `<Contents><Key>${escape(k)}</Key></Contents>`).join('')}</ListBucketResult>`;
  }

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const body = Buffer.concat(chunks);
        const url = new URL(req.url!, `http://${req.headers.host}`);
        if (!(await authenticated(req, url, body))) {
          refused.push(`${req.method} ${req.url}`);
          return res
            .writeHead(403, { 'content-type': 'application/xml' })
            .end('<Error><Code>SignatureDoesNotMatch</Code><Message>The signature does not match.</Message></Error>');
        }
        const key = decodeURIComponent(url.pathname.replace(/^\/media-bucket\/?/, ''));
        if (req.method === 'PUT') {
          attempts.set(key, (attempts.get(key) ?? 0) + 1);
          if (slowDown.delete(key))
            return res
              .writeHead(503, { 'content-type': 'application/xml' })
              .end('<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>');
          objects.set(key, { data: body, headers: req.headers });
          return res.writeHead(200, { etag: '"1"' }).end();
        }
        if (req.method === 'DELETE') {
          objects.delete(key);
          return res.writeHead(204).end();
        }
        if (req.method === 'GET' && url.searchParams.get('list-type') === '2')
          return res.writeHead(200, { 'content-type': 'application/xml' }).end(listing(url));
        res.writeHead(400).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    objects.clear();
    refused.length = 0;
  });

  it('puts images with a year of caching, lists them by prefix, removes them, and links them under the public URL', async () => {
    const store = storeWith(credentials);
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

  it('lists every key of a prefix, past the 1,000 keys of one answer', async () => {
    for (let i = 0; i < 2_345; i++) objects.set(`articles/9/v${String(i).padStart(4, '0')}-1200x630.webp`, { data: Buffer.from('x'), headers: {} });
    objects.set('articles/10/v-1200x630.webp', { data: Buffer.from('x'), headers: {} });
    const keys = await storeWith(credentials).list('articles/9/');
    expect(keys).toHaveLength(2_345);
    expect(new Set(keys).size).toBe(2_345);
    expect(keys.every((key) => key.startsWith('articles/9/'))).toBe(true);
  });

  it('retries a 503 SlowDown and stores the image once', async () => {
    slowDown.add('articles/11/v-1200x630.webp');
    await storeWith(credentials).put('articles/11/v-1200x630.webp', Buffer.from('busy'), 'image/webp');
    expect(attempts.get('articles/11/v-1200x630.webp')).toBe(2);
    expect(objects.get('articles/11/v-1200x630.webp')?.data).toEqual(Buffer.from('busy'));
  });

  it('signs with temporary STS credentials, sending their session token', async () => {
    await storeWith(temporary).put('articles/12/v-1200x630.webp', Buffer.from('sts'), 'image/webp');
    expect(refused).toEqual([]);
    expect(objects.get('articles/12/v-1200x630.webp')?.headers['x-amz-security-token']).toBe('sts-session-token');
  });

  it('fails loudly when the store refuses a request', async () => {
    const wrong = storeWith({ accessKeyId: 'test-key', secretAccessKey: 'wrong' });
    await expect(wrong.put('articles/7/v-1200x630.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/PUT articles\/7\/v-1200x630\.webp answered 403/);
    expect(objects.has('articles/7/v-1200x630.webp')).toBe(false);
  });
});

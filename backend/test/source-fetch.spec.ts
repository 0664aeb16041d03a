import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractMainText } from '../src/modules/provenance/page-text.js';
import { fetchPage, isPublicAddress, type PageFetchOptions } from '../src/modules/provenance/safe-page-fetcher.js';
import { startLocalHttpServer } from './support/local-http-server.js';
import { HOUSING_PARAGRAPHS, newsPage } from './support/source-pages.js';

describe('source pages: fetched safely, main text extracted', () => {
  let server: Awaited<ReturnType<typeof startLocalHttpServer>>;
  let options: PageFetchOptions;
  const sockets = new Set<import('node:net').Socket>();
  let streaming: http.Server;
  let streamingOrigin: string;

  beforeAll(async () => {
    server = await startLocalHttpServer({
      '/markets/housing-starts': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(newsPage('Housing starts fall to a three-year low', HOUSING_PARAGRAPHS));
      },
      '/notes.txt': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('Builders started the fewest homes in three years.\n\nStarts fell 7.5% in October.');
      },
      '/moved': (_req, res) => {
        res.writeHead(301, { location: '/markets/housing-starts' });
        res.end();
      },
      '/to-private': (_req, res) => {
        res.writeHead(302, { location: 'http://192.168.0.10/admin' });
        res.end();
      },
      '/to-metadata': (_req, res) => {
        res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
      },
      '/to-localhost': (_req, res) => {
        res.writeHead(302, { location: server.url('/markets/housing-starts').replace('127.0.0.1', 'localhost') });
        res.end();
      },
      '/to-embedded-loopback': (_req, res) => {
        res.writeHead(302, { location: 'http://[::7f00:1]/admin' });
        res.end();
      },
      '/to-file': (_req, res) => {
        res.writeHead(302, { location: 'file:///etc/passwd' });
        res.end();
      },
      '/loop': (_req, res) => {
        res.writeHead(302, { location: '/loop' });
        res.end();
      },
      '/declared-huge': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50_000_000) });
        res.end('<p>cut short</p>');
      },
      '/image': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(100));
      },
      '/gone': (_req, res) => {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<p>Not here</p>');
      },
      '/versioned': (req, res) => {
        const headers = { etag: '"v2"', 'last-modified': 'Fri, 20 Nov 2026 08:00:00 GMT' };
        if (req.headers['if-none-match'] === '"v2"') {
          res.writeHead(304, headers);
          return res.end();
        }
        res.writeHead(200, { ...headers, 'content-type': 'text/html' });
        res.end(newsPage('Housing starts fall to a three-year low', HOUSING_PARAGRAPHS));
      },
      '/menu-only': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body><nav><a href="/">Home</a></nav></body></html>');
      },
    });
    // Bodies that never end: one streaming without pause, one dripping a byte at a time.
    streaming = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      if (req.url === '/endless') {
        const chunk = Buffer.alloc(16_384, 'a');
        const pump = () => {
          while (res.write(chunk));
          res.once('drain', pump);
        };
        pump();
      } else {
        const timer = setInterval(() => res.write('a'), 50);
        res.on('close', () => clearInterval(timer));
      }
    });
    streaming.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => streaming.listen(0, '127.0.0.1', resolve));
    streamingOrigin = `http://127.0.0.1:${(streaming.address() as AddressInfo).port}`;
    options = { timeoutMs: 2_000, maxBytes: 256_000, maxRedirects: 3, trustedOrigins: [server.origin, streamingOrigin] };
  });

  afterAll(async () => {
    await server.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => streaming.close(() => resolve()));
  });

  it('fetches a page and keeps its article text, not its navigation, ads or footer', async () => {
    const result = await fetchPage(server.url('/markets/housing-starts'), options);
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    expect(result.contentType).toBe('text/html');
    const text = extractMainText(result.body)!;
    for (const paragraph of HOUSING_PARAGRAPHS) expect(text).toContain(paragraph);
    expect(text.split('\n')).toEqual(expect.arrayContaining(HOUSING_PARAGRAPHS));
    expect(text).not.toMatch(/Subscribe|Advertisement|Copyright|Cookie|Related/);
  });

  it('follows a redirect on the same trusted origin, checking the new address', async () => {
    const result = await fetchPage(server.url('/moved'), options);
    expect(result).toMatchObject({ status: 'ok', url: server.url('/markets/housing-starts') });
  });

  it('refuses private, loopback, link-local and unique-local addresses before connecting', async () => {
    const before = server.requests.length;
    for (const link of [
      'http://10.1.2.3/',
      'http://192.168.1.1/router',
      'http://172.16.0.5/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
      'http://100.64.0.1/',
    ]) {
      const result = await fetchPage(link, options);
      expect({ link, status: result.status }).toEqual({ link, status: 'blocked' });
    }
    // The trusted origin is exact: the same address on another port is refused.
    const otherPort = await fetchPage(server.url('/').replace(/:\d+/, ':1'), options);
    expect(otherPort.status).toBe('blocked');
    expect(server.requests.length).toBe(before);
  });

  it('refuses a redirect to a private address, to cloud metadata, or to another scheme', async () => {
    expect(await fetchPage(server.url('/to-private'), options)).toEqual({
      status: 'blocked',
      error: 'Redirected to http://192.168.0.10/admin: 192.168.0.10 is not a public address',
    });
    expect((await fetchPage(server.url('/to-metadata'), options)).status).toBe('blocked');
    expect(await fetchPage(server.url('/to-file'), options)).toEqual({
      status: 'blocked',
      error: 'Redirected to file:///etc/passwd: file links are not fetched; only http(s)',
    });
  });

  it('refuses a DNS name that resolves to 127.0.0.1, directly and after a redirect, checked at connection time', async () => {
    const before = server.requestsTo('/markets/housing-starts').length;
    const direct = await fetchPage(server.url('/markets/housing-starts').replace('127.0.0.1', 'localhost'), options);
    expect(direct.status).toBe('blocked');
    expect(direct.status === 'blocked' && direct.error).toMatch(/localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
    const redirected = await fetchPage(server.url('/to-localhost'), options);
    expect(redirected.status).toBe('blocked');
    expect(server.requestsTo('/markets/housing-starts').length).toBe(before);
  });

  it('stops an endless body at the size limit and a dripping one at the time limit', async () => {
    const started = Date.now();
    expect(await fetchPage(`${streamingOrigin}/endless`, options)).toEqual({ status: 'failed', error: 'Page is larger than the 256000-byte limit' });
    expect(await fetchPage(server.url('/declared-huge'), options)).toEqual({ status: 'failed', error: 'Page is 50000000 bytes, above the 256000-byte limit' });
    const dripping = await fetchPage(`${streamingOrigin}/drip`, { ...options, timeoutMs: 600 });
    expect(dripping).toEqual({ status: 'failed', error: 'No complete answer within 600 ms' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('asks whether a page changed with the validators it was sent with, and reads a 304 as not modified', async () => {
    const first = await fetchPage(server.url('/versioned'), options);
    expect(first).toMatchObject({ status: 'ok', etag: '"v2"', lastModified: 'Fri, 20 Nov 2026 08:00:00 GMT' });
    expect(server.requestsTo('/versioned').at(-1)!.headers).not.toHaveProperty('if-none-match');
    const same = await fetchPage(server.url('/versioned'), options, { etag: '"v2"', lastModified: 'Fri, 20 Nov 2026 08:00:00 GMT' });
    expect(same).toEqual({ status: 'not_modified', url: server.url('/versioned') });
    expect(server.requestsTo('/versioned').at(-1)!.headers).toMatchObject({ 'if-none-match': '"v2"', 'if-modified-since': 'Fri, 20 Nov 2026 08:00:00 GMT' });
    // Another version: the page itself, with its new validators.
    expect(await fetchPage(server.url('/versioned'), options, { etag: '"v1"', lastModified: null })).toMatchObject({ status: 'ok', etag: '"v2"' });
    // A page sent without validators has none to ask with.
    expect(await fetchPage(server.url('/notes.txt'), options)).toMatchObject({ status: 'ok', etag: null, lastModified: null });
  });

  it('names every other way a page cannot be had', async () => {
    expect(await fetchPage(server.url('/loop'), options)).toEqual({ status: 'failed', error: 'More than 3 redirects' });
    expect(await fetchPage(server.url('/gone'), options)).toEqual({ status: 'failed', error: 'HTTP 404', httpStatus: 404 });
    expect(await fetchPage(server.url('/image'), options)).toEqual({ status: 'failed', error: 'Not a page (image/png)' });
    expect(await fetchPage('ftp://files.example/report', options)).toEqual({ status: 'blocked', error: 'ftp links are not fetched; only http(s)' });
    expect(await fetchPage('not a url', options)).toEqual({ status: 'blocked', error: 'Not a valid URL' });
    const menu = await fetchPage(server.url('/menu-only'), options);
    expect(menu.status === 'ok' && extractMainText(menu.body)).toBeNull();
    const plain = await fetchPage(server.url('/notes.txt'), options);
    expect(plain).toMatchObject({ status: 'ok', contentType: 'text/plain' });
  });

  it('refuses an IPv6 address that embeds a loopback or private IPv4 address, directly and after a redirect', async () => {
    const before = server.requests.length;
    for (const host of ['::7f00:1', '::ffff:0:7f00:1', '::127.0.0.1', '0:0:0:0:0:ffff:7f00:1', '64:ff9b::a00:1', '::ffff:0:a9fe:a9fe']) {
      const link = `http://[${host}]:${new URL(server.origin).port}/markets/housing-starts`;
      const result = await fetchPage(link, options);
      expect({ link, result }).toEqual({ link, result: { status: 'blocked', error: expect.stringMatching(/is not a public address$/) } });
    }
    expect(await fetchPage(server.url('/to-embedded-loopback'), options)).toEqual({
      status: 'blocked',
      error: 'Redirected to http://[::7f00:1]/admin: ::7f00:1 is not a public address',
    });
    expect(server.requests.length).toBe(before + 1);
  });

  it('judges an IPv6 address embedding an IPv4 address as that IPv4 address, in every spelling', () => {
    const embedding = (v4: string) => {
      const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
      const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
      return [
        `::${v4}`,
        `::${hex}`,
        `0:0:0:0:0:0:${hex}`,
        `::ffff:${v4}`,
        `::FFFF:${hex.toUpperCase()}`,
        `0:0:0:0:0:ffff:${v4}`,
        `::ffff:0:${v4}`,
        `::ffff:0:${hex}`,
        `0000:0000:0000:0000:ffff:0000:${hex}`,
        `64:ff9b::${v4}`,
        `64:ff9b::${hex}`,
        `64:ff9b:0:0:0:0:${hex}`,
      ];
    };
    for (const v4 of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '192.168.1.1', '100.64.0.1', '0.0.0.0', '172.16.0.5']) {
      for (const address of embedding(v4)) expect({ v4, address, ok: isPublicAddress(address) }).toEqual({ v4, address, ok: false });
    }
    for (const address of embedding('93.184.216.34')) expect({ address, ok: isPublicAddress(address) }).toEqual({ address, ok: true });
    // Ranges whose IPv4 address the host cannot tell are refused whatever they carry: local-use NAT64, 6to4, Teredo.
    for (const address of ['64:ff9b:1::5db8:d822', '64:ff9b:1:5db8:d822::', '2002:7f00:1::1', '2002:5db8:d822::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2'])
      expect({ address, ok: isPublicAddress(address) }).toEqual({ address, ok: false });
  });

  it('judges addresses: public ones pass, every reserved range fails', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '2a00:1450:4001::200e'])
      expect({ address, ok: isPublicAddress(address) }).toEqual({ address, ok: true });
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.1.1',
      '100.100.0.1',
      '::1',
      '::',
      'fc00::1',
      'fe80::abcd',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '224.0.0.1',
      '255.255.255.255',
      'not-an-ip',
    ]) {
      expect({ address, ok: isPublicAddress(address) }).toEqual({ address, ok: false });
    }
  });
});

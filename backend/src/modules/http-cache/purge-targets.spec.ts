import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keyBatches, VarnishXkeyTarget } from './purge-targets.js';

describe('keyBatches', () => {
  it('cuts keys into groups that fit one request header, keeping each key whole and in order', () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `article-${i}`);
    const batches = keyBatches(keys, 100);
    expect(batches.flat()).toEqual(keys);
    for (const batch of batches) expect(batch.join(' ').length).toBeLessThanOrEqual(100);
    expect(batches.length).toBeGreaterThan(1);
    expect(keyBatches([])).toEqual([]);
  });
});

describe('VarnishXkeyTarget', () => {
  it('sends PURGE with the keys, and throws when the cache refuses or cannot be reached', async () => {
    const seen: { method?: string; keys?: string }[] = [];
    let status = 200;
    const server = http.createServer((req, res) => {
      seen.push({ method: req.method, keys: req.headers['xkey-purge'] as string });
      res.writeHead(status).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await new VarnishXkeyTarget(`http://127.0.0.1:${port}`).purge(['article-1', 'newest']);
      // xkey:// purges every address the name resolves to: here the one of 127.0.0.1.
      await new VarnishXkeyTarget(`xkey://127.0.0.1:${port}`).purge(['rss']);
      expect(seen).toEqual([
        { method: 'PURGE', keys: 'article-1 newest' },
        { method: 'PURGE', keys: 'rss' },
      ]);
      status = 403;
      await expect(new VarnishXkeyTarget(`http://127.0.0.1:${port}`).purge(['site'])).rejects.toThrow('answered the purge with 403');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    await expect(new VarnishXkeyTarget(`http://127.0.0.1:${port}`).purge(['site'])).rejects.toThrow();
  });
});

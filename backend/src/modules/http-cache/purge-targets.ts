import { lookup } from 'node:dns/promises';

/**
 * One shared cache that can drop every answer carrying any of some surrogate keys. Each is one small
 * adapter: `purge` resolves once the cache has dropped them, and throws when it could not be reached
 * or refused (the purger then tries it again later).
 *
 * Varnish with xkey is built in. A CDN's tag purge is another adapter of the same shape, made from its
 * own URL form in `purgeTargetOf`:
 * - Fastly: POST https://api.fastly.com/service/<service id>/purge with the `Fastly-Key` header and
 *   `{"surrogate_keys": [...keys]}` (at most 256 keys per request); Fastly reads the origin's
 *   Surrogate-Key header as it is.
 * - Cloudflare: POST https://api.cloudflare.com/client/v4/zones/<zone id>/purge_cache with a bearer
 *   token and `{"tags": [...keys]}` (at most 30 per request); Cloudflare reads tags from `Cache-Tag`,
 *   comma-separated, so a Transform Rule (or Worker) copies Surrogate-Key into it.
 */
export interface PurgeTarget {
  /** The configured URL, as named in logs and in the retry rows of the outbox. */
  readonly url: string;
  purge(keys: string[]): Promise<void>;
}

/** Each purge request names at most this many bytes of keys (Varnish's default request header limit is 8 KB). */
const KEYS_PER_REQUEST_BYTES = 4000;
const PURGE_TIMEOUT_MS = 2000;

/** The keys cut into groups that fit in one request header. */
export function keyBatches(keys: string[], maxBytes = KEYS_PER_REQUEST_BYTES): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const key of keys) {
    if (batch.length > 0 && bytes + key.length + 1 > maxBytes) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(key);
    bytes += key.length + 1;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Varnish with vmod_xkey (infra/varnish/default.vcl): `PURGE /` with the keys in `xkey-purge`, answered
 * 200 once the objects are gone. `http(s)://host:port` is one Varnish; `xkey://host:port` is every
 * address `host` resolves to, each purged (a Kubernetes headless Service resolves to its endpoints,
 * so every Varnish pod is purged however many run).
 */
export class VarnishXkeyTarget implements PurgeTarget {
  constructor(readonly url: string) {}

  async purge(keys: string[]): Promise<void> {
    const origins = await this.origins();
    if (origins.length === 0) throw new Error(`${this.url} resolves to no address`);
    for (const batch of keyBatches(keys)) {
      await Promise.all(origins.map((origin) => this.purgeOne(origin, batch)));
    }
  }

  private async origins(): Promise<string[]> {
    const url = new URL(this.url);
    if (url.protocol !== 'xkey:') return [url.origin];
    const port = url.port || '80';
    const addresses = await lookup(url.hostname, { all: true });
    return addresses.map(({ address, family }) => `http://${family === 6 ? `[${address}]` : address}:${port}`);
  }

  private async purgeOne(origin: string, keys: string[]): Promise<void> {
    const response = await fetch(`${origin}/`, { method: 'PURGE', headers: { 'xkey-purge': keys.join(' ') }, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
    await response.body?.cancel();
    if (response.status !== 200) throw new Error(`${origin} answered the purge with ${response.status}`);
  }
}

/** The adapter for a configured cache URL (HTTP_CACHE_PURGE_URLS). */
export function purgeTargetOf(url: string): PurgeTarget {
  return new VarnishXkeyTarget(url);
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config/app-config.js';
import { amzDate, authorization, sha256Hex, uriEncode } from './s3-signer.js';

/** Every image name carries its version, so its bytes never change: caches may keep it for a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const REQUEST_TIMEOUT_MS = 30_000;

/** Where article images live: keys like articles/12/v1a2b-1200x630.webp. */
export interface ImageStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Keys under the prefix. */
  list(prefix: string): Promise<string[]>;
  remove(key: string): Promise<void>;
  /** The URL an article's imageUrl holds for the key. */
  url(key: string): string;
}

/** The media folder, served by the API under /media/ (see registerMedia). */
export class LocalImageStore implements ImageStore {
  constructor(private readonly dir: string) {}

  /** Written under a temporary name and renamed, so a reader never gets half an image. */
  async put(key: string, data: Buffer): Promise<void> {
    const file = path.join(this.dir, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(`${file}.tmp`, data);
    await fs.rename(`${file}.tmp`, file);
  }

  async list(prefix: string): Promise<string[]> {
    const dir = path.join(this.dir, prefix);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    return names.map((name) => `${prefix}${name}`);
  }

  remove(key: string): Promise<void> {
    return fs.rm(path.join(this.dir, key), { force: true });
  }

  url(key: string): string {
    return `/media/${key}`;
  }
}

export class ImageStoreError extends Error {}

/**
 * An S3 bucket or any S3-compatible store (MinIO, Cloudflare R2, DigitalOcean Spaces...), spoken to
 * with signed REST calls: path-style at MEDIA_S3_ENDPOINT when given, else AWS's virtual-hosted style.
 * Images are linked under MEDIA_PUBLIC_URL (the bucket's public or CDN address).
 */
export class S3ImageStore implements ImageStore {
  constructor(private readonly s3: NonNullable<AppConfig['images']['s3']>) {}

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.send('PUT', this.objectUrl(key), data, { 'content-type': contentType, 'cache-control': IMAGE_CACHE_CONTROL });
  }

  async list(prefix: string): Promise<string[]> {
    const url = this.bucketUrl();
    url.searchParams.set('list-type', '2');
    url.searchParams.set('prefix', prefix);
    const xml = await (await this.send('GET', url)).text();
    return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
  }

  async remove(key: string): Promise<void> {
    await this.send('DELETE', this.objectUrl(key));
  }

  url(key: string): string {
    return `${this.s3.publicUrl}/${key}`;
  }

  private bucketUrl(): URL {
    if (this.s3.endpoint) return new URL(`${this.s3.endpoint.replace(/\/+$/, '')}/${uriEncode(this.s3.bucket)}`);
    return new URL(`https://${this.s3.bucket}.s3.${this.s3.region}.amazonaws.com/`);
  }

  private objectUrl(key: string): URL {
    const base = this.bucketUrl();
    base.pathname = `${base.pathname.replace(/\/+$/, '')}/${uriEncode(key, true)}`;
    return base;
  }

  private async send(method: string, url: URL, body?: Buffer, extra: Record<string, string> = {}): Promise<Response> {
    const payloadHash = sha256Hex(body ?? '');
    const date = amzDate(new Date());
    const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': date, ...extra };
    const signed = authorization({ method, url, headers, payloadHash, region: this.s3.region, service: 's3', amzDate: date }, this.s3);
    const { host: _host, ...sent } = headers;
    const response = await fetch(url, {
      method,
      headers: { ...sent, authorization: signed },
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      throw new ImageStoreError(`${method} ${url.pathname} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
    return response;
  }
}

export function createImageStore(config: AppConfig): ImageStore {
  return config.images.s3 ? new S3ImageStore(config.images.s3) : new LocalImageStore(config.mediaDir);
}

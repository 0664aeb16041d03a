import { DeleteObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config/app-config.js';

/** Every image name carries its version, so its bytes never change: caches may keep it for a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const REQUEST_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;

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

/** Attempts per call: the SDK retries throttling and 5xx answers (a 503 SlowDown, say) with backoff. */
const S3_MAX_ATTEMPTS = 4;

/**
 * An S3 bucket or any S3-compatible store (MinIO, Cloudflare R2, DigitalOcean Spaces...), through the
 * AWS SDK: path-style at MEDIA_S3_ENDPOINT when given, else AWS's virtual-hosted style. Without keys in
 * the configuration, the SDK's default credential chain answers (environment, web identity for
 * Kubernetes service accounts, ECS and EC2 instance roles), so temporary STS credentials work too.
 * Images are linked under MEDIA_PUBLIC_URL (the bucket's public or CDN address).
 */
export class S3ImageStore implements ImageStore {
  private readonly client: S3Client;

  constructor(private readonly s3: NonNullable<AppConfig['images']['s3']>) {
    this.client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.endpoint !== undefined,
      credentials: s3.credentials,
      maxAttempts: S3_MAX_ATTEMPTS,
      // Checksums only where S3 requires them: several S3-compatible stores refuse the newer checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: CONNECT_TIMEOUT_MS },
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.send(
      'PUT',
      key,
      new PutObjectCommand({ Bucket: this.s3.bucket, Key: key, Body: data, ContentType: contentType, CacheControl: IMAGE_CACHE_CONTROL }),
    );
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    try {
      for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.s3.bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) if (object.Key !== undefined) keys.push(object.Key);
      }
    } catch (error) {
      throw storeError('LIST', prefix, error);
    }
    return keys;
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
    } catch (error) {
      // Some S3-compatible stores answer 404 for a key already gone; removing it is then done.
      if (statusOf(error) !== 404) throw storeError('DELETE', key, error);
    }
  }

  url(key: string): string {
    return `${this.s3.publicUrl}/${key}`;
  }

  private async send(method: string, key: string, command: PutObjectCommand): Promise<void> {
    try {
      await this.client.send(command);
    } catch (error) {
      throw storeError(method, key, error);
    }
  }
}

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

function storeError(method: string, key: string, error: unknown): ImageStoreError {
  const status = statusOf(error);
  const reason = status === undefined ? (error as Error).message : `answered ${status}: ${(error as Error).name}`;
  return new ImageStoreError(`${method} ${key} ${reason}`, { cause: error });
}

export function createImageStore(images: AppConfig['images']): ImageStore {
  return images.s3 ? new S3ImageStore(images.s3) : new LocalImageStore(images.mediaDir);
}

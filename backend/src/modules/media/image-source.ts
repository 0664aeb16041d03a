import { keywordsFromTitle } from '@ai-mind/contracts';
import type { AppConfig } from '../../config/app-config.js';
import { renderCoverSvg } from './cover-art.js';

const PROVIDER_TIMEOUT_MS = 15_000;
const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

const PROVIDER_API: Record<'unsplash' | 'pexels', string> = {
  unsplash: 'https://api.unsplash.com',
  pexels: 'https://api.pexels.com',
};

/** The picture an article's image sizes are cut from, and where it came from. */
export interface SourceImage {
  data: Buffer;
  origin: 'provider' | 'cover-art';
}

export class ImageProviderError extends Error {}

/** Local cover art: the category's colours and the title, as SVG for sharp to rasterise. */
export function coverArt(title: string, category: string): SourceImage {
  return { data: Buffer.from(renderCoverSvg(title, category)), origin: 'cover-art' };
}

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  if (!response.ok) throw new ImageProviderError(`${url.split('?')[0]} answered ${response.status}`);
  return response.json();
}

/** The URL of the best landscape photo for the query, or null when the provider has none. */
async function findPhoto(provider: NonNullable<AppConfig['images']['provider']>, query: string): Promise<string | null> {
  const base = (provider.baseUrl ?? PROVIDER_API[provider.name]).replace(/\/+$/, '');
  const q = encodeURIComponent(query);
  if (provider.name === 'unsplash') {
    const body = (await getJson(`${base}/search/photos?query=${q}&per_page=1&orientation=landscape&content_filter=high`, {
      authorization: `Client-ID ${provider.apiKey}`,
      'accept-version': 'v1',
    })) as { results?: { urls?: { regular?: string; full?: string } }[] };
    return body.results?.[0]?.urls?.regular ?? body.results?.[0]?.urls?.full ?? null;
  }
  const body = (await getJson(`${base}/v1/search?query=${q}&per_page=1&orientation=landscape`, { authorization: provider.apiKey })) as {
    photos?: { src?: { large2x?: string; large?: string; original?: string } }[];
  };
  const src = body.photos?.[0]?.src;
  return src?.large2x ?? src?.large ?? src?.original ?? null;
}

/**
 * A photo from the configured provider (searched by the title's keywords and the category), or null
 * when it has none for this article. Network and API errors throw ImageProviderError, so the job is
 * retried with backoff.
 */
export async function providerImage(provider: NonNullable<AppConfig['images']['provider']>, title: string, category: string): Promise<SourceImage | null> {
  const query = [keywordsFromTitle(title).split(', ').slice(0, 4).join(' '), category].filter(Boolean).join(' ');
  const url = await findPhoto(provider, query).catch((error: unknown) => {
    throw error instanceof ImageProviderError ? error : new ImageProviderError(`${provider.name} search failed: ${String(error)}`);
  });
  if (!url) return null;
  const response = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) }).catch((error: unknown) => {
    throw new ImageProviderError(`Downloading ${url} failed: ${String(error)}`);
  });
  if (!response.ok) throw new ImageProviderError(`Downloading ${url} answered ${response.status}`);
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > MAX_IMAGE_BYTES) throw new ImageProviderError(`The photo at ${url} is larger than ${MAX_IMAGE_BYTES} bytes`);
  return { data, origin: 'provider' };
}

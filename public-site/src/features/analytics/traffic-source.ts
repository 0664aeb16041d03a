import { trafficSourceBucket } from '@ai-mind/contracts/web';

/**
 * Where the visit came from (docs/product.md#limits): utm_source, else the referrer (a search engine or
 * social site by name, another site by its host), else 'direct'; a referrer on this site is 'direct'.
 * Bucketed as the API counts it.
 */
export function trafficSource(search: string, referrer: string, ownHost: string): string {
  const utmSource = new URLSearchParams(search).get('utm_source')?.trim();
  if (utmSource) return trafficSourceBucket(utmSource);
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'direct';
  }
  if (!host || host === ownHost.toLowerCase()) return 'direct';
  return trafficSourceBucket(host);
}

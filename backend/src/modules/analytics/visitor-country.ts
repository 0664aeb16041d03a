import type { IncomingHttpHeaders } from 'node:http';

/** Country headers set by common CDNs and hosts, most specific first. */
const CDN_COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country', 'x-country-code'];

/**
 * The visitor's country: a CDN's country header when present, else the region of the first
 * Accept-Language entry that has one (de-DE -> DE), else null.
 */
export function visitorCountry(headers: IncomingHttpHeaders): string | null {
  for (const name of CDN_COUNTRY_HEADERS) {
    const value = headers[name];
    // XX and T1 are how CDNs say "unknown" and "Tor".
    if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) && !/^(xx|t1)$/i.test(value)) return value.toUpperCase();
  }
  const languages = (headers['accept-language'] ?? '').split(',');
  for (const language of languages) {
    const region = /^[a-z]{2,3}-([a-z]{2})\b/i.exec(language.trim())?.[1];
    if (region) return region.toUpperCase();
  }
  return null;
}

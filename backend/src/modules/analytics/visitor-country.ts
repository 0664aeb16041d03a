import type { IncomingHttpHeaders } from 'node:http';

/**
 * The visitor's country: the country header of the CDN in front (`trustedHeader`, the operator's
 * TRUSTED_COUNTRY_HEADER) when it names one, else the region of the first Accept-Language entry that
 * has one (de-DE -> DE), else null. No other country header is read: without a CDN that overwrites
 * it, a header such as cf-ipcountry is whatever the sender wrote.
 */
export function visitorCountry(headers: IncomingHttpHeaders, trustedHeader: string | undefined): string | null {
  const value = trustedHeader ? headers[trustedHeader] : undefined;
  // XX and T1 are how CDNs say "unknown" and "Tor".
  if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) && !/^(xx|t1)$/i.test(value)) return value.toUpperCase();
  const languages = (headers['accept-language'] ?? '').split(',');
  for (const language of languages) {
    const region = /^[a-z]{2,3}-([a-z]{2})\b/i.exec(language.trim())?.[1];
    if (region) return region.toUpperCase();
  }
  return null;
}

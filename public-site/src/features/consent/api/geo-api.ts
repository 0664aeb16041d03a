import { callApi } from '@ai-mind/ui';
import { publicApi } from '@ai-mind/contracts/web';
import { publicEnv } from '../../../app/public-env';

/** A slow lookup must not hold the banner back for long. */
export const GEO_LOOKUP_TIMEOUT_MS = 3000;

/** Third-party lookups name the field differently; a plain-text answer is the code itself. */
function countryFrom(answer: unknown): string | null {
  const candidate =
    typeof answer === 'string'
      ? answer.trim()
      : answer && typeof answer === 'object'
        ? ['country', 'country_code', 'countryCode'].map((key) => (answer as Record<string, unknown>)[key]).find((value) => typeof value === 'string')
        : null;
  return typeof candidate === 'string' && /^[A-Za-z]{2}$/.test(candidate) ? candidate.toUpperCase() : null;
}

/**
 * The visitor's country for the banner's wording: the configured lookup URL, else the API's /api/geo
 * (CDN country header, then Accept-Language). Null when unknown.
 */
export async function lookUpCountry(): Promise<string | null> {
  const signal = AbortSignal.timeout(GEO_LOOKUP_TIMEOUT_MS);
  const lookupUrl = publicEnv.geoLookupUrl();
  if (lookupUrl) {
    // A third party: no cookies go with it.
    const response = await fetch(lookupUrl, { signal, headers: { accept: 'application/json, text/plain' } });
    if (!response.ok) return null;
    const text = await response.text();
    try {
      return countryFrom(JSON.parse(text));
    } catch {
      return countryFrom(text);
    }
  }
  const answer = await callApi(publicApi.visitorCountry, { signal });
  return countryFrom(answer?.country ?? null);
}
